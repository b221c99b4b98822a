/**
 * `toBeStrictCompatible` takes the tool collections the frameworks hold, as `toBeDispatchable({
 * tools })` does: an AI SDK ToolSet, an OpenAI Agents SDK agent, LangChain tools. Each is
 * checked as the declarations the framework sends, and named by its tools, not by places in a
 * list the caller never wrote. The tools are made by the libraries themselves.
 */
import { tool as langChainTool } from '@langchain/core/tools';
import { Agent, tool as agentTool } from '@openai/agents';
import { tool as aiSdkTool, jsonSchema } from 'ai';
import { describe, expect, test } from 'vitest';
import { z } from 'zod';
import { failureOf } from '../matchers/support.js';

/** A schema OpenAI's strict mode refuses: `note` is optional, and the object is left open. */
const LOOSE = {
  type: 'object',
  properties: { order_id: { type: 'string' }, note: { type: 'string' } },
  required: ['order_id'],
} as const;

describe('an AI SDK ToolSet', () => {
  test('strict tools made with zod pass; the paths of a refused one name it by its key', () => {
    const ready = {
      lookup_order: aiSdkTool({
        inputSchema: z.object({ order_id: z.string(), include_items: z.boolean() }),
        strict: true,
      }),
    };
    expect(ready).toBeStrictCompatible();
    const refused = {
      ...ready,
      add_note: aiSdkTool({ inputSchema: jsonSchema(LOOSE), strict: true }),
    };
    expect(failureOf(() => expect(refused).toBeStrictCompatible())).toMatchInlineSnapshot(`
      "expect(received).toBeStrictCompatible()

      Expected OpenAI strict mode to accept 2 tools, but found 2 problems:
        - ["add_note"].parameters: the parameters schema of "add_note" is an object without "additionalProperties": false, which OpenAI strict mode requires on every object — add it and list every key the model may send under properties [additional-properties-not-false]
        - ["add_note"].parameters.properties.note: "note" is not in required; OpenAI strict mode requires every property to be required — add it to required and allow null ({"type": ["string", "null"]}) to keep it optional [property-not-required]"
    `);
  });

  test('tools that do not declare strict are checked with { all: true }', () => {
    const loose = { add_note: aiSdkTool({ inputSchema: jsonSchema(LOOSE), strict: false }) };
    expect(failureOf(() => expect(loose).toBeStrictCompatible())).toContain(
      'the one function tool does not (pass { all: true } to check every tool)',
    );
    expect(failureOf(() => expect(loose).toBeStrictCompatible({ all: true }))).toContain(
      '["add_note"].parameters.properties.note',
    );
  });
});

describe('an OpenAI Agents SDK agent', () => {
  test("its tools, made strict by tool()'s default, are checked as the SDK sends them", () => {
    const agent = new Agent({
      name: 'order-support',
      tools: [
        agentTool({
          name: 'lookup_order',
          description: 'Look an order up.',
          parameters: z.object({ order_id: z.string() }),
          execute: async () => 'ok',
        }),
      ],
    });
    expect(agent).toBeStrictCompatible();
  });
});

describe('LangChain tools', () => {
  test('state no strict flag: { all: true } checks them as bindTools(tools, { strict: true }) sends them', () => {
    const tools = [
      langChainTool(async () => '{}', {
        name: 'lookup_order',
        description: 'Look an order up.',
        schema: z.object({ order_id: z.string() }),
      }),
      langChainTool(async () => '{}', {
        name: 'add_note',
        description: 'Add a note.',
        schema: LOOSE,
      }),
    ];
    const message = failureOf(() => expect(tools).toBeStrictCompatible({ all: true }));
    expect(message).toContain('[1].schema.properties.note');
    expect(message).not.toContain('lookup_order');
  });
});

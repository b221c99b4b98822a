import { describe, expect, test } from 'vitest';
import { CHARGE_SCHEMA } from '../support/payloads.js';
import { failureOf } from './support.js';

const strictTool = { type: 'function', name: 'charge', parameters: CHARGE_SCHEMA, strict: true };
const looseSchema = {
  type: 'object',
  properties: { order_id: { type: 'string' }, note: { type: 'string', maxLength: 200 } },
  required: ['order_id'],
};

describe('toBeStrictCompatible', () => {
  test('passes on a compliant tool, a list of tools, and a request body', () => {
    expect(strictTool).toBeStrictCompatible({ provider: 'openai' });
    expect([strictTool]).toBeStrictCompatible();
    expect({ model: 'gpt-5', input: 'hi', tools: [strictTool] }).toBeStrictCompatible();
  });

  test('fails listing every problem with its schema path', () => {
    const tool = {
      type: 'function',
      function: { name: 'lookup_order', parameters: looseSchema, strict: true },
    };
    expect(failureOf(() => expect(tool).toBeStrictCompatible({ provider: 'openai' }))).toMatch(
      /^expect\(tools\)\.toBeStrictCompatible\(options\)\n\nExpected OpenAI strict mode to accept 1 tool, but found \d+ problems:\n {2}- function\.parameters: /,
    );
    const message = failureOf(() => expect(tool).toBeStrictCompatible({ provider: 'openai' }));
    expect(message).toContain('[additional-properties-not-false]');
    expect(message).toContain('- function.parameters.properties.note: ');
    expect(message).toContain('[property-not-required]');
  });

  test('reads the provider from the shape: input_schema is Anthropic', () => {
    const anthropicTool = {
      name: 'lookup_order',
      input_schema: { ...looseSchema, additionalProperties: false },
    };
    expect(failureOf(() => expect(anthropicTool).toBeStrictCompatible())).toContain(
      'Expected Anthropic strict tool use to accept 1 tool',
    );
  });

  test('.not fails when every tool complies', () => {
    expect(failureOf(() => expect(strictTool).not.toBeStrictCompatible())).toMatchInlineSnapshot(`
      "expect(tools).not.toBeStrictCompatible()

      Expected OpenAI strict mode to refuse this tool, but it complies."
    `);
  });

  test('throws a clear error for input that is no tool at all', () => {
    expect(() => expect(42).toBeStrictCompatible()).toThrow(
      'tool-call-health: toBeStrictCompatible() accepts a tool definition, an array of them, or a request body with tools.',
    );
  });
});

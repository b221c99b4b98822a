import { expect as jestExpect } from 'expect';
import { describe, expect, test } from 'vitest';
import { matchers } from '../../src/matchers/index.js';
import { CHARGE_SCHEMA } from '../support/payloads.js';
import { failureOf } from './support.js';

const strictTool = { type: 'function', name: 'charge', parameters: CHARGE_SCHEMA, strict: true };
/**
 * Open, with an optional property whose array is bounded: OpenAI refuses the first two, and
 * notes uniqueItems (refused only in structured outputs); Anthropic refuses maxItems.
 */
const looseSchema = {
  type: 'object',
  properties: {
    order_id: { type: 'string' },
    tags: { type: 'array', items: { type: 'string' }, maxItems: 3, uniqueItems: true },
  },
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
      /^expect\(received\)\.toBeStrictCompatible\(options\)\n\nExpected OpenAI strict mode to accept 1 tool, but found \d+ problems:\n {2}- function\.parameters: /,
    );
    const message = failureOf(() => expect(tool).toBeStrictCompatible({ provider: 'openai' }));
    expect(message).toContain('[additional-properties-not-false]');
    expect(message).toContain('- function.parameters.properties.tags: ');
    expect(message).toContain('[property-not-required]');
    // uniqueItems was refused only in structured outputs: shown, not counted.
    expect(message).toContain(
      'Also 1 note, not counted:\n  - function.parameters.properties.tags.uniqueItems: ',
    );
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
      "expect(received).not.toBeStrictCompatible()

      Expected OpenAI strict mode to refuse this tool, but it complies."
    `);
  });

  test('throws a clear error for input that is no tool at all', () => {
    expect(() => expect(42).toBeStrictCompatible()).toThrow(
      "tool-call-health: toBeStrictCompatible() accepts a tool definition, an array of them, a request body with tools, an MCP tools/list result, or a framework's tools (an AI SDK ToolSet, an Agents SDK agent, LangChain tools).",
    );
  });
});

describe('toBeStrictCompatible on a request: the tools it sends strict', () => {
  /** A schema strict mode refuses as written: `note` is optional and the object is open. */
  const responses = (name: string, strict?: boolean | null, parameters: unknown = looseSchema) => ({
    type: 'function',
    name,
    parameters,
    ...(strict === undefined ? {} : { strict }),
  });
  /** No rewrite makes this strict: OpenAI supports no "phone" format. */
  const phoneSchema = {
    type: 'object',
    properties: { phone: { type: 'string', format: 'phone' } },
    required: ['phone'],
    additionalProperties: false,
  };

  test('passes when the tools that declare strict comply, whatever the others say (#18)', () => {
    const body = {
      model: 'gpt-5',
      input: 'hi',
      tools: [strictTool, responses('lookup_order', false), responses('search', null)],
    };
    expect(body).toBeStrictCompatible();
    expect({
      model: 'gpt-5',
      messages: [],
      tools: [
        { type: 'function', function: { name: 'charge', parameters: CHARGE_SCHEMA, strict: true } },
        { type: 'function', function: { name: 'lookup_order', parameters: looseSchema } },
      ],
    }).toBeStrictCompatible();
    expect({
      tools: [
        { name: 'charge', input_schema: CHARGE_SCHEMA, strict: true },
        { name: 'lookup_order', input_schema: looseSchema },
      ],
    }).toBeStrictCompatible();
  });

  test('a failure says which tools it checked, and how to check every one', () => {
    const body = {
      model: 'gpt-5',
      input: 'hi',
      tools: [
        responses('lookup_order', true),
        strictTool,
        responses('search', false),
        responses('refund', false),
        { type: 'web_search' },
        responses('cancel', false),
      ],
    };
    expect(failureOf(() => expect(body).toBeStrictCompatible())).toMatchInlineSnapshot(`
      "expect(received).toBeStrictCompatible()

      Expected OpenAI strict mode to accept 2 tools, but found 2 problems:
        - tools[0].parameters: the parameters schema of "lookup_order" is an object without "additionalProperties": false, which OpenAI strict mode requires on every object — add it and list every key the model may send under properties [additional-properties-not-false]
        - tools[0].parameters.properties.tags: "tags" is not in required; OpenAI strict mode requires every property to be required — add it to required and allow null ({"type": ["array", "null"]}) to keep it optional [property-not-required]
      2 of the 5 function tools declare strict; checked those (pass { all: true } to check every tool).
      Also 1 note, not counted:
        - tools[0].parameters.properties.tags.uniqueItems: "uniqueItems" on "tags" is not supported by OpenAI strict mode (the API answers "'uniqueItems' is not permitted" for structured outputs) — remove it and drop duplicates in your own code; OpenAI refused it in structured-output schemas, and no refusal of a strict tool has been seen (mastra-ai/mastra#23321 and other threads, all for response_format; no strict tool refused by 2026-12-02), so it is noted, not counted [unsupported-keyword]"
    `);
  });

  test('{ all: true } checks every function tool as if each were sent strict', () => {
    const body = { tools: [strictTool, responses('lookup_order', false)] };
    expect(body).toBeStrictCompatible({ all: false });
    expect(
      failureOf(() => expect(body).toBeStrictCompatible({ all: true })),
    ).toMatchInlineSnapshot(`
      "expect(received).toBeStrictCompatible(options)

      Expected OpenAI strict mode to accept 2 tools, but found 2 problems:
        - tools[1].parameters: the parameters schema of "lookup_order" is an object without "additionalProperties": false, which OpenAI strict mode requires on every object — add it and list every key the model may send under properties [additional-properties-not-false]
        - tools[1].parameters.properties.tags: "tags" is not in required; OpenAI strict mode requires every property to be required — add it to required and allow null ({"type": ["array", "null"]}) to keep it optional [property-not-required]
      Also 1 note, not counted:
        - tools[1].parameters.properties.tags.uniqueItems: "uniqueItems" on "tags" is not supported by OpenAI strict mode (the API answers "'uniqueItems' is not permitted" for structured outputs) — remove it and drop duplicates in your own code; OpenAI refused it in structured-output schemas, and no refusal of a strict tool has been seen (mastra-ai/mastra#23321 and other threads, all for response_format; no strict tool refused by 2026-12-02), so it is noted, not counted [unsupported-keyword]"
    `);
  });

  test('none declares strict: a failure, not a vacuous pass', () => {
    const body = { tools: [responses('lookup_order', false), responses('search', null)] };
    expect(failureOf(() => expect(body).toBeStrictCompatible())).toMatchInlineSnapshot(`
      "expect(received).toBeStrictCompatible()

      Expected tools that declare strict to check against OpenAI strict mode, but none of the 2 function tools does (pass { all: true } to check every tool)."
    `);
    expect(body).not.toBeStrictCompatible();
    // One tool reads as one, not as "none of 1 function tool".
    expect(
      failureOf(() => expect({ tools: [responses('lookup_order', false)] }).toBeStrictCompatible()),
    ).toMatchInlineSnapshot(`
      "expect(received).toBeStrictCompatible()

      Expected tools that declare strict to check against OpenAI strict mode, but the one function tool does not (pass { all: true } to check every tool)."
    `);
  });

  test('.not on a list with one strict tool that complies names it as one', () => {
    const body = { tools: [strictTool, responses('lookup_order', false)] };
    expect(failureOf(() => expect(body).not.toBeStrictCompatible())).toMatchInlineSnapshot(`
      "expect(received).not.toBeStrictCompatible()

      Expected OpenAI strict mode to refuse these tools, but the one strict tool complies.
      1 of the 2 function tools declares strict; checked that one (pass { all: true } to check every tool)."
    `);
  });

  test('Responses tools that leave strict out: made strict by the server, or named when it falls back', () => {
    const closable = responses('search', undefined, {
      type: 'object',
      properties: { query: { type: 'string' } },
    });
    // The server closes the object and requires every property: this one is strict when sent.
    expect({ tools: [closable] }).toBeStrictCompatible();
    const body = { tools: [strictTool, closable, responses('call_back', undefined, phoneSchema)] };
    // The API accepts the falling-back tool, so this passes; .not shows what the message says.
    expect(body).toBeStrictCompatible();
    expect(failureOf(() => expect(body).not.toBeStrictCompatible())).toMatchInlineSnapshot(`
      "expect(received).not.toBeStrictCompatible()

      Expected OpenAI strict mode to refuse these tools, but all 2 strict tools comply.
      1 of the 3 function tools declares strict; 1 leaves it out, which the server makes strict; checked those (pass { all: true } to check every tool).
        - tools[2]: "call_back" leaves strict out, and its schema cannot be rewritten into strict mode (tools[2].parameters.properties.phone.format: format "phone" on "phone" is not one OpenAI strict mode supports (date-time, time, date, duration, email, hostname, ipv4, ipv6, uuid) — remove it, or describe the shape with pattern [unsupported-format]), so the OpenAI Responses API falls back to non-strict calling for it; OpenAI documents its rewrite only as "when possible", so set "strict": false to say so, or "strict": true and fix the schema"
    `);
  });

  test('a falling-back tool is named beside the problems of a failure too', () => {
    const body = {
      tools: [responses('lookup_order', true), responses('call_back', undefined, phoneSchema)],
    };
    expect(failureOf(() => expect(body).toBeStrictCompatible())).toMatchInlineSnapshot(`
      "expect(received).toBeStrictCompatible()

      Expected OpenAI strict mode to accept 1 tool, but found 2 problems:
        - tools[0].parameters: the parameters schema of "lookup_order" is an object without "additionalProperties": false, which OpenAI strict mode requires on every object — add it and list every key the model may send under properties [additional-properties-not-false]
        - tools[0].parameters.properties.tags: "tags" is not in required; OpenAI strict mode requires every property to be required — add it to required and allow null ({"type": ["array", "null"]}) to keep it optional [property-not-required]
      1 of the 2 function tools declares strict; checked that one (pass { all: true } to check every tool).
        - tools[1]: "call_back" leaves strict out, and its schema cannot be rewritten into strict mode (tools[1].parameters.properties.phone.format: format "phone" on "phone" is not one OpenAI strict mode supports (date-time, time, date, duration, email, hostname, ipv4, ipv6, uuid) — remove it, or describe the shape with pattern [unsupported-format]), so the OpenAI Responses API falls back to non-strict calling for it; OpenAI documents its rewrite only as "when possible", so set "strict": false to say so, or "strict": true and fix the schema
      Also 1 note, not counted:
        - tools[0].parameters.properties.tags.uniqueItems: "uniqueItems" on "tags" is not supported by OpenAI strict mode (the API answers "'uniqueItems' is not permitted" for structured outputs) — remove it and drop duplicates in your own code; OpenAI refused it in structured-output schemas, and no refusal of a strict tool has been seen (mastra-ai/mastra#23321 and other threads, all for response_format; no strict tool refused by 2026-12-02), so it is noted, not counted [unsupported-keyword]"
    `);
  });

  test('a lone tool is checked whatever its flag says; all changes nothing there', () => {
    const lone = responses('lookup_order', false);
    const message = failureOf(() => expect(lone).toBeStrictCompatible());
    expect(message).toContain('Expected OpenAI strict mode to accept 1 tool, but found 2 problems');
    expect(failureOf(() => expect(lone).toBeStrictCompatible({ all: true }))).toBe(
      message.replace('toBeStrictCompatible()', 'toBeStrictCompatible(options)'),
    );
    expect(strictTool).toBeStrictCompatible({ all: false });
  });

  test('an all that is no boolean is refused by name', () => {
    expect(() => expect([strictTool]).toBeStrictCompatible({ all: 'yes' as never })).toThrow(
      /^tool-call-health: toBeStrictCompatible\(\{ all \}\) takes true or false; received .*"yes"/,
    );
  });
});

describe('toBeStrictCompatible with Jest 30 expect', () => {
  jestExpect.extend(matchers);
  const expectJest = (value: unknown) =>
    jestExpect(value) as unknown as {
      toBeStrictCompatible(options?: { all?: boolean }): void;
      not: { toBeStrictCompatible(options?: { all?: boolean }): void };
    };

  test('the same verdicts and message, with Jest handling .not', () => {
    const body = {
      tools: [
        strictTool,
        { type: 'function', name: 'lookup', parameters: looseSchema, strict: false },
      ],
    };
    expectJest(body).toBeStrictCompatible();
    expectJest(body).not.toBeStrictCompatible({ all: true });
    expect(failureOf(() => expectJest(body).toBeStrictCompatible({ all: true }))).toBe(
      failureOf(() => expect(body).toBeStrictCompatible({ all: true })),
    );
  });
});

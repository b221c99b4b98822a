/**
 * The matchers on LangChain messages made by the real library, and LangChain tools given as
 * `{ tools }`: `tool()` with a zod schema is read through the JSON Schema the schema exposes,
 * which is what `convertToOpenAITool` sends; a schema that exposes none is named in a note.
 */
import { tool } from '@langchain/core/tools';
import { convertToOpenAITool } from '@langchain/core/utils/function_calling';
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import { z } from 'zod';
import { z as z3 } from 'zod/v3';
import { diagnoseCalls, readTurn } from '../../../src/index.js';
import { failureOf } from '../../matchers/support.js';
import { LENGTH_STREAM, langChainServer, messageFor, optionsFor } from './support.js';

const server = langChainServer();
beforeAll(() => {
  server.listen({ onUnhandledRequest: 'error' });
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
});
afterAll(() => server.close());

const order_id = z.string().describe('The order id, e.g. A-1001.');
const lookupOrder = tool(async () => '{}', {
  name: 'lookup_order',
  description: 'Look up an order by id.',
  schema: z.object({ order_id, include_items: z.boolean() }),
});
const issueRefund = tool(async () => '{}', {
  name: 'issue_refund',
  description: 'Refund part or all of an order.',
  schema: z.object({
    order_id,
    amount_cents: z.number().int(),
    currency: z.enum(['usd', 'eur']),
    reason: z.enum(['damaged', 'missing_item', 'late_delivery', 'goodwill']),
  }),
});
const createTicket = tool(async () => '{}', {
  name: 'create_ticket',
  description: 'Open a support ticket.',
  // A tool may be given JSON Schema itself.
  schema: {
    type: 'object',
    properties: { order_id: { type: 'string' }, summary: { type: 'string' } },
    required: ['order_id', 'summary'],
  },
});
const tools = [lookupOrder, issueRefund, createTicket];

describe('matchers on LangChain messages', () => {
  test('toBeDispatchable: passes a healthy call with its tools, and cannot tell without them', async () => {
    const message = await messageFor('openai-chat/healthy-call.har');
    expect(message).toBeDispatchable(optionsFor('openai-chat/healthy-call.har'));
    expect(message).toBeDispatchable({ tools });
    const cannotTell = failureOf(() => expect(message).toBeDispatchable());
    expect(cannotTell).toContain('Cannot tell');
    // The advice fits the object given: a LangChain message has no exchange to pass.
    expect(cannotTell).toContain(
      'Pass the tools bound to the model (model.bindTools(tools)) as the tools: .toBeDispatchable({ tools }).',
    );
    expect(diagnoseCalls(message)[0]?.repairs).toEqual([
      'Pass the tools bound to the model (model.bindTools(tools)) as { tools } so the arguments are checked against the declared schema.',
    ]);
  });

  test('toBeDispatchable: a schema violation, named at tool_calls[0], with LangChain tools', async () => {
    const message = await messageFor('openai-chat/schema-violation.har');
    expect(failureOf(() => expect(message).toBeDispatchable({ tools }))).toMatchInlineSnapshot(`
      "expect(received).toBeDispatchable(options)

      Expected every tool call to be dispatchable, but 1 of 1 is not:

        "issue_refund" (call_j6Vol2WiugX41NUOEj5LDhwb) at tool_calls[0]: arguments-violate-schema
          Parses, and breaks the schema of "issue_refund" in 2 places. The tool is not strict, so the schema was a request, not a constraint.
          - arguments.currency: "gbp" is not one of the 2 declared values: "usd", "eur"
          - arguments.note: not declared, and the schema forbids extra keys
          Repair:
            - Validate the arguments against the tool schema before dispatch, and return the errors to the model as the tool result so it can correct the call (one or two retries, then give up).
            - Declare "issue_refund" with strict: true, additionalProperties: false on every object and every property listed in required, so decoding is held to the schema."
    `);
  });

  test('toNotBeTruncated: the stream LangChain repaired is cut', async () => {
    const message = await messageFor(LENGTH_STREAM, true);
    expect(
      failureOf(() => expect(message).toNotBeTruncated(optionsFor(LENGTH_STREAM))),
    ).toMatchInlineSnapshot(`
      "expect(received).toNotBeTruncated(options)

      Expected the output not to be truncated, but it is truncated-by-length.
        Stopped on the output ceiling (response_metadata.finish_reason "length"); used 48 tokens of a 48-token ceiling, 100% of it. The arguments of "create_ticket" (tool_calls[0]) were being written.
      Repair:
        - Check the stop reason before parsing anything: response_metadata.finish_reason "length" means the output is a prefix, and a prefix of JSON is not JSON.
        - This turn was capped at 48 tokens and used 48 tokens: raise maxTokens above the largest answer the schema allows, with room for reasoning.
        - Or make one answer smaller: bound free-text fields and arrays in the schema, and paginate."
    `);
    expect(await messageFor('openai-chat/healthy-call.har')).toNotBeTruncated();
  });

  test('toKeepStrictGuarantee: held with parallel calls off, void on a fan-out', async () => {
    const serialised = await messageFor('openai-chat/strict-serialised.har');
    expect(serialised).toKeepStrictGuarantee(optionsFor('openai-chat/strict-serialised.har'));
    const fanout = await messageFor('openai-chat/strict-void-fanout.har');
    const message = failureOf(() =>
      expect(fanout).toKeepStrictGuarantee(optionsFor('openai-chat/strict-void-fanout.har')),
    );
    expect(message).toContain('but it is strict-void.');
    // The setting as a LangChain user sets it, not the wire field.
    expect(message).toContain(
      '- Set model.bindTools(tools, { parallel_tool_calls: false }) wherever strict schemas matter',
    );
  });

  test('toCallTool: the parsed arguments, compared with the framework equality', async () => {
    const message = await messageFor('openai-chat/healthy-call.har');
    expect(message).toCallTool('lookup_order', { order_id: 'A-2001', include_items: false });
    expect(message).toCallTool('lookup_order', expect.objectContaining({ order_id: 'A-2001' }));
    expect(message).not.toCallTool('issue_refund');
  });

  test('an Anthropic message through every matcher', async () => {
    const healthy = await messageFor('anthropic-messages/tool-use.har');
    expect(healthy).toBeDispatchable(optionsFor('anthropic-messages/tool-use.har'));
    expect(healthy).toNotBeTruncated();
    const cut = await messageFor('anthropic-messages/max-tokens-in-tool-use.har');
    expect(cut).not.toNotBeTruncated();
    expect(cut).not.toBeDispatchable(optionsFor('anthropic-messages/max-tokens-in-tool-use.har'));
  });
});

describe('LangChain tools as { tools }', () => {
  test('a zod schema is read as the JSON Schema convertToOpenAITool sends', () => {
    const message = {
      type: 'ai',
      content: '',
      tool_calls: [],
      invalid_tool_calls: [],
      additional_kwargs: {},
      response_metadata: { finish_reason: 'stop', model_provider: 'openai' },
    };
    const read = readTurn(message, { tools });
    const declared = read.ok ? read.turn.tools : null;
    expect(declared?.map((declaration) => declaration.schema)).toEqual(
      tools.map((each) => convertToOpenAITool(each).function.parameters),
    );
  });

  test('a schema that exposes no JSON Schema is not guessed: a note names the tool and the fix', async () => {
    const legacy = tool(async () => '{}', {
      name: 'lookup_order',
      description: 'Look up an order by id.',
      schema: z3.object({ order_id: z3.string(), include_items: z3.boolean() }),
    });
    const transformed = tool(async () => '{}', {
      name: 'issue_refund',
      description: 'Refund.',
      schema: z.object({ order_id: z.string().transform((id) => id.trim()) }),
    });
    const message = await messageFor('openai-chat/healthy-call.har');
    const read = readTurn(message, { tools: [legacy, transformed] });
    const notes = read.ok ? read.turn.notes.join('\n') : '';
    expect(notes).toContain(
      'options.tools[0] ("lookup_order"): its schema is a schema object that exposes no JSON Schema (a zod 3 schema, which only @langchain/core converts); its calls are not checked: pass the tools as they are sent: tools.map((tool) => convertToOpenAITool(tool))',
    );
    expect(notes).toContain(
      'options.tools[1] ("issue_refund"): its schema cannot be written as JSON Schema',
    );
    expect(diagnoseCalls(message, { tools: [legacy, transformed] })[0]?.state).toBe(
      'dispatchable-unconstrained',
    );
  });
});

describe('toBeStrictCompatible on LangChain tools', () => {
  test('zod tools are linted as the JSON Schema they send; JSON Schema tools as written', () => {
    // LangChain tools state no strict flag (bindTools sets it): { all: true } lints each.
    expect([lookupOrder, issueRefund]).toBeStrictCompatible({ provider: 'openai', all: true });
    expect(
      failureOf(() => expect(tools).toBeStrictCompatible({ provider: 'openai', all: true })),
    ).toMatchInlineSnapshot(`
      "expect(received).toBeStrictCompatible(options)

      Expected OpenAI strict mode to accept 3 tools, but found 1 problem:
        - [2].schema: the schema of "create_ticket" is an object without "additionalProperties": false, which OpenAI strict mode requires on every object — add it and list every key the model may send under properties [additional-properties-not-false]"
    `);
  });

  test('a tool whose schema exposes no JSON Schema is named, with the fix', () => {
    const legacy = tool(async () => '{}', {
      name: 'lookup_order',
      description: 'Look up an order by id.',
      schema: z3.object({ order_id: z3.string() }),
    });
    expect(failureOf(() => expect([legacy]).toBeStrictCompatible())).toMatchInlineSnapshot(`
      "expect(received).toBeStrictCompatible()

      Expected OpenAI strict mode to accept 0 tools, but found 1 problem:
        - [0]: expected a tool definition ({"type": "function", "name", "parameters"}, {"type": "function", "function": {…}} or {"name", "input_schema"}); it is a LangChain tool whose schema is a schema object that exposes no JSON Schema (a zod 3 schema, which only @langchain/core converts): pass the tools as they are sent: tools.map((tool) => convertToOpenAITool(tool)) from '@langchain/core/utils/function_calling' [not-a-tool]"
    `);
  });
});

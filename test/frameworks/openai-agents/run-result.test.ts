/**
 * Real OpenAI Agents SDK runs (`Agent` + `Runner.run`, its OpenAI Responses model pointed at msw
 * replaying fixtures/openai-responses/), judged as the caller holds them: the `RunResult`, the
 * consumed `StreamedRunResult`, or the error the run rejected with. A non-streamed model
 * response carries the Responses API body (`providerData`), read by that surface; a streamed one
 * keeps no `providerData`, so it is read from its own items and usage, with the agent's tools
 * and the run's model settings, and what that cannot show is said.
 */
import { describe, expect, test } from 'vitest';
import {
  diagnoseCalls,
  diagnoseStrictGuarantee,
  diagnoseTruncation,
  readTurns,
} from '../../../src/index.js';
import { failureOf } from '../../matchers/support.js';
import { runRecorded, useServer } from './support.js';

useServer();

interface Expected {
  calls: string[];
  truncation: string;
  strict: string;
  /** What the caller holds: the result, or the error the run rejected with. */
  holds?: string;
}

/**
 * Each recording's verdicts when the run is not streamed and when it is. Where they differ, the
 * streamed run lacks the response's status (see the comments).
 */
const SCENARIOS: Record<string, { sent: Expected; streamed: Expected }> = {
  'healthy-call': {
    sent: { calls: ['dispatchable'], truncation: 'complete', strict: 'strict-serialised' },
    streamed: { calls: ['dispatchable'], truncation: 'complete', strict: 'strict-serialised' },
  },
  'schema-violation': {
    sent: {
      calls: ['arguments-violate-schema'],
      truncation: 'complete',
      strict: 'no-strict-declared',
    },
    streamed: {
      calls: ['arguments-violate-schema'],
      truncation: 'complete',
      strict: 'no-strict-declared',
    },
  },
  'unparseable-arguments': {
    sent: {
      calls: ['arguments-unparseable'],
      truncation: 'complete',
      strict: 'no-strict-declared',
    },
    streamed: {
      calls: ['arguments-unparseable'],
      truncation: 'complete',
      strict: 'no-strict-declared',
    },
  },
  'unknown-tool': {
    // The SDK rejects a non-streamed run with a ModelBehaviorError that holds no state.
    sent: {
      calls: ['unreadable'],
      truncation: 'unreadable',
      strict: 'unreadable',
      holds: 'ModelBehaviorError',
    },
    streamed: { calls: ['unknown-tool'], truncation: 'complete', strict: 'no-strict-declared' },
  },
  'max-output-tokens-mid-arguments': {
    sent: {
      calls: ['arguments-truncated'],
      truncation: 'truncated-by-length',
      strict: 'strict-at-risk',
    },
    streamed: {
      calls: ['arguments-truncated'],
      truncation: 'truncated-by-length',
      strict: 'strict-at-risk',
    },
  },
  'max-output-tokens-after-a-whole-call': {
    sent: {
      calls: ['turn-cut', 'arguments-truncated'],
      truncation: 'truncated-by-length',
      strict: 'strict-void',
    },
    streamed: {
      calls: ['turn-cut', 'arguments-truncated'],
      truncation: 'truncated-by-length',
      strict: 'strict-void',
    },
  },
  'reasoning-spent-the-ceiling': {
    // No call, so the loop asks again and meets its maxTurns: the error holds the state.
    sent: {
      calls: [],
      truncation: 'ceiling-spent-on-reasoning',
      strict: 'strict-at-risk',
      holds: 'MaxTurnsExceededError',
    },
    streamed: { calls: [], truncation: 'ceiling-spent-on-reasoning', strict: 'strict-at-risk' },
  },
  'strict-void-fanout': {
    sent: {
      calls: ['dispatchable', 'dispatchable', 'arguments-violate-schema'],
      truncation: 'complete',
      strict: 'strict-void',
    },
    streamed: {
      calls: ['dispatchable', 'dispatchable', 'arguments-violate-schema'],
      truncation: 'complete',
      strict: 'strict-void',
    },
  },
  'strict-serialised': {
    sent: { calls: ['dispatchable'], truncation: 'complete', strict: 'strict-serialised' },
    streamed: { calls: ['dispatchable'], truncation: 'complete', strict: 'strict-serialised' },
  },
  'strict-at-risk': {
    sent: { calls: ['dispatchable'], truncation: 'complete', strict: 'strict-at-risk' },
    streamed: { calls: ['dispatchable'], truncation: 'complete', strict: 'strict-at-risk' },
  },
  'content-filter': {
    sent: { calls: [], truncation: 'stopped-by-filter', strict: 'no-strict-declared' },
    // Hidden: no status, no ceiling set; the incomplete message item is noted, the stop unknown.
    streamed: { calls: [], truncation: 'complete', strict: 'no-strict-declared' },
  },
  refusal: {
    // The SDK rejects a refusal with a ModelRefusalError that holds the state.
    sent: {
      calls: [],
      truncation: 'refused',
      strict: 'strict-serialised',
      holds: 'ModelRefusalError',
    },
    streamed: { calls: [], truncation: 'refused', strict: 'strict-serialised' },
  },
  'ceiling-unreported': {
    sent: { calls: ['turn-cut'], truncation: 'ceiling-unreported', strict: 'strict-serialised' },
    // No status to say "completed": the output used all of maxTokens, which is the ceiling.
    streamed: {
      calls: ['turn-cut'],
      truncation: 'truncated-by-length',
      strict: 'strict-serialised',
    },
  },
};

async function verdictsOf(name: string, stream: boolean) {
  const { result, error } = await runRecorded(`openai-responses/${name}.har`, stream);
  const subject = result ?? error;
  const expected = SCENARIOS[name]?.[stream ? 'streamed' : 'sent'];
  const holds = error === undefined ? undefined : error.name;
  return {
    subject,
    expected,
    found: {
      calls: diagnoseCalls(subject).map((verdict) => verdict.state),
      truncation: diagnoseTruncation(subject).state,
      strict: diagnoseStrictGuarantee(subject).state,
      ...(holds === undefined ? {} : { holds }),
    },
  };
}

describe('every recorded turn, run by the Agents SDK, gets its verdicts', () => {
  test.each(Object.keys(SCENARIOS))('%s, not streamed', async (name) => {
    const { expected, found } = await verdictsOf(name, false);
    expect(found).toEqual(expected);
  });

  test.each(Object.keys(SCENARIOS))('%s, streamed', async (name) => {
    const { expected, found } = await verdictsOf(name, true);
    expect(found).toEqual(expected);
  });

  test('the recorded stream, through the SDK, is healthy too', async () => {
    const { result } = await runRecorded('streams/openai-responses-function-call.har', true);
    expect(diagnoseCalls(result).map((verdict) => verdict.state)).toEqual(['dispatchable']);
    expect(result).toBeDispatchable({ requireStrict: true });
    expect(result).toKeepStrictGuarantee();
  });
});

describe('the matchers take a RunResult and a StreamedRunResult', () => {
  test.each([false, true])('a healthy run passes them all (streamed: %s)', async (stream) => {
    const { result } = await runRecorded('openai-responses/healthy-call.har', stream);
    expect(result).toBeDispatchable({ requireStrict: true });
    expect(result).toNotBeTruncated();
    expect(result).toKeepStrictGuarantee();
    expect(result).toCallTool('lookup_order', { order_id: 'A-1001', include_items: false });
  });

  test('a schema violation fails toBeDispatchable, naming the model response', async () => {
    const { result } = await runRecorded('openai-responses/schema-violation.har', false);
    expect(failureOf(() => expect(result).toBeDispatchable())).toMatchInlineSnapshot(`
      "expect(received).toBeDispatchable()

      Expected every tool call to be dispatchable, but 1 of 1 is not:

        "issue_refund" (call_p2GPAaw152cjVLo7nB4aVhnd) at rawResponses[0].output[0]: arguments-violate-schema
          Parses, and breaks the schema of "issue_refund" in 2 places. The tool is not strict, so the schema was a request, not a constraint.
          - arguments.amount_cents: expected integer, got string
          - arguments.currency: "gbp" is not one of the 2 declared values: "usd", "eur"
          Repair:
            - Validate the arguments against the tool schema before dispatch, and return the errors to the model as the tool result so it can correct the call (one or two retries, then give up).
            - Declare "issue_refund" with strict: true, additionalProperties: false on every object and every property listed in required, so decoding is held to the schema."
    `);
  });

  test('a streamed turn cut by maxTokens fails toNotBeTruncated, in the SDK setting names', async () => {
    const { result } = await runRecorded(
      'openai-responses/max-output-tokens-mid-arguments.har',
      true,
    );
    expect(failureOf(() => expect(result).toNotBeTruncated())).toMatchInlineSnapshot(`
      "expect(received).toNotBeTruncated()

      Expected the output not to be truncated, but it is truncated-by-length.
        rawResponses[0]: Stopped on the output ceiling (output[1] status "incomplete" with all of modelSettings.maxTokens used); used 200 tokens of a 200-token ceiling, 100% of it. The arguments of "create_ticket" (rawResponses[0].output[1]) were being written.
      Repair:
        - Check the stop reason before parsing anything: output[1] status "incomplete" with all of modelSettings.maxTokens used means the output is a prefix, and a prefix of JSON is not JSON.
        - This turn was capped at 200 tokens and used 200 tokens: raise modelSettings.maxTokens above the largest answer the schema allows, with room for reasoning.
        - Or make one answer smaller: bound free-text fields and arrays in the schema, and paginate."
    `);
  });

  test('a fan-out of strict calls fails toKeepStrictGuarantee', async () => {
    const { result } = await runRecorded('openai-responses/strict-void-fanout.har', false);
    expect(failureOf(() => expect(result).toKeepStrictGuarantee())).toMatchInlineSnapshot(`
      "expect(received).toKeepStrictGuarantee()

      Expected the strict-schema guarantee to hold, but it is strict-void.
        rawResponses[0]: 3 calls in one turn ("lookup_order", "lookup_order", "issue_refund"), with strict declared and parallel_tool_calls true. Strict schemas are not enforced on parallel calls, so none of these arguments is guaranteed.
        Calls with no guarantee:
          - "lookup_order" (call_AVSYfxfeNXY2cgIMDIxoKaki)
          - "lookup_order" (call_X5bFbu1frLGvRBX9EeDY8RPy)
          - "issue_refund" (call_ZuECz4fmjm3Ki9FJbhLgk9hN)
      Repair:
        - Set modelSettings: { parallelToolCalls: false } wherever strict schemas matter; it defaults to true, so nobody chose this.
        - If the fan-out is worth its latency, drop strict and validate the arguments yourself: do not rely on a guarantee that is not held.
        - Key tool handlers on the call id and make them idempotent, so a repeated call cannot apply twice ("lookup_order" 2 times in this turn)."
    `);
  });

  test('toCallTool lists the calls of every model response', async () => {
    const { result } = await runRecorded('openai-responses/strict-void-fanout.har', true);
    expect(result).toCallTool('issue_refund');
    expect(failureOf(() => expect(result).toCallTool('create_ticket'))).toMatchInlineSnapshot(`
      "expect(received).toCallTool(name)

      Expected a call to "create_ticket", but the turn never calls it.

      The turn made 3 calls:
        - "lookup_order" (call_AVSYfxfeNXY2cgIMDIxoKaki) at rawResponses[0].output[0]: {"order_id":"A-1011","include_items":false}
        - "lookup_order" (call_X5bFbu1frLGvRBX9EeDY8RPy) at rawResponses[0].output[1]: {"order_id":"A-1012","include_items":false}
        - "issue_refund" (call_ZuECz4fmjm3Ki9FJbhLgk9hN) at rawResponses[0].output[2]: {"order_id":"A-1012","amount_cents":"1850","currency":"usd","reason":"late_delivery"}"
    `);
  });

  test('a streamed content filter passes toNotBeTruncated: the turn notes what it cannot know', async () => {
    const { result } = await runRecorded('openai-responses/content-filter.har', true);
    // What the SDK hides: a streamed response keeps no status, and no maxTokens was set.
    expect(result).toNotBeTruncated();
    const read = readTurns(result);
    expect(read.ok && read.turns[0]?.turn.notes).toEqual([
      'output[0] status "incomplete": the response stopped early, and with neither its status nor a modelSettings.maxTokens to measure the output against, why is not known (a content filter, or the model\'s own output limit)',
      "rawResponses[0] keeps no providerData (the OpenAI Agents SDK keeps none for a streamed model response), so the response's status, incomplete_details and request settings are not known from it: the stop is read from its items' status alone; its tools are read from agent \"order-support\"; its settings from the run's last model settings",
    ]);
  });
});

/**
 * The SDK's Chat Completions model (`useResponses: false`) against fixtures/openai-chat/: a
 * non-streamed response keeps the completion as providerData, read by the Chat surface with the
 * agent's tools and settings beside it (a completion echoes neither); a streamed one keeps none.
 */
const CHAT: Record<string, { sent: Expected; streamed: Expected }> = {
  'healthy-call': {
    sent: { calls: ['dispatchable'], truncation: 'complete', strict: 'strict-serialised' },
    streamed: { calls: ['dispatchable'], truncation: 'complete', strict: 'strict-serialised' },
  },
  'schema-violation': {
    sent: {
      calls: ['arguments-violate-schema'],
      truncation: 'complete',
      strict: 'no-strict-declared',
    },
    streamed: {
      calls: ['arguments-violate-schema'],
      truncation: 'complete',
      strict: 'no-strict-declared',
    },
  },
  'length-mid-arguments': {
    sent: {
      calls: ['arguments-truncated'],
      truncation: 'truncated-by-length',
      strict: 'strict-at-risk',
    },
    streamed: {
      calls: ['arguments-truncated'],
      truncation: 'truncated-by-length',
      strict: 'strict-at-risk',
    },
  },
  'content-filter': {
    sent: { calls: [], truncation: 'stopped-by-filter', strict: 'no-strict-declared' },
    // Hidden as on the Responses model: no finish_reason kept, no maxTokens set.
    streamed: { calls: [], truncation: 'complete', strict: 'no-strict-declared' },
  },
  'strict-void-fanout': {
    sent: {
      calls: ['dispatchable', 'dispatchable', 'dispatchable'],
      truncation: 'complete',
      strict: 'strict-void',
    },
    streamed: {
      calls: ['dispatchable', 'dispatchable', 'dispatchable'],
      truncation: 'complete',
      strict: 'strict-void',
    },
  },
  refusal: {
    sent: {
      calls: [],
      truncation: 'refused',
      strict: 'strict-serialised',
      holds: 'ModelRefusalError',
    },
    // The SDK's streamed Chat model keeps the refusal its deltas carried.
    streamed: { calls: [], truncation: 'refused', strict: 'strict-serialised' },
  },
};

describe("the SDK's Chat Completions model", () => {
  test.each(Object.keys(CHAT))('%s, not streamed and streamed', async (name) => {
    for (const stream of [false, true]) {
      const { result, error } = await runRecorded(`openai-chat/${name}.har`, stream);
      const subject = result ?? error;
      expect({
        calls: diagnoseCalls(subject).map((verdict) => verdict.state),
        truncation: diagnoseTruncation(subject).state,
        strict: diagnoseStrictGuarantee(subject).state,
        ...(error === undefined ? {} : { holds: error.name }),
      }).toEqual(CHAT[name]?.[stream ? 'streamed' : 'sent']);
    }
  });

  test('a completion echoes no tools: the agent that made it declares them, and the note says so', async () => {
    const { result } = await runRecorded('openai-chat/healthy-call.har', false);
    const read = readTurns(result);
    expect(read.ok && read.turns[0]?.turn.notes).toContain(
      'rawResponses[0] is a Chat Completions response, which echoes no tools: they are read from agent "order-support", its settings from the run\'s last model settings',
    );
    expect(result).toBeDispatchable({ requireStrict: true });
  });
});

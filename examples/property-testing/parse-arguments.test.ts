/**
 * Property tests for a hand-written parser and dispatcher (parse-arguments.ts), fed with
 * inputs shaped like what models send. Each property states a contract the code must keep
 * for every input of its kind, and fast-check looks for the input that breaks it.
 */
import { test } from '@fast-check/vitest';
import {
  argumentsFor,
  malformedJsonSample,
  toolCallResponse,
  truncatedJson,
  violatingArgumentsFor,
} from 'tool-call-health/arbitraries';
import { describe, expect } from 'vitest';
import {
  type ChatCompletion,
  dispatch,
  ISSUE_REFUND_SCHEMA,
  LOOKUP_ORDER_SCHEMA,
  parseArguments,
} from './parse-arguments.js';

// A fixed seed in CI (FC_SEED replays another one); locally any seed is fine.
const params = { seed: Number(process.env.FC_SEED ?? 42), numRuns: 300 };

const refundArguments = argumentsFor(ISSUE_REFUND_SCHEMA);

describe('parseArguments("issue_refund", text)', () => {
  test.prop([refundArguments], params)('accepts every valid call', (args) => {
    expect(parseArguments('issue_refund', JSON.stringify(args))).toEqual({ ok: true, args });
  });

  test.prop([violatingArgumentsFor(ISSUE_REFUND_SCHEMA)], params)(
    'rejects every call that breaks the schema, naming the place it breaks',
    ({ value, violation }) => {
      const result = parseArguments('issue_refund', JSON.stringify(value));
      expect(result.ok).toBe(false);
      if (result.ok || result.reason !== 'invalid')
        throw new Error(`expected invalid, got ${JSON.stringify(result)}`);
      expect(result.problems.map((problem) => problem.path)).toContain(violation.path);
    },
  );

  test.prop(
    [truncatedJson({ document: refundArguments.map((args) => JSON.stringify(args)) })],
    params,
  )('tells a call cut by the token ceiling from a broken one', (text) => {
    expect(parseArguments('issue_refund', text)).toEqual({ ok: false, reason: 'truncated' });
  });

  test.prop([malformedJsonSample({ value: refundArguments })], params)(
    'reports malformed JSON as malformed, whichever way the model broke it',
    ({ text, family }) => {
      expect(parseArguments('issue_refund', text), family).toEqual({
        ok: false,
        reason: 'malformed',
      });
    },
  );
});

describe('dispatch(response, ceiling)', () => {
  const tools = [
    { name: 'issue_refund', parameters: ISSUE_REFUND_SCHEMA, strict: true },
    { name: 'lookup_order', parameters: LOOKUP_ORDER_SCHEMA, strict: true },
  ];

  test.prop([toolCallResponse({ tools, surface: 'openai-chat' })], params)(
    'runs exactly the calls tool-call-health calls dispatchable, and rejects the others',
    ({ payload, expected }) => {
      // The payload is a Chat Completions response, as the OpenAI SDK returns it.
      const response: ChatCompletion = payload.response;
      const outcomes = dispatch(response, payload.request.max_completion_tokens);
      expect(outcomes.map((outcome) => outcome.status)).toEqual(
        expected.calls.map((call) => (call.state.startsWith('dispatchable') ? 'ran' : 'rejected')),
      );
    },
  );
});

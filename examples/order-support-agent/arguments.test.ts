/**
 * Property tests of the argument parser and the dispatcher, fed by tool-call-health's
 * arbitraries with the agent's own schemas: valid arguments, arguments broken in one place,
 * arguments cut by the output ceiling, near-JSON, and whole Responses API turns.
 */
import { fc, test } from '@fast-check/vitest';
import { jsonrepair } from 'jsonrepair';
import {
  argumentsFor,
  malformedJsonSample,
  toolCallResponse,
  truncatedJson,
  violatingArgumentsFor,
} from 'tool-call-health/arbitraries';
import { describe, expect } from 'vitest';
import { checkArguments, type Decoded, type ParsedCall, parseToolCall } from './arguments.js';
import { type DispatchedTurn, dispatchTurn } from './dispatch.js';
import { OrderDesk, SAMPLE_ORDERS } from './order-desk.js';
import { ISSUE_REFUND_PARAMETERS, TOOLS, type ToolName } from './tools.js';

// A fixed seed, so a run is repeatable; FC_SEED=<n> explores another part of the space.
const params = { seed: Number(process.env.FC_SEED ?? 7), numRuns: 200 };

const tools = TOOLS.map((tool) => ({ name: tool.name, schema: tool.parameters }));

describe.each(tools)('parseToolCall("$name", text)', ({ name, schema }) => {
  const valid = argumentsFor(schema);

  test.prop([valid], params)('accepts every call its schema accepts, as sent', (args) => {
    expect(parseToolCall(name, JSON.stringify(args))).toEqual({
      ok: true,
      call: { name, arguments: args },
      repaired: false,
    });
  });

  test.prop([violatingArgumentsFor(schema)], params)(
    'rejects every call that breaks the schema, at the place it breaks',
    ({ value, violation }) => {
      const parsed = parseToolCall(name, JSON.stringify(value));
      if (parsed.ok || parsed.reason !== 'invalid')
        throw new Error(`got ${JSON.stringify(parsed)}`);
      expect(parsed.problems.some((line) => line.startsWith(`${violation.path}:`))).toBe(true);
    },
  );

  test.prop([truncatedJson({ document: valid.map((args) => JSON.stringify(args)) })], params)(
    'reports a call cut by the output ceiling as truncated, and never dispatches it',
    (text) => {
      expect(parseToolCall(name, text)).toEqual({ ok: false, reason: 'truncated' });
    },
  );

  test.prop([malformedJsonSample({ value: valid })], params)(
    'repairs near-JSON and checks the repair, or reports it malformed; never calls it cut',
    ({ text, family }) => {
      const parsed = parseToolCall(name, text);
      if (parsed.ok) expect(parsed.repaired, family).toBe(true);
      else expect(['malformed', 'invalid'], family).toContain(parsed.reason);
    },
  );
});

/*
 * The bug the truncation property found ('reports a call cut by the output ceiling as
 * truncated, and never dispatches it'). decodeArguments was first written as below: JSON.parse,
 * and jsonrepair for whatever JSON.parse rejects, so that near-JSON from the model still runs.
 * But jsonrepair completes a prefix too, so a call the output ceiling cut became a call with
 * made-up ends. fast-check failed the property on its second run and shrank it to a refund cut
 * inside its last key, `..."amount_cents":1,"note`, which jsonrepair completed to `"note":null`:
 * a valid refund, dispatched. The same path turns `"amount_cents":12` cut from 1200 into a
 * refund of 12 cents. The fix (decodeArguments in arguments.ts) asks jsonState first and never
 * repairs a prefix. The tests below run the property against the old code, to keep it caught.
 */
function decodeAsFirstWritten(text: string): Decoded {
  try {
    return { ok: true, value: JSON.parse(text), repaired: false };
  } catch {
    try {
      return { ok: true, value: JSON.parse(jsonrepair(text)), repaired: true };
    } catch {
      return { ok: false, reason: 'malformed' };
    }
  }
}

function parseAsFirstWritten(name: ToolName, text: string): ParsedCall {
  const decoded = decodeAsFirstWritten(text);
  return decoded.ok ? checkArguments(name, decoded.value) : decoded;
}

describe('the bug: a cut call repaired into a valid one', () => {
  const cutRefunds = truncatedJson({
    document: argumentsFor(ISSUE_REFUND_PARAMETERS).map((args) => JSON.stringify(args)),
  });

  test('the property finds it in the parser as first written, and shrinks it to a cut refund', () => {
    const result = fc.check(
      fc.property(cutRefunds, (text) => !parseAsFirstWritten('issue_refund', text).ok),
      params,
    );

    expect(result.failed).toBe(true);
    const [cut] = result.counterexample ?? [];
    // What fast-check hands back is a prefix the old parser dispatched as a refund.
    expect(cut).toEqual(expect.any(String));
    expect(parseAsFirstWritten('issue_refund', String(cut))).toMatchObject({ ok: true });
    expect(parseToolCall('issue_refund', String(cut))).toEqual({ ok: false, reason: 'truncated' });
  });

  test('the case that would have cost money: 1200 cents cut to 12', () => {
    const cut =
      '{"order_id":"A-2011","reason":"damaged","currency":"eur","note":null,"amount_cents":12';

    expect(parseAsFirstWritten('issue_refund', cut)).toMatchObject({
      ok: true,
      call: { arguments: { amount_cents: 12 } },
    });
    expect(parseToolCall('issue_refund', cut)).toEqual({ ok: false, reason: 'truncated' });
  });
});

describe('dispatchTurn(response, desk)', () => {
  const specs = TOOLS.map(({ name, parameters, strict }) => ({ name, parameters, strict }));

  test.prop([toolCallResponse({ tools: specs, surface: 'openai-responses' })], params)(
    'runs every call tool-call-health calls dispatchable, and none it calls cut, wrong or unknown',
    ({ payload, expected }) => {
      // The payload is a Responses API body, as client.responses.create resolves it.
      const response: DispatchedTurn = payload.response;
      const outcomes = dispatchTurn(response, new OrderDesk(SAMPLE_ORDERS));

      expect(outcomes).toHaveLength(expected.calls.length);
      outcomes.forEach((outcome, index) => {
        const state = expected.calls[index]?.state ?? 'missing';
        if (state.startsWith('dispatchable')) expect(outcome.status, state).toBe('ran');
        // Near-JSON may run once repaired (and the repair passed the schema), never as sent.
        else if (outcome.status === 'ran' && state === 'arguments-unparseable')
          expect(outcome.repaired, state).toBe(true);
        else expect(outcome.status, state).toBe('rejected');
      });
    },
  );
});

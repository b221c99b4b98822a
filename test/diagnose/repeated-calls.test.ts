/**
 * `duplicate-call`: a later call with the same name and the same arguments as an earlier one of
 * its turn. A dispatcher that runs every call would run it twice, each copy under its own call
 * id. Arguments are compared as parsed JSON, key order aside; as text where they do not parse.
 */
import { describe, expect, test } from 'vitest';
import { diagnoseCalls } from '../../src/index.js';
import {
  anthropicMessage,
  anthropicRequest,
  BAD_CHARGE,
  bedrockRequest,
  bedrockResponse,
  type Call,
  chatRequest,
  chatResponse,
  GOOD_CHARGE,
  geminiRequest,
  geminiResponse,
  OTHER_CHARGE,
  responsesResponse,
  type Scenario,
} from '../support/payloads.js';

const surfaces = {
  'openai-responses': (s: Scenario) => responsesResponse(s),
  'openai-chat': (s: Scenario) => ({ request: chatRequest(s), response: chatResponse(s) }),
  'anthropic-messages': (s: Scenario) => ({
    request: anthropicRequest(s),
    response: anthropicMessage(s),
  }),
  gemini: (s: Scenario) => ({ request: geminiRequest(s), response: geminiResponse(s) }),
  'bedrock-converse': (s: Scenario) => ({
    request: bedrockRequest(s),
    response: bedrockResponse(s),
  }),
};

const charge = (args: string): Call => ({ name: 'charge', arguments: args });
/** GOOD_CHARGE with its keys in another order: the same arguments. */
const GOOD_CHARGE_REORDERED = '{"currency":"usd","amount_cents":1200,"account_id":"acct_9"}';

const states = (payload: unknown) => diagnoseCalls(payload).map((verdict) => verdict.state);

describe.each(Object.entries(surfaces))('on %s', (surface, payload) => {
  const healthy = surface === 'gemini' ? 'dispatchable-unconstrained' : 'dispatchable';

  test('a call made twice: the first is judged as itself, the second is duplicate-call naming the first', () => {
    const verdicts = diagnoseCalls(
      payload({ calls: [charge(GOOD_CHARGE), charge(GOOD_CHARGE)], strict: true }),
    );
    expect(verdicts.map((verdict) => verdict.state)).toEqual([healthy, 'duplicate-call']);
    const [first, repeat] = verdicts;
    const id = first?.callId ? ` (${first.callId})` : '';
    expect(repeat?.detail).toBe(
      `Repeats the call at ${first?.at}${id}: "charge" with the same arguments. A dispatcher that runs every call runs it twice.`,
    );
    expect(repeat?.repairs[0]).toMatch(/^Run each distinct call once/);
    expect(repeat?.arguments).toEqual(first?.arguments);
  });

  test('keys in another order are the same arguments; other values are another call', () => {
    expect(
      states(payload({ calls: [charge(GOOD_CHARGE), charge(GOOD_CHARGE_REORDERED)] })),
    ).toEqual([expect.stringMatching(/^dispatchable/), 'duplicate-call']);
    expect(states(payload({ calls: [charge(GOOD_CHARGE), charge(OTHER_CHARGE)] }))).toEqual([
      expect.stringMatching(/^dispatchable/),
      expect.stringMatching(/^dispatchable/),
    ]);
  });

  test('three copies: each later one names the first, not the one before it', () => {
    const verdicts = diagnoseCalls(
      payload({
        calls: [
          charge(GOOD_CHARGE),
          charge(OTHER_CHARGE),
          charge(GOOD_CHARGE),
          charge(GOOD_CHARGE),
        ],
      }),
    );
    expect(verdicts.map((verdict) => verdict.state)).toEqual([
      expect.stringMatching(/^dispatchable/),
      expect.stringMatching(/^dispatchable/),
      'duplicate-call',
      'duplicate-call',
    ]);
    for (const repeat of verdicts.slice(2)) {
      expect(repeat.detail).toContain(`Repeats the call at ${verdicts[0]?.at}`);
    }
  });

  test('a repeat that breaks the schema keeps its own finding: it must not run even once', () => {
    expect(states(payload({ calls: [charge(BAD_CHARGE), charge(BAD_CHARGE)] }))).toEqual([
      'arguments-violate-schema',
      'arguments-violate-schema',
    ]);
  });
});

describe('where the arguments are text', () => {
  test('arguments that do not parse are compared as text, and keep their own finding', () => {
    const broken = "{'account_id': 'acct_9'}";
    expect(
      states({
        request: chatRequest(),
        response: chatResponse({ calls: [charge(broken), charge(broken)] }),
      }),
    ).toEqual(['arguments-unparseable', 'arguments-unparseable']);
  });

  test('free text to a custom tool is compared as text: the same query twice is a repeat', () => {
    const sql = (callId: string, input: string) => ({
      type: 'custom_tool_call',
      id: `ctc_${callId}`,
      call_id: callId,
      name: 'write_sql',
      input,
      status: 'completed',
    });
    const response = {
      ...responsesResponse(),
      output: [sql('call_1', 'SELECT 1'), sql('call_2', 'SELECT 2'), sql('call_3', 'SELECT 1')],
      tools: [
        {
          type: 'custom',
          name: 'write_sql',
          format: { type: 'grammar', syntax: 'regex', definition: 'SELECT .+' },
        },
      ],
    };
    const verdicts = diagnoseCalls(response);
    expect(verdicts.map((verdict) => verdict.state)).toEqual([
      'dispatchable',
      'dispatchable',
      'duplicate-call',
    ]);
    expect(verdicts[2]?.detail).toMatch(/^Repeats the call at output\[0\] \(call_1\)/);
  });

  test('a repeat in a cut turn is duplicate-call, and says the turn was cut too', () => {
    const verdicts = diagnoseCalls({
      request: chatRequest(),
      response: chatResponse({
        calls: [charge(GOOD_CHARGE), charge(GOOD_CHARGE)],
        ending: 'ceiling',
      }),
    });
    expect(verdicts.map((verdict) => verdict.state)).toEqual(['turn-cut', 'duplicate-call']);
    expect(verdicts[1]?.detail).toMatch(/ Its turn was cut too: .*length/);
    expect(verdicts[1]?.repairs.length).toBeGreaterThan(1);
  });

  test('the same arguments to two tools are two calls', () => {
    const refund = { name: 'refund', arguments: GOOD_CHARGE };
    expect(
      states({
        response: chatResponse({ calls: [charge(GOOD_CHARGE), refund] }),
        request: chatRequest(),
      }),
    ).toEqual(['dispatchable', 'unknown-tool']);
  });
});

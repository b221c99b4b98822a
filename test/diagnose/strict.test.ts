import { describe, expect, test } from 'vitest';
import { diagnoseStrictGuarantee, exposure } from '../../src/index.js';
import {
  anthropicMessage,
  anthropicRequest,
  chatRequest,
  chatResponse,
  GOOD_CHARGE,
  geminiRequest,
  geminiResponse,
  OTHER_CHARGE,
  responsesResponse,
} from '../support/payloads.js';

const calls = (n: number, name = 'charge') =>
  Array.from({ length: n }, () => ({ name, arguments: GOOD_CHARGE }));

describe('OpenAI, where parallel calls are documented to void strict', () => {
  const shapes = {
    'Responses (echoes its request)': (s: Parameters<typeof responsesResponse>[0] & object) =>
      responsesResponse(s),
    'Chat Completions exchange': (s: Parameters<typeof chatResponse>[0] & object) => ({
      request: chatRequest(s),
      response: chatResponse(s),
    }),
  };

  describe.each(Object.entries(shapes))('%s', (_, payload) => {
    test('strict tools, parallel calls left on, several calls: strict-void, naming the calls', () => {
      const result = diagnoseStrictGuarantee(payload({ calls: calls(3), strict: true }));
      expect(result.state).toBe('strict-void');
      expect(result.detail).toMatch(
        /^3 calls in one turn \("charge", "charge", "charge"\), with strict declared and parallel_tool_calls (true|not set)/,
      );
      expect(result.calls).toHaveLength(3);
      expect(result.duplicates).toStrictEqual({ charge: 3 });
      expect(result.repairs[0]).toContain('Set parallel_tool_calls: false');
      // The three calls carry the same arguments: two are repeats of the first.
      expect(result.repairs.at(-1)).toBe(
        'Called "charge" 3 times with the same arguments in one turn (duplicate-call): run each distinct call once and answer a repeat with the first call’s result; every copy has a call id of its own, so keying handlers on the id does not stop a second run.',
      );
      const distinct = diagnoseStrictGuarantee(
        payload({
          calls: [GOOD_CHARGE, OTHER_CHARGE].map((text) => ({ name: 'charge', arguments: text })),
          strict: true,
        }),
      );
      expect(distinct.repairs.at(-1)).toBe(
        'Key tool handlers on the call id and make them idempotent, so a repeated call cannot apply twice ("charge" 2 times in this turn).',
      );
    });

    test('the same configuration with one call this turn: strict-at-risk', () => {
      const result = diagnoseStrictGuarantee(payload({ calls: calls(1), strict: true }));
      expect(result.state).toBe('strict-at-risk');
      expect(result.detail).toContain('nothing was voided this time');
      expect(result.duplicates).toEqual({});
    });

    test('strict tools with parallel_tool_calls: false: strict-serialised', () => {
      const result = diagnoseStrictGuarantee(
        payload({ calls: calls(1), strict: true, parallel: false }),
      );
      expect(result.state).toBe('strict-serialised');
      expect(result.strictTools).toEqual(['charge']);
      expect(result.repairs).toEqual([]);
    });

    test('no strict tool and several calls: fanout-no-strict', () => {
      expect(diagnoseStrictGuarantee(payload({ calls: calls(2), strict: false })).state).toBe(
        'fanout-no-strict',
      );
    });

    test('no strict tool and one call: no-strict-declared', () => {
      expect(diagnoseStrictGuarantee(payload({ calls: calls(1), strict: false })).state).toBe(
        'no-strict-declared',
      );
    });
  });

  test('an absent parallel_tool_calls means true', () => {
    const request = chatRequest({ strict: true });
    expect('parallel_tool_calls' in request).toBe(false);
    const result = diagnoseStrictGuarantee({
      request,
      response: chatResponse({ calls: calls(2) }),
    });
    expect(result.state).toBe('strict-void');
    expect(result.detail).toContain(
      'with strict declared and parallel_tool_calls not set (it defaults to true)',
    );
  });

  test('a request body before it is sent: the configuration alone is strict-at-risk or strict-serialised', () => {
    expect(diagnoseStrictGuarantee(chatRequest({ strict: true })).state).toBe('strict-at-risk');
    expect(diagnoseStrictGuarantee(chatRequest({ strict: true, parallel: false })).state).toBe(
      'strict-serialised',
    );
    const responsesRequest = { model: 'gpt-5', input: 'hi', tools: responsesResponse().tools };
    expect(diagnoseStrictGuarantee(responsesRequest).state).toBe('strict-at-risk');
  });

  test('a response with no tools: no-tools', () => {
    const response = { ...responsesResponse({ text: 'hi' }), tools: [] };
    expect(diagnoseStrictGuarantee(response).state).toBe('no-tools');
  });

  test('a Chat response alone cannot show its tools, and says how to supply them', () => {
    const result = diagnoseStrictGuarantee(chatResponse({ calls: calls(2) }));
    expect(result.state).toBe('no-tools');
    expect(result.detail).toContain('pass the exchange { request, response } or { tools }');
  });

  test('a Responses body without its tools is named once, with no article doubled', () => {
    const { tools: _, ...response } = responsesResponse({ calls: calls(1) });
    expect(diagnoseStrictGuarantee(response).detail).toBe(
      "No tool declarations came with this OpenAI Responses API payload (the response does not carry the request's tools); pass the exchange { request, response } or { tools }.",
    );
  });
});

describe('providers that do not document the parallel rule: the configuration, without a finding', () => {
  test('Anthropic strict tools with parallel use allowed: strict-held, saying why', () => {
    const result = diagnoseStrictGuarantee({
      request: anthropicRequest({ strict: true }),
      response: anthropicMessage({ calls: calls(2) }),
    });
    expect(result.state).toBe('strict-held');
    expect(result.detail).toBe(
      'Strict on "charge", with parallel calls allowed and 2 calls this turn. Anthropic does not document that parallel calls void strict tool use, so this is reported without a finding.',
    );
  });

  test('Anthropic disable_parallel_tool_use: strict-serialised', () => {
    const result = diagnoseStrictGuarantee({
      request: anthropicRequest({ strict: true, parallel: false }),
      response: anthropicMessage({ calls: calls(1) }),
    });
    expect(result.state).toBe('strict-serialised');
  });

  test('Anthropic tools without strict, several calls: fanout-no-strict', () => {
    const result = diagnoseStrictGuarantee({
      request: anthropicRequest(),
      response: anthropicMessage({ calls: calls(2) }),
    });
    expect(result.state).toBe('fanout-no-strict');
    // Anthropic serialises calls with its own setting: parallel_tool_calls is OpenAI's.
    expect(result.repairs[0]).toBe(
      'Validate each call against its schema in your dispatcher, or declare the tools strict and serialise the calls (tool_choice.disable_parallel_tool_use: true).',
    );
  });

  test('Gemini has no strict flag: no-strict-declared or fanout-no-strict', () => {
    const one = diagnoseStrictGuarantee({
      request: geminiRequest(),
      response: geminiResponse({ calls: calls(1) }),
    });
    const two = diagnoseStrictGuarantee({
      request: geminiRequest(),
      response: geminiResponse({ calls: calls(2) }),
    });
    expect([one.state, two.state]).toEqual(['no-strict-declared', 'fanout-no-strict']);
    // Gemini documents no setting that serialises calls: the repair names none.
    expect(two.repairs[0]).toBe('Validate each call against its schema in your dispatcher.');
  });
});

describe('duplicates', () => {
  test('counts tool names called more than once, including names that are Object.prototype keys', () => {
    const response = responsesResponse({
      calls: [...calls(2, '__proto__'), ...calls(2, 'toString'), ...calls(1, 'charge')],
    });
    const { duplicates } = diagnoseStrictGuarantee(response);
    expect(Object.keys(duplicates).sort()).toEqual(['__proto__', 'toString']);
    expect(duplicates.toString).toBe(2);
    expect(Object.getOwnPropertyDescriptor(duplicates, '__proto__')?.value).toBe(2);
  });
});

describe('exposure', () => {
  test('the rate is over at-risk turns only, never over all turns', () => {
    const states = [
      'strict-void',
      'strict-at-risk',
      'strict-at-risk',
      'strict-at-risk',
      'no-tools',
      'no-strict-declared',
    ] as const;
    expect(exposure(states)).toEqual({ atRisk: 4, void: 1, rate: 0.25 });
  });

  test('takes diagnoses as well as states', () => {
    const turns = [responsesResponse({ calls: calls(2) }), responsesResponse({ calls: calls(1) })];
    expect(exposure(turns.map((turn) => diagnoseStrictGuarantee(turn)))).toEqual({
      atRisk: 2,
      void: 1,
      rate: 0.5,
    });
  });

  test('is null, not 0, when nothing was at risk', () => {
    expect(exposure(['no-tools', 'strict-serialised'])).toEqual({ atRisk: 0, void: 0, rate: null });
    expect(exposure([])).toEqual({ atRisk: 0, void: 0, rate: null });
  });
});

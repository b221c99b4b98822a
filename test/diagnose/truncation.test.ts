import { describe, expect, test } from 'vitest';
import { diagnoseTruncation, REASONING_DOMINANT_SHARE } from '../../src/index.js';
import {
  anthropicMessage,
  anthropicRequest,
  CUT_CHARGE,
  chatRequest,
  chatResponse,
  GOOD_CHARGE,
  geminiRequest,
  geminiResponse,
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
};

const CUT_TEXT = '{"rows":[{"sku":"A-1","qty":2},{"sku":"B-';

describe.each(Object.entries(surfaces))('on %s', (surface, payload) => {
  test('a finished turn whose text parses is complete', () => {
    const result = diagnoseTruncation(payload({ text: '{"ok":true}' }));
    expect(result.state).toBe('complete');
    expect(result.repairs).toEqual([]);
  });

  test('a finished turn whose answer is tool calls is complete: its calls are judged elsewhere', () => {
    const result = diagnoseTruncation(
      payload({ calls: [{ name: 'charge', arguments: GOOD_CHARGE }] }),
    );
    expect(result.state).toBe('complete');
    expect(result.detail).toContain('1 tool call; diagnoseCalls judges it');
  });

  test("text cut on the output ceiling is truncated-by-length, with this turn's numbers", () => {
    const result = diagnoseTruncation(
      payload({ text: CUT_TEXT, ending: 'ceiling', maxOutputTokens: 512, outputTokens: 512 }),
    );
    expect(result.state).toBe('truncated-by-length');
    expect(result.detail).toContain('used 512 tokens of a 512-token ceiling, 100% of it');
    expect(result.detail).toContain(
      'valid JSON prefix (ends inside a string; 3 unclosed containers)',
    );
    expect(result).toMatchObject({ ceiling: 512, outputTokens: 512 });
    expect(result.repairs[1]).toMatch(
      /^This turn was capped at 512 tokens and used 512 tokens: raise \S+ above/,
    );
  });

  test('a ceiling that is not in the payload is said to be unknown, never 0', () => {
    const body = payload({ text: CUT_TEXT, ending: 'ceiling', outputTokens: 300 });
    const result = diagnoseTruncation('response' in body ? body.response : body);
    expect(result.state).toBe('truncated-by-length');
    expect(result.ceiling).toBeNull();
    expect(result.detail).toContain('used 300 tokens; the ceiling is not in the payload');
  });

  test('a content filter stop is stopped-by-filter (Anthropic says refusal instead)', () => {
    const result = diagnoseTruncation(payload({ text: '', ending: 'filter' }));
    expect(result.state).toBe(surface === 'anthropic-messages' ? 'refused' : 'stopped-by-filter');
  });

  test('JSON text that stops mid-object with no reason reported is cut-without-a-reason', () => {
    // Asked for JSON: a Responses response echoes the text format asked for ("text" by default).
    const body = payload({ text: CUT_TEXT, json: true });
    const response = 'response' in body ? body.response : body;
    const stripped = stripStopReason(surface, response);
    const result = diagnoseTruncation(stripped);
    expect(result.state).toBe('cut-without-a-reason');
    expect(result.detail).toContain('nothing in the payload says why');
    expect(result.repairs[0]).toContain('Store the whole response');
  });

  test('a finished turn with neither text nor calls is empty-output', () => {
    const result = diagnoseTruncation(payload({}));
    expect(result.state).toBe('empty-output');
  });

  test('finished JSON text that is broken, not cut, is schema-not-followed when JSON was asked for', () => {
    const result = diagnoseTruncation(payload({ text: '{"rows": [1, 2,]}' }), { expectJson: true });
    expect(result.state).toBe('schema-not-followed');
    expect(result.detail).toContain('broken, not cut');
  });

  test('prose that merely starts like JSON is not judged as JSON when none was asked for', () => {
    expect(diagnoseTruncation(payload({ text: '[1] Smith et al. showed that...' })).state).toBe(
      'complete',
    );
  });

  test('prose is not judged as JSON unless JSON was asked for', () => {
    expect(diagnoseTruncation(payload({ text: 'Your order shipped.' })).state).toBe('complete');
    expect(
      diagnoseTruncation(payload({ text: 'Your order shipped.' }), { expectJson: true }).state,
    ).toBe('schema-not-followed');
  });
});

describe('ceiling-spent-on-reasoning', () => {
  test('OpenAI Responses: at least 60% of the output on reasoning', () => {
    const result = diagnoseTruncation(
      responsesResponse({
        text: '{"a',
        ending: 'ceiling',
        maxOutputTokens: 2000,
        outputTokens: 2000,
        reasoningTokens: 1900,
      }),
    );
    expect(result.state).toBe('ceiling-spent-on-reasoning');
    expect(result.detail).toContain('with 95% of the output spent on reasoning (1,900 tokens)');
    expect(result.repairs[0]).toContain(
      'raise max_output_tokens above 2,000, or lower the reasoning effort',
    );
  });

  test('OpenAI Chat: reasoning_tokens in completion_tokens_details', () => {
    const result = diagnoseTruncation({
      request: chatRequest({ maxOutputTokens: 1000 }),
      response: chatResponse({ ending: 'ceiling', outputTokens: 1000, reasoningTokens: 1000 }),
    });
    expect(result.state).toBe('ceiling-spent-on-reasoning');
    expect(result).toMatchObject({ ceiling: 1000, outputTokens: 1000, reasoningTokens: 1000 });
  });

  test('Gemini: thoughtsTokenCount counts against the ceiling beside the answer', () => {
    const result = diagnoseTruncation({
      request: geminiRequest({ maxOutputTokens: 1000 }),
      response: geminiResponse({
        ending: 'ceiling',
        outputTokens: 1000,
        reasoningTokens: 700,
        text: '{"a":',
      }),
    });
    expect(result.state).toBe('ceiling-spent-on-reasoning');
    expect(result.detail).toContain('70% of the output spent on reasoning');
  });

  test('Anthropic: a message cut with only thinking blocks never began its answer', () => {
    const message = {
      ...anthropicMessage({ ending: 'ceiling' }),
      content: [{ type: 'thinking', thinking: 'Let me', signature: 'EqQBCgIYAhIM' }],
    };
    const result = diagnoseTruncation(message);
    expect(result.state).toBe('ceiling-spent-on-reasoning');
    expect(result.detail).toContain('only reasoning in the output');
  });

  test('at exactly 60% (REASONING_DOMINANT_SHARE) it is ceiling-spent-on-reasoning', () => {
    const result = diagnoseTruncation(
      responsesResponse({ text: '{"a', ending: 'ceiling', outputTokens: 100, reasoningTokens: 60 }),
    );
    expect(REASONING_DOMINANT_SHARE).toBe(0.6);
    expect(result.state).toBe('ceiling-spent-on-reasoning');
    expect(result.detail).toContain('with 60% of the output spent on reasoning (60 tokens)');
  });

  test('an unreported ceiling names the reasoning from exactly 60% on', () => {
    const at = (reasoningTokens: number) =>
      diagnoseTruncation({
        request: chatRequest({ maxOutputTokens: 500 }),
        response: chatResponse({ text: 'Sure', outputTokens: 500, reasoningTokens }),
      });
    expect(at(300)).toMatchObject({ state: 'ceiling-unreported' });
    expect(at(300).detail).toMatch(/ 60% of the output was reasoning \(300 tokens\)\.$/);
    expect(at(299).detail).not.toMatch(/of the output was reasoning/);
  });

  test('below 60% it is truncated-by-length', () => {
    const result = diagnoseTruncation(
      responsesResponse({ text: '{"a', ending: 'ceiling', outputTokens: 100, reasoningTokens: 59 }),
    );
    expect(result.state).toBe('truncated-by-length');
  });
});

describe('Anthropic stop reasons', () => {
  test('max_tokens inside the last tool_use is truncated-tool-use', () => {
    const result = diagnoseTruncation({
      request: anthropicRequest({ maxOutputTokens: 256 }),
      response: anthropicMessage({
        calls: [{ name: 'charge', arguments: '{}' }],
        ending: 'ceiling',
        outputTokens: 256,
      }),
    });
    expect(result.state).toBe('truncated-tool-use');
    expect(result.detail).toMatch(
      /^Stopped on the output ceiling \(stop_reason "max_tokens"\) inside tool_use block "charge" \(content\[0\]\)/,
    );
    expect(result.detail).toContain('used 256 tokens of a 256-token ceiling, 100% of it');
  });

  test('refusal is refused and quotes what was said', () => {
    const message = {
      ...anthropicMessage({ text: 'I can’t help with that.' }),
      stop_reason: 'refusal',
    };
    const result = diagnoseTruncation(message);
    expect(result.state).toBe('refused');
    expect(result.detail).toBe('The model refused: "I can’t help with that." Nothing was cut.');
  });

  test('pause_turn is incomplete-other: unfinished, not cut', () => {
    const result = diagnoseTruncation({
      ...anthropicMessage({ text: 'Searching' }),
      stop_reason: 'pause_turn',
    });
    expect(result.state).toBe('incomplete-other');
    expect(result.repairs[0]).toContain('continue');
  });

  test('model_context_window_exceeded is a cut whose repair is the context, not max_tokens', () => {
    const result = diagnoseTruncation({
      ...anthropicMessage({ text: CUT_TEXT }),
      stop_reason: 'model_context_window_exceeded',
    });
    expect(result.state).toBe('truncated-by-length');
    expect(result.detail).toMatch(/^The context window filled/);
    expect(result.repairs[0]).toContain('context window, not max_tokens');
  });

  test("a Chat turn that filled the context window names Chat's own ceiling field in the repair", () => {
    const response = chatResponse({ text: CUT_TEXT });
    const [choice] = response.choices;
    // Mistral's finish reason when the context window filled.
    const filled = { ...response, choices: [{ ...choice, finish_reason: 'model_length' }] };
    const result = diagnoseTruncation({
      request: chatRequest({ maxOutputTokens: 1024 }),
      response: filled,
    });
    expect(result.state).toBe('truncated-by-length');
    expect(result.repairs[0]).toBe(
      'The context window, not max_completion_tokens, ended the answer: shorten the conversation or the tool results sent back, or compact history before this call.',
    );
  });
});

describe('OpenAI refusals and other endings', () => {
  test('a Responses refusal part is refused', () => {
    const response = {
      ...responsesResponse(),
      output: [
        {
          id: 'msg_1',
          type: 'message',
          status: 'completed',
          role: 'assistant',
          content: [{ type: 'refusal', refusal: 'I can’t help with that.' }],
        },
      ],
    };
    expect(diagnoseTruncation(response).state).toBe('refused');
  });

  test('a Chat message.refusal is refused', () => {
    const response = chatResponse();
    response.choices[0]!.message.refusal = 'I can’t help with that.' as never;
    expect(diagnoseTruncation(response).state).toBe('refused');
  });

  test('a Responses incomplete for another reason is incomplete-other', () => {
    const response = {
      ...responsesResponse({ text: 'x' }),
      status: 'incomplete',
      incomplete_details: { reason: 'something_new' },
    };
    const result = diagnoseTruncation(response);
    expect(result.state).toBe('incomplete-other');
    expect(result.detail).toContain(
      '(status "incomplete" with incomplete_details.reason "something_new")',
    );
  });

  test('a failed Responses run is incomplete-other with the error', () => {
    const response = {
      ...responsesResponse(),
      status: 'failed',
      error: { code: 'server_error', message: 'The server had an error.' },
    };
    expect(diagnoseTruncation(response).detail).toContain(
      'status "failed" (The server had an error.)',
    );
  });

  test('a cut tool call on a Chat turn with no finish_reason is cut-without-a-reason', () => {
    const response = chatResponse({ calls: [{ name: 'charge', arguments: CUT_CHARGE }] });
    response.choices[0]!.finish_reason = null as never;
    const result = diagnoseTruncation(response);
    expect(result.state).toBe('cut-without-a-reason');
    expect(result.detail).toContain('It reports no stop reason');
  });
});

describe('Gemini finish reasons', () => {
  test('SAFETY, RECITATION and a blocked prompt are stopped-by-filter', () => {
    for (const finishReason of ['SAFETY', 'RECITATION', 'PROHIBITED_CONTENT']) {
      const response = geminiResponse({ text: '' });
      response.candidates[0]!.finishReason = finishReason;
      expect(diagnoseTruncation(response).state).toBe('stopped-by-filter');
    }
    const blocked = {
      promptFeedback: { blockReason: 'SAFETY' },
      usageMetadata: { promptTokenCount: 8, totalTokenCount: 8 },
    };
    expect(diagnoseTruncation(blocked).detail).toContain('promptFeedback.blockReason "SAFETY"');
  });

  test('MALFORMED_FUNCTION_CALL is incomplete-other and hands the call to diagnoseCalls', () => {
    const response = geminiResponse();
    response.candidates[0]!.finishReason = 'MALFORMED_FUNCTION_CALL';
    const result = diagnoseTruncation(response);
    expect(result.state).toBe('incomplete-other');
    expect(result.detail).toContain('diagnoseCalls reports the call');
  });

  test('snake_case field names (as some clients serialise them) read the same', () => {
    const response = {
      candidates: [
        { content: { parts: [{ text: CUT_TEXT }], role: 'model' }, finish_reason: 'MAX_TOKENS' },
      ],
      usage_metadata: { candidates_token_count: 100 },
    };
    const result = diagnoseTruncation(response, { maxOutputTokens: 100 });
    expect(result.state).toBe('truncated-by-length');
    expect(result.detail).toContain('used 100 tokens of a 100-token ceiling, 100% of it');
  });
});

describe('Anthropic batch results lines', () => {
  const line = (result: unknown) => ({ custom_id: 'order-4471', result });

  test('a succeeded line is judged as its message', () => {
    const cut = line({
      type: 'succeeded',
      message: anthropicMessage({
        calls: [{ name: 'charge', arguments: '{}' }],
        ending: 'ceiling',
      }),
    });
    expect(diagnoseTruncation(cut).state).toBe('truncated-tool-use');
    expect(
      diagnoseTruncation(
        JSON.stringify(line({ type: 'succeeded', message: anthropicMessage({ text: 'Done.' }) })),
      ).state,
    ).toBe('complete');
  });

  test('errored, canceled and expired lines are not-succeeded, with the error and the repair', () => {
    const errored = diagnoseTruncation(
      line({
        type: 'errored',
        error: {
          type: 'error',
          error: { type: 'invalid_request_error', message: 'max_tokens: Field required' },
        },
      }),
    );
    expect(errored.state).toBe('not-succeeded');
    expect(errored.detail).toBe(
      'Batch request "order-4471" has result type "errored" (max_tokens: Field required): there is no message to judge.',
    );
    expect(diagnoseTruncation(line({ type: 'expired' })).repairs[0]).toContain('24 hours');
    expect(diagnoseTruncation(line({ type: 'canceled' })).state).toBe('not-succeeded');
  });

  test('a line that is not JSON is unreadable', () => {
    const result = diagnoseTruncation('{"custom_id": "order-4471", "result": {"type": "succ');
    expect(result.state).toBe('unreadable');
    expect(result.detail).toContain('which is not JSON');
  });
});

function stripStopReason(surface: string, response: unknown): unknown {
  const copy = structuredClone(response) as Record<string, unknown>;
  if (surface === 'openai-responses') delete copy.status;
  if (surface === 'openai-chat')
    (copy.choices as Record<string, unknown>[])[0]!.finish_reason = null;
  if (surface === 'anthropic-messages') delete copy.stop_reason;
  if (surface === 'gemini') delete (copy.candidates as Record<string, unknown>[])[0]!.finishReason;
  return copy;
}

describe('endings that are neither a cut nor an empty answer', () => {
  test('a turn whose output is a client action (shell_call) is complete, not empty', () => {
    const response = {
      ...responsesResponse(),
      output: [
        {
          type: 'shell_call',
          id: 'sh_1',
          call_id: 'call_sh_1',
          action: { commands: ['ls'] },
          status: 'completed',
        },
      ],
    };
    const result = diagnoseTruncation(response);
    expect(result.state).toBe('complete');
    expect(result.detail).toContain('shell_call at output[0]');
  });

  test('a background response still in progress is not finished, and says to retrieve it again', () => {
    const result = diagnoseTruncation({
      ...responsesResponse(),
      status: 'in_progress',
      output: [],
    });
    expect(result.state).toBe('incomplete-other');
    expect(result.detail).toBe(
      'The response had not finished (status "in_progress"): a background response still running, or a stream read before its end.',
    );
  });

  test('Anthropic JSON ended by a stop sequence names the sequence as the cause', () => {
    const message = {
      ...anthropicMessage({ text: '{"a": 1' }),
      stop_reason: 'stop_sequence',
      stop_sequence: '}',
    };
    const result = diagnoseTruncation(message);
    expect(result.state).toBe('incomplete-other');
    expect(result.detail).toContain(
      'the stop sequence ended the answer (stop_reason "stop_sequence" (stop_sequence "}"))',
    );
  });

  test('a length cut after whole tool calls says the calls are whole', () => {
    const result = diagnoseTruncation(
      chatResponse({ calls: [{ name: 'charge', arguments: GOOD_CHARGE }], ending: 'ceiling' }),
    );
    expect(result.state).toBe('truncated-by-length');
    expect(result.detail).toContain('Its one tool call is whole; the cut came after it.');
  });

  test('Gemini UNEXPECTED_TOOL_CALL and TOO_MANY_TOOL_CALLS say what they mean', () => {
    const unexpected = geminiResponse();
    unexpected.candidates[0]!.finishReason = 'UNEXPECTED_TOOL_CALL';
    expect(diagnoseTruncation(unexpected).detail).toContain(
      'the model called a tool while no tools were enabled',
    );
    const tooMany = geminiResponse();
    tooMany.candidates[0]!.finishReason = 'TOO_MANY_TOOL_CALLS';
    expect(diagnoseTruncation(tooMany).detail).toContain(
      'more consecutive tool calls than Gemini allows',
    );
  });
});

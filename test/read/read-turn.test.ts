import { describe, expect, test } from 'vitest';
import { ACCEPTED_INPUTS, diagnoseCalls, diagnoseTruncation, readTurn } from '../../src/index.js';
import {
  anthropicMessage,
  anthropicRequest,
  chatRequest,
  chatResponse,
  GOOD_CHARGE,
  geminiRequest,
  geminiResponse,
  responsesResponse,
} from '../support/payloads.js';

function turnOf(input: unknown, options?: Parameters<typeof readTurn>[1]) {
  const read = readTurn(input, options);
  if (!read.ok) throw new Error(read.problem);
  return read.turn;
}

const charge = [{ name: 'charge', arguments: GOOD_CHARGE }];

describe('the surface is detected from the shape', () => {
  test.each([
    ['openai-responses', responsesResponse()],
    ['openai-chat', chatResponse()],
    ['anthropic-messages', anthropicMessage()],
    ['gemini', geminiResponse()],
    ['openai-chat', { request: chatRequest(), response: chatResponse() }],
    ['anthropic-messages', { request: anthropicRequest(), response: anthropicMessage() }],
    ['gemini', { request: geminiRequest(), response: geminiResponse() }],
    ['openai-chat', chatRequest()],
    ['anthropic-messages', anthropicRequest()],
    ['gemini', geminiRequest()],
    ['openai-responses', { model: 'gpt-5', input: 'hi', tools: [] }],
  ])('%s', (surface, input) => {
    expect(turnOf(input).surface).toBe(surface);
  });

  test('a JSON string is parsed first', () => {
    expect(turnOf(JSON.stringify(chatResponse())).surface).toBe('openai-chat');
  });

  test('an exchange recorded with its bodies as text reads the same', () => {
    const turn = turnOf({
      request: JSON.stringify(chatRequest()),
      response: JSON.stringify(chatResponse()),
    });
    expect(turn.tools?.map((tool) => tool.name)).toEqual(['charge']);
  });
});

describe('each surface reads into one model', () => {
  test('Responses: calls with call_id, echoed tools, parallel flag, ceiling and usage', () => {
    const turn = turnOf(
      responsesResponse({
        calls: charge,
        maxOutputTokens: 900,
        outputTokens: 300,
        reasoningTokens: 100,
        parallel: false,
      }),
    );
    expect(turn.calls).toEqual([
      {
        name: 'charge',
        callId: 'call_a1b2c30',
        kind: 'function',
        arguments: { form: 'json-text', text: GOOD_CHARGE },
        unfinished: false,
        at: 'output[1]',
      },
    ]);
    expect(turn).toMatchObject({
      id: 'resp_68af4030592c81938ec0a5fbab4a3e9f05438e46b5f69a3b',
      parallelToolCalls: false,
      maxOutputTokens: 900,
      outputTokens: 300,
      reasoningTokens: 100,
      reasoningSeen: true,
      stop: { kind: 'finished', said: 'status "completed"' },
    });
    expect(turn.tools).toEqual([
      expect.objectContaining({ name: 'charge', kind: 'function', strict: true, at: 'tools[0]' }),
    ]);
  });

  test('Chat: tool_calls by position, the request supplies tools and ceiling', () => {
    const turn = turnOf({
      request: chatRequest({ maxOutputTokens: 700, parallel: true }),
      response: chatResponse({ calls: charge }),
    });
    expect(turn.calls[0]).toMatchObject({
      name: 'charge',
      callId: 'call_a1b2c30',
      at: 'choices[0].message.tool_calls[0]',
    });
    expect(turn).toMatchObject({
      maxOutputTokens: 700,
      parallelToolCalls: true,
      stop: { kind: 'finished', said: 'finish_reason "tool_calls"' },
    });
    expect(turn.tools?.[0]).toMatchObject({ name: 'charge', strict: true, at: 'request.tools[0]' });
  });

  test('Chat: the deprecated max_tokens is read when max_completion_tokens is absent', () => {
    const request = { ...chatRequest(), max_tokens: 300 };
    expect(turnOf({ request, response: chatResponse() }).maxOutputTokens).toBe(300);
  });

  test('Chat: custom tool calls and the legacy function_call are read', () => {
    const response = chatResponse();
    Object.assign(response.choices[0]!.message, {
      tool_calls: [
        { id: 'call_c1', type: 'custom', custom: { name: 'write_sql', input: 'SELECT 1' } },
      ],
      function_call: { name: 'legacy', arguments: '{}' },
    });
    expect(
      turnOf(response).calls.map((call) => [call.name, call.kind, call.arguments.form]),
    ).toEqual([
      ['write_sql', 'custom', 'free-text'],
      ['legacy', 'function', 'json-text'],
    ]);
  });

  test('Chat: a server that counts reasoning apart from completion tokens is summed, with a note', () => {
    const response = chatResponse({ outputTokens: 26, reasoningTokens: 255 });
    const turn = turnOf(response);
    expect(turn.outputTokens).toBe(281);
    expect(turn.notes).toContain(
      'usage.completion_tokens (26) is below its reasoning_tokens (255), so this server counts reasoning apart; output counted as 281',
    );
  });

  test('Chat: several choices read the first and say how to read the others', () => {
    const response = chatResponse({ text: 'a' });
    response.choices.push({
      ...response.choices[0]!,
      index: 1,
      message: { ...response.choices[0]!.message, content: 'b' },
    });
    expect(turnOf(response).notes).toContain(
      'choices[0] of 2 read; pass { choice: i } to read another',
    );
    expect(turnOf(response, { choice: 1 }).text).toBe('b');
  });

  test('Anthropic: tool_use input is already an object; disable_parallel_tool_use reads as parallel off', () => {
    const turn = turnOf({
      request: anthropicRequest({ parallel: false, strict: true }),
      response: anthropicMessage({ calls: charge }),
    });
    expect(turn.calls[0]?.arguments).toEqual({ form: 'object', value: JSON.parse(GOOD_CHARGE) });
    expect(turn.calls[0]?.callId).toMatch(/^toolu_/);
    expect(turn).toMatchObject({ parallelToolCalls: false, maxOutputTokens: 1024 });
    expect(turn.tools?.[0]).toMatchObject({ strict: true });
  });

  test('Gemini: OpenAPI-style parameters become JSON Schema; thoughts count as output', () => {
    const turn = turnOf({
      request: geminiRequest({ maxOutputTokens: 500 }),
      response: geminiResponse({ calls: charge, outputTokens: 300, reasoningTokens: 200 }),
    });
    expect(turn.tools?.[0]?.schema).toMatchObject({
      type: 'object',
      properties: { amount_cents: { type: 'integer' } },
    });
    expect(turn).toMatchObject({ maxOutputTokens: 500, outputTokens: 300, reasoningTokens: 200 });
  });

  test('Gemini: parametersJsonSchema is used as it is, and the @google/genai config shape is read', () => {
    const schema = { type: 'object', properties: { q: { type: 'string' } }, required: ['q'] };
    const params = {
      model: 'gemini-2.5-flash',
      contents: 'hi',
      config: {
        maxOutputTokens: 64,
        tools: [{ functionDeclarations: [{ name: 'search', parametersJsonSchema: schema }] }],
      },
    };
    const turn = turnOf({ request: params, response: geminiResponse() });
    expect(turn.tools?.[0]?.schema).toBe(schema);
    expect(turn.maxOutputTokens).toBe(64);
  });

  test('options supply what a response does not echo, and win over it', () => {
    const turn = turnOf(responsesResponse({ maxOutputTokens: 10 }), {
      maxOutputTokens: 99,
      parallelToolCalls: false,
      tools: [{ type: 'function', function: { name: 'other', parameters: {} } }],
      expectJson: true,
    });
    expect(turn).toMatchObject({
      maxOutputTokens: 99,
      parallelToolCalls: false,
      expectsJson: true,
    });
    expect(turn.tools?.map((tool) => tool.name)).toEqual(['other']);
  });
});

describe('nothing is dropped silently', () => {
  test('junk items, nameless tools, built-in tools and duplicates are noted, not thrown on', () => {
    const response = {
      ...responsesResponse({ calls: charge }),
      output: [
        null,
        7,
        { type: 'web_search_call', id: 'ws_1', status: 'completed' },
        ...responsesResponse({ calls: charge }).output,
      ],
      tools: [
        { type: 'function', parameters: {} },
        { type: 'web_search' },
        'charge',
        ...responsesResponse().tools,
        ...responsesResponse().tools,
      ],
    };
    const turn = turnOf(response);
    expect(turn.calls).toHaveLength(1);
    expect(turn.notes).toEqual([
      'tools[0] declares a tool with no name; skipped, so no call can match it',
      'tools[1] is a built-in tool (web_search); the provider runs its calls, so it is not checked',
      'tools[2] is the string "charge", not a tool; skipped',
      'tools[4] declares "charge" a second time; the first declaration is used',
      'output[0] is null, not an output item; skipped',
      'output[1] is the integer 7, not an output item; skipped',
      'output[2] (web_search_call) is not a function or custom tool call; not checked',
    ]);
  });

  test('an input that is no payload is a clear problem naming what is accepted', () => {
    for (const [junk, got] of [
      [null, 'got null'],
      [42, 'got the integer 42'],
      ['hello', 'got the string "hello", which is not JSON'],
      [[1, 2], 'got an array of 2 items'],
      [{ foo: 1 }, 'got an object with keys "foo"'],
    ] as const) {
      const read = readTurn(junk);
      expect(read.ok).toBe(false);
      if (!read.ok) {
        expect(read.problem).toMatch(
          /^expected an OpenAI Responses response \(output\[\]\), a Chat Completions response/,
        );
        expect(read.problem).toContain(got);
      }
    }
  });
});

describe('readings a careful engineer would make', () => {
  test('Responses: the echoed tools are what the server used, so they win over the request', () => {
    const response = responsesResponse({ calls: charge });
    response.tools[0]!.strict = false;
    const request = {
      model: 'gpt-5',
      input: 'hi',
      tools: [{ ...response.tools[0], strict: true }],
    };
    expect(turnOf({ request, response }).tools?.[0]?.strict).toBe(false);
  });

  test('Responses: an omitted strict is strict when the server can rewrite the schema into strict mode', () => {
    const request = (parameters: unknown) => ({
      model: 'gpt-5',
      input: 'hi',
      tools: [{ type: 'function', name: 'weather', parameters }],
    });
    // Optional and open: the server closes the object and requires the property.
    const loose = { type: 'object', properties: { city: { type: 'string' } }, required: [] };
    expect(turnOf(request(loose)).tools?.[0]?.strict).toBe(true);
    // An explicit additionalProperties: true is no rewrite's to undo: non-strict.
    const open = { ...loose, additionalProperties: true };
    const fallback = turnOf(request(open));
    expect(fallback.tools?.[0]?.strict).toBe(false);
    expect(fallback.notes[0]).toContain('read as not strict');
  });

  test('tools that are not a list leave the tools unknown, not empty', () => {
    expect(turnOf(chatResponse({ calls: charge }), { tools: { nope: 1 } }).tools).toBeNull();
    expect(
      turnOf({ request: { ...chatRequest(), tools: {} }, response: chatResponse() }).tools,
    ).toBeNull();
  });

  test('a bare { model, max_tokens, messages } request is Chat Completions; Anthropic is told by its own fields', () => {
    const bare = { model: 'gpt-4o', max_tokens: 50, messages: [{ role: 'user', content: 'hi' }] };
    expect(turnOf(bare).surface).toBe('openai-chat');
    expect(turnOf({ ...bare, system: 'Be brief.' }).surface).toBe('anthropic-messages');
  });

  test('a Turn passed back in is read as it is, and options do not change the original', () => {
    const turn = turnOf(chatResponse({ calls: charge }));
    const again = turnOf(turn, { tools: chatRequest().tools });
    expect(again.tools?.[0]?.name).toBe('charge');
    expect(turn.tools).toBeNull();
  });

  test('a choice that does not exist is a problem, not an empty answer', () => {
    const read = readTurn(chatResponse({ text: 'a' }), { choice: 1 });
    expect(read).toEqual({
      ok: false,
      problem: 'choice 1 does not exist; the response has 1 choice',
      found: 'choice 1 does not exist; the response has 1 choice',
    });
  });

  test('a failure says what it found apart from the accepted inputs, for callers that list them once', () => {
    expect(readTurn(3)).toEqual({
      ok: false,
      problem: `expected ${ACCEPTED_INPUTS}; got the integer 3`,
      found: 'got the integer 3',
      // The finding is the input itself: a matcher shows it as its Received line.
      received: 'the integer 3',
    });
    expect(readTurn('hello')).toMatchObject({
      found: 'got the string "hello", which is not JSON',
      received: 'the string "hello", which is not JSON',
    });
    // A finding about a part of the input has no `received`: the caller describes the input.
    expect(readTurn({ request: {}, response: 3 })).not.toHaveProperty('received');
    const error = { error: { type: 'invalid_request_error', message: 'Bad request.' } };
    expect(readTurn(error)).toEqual({
      ok: false,
      problem: `got an API error response (invalid_request_error): Bad request. It holds no model output. Expected ${ACCEPTED_INPUTS}`,
      found:
        'got an API error response (invalid_request_error): Bad request. It holds no model output',
      received:
        'an API error response (invalid_request_error): Bad request. It holds no model output',
      // So a diagnosis can say the provider answered with an error, not that the input was wrong.
      apiError: true,
    });
    const [verdict] = diagnoseCalls(error);
    expect(verdict?.repairs).toEqual([
      'The provider answered with an error, not a turn: handle it before reading any output (retry a 429 or 5xx with backoff; fix the request for another 4xx).',
    ]);
    expect(diagnoseTruncation(error).repairs).toEqual(verdict?.repairs);
  });

  test('null options read like no options', () => {
    expect(readTurn(chatResponse(), null).ok).toBe(true);
  });

  test('stream chunks, legacy completions and API error bodies are named for what they are', () => {
    const chunk = {
      id: 'chatcmpl-1',
      object: 'chat.completion.chunk',
      choices: [{ index: 0, delta: { content: 'Hel' }, finish_reason: null }],
    };
    expect(readTurn(chunk)).toMatchObject({
      ok: false,
      problem: expect.stringContaining('one stream chunk (chat.completion.chunk)'),
    });
    const legacy = {
      id: 'cmpl-1',
      object: 'text_completion',
      choices: [{ text: 'hi', index: 0, finish_reason: 'stop' }],
    };
    expect(readTurn(legacy)).toMatchObject({
      ok: false,
      problem: expect.stringContaining('legacy Completions'),
    });
    const error = {
      error: { type: 'invalid_request_error', message: 'max_tokens: Field required' },
    };
    expect(readTurn({ request: anthropicRequest(), response: error })).toMatchObject({
      ok: false,
      problem: expect.stringMatching(
        /^the exchange's response is an API error response \(invalid_request_error\): max_tokens: Field required/,
      ),
    });
  });

  test('an Anthropic batch results line pairs with its request line', () => {
    const requestLine = {
      custom_id: 'order-4471',
      params: anthropicRequest({ maxOutputTokens: 2048, strict: true }),
    };
    const resultLine = {
      custom_id: 'order-4471',
      result: { type: 'succeeded', message: anthropicMessage({ calls: charge }) },
    };
    const turn = turnOf({ request: requestLine, response: resultLine });
    expect(turn).toMatchObject({ source: 'batch-line', maxOutputTokens: 2048 });
    expect(turn.tools?.[0]).toMatchObject({ name: 'charge', strict: true });
  });
});

describe('only a payload’s own fields are read', () => {
  test('fields found on a prototype are not read', () => {
    expect(readTurn(Object.create(chatResponse({ calls: charge })))).toMatchObject({ ok: false });
    const response = chatResponse({ calls: charge });
    for (const choice of response.choices) choice.message = Object.create(choice.message);
    expect(turnOf(response).calls).toEqual([]);
  });

  test('a class instance is read through its own fields; getters on its class are not', () => {
    class SdkResponse {
      constructor(payload: object) {
        Object.assign(this, payload);
      }
      get usage(): unknown {
        throw new Error('a getter on the class is never called');
      }
    }
    const { usage: _, ...withoutUsage } = chatResponse({ calls: charge });
    const turn = turnOf(new SdkResponse(withoutUsage));
    expect(turn.calls.map((call) => call.name)).toEqual(['charge']);
    expect(turn.outputTokens).toBeNull();
  });

  test('a hole in a sparse array is named in a note, not passed over', () => {
    const message = anthropicMessage({ calls: charge });
    // Every block one place on, leaving index 0 a hole.
    const content: unknown[] = [];
    message.content.forEach((block: unknown, index: number) => {
      content[index + 1] = block;
    });
    const sparse = { ...message, content };
    expect(turnOf(sparse).notes).toContain('content[0] is undefined, not a content block; skipped');
  });

  test('a Gemini field sent as null in one spelling is read as sent, not from the other', () => {
    const response = geminiResponse();
    const candidate = { ...response.candidates[0], finishReason: null, finish_reason: 'STOP' };
    expect(turnOf({ ...response, candidates: [candidate] }).stop.kind).toBe('unreported');
  });

  test('a null-prototype payload reads as any other', () => {
    const bare = Object.assign(Object.create(null) as object, chatResponse({ calls: charge }));
    expect(turnOf(bare).calls.map((call) => call.name)).toEqual(['charge']);
  });
});

describe('an unstated strict gets its provider’s default, and only where the provider gives one', () => {
  const schema = {
    type: 'object',
    properties: { id: { type: 'string' } },
    required: ['id'],
    additionalProperties: false,
  };
  const responsesTurn = { object: 'response', status: 'completed', output: [] };

  test('a Responses-shaped tool on a Responses turn is strict when the server can make it so, and says so', () => {
    const read = readTurn(responsesTurn, {
      tools: [{ type: 'function', name: 'lookup', parameters: schema }],
    });
    expect(read.ok && read.turn.tools).toMatchObject([
      { name: 'lookup', strict: true, strictStated: false, shape: 'openai-responses' },
    ]);
    expect(read.ok && read.turn.notes).toEqual([
      'options.tools[0] does not set strict, so the OpenAI Responses API rewrites its schema into strict mode (every object closed with additionalProperties: false, every property required) and it is read as strict',
    ]);
  });

  test('a Chat- or Anthropic-shaped tool on a Responses turn keeps what it says: not strict', () => {
    const read = readTurn(responsesTurn, {
      tools: [
        { type: 'function', function: { name: 'nested', parameters: schema } },
        { name: 'anthropic', input_schema: schema },
      ],
    });
    expect(read.ok && read.turn.tools).toMatchObject([
      { name: 'nested', strict: false, strictStated: false, shape: 'openai-chat' },
      { name: 'anthropic', strict: false, strictStated: false, shape: 'anthropic-messages' },
    ]);
    expect(read.ok && read.turn.notes).toEqual([]);
  });

  test('a Turn saved before strictStated existed keeps its strict: false', () => {
    const saved = {
      surface: 'openai-responses',
      source: 'request',
      id: null,
      calls: [],
      stop: { kind: 'unreported', said: null },
      notes: [],
      tools: [
        { name: 't', kind: 'function', schema, strict: false, grammar: false, at: 'tools[0]' },
      ],
    };
    const read = readTurn(saved);
    expect(read.ok && read.turn.tools).toMatchObject([{ name: 't', strict: false }]);
    expect(read.ok && read.turn.notes).toEqual([]);
  });
});

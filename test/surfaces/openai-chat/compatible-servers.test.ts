/**
 * How Chat Completions traffic from OpenAI-compatible servers reads (issue #17): each `describe`
 * is one way a server departs from OpenAI's own wire format, with payloads shaped like that
 * server's, and what the library makes of them.
 */
import { describe, expect, test } from 'vitest';
import {
  diagnoseCalls,
  diagnoseStrictGuarantee,
  diagnoseTruncation,
  readTurn,
  reassembleStream,
  type Turn,
} from '../../../src/index.js';
import { CHAT_FINISH_REASONS } from '../../../src/surfaces/openai-chat/finish-reasons.js';
import { failureOf } from '../../matchers/support.js';

const WEATHER_SCHEMA = {
  type: 'object',
  properties: { city: { type: 'string' } },
  required: ['city'],
  additionalProperties: false,
};
const WEATHER_TOOL = {
  type: 'function',
  function: { name: 'get_weather', parameters: WEATHER_SCHEMA },
};

function turnOf(input: unknown, options?: Parameters<typeof readTurn>[1]): Turn {
  const read = readTurn(input, options);
  if (!read.ok) throw new Error(read.problem);
  return read.turn;
}

/** SSE text of these chunks, with no `data: [DONE]` unless asked. */
function sse(chunks: readonly unknown[], done = false): string {
  return (
    chunks.map((chunk) => `data: ${JSON.stringify(chunk)}\n\n`).join('') +
    (done ? 'data: [DONE]\n\n' : '')
  );
}

/** A non-streamed Chat body with one choice. */
function chatBody(choice: Record<string, unknown>, extra: Record<string, unknown> = {}) {
  return {
    id: 'chatcmpl-1',
    object: 'chat.completion',
    created: 1_767_225_600,
    model: 'a-compatible-model',
    choices: [{ index: 0, logprobs: null, ...choice }],
    ...extra,
  };
}

describe('class 1: Writer sends a whole message beside each delta and never sends data: [DONE]', () => {
  // Writer's chunk choices carry `delta` and `message` (its SDK: "message ... is deprecated for
  // streaming. Use `delta` instead"), and its stream ends at the finish_reason chunk.
  const writerChunk = (
    delta: Record<string, unknown>,
    message: Record<string, unknown>,
    finishReason: string | null = null,
    extra: Record<string, unknown> = {},
  ) => ({
    id: '4a7f1e0c-5b1d-4bde-9a4e-0f6c2f1f7c11',
    object: 'chat.completion.chunk',
    created: 1_767_225_600,
    model: 'palmyra-x5',
    choices: [
      {
        index: 0,
        finish_reason: finishReason,
        delta,
        message: { role: 'assistant', refusal: '', ...message },
      },
    ],
    ...extra,
  });
  const call = (fn: Record<string, unknown>, id?: string) => ({
    index: 0,
    ...(id ? { id, type: 'function' } : {}),
    function: fn,
  });
  const WRITER_CHUNKS = [
    writerChunk({ role: 'assistant', content: 'Checking ' }, { content: 'Checking ' }),
    writerChunk({ content: 'Oslo.' }, { content: 'Oslo.' }),
    writerChunk(
      { tool_calls: [call({ name: 'get_weather', arguments: '' }, 'call_w1')] },
      { content: '', tool_calls: [call({ name: 'get_weather', arguments: '' }, 'call_w1')] },
    ),
    writerChunk(
      { tool_calls: [call({ arguments: '{"city": "Oslo"}' })] },
      { content: '', tool_calls: [call({ arguments: '{"city": "Oslo"}' })] },
    ),
    writerChunk({ content: '' }, { content: '' }, 'tool_calls', {
      usage: { prompt_tokens: 40, completion_tokens: 18, total_tokens: 58 },
    }),
  ];

  test('the deltas are read, the message beside them left out, so text and call survive', () => {
    const stream = reassembleStream(sse(WRITER_CHUNKS));
    const turn = turnOf(stream);
    expect(turn.text).toBe('Checking Oslo.');
    expect(turn.calls).toEqual([
      expect.objectContaining({
        name: 'get_weather',
        callId: 'call_w1',
        arguments: { form: 'json-text', text: '{"city": "Oslo"}' },
        unfinished: false,
      }),
    ]);
    expect(stream.notes).toContain(
      '5 chunks carried a message beside the delta; the delta was read and the message left out',
    );
    expect(diagnoseCalls(stream, { tools: [WEATHER_TOOL] })[0]).toMatchObject({
      state: 'dispatchable-unconstrained',
      arguments: { city: 'Oslo' },
    });
  });

  test('a stream that ends at its finish_reason has ended: complete, not stream-cut, with a note that no [DONE] came', () => {
    const stream = reassembleStream(sse(WRITER_CHUNKS));
    expect(stream.state).toBe('complete');
    expect(stream.notes).toContain(
      'every choice has its finish_reason, read as the end, but no data: [DONE] arrived',
    );
    // readTurn carries what reassembly read past with the turn, so no note is lost on the way.
    const read = readTurn(stream);
    expect(read.ok && read.turn.notes).toContain(
      'stream: every choice has its finish_reason, read as the end, but no data: [DONE] arrived',
    );
    const truncation = diagnoseTruncation(stream);
    expect(truncation.state).toBe('complete');
    expect(truncation.outputTokens).toBe(18);
    // The same chunks as parsed events (what an SDK yields) read the same.
    expect(diagnoseTruncation(reassembleStream(WRITER_CHUNKS)).state).toBe('complete');
  });

  test('OpenAI with include_usage: a stream that ends after the finish_reason chunk, before the usage chunk and [DONE], has ended too', () => {
    const openai = (choices: unknown[], usage: unknown = null) => ({
      id: 'chatcmpl-9',
      object: 'chat.completion.chunk',
      created: 1_767_225_600,
      model: 'gpt-4.1',
      choices,
      usage,
    });
    const chunks = [
      openai([{ index: 0, delta: { role: 'assistant', content: 'Hi' }, finish_reason: null }]),
      openai([{ index: 0, delta: {}, finish_reason: 'stop' }]),
      openai([], { prompt_tokens: 5, completion_tokens: 1, total_tokens: 6 }),
    ];
    const whole = reassembleStream(sse(chunks, true));
    expect(whole.state).toBe('complete');
    expect(whole.notes).toEqual([]);

    const endedEarly = reassembleStream(sse(chunks.slice(0, 2)));
    expect(endedEarly.state).toBe('complete');
    expect(endedEarly.notes).toEqual([
      'every choice has its finish_reason, read as the end, but no data: [DONE] arrived: a usage chunk sent after the finish_reason (stream_options.include_usage) may be missing',
    ]);
    const truncation = diagnoseTruncation(endedEarly);
    expect(truncation.state).toBe('complete');
    expect(truncation.outputTokens).toBeNull();

    // Before any finish_reason, the stream is still cut.
    expect(diagnoseTruncation(reassembleStream(sse(chunks.slice(0, 1)))).state).toBe('stream-cut');
  });
});

describe('class 2: the legacy functions / function_call form declares and calls tools', () => {
  const WEATHER_FUNCTION = {
    name: 'get_weather',
    description: 'The weather in a city',
    parameters: WEATHER_SCHEMA,
  };
  const request = {
    model: 'gpt-3.5-turbo-0613',
    messages: [{ role: 'user', content: 'Weather in Oslo?' }],
    functions: [WEATHER_FUNCTION],
    function_call: 'auto',
  };
  const legacyResponse = (args: string) =>
    chatBody({
      message: {
        role: 'assistant',
        content: null,
        function_call: { name: 'get_weather', arguments: args },
      },
      finish_reason: 'function_call',
    });

  test('the request’s functions are its tools, not strict (legacy functions have none)', () => {
    expect(turnOf(request).tools).toEqual([
      {
        name: 'get_weather',
        kind: 'function',
        schema: WEATHER_SCHEMA,
        strict: false,
        strictStated: false,
        shape: 'openai-chat',
        grammar: false,
        legacyFunction: true,
        at: 'functions[0]',
      },
    ]);
    expect(diagnoseStrictGuarantee(request).state).toBe('no-strict-declared');
    expect(failureOf(() => expect(request).toKeepStrictGuarantee())).toContain(
      '- Move the legacy functions to tools and declare them with strict: true (functions have no strict mode), and set parallel_tool_calls: false.',
    );
  });

  test('a function_call is checked against its declared function', () => {
    const good = diagnoseCalls({ request, response: legacyResponse('{"city": "Oslo"}') });
    expect(good).toEqual([
      expect.objectContaining({
        name: 'get_weather',
        // Checked against the function: only strict is missing, not the declaration.
        state: 'dispatchable-unconstrained',
        detail:
          'Parses and matches the schema, but "get_weather" is not declared strict, so nothing guaranteed that it would.',
        at: 'choices[0].message.function_call',
      }),
    ]);
    // Legacy functions cannot be declared strict: the advice is to move them to tools.
    expect(good[0]?.repairs).toEqual([
      'The call is fine as it stands. Move "get_weather" from the deprecated functions list to tools ({ type: "function", function: { name, parameters, strict: true } }): legacy functions have no strict mode, so nothing holds their calls to the schema.',
    ]);
    const bad = diagnoseCalls({ request, response: legacyResponse('{"city": 12}') });
    expect(bad[0]?.state).toBe('arguments-violate-schema');
    expect(bad[0]?.repairs[1]).toMatch(/^Move "get_weather" from the deprecated functions list/);
    expect(
      diagnoseStrictGuarantee({ request, response: legacyResponse('{"city": "Oslo"}') }).state,
    ).toBe('no-strict-declared');
  });

  test('a streamed function_call (delta.function_call fragments) reassembles into the call and is checked the same way', () => {
    const chunk = (delta: unknown, finishReason: string | null = null) => ({
      id: 'chatcmpl-2',
      object: 'chat.completion.chunk',
      created: 1_767_225_600,
      model: 'gpt-3.5-turbo-0613',
      choices: [{ index: 0, delta, finish_reason: finishReason }],
    });
    const stream = reassembleStream(
      sse(
        [
          chunk({
            role: 'assistant',
            content: null,
            function_call: { name: 'get_weather', arguments: '' },
          }),
          chunk({ function_call: { arguments: '{"city": ' } }),
          chunk({ function_call: { arguments: '12}' } }),
          chunk({}, 'function_call'),
        ],
        true,
      ),
    );
    expect(turnOf(stream).calls[0]?.arguments).toEqual({ form: 'json-text', text: '{"city": 12}' });
    const [verdict] = diagnoseCalls({ request, response: stream });
    expect(verdict?.state).toBe('arguments-violate-schema');
    expect(verdict?.at).toBe('choices[0].message.function_call');
  });

  test('functions sent beside tools are declared with them; a strict on a function is noted, not read', () => {
    const turn = turnOf({
      ...request,
      tools: [{ type: 'function', function: { name: 'get_time', parameters: {}, strict: true } }],
      functions: [{ ...WEATHER_FUNCTION, strict: true }],
    });
    expect(turn.tools?.map((tool) => [tool.name, tool.strict, tool.at])).toEqual([
      ['get_time', true, 'tools[0]'],
      ['get_weather', false, 'functions[0]'],
    ]);
    expect(turn.notes).toContain(
      'functions[0] states strict, which legacy functions do not have; read as not strict',
    );
  });
});

describe('class 3: the finish reasons OpenAI-compatible servers document', () => {
  test.each([
    // [finish_reason, a server that documents it, StopKind, truncation state]
    ['eos', 'Together', 'finished', 'complete'],
    ['eos_token', 'Hugging Face TGI', 'finished', 'complete'],
    ['stop_sequence', 'Hugging Face TGI', 'stop-sequence', 'complete'],
    ['model_length', 'Mistral', 'context-window', 'truncated-by-length'],
    ['error', 'Mistral, OpenRouter, vLLM', 'failed', 'incomplete-other'],
    ['insufficient_system_resource', 'DeepSeek', 'failed', 'incomplete-other'],
    ['abort', 'vLLM', 'other', 'incomplete-other'],
    ['repetition', 'vLLM', 'other', 'incomplete-other'],
    ['length', 'all of them', 'ceiling', 'truncated-by-length'],
    ['content_filter', 'OpenAI, DeepSeek, OpenRouter', 'filter', 'stopped-by-filter'],
  ])('finish_reason "%s" (%s) reads as %s: %s', (reason, _servers, kind, state) => {
    const body = chatBody({
      message: { role: 'assistant', content: 'The weather in Oslo is' },
      finish_reason: reason,
    });
    const turn = turnOf(body);
    expect(turn.stop).toEqual({ kind, said: `finish_reason "${reason}"` });
    expect(turn.notes).toEqual([]);
    expect(diagnoseTruncation(body).state).toBe(state);
  });

  test('a finish reason no source lists reads as another reason, and a note names it', () => {
    const body = chatBody({ message: { role: 'assistant', content: 'Hi' }, finish_reason: 'xyz' });
    const turn = turnOf(body);
    expect(turn.stop).toEqual({ kind: 'other', said: 'finish_reason "xyz"' });
    expect(turn.notes).toEqual([
      'finish_reason "xyz" is not one this library knows; read as another reason',
    ]);
    expect(diagnoseTruncation(body).state).toBe('incomplete-other');
  });

  test('OpenRouter’s native_finish_reason is named in a note beside the normalised one', () => {
    const body = chatBody({
      message: { role: 'assistant', content: 'The weather in Oslo is' },
      finish_reason: 'length',
      native_finish_reason: 'MAX_TOKENS',
    });
    const turn = turnOf(body);
    expect(turn.stop.kind).toBe('ceiling');
    expect(turn.notes).toEqual([
      'choices[0].native_finish_reason is "MAX_TOKENS" (the model\'s own word for finish_reason "length")',
    ]);
    const sameWord = chatBody({
      message: { role: 'assistant', content: 'Hi' },
      finish_reason: 'stop',
      native_finish_reason: 'STOP',
    });
    expect(turnOf(sameWord).notes).toEqual([]);
  });

  test('the table is data: one entry per reason, each documented by at least one server with its URL', () => {
    const reasons = CHAT_FINISH_REASONS.map((entry) => entry.reason);
    expect(new Set(reasons).size).toBe(reasons.length);
    for (const entry of CHAT_FINISH_REASONS) {
      expect(entry.documentedBy.length, entry.reason).toBeGreaterThan(0);
      for (const source of entry.documentedBy) expect(source.url).toMatch(/^https:\/\//);
    }
  });
});

describe('class 4: a streamed arguments: null is no arguments, as a non-streamed one is', () => {
  const chunk = (delta: unknown, finishReason: string | null = null) => ({
    id: 'chatcmpl-3',
    object: 'chat.completion.chunk',
    created: 1_767_225_600,
    model: 'a-compatible-model',
    choices: [{ index: 0, delta, finish_reason: finishReason }],
  });
  const toolCall = (fn: Record<string, unknown>, first = false) => ({
    index: 0,
    ...(first ? { id: 'call_n1', type: 'function' } : {}),
    function: fn,
  });

  test('every fragment null: the same verdict and detail as arguments: null in a whole body', () => {
    const streamed = reassembleStream(
      sse(
        [
          chunk({
            role: 'assistant',
            tool_calls: [toolCall({ name: 'get_weather', arguments: null }, true)],
          }),
          chunk({ tool_calls: [toolCall({ arguments: null })] }),
          chunk({}, 'tool_calls'),
        ],
        true,
      ),
    );
    const whole = chatBody({
      message: {
        role: 'assistant',
        content: null,
        tool_calls: [
          {
            id: 'call_n1',
            type: 'function',
            function: { name: 'get_weather', arguments: null },
          },
        ],
      },
      finish_reason: 'tool_calls',
    });
    const fromStream = diagnoseCalls(streamed, { tools: [WEATHER_TOOL] });
    const fromBody = diagnoseCalls(whole, { tools: [WEATHER_TOOL] });
    expect(fromStream[0]).toMatchObject({
      state: 'arguments-unparseable',
      detail: 'No arguments to parse: the function.arguments field is null, not a string.',
    });
    expect(fromStream).toEqual(fromBody);
    expect(turnOf(streamed).calls[0]?.arguments).toEqual(turnOf(whole).calls[0]?.arguments);
  });

  test('the legacy function_call too: a call whose every fragment was null has no arguments', () => {
    const streamed = reassembleStream([
      chunk({ role: 'assistant', function_call: { name: 'get_weather', arguments: null } }),
      chunk({}, 'function_call'),
    ]);
    const whole = chatBody({
      message: { role: 'assistant', function_call: { name: 'get_weather', arguments: null } },
      finish_reason: 'function_call',
    });
    expect(diagnoseCalls(streamed)).toEqual(diagnoseCalls(whole));
    expect(diagnoseCalls(streamed)[0]?.state).toBe('arguments-unparseable');
  });

  test('arguments streamed as an object, not text, read as that object in a whole body does', () => {
    const streamed = reassembleStream([
      chunk({
        role: 'assistant',
        tool_calls: [toolCall({ name: 'get_weather', arguments: { city: 'Oslo' } }, true)],
      }),
      chunk({}, 'tool_calls'),
    ]);
    const whole = chatBody({
      message: {
        role: 'assistant',
        content: null,
        tool_calls: [
          {
            id: 'call_n1',
            type: 'function',
            function: { name: 'get_weather', arguments: { city: 'Oslo' } },
          },
        ],
      },
      finish_reason: 'tool_calls',
    });
    expect(diagnoseCalls(streamed)).toEqual(diagnoseCalls(whole));
    expect(diagnoseCalls(streamed)[0]?.state).toBe('arguments-unparseable');
  });

  test('a null fragment among text fragments contributes nothing', () => {
    const streamed = reassembleStream([
      chunk({
        role: 'assistant',
        tool_calls: [toolCall({ name: 'get_weather', arguments: null }, true)],
      }),
      chunk({ tool_calls: [toolCall({ arguments: '{"city": ' })] }),
      chunk({ tool_calls: [toolCall({ arguments: null })] }),
      chunk({ tool_calls: [toolCall({ arguments: '"Oslo"}' })] }),
      chunk({}, 'tool_calls'),
    ]);
    expect(diagnoseCalls(streamed, { tools: [WEATHER_TOOL] })[0]).toMatchObject({
      state: 'dispatchable-unconstrained',
      arguments: { city: 'Oslo' },
    });
  });

  test('an empty-string fragment is text: a call to a tool that takes nothing, as in a whole body', () => {
    const streamed = reassembleStream([
      chunk({ role: 'assistant', tool_calls: [toolCall({ name: 'ping', arguments: '' }, true)] }),
      chunk({}, 'tool_calls'),
    ]);
    expect(diagnoseCalls(streamed)[0]?.state).toBe('dispatchable-unconstrained');
  });
});

describe('class 5: Groq reports usage in x_groq.usage', () => {
  const groqChunk = (choices: unknown[], xGroq: Record<string, unknown> = { id: 'req_01jx' }) => ({
    id: 'chatcmpl-5c1f',
    object: 'chat.completion.chunk',
    created: 1_767_225_600,
    model: 'llama-3.3-70b-versatile',
    system_fingerprint: 'fp_3f3b593e33',
    choices,
    x_groq: xGroq,
  });
  const GROQ_USAGE = {
    queue_time: 0.021,
    prompt_tokens: 120,
    prompt_time: 0.006,
    completion_tokens: 25,
    completion_time: 0.05,
    total_tokens: 145,
    total_time: 0.056,
  };
  const groqStream = (finishReason: string) =>
    sse(
      [
        groqChunk([
          {
            index: 0,
            delta: { role: 'assistant', content: 'The weather in Oslo is' },
            logprobs: null,
            finish_reason: null,
          },
        ]),
        groqChunk([{ index: 0, delta: {}, logprobs: null, finish_reason: finishReason }], {
          id: 'req_01jx',
          usage: GROQ_USAGE,
        }),
      ],
      true,
    );

  test('a stream’s output tokens are read from the last chunk’s x_groq.usage', () => {
    const stream = reassembleStream(groqStream('stop'));
    expect(turnOf(stream).outputTokens).toBe(25);
    expect(diagnoseTruncation(stream).outputTokens).toBe(25);
  });

  test('so a turn cut on its ceiling says how much of it was used', () => {
    const stream = reassembleStream(groqStream('length'));
    const truncation = diagnoseTruncation({
      request: { model: 'llama-3.3-70b-versatile', messages: [], max_tokens: 25 },
      response: stream,
    });
    expect(truncation).toMatchObject({
      state: 'truncated-by-length',
      ceiling: 25,
      outputTokens: 25,
    });
  });

  test('usage wins when both are there; x_groq.usage without token counts leaves them unknown', () => {
    const both = chatBody(
      { message: { role: 'assistant', content: 'Hi' }, finish_reason: 'stop' },
      {
        usage: { prompt_tokens: 120, completion_tokens: 30, total_tokens: 150 },
        x_groq: { id: 'req_01jx', usage: GROQ_USAGE },
      },
    );
    expect(turnOf(both).outputTokens).toBe(30);
    // A non-streamed Groq body's x_groq.usage holds cache statistics, not token counts.
    const cacheOnly = chatBody(
      { message: { role: 'assistant', content: 'Hi' }, finish_reason: 'stop' },
      { x_groq: { id: 'req_01jx', usage: { dram_cached_tokens: 0, sram_cached_tokens: 64 } } },
    );
    expect(turnOf(cacheOnly).outputTokens).toBeNull();
  });
});

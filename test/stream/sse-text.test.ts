import { describe, expect, test } from 'vitest';
import { readTurn, reassembleStream } from '../../src/index.js';
import {
  ANTHROPIC_SSE,
  CHAT_SSE,
  EXPECTED_CALLS,
  GEMINI_SSE,
  HAND_WRITTEN,
  parsedEvents,
  RESPONSES_SSE,
} from './streams.js';

/** The calls the library's own reader finds in a reassembled stream, arguments decoded. */
function callsRead(input: unknown) {
  const read = readTurn(input);
  if (!read.ok) throw new Error(read.problem);
  return read.turn.calls.map((call) => ({
    name: call.name,
    arguments:
      call.arguments.form === 'json-text'
        ? JSON.parse(call.arguments.text)
        : call.arguments.form === 'object'
          ? call.arguments.value
          : call.arguments,
  }));
}

describe('each surface reassembles to the body its non-streaming endpoint returns', () => {
  test('Chat Completions: tool calls merged by index, usage from the usage-only chunk', () => {
    const stream = reassembleStream(CHAT_SSE);
    expect(stream).toEqual({
      kind: 'reassembled-stream',
      recognised: true,
      surface: 'openai-chat',
      response: {
        id: 'chatcmpl-7',
        object: 'chat.completion',
        created: 1767225600,
        model: 'gpt-4.1-2025-04-14',
        system_fingerprint: 'fp_1',
        choices: [
          {
            index: 0,
            message: {
              role: 'assistant',
              content: null,
              refusal: null,
              tool_calls: [
                {
                  id: 'call_weather',
                  type: 'function',
                  function: { name: 'get_weather', arguments: '{"city": "Zürich 🌧"}' },
                },
                {
                  id: 'call_time',
                  type: 'function',
                  function: { name: 'get_time', arguments: '{"zone": "Europe/Zürich"}' },
                },
              ],
            },
            logprobs: null,
            finish_reason: 'tool_calls',
          },
        ],
        usage: { prompt_tokens: 82, completion_tokens: 41, total_tokens: 123 },
      },
      state: 'complete',
      openCalls: [],
      error: null,
      events: 8,
      notes: ['1 SSE comment line skipped'],
    });
  });

  test('Responses: the body of response.completed, as it is', () => {
    const stream = reassembleStream(RESPONSES_SSE);
    const completed = parsedEvents(RESPONSES_SSE).at(-1) as { response: unknown };
    expect(stream.response).toEqual(completed.response);
    expect(stream).toMatchObject({ state: 'complete', openCalls: [], events: 14, notes: [] });
  });

  test('Anthropic: blocks by index, partial_json parsed into input, stop reason and usage from message_delta', () => {
    const stream = reassembleStream(ANTHROPIC_SSE);
    expect(stream.response).toEqual({
      id: 'msg_01',
      type: 'message',
      role: 'assistant',
      model: 'claude-sonnet-4-5',
      content: [
        { type: 'text', text: 'Checking Zürich now.' },
        { type: 'tool_use', id: 'toolu_weather', name: 'get_weather', input: { city: 'Zürich 🌧' } },
        { type: 'tool_use', id: 'toolu_time', name: 'get_time', input: { zone: 'Europe/Zürich' } },
      ],
      stop_reason: 'tool_use',
      stop_sequence: null,
      usage: { input_tokens: 410, output_tokens: 87 },
    });
    expect(stream).toMatchObject({
      state: 'complete',
      events: 16,
      notes: ['1 ping event skipped'],
    });
  });

  test('Gemini: text concatenated per candidate, calls appended, per-frame fields from the last frame', () => {
    const stream = reassembleStream(GEMINI_SSE);
    expect(stream.response).toEqual({
      candidates: [
        {
          content: {
            role: 'model',
            parts: [
              { text: 'Checking Zürich now.' },
              { functionCall: { name: 'get_weather', args: { city: 'Zürich 🌧' } } },
              { functionCall: { name: 'get_time', args: { zone: 'Europe/Zürich' } } },
            ],
          },
          finishReason: 'STOP',
          index: 0,
        },
      ],
      usageMetadata: { promptTokenCount: 30, candidatesTokenCount: 24, totalTokenCount: 54 },
      modelVersion: 'gemini-2.5-flash',
      responseId: 'r-1',
    });
    expect(stream).toMatchObject({ state: 'complete', events: 3, notes: [] });
  });

  test.each(HAND_WRITTEN)(
    'readTurn reads the $surface result like a response: two calls with their arguments',
    ({ text, surface }) => {
      const stream = reassembleStream(text);
      expect(stream.surface).toBe(surface);
      expect(callsRead(stream)).toEqual(EXPECTED_CALLS);
    },
  );

  test.each(HAND_WRITTEN)(
    'the $surface stream read as parsed events gives the same response',
    ({ text }) => {
      const fromText = reassembleStream(text);
      const fromEvents = reassembleStream(parsedEvents(text));
      expect(fromEvents.response).toEqual(fromText.response);
      expect(fromEvents.state).toBe('complete');
    },
  );
});

describe('SSE framing is the parser’s job, and every variant a server sends reads the same', () => {
  test.each(HAND_WRITTEN)(
    '$surface: CRLF, CR and LF line endings give the same result',
    ({ text }) => {
      const lf = text.replaceAll('\r\n', '\n');
      const expected = reassembleStream(lf);
      expect(reassembleStream(lf.replaceAll('\n', '\r\n'))).toEqual(expected);
      expect(reassembleStream(lf.replaceAll('\n', '\r'))).toEqual(expected);
    },
  );

  test.each(HAND_WRITTEN)(
    '$surface: bytes read like the text they encode, with or without a byte-order mark',
    ({ text }) => {
      const expected = reassembleStream(text);
      const bytes = new TextEncoder().encode(text);
      expect(reassembleStream(bytes)).toEqual(expected);
      const marked = new Uint8Array([0xef, 0xbb, 0xbf, ...bytes]);
      expect(reassembleStream(marked)).toEqual(expected);
      expect(reassembleStream(`\uFEFF${text}`)).toEqual(expected);
    },
  );

  test.each(HAND_WRITTEN)(
    '$surface: a last event without its blank line is still read, and the notes say so',
    ({ text }) => {
      const expected = reassembleStream(text);
      const unterminated = reassembleStream(text.trimEnd());
      expect(unterminated.response).toEqual(expected.response);
      expect(unterminated.state).toBe('complete');
      expect(unterminated.notes).toContain(
        'the text ended without the blank line that closes its last event; that event was read anyway',
      );
    },
  );

  test('one event’s JSON may span several data: lines, joined by line feeds', () => {
    const text = [
      'event: message_start',
      'data: {"type":"message_start",',
      'data:  "message":{"id":"msg_2","type":"message","role":"assistant","content":[],',
      'data:  "stop_reason":null,"stop_sequence":null,"usage":{"input_tokens":3,"output_tokens":1}}}',
      '',
      'data: {"type":"content_block_start","index":0,"content_block":{"type":"text","text":""}}',
      '',
      'data: {"type":"content_block_delta","index":0,',
      'data: "delta":{"type":"text_delta","text":"Hi"}}',
      '',
      'data: {"type":"content_block_stop","index":0}',
      '',
      'data: {"type":"message_delta","delta":{"stop_reason":"end_turn","stop_sequence":null},"usage":{"output_tokens":2}}',
      '',
      'data: {"type":"message_stop"}',
      '',
      '',
    ].join('\n');
    const stream = reassembleStream(text);
    expect(stream.response).toMatchObject({
      id: 'msg_2',
      content: [{ type: 'text', text: 'Hi' }],
      stop_reason: 'end_turn',
      usage: { input_tokens: 3, output_tokens: 2 },
    });
    expect(stream.state).toBe('complete');
    expect(stream.events).toBe(6);
  });

  test('comments, id: and retry: fields are protocol, not data; junk lines are noted, not fatal', () => {
    const text = [
      ': OPENROUTER PROCESSING',
      'retry: 3000',
      'id: 1',
      'data: {"object":"chat.completion.chunk","id":"c1","created":1,"model":"m","choices":[{"index":0,"delta":{"role":"assistant","content":"Hel"},"finish_reason":null}]}',
      '',
      'this line is not SSE',
      ': OPENROUTER PROCESSING',
      'data: {"object":"chat.completion.chunk","id":"c1","created":1,"model":"m","choices":[{"index":0,"delta":{"content":"lo"},"finish_reason":"stop"}]}',
      '',
      'data: [DONE]',
      '',
      '',
    ].join('\n');
    const stream = reassembleStream(text);
    expect(stream.state).toBe('complete');
    expect(stream.response).toMatchObject({
      choices: [{ message: { content: 'Hello' }, finish_reason: 'stop' }],
    });
    expect(stream.notes).toEqual([
      '2 SSE comment lines skipped',
      '1 line that is not an SSE field skipped (the first: "this line is not SSE")',
    ]);
  });

  test('data that is not JSON is noted and skipped, and the stream around it still reads', () => {
    const text = CHAT_SSE.replace('data: [DONE]', 'data: {"truncated": \n\ndata: [DONE]');
    const stream = reassembleStream(text);
    expect(stream.state).toBe('complete');
    expect(callsRead(stream)).toEqual(EXPECTED_CALLS);
    expect(stream.notes).toContain('event[7] is not JSON ("{\\"truncated\\": "); skipped');
  });

  test('an event: line supplies the type when the data leaves it out', () => {
    const text = ANTHROPIC_SSE.replace('data: {"type":"message_stop"}', 'data: {}');
    expect(reassembleStream(text).state).toBe('complete');
  });
});

describe('state: each provider’s terminal event, judged differently for SSE text and parsed events', () => {
  test('Chat over SSE has ended once every choice has its finish_reason; without data: [DONE] it says so', () => {
    // Some servers (Writer) never send [DONE]; the finish_reason is their last word.
    const withoutDone = CHAT_SSE.replace('data: [DONE]\n\n', '');
    const stream = reassembleStream(withoutDone);
    expect(stream.state).toBe('complete');
    expect(stream.openCalls).toEqual([]);
    expect(stream.notes).toContain(
      'every choice has its finish_reason, read as the end, but no data: [DONE] arrived',
    );
    // Ended at the finish_reason chunk, before the usage chunk OpenAI sends after it.
    const withoutUsage = withoutDone.slice(
      0,
      withoutDone.indexOf('data: {', withoutDone.indexOf('"finish_reason":"tool_calls"')),
    );
    const early = reassembleStream(withoutUsage);
    expect(early.state).toBe('complete');
    expect(early.response.usage).toBeNull();
    expect(early.notes).toContain(
      'every choice has its finish_reason, read as the end, but no data: [DONE] arrived: a usage chunk sent after the finish_reason (stream_options.include_usage) may be missing',
    );
    // Without the finish_reason, it is cut.
    expect(
      reassembleStream(
        withoutDone.slice(0, withoutDone.indexOf('data: {', withoutDone.indexOf('Europe/Z'))),
      ).state,
    ).toBe('cut');
  });

  test('parsed Chat chunks never carry [DONE], so a finish_reason on every choice completes them', () => {
    const chunks = parsedEvents(CHAT_SSE);
    expect(reassembleStream(chunks).state).toBe('complete');
    // Without the finish_reason chunk (and what follows), they are cut.
    expect(reassembleStream(chunks.slice(0, 5)).state).toBe('cut');
  });

  test.each([
    ['openai-responses', RESPONSES_SSE, 'response.completed'],
    ['anthropic-messages', ANTHROPIC_SSE, 'message_stop'],
  ])('%s needs its terminal event (%s) in text and in events alike', (_surface, text, terminal) => {
    const events = parsedEvents(text);
    const withoutTerminal = events.filter((event) => (event as { type: string }).type !== terminal);
    expect(reassembleStream(events).state).toBe('complete');
    expect(reassembleStream(withoutTerminal).state).toBe('cut');
  });

  test('Gemini is complete once every candidate has a finishReason', () => {
    const frames = parsedEvents(GEMINI_SSE);
    expect(reassembleStream(frames).state).toBe('complete');
    expect(reassembleStream(frames.slice(0, 2)).state).toBe('cut');
  });
});

describe('errors the stream carries are reported, never thrown', () => {
  test('Anthropic event: error mid-stream: cut, the error kept, the call being written open', () => {
    const cutAt = ANTHROPIC_SSE.indexOf(
      'event: content_block_delta\ndata: {"type":"content_block_delta","index":1,"delta":{"type":"input_json_delta","partial_json":"ürich',
    );
    const text = `${ANTHROPIC_SSE.slice(0, cutAt)}event: error\ndata: {"type":"error","error":{"type":"overloaded_error","message":"Overloaded"}}\n\n`;
    const stream = reassembleStream(text);
    expect(stream.state).toBe('cut');
    expect(stream.error).toEqual({ type: 'overloaded_error', message: 'Overloaded' });
    expect(stream.openCalls).toEqual(['content[1]']);
    expect(stream.response.content).toEqual([
      { type: 'text', text: 'Checking Zürich now.' },
      { type: 'tool_use', id: 'toolu_weather', name: 'get_weather', input: {} },
    ]);
    expect(stream.notes).toContain(
      'content[1] (tool_use "get_weather"): its partial_json is truncated JSON: "{\\"city\\": \\"Z"; input set to {}',
    );
  });

  test('Responses response.failed is complete, with the error from its body', () => {
    const text = [
      'event: response.created',
      `data: {"type":"response.created","response":{"id":"resp_9","object":"response","status":"in_progress","output":[]}}`,
      '',
      'event: response.failed',
      `data: {"type":"response.failed","response":{"id":"resp_9","object":"response","status":"failed","error":{"code":"server_error","message":"The model crashed."},"output":[]}}`,
      '',
      '',
    ].join('\n');
    const stream = reassembleStream(text);
    expect(stream.state).toBe('complete');
    expect(stream.error).toEqual({ type: 'server_error', message: 'The model crashed.' });
  });

  test('a Responses error event (top-level code and message, as documented) is kept over the failed body', () => {
    const events = [
      { type: 'response.created', response: { id: 'r', object: 'response', output: [] } },
      { type: 'error', code: 'rate_limit_exceeded', message: 'Slow down.', param: null },
      {
        type: 'response.failed',
        response: {
          id: 'r',
          object: 'response',
          status: 'failed',
          error: { code: 'x', message: 'y' },
          output: [],
        },
      },
    ];
    expect(reassembleStream(events).error).toEqual({
      type: 'rate_limit_exceeded',
      message: 'Slow down.',
    });
  });

  test('an { "error": ... } payload in a Chat or Gemini stream is reported the same way', () => {
    const chat = `${CHAT_SSE.slice(0, CHAT_SSE.indexOf(': keep-alive'))}data: {"error":{"message":"The server had an error while processing your request.","type":"server_error"}}\n\n`;
    expect(reassembleStream(chat)).toMatchObject({
      state: 'cut',
      error: {
        type: 'server_error',
        message: 'The server had an error while processing your request.',
      },
      openCalls: ['choices[0].message.tool_calls[0]'],
    });
    const gemini = `${GEMINI_SSE.split('\r\n\r\n')[0]}\r\n\r\ndata: {"error":{"code":503,"message":"The model is overloaded.","status":"UNAVAILABLE"}}\r\n\r\n`;
    expect(reassembleStream(gemini)).toMatchObject({
      state: 'cut',
      error: { type: 'UNAVAILABLE', message: 'The model is overloaded.' },
    });
  });
});

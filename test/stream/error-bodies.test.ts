/**
 * A streaming URL answers an error with an error body, or with an error event before any event
 * of an answer. That is no cut stream: reassembly says `state: 'error'`, with the error's status
 * and message, and readTurn names it an API error (#17).
 */
import { describe, expect, test } from 'vitest';
import {
  diagnoseCalls,
  diagnoseTruncation,
  readTurn,
  reassembleStream,
  reassembleStreamAsync,
} from '../../src/index.js';

/** Each error-only stream: its text, the error read, and the provider whose error shape it has. */
const cases: Array<[string, string, { type: string; status?: number; message: string }, string]> = [
  [
    'an OpenAI error body (Chat or Responses)',
    '{"error":{"message":"Invalid schema for function \'lookup\'.","type":"invalid_request_error","param":"tools[0].function.parameters","code":"invalid_function_parameters"}}',
    { type: 'invalid_request_error', message: "Invalid schema for function 'lookup'." },
    'openai-chat',
  ],
  [
    'a Gemini error body, as Google pretty-prints it',
    '{\n  "error": {\n    "code": 429,\n    "message": "Resource has been exhausted (e.g. check quota).",\n    "status": "RESOURCE_EXHAUSTED"\n  }\n}\n',
    {
      type: 'RESOURCE_EXHAUSTED',
      status: 429,
      message: 'Resource has been exhausted (e.g. check quota).',
    },
    'gemini',
  ],
  [
    'a Gemini error wrapped in an array (streamGenerateContent without alt=sse)',
    '[{\n  "error": {\n    "code": 503,\n    "message": "The model is overloaded. Please try again later.",\n    "status": "UNAVAILABLE"\n  }\n}\n]',
    {
      type: 'UNAVAILABLE',
      status: 503,
      message: 'The model is overloaded. Please try again later.',
    },
    'gemini',
  ],
  [
    'an Anthropic error event before message_start',
    'event: error\ndata: {"type":"error","error":{"type":"overloaded_error","message":"Overloaded"},"request_id":"req_011CXPC6BqUogB959LWEf52X"}\n\n',
    { type: 'overloaded_error', message: 'Overloaded' },
    'anthropic-messages',
  ],
  [
    'a Responses error event before response.created',
    'event: error\ndata: {"type":"error","code":"server_error","message":"The server had an error while processing your request.","param":null,"sequence_number":0}\n\n',
    { type: 'server_error', message: 'The server had an error while processing your request.' },
    'openai-responses',
  ],
  [
    "an AWS error body on Bedrock's streaming URL",
    '{"message":"The security token included in the request is invalid."}',
    { type: 'error', message: 'The security token included in the request is invalid.' },
    'bedrock-converse',
  ],
];

describe.each(cases)('%s', (_, text, error, surface) => {
  test('reassembleStream: state error, the error with its status, nothing reassembled', () => {
    const stream = reassembleStream(text);
    expect(stream).toMatchObject({ recognised: false, state: 'error', openCalls: [], events: 1 });
    // Named by the provider whose error shape it has, not by a default.
    expect(stream.surface).toBe(surface);
    expect(stream.error).toEqual(error);
    expect(stream.notes).toEqual([
      expect.stringMatching(
        /^the provider answered with an API error \(.+\): ".+", not with a stream of an answer$/,
      ),
    ]);
  });

  test('reassembleStreamAsync reads the bytes as they arrive the same way', async () => {
    const bytes = new TextEncoder().encode(text);
    async function* pieces() {
      for (let at = 0; at < bytes.length; at += 5) yield bytes.slice(at, at + 5);
    }
    expect(await reassembleStreamAsync(pieces())).toEqual(reassembleStream(text));
  });

  test('readTurn names it an API error; diagnoseTruncation calls it unreadable, not stream-cut', () => {
    const stream = reassembleStream(text);
    const status = error.status === undefined ? error.type : `${error.status} ${error.type}`;
    const read = readTurn(stream);
    expect(!read.ok && read.problem).toContain(
      `got an API error response (${status}): ${error.message}`,
    );
    expect(diagnoseTruncation(stream).state).toBe('unreadable');
  });
});

describe('an error is told from a cut answer', () => {
  test('with the surface given, an error before any event of an answer is still an error', () => {
    const stream = reassembleStream(cases[3]![1], { surface: 'anthropic-messages' });
    expect(stream).toMatchObject({
      recognised: true,
      surface: 'anthropic-messages',
      state: 'error',
    });
  });

  test('an error after the answer began leaves the answer cut, with the error kept', () => {
    const text = `[{"candidates":[{"content":{"role":"model","parts":[{"text":"The weather in"}]}}]}\r\n,\r\n{"error":{"code":500,"message":"Internal error encountered.","status":"INTERNAL"}}\r\n]`;
    const stream = reassembleStream(text);
    expect(stream).toMatchObject({
      surface: 'gemini',
      state: 'cut',
      error: { type: 'INTERNAL', status: 500, message: 'Internal error encountered.' },
    });
    // The provider stopped it, and said so: a failure of its own, not a dropped connection.
    expect(diagnoseTruncation(stream)).toMatchObject({
      state: 'incomplete-other',
      detail:
        'The turn ended for a reason that is not the output ceiling (an error event mid-answer (INTERNAL: Internal error encountered.)).',
    });
  });

  test('a call cut by an error event mid-answer is cut by the provider, not by the ceiling or the connection', () => {
    const text = [
      'event: message_start\ndata: {"type":"message_start","message":{"id":"msg_01XFDUDYJgAACzvnptvVoYEL","type":"message","role":"assistant","model":"claude-sonnet-4-5","content":[],"stop_reason":null,"stop_sequence":null,"usage":{"input_tokens":412,"output_tokens":1}}}',
      'event: content_block_start\ndata: {"type":"content_block_start","index":0,"content_block":{"type":"tool_use","id":"toolu_01A09q90qw90lq917835lq9","name":"lookup_order","input":{}}}',
      'event: content_block_delta\ndata: {"type":"content_block_delta","index":0,"delta":{"type":"input_json_delta","partial_json":"{\\"order_id\\": \\"A-10"}}',
      'event: error\ndata: {"type":"error","error":{"type":"overloaded_error","message":"Overloaded"}}',
    ].join('\n\n');
    const [verdict] = diagnoseCalls(reassembleStream(`${text}\n\n`));
    expect(verdict).toMatchObject({
      state: 'arguments-truncated',
      detail: expect.stringMatching(
        /^Cut mid-write: the provider stopped the answer with an error \(an error event mid-answer \(overloaded_error: Overloaded\)\) while this call was still arriving, .* Not the ceiling, and not a schema fault\.$/,
      ),
      repairs: [
        'Never dispatch a call from an answer the provider stopped with an error (an error event mid-answer (overloaded_error: Overloaded)): retry the request, with backoff for an overload or a rate limit.',
      ],
    });
  });

  test("Groq's x_groq.error, why it stopped a stream early, is the stream's error", () => {
    const chunk = (fields: Record<string, unknown>) =>
      `data: ${JSON.stringify({ id: 'chatcmpl-5c1f', object: 'chat.completion.chunk', created: 1_767_225_600, model: 'llama-3.3-70b-versatile', ...fields })}\n\n`;
    const stream = reassembleStream(
      chunk({
        choices: [
          { index: 0, delta: { role: 'assistant', content: 'The weather' }, finish_reason: null },
        ],
      }) + chunk({ choices: [], x_groq: { id: 'req_01jx', error: 'The server is overloaded' } }),
    );
    expect(stream).toMatchObject({
      state: 'cut',
      error: { type: 'x_groq.error', message: 'The server is overloaded' },
    });
    expect(diagnoseTruncation(stream).state).toBe('incomplete-other');
  });

  test('one JSON object that is no error and no event is not an answer either', () => {
    const stream = reassembleStream('{"status":"ok"}');
    expect(stream).toMatchObject({ recognised: false, state: 'cut', error: null, events: 1 });
  });
});

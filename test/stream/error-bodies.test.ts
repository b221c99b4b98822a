/**
 * A streaming URL answers an error with an error body, or with an error event before any event
 * of an answer. That is no cut stream: reassembly says `state: 'error'`, with the error's status
 * and message, and readTurn names it an API error (#17).
 */
import { describe, expect, test } from 'vitest';
import {
  diagnoseTruncation,
  readTurn,
  reassembleStream,
  reassembleStreamAsync,
} from '../../src/index.js';

const cases: Array<[string, string, { type: string; status?: number; message: string }]> = [
  [
    'an OpenAI error body (Chat or Responses)',
    '{"error":{"message":"Invalid schema for function \'lookup\'.","type":"invalid_request_error","param":"tools[0].function.parameters","code":"invalid_function_parameters"}}',
    { type: 'invalid_request_error', message: "Invalid schema for function 'lookup'." },
  ],
  [
    'a Gemini error body, as Google pretty-prints it',
    '{\n  "error": {\n    "code": 429,\n    "message": "Resource has been exhausted (e.g. check quota).",\n    "status": "RESOURCE_EXHAUSTED"\n  }\n}\n',
    {
      type: 'RESOURCE_EXHAUSTED',
      status: 429,
      message: 'Resource has been exhausted (e.g. check quota).',
    },
  ],
  [
    'a Gemini error wrapped in an array (streamGenerateContent without alt=sse)',
    '[{\n  "error": {\n    "code": 503,\n    "message": "The model is overloaded. Please try again later.",\n    "status": "UNAVAILABLE"\n  }\n}\n]',
    {
      type: 'UNAVAILABLE',
      status: 503,
      message: 'The model is overloaded. Please try again later.',
    },
  ],
  [
    'an Anthropic error event before message_start',
    'event: error\ndata: {"type":"error","error":{"type":"overloaded_error","message":"Overloaded"},"request_id":"req_011CXPC6BqUogB959LWEf52X"}\n\n',
    { type: 'overloaded_error', message: 'Overloaded' },
  ],
];

describe.each(cases)('%s', (_, text, error) => {
  test('reassembleStream: state error, the error with its status, nothing reassembled', () => {
    const stream = reassembleStream(text);
    expect(stream).toMatchObject({ recognised: false, state: 'error', openCalls: [], events: 1 });
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
    expect(diagnoseTruncation(stream).state).toBe('stream-cut');
  });

  test('one JSON object that is no error and no event is not an answer either', () => {
    const stream = reassembleStream('{"status":"ok"}');
    expect(stream).toMatchObject({ recognised: false, state: 'cut', error: null, events: 1 });
  });
});

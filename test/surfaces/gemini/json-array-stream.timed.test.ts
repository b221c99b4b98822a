/**
 * Gemini `streamGenerateContent` without `alt=sse` answers with one JSON array of
 * `GenerateContentResponse` chunks, not SSE: `[{...}\r\n,\r\n{...}]`, the last chunk carrying the
 * finishReason and usageMetadata (the Gemini cookbook's quickstarts/rest/Streaming_REST; the
 * google-cloud-python REST stream iterator expects the opening `[`). (#17)
 */
import { describe, expect, test } from 'vitest';
import {
  diagnoseCalls,
  diagnoseTruncation,
  readTurn,
  reassembleStream,
  reassembleStreamAsync,
} from '../../../src/index.js';
import { describeGrowth, GROWTH_FACTOR, growth, MOST_GROWTH } from '../../support/growth.js';

const tools = [
  {
    functionDeclarations: [
      {
        name: 'get_weather',
        parameters: {
          type: 'OBJECT',
          properties: { city: { type: 'STRING' } },
          required: ['city'],
        },
      },
    ],
  },
];

const chunks = [
  {
    candidates: [
      { content: { role: 'model', parts: [{ text: 'Checking the weather' }] }, index: 0 },
    ],
    usageMetadata: { promptTokenCount: 31, totalTokenCount: 31 },
    modelVersion: 'gemini-2.5-flash',
    responseId: 'gm-9f2',
  },
  {
    candidates: [{ content: { role: 'model', parts: [{ text: ' in Oslo.' }] }, index: 0 }],
    modelVersion: 'gemini-2.5-flash',
    responseId: 'gm-9f2',
  },
  {
    candidates: [
      {
        content: {
          role: 'model',
          parts: [{ functionCall: { name: 'get_weather', args: { city: 'Oslo' } } }],
        },
        finishReason: 'STOP',
        index: 0,
      },
    ],
    usageMetadata: { promptTokenCount: 31, candidatesTokenCount: 12, totalTokenCount: 43 },
    modelVersion: 'gemini-2.5-flash',
    responseId: 'gm-9f2',
  },
];

/** The body as the REST endpoint writes it: pretty-printed elements, CRLF around each comma. */
const body = `[${chunks.map((chunk) => JSON.stringify(chunk, null, 2)).join('\r\n,\r\n')}]`;

const assembled = {
  candidates: [
    {
      content: {
        role: 'model',
        parts: [
          { text: 'Checking the weather in Oslo.' },
          { functionCall: { name: 'get_weather', args: { city: 'Oslo' } } },
        ],
      },
      finishReason: 'STOP',
      index: 0,
    },
  ],
  usageMetadata: { promptTokenCount: 31, candidatesTokenCount: 12, totalTokenCount: 43 },
  modelVersion: 'gemini-2.5-flash',
  responseId: 'gm-9f2',
};

describe('a Gemini stream fetched without alt=sse is one JSON array of responses', () => {
  test('as text, reassembleStream reads it as the Gemini stream it is, complete', () => {
    const stream = reassembleStream(body);
    expect(stream).toMatchObject({
      recognised: true,
      surface: 'gemini',
      state: 'complete',
      events: 3,
      openCalls: [],
      error: null,
      notes: [],
    });
    expect(stream.response).toEqual(assembled);
  });

  test('arriving in pieces of any size, reassembleStreamAsync reads the same', async () => {
    const bytes = new TextEncoder().encode(body);
    for (const size of [1, 7, 64, bytes.length]) {
      async function* pieces() {
        for (let at = 0; at < bytes.length; at += size) yield bytes.slice(at, at + size);
      }
      const stream = await reassembleStreamAsync(pieces());
      expect(stream, `pieces of ${size} bytes`).toEqual(reassembleStream(body));
    }
  });

  test('as parsed JSON, readTurn and the diagnoses read it as one answer', () => {
    const parsed: unknown = JSON.parse(body);
    const read = readTurn(parsed);
    expect(read.ok && read.turn).toMatchObject({
      surface: 'gemini',
      text: 'Checking the weather in Oslo.',
      calls: [{ name: 'get_weather', arguments: { form: 'object', value: { city: 'Oslo' } } }],
      stop: { kind: 'finished', said: 'finishReason "STOP"' },
      outputTokens: 12,
    });
    expect(diagnoseCalls(parsed, { tools })).toMatchObject([
      { name: 'get_weather', state: 'dispatchable-unconstrained' },
    ]);
    expect(diagnoseTruncation(parsed).state).toBe('complete');
  });

  test('in an exchange, the array answers its request', () => {
    const request = { contents: [{ role: 'user', parts: [{ text: 'Weather in Oslo?' }] }], tools };
    const [verdict] = diagnoseCalls({ request, response: JSON.parse(body) });
    expect(verdict).toMatchObject({ name: 'get_weather', state: 'dispatchable-unconstrained' });
  });
});

describe('an array cut off mid-way is a cut Gemini stream holding the chunks that arrived', () => {
  // The connection dropped inside the second chunk: no finishReason ever arrived.
  const cut = body.slice(0, body.indexOf(' in Oslo.'));

  test('reassembleStream: cut, with the first chunk, and the cut element named', () => {
    const stream = reassembleStream(cut);
    expect(stream).toMatchObject({ surface: 'gemini', state: 'cut', events: 1 });
    expect(stream.response.candidates).toEqual([
      { content: { role: 'model', parts: [{ text: 'Checking the weather' }] }, index: 0 },
    ]);
    expect(stream.notes).toEqual([
      expect.stringMatching(/^the array's last element was cut off mid-way \(.*\); skipped$/),
      'the JSON array ended before its closing ]: the connection dropped mid-array, so what arrived is a prefix of the answer',
    ]);
  });

  test('the diagnoses call it stream-cut, not a finished answer', () => {
    expect(diagnoseTruncation(reassembleStream(cut)).state).toBe('stream-cut');
  });

  test('cut after the last chunk, before the closing ]: cut, but the finishReason that arrived stands', () => {
    const stream = reassembleStream(body.slice(0, -1));
    expect(stream.state).toBe('cut');
    expect(stream.response).toEqual(assembled);
    expect(diagnoseTruncation(stream).state).toBe('complete');
  });
});

describe('only an array of Gemini responses is read as a Gemini stream', () => {
  test('an array of Anthropic batch lines, of Chat chunks, or mixing in other things is no payload', () => {
    const batchLine = {
      custom_id: 'order-1',
      result: { type: 'succeeded', message: { type: 'message', role: 'assistant', content: [] } },
    };
    const chatChunk = {
      object: 'chat.completion.chunk',
      choices: [{ index: 0, delta: { content: 'Hi' }, finish_reason: 'stop' }],
    };
    for (const array of [
      [batchLine],
      [chatChunk, chatChunk],
      [chunks[0], batchLine],
      [chunks[0], 1],
    ]) {
      expect(readTurn(array)).toEqual({
        ok: false,
        problem: expect.stringMatching(/; got an array of \d items?$/),
        found: expect.stringMatching(/^got an array of \d items?$/),
        received: expect.stringMatching(/^an array of \d items?$/),
      });
    }
  });
});

test('four times the chunks take about four times as long: each element is split and read once', () => {
  const text = (count: number) =>
    `[${Array.from({ length: count }, (_, index) =>
      JSON.stringify({
        candidates: [
          {
            content: { role: 'model', parts: [{ text: 'x' }] },
            index: 0,
            ...(index === count - 1 ? { finishReason: 'STOP' } : {}),
          },
        ],
      }),
    ).join('\r\n,\r\n')}]`;
  const measured = growth(5_000, text, reassembleStream);
  expect(measured.ratio, describeGrowth(measured, 'chunks')).toBeLessThan(MOST_GROWTH);
  expect(measured.output).toMatchObject({ state: 'complete', events: GROWTH_FACTOR * 5_000 });
}, 60_000);

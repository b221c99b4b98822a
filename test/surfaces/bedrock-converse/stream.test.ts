/**
 * ConverseStream: event-stream bytes served by msw, read three ways that must agree: the events
 * the AWS SDK's `response.stream` yields, the raw bytes, and a `fetch` body of them. Then bytes
 * no server should send: truncated, corrupted, and a prelude declaring 4 GB.
 */
import {
  type BedrockRuntimeClient,
  ConverseStreamCommand,
  type ConverseStreamCommandInput,
} from '@aws-sdk/client-bedrock-runtime';
import fc from 'fast-check';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import { streamChunks, toolCallResponse } from '../../../src/arbitraries/index.js';
import {
  completedCalls,
  diagnoseCalls,
  diagnoseTruncation,
  readTurn,
  reassembleStream,
  reassembleStreamAsync,
} from '../../../src/index.js';
import type { Json } from '../../../src/model/narrow.js';
import { MAX_MESSAGE_BYTES } from '../../../src/stream/event-stream.js';
import { bedrockEventStream, bedrockStream } from '../../../src/surfaces/bedrock-converse/write.js';
import { bedrockHandlers, client, concat, eventStream, HOST, message } from './support.js';

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

let bedrock: BedrockRuntimeClient;
beforeAll(() => {
  bedrock = client();
});

const input = (modelId: string): ConverseStreamCommandInput => ({
  modelId,
  messages: [{ role: 'user', content: [{ text: 'Where is order A-1001?' }] }],
  inferenceConfig: { maxTokens: 64 },
  toolConfig: {
    tools: [
      {
        toolSpec: {
          name: 'lookup_order',
          inputSchema: {
            json: {
              type: 'object',
              properties: { order_id: { type: 'string' } },
              required: ['order_id'],
            },
          },
          strict: true,
        },
      },
    ],
  },
});

/** A turn that says a sentence, then calls lookup_order with its input in three pieces. */
const events = (stopReason: string | null, pieces = ['{"order_', 'id": "A-', '1001"}']): Json[] => [
  { messageStart: { role: 'assistant' } },
  { contentBlockDelta: { contentBlockIndex: 0, delta: { text: 'Let me ' } } },
  { contentBlockDelta: { contentBlockIndex: 0, delta: { text: 'look.' } } },
  { contentBlockStop: { contentBlockIndex: 0 } },
  {
    contentBlockStart: {
      contentBlockIndex: 1,
      start: { toolUse: { toolUseId: 'tooluse_kZJMlvQmRJ6eAyJE5GIl7Q', name: 'lookup_order' } },
    },
  },
  ...pieces.map((piece) => ({
    contentBlockDelta: { contentBlockIndex: 1, delta: { toolUse: { input: piece } } },
  })),
  ...(stopReason === null
    ? []
    : [
        { contentBlockStop: { contentBlockIndex: 1 } },
        { messageStop: { stopReason } },
        {
          metadata: {
            usage: { inputTokens: 300, outputTokens: 41, totalTokens: 341 },
            metrics: { latencyMs: 900 },
          },
        },
      ]),
];

/** Sends ConverseStream through the SDK and reassembles what its `response.stream` yields. */
async function viaSdk(modelId: string, bytes: Uint8Array) {
  server.use(...bedrockHandlers({}, { [modelId]: bytes }));
  const sent = input(modelId);
  const output = await bedrock.send(new ConverseStreamCommand(sent));
  if (output.stream === undefined) throw new Error('no stream');
  const yielded: unknown[] = [];
  async function* tee() {
    for await (const event of output.stream ?? []) {
      yielded.push(event);
      yield event;
    }
  }
  const stream = await reassembleStreamAsync(tee());
  return { sent, stream, yielded };
}

describe('ConverseStreamCommand through the AWS SDK', () => {
  test('a whole stream: complete, the call dispatchable, and the three readings agree', async () => {
    const bytes = eventStream(events('tool_use'));
    const { sent, stream, yielded } = await viaSdk('whole', bytes);
    expect(yielded[0]).toEqual({ messageStart: { role: 'assistant' } });
    expect(stream).toMatchObject({ surface: 'bedrock-converse', state: 'complete', openCalls: [] });
    const exchange = { request: sent, response: stream };
    expect(diagnoseCalls(exchange).map((verdict) => [verdict.state, verdict.arguments])).toEqual([
      ['dispatchable', { order_id: 'A-1001' }],
    ]);
    expect(diagnoseTruncation(exchange).state).toBe('complete');

    const fromBytes = reassembleStream(bytes);
    expect(fromBytes.response).toEqual(stream.response);
    expect(fromBytes.state).toBe('complete');
    // The padding Bedrock adds to every event never reaches the response.
    expect(JSON.stringify(fromBytes.response)).not.toContain('"p"');

    const fetched = await fetch(`${HOST}/model/whole/converse-stream`, { method: 'POST' });
    const fromFetch = await reassembleStreamAsync(fetched.body as ReadableStream<Uint8Array>);
    expect(fromFetch.response).toEqual(stream.response);
    expect(reassembleStream(bytes.buffer.slice(0) as ArrayBuffer).state).toBe('complete');
  });

  test('max_tokens inside the toolUse: its input never closed, so the call is truncated', async () => {
    const { sent, stream } = await viaSdk(
      'cut',
      eventStream(events('max_tokens', ['{"order_', 'id": "A-'])),
    );
    expect(stream.state).toBe('complete');
    expect(stream.openCalls).toEqual(['output.message.content[1]']);
    const exchange = { request: sent, response: stream };
    expect(diagnoseTruncation(exchange).state).toBe('truncated-tool-use');
    expect(diagnoseCalls(exchange)[0]?.state).toBe('arguments-truncated');
  });

  test('a stream that ends before messageStop is cut, with the call still arriving', async () => {
    const { sent, stream } = await viaSdk('dropped', eventStream(events(null, ['{"order_'])));
    expect(stream).toMatchObject({ state: 'cut', openCalls: ['output.message.content[1]'] });
    expect(diagnoseTruncation({ request: sent, response: stream }).state).toBe('stream-cut');
    expect(diagnoseCalls({ request: sent, response: stream })[0]?.state).toBe(
      'arguments-truncated',
    );
  });

  test("a stream that ends after a toolUse's JSON closed, before its contentBlockStop, keeps the call open", async () => {
    // Every input piece arrived; the block's stop did not, so nothing says the input was all.
    const { sent, stream } = await viaSdk('closed-not-stopped', eventStream(events(null)));
    expect(stream).toMatchObject({ state: 'cut', openCalls: ['output.message.content[1]'] });
    expect(diagnoseTruncation({ request: sent, response: stream }).state).toBe('stream-cut');
  });

  test('each stop reason streamed reads as it does unstreamed', async () => {
    for (const stopReason of ['end_turn', 'guardrail_intervened', 'malformed_tool_use']) {
      const bytes = eventStream(events(stopReason));
      const read = readTurn(reassembleStream(bytes));
      expect(read.ok && read.turn.stop.said).toContain(`stopReason "${stopReason}"`);
    }
  });

  test('completedCalls: the call is complete at its contentBlockStop, not before', () => {
    const list = events('tool_use');
    const stopAt = list.findIndex(
      (event) =>
        'contentBlockStop' in event && JSON.stringify(event).includes('"contentBlockIndex":1'),
    );
    expect(completedCalls(list, stopAt - 1).complete).toEqual([]);
    expect(completedCalls(list, stopAt).complete.map((call) => call.name)).toEqual([
      'lookup_order',
    ]);
  });

  test('an exception message before any event is the answer: state error', () => {
    const bytes = message({
      throttlingException: { message: 'Too many requests, please wait before trying again.' },
    });
    const stream = reassembleStream(bytes);
    expect(stream.state).toBe('error');
    expect(stream.error).toEqual({
      type: 'throttlingException',
      message: 'Too many requests, please wait before trying again.',
    });
  });

  test('an error body {message} on the streaming URL is an API error, not a stream', async () => {
    const fetched = await (async () => {
      server.use(...bedrockHandlers({}, {}));
      return fetch(`${HOST}/model/none/converse-stream`, { method: 'POST' });
    })();
    const stream = await reassembleStreamAsync(fetched.body as ReadableStream<Uint8Array>);
    expect(stream.state).toBe('error');
    expect(stream.error?.message).toBe('Too many requests, please wait before trying again.');
  });
});

describe('hostile event-stream bytes: a verdict and a note, never a throw', () => {
  const whole = eventStream(events('tool_use'));

  test('truncated mid-message: cut, and the note says how much of the message arrived', () => {
    const stream = reassembleStream(whole.subarray(0, whole.length - 7));
    expect(stream.state).toBe('cut');
    expect(stream.notes.join('\n')).toMatch(
      /ended inside event-stream message \d+ .*connection dropped mid-message/,
    );
  });

  test('truncated inside a prelude: cut', () => {
    const first = message({ messageStart: { role: 'assistant' } });
    const stream = reassembleStream(concat([first, whole.subarray(0, 5)]));
    expect(stream.state).toBe('cut');
  });

  test('a bad message CRC: the events before it are kept, and reading stops there', () => {
    const corrupt = whole.slice();
    const second = message({ messageStart: { role: 'assistant' } }, 0).length;
    corrupt[second + 20] = (corrupt[second + 20] ?? 0) ^ 0xff;
    const stream = reassembleStream(corrupt);
    expect(stream.state).toBe('cut');
    expect(stream.surface).toBe('bedrock-converse');
    expect(stream.notes.join('\n')).toMatch(
      /event-stream message 1 .*could not be decoded .*checksum/i,
    );
  });

  test.each([
    ['longer than its message', 100],
    ['that fit the message but leave no room for the prelude and checksum', 30],
  ])('a prelude whose headers are %s: refused, saying both lengths', (_case, headers) => {
    const prelude = new Uint8Array(12);
    const view = new DataView(prelude.buffer);
    view.setUint32(0, 40);
    view.setUint32(4, headers);
    view.setUint32(8, crc32(prelude.subarray(0, 8)));
    const first = message({ messageStart: { role: 'assistant' } });
    const stream = reassembleStream(concat([first, prelude, new Uint8Array(28)]));
    expect(stream.state).toBe('cut');
    expect(stream.notes).toContain(
      `event-stream message 1 (at byte ${first.length}) declares 40 bytes with ${headers} bytes of headers, which no message can be; nothing from there on was read`,
    );
  });

  test('a bad prelude CRC: the length is not trusted', () => {
    const corrupt = whole.slice();
    corrupt[9] = (corrupt[9] ?? 0) ^ 0xff;
    const stream = reassembleStream(corrupt);
    expect(stream.state).toBe('cut');
    expect(stream.notes.join('\n')).toMatch(/fails its prelude CRC check/);
  });

  test('a prelude declaring 4 GB is refused unread, with no allocation of its size', async () => {
    const prelude = new Uint8Array(12);
    const view = new DataView(prelude.buffer);
    view.setUint32(0, 0xffffffff);
    view.setUint32(4, 0);
    view.setUint32(8, crc32(prelude.subarray(0, 8)));
    const hostile = concat([
      message({ messageStart: { role: 'assistant' } }),
      prelude,
      new Uint8Array(64),
    ]);
    const before = process.memoryUsage().arrayBuffers;
    const stream = reassembleStream(hostile);
    expect(process.memoryUsage().arrayBuffers - before).toBeLessThan(MAX_MESSAGE_BYTES);
    expect(stream.state).toBe('cut');
    expect(stream.notes.join('\n')).toMatch(/declares 4,294,967,295 bytes, over the 16 MiB/);
    // The same from a source that trickles in.
    async function* trickle() {
      for (let at = 0; at < hostile.length; at += 5) yield hostile.subarray(at, at + 5);
    }
    expect((await reassembleStreamAsync(trickle())).state).toBe('cut');
  });

  test('bytes split at every offset give the same response', async () => {
    const expected = reassembleStream(whole);
    for (const size of [1, 3, 12, 13, 64]) {
      async function* chunks() {
        for (let at = 0; at < whole.length; at += size) yield whole.subarray(at, at + size);
      }
      const stream = await reassembleStreamAsync(chunks());
      expect(stream.response, `chunks of ${size}`).toEqual(expected.response);
      expect(stream.state).toBe('complete');
    }
  });

  test('random bytes never throw', () => {
    let seed = 7;
    for (let round = 0; round < 200; round++) {
      const bytes = new Uint8Array(1 + (round % 97));
      for (let index = 0; index < bytes.length; index++) {
        seed = (seed * 1103515245 + 12345) & 0x7fffffff;
        bytes[index] = seed & 0xff;
      }
      bytes[0] = 0;
      expect(() => reassembleStream(bytes)).not.toThrow();
    }
  });
});

describe('JSON lines of ConverseStream events', () => {
  const lines = events('tool_use')
    .map((event) => JSON.stringify(event))
    .join('\n');

  test('read as the events they hold; a last line cut mid-event is a cut', () => {
    expect(reassembleStream(lines).state).toBe('complete');
    const cut = reassembleStream(lines.slice(0, -9));
    expect(cut.state).toBe('cut');
    expect(cut.notes.join('\n')).toMatch(/the last line is not a whole JSON object/);
  });

  test('streamChunks writes any generated Converse turn as chunks that reassemble to it', () => {
    const tools = [
      {
        name: 'lookup_order',
        parameters: {
          type: 'object',
          properties: { order_id: { type: 'string' } },
          required: ['order_id'],
        },
      },
    ];
    fc.assert(
      fc.property(
        toolCallResponse({ tools, surface: 'bedrock-converse' }).chain((sample) =>
          streamChunks(sample.payload).map((chunks) => ({ sample, chunks })),
        ),
        ({ sample, chunks }) => {
          const stream = reassembleStream(chunks.join(''));
          expect(stream.state).toBe('complete');
          const exchange = { request: sample.payload.request, response: stream };
          expect(diagnoseTruncation(exchange).state).toBe(sample.expected.truncation);
        },
      ),
      { numRuns: 60 },
    );
  });
});

describe('the writer', () => {
  test('bedrockEventStream writes what the reader reads; JSON lines read the same', () => {
    const response = {
      output: {
        message: {
          role: 'assistant',
          content: [
            { text: 'Let me look.' },
            {
              toolUse: { toolUseId: 'tooluse_1', name: 'lookup_order', input: { order_id: 'A-1' } },
            },
          ],
        },
      },
      stopReason: 'tool_use',
      usage: { inputTokens: 1, outputTokens: 2, totalTokens: 3 },
    };
    const writer = bedrockStream(response);
    const pieces = writer.texts.map((text) => [text]);
    const fromBytes = reassembleStream(bedrockEventStream(writer.events(pieces)));
    const fromLines = reassembleStream(writer.write(pieces));
    expect(fromBytes.response).toEqual(response);
    expect(fromLines.response).toEqual(response);
  });
});

function crc32(bytes: Uint8Array): number {
  let crc = 0xffffffff;
  for (const byte of bytes) {
    crc ^= byte;
    for (let k = 0; k < 8; k++) crc = crc & 1 ? 0xedb88320 ^ (crc >>> 1) : crc >>> 1;
  }
  return (crc ^ 0xffffffff) >>> 0;
}

import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { readTurn, reassembleStream, reassembleStreamAsync } from '../../src/index.js';
import { ANTHROPIC_SSE, CHAT_SSE, HAND_WRITTEN, parsedEvents, piecesOf } from './streams.js';

const encoder = new TextEncoder();

/** The hand-written streams, plus the line-ending and framing variants a server may send. */
const TEXTS = [
  ...HAND_WRITTEN.map(({ surface, text }) => ({ name: surface, text })),
  { name: 'anthropic-messages with CRLF', text: ANTHROPIC_SSE.replaceAll('\n', '\r\n') },
  { name: 'openai-chat without a last blank line', text: CHAT_SSE.trimEnd() },
];

/** Splits bytes at the given offsets (sorted, deduplicated, within bounds). */
function splitAt(bytes: Uint8Array, offsets: readonly number[]): Uint8Array[] {
  const points = [...new Set(offsets.map((offset) => offset % (bytes.length + 1)))].sort(
    (left, right) => left - right,
  );
  const pieces: Uint8Array[] = [];
  let start = 0;
  for (const point of [...points, bytes.length]) {
    pieces.push(bytes.subarray(start, point));
    start = point;
  }
  return pieces;
}

/** Offsets that fall inside a multi-byte UTF-8 character: the cuts a naive decoder gets wrong. */
function insideCharacters(bytes: Uint8Array): number[] {
  const offsets: number[] = [];
  bytes.forEach((byte, offset) => {
    if ((byte & 0b1100_0000) === 0b1000_0000) offsets.push(offset);
  });
  return offsets;
}

/** A web ReadableStream that delivers the pieces one by one, like a fetch body. */
function readableOf(pieces: readonly Uint8Array[]): ReadableStream<Uint8Array> {
  return new ReadableStream({
    start(controller) {
      for (const piece of pieces) controller.enqueue(piece);
      controller.close();
    },
  });
}

describe('any chunking of the bytes gives the same result as the whole text', () => {
  test.each(TEXTS)(
    '$name: random cut points, many of them inside multi-byte characters',
    async ({ text }) => {
      const whole = reassembleStream(text);
      const bytes = encoder.encode(text);
      const splits = insideCharacters(bytes);
      expect(splits.length).toBeGreaterThan(0);
      await fc.assert(
        fc.asyncProperty(
          fc.array(fc.nat(), { maxLength: 60 }),
          fc.subarray(splits),
          fc.boolean(),
          async (anywhere, inside, asReadable) => {
            const pieces = splitAt(bytes, [...anywhere, ...inside]);
            const source = asReadable ? readableOf(pieces) : piecesOf(pieces);
            expect(await reassembleStreamAsync(source)).toEqual(whole);
          },
        ),
        { numRuns: 150 },
      );
    },
  );

  test.each(TEXTS)('$name: one byte per chunk', async ({ text }) => {
    const bytes = encoder.encode(text);
    const pieces = [...bytes].map((byte) => new Uint8Array([byte]));
    expect(await reassembleStreamAsync(piecesOf(pieces))).toEqual(reassembleStream(text));
  });

  test('string chunks split anywhere, even between the halves of a surrogate pair', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(fc.nat(), { maxLength: 60 }), async (offsets) => {
        const points = [...new Set(offsets.map((offset) => offset % (CHAT_SSE.length + 1)))].sort(
          (left, right) => left - right,
        );
        const pieces = [0, ...points].map((start, index) =>
          CHAT_SSE.slice(start, points[index] ?? CHAT_SSE.length),
        );
        expect(await reassembleStreamAsync(piecesOf(pieces))).toEqual(reassembleStream(CHAT_SSE));
      }),
      { numRuns: 150 },
    );
  });
});

/**
 * Where the terminal event's payload ends, in bytes: the end of the last `data:` line; for Chat,
 * of the line that brings the last finish_reason (a stream that ends there has ended, [DONE] or not).
 */
function terminalEnd(text: string): number {
  const finish = text.lastIndexOf('"finish_reason":"');
  const lastData =
    finish >= 0
      ? text.lastIndexOf('data:', finish)
      : Math.max(text.lastIndexOf('\ndata:'), text.lastIndexOf('\rdata:')) + 1;
  const lineEnd = text.slice(lastData).search(/[\r\n]|$/);
  return encoder.encode(text.slice(0, lastData + lineEnd)).length;
}

describe('a stream cut at any byte is cut, and complete only once its terminal event has fully arrived', () => {
  test.each(TEXTS)('$name, cut at every byte offset', ({ text }) => {
    const bytes = encoder.encode(text);
    const end = terminalEnd(text);
    for (let offset = 0; offset <= bytes.length; offset++) {
      const stream = reassembleStream(bytes.subarray(0, offset));
      expect
        .soft(stream.state, `cut at byte ${offset} of ${bytes.length}`)
        .toBe(offset >= end ? 'complete' : 'cut');
      // Every prefix that shows its provider reads as a turn (one with no event yet is unreadable),
      // and each open call is a call the reader sees as unfinished.
      const read = readTurn(stream);
      expect(read.ok, `cut at byte ${offset}`).toBe(stream.recognised);
      if (!read.ok) continue;
      const unfinished = read.turn.calls.filter((call) => call.unfinished).map((call) => call.at);
      for (const at of stream.openCalls) expect(unfinished).toContain(at);
    }
  });

  test.each(HAND_WRITTEN)('$surface, parsed events cut after every event', ({ text }) => {
    const events = parsedEvents(text);
    // Chat's last parsed chunk (usage) comes after the finish_reason that completes parsed chunks.
    const completeFrom = text === CHAT_SSE ? events.length - 1 : events.length;
    for (let count = 0; count <= events.length; count++) {
      const stream = reassembleStream(events.slice(0, count));
      expect(stream.state, `after ${count} of ${events.length} events`).toBe(
        count >= completeFrom ? 'complete' : 'cut',
      );
      expect(stream.events).toBe(count);
    }
  });

  test('a Chat stream cut inside the second call: the first is whole, the second open and truncated', () => {
    const cutAt = CHAT_SSE.indexOf('Europe/Zürich') + 'Europe/Zü'.length;
    const stream = reassembleStream(CHAT_SSE.slice(0, cutAt));
    expect(stream.state).toBe('cut');
    // The last line stops inside its JSON, so it is skipped (and noted); the call it extended is open.
    expect(stream.openCalls).toEqual(['choices[0].message.tool_calls[1]']);
    expect(stream.response).toMatchObject({
      choices: [
        {
          finish_reason: null,
          message: {
            tool_calls: [
              { function: { name: 'get_weather', arguments: '{"city": "Zürich 🌧"}' } },
              { function: { name: 'get_time', arguments: '' } },
            ],
          },
        },
      ],
    });
  });
});

describe('reading from a source that fails', () => {
  test('a connection that drops mid-stream is not rethrown: what arrived is reassembled, cut, with a note', async () => {
    const bytes = encoder.encode(CHAT_SSE);
    async function* dropping() {
      yield bytes.subarray(0, 700);
      throw new Error('terminated: other side closed');
    }
    const stream = await reassembleStreamAsync(dropping());
    expect(stream.state).toBe('cut');
    expect(stream.openCalls).toEqual(['choices[0].message.tool_calls[0]']);
    expect(stream.notes).toContain(
      'the source failed before it ended (terminated: other side closed); what arrived was reassembled',
    );
  });

  test('an SDK stream of parsed events is read as events', async () => {
    const stream = await reassembleStreamAsync(piecesOf(parsedEvents(ANTHROPIC_SSE)));
    expect(stream).toEqual({ ...reassembleStream(ANTHROPIC_SSE), notes: ['1 ping event skipped'] });
  });

  test('an empty source is an empty, cut stream', async () => {
    expect(await reassembleStreamAsync(piecesOf([]))).toMatchObject({
      state: 'cut',
      events: 0,
      notes: ['the input held no events'],
    });
  });
});

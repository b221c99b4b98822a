/** Cutting a recorded stream into the chunks the network would deliver. */

import { describe, expect, test } from 'vitest';
import { bodyChunks, sseEvents } from '../../src/har/sse.js';
import { bedrockEventStream } from '../../src/surfaces/bedrock-converse/write.js';
import { fc, property } from '../support/property.js';

describe('sseEvents', () => {
  test('splits after each blank line, keeping it', () => {
    expect(sseEvents('event: a\ndata: 1\n\ndata: 2\n\n')).toEqual([
      'event: a\ndata: 1\n\n',
      'data: 2\n\n',
    ]);
  });

  test('CRLF and CR line endings are event boundaries too', () => {
    expect(sseEvents('data: 1\r\n\r\ndata: 2\r\rdata: 3\n\n')).toEqual([
      'data: 1\r\n\r\n',
      'data: 2\r\r',
      'data: 3\n\n',
    ]);
  });

  test("a cut stream's unfinished event is the last piece", () => {
    expect(sseEvents('data: 1\n\ndata: {"a')).toEqual(['data: 1\n\n', 'data: {"a']);
  });

  property([fc.string({ unit: fc.constantFrom('a', ':', ' ', '\n', '\r', 'é') })])(
    'the pieces join back into the text, byte for byte',
    (text) => {
      expect(sseEvents(text).join('')).toBe(text);
    },
  );
});

describe('bodyChunks', () => {
  const text = 'data: {"delta":"né"}\n\ndata: [DONE]\n\n';

  test('by default, one chunk per event', () => {
    const decoder = new TextDecoder();
    expect(bodyChunks(text).map((chunk) => decoder.decode(chunk))).toEqual(sseEvents(text));
  });

  property([fc.integer({ min: 1, max: 64 })])(
    'fixed byte sizes cut anywhere, even inside a character, and lose nothing',
    (bytes) => {
      const chunks = bodyChunks(text, { bytes });
      expect(chunks.slice(0, -1).every((chunk) => chunk.length === bytes)).toBe(true);
      expect(Buffer.concat(chunks).toString('utf8')).toBe(text);
    },
  );

  test('a size that is not a whole number of at least 1 is an error', () => {
    expect(() => bodyChunks(text, { bytes: 2.5 })).toThrow(
      'tool-call-health: chunking.bytes must be a whole number of at least 1, got 2.5',
    );
  });
});

describe('bodyChunks on binary AWS event-stream bytes', () => {
  const events = [
    { messageStart: { role: 'assistant' } },
    { contentBlockDelta: { contentBlockIndex: 0, delta: { text: 'né' } } },
    { messageStop: { stopReason: 'end_turn' } },
  ];
  const bytes = bedrockEventStream(events);

  test('by default, one chunk per message, each as long as its prelude declares', () => {
    const chunks = bodyChunks(bytes);
    expect(chunks).toHaveLength(3);
    expect(Buffer.concat(chunks)).toEqual(Buffer.from(bytes));
    for (const chunk of chunks) {
      expect(new DataView(chunk.buffer, chunk.byteOffset).getUint32(0)).toBe(chunk.byteLength);
    }
  });

  test('a cut last message, or bytes that frame as no message, go as one last piece', () => {
    const cut = bytes.subarray(0, bytes.length - 5);
    const chunks = bodyChunks(cut);
    expect(chunks).toHaveLength(3);
    expect(Buffer.concat(chunks)).toEqual(Buffer.from(cut));
    const garbage = new Uint8Array([0xff, 0xff, 0xff, 0xff, 1, 2, 3]);
    expect(bodyChunks(garbage)).toEqual([garbage]);
    expect(bodyChunks(new Uint8Array(0))).toEqual([]);
  });

  property([fc.integer({ min: 1, max: 64 })])(
    'fixed byte sizes cut through messages and lose nothing',
    (size) => {
      const chunks = bodyChunks(bytes, { bytes: size });
      expect(chunks.slice(0, -1).every((chunk) => chunk.length === size)).toBe(true);
      expect(Buffer.concat(chunks)).toEqual(Buffer.from(bytes));
    },
  );
});

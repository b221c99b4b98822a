/** Cutting a recorded stream into the chunks the network would deliver. */
import { fc, test } from '@fast-check/vitest';
import { describe, expect } from 'vitest';
import { bodyChunks, sseEvents } from '../../src/har/sse.js';

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

  test.prop([fc.string({ unit: fc.constantFrom('a', ':', ' ', '\n', '\r', 'é') })])(
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

  test.prop([fc.integer({ min: 1, max: 64 })])(
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

import { createInterface } from 'node:readline';
import { Readable } from 'node:stream';
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { textLines } from '../../src/cli/lines.js';

/** The lines readline gives for the same bytes, fed in the same pieces. */
async function readlineLines(pieces: Uint8Array[]): Promise<string[]> {
  const lines: string[] = [];
  const input = Readable.from(pieces.map((piece) => Buffer.from(piece)));
  for await (const line of createInterface({ input, crlfDelay: Number.POSITIVE_INFINITY })) {
    lines.push(line);
  }
  return lines;
}

async function ours(pieces: Uint8Array[]): Promise<string[]> {
  const lines: string[] = [];
  for await (const line of textLines(Readable.from(pieces.map((piece) => Buffer.from(piece))))) {
    lines.push(line);
  }
  return lines;
}

/** Bytes cut into pieces at the given places. */
function cut(bytes: Uint8Array, at: number[]): Uint8Array[] {
  const places = [...new Set(at.map((place) => place % (bytes.length + 1)))].sort((a, b) => a - b);
  const pieces: Uint8Array[] = [];
  let from = 0;
  for (const place of places) {
    pieces.push(bytes.subarray(from, place));
    from = place;
  }
  pieces.push(bytes.subarray(from));
  return pieces.filter((piece) => piece.length > 0);
}

describe('textLines', () => {
  test('gives the lines readline gives, however the bytes are cut', async () => {
    const text = fc
      .array(
        fc.oneof(
          fc.constantFrom('\n', '\r\n', '\r', '{"a":1}', '', ' ', '\uFEFF', 'é', '😀', '日本'),
          fc.string({ unit: 'grapheme', maxLength: 8 }),
        ),
        { maxLength: 30 },
      )
      .map((parts) => parts.join(''));
    await fc.assert(
      fc.asyncProperty(text, fc.array(fc.nat(), { maxLength: 8 }), async (joined, at) => {
        const pieces = cut(new TextEncoder().encode(joined), at);
        expect(await ours(pieces)).toEqual(await readlineLines(pieces));
      }),
      { numRuns: 500 },
    );
  });

  test('bytes that are not UTF-8 become U+FFFD; a last line of half a character is kept', async () => {
    const bytes = Uint8Array.from([0x7b, 0xff, 0x7d, 0x0a, 0xc3]);
    expect(await ours([bytes])).toEqual(['{\uFFFD}', '\uFFFD']);
    // readline drops that last line, and the audit would never say it was there.
    expect(await readlineLines([bytes])).toEqual(['{\uFFFD}']);
  });
});

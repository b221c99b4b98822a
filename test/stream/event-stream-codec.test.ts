/**
 * The event-stream codec against the AWS SDK's own (`@smithy/eventstream-codec`, a dev
 * dependency only): what the SDK encodes, ours decodes to the same headers and body and encodes
 * back to the same bytes, for every header type; what the SDK refuses, ours refuses, naming why,
 * without throwing.
 */
import { EventStreamCodec, Int64 } from '@smithy/eventstream-codec';
import type { MessageHeaders } from '@smithy/types';
import { fromUtf8, toUtf8 } from '@smithy/util-utf8';
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import {
  crc32,
  decodeEventStreamMessage,
  encodeEventStreamMessage,
  tableCrc32,
} from '../../src/stream/event-stream-codec.js';

const aws = new EventStreamCodec(toUtf8, fromUtf8);

// "__proto__" aside: the SDK sets headers with `=`, so it cannot decode a header of that name.
const headerName = fc
  .string({ minLength: 1, maxLength: 20, unit: 'grapheme-ascii' })
  .filter((name) => name !== '__proto__');
/** A header value of each of the nine types the event-stream encoding has. */
const headerValue = fc.oneof(
  fc.boolean().map((value) => ({ type: 'boolean' as const, value })),
  fc.integer({ min: -128, max: 127 }).map((value) => ({ type: 'byte' as const, value })),
  fc.integer({ min: -32768, max: 32767 }).map((value) => ({ type: 'short' as const, value })),
  fc.integer().map((value) => ({ type: 'integer' as const, value })),
  fc
    .integer({ min: -(2 ** 40), max: 2 ** 40 })
    .map((value) => ({ type: 'long' as const, value: Int64.fromNumber(value) })),
  fc.uint8Array({ maxLength: 40 }).map((value) => ({ type: 'binary' as const, value })),
  fc
    .string({ maxLength: 60, unit: 'grapheme' })
    .map((value) => ({ type: 'string' as const, value })),
  fc
    .integer({ min: 0, max: 4_102_444_800_000 })
    .map((ms) => ({ type: 'timestamp' as const, value: new Date(ms) })),
  fc.uuid().map((value) => ({ type: 'uuid' as const, value })),
);
const awsMessage = fc.record({
  headers: fc.dictionary(headerName, headerValue, { maxKeys: 6 }) as fc.Arbitrary<MessageHeaders>,
  body: fc.uint8Array({ maxLength: 300 }),
});

describe('an event-stream message, as the AWS SDK writes it', () => {
  test('decodes to the same strings, bytes and body, and encodes back to the same bytes', () => {
    fc.assert(
      fc.property(awsMessage, (message) => {
        const bytes = aws.encode(message);
        const decoded = decodeEventStreamMessage(bytes);
        if (!decoded.ok) throw new Error(decoded.problem);
        expect(Object.keys(decoded.message.headers)).toEqual(Object.keys(message.headers));
        for (const [name, header] of Object.entries(message.headers)) {
          const ours = decoded.message.headers[name];
          if (header.type === 'string' || header.type === 'binary') {
            expect(ours).toEqual({ type: header.type, value: header.value });
          } else expect(ours?.type).toBe('other');
        }
        expect(decoded.message.body).toEqual(message.body);
        expect(encodeEventStreamMessage(decoded.message)).toEqual(bytes);
      }),
      { numRuns: 300 },
    );
  });

  test('what ours encodes, the SDK decodes to the same headers and body', () => {
    fc.assert(
      fc.property(
        fc.dictionary(headerName, fc.string({ maxLength: 60, unit: 'grapheme' })),
        fc.uint8Array({ maxLength: 300 }),
        (strings, body) => {
          const headers = Object.fromEntries(
            Object.entries(strings).map(([name, value]) => [name, { type: 'string', value }]),
          ) as Record<string, { type: 'string'; value: string }>;
          const decoded = aws.decode(encodeEventStreamMessage({ headers, body }));
          expect(decoded.headers).toEqual(headers);
          expect(decoded.body).toEqual(body);
        },
      ),
    );
  });

  test('a header named __proto__ is kept as an own header, never as the prototype', () => {
    const headers = Object.fromEntries([['__proto__', { type: 'string', value: 'x' }]]) as Record<
      string,
      { type: 'string'; value: string }
    >;
    const decoded = decodeEventStreamMessage(
      encodeEventStreamMessage({ headers, body: new Uint8Array() }),
    );
    if (!decoded.ok) throw new Error(decoded.problem);
    expect(Object.hasOwn(decoded.message.headers, '__proto__')).toBe(true);
    expect(Object.getPrototypeOf(decoded.message.headers)).toBe(Object.prototype);
    expect(Object.keys(decoded.message.headers)).toEqual(['__proto__']);
  });

  test('a byte changed anywhere is refused by both, ours naming why and never throwing', () => {
    fc.assert(
      fc.property(awsMessage, fc.nat(), fc.integer({ min: 1, max: 255 }), (message, at, flip) => {
        const bytes = aws.encode(message);
        const index = at % bytes.length;
        const corrupted = bytes.slice();
        corrupted[index] = (corrupted[index] ?? 0) ^ flip;
        const ours = decodeEventStreamMessage(corrupted);
        expect(ours.ok).toBe(false);
        expect(() => aws.decode(corrupted)).toThrow();
        if (!ours.ok) {
          expect(ours.problem).toMatch(/checksum|declares|overrun|unknown type|shorter/);
        }
      }),
      { numRuns: 300 },
    );
  });

  test('each refusal says what is wrong', () => {
    const bytes = aws.encode({
      headers: { ':event-type': { type: 'string', value: 'messageStop' } },
      body: fromUtf8('{"stopReason":"end_turn"}'),
    });
    const problem = (changed: Uint8Array) => {
      const decoded = decodeEventStreamMessage(changed);
      return decoded.ok ? 'decoded' : decoded.problem;
    };
    expect(problem(bytes.subarray(0, 10))).toBe('10 bytes are shorter than any message');
    expect(problem(bytes.subarray(0, bytes.length - 1))).toBe(
      `it declares ${bytes.length} bytes but holds ${bytes.length - 1}`,
    );
    const flipped = (index: number) => bytes.map((byte, at) => (at === index ? byte ^ 1 : byte));
    expect(problem(flipped(bytes.length - 6))).toBe('its message checksum does not match');
    expect(problem(flipped(9))).toBe('its prelude checksum does not match');
  });
});

describe('crc32', () => {
  test("Node's and the table's agree, and give CRC-32's check value", () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 500 }), (bytes) => {
        expect(crc32(bytes)).toBe(tableCrc32(bytes));
      }),
    );
    // The check value of CRC-32/ISO-HDLC.
    expect(tableCrc32(new TextEncoder().encode('123456789'))).toBe(0xcbf43926);
  });
});

/**
 * One AWS event-stream message, decoded and encoded: a 12-byte prelude (total length, headers
 * length, the prelude's CRC32), headers, the payload and the message's CRC32, all big-endian.
 * Written here rather than loading `@smithy/eventstream-codec` (and the 8 MB of packages it
 * brings) for the one stream format most users never meet; the tests hold it byte for byte to
 * the AWS SDK's own codec. Pure: a fault is a value, never a throw.
 */
import * as zlib from 'node:zlib';

/** The prelude: total length, headers length, the prelude's CRC32. */
export const PRELUDE_BYTES = 12;
/** A prelude and the message CRC: the smallest message there is. */
export const MIN_MESSAGE_BYTES = 16;

/**
 * A header value as it arrives: a string as text, a byte array as bytes, and the other types
 * (booleans, integers, timestamps, UUIDs) as their raw value bytes, which re-encode unchanged.
 */
export type EventStreamHeader =
  | { type: 'string'; value: string }
  | { type: 'binary'; value: Uint8Array }
  | { type: 'other'; code: number; raw: Uint8Array };

export interface EventStreamMessage {
  headers: Record<string, EventStreamHeader>;
  body: Uint8Array;
}

/** The wire's type codes (the AWS event-stream encoding), and the fixed sizes of their values. */
const HEADER_TYPE = { string: 7, binary: 6 } as const;
const FIXED_VALUE_BYTES: Readonly<Record<number, number>> = {
  0: 0, // boolean true
  1: 0, // boolean false
  2: 1, // byte
  3: 2, // short
  4: 4, // integer
  5: 8, // long
  8: 8, // timestamp (milliseconds, as a long)
  9: 16, // UUID
};

// As the AWS SDK reads header text: bytes that are not UTF-8 become U+FFFD, never a refusal.
const utf8 = new TextDecoder();
const encoder = new TextEncoder();

/** CRC-32 (IEEE) of `bytes[from, to)`: Node's own where it has one (20.15 and later). */
export function crc32(bytes: Uint8Array, from = 0, to = bytes.length): number {
  const part = from === 0 && to === bytes.length ? bytes : bytes.subarray(from, to);
  return typeof zlib.crc32 === 'function' ? zlib.crc32(part) : tableCrc32(part);
}

const CRC_TABLE = (() => {
  const table = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    table[n] = c >>> 0;
  }
  return table;
})();

/** CRC-32 (IEEE) by table, for a Node without `zlib.crc32`. */
export function tableCrc32(bytes: Uint8Array): number {
  let crc = 0xffffffff;
  for (const byte of bytes) crc = (CRC_TABLE[(crc ^ byte) & 0xff] ?? 0) ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

/**
 * One whole message's bytes, checked and decoded: its length as declared, both checksums and
 * every header; otherwise why not.
 *
 * @example
 * ```ts
 * const decoded = decodeEventStreamMessage(bytes);
 * if (decoded.ok) decoded.message.headers[':event-type']; // { type: 'string', value: 'messageStart' }
 * ```
 */
export function decodeEventStreamMessage(
  bytes: Uint8Array,
): { ok: true; message: EventStreamMessage } | { ok: false; problem: string } {
  if (bytes.length < MIN_MESSAGE_BYTES) {
    return { ok: false, problem: `${bytes.length} bytes are shorter than any message` };
  }
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const total = view.getUint32(0);
  const headersLength = view.getUint32(4);
  if (total !== bytes.length) {
    return { ok: false, problem: `it declares ${total} bytes but holds ${bytes.length}` };
  }
  if (view.getUint32(8) !== crc32(bytes, 0, 8)) {
    return { ok: false, problem: 'its prelude checksum does not match' };
  }
  if (headersLength > total - MIN_MESSAGE_BYTES) {
    return { ok: false, problem: `its ${headersLength} bytes of headers overrun the message` };
  }
  if (view.getUint32(total - 4) !== crc32(bytes, 0, total - 4)) {
    return { ok: false, problem: 'its message checksum does not match' };
  }
  const headersEnd = PRELUDE_BYTES + headersLength;
  const headers = decodeHeaders(bytes, view, headersEnd);
  if (typeof headers === 'string') return { ok: false, problem: headers };
  return { ok: true, message: { headers, body: bytes.slice(headersEnd, total - 4) } };
}

/** The headers from the prelude's end to `end`, or what is wrong with them. */
function decodeHeaders(
  bytes: Uint8Array,
  view: DataView,
  end: number,
): Record<string, EventStreamHeader> | string {
  const headers: Record<string, EventStreamHeader> = {};
  let at = PRELUDE_BYTES;
  while (at < end) {
    const nameLength = view.getUint8(at);
    const nameEnd = at + 1 + nameLength;
    if (nameEnd + 1 > end) return `a header at byte ${at} overruns the headers`;
    const name = utf8.decode(bytes.subarray(at + 1, nameEnd));
    const code = view.getUint8(nameEnd);
    at = nameEnd + 1;
    if (code === HEADER_TYPE.string || code === HEADER_TYPE.binary) {
      if (at + 2 > end) return `header "${name}" overruns the headers`;
      const valueEnd = at + 2 + view.getUint16(at);
      if (valueEnd > end) return `header "${name}" overruns the headers`;
      const raw = bytes.slice(at + 2, valueEnd);
      at = valueEnd;
      setHeader(
        headers,
        name,
        code === HEADER_TYPE.binary
          ? { type: 'binary', value: raw }
          : { type: 'string', value: utf8.decode(raw) },
      );
      continue;
    }
    const size = FIXED_VALUE_BYTES[code];
    if (size === undefined) return `header "${name}" has the unknown type ${code}`;
    if (at + size > end) return `header "${name}" overruns the headers`;
    setHeader(headers, name, { type: 'other', code, raw: bytes.slice(at, at + size) });
    at += size;
  }
  return headers;
}

/** Sets a header as an own key, whatever its name: `__proto__` too, which `=` would not set. */
function setHeader(
  headers: Record<string, EventStreamHeader>,
  name: string,
  header: EventStreamHeader,
): void {
  Object.defineProperty(headers, name, {
    value: header,
    enumerable: true,
    writable: true,
    configurable: true,
  });
}

/**
 * A message as its bytes: the headers in their order, the body, both checksums.
 *
 * @example
 * ```ts
 * encodeEventStreamMessage({
 *   headers: { ':event-type': { type: 'string', value: 'messageStop' } },
 *   body: new TextEncoder().encode('{"stopReason":"end_turn"}'),
 * });
 * ```
 */
export function encodeEventStreamMessage(message: EventStreamMessage): Uint8Array {
  const parts: Uint8Array[] = [];
  for (const [name, header] of Object.entries(message.headers)) {
    const nameBytes = encoder.encode(name);
    const value =
      header.type === 'string'
        ? encoder.encode(header.value)
        : header.type === 'binary'
          ? header.value
          : header.raw;
    const code =
      header.type === 'other' ? header.code : HEADER_TYPE[header.type as 'string' | 'binary'];
    const sized = header.type !== 'other';
    const part = new Uint8Array(1 + nameBytes.length + 1 + (sized ? 2 : 0) + value.length);
    const view = new DataView(part.buffer);
    part[0] = nameBytes.length;
    part.set(nameBytes, 1);
    let at = 1 + nameBytes.length;
    part[at] = code;
    at += 1;
    if (sized) {
      view.setUint16(at, value.length);
      at += 2;
    }
    part.set(value, at);
    parts.push(part);
  }
  const headersLength = parts.reduce((sum, part) => sum + part.length, 0);
  const total = MIN_MESSAGE_BYTES + headersLength + message.body.length;
  const out = new Uint8Array(total);
  const view = new DataView(out.buffer);
  view.setUint32(0, total);
  view.setUint32(4, headersLength);
  view.setUint32(8, crc32(out, 0, 8));
  let at = PRELUDE_BYTES;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  out.set(message.body, at);
  view.setUint32(total - 4, crc32(out, 0, total - 4));
  return out;
}

/**
 * Messages as one stream's bytes.
 *
 * @example
 * ```ts
 * joinBytes([encodeEventStreamMessage(start), encodeEventStreamMessage(stop)]);
 * ```
 */
export function joinBytes(parts: readonly Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}

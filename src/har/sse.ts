import { libraryMessage } from '../text/library-message.js';
/**
 * Splitting a server-sent-event body at its event boundaries, byte for byte: the one place that
 * knows where an SSE event ends. Redaction reads a stream event by event through it, and replay
 * cuts a recorded stream into the pieces the network delivered. Pure.
 *
 * Decoding events into payloads for reassembly is another job: `src/stream/sse.ts` hands the
 * framing to `eventsource-parser`, which reads fields and drops what is not a payload.
 */

/**
 * How a streamed body is cut into chunks: `'event'` sends one chunk per SSE event, at its
 * original boundaries; `{ bytes: n }` cuts every `n` bytes, through events, lines and even
 * multi-byte characters, to test a stream parser's buffering.
 */
export type Chunking = 'event' | { bytes: number };

/**
 * Splits SSE text into its events, each with the blank line that ends it. Joining the pieces
 * gives the text back exactly; a cut stream's unfinished last event is the last piece.
 *
 * @example
 * sseEvents('data: 1\n\ndata: 2\n\n'); // ['data: 1\n\n', 'data: 2\n\n']
 * sseEvents('data: 1\n\ndata: {"a'); // ['data: 1\n\n', 'data: {"a']
 */
export function sseEvents(text: string): string[] {
  const events: string[] = [];
  // An event ends at a blank line, in any of the three line-ending spellings SSE allows.
  const boundary = /\r\n\r\n|\n\n|\r\r/g;
  let start = 0;
  for (let found = boundary.exec(text); found !== null; found = boundary.exec(text)) {
    events.push(text.slice(start, found.index + found[0].length));
    start = found.index + found[0].length;
  }
  if (start < text.length) events.push(text.slice(start));
  return events;
}

/**
 * The body's bytes cut as `chunking` says: SSE text at its events, or binary AWS event-stream
 * bytes at its messages (each message's first 4 bytes declare its length; bytes that do not
 * frame as messages go as one piece). Pure.
 *
 * @example
 * bodyChunks('data: 1\n\n', { bytes: 4 }).length; // 3
 * bodyChunks(bedrockEventStream(events)).length; // events.length
 */
export function bodyChunks(body: string | Uint8Array, chunking: Chunking = 'event'): Uint8Array[] {
  const encoder = new TextEncoder();
  if (chunking === 'event') {
    return typeof body === 'string'
      ? sseEvents(body).map((event) => encoder.encode(event))
      : eventStreamMessages(body);
  }
  const size = chunking.bytes;
  if (!Number.isInteger(size) || size < 1) {
    throw new Error(
      libraryMessage(`chunking.bytes must be a whole number of at least 1, got ${size}`),
    );
  }
  const bytes = typeof body === 'string' ? encoder.encode(body) : body;
  const chunks: Uint8Array[] = [];
  for (let start = 0; start < bytes.length; start += size) {
    chunks.push(bytes.subarray(start, start + size));
  }
  return chunks;
}

/** The smallest event-stream message: a 12-byte prelude and a 4-byte message CRC. */
const MIN_MESSAGE_BYTES = 16;

/**
 * AWS event-stream bytes split at their messages by the length each prelude declares, unchecked
 * (a replay sends the bytes as recorded, whole or not); what is left when a length does not fit
 * (a cut stream's last message, bytes that are no event stream) is the last piece. Joining the
 * pieces gives the bytes back exactly.
 *
 * @example
 * eventStreamMessages(bedrockEventStream(events)).length; // events.length
 */
export function eventStreamMessages(bytes: Uint8Array): Uint8Array[] {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const messages: Uint8Array[] = [];
  let start = 0;
  while (start + 4 <= bytes.length) {
    const length = view.getUint32(start);
    if (length < MIN_MESSAGE_BYTES || start + length > bytes.length) break;
    messages.push(bytes.subarray(start, start + length));
    start += length;
  }
  if (start < bytes.length) messages.push(bytes.subarray(start));
  return messages;
}

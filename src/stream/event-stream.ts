/**
 * AWS event-stream bytes (`application/vnd.amazon.eventstream`, what Bedrock's ConverseStream
 * sends) into the events the AWS SDK would yield: `{ [":event-type"]: JSON payload }`.
 *
 * Each message is a 12-byte prelude (total length, headers length, prelude CRC32), headers,
 * a payload and a message CRC32. The prelude is read first, a length over
 * {@link MAX_MESSAGE_BYTES} is refused with a note before anything is allocated for it, and
 * only whole messages reach the codec (`event-stream-codec.ts`). Nothing here throws on bytes.
 */
import { isRecord, type Json, recordOf } from '../model/narrow.js';
import { formatCount } from '../text/count.js';
import { plural } from '../text/plural.js';
import {
  crc32,
  decodeEventStreamMessage,
  type EventStreamMessage,
  MIN_MESSAGE_BYTES,
  PRELUDE_BYTES,
} from './event-stream-codec.js';
import type { Notebook } from './notes.js';

/** The largest message read: Bedrock's events are a few kilobytes; 16 MiB is far above any. */
export const MAX_MESSAGE_BYTES = 16 * 1024 * 1024;

const decoder = new TextDecoder();

/**
 * Whether bytes are an event stream rather than text: a first prelude whose CRC holds, or a
 * first byte no SSE or JSON text starts with (a control character, or a byte that starts no
 * UTF-8 character; any length under 16 MiB starts with a zero byte).
 *
 * @example
 * ```ts
 * looksLikeEventStream(new TextEncoder().encode('data: {}\n\n')); // false
 * ```
 */
export function looksLikeEventStream(bytes: Uint8Array): boolean {
  const first = bytes[0];
  if (first === undefined) return false;
  if (bytes.length >= PRELUDE_BYTES) {
    const view = new DataView(bytes.buffer, bytes.byteOffset, PRELUDE_BYTES);
    if (view.getUint32(8) === crc32(bytes, 0, 8)) return true;
  }
  const control = first < 0x20 && first !== 0x09 && first !== 0x0a && first !== 0x0d;
  return control || (first >= 0x80 && first <= 0xc1) || first >= 0xf5;
}

/**
 * Splits event-stream bytes fed in any pieces into whole messages, decoded.
 *
 * @example
 * ```ts
 * const splitter = createEventStreamSplitter((event) => reader.push(event), reader.notebook);
 * splitter.feed(bytes);
 * const note = splitter.end(); // null when the bytes ended on a message boundary
 * ```
 */
export interface EventStreamSplitter {
  feed(bytes: Uint8Array): void;
  /**
   * Ends the input: `null` when every message was whole and sound, else why the stream stopped
   * early (cut mid-message, a bad checksum, a refused length); what came before it was read.
   */
  end(): string | null;
}

/**
 * A splitter handing each decoded event to `onEvent`: an `event` message as
 * `{ [eventType]: payload }`, an `exception` or `error` message as `{ error: { type, message } }`
 * (the stream readers' error shape).
 */
export function createEventStreamSplitter(
  onEvent: (event: Json) => void,
  notes: Notebook,
): EventStreamSplitter {
  const chunks: Uint8Array[] = [];
  let buffered = 0;
  // Where the next message starts in the whole stream, and how many were read, for notes.
  let offset = 0;
  let messages = 0;
  let stopped: string | null = null;

  /** The first `count` bytes buffered, as one array; removed from the buffer when `consume`. */
  function front(count: number, consume: boolean): Uint8Array {
    const first = chunks[0];
    let out: Uint8Array;
    if (first !== undefined && first.length >= count) out = first.subarray(0, count);
    else {
      out = new Uint8Array(count);
      let filled = 0;
      for (const chunk of chunks) {
        const part = chunk.subarray(0, count - filled);
        out.set(part, filled);
        filled += part.length;
        if (filled === count) break;
      }
    }
    if (consume) {
      let left = count;
      while (left > 0 && chunks.length > 0) {
        const head = chunks[0] as Uint8Array;
        if (head.length <= left) {
          left -= head.length;
          chunks.shift();
        } else {
          chunks[0] = head.subarray(left);
          left = 0;
        }
      }
      buffered -= count;
    }
    return out;
  }

  function stop(reason: string): void {
    stopped = reason;
    chunks.length = 0;
    buffered = 0;
  }

  function where(): string {
    return `event-stream message ${messages} (at byte ${formatCount(offset)})`;
  }

  function deliver(message: EventStreamMessage): void {
    const header = (name: string): string | undefined => {
      const value = message.headers[name];
      return value?.type === 'string' ? value.value : undefined;
    };
    const type = header(':message-type') ?? 'event';
    const text = decoder.decode(message.body);
    let payload: unknown;
    try {
      payload = text === '' ? {} : JSON.parse(text);
    } catch {
      payload = undefined;
    }
    if (type === 'exception') {
      const said =
        isRecord(payload) && typeof payload.message === 'string' ? payload.message : text;
      onEvent({ error: { type: header(':exception-type') ?? 'exception', message: said } });
      return;
    }
    if (type === 'error') {
      onEvent({
        error: { type: header(':error-code') ?? 'error', message: header(':error-message') ?? '' },
      });
      return;
    }
    const name = header(':event-type');
    if (name === undefined || !isRecord(payload)) {
      notes.add(
        `${where()} ${name === undefined ? 'names no :event-type' : `(${name}) carries no JSON object`}; skipped`,
      );
      return;
    }
    onEvent({ [name]: payload });
  }

  function drain(): void {
    while (stopped === null && buffered >= PRELUDE_BYTES) {
      const prelude = front(PRELUDE_BYTES, false);
      const view = new DataView(prelude.buffer, prelude.byteOffset, PRELUDE_BYTES);
      const total = view.getUint32(0);
      const headers = view.getUint32(4);
      if (view.getUint32(8) !== crc32(prelude, 0, 8)) {
        stop(
          `${where()} fails its prelude CRC check, so the length it declares cannot be trusted: the bytes were corrupted, and nothing from there on was read`,
        );
        return;
      }
      if (total > MAX_MESSAGE_BYTES) {
        stop(
          `${where()} declares ${formatCount(total)} bytes, over the ${MAX_MESSAGE_BYTES / 1024 / 1024} MiB read here (Bedrock's events are a few kB): refused unread, and nothing from there on was read`,
        );
        return;
      }
      if (total < MIN_MESSAGE_BYTES || headers > total - MIN_MESSAGE_BYTES) {
        stop(
          `${where()} declares ${plural(total, 'byte')} with ${plural(headers, 'byte')} of headers, which no message can be; nothing from there on was read`,
        );
        return;
      }
      if (buffered < total) return;
      const decoded = decodeEventStreamMessage(front(total, true));
      if (!decoded.ok) {
        stop(
          `${where()} could not be decoded (${decoded.problem}): the bytes were corrupted, and nothing from there on was read`,
        );
        return;
      }
      deliver(decoded.message);
      offset += total;
      messages++;
    }
  }

  return {
    feed(bytes) {
      if (stopped !== null || bytes.length === 0) return;
      chunks.push(bytes);
      buffered += bytes.length;
      drain();
    },
    end() {
      if (stopped !== null) return stopped;
      if (buffered === 0) return null;
      const declared =
        buffered >= 4
          ? ` of the ${plural(
              front(4, false).reduce((sum, byte) => sum * 256 + byte, 0),
              'byte',
            )} it declares`
          : '';
      return `the event stream ended inside ${where()}: ${plural(buffered, 'byte')}${declared} arrived, so the connection dropped mid-message`;
    },
  };
}

/**
 * The event an `InvokeModelWithResponseStream` chunk carries, or `null` when the event is no
 * chunk. Bedrock's InvokeModel stream wraps each of the model's own stream events (Anthropic's
 * `message_start` ... `message_stop` for a Claude body) in a `chunk` event: on the wire its JSON
 * payload is `{"bytes":"<base64>"}`, and the AWS SDK yields `{ chunk: { bytes: Uint8Array } }`.
 * A chunk whose bytes are no JSON object is a `problem` to note.
 *
 * @example
 * ```ts
 * invokeModelChunk({ chunk: { bytes: btoa('{"type":"message_stop"}') } });
 * // { event: { type: 'message_stop' } }
 * ```
 */
export function invokeModelChunk(
  event: Json,
): { event: Json; problem?: undefined } | { problem: string } | null {
  if (Object.hasOwn(event, 'type')) return null;
  const chunk = recordOf(event.chunk);
  const bytes = chunk?.bytes;
  let text: string;
  if (bytes instanceof Uint8Array) text = decoder.decode(bytes);
  else if (typeof bytes === 'string') {
    const binary = base64Bytes(bytes);
    if (binary === undefined) return { problem: 'its bytes are not base64' };
    text = decoder.decode(binary);
  } else return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return { problem: 'its bytes are not JSON' };
  }
  const inner = recordOf(parsed);
  return inner === undefined ? { problem: 'its bytes hold no JSON object' } : { event: inner };
}

/** Base64 text as bytes; `undefined` when it is not base64. */
function base64Bytes(text: string): Uint8Array | undefined {
  let binary: string;
  try {
    binary = atob(text);
  } catch {
    return undefined;
  }
  const out = new Uint8Array(binary.length);
  for (let index = 0; index < binary.length; index++) out[index] = binary.charCodeAt(index);
  return out;
}

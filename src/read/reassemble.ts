/**
 * The entry points: reassemble SSE text, bytes, an events array or an async source, and ask
 * which calls were complete at any event of a stream.
 */
import type { WireSurfaceId } from '../model/model.js';
import { isRecord } from '../model/narrow.js';
import { BatchedUtf8Decoder } from '../stream/buffers.js';
import { createEventStreamSplitter, looksLikeEventStream } from '../stream/event-stream.js';
import { createJsonArraySplitter, type JsonArraySplitter } from '../stream/json-array.js';
import { createSseDecoder, type SseDecoder } from '../stream/sse.js';
import type {
  CallsProgress,
  ReassembledStream,
  ReassembleOptions,
  StreamInput,
  StreamReader,
  StreamSource,
} from '../stream/types.js';
import { plural } from '../text/plural.js';
import { checkSurface, createReader, type InternalReader } from './stream-reader.js';

function surfaceOption(options: ReassembleOptions | null | undefined): WireSurfaceId | null {
  if (options === undefined || options === null) return null;
  return checkSurface(isRecord(options) ? options.surface : undefined, 'options.surface');
}

/** Feeds SSE text through the parser into a reader; `end()` flushes a last unterminated event. */
function sseInto(reader: InternalReader) {
  return createSseDecoder((payload) => reader.pushPayload(payload), reader.notebook);
}

/** Text fed in pieces; `end()` gives the reader its events went into. */
interface TextInput {
  feed(text: string): void;
  end(): InternalReader;
}

/**
 * Text in whichever framing it came: told by its first character that is not white space, since
 * SSE text never starts with `[` or `{`.
 *
 * - `[`: one JSON array of events, what Gemini's `streamGenerateContent` sends without
 *   `alt=sse`; an array without its closing `]` is a stream cut mid-array.
 * - `{`: one JSON body where a stream was expected (an API error body) is read as one event;
 *   JSON lines (one event object a line, as decoded ConverseStream events are stored) as those
 *   events, a last line that is not whole being a cut; any other text is read as SSE.
 * - anything else: SSE.
 */
function textInput(forced: WireSurfaceId | null): TextInput {
  let framing: 'unknown' | 'sse' | 'array' | 'body' = 'unknown';
  let reader: InternalReader | null = null;
  let sse: SseDecoder | null = null;
  let array: JsonArraySplitter | null = null;
  // Text held while the framing is unknown (white space), or a whole body until it ends.
  const held: string[] = [];

  function startSse(): SseDecoder {
    framing = 'sse';
    const into = createReader(forced, 'sse');
    reader = into;
    const decoder = sseInto(into);
    sse = decoder;
    for (const piece of held.splice(0)) decoder.feed(piece);
    return decoder;
  }

  return {
    feed(text) {
      if (text === '') return;
      if (sse !== null) return sse.feed(text);
      if (array !== null) return array.feed(text);
      held.push(text);
      if (framing === 'body') return;
      const first = firstSignificant(text);
      if (first === -1) return;
      const code = text.charCodeAt(first);
      if (code === 0x5b) {
        framing = 'array';
        held.length = 0;
        const into = createReader(forced, 'events');
        reader = into;
        array = createJsonArraySplitter(
          (element) => into.pushPayload({ data: element, eventName: undefined }),
          into.notebook,
        );
        array.feed(text.slice(first));
      } else if (code === 0x7b) framing = 'body';
      else startSse();
    },
    end() {
      if (array !== null && reader !== null) {
        if (!array.end()) {
          reader.endedEarly(
            'the JSON array ended before its closing ]: the connection dropped mid-array, so what arrived is a prefix of the answer',
          );
        }
        return reader;
      }
      if (framing === 'body') {
        const whole = held.join('');
        const event = wholeObject(whole);
        if (event !== undefined) {
          const into = createReader(forced, 'events');
          into.push(event);
          return into;
        }
        const lines = jsonLines(whole);
        if (lines !== undefined) {
          const into = createReader(forced, 'events');
          for (const line of lines.events) into.push(line);
          if (lines.cut) {
            into.endedEarly(
              'the last line is not a whole JSON object: the connection dropped mid-event, so what arrived is a prefix of the answer',
            );
          }
          return into;
        }
      }
      const decoder = sse ?? startSse();
      decoder.end();
      return reader ?? createReader(forced, 'sse');
    },
  };
}

/** Where the first character that is not white space (or a byte-order mark) is; -1 when none. */
function firstSignificant(text: string): number {
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index);
    if (code !== 0x20 && code !== 0x09 && code !== 0x0a && code !== 0x0d && code !== 0xfeff) {
      return index;
    }
  }
  return -1;
}

/**
 * The events of JSON-lines text: every line but the last must be one JSON object, and a last
 * line that is not one is a cut; `undefined` for text that is not JSON lines (one line, or a
 * line before the last that does not parse).
 */
function jsonLines(text: string): { events: Record<string, unknown>[]; cut: boolean } | undefined {
  const lines = text.split('\n').filter((line) => line.trim() !== '');
  if (lines.length < 2) return undefined;
  const events: Record<string, unknown>[] = [];
  for (let index = 0; index < lines.length; index++) {
    const event = wholeObject((lines[index] ?? '').trim());
    if (event === undefined) {
      return index === lines.length - 1 && events.length > 0 ? { events, cut: true } : undefined;
    }
    events.push(event);
  }
  return { events, cut: false };
}

/** Event-stream bytes fed in pieces; `end()` gives the reader its events went into. */
function binaryInput(forced: WireSurfaceId | null): {
  feed(bytes: Uint8Array): void;
  end(): InternalReader;
} {
  const reader = createReader(forced, 'events');
  const splitter = createEventStreamSplitter((event) => reader.push(event), reader.notebook);
  return {
    feed: (bytes) => splitter.feed(bytes),
    end() {
      const early = splitter.end();
      if (early !== null) reader.endedEarly(early);
      return reader;
    },
  };
}

/** Bytes as a `Uint8Array`, when the value is bytes at all. */
function bytesOf(value: unknown): Uint8Array | undefined {
  if (value instanceof Uint8Array) return value;
  if (value instanceof ArrayBuffer) return new Uint8Array(value);
  return undefined;
}

/** The text parsed, when it is one JSON object; `undefined` otherwise. */
function wholeObject(text: string): Record<string, unknown> | undefined {
  try {
    const parsed: unknown = JSON.parse(text.charCodeAt(0) === 0xfeff ? text.slice(1) : text);
    return isRecord(parsed) ? parsed : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Puts a streamed answer back together into the body the non-streaming endpoint would have
 * returned, and says whether the stream reached its end.
 *
 * `input` is raw SSE text (a string or its UTF-8 bytes), AWS event-stream bytes (Bedrock's
 * ConverseStream body, `application/vnd.amazon.eventstream`, as a `Uint8Array` or `ArrayBuffer`:
 * a message cut short is `cut`, a corrupted or oversized one ends reading with a note), or an
 * array of already-parsed events:
 * Chat chunks, Responses or Anthropic events (with their `type`), Gemini frames, Converse
 * events. Bedrock's InvokeModelWithResponseStream wraps the model's own events in `chunk`
 * events (`{ chunk: { bytes } }`, base64 on the wire, bytes from the AWS SDK): each is read as the
 * event its bytes hold, so a Claude body's stream reassembles as an Anthropic stream. Text that is one
 * JSON array (Gemini's `streamGenerateContent` without `alt=sse`) is read as the events it holds,
 * and one without its closing `]` is `cut`; text that is one JSON object (an error body on the
 * streaming URL) is read as one event. The surface is detected from the events unless
 * `options.surface` names it.
 *
 * `state` is judged by each provider's terminal event: for Chat, `data: [DONE]` or a
 * `finish_reason` on every choice (some compatible servers never send [DONE], and parsed chunks
 * never carry it);
 * `response.completed`, `.incomplete` or `.failed` for Responses; `message_stop` for Anthropic;
 * a `finishReason` on every candidate for Gemini. Anything less is `cut`. An error the provider
 * sent instead of an answer (an error body, or an error event before any event of an answer) is
 * `error`, with its status and message in `error`.
 *
 * Never throws on data: junk lines, non-JSON `data:`, unknown event types, events out of order
 * and empty input all give a result whose `notes` say what was skipped. Only an invalid
 * `options.surface` throws (a `TypeError` prefixed `tool-call-health:`).
 *
 * @example
 * ```ts
 * const stream = reassembleStream(
 *   'data: {"object":"chat.completion.chunk","choices":[{"index":0,"delta":{"content":"Hi"}}]}\n\n',
 * );
 * stream.state; // 'cut': neither [DONE] nor a finish_reason arrived
 * stream.response.choices; // [{ index: 0, message: { role: 'assistant', content: 'Hi', ... }, ... }]
 * ```
 */
export function reassembleStream(
  input: StreamInput,
  options?: ReassembleOptions | null,
): ReassembledStream {
  const forced = surfaceOption(options);
  const value: unknown = input;
  const bytes = bytesOf(value);
  if (bytes !== undefined && looksLikeEventStream(bytes)) {
    const binary = binaryInput(forced);
    binary.feed(bytes);
    return binary.end().result();
  }
  if (typeof value === 'string' || bytes !== undefined) {
    const text = textInput(forced);
    text.feed(typeof value === 'string' ? value : new TextDecoder().decode(bytes));
    return text.end().result();
  }
  const reader = createReader(forced, 'events');
  if (Array.isArray(value)) {
    for (const event of value) reader.push(event);
  } else {
    reader.notebook.add(
      `expected SSE text, its bytes, or an array of events; got ${describeInput(value)}${isAsyncSource(value) ? ' (use reassembleStreamAsync for a stream)' : ''}`,
    );
  }
  return reader.result();
}

/**
 * {@link reassembleStream} for a source that is still arriving: a web `ReadableStream` (a
 * `fetch` body) or any async iterable (a Node stream, an SDK stream). Chunks may be `Uint8Array`
 * or `string` pieces of SSE text, decoded as UTF-8 with a streaming decoder so a character split
 * across chunks survives, or already-parsed event objects (what the SDKs yield: the AWS SDK's
 * ConverseStream `response.stream`, and its InvokeModelWithResponseStream `response.body`).
 *
 * A source that fails mid-way (a dropped connection) is not rethrown: the result holds what
 * arrived (so `state: 'cut'` unless the terminal event had already come) and a note with the
 * failure.
 *
 * @example
 * ```ts
 * const response = await fetch(url, { method: 'POST', headers, body });
 * const stream = await reassembleStreamAsync(response.body!);
 * if (stream.state === 'cut') console.log('the connection dropped', stream.openCalls);
 * ```
 */
export async function reassembleStreamAsync(
  source: StreamSource,
  options?: ReassembleOptions | null,
): Promise<ReassembledStream> {
  const forced = surfaceOption(options);
  const text = textInput(forced);
  const eventReader = createReader(forced, 'events');
  const bytes = new BatchedUtf8Decoder();
  let binary: ReturnType<typeof binaryInput> | null = null;
  let mode: 'text' | 'events' | null = null;
  let failure: string | null = null;
  let unusable: string | null = null;
  let skipped = 0;

  const take = (value: unknown): void => {
    const chunk = bytesOf(value) ?? value;
    const kind = typeof chunk === 'string' || chunk instanceof Uint8Array ? 'text' : 'events';
    // An empty first chunk says nothing about the framing; wait for bytes.
    if (mode === null && chunk instanceof Uint8Array && chunk.length === 0) return;
    if (mode === null && chunk instanceof Uint8Array && looksLikeEventStream(chunk)) {
      binary = binaryInput(forced);
    }
    mode ??= kind;
    if (kind !== mode) {
      skipped++;
      return;
    }
    if (binary !== null && chunk instanceof Uint8Array) {
      binary.feed(chunk);
    } else if (binary !== null) {
      skipped++;
    } else if (typeof chunk === 'string') {
      text.feed(bytes.flush() + chunk);
    } else if (chunk instanceof Uint8Array) {
      const decoded = bytes.push(chunk);
      if (decoded !== '') text.feed(decoded);
    } else {
      eventReader.push(chunk);
    }
  };

  try {
    if (isReadableStream(source)) {
      const reader = source.getReader();
      try {
        let next = await reader.read();
        while (!next.done) {
          take(next.value);
          next = await reader.read();
        }
      } finally {
        reader.releaseLock();
      }
    } else if (isAsyncSource(source)) {
      for await (const chunk of source) take(chunk);
    } else {
      unusable = `expected a ReadableStream or an async iterable; got ${describeInput(source)}`;
    }
  } catch (error) {
    // A dropped connection surfaces here. What arrived is the evidence: keep it, and say why
    // it ends. The state stays what the events say (cut, unless the terminal event had arrived).
    failure = error instanceof Error ? error.message : String(error);
  }

  let reader = eventReader;
  if (binary !== null) {
    reader = (binary as ReturnType<typeof binaryInput>).end();
  } else if (mode !== 'events') {
    text.feed(bytes.flush());
    reader = text.end();
  }
  if (unusable !== null) reader.notebook.add(unusable);
  if (skipped > 0) {
    reader.notebook.add(
      `${plural(skipped, 'chunk')} skipped: the source mixed ${binary !== null ? 'event-stream bytes with text or event objects, and its first chunk was bytes' : `text chunks with event objects, and its first chunk was ${mode === 'events' ? 'an event object' : 'text'}`}`,
    );
  }
  if (failure !== null) {
    reader.notebook.add(
      `the source failed before it ended (${failure}); what arrived was reassembled`,
    );
  }
  return reader.result();
}

/**
 * Which calls the provider had finished, and which were still arriving, once `events[upTo]`
 * had been read (`upTo` counts from 0 and is inclusive; it defaults to the last event, and is
 * clamped to the array). One pass over the events up to `upTo`.
 *
 * "Complete" means the provider said so: for Chat, a `finish_reason` on the choice or the next
 * tool call index starting; for Responses, `response.function_call_arguments.done` or
 * `response.output_item.done`; for Anthropic, `content_block_stop`; for Gemini, a whole
 * `functionCall` part (or the last part of one streamed with `willContinue`).
 *
 * @example
 * ```ts
 * const { complete, arriving } = completedCalls(events, 7);
 * expect(dispatchedBy(myStreamingCode, events.slice(0, 8))).toEqual(complete.map((c) => c.callId));
 * ```
 */
export function completedCalls(
  events: readonly unknown[],
  upTo?: number,
  options?: ReassembleOptions | null,
): CallsProgress {
  const reader = createReader(surfaceOption(options), 'events');
  if (!Array.isArray(events)) return reader.progress();
  const last =
    upTo === undefined || Number.isNaN(upTo)
      ? events.length - 1
      : Math.min(Math.floor(upTo), events.length - 1);
  for (let index = 0; index <= last; index++) reader.push(events[index]);
  return reader.progress();
}

/**
 * A reader to push parsed events into one at a time, for code that consumes a stream as it
 * arrives: `progress()` says at any moment which calls are complete, so a property test can
 * check that streaming code never dispatches a call before it is. The surface is detected from
 * the first event that shows it, unless given.
 *
 * @example
 * ```ts
 * const reader = createStreamReader();
 * for (const event of events) {
 *   reader.push(event);
 *   const ready = new Set(reader.progress().complete.map((call) => call.callId));
 *   for (const id of myCode.dispatchedSoFar()) expect(ready).toContain(id);
 * }
 * expect(reader.result().state).toBe('complete');
 * ```
 */
export function createStreamReader(surface?: WireSurfaceId | null): StreamReader {
  const reader = createReader(checkSurface(surface, 'the surface'), 'events');
  return {
    get surface() {
      return reader.surface;
    },
    push: (event) => reader.push(event),
    progress: () => reader.progress(),
    result: () => reader.result(),
  };
}

function isReadableStream(value: unknown): value is ReadableStream<unknown> {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as { getReader?: unknown }).getReader === 'function'
  );
}

function isAsyncSource(value: unknown): value is AsyncIterable<unknown> {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as { [Symbol.asyncIterator]?: unknown })[Symbol.asyncIterator] === 'function'
  );
}

function describeInput(value: unknown): string {
  if (value === null) return 'null';
  if (value === undefined) return 'undefined';
  if (isAsyncSource(value) || isReadableStream(value)) return 'a stream';
  if (isRecord(value)) return 'an object';
  return `a ${typeof value}`;
}

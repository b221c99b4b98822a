/**
 * The public shapes of stream reassembly: what a reassembled stream reports, and how far each
 * tool call had got at a given moment of the stream.
 */
import type { JsonState } from '../json/scanner.js';
import type { WireSurfaceId } from '../model/model.js';

/**
 * Whether the stream reached its terminal event.
 *
 * - `complete`: the provider said the answer was over (`data: [DONE]`, `response.completed`,
 *   `message_stop`, a Gemini `finishReason`). A complete stream may still be truncated by the
 *   output ceiling; that is the response's own stop reason, which the diagnoses read.
 * - `cut`: the input ended before that, so the response is a prefix of an answer. An error event
 *   after the answer had begun (Anthropic `event: error` mid-answer) leaves it `cut`, with the
 *   error in `error`.
 * - `error`: the provider answered with an error instead of an answer: an error body on the
 *   streaming URL (`{"error": {...}}`, Gemini's `[{"error": {...}}]`), or an error event before
 *   any event of an answer. `error` holds its status and message; the response is empty.
 *
 * @example
 * ```ts
 * const state: StreamState = reassembleStream(sseText).state; // 'complete' | 'cut' | 'error'
 * ```
 */
export type StreamState = 'complete' | 'cut' | 'error';

/**
 * An error the stream itself carried (Anthropic `event: error`, a Responses `error` event or
 * `response.failed`, an `{ "error": ... }` payload in a Chat or Gemini stream), or the error
 * body the provider sent instead of a stream.
 *
 * @example
 * ```ts
 * const error: StreamError = { type: 'overloaded_error', message: 'Overloaded' };
 * const quota: StreamError = { type: 'RESOURCE_EXHAUSTED', status: 429, message: 'Quota exceeded.' };
 * ```
 */
export interface StreamError {
  /** The provider's name for the error: `error.type`, else its `code`, else its `status`. */
  type: string;
  /** The HTTP status the error states (Gemini's numeric `error.code`); absent when it states none. */
  status?: number;
  message: string;
}

/**
 * A streamed answer put back together into the body the non-streaming endpoint would have
 * returned, with what the stream itself says about how it ended. `readTurn` and every diagnosis
 * accept it as it is (they recognise `kind: 'reassembled-stream'`).
 *
 * @example
 * ```ts
 * const stream = reassembleStream(sseText);
 * if (stream.state === 'cut') console.log('still arriving:', stream.openCalls);
 * diagnoseCalls(stream, { tools });
 * ```
 */
export interface ReassembledStream {
  /** Lets `readTurn` recognise a reassembled stream. */
  kind: 'reassembled-stream';
  /** `false` when no event showed a provider API, so nothing was reassembled (see `notes`). */
  recognised: boolean;
  surface: WireSurfaceId;
  /** The body the non-streaming endpoint would have returned, field for field. */
  response: Record<string, unknown>;
  state: StreamState;
  /**
   * Where each call whose arguments never finished sits in `response`, in the reader's path
   * syntax: `output[1]`, `choices[0].message.tool_calls[0]`, `content[2]`,
   * `candidates[0].content.parts[0]`, `output.message.content[1]`. Only calls the client
   * dispatches are listed (Chat tool calls, Responses `function_call` / `custom_tool_call` items,
   * Anthropic `tool_use` blocks, Gemini `functionCall` parts, Bedrock `toolUse` blocks);
   * unfinished server-tool input is reported in `notes`.
   */
  openCalls: string[];
  /** An error event the stream carried, reported, never thrown; `null` when there was none. */
  error: StreamError | null;
  /** How many events were read (SSE events, or elements of an events array). */
  events: number;
  /** Anything skipped or repaired (unknown event types, junk lines, unparseable input), so nothing is dropped silently. */
  notes: string[];
}

/**
 * Options for reassembly. `surface` forces the provider API instead of detecting it from the
 * events; any value that names no surface throws a `TypeError`.
 *
 * @example
 * ```ts
 * reassembleStream(events, { surface: 'anthropic-messages' });
 * ```
 */
export interface ReassembleOptions {
  surface?: WireSurfaceId;
}

/**
 * How far one tool call had got at some moment of a stream.
 *
 * `arguments` is the text received so far (Chat and Responses arguments, Anthropic
 * `partial_json` pieces); where the provider sent an object instead (a Gemini `functionCall`,
 * an Anthropic block that arrived whole), it is that object serialised. `json` is the verdict of
 * the resumable JSON scanner on that text. For a Responses custom tool, whose input is free text,
 * `json` carries no meaning. For Gemini calls whose arguments stream as `partialArgs`, the object
 * built so far always serialises to valid JSON; only `complete` says whether more is coming.
 *
 * @example
 * ```ts
 * const call: CallProgress = {
 *   at: 'choices[0].message.tool_calls[0]',
 *   name: 'get_weather',
 *   callId: 'call_abc',
 *   arguments: '{"city": "Par',
 *   json: 'truncated',
 * };
 * ```
 */
export interface CallProgress {
  at: string;
  name: string;
  callId: string | null;
  arguments: string;
  json: JsonState;
}

/**
 * The calls of a stream at some moment: those the provider has said are finished, and those
 * still arriving. Dispatch only from `complete`.
 *
 * @example
 * ```ts
 * const { complete, arriving } = completedCalls(events, 12);
 * for (const call of complete) dispatch(call.name, JSON.parse(call.arguments));
 * ```
 */
export interface CallsProgress {
  complete: CallProgress[];
  arriving: CallProgress[];
}

/**
 * A stateful reader for code that consumes a stream event by event: push each parsed event as
 * it arrives, ask at any moment which calls are complete, and take the reassembled result at
 * the end. Strings pushed are read as one event's JSON text (`'[DONE]'` is Chat's end marker).
 *
 * @example
 * ```ts
 * const reader = createStreamReader('openai-chat');
 * for await (const chunk of stream) {
 *   reader.push(chunk);
 *   for (const call of reader.progress().complete) maybeDispatch(call);
 * }
 * const { response, state } = reader.result();
 * ```
 */
export interface StreamReader {
  /** Reads one event. Never throws on data: anything unusable becomes a note. */
  push(event: unknown): void;
  /** Which calls the provider has finished, and which are still arriving, after the events pushed so far. */
  progress(): CallsProgress;
  /**
   * The reassembled stream after the events pushed so far. It does not end the reader: more
   * events may be pushed and `result()` asked again.
   */
  result(): ReassembledStream;
  /** The surface, once forced or detected; `null` while no event has told. */
  readonly surface: WireSurfaceId | null;
}

/**
 * What {@link reassembleStreamAsync} reads: a web `ReadableStream` or any async iterable (a
 * Node stream, a `fetch` body, an SDK stream). Chunks may be `Uint8Array` or `string` pieces of
 * SSE text, `Uint8Array` pieces of an AWS event stream, or already-parsed event objects (the
 * Bedrock SDK's `response.stream` yields `{ contentBlockDelta: {...} }` and the like).
 *
 * @example
 * ```ts
 * const source: StreamSource = (await fetch(url, init)).body!;
 * ```
 */
export type StreamSource = ReadableStream<unknown> | AsyncIterable<unknown>;

/**
 * What {@link reassembleStream} reads: raw SSE text (a string or its UTF-8 bytes), AWS
 * event-stream bytes (Bedrock ConverseStream), or an array of already-parsed events (Chat
 * chunks, Responses or Anthropic events, Gemini frames, ConverseStream events as the AWS SDK
 * yields them). An element that is a string is read as one event's JSON text.
 *
 * @example
 * ```ts
 * const input: StreamInput = 'data: {"object":"chat.completion.chunk","choices":[]}\n\ndata: [DONE]\n\n';
 * ```
 */
export type StreamInput = string | Uint8Array | ArrayBuffer | readonly unknown[];

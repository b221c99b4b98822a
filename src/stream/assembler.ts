/**
 * What every surface's assembler does, and small helpers they share. An assembler reads one
 * provider's events in order, once each, and can say at any moment which calls are complete
 * and what the response would be if the stream ended now.
 */
import type { Json } from '../model/narrow.js';
import { isRecord } from '../model/narrow.js';
import type { Notebook } from './notes.js';
import type { CallProgress, CallsProgress, StreamError, StreamState } from './types.js';

/**
 * How the events reached us. SSE text may carry Chat's `data: [DONE]` end marker; parsed events
 * (what the SDKs yield) never do. Either way a `finish_reason` on every choice also ends a Chat
 * stream, since some compatible servers never send [DONE].
 *
 * @example
 * ```ts
 * const framing: Framing = typeof input === 'string' ? 'sse' : 'events';
 * ```
 */
export type Framing = 'sse' | 'events';

/**
 * The response as it stands, and whether the stream reached its terminal event.
 *
 * @example
 * ```ts
 * const { response, state, openCalls } = assembler.assemble();
 * ```
 */
export interface Assembly {
  response: Json;
  /** An assembler judges only whether its events reached their end; errors are the reader's. */
  state: Exclude<StreamState, 'error'>;
  openCalls: string[];
  /** Notes about the response as built now (a buffer that never parsed), beside those of reading. */
  notes: string[];
}

/**
 * One surface's reader of events. Each event is pushed once, in order; `progress` and
 * `assemble` may be asked at any moment and change nothing.
 *
 * @example
 * ```ts
 * const assembler = createChatAssembler({ notes: new Notebook(), framing: 'events' });
 * for (const [position, chunk] of chunks.entries()) assembler.push(chunk, position);
 * assembler.assemble().state; // 'complete' once every choice has a finish_reason
 * ```
 */
export interface SurfaceAssembler {
  /** Reads one event; `position` is its index in the stream, for notes. */
  push(event: Json, position: number): void;
  /** Chat's `data: [DONE]`; other surfaces note it and ignore it. */
  endMarker(position: number): void;
  /** The calls so far, split by whether the provider has finished them. */
  progress(): CallsProgress;
  /** Builds the response from what was read. Pure: reading may continue afterwards. */
  assemble(): Assembly;
  /** An error the surface's own terminal event carries (`response.failed`); `null` otherwise. */
  terminalError(): StreamError | null;
}

/**
 * What every assembler is made with: where its notes go, and how the events arrived.
 *
 * @example
 * ```ts
 * const context: AssemblerContext = { notes: new Notebook(), framing: 'sse' };
 * ```
 */
export interface AssemblerContext {
  notes: Notebook;
  framing: Framing;
}

/**
 * Sets an own property, even one named `__proto__`, which plain assignment would turn into a
 * prototype change.
 *
 * @example
 * ```ts
 * assign(args, '__proto__', { polluted: true }); // an own key of args; Object.prototype untouched
 * ```
 */
export function assign(target: Json, key: string, value: unknown): void {
  if (key === '__proto__') {
    Object.defineProperty(target, key, {
      value,
      writable: true,
      enumerable: true,
      configurable: true,
    });
  } else {
    target[key] = value;
  }
}

/**
 * A value that says nothing: absent, `null`, or `{}` (Azure sends `content_filter_results: {}`
 * on its last chunk), so it never hides a real value sent earlier.
 *
 * @example
 * ```ts
 * isBlank({}); // true
 * isBlank({ hate: { filtered: false } }); // false
 * ```
 */
export function isBlank(value: unknown): boolean {
  return (
    value === undefined || value === null || (isRecord(value) && Object.keys(value).length === 0)
  );
}

/**
 * Splits calls by whether the provider has finished them, keeping stream order.
 *
 * @example
 * ```ts
 * splitProgress([{ progress: call, complete: false }]); // { complete: [], arriving: [call] }
 * ```
 */
export function splitProgress(calls: Array<{ progress: CallProgress; complete: boolean }>): {
  complete: CallProgress[];
  arriving: CallProgress[];
} {
  const complete: CallProgress[] = [];
  const arriving: CallProgress[] = [];
  for (const call of calls) (call.complete ? complete : arriving).push(call.progress);
  return { complete, arriving };
}

/**
 * Entries of a map with number keys, in key order (choices, candidates and items are keyed by
 * the index the provider gave, which need not arrive in order).
 *
 * @example
 * ```ts
 * byKey(new Map([[1, 'b'], [0, 'a']])); // ['a', 'b']
 * ```
 */
export function byKey<T>(map: Map<number, T>): T[] {
  return [...map.entries()].sort((left, right) => left[0] - right[0]).map((entry) => entry[1]);
}

/**
 * The key after the largest in a map with number keys: where a call or item without an index of
 * its own goes.
 *
 * @example
 * ```ts
 * nextKey(new Map([[0, 'a'], [3, 'b']])); // 4
 * ```
 */
export function nextKey(map: Map<number, unknown>): number {
  let next = 0;
  for (const key of map.keys()) if (key >= next) next = key + 1;
  return next;
}

/**
 * JSON text of a value a provider sent as an object (Gemini `args`, Anthropic `input`), for
 * {@link CallProgress}; `''` for a value JSON cannot hold (a cycle, a BigInt in a hand-made event).
 *
 * @example
 * ```ts
 * argumentsText({ city: 'Oslo' }); // '{"city":"Oslo"}'
 * ```
 */
export function argumentsText(value: unknown): string {
  try {
    return JSON.stringify(value ?? {}) ?? '';
  } catch {
    return '';
  }
}

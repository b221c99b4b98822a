/**
 * Watching a stream's tool calls while they arrive: each call's arguments go through
 * `watchArguments` against its tool's schema as the deltas come, so a call that can no longer
 * be valid is known at the character that doomed it, and a call to an undeclared tool at once.
 * The stream is read by the same reader as `reassembleStream` (SSE text in any pieces, each
 * provider's parsed events and SDK chunks), or as the AI SDK's stream parts.
 */

import type { WireSurfaceId } from '../model/model.js';
import { isRecord } from '../model/narrow.js';
import {
  type ArgumentsWatcher,
  type PrefixVerdict,
  watchArguments,
} from '../schema/watch/index.js';
import { Notebook } from '../stream/notes.js';
import { createSseDecoder, type SseDecoder } from '../stream/sse.js';
import { libraryMessage } from '../text/library-message.js';
import { checkOptionsObject } from './read-options.js';
import { checkSurface, createReader, type InternalReader } from './stream-reader.js';
import { readTools } from './tools.js';

/**
 * A call's verdict so far: its arguments' {@link PrefixVerdict} (final once the provider has
 * finished the call, or after `end()`), or `unknown-tool` for a name no tool declares.
 *
 * @example
 * const verdict: CallWatchVerdict = { state: 'unknown-tool', problems: ['no tool named "refnd" is declared (declared: "refund")'] };
 */
export type CallWatchVerdict = PrefixVerdict | { state: 'unknown-tool'; problems: string[] };

/**
 * One call of the stream, in the order calls began.
 *
 * @example
 * const call: WatchedCall = { index: 0, name: 'refund', callId: 'call_1', verdict: { state: 'feasible', problems: [] } };
 */
export interface WatchedCall {
  index: number;
  name: string;
  callId: string | null;
  verdict: CallWatchVerdict;
  /**
   * The character of the call's arguments at which it became infeasible, kept once the call has
   * ended (`invalid`): how much of it was paid for after it was doomed.
   */
  doomedAt?: number;
}

/**
 * Every call seen so far.
 *
 * @example
 * const { calls }: ToolCallsWatch = watcher.push(chunk);
 */
export interface ToolCallsWatch {
  calls: WatchedCall[];
}

/**
 * @example
 * const watcher: ToolCallsWatcher = watchToolCalls({ tools });
 */
export interface ToolCallsWatcher {
  /** Reads the next piece of the stream and returns every call seen so far with its verdict. */
  push(chunk: unknown): ToolCallsWatch;
  /** The stream is over: every call's final verdict (a call never finished is `truncated`). */
  end(): ToolCallsWatch;
}

/**
 * Options for {@link watchToolCalls}.
 *
 * @example
 * const options: WatchToolCallsOptions = { tools: request.tools, surface: 'openai-chat' };
 */
export interface WatchToolCallsOptions {
  /** The request's tools, in any provider's shape (or MCP's). */
  tools: unknown;
  /** The stream's surface, when its first events may not show it. */
  surface?: WireSurfaceId;
}

/** The AI SDK's stream parts that carry a tool call, and those the watcher passes over. */
const AI_SDK_CALL_PARTS = new Set([
  'tool-input-start',
  'tool-input-delta',
  'tool-input-end',
  'tool-call',
]);
const AI_SDK_OTHER_PARTS = new Set([
  'stream-start',
  'start',
  'start-step',
  'finish-step',
  'finish',
  'text-start',
  'text-delta',
  'text-end',
  'reasoning-start',
  'reasoning-delta',
  'reasoning-end',
  'response-metadata',
  'tool-result',
  'tool-error',
  'source',
  'file',
  'raw',
  'abort',
]);

interface CallState {
  call: WatchedCall;
  watcher: ArgumentsWatcher | null;
  /** The arguments text written to the watcher so far. */
  fed: string;
  done: boolean;
}

/**
 * Watches the tool calls of a streamed answer as it arrives. Pieces may be SSE text (strings
 * or bytes, split anywhere), each provider's parsed events or SDK chunks, or the AI SDK's
 * stream parts (`tool-input-start` / `tool-input-delta` / `tool-input-end`, `tool-call`).
 * Throws a `TypeError` for tools that are no list of tools.
 *
 * @example
 * const watcher = watchToolCalls({ tools: request.tools });
 * for await (const chunk of stream) {
 *   const doomed = watcher.push(chunk).calls.find((call) => call.verdict.state === 'infeasible');
 *   if (doomed) { controller.abort(); break; }
 * }
 */
export function watchToolCalls(options: WatchToolCallsOptions): ToolCallsWatcher {
  const given = checkOptionsObject(options, 'watchToolCalls options', '{ tools }');
  const forced = checkSurface(given?.surface, 'watchToolCalls options.surface');
  const read = readTools(given?.tools, 'tools');
  if (read.tools === null) {
    throw new TypeError(libraryMessage(`watchToolCalls: ${read.notes.join('; ')}`));
  }
  const schemas = new Map(read.tools.map((tool) => [tool.name, tool.schema ?? true]));
  const declaredNames = [...schemas.keys()];

  let reader: InternalReader | null = null;
  let decoder: SseDecoder | null = null;
  const byPlace = new Map<string, CallState>();
  const order: CallState[] = [];

  function stateFor(place: string, name: string, callId: string | null): CallState {
    let state = byPlace.get(place);
    if (state === undefined) {
      const call: WatchedCall = { index: order.length, name, callId, verdict: FEASIBLE() };
      const schema = schemas.get(name);
      state = { call, watcher: null, fed: '', done: false };
      if (schema === undefined) {
        call.verdict = { state: 'unknown-tool', problems: [unknownTool(name, declaredNames)] };
        state.done = true;
      } else {
        state.watcher = watchArguments(schema);
      }
      byPlace.set(place, state);
      order.push(state);
    }
    if (callId !== null) state.call.callId = callId;
    return state;
  }

  /** Brings a call's watcher up to `text`, its arguments so far; `finished` ends it. */
  function follow(state: CallState, text: string, finished: boolean): void {
    const watcher = state.watcher;
    if (watcher === null || state.done) return;
    if (text.startsWith(state.fed)) {
      if (text.length > state.fed.length)
        state.call.verdict = watcher.write(text.slice(state.fed.length));
    } else {
      // Not a continuation (a surface that sends arguments whole, then again): judged afresh.
      const fresh = watchArguments(schemas.get(state.call.name) ?? true);
      state.watcher = fresh;
      state.call.verdict = fresh.write(text);
    }
    state.fed = text;
    const { verdict } = state.call;
    if (verdict.state === 'infeasible' && state.call.doomedAt === undefined) {
      state.call.doomedAt = verdict.offset;
    }
    if (finished) {
      state.call.verdict = (state.watcher as ArgumentsWatcher).end();
      state.done = true;
    }
  }

  function readProgress(): void {
    if (reader === null) return;
    const { complete, arriving } = reader.progress();
    for (const progress of complete) {
      follow(stateFor(progress.at, progress.name, progress.callId), progress.arguments, true);
    }
    for (const progress of arriving) {
      follow(stateFor(progress.at, progress.name, progress.callId), progress.arguments, false);
    }
  }

  function readPart(part: Record<string, unknown>): void {
    const type = part.type as string;
    const id = String(part.id ?? part.toolCallId ?? '');
    const place = `tool-call[${id}]`;
    if (type === 'tool-input-start') {
      stateFor(place, String(part.toolName ?? ''), id);
    } else if (type === 'tool-input-delta') {
      const state = byPlace.get(place);
      if (state !== undefined && typeof part.delta === 'string')
        follow(state, state.fed + part.delta, false);
    } else if (type === 'tool-input-end') {
      const state = byPlace.get(place);
      if (state !== undefined) follow(state, state.fed, true);
    } else if (type === 'tool-call') {
      const state = stateFor(place, String(part.toolName ?? ''), id);
      const input = part.input;
      follow(state, typeof input === 'string' ? input : JSON.stringify(input ?? {}), true);
    }
  }

  function readerFor(framing: 'sse' | 'events'): InternalReader {
    reader ??= createReader(forced, framing);
    return reader;
  }

  function snapshot(): ToolCallsWatch {
    return { calls: order.map(({ call }) => ({ ...call })) };
  }

  return {
    push(chunk) {
      if (typeof chunk === 'string' || chunk instanceof Uint8Array) {
        const into = readerFor('sse');
        decoder ??= createSseDecoder((payload) => into.pushPayload(payload), new Notebook());
        decoder.feed(
          typeof chunk === 'string' ? chunk : textDecoder.decode(chunk, { stream: true }),
        );
        readProgress();
      } else if (
        isRecord(chunk) &&
        typeof chunk.type === 'string' &&
        AI_SDK_CALL_PARTS.has(chunk.type)
      ) {
        readPart(chunk);
      } else if (
        isRecord(chunk) &&
        typeof chunk.type === 'string' &&
        AI_SDK_OTHER_PARTS.has(chunk.type)
      ) {
        // An AI SDK part with no call in it.
      } else {
        readerFor('events').push(chunk);
        readProgress();
      }
      return snapshot();
    },
    end() {
      decoder?.end();
      readProgress();
      for (const state of order) follow(state, state.fed, true);
      return snapshot();
    },
  };
}

const textDecoder = new TextDecoder();

const FEASIBLE = (): PrefixVerdict => ({ state: 'feasible', problems: [] });

function unknownTool(name: string, declared: readonly string[]): string {
  const listed = declared.slice(0, 5).map((known) => JSON.stringify(known));
  const more = declared.length > 5 ? `, and ${declared.length - 5} more` : '';
  return declared.length === 0
    ? `no tool named ${JSON.stringify(name)} is declared (no tool is declared at all)`
    : `no tool named ${JSON.stringify(name)} is declared (declared: ${listed.join(', ')}${more})`;
}

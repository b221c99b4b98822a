/**
 * What the surfaces' payload writers are given and what they return: one neutral description
 * of a turn, written by each surface's `write.ts` in its own wire format. The arbitraries fill
 * it from fast-check draws, the fixture builder composes the finer builders each `write.ts`
 * exports, and fault injection will write through the same functions, so each wire shape is
 * written in one place. The SSE framing the stream writers share is here too.
 */

import type { JsonValue } from '../model/narrow.js';
import { isRecord, type Json } from '../model/narrow.js';

export type { JsonValue };

/** A body as a writer returns it: every member present. */
export type JsonObject = { [key: string]: JsonValue };

/**
 * A request and its response, as a caller would store them.
 *
 * @example
 * const exchange: WrittenExchange = { request: { model: 'gpt-4.1', messages: [] }, response: { choices: [] } };
 */
export interface WrittenExchange {
  request: JsonObject;
  response: JsonObject;
}

/**
 * A function tool in no provider's shape: each writer declares it its own way.
 *
 * @example
 * const tool: NeutralTool = { name: 'lookup_order', description: 'Look up an order.', parameters: { type: 'object' }, strict: true };
 */
export interface NeutralTool {
  name: string;
  description: string;
  /** The parameters as a JSON Schema object. */
  parameters: JsonValue;
  /** `strict` as the request states it; `undefined` leaves it unstated where the shape allows. */
  strict?: boolean;
}

/**
 * One call of a turn: its tool's name, its arguments as the JSON text a model writes (OpenAI)
 * and as the object a provider decodes (Anthropic, Gemini).
 *
 * @example
 * const call: NeutralCall = { name: 'lookup_order', text: '{"order_id":"A-1001"}', value: { order_id: 'A-1001' } };
 */
export interface NeutralCall {
  name: string;
  text: string;
  value: JsonValue;
}

/** Random parts of a turn's ids, drawn once; each surface shapes its own ids from them. */
export interface TurnIds {
  response: string;
  /** Four distinct call ids' random parts (24 base62 characters each). */
  calls: readonly string[];
  /** Four distinct item ids' random parts (32 hex characters each). */
  items: readonly string[];
  suffix: string;
  fingerprint: string;
}

/**
 * Everything an exchange says, before it is written in one provider's shape.
 *
 * @example
 * writerFor('gemini').exchange(turn); // the turn as a generateContent exchange
 */
export interface PayloadTurn {
  system: string;
  prompt: string;
  tools: readonly NeutralTool[];
  calls: readonly NeutralCall[];
  /**
   * `ceiling`: the output-token limit cut the last call; `malformed-call`: the provider could not
   * decode the call and says so (see {@link PayloadCapabilities.malformedCall}).
   */
  ending: 'finished' | 'ceiling' | 'malformed-call';
  /** The request's parallel-calls setting; `undefined` leaves it unstated. */
  parallel: boolean | undefined;
  /** The output ceiling the request sets, if any. */
  ceiling: number | undefined;
  usage: { input: number; output: number; reasoning: number };
  ids: TurnIds;
  /** Text the assistant writes before its calls, where the writer writes one (Anthropic). */
  preface: string | undefined;
  /** The provider's message quoting a call it could not decode, for a `malformed-call` ending. */
  malformedMessage: string;
  /** Unix seconds. */
  created: number;
  /**
   * What the turn says beside its calls, or how it ends where it is not a plain finish: its text
   * (an answer, or words before its calls), a refusal, a content filter (which may stop a turn
   * after its calls), a ceiling spent on reasoning, or nothing at all.
   */
  outcome?: TurnOutcome;
  /** The model the response names, where the surface's responses name one (the writer's own by default). */
  model?: string;
  /** Whether the request asks for a stream, where its body says so (`stream: true`). */
  streamed?: boolean;
  /**
   * Whether the request asks for a JSON object as the answer, where the writer writes one
   * (Responses' `text.format`, which its response echoes).
   */
  json?: boolean;
}

/**
 * Writes a surface's bodies from one neutral turn, field for field as the provider writes them:
 * what the arbitraries generate and fault injection writes. The request, response, tool, call
 * and usage builders it is made of are exported by the surface's `write.ts`, where the fixture
 * builder composes them, so each wire shape is written once.
 *
 * @example
 * ```ts
 * const { request, response } = writerFor('openai-chat').exchange(turn);
 * writerFor('gemini').can.cutCalls; // false: Gemini writes no cut call
 * ```
 */
export interface PayloadWriter {
  /** What a turn can hold on this surface. */
  readonly can: PayloadCapabilities;
  /** Where its requests go and what they hold: what a mock server routes by. */
  readonly route: SurfaceRoute;
  /** The request and the response of a turn. */
  exchange(turn: PayloadTurn): WrittenExchange;
  /** The id each call of the turn gets in the response, in order; `null` where there is none. */
  callIds(turn: PayloadTurn): (string | null)[];
  /** A response of this surface (any, not only a written one) as the stream it sends. */
  stream(response: Json): StreamWriter;
  /**
   * An error in the provider's own shape, so its SDK raises it with `message` (and `code` where
   * the provider's errors carry one): by default its 400 for a request it refuses
   * (`invalid-request`); `not-found`, its 404, which each SDK raises as its not-found error.
   */
  error(code: string, message: string, kind?: ErrorKind): WrittenError;
}

/**
 * Which of a provider's errors a writer writes: its 400 for a request it refuses, or its 404 for
 * one nothing answers.
 *
 * @example
 * const kind: ErrorKind = 'not-found';
 */
export type ErrorKind = 'invalid-request' | 'not-found';

/**
 * Where a surface's requests go and what they hold.
 *
 * @example
 * writerFor('gemini').route.streamed(new URL('https://x/v1beta/models/m:streamGenerateContent'), {}); // true
 */
export interface SurfaceRoute {
  /** The request path, matched behind any host and base path, its query stripped. */
  path: RegExp;
  /** Whether a request asks for a stream: by its body (`stream: true`) or its URL. */
  streamed(url: URL, body: unknown): boolean;
  /** The body field no request of this surface goes without (`messages`, `contents`). */
  requiredField: string;
}

/**
 * An error response as a surface's server sends it.
 *
 * @example
 * const error: WrittenError = { status: 400, body: { message: 'bad' }, headers: { 'x-amzn-errortype': 'ValidationException' } };
 */
export interface WrittenError {
  status: number;
  body: JsonObject;
  headers: Record<string, string>;
}

/**
 * What a turn says beside its calls, or how it ends where it is not a plain finish: the model
 * answered in text (all of it, or what the ceiling let it write when the turn's `ending` is
 * `ceiling`; before its calls where it made some), refused (in these words), a content filter
 * stopped it (after its calls, where it made some), the ceiling was spent on reasoning (this
 * much of it written), or nothing at all was written.
 *
 * @example
 * const outcome: TurnOutcome = { kind: 'refused', text: "I'm sorry, but I can't help with that request." };
 */
export type TurnOutcome =
  | { kind: 'answered'; text: string }
  | { kind: 'refused'; text: string }
  | { kind: 'filtered' }
  | { kind: 'reasoning-only'; text: string }
  | { kind: 'empty' };

/**
 * A stream as it crosses HTTP: its content type and its body, text or bytes.
 *
 * @example
 * const sent: SentStream = { contentType: 'text/event-stream', body: 'data: [DONE]\n\n' };
 */
export interface SentStream {
  contentType: string;
  body: string | Uint8Array;
}

/**
 * What a turn can hold on a surface, so a generator asks instead of naming surfaces.
 *
 * @example
 * writerFor('anthropic-messages').can.parallelSettings; // [false]
 */
export interface PayloadCapabilities {
  /**
   * How a call's arguments travel: as the JSON text the model wrote (OpenAI), which can arrive
   * broken, or as the object the provider decoded (Anthropic, Gemini), which cannot.
   */
  arguments: 'json-text' | 'decoded';
  /** How the provider reports a call it could not decode, where it does (Gemini). */
  malformedCall?: {
    /** The message it writes, quoting the call. */
    message(name: string, value: JsonValue): string;
    /** The tool name a reader finds in that message. */
    quotedName(message: string): string;
  };
  /** Whether a call the output ceiling cut can be written (Gemini drops it instead). */
  cutCalls: boolean;
  /** The parallel-calls settings a request can state (Anthropic only turns them off). */
  parallelSettings: readonly boolean[];
  /** Whether every request states a ceiling (Anthropic's required `max_tokens`). */
  ceilingRequired: boolean;
  /** Whether the written usage counts reasoning tokens. */
  reasoningTokens: boolean;
  /** Whether a tool declaration can state `strict`. */
  strictTools: boolean;
  /** The outcomes the provider has no words for, and why (Gemini has no refusal stop). */
  unwritable: Partial<Record<TurnOutcome['kind'], string>>;
  /** Whether a stream carries each call whole, in one event (Gemini), so a cut falls between calls. */
  streamsCallsWhole: boolean;
}

/**
 * A response written as its provider's SSE stream: the texts it streams as deltas, and the
 * stream built from their pieces (given in the order of `texts`; `[text]` for each writes it
 * with one delta per text). The pieces are written as given, so a caller may stream a text
 * another way than the response spells it (Anthropic's spaced input JSON).
 *
 * @example
 * const writer = writerFor('openai-chat').stream(response);
 * writer.write(writer.texts.map((text) => [text])); // 'data: {...}\n\n...data: [DONE]\n\n'
 */
export interface StreamWriter {
  texts: string[];
  write(pieces: readonly (readonly string[])[]): string;
  /**
   * The stream as the provider sends it over HTTP, from the same pieces: SSE text, Gemini's
   * JSON array (`sse: false`, a request without `alt=sse`), or Bedrock's event-stream bytes.
   * With `cut`, it ends right after the last piece given (after the last whole call where calls
   * stream whole), with no terminal event: a connection that dropped.
   */
  send(
    pieces: readonly (readonly string[])[],
    options?: { cut?: boolean; sse?: boolean },
  ): SentStream;
}

/**
 * The frames of an SSE text up to and including the last one `keep` accepts: a stream cut
 * after its last delta.
 *
 * @example
 * throughLast('event: a\ndata: 1\n\nevent: b\ndata: 2\n\n', (frame) => frame.startsWith('event: a')); // 'event: a\ndata: 1\n\n'
 */
export function throughLast(text: string, keep: (frame: string) => boolean): string {
  const frames = text.split('\n\n');
  let last = -1;
  frames.forEach((frame, index) => {
    if (keep(frame)) last = index;
  });
  return frames
    .slice(0, last + 1)
    .map((frame) => `${frame}\n\n`)
    .join('');
}

/**
 * SSE text as it is sent.
 *
 * @example
 * sseSent('data: [DONE]\n\n'); // { contentType: 'text/event-stream', body: 'data: [DONE]\n\n' }
 */
export const sseSent = (body: string): SentStream => ({ contentType: 'text/event-stream', body });

/** Whether a request body asks for a stream (`stream: true`): OpenAI's and Anthropic's way. */
export const asksStream = (_url: URL, body: unknown): boolean =>
  isRecord(body) && body.stream === true;

// ---------------------------------------------------------------------------------------------
// What the stream writers share
// ---------------------------------------------------------------------------------------------

/** The records of a list, skipping anything else; `[]` for no list. */
export const records = (value: unknown): Json[] =>
  Array.isArray(value) ? value.filter(isRecord) : [];

export const stringOr = (value: unknown, fallback: string): string =>
  typeof value === 'string' ? value : fallback;

/** A copy of a body without some keys, the others in their order. */
export const without = (body: Json, ...keys: string[]): Json =>
  Object.fromEntries(Object.entries(body).filter(([key]) => !keys.includes(key)));

/** Hands out the split texts in the order they were registered. */
export function takeFrom(pieces: readonly (readonly string[])[]): () => readonly string[] {
  let next = 0;
  return () => pieces[next++] ?? [];
}

/** One `data:` frame; Gemini ends its frames with CRLF. */
export const dataFrame = (value: unknown, end = '\n\n'): string =>
  `data: ${JSON.stringify(value)}${end}`;

/** One `event:` line naming the type, then its `data:` line (Responses, Anthropic). */
export const namedFrame = (type: string, value: unknown): string =>
  `event: ${type}\n${dataFrame(value)}`;

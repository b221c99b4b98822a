import { apiErrorOf } from '../model/api-error.js';
import type { ReadOptions, Turn, WireSurfaceId } from '../model/model.js';
import type { Json } from '../model/narrow.js';
import { asList, asText, isRecord, recordOf } from '../model/narrow.js';
import { blankTurn } from '../model/turn.js';
import {
  adapterOf,
  adapterToolsOption,
  ENVELOPES,
  isAnySurfaceId,
  isSurfaceId,
  requestSurfaceOf,
  responseSurfaceOf,
  surfaceById,
} from '../registry/index.js';
import type { WireSurface } from '../surfaces/types.js';
import { describeValue } from '../text/describe-value.js';
import { plural } from '../text/plural.js';
import {
  ACCEPTED_INPUTS,
  apiErrorProblem,
  failure,
  finding,
  type ReadFailure,
  type ReadResult,
  THE_INPUT,
  unreadable,
} from './read-failure.js';
import { checkReadOptions } from './read-options.js';
import { reassembleStream } from './reassemble.js';
import { readTools, toolsInto } from './tools.js';

/** One turn of a payload, and where it sits: `steps[2]` in an object holding several, `''` else. */
export interface PlacedTurn {
  at: string;
  turn: Turn;
}

/** Every turn a payload holds, in order, or why it could not be read. */
export type ReadTurnsResult = { ok: true; turns: PlacedTurn[] } | ReadFailure;

const NO_OPTIONS: ReadOptions = Object.freeze({});

/**
 * Reads any supported payload into one {@link Turn}, as the payload says it: no default of a
 * provider is applied (the public `readTurn` does that). The surface is detected from the
 * shape; a JSON string is parsed first; a Turn already read is returned as it is. Options
 * supply what a response does not echo, and win over everything else.
 *
 * @example
 * const read = readPayload({ request: chatRequest, response: chatCompletion });
 * if (read.ok) console.log(read.turn.calls.map((call) => call.name));
 */
export function readPayload(input: unknown, options?: ReadOptions | null): ReadResult {
  checkReadOptions(options);
  return readOne(input, options, true);
}

/** {@link readPayload}, asking the adapters or not (a caller that already asked them). */
function readOne(
  input: unknown,
  options: ReadOptions | null | undefined,
  askAdapters: boolean,
): ReadResult {
  try {
    const given = options ?? NO_OPTIONS;
    const read = readAny(input, given, askAdapters);
    if (read.ok && given !== NO_OPTIONS) applyOptions(read.turn, given);
    return read;
  } catch (error) {
    // Only exotic values get here (a getter or proxy that throws while being read).
    return failure(
      `reading the input threw (${error instanceof Error ? error.message : String(error)}); pass plain JSON data`,
    );
  }
}

/**
 * Reads every turn a payload holds: one for a provider payload, one per step for an object that
 * holds several (a framework's multi-step result), each call's `at` then starting with its
 * step's (`steps[2].content[0]`). Options apply to every turn.
 *
 * @example
 * const read = readPayloads(result);
 * if (read.ok) for (const { at, turn } of read.turns) console.log(at, turn.calls.length);
 */
export function readPayloads(input: unknown, options?: ReadOptions | null): ReadTurnsResult {
  checkReadOptions(options);
  try {
    const given = options ?? NO_OPTIONS;
    const adapted = adaptedTurns(decode(input));
    if (adapted === null) {
      // The adapters were asked already: no object of theirs, so a payload of one turn.
      const read = readOne(input, options, false);
      return read.ok ? { ok: true, turns: [{ at: '', turn: read.turn }] } : read;
    }
    if (!adapted.ok) return adapted;
    for (const { at, turn } of adapted.turns) {
      if (given !== NO_OPTIONS) applyOptions(turn, given);
      if (at !== '') for (const call of turn.calls) call.at = `${at}.${call.at}`;
    }
    return adapted;
  } catch (error) {
    return failure(
      `reading the input threw (${error instanceof Error ? error.message : String(error)}); pass plain JSON data`,
    );
  }
}

/** The turns an adapter reads from a value, or `null` when no adapter claims it. */
function adaptedTurns(value: unknown): ReadTurnsResult | null {
  // Asked of every input: isRecord tests the shape, where recordOf would copy a class instance.
  if (!Array.isArray(value) && !isRecord(value)) return null;
  const object = value as Json | unknown[];
  const adapter = adapterOf(object);
  if (adapter === null) return null;
  const reading = adapter.read(object, toolsInto);
  if (reading.kind === 'unreadable') {
    return failure({
      found: reading.problem,
      ...(reading.received === undefined ? {} : { received: reading.received }),
    });
  }
  if (reading.turns.length === 0) return failure(`the ${adapter.title} object holds no turn`);
  const turns: PlacedTurn[] = [];
  // A turn read as its provider's says which framework it came through, for repairs.
  const placed = (at: string, turn: Turn): void => {
    if (turn.surface !== adapter.id) turn.via = adapter.id;
    turns.push({ at, turn });
  };
  for (const entry of reading.turns) {
    if ('turn' in entry) {
      if (entry.request !== undefined) fillFromRequest(entry.turn, entry.request);
      placed(entry.at, entry.turn);
      continue;
    }
    // A provider payload by the adapter's word: read by the wire surfaces alone.
    const read = readAny(entry.payload, NO_OPTIONS, false);
    if (read.ok) {
      if (entry.notes !== undefined) read.turn.notes.push(...entry.notes);
      placed(entry.at, read.turn);
    } else if (entry.fallback !== undefined) {
      entry.fallback.notes.push(
        `${entry.at || 'the payload'} carries a provider payload that could not be read (${read.found}); read from the ${adapter.title} object's own fields instead`,
        ...(entry.notes ?? []),
      );
      placed(entry.at, entry.fallback);
    } else {
      return failure(`${entry.at || 'the payload'}: ${read.found}`);
    }
  }
  return { ok: true, turns };
}

/**
 * A request body an adapter's object carries beside a turn it read from its own fields: read by
 * the turn's wire surface (or, for an adapter's own turn, the surface the body shows) into what
 * the turn leaves unknown, as an exchange's request is.
 */
function fillFromRequest(turn: Turn, request: { body: unknown; at: string }): void {
  const body = recordOf(decode(request.body));
  const wire =
    body === undefined
      ? null
      : isSurfaceId(turn.surface)
        ? surfaceById(turn.surface)
        : requestSurfaceOf(body);
  if (body === undefined || wire === null) {
    turn.notes.push(
      `${request.at} is ${describeValue(request.body)}, not a request body this reads; the tools and settings it sent are unknown`,
    );
    return;
  }
  const sent = blankTurn(turn.surface, 'request');
  wire.request.readSettings(body, `${request.at}.`, sent, toolsInto);
  fillGaps(turn, sent);
}

function readAny(input: unknown, options: ReadOptions, askAdapters = true): ReadResult {
  const decoded = decode(input);
  if (typeof decoded === 'string' || decoded === undefined) {
    const seen = finding(THE_INPUT, `${describeValue(input)}, which is not JSON`);
    return failure(seen, `expected ${ACCEPTED_INPUTS}; ${seen.found}`);
  }
  const adapted = askAdapters ? adaptedTurns(decoded) : null;
  if (adapted !== null) return oneTurn(adapted);
  if (Array.isArray(decoded)) return readArray(decoded, options, THE_INPUT);
  const body = recordOf(decoded);
  if (body === undefined) return unreadable(decoded);
  // A Turn passed back in is copied, so options never change the caller's object.
  if (isTurn(body)) return { ok: true, turn: structuredClone(body) };
  if (body.kind === 'reassembled-stream') return readStream(body, options, THE_INPUT);
  if (Object.hasOwn(body, 'response')) return readExchange(body, options);
  const logged = loggedExchange(body);
  if (logged !== null) return readExchange(logged, options);
  const envelope = envelopeOf(body);
  if (envelope !== null) return { ok: true, turn: envelope };
  const surface = responseSurfaceOf(body);
  if (surface !== null) return readResponse(body, surface, options);
  return readRequest(body);
}

/**
 * The one turn an adapter read, or why there is none. An object holding several turns has no
 * single turn to return, so it is refused with the count rather than cut to its first.
 */
function oneTurn(read: ReadTurnsResult): ReadResult {
  if (!read.ok) return read;
  const [only, ...more] = read.turns;
  if (only !== undefined && more.length === 0) return { ok: true, turn: only.turn };
  return failure(
    finding(
      THE_INPUT,
      `an object holding ${read.turns.length} turns (${read.turns.map((entry) => entry.at).join(', ')}); readTurns reads each, and every diagnosis judges them all`,
    ),
  );
}

/** A body that wraps a turn in a surface's own envelope (an Anthropic batch results line). */
function envelopeOf(body: Json): Turn | null {
  for (const envelope of ENVELOPES) if (envelope.recognise(body)) return envelope.read(body);
  return null;
}

/**
 * A JSON string is parsed; anything else is taken as it is. `undefined` means unparseable text.
 * A leading byte-order mark (Windows editors write one) is read past, as the CLI does.
 */
function decode(input: unknown): unknown {
  const value = invokeModelBody(input);
  if (typeof value !== 'string') return value;
  try {
    return JSON.parse(value.charCodeAt(0) === 0xfeff ? value.slice(1) : value);
  } catch {
    return undefined;
  }
}

const utf8 = new TextDecoder();

/**
 * What Bedrock's InvokeModel carries, as its text: the body bytes (`out.body`, a `Uint8Array`),
 * or the AWS SDK's own objects, the command's output `{ body, contentType }` and its input
 * `{ modelId, body, contentType }`, whose body is bytes or JSON text. An InvokeModel body is the
 * model's own payload (an Anthropic Messages body for a Claude model), read as such; any other
 * input is returned as it is.
 */
function invokeModelBody(input: unknown): unknown {
  if (input instanceof Uint8Array) return utf8.decode(input);
  if (typeof input !== 'object' || input === null || Array.isArray(input)) return input;
  const object = input as Json;
  if (!(Object.hasOwn(object, 'contentType') || Object.hasOwn(object, 'modelId'))) return input;
  const body = object.body;
  if (body instanceof Uint8Array) return utf8.decode(body);
  return typeof body === 'string' ? body : input;
}

/**
 * An array read as a whole body. A surface whose stream, fetched without SSE, is one JSON array
 * of whole responses (Gemini's `streamGenerateContent` without `alt=sse`) is read as that
 * stream; a one-element array holding an error body (how Gemini answers such a request with an
 * error) is that error. Any other array (batch lines, another API's chunks) is no payload.
 */
function readArray(items: unknown[], options: ReadOptions, what: string): ReadResult {
  const surface = arrayStreamSurface(items);
  if (surface === null) return unreadable(items, what);
  const stream = recordOf(reassembleStream(items, { surface: surface.id })) ?? {};
  return readStream(stream, options, what);
}

/** The surface an array of whole responses streams on; `null` unless every element is one of its responses (or an error it carried). */
function arrayStreamSurface(items: unknown[]): WireSurface | null {
  let surface: WireSurface | null = null;
  for (const item of items) {
    const body = recordOf(item);
    if (body === undefined) return null;
    if (apiErrorOf(body) !== null) continue;
    const own: WireSurface | null = surface ?? responseSurfaceOf(body);
    if (own === null || own.stream.jsonArray !== true || !own.response.recognise(body)) return null;
    surface = own;
  }
  return surface;
}

/** A Turn read earlier and passed back in. */
function isTurn(body: Json): body is Json & Turn {
  return (
    isAnySurfaceId(body.surface) &&
    Array.isArray(body.calls) &&
    isRecord(body.stop) &&
    Array.isArray(body.notes)
  );
}

/** Which provider produced a response body, or `null` when it is not a model response. */
export function responseSurface(value: unknown): WireSurfaceId | null {
  const body = recordOf(value);
  return body === undefined ? null : (responseSurfaceOf(body)?.id ?? null);
}

function readResponse(body: Json, surface: WireSurface, options: ReadOptions): ReadResult {
  const choice = options.choice ?? 0;
  const alternatives = surface.response.alternatives;
  const offered = alternatives?.of(body);
  if (
    alternatives !== undefined &&
    offered !== undefined &&
    offered.length > 0 &&
    !(choice >= 0 && choice < offered.length)
  ) {
    return failure(
      `${alternatives.noun} ${choice} does not exist; the response has ${plural(offered.length, alternatives.noun)}`,
    );
  }
  return { ok: true, turn: surface.response.read(body, choice, toolsInto) };
}

/**
 * An exchange as loggers write it under other names: `{ input, output }` (an LLM tracing
 * logger's pair) and `{ req, res }`, each read as `{ request, response }` when the second holds
 * a response body a surface recognises. A Responses API response (`output` is a list) and a
 * Responses request (`input` alone) are not pairs, and are read as what they are.
 */
function loggedExchange(body: Json): Json | null {
  for (const [sent, answered] of [
    ['input', 'output'],
    ['req', 'res'],
  ] as const) {
    if (!Object.hasOwn(body, answered)) continue;
    const response = recordOf(httpBody(decode(body[answered])));
    if (response === undefined || responseSurfaceOf(response) === null) continue;
    return { request: body[sent] ?? null, response };
  }
  return null;
}

/**
 * The body of a logged HTTP message (`{ url, headers, body }`, `{ status, headers, body }`),
 * or the value itself when it is no such message: a logger that keeps the whole request and
 * response keeps the payloads one level down.
 */
function httpBody(value: unknown): unknown {
  const message = recordOf(value);
  if (message === undefined || !Object.hasOwn(message, 'body')) return value;
  const http = ['status', 'statusCode', 'url', 'method', 'headers'].some((field) =>
    Object.hasOwn(message, field),
  );
  return http ? decode(message.body) : value;
}

/**
 * An exchange: the response, with its request filling in what the response does not say. A
 * response that echoes its settings (the Responses API) is what the server actually used, so
 * the echo wins; Anthropic batch lines pair with their request line's `params`.
 */
function readExchange(exchange: Json, options: ReadOptions): ReadResult {
  const what = "the exchange's response is";
  const decoded = httpBody(decode(exchange.response));
  const response = recordOf(decoded);
  let read: ReadResult;
  // The surface the response was recognised as, when it was: its request reads the same way.
  let surface: WireSurface | null = null;
  if (Array.isArray(decoded)) read = readArray(decoded, options, what);
  else if (response === undefined) return unreadable(decoded, what);
  else {
    const envelope = envelopeOf(response);
    if (envelope !== null) read = { ok: true, turn: envelope };
    else if (response.kind === 'reassembled-stream') read = readStream(response, options, what);
    else {
      surface = responseSurfaceOf(response);
      if (surface === null) return unreadable(response, what);
      read = readResponse(response, surface, options);
    }
  }
  if (!read.ok) return read;
  const turn = read.turn;

  const sentValue = httpBody(decode(exchange.request));
  if (sentValue === undefined || sentValue === null) return read;
  let request = recordOf(sentValue);
  // A Message Batches request line carries its body in params.
  const params = recordOf(request?.params);
  if (request !== undefined && params !== undefined && Object.hasOwn(request, 'custom_id')) {
    request = params;
  }
  if (request === undefined) {
    turn.notes.push(`request is ${describeValue(sentValue)}, not a request body; not read`);
    return read;
  }
  const wire = surface ?? (isSurfaceId(turn.surface) ? surfaceById(turn.surface) : null);
  if (wire === null) return read;
  const sent = blankTurn(turn.surface, 'request');
  wire.request.readSettings(request, 'request.', sent, toolsInto);
  fillGaps(turn, sent);
  return read;
}

/**
 * A stream put back together by `reassembleStream`: its response, and, when the stream ended
 * before its terminal event, the calls it left open marked unfinished.
 */
function readStream(stream: Json, options: ReadOptions, what: string): ReadResult {
  const error = recordOf(stream.error);
  if (stream.state === 'error' && error !== undefined) {
    // The provider answered with an error instead of a stream.
    const status = error.status;
    return apiErrorProblem(
      {
        type: asText(error.type) ?? '',
        status: typeof status === 'number' ? status : null,
        message: asText(error.message) ?? '',
      },
      what,
    );
  }
  if (stream.recognised === false) {
    const notes = (asList(stream.notes) ?? []).filter((note) => typeof note === 'string');
    return failure(
      `the stream is no provider stream this reads: ${notes.join('; ') || 'no events'}`,
    );
  }
  const response = recordOf(stream.response);
  const surface = response === undefined ? null : responseSurfaceOf(response);
  if (response === undefined || surface === null)
    return unreadable(stream.response, "the stream's response is");
  const read = readResponse(response, surface, options);
  if (!read.ok) return read;
  const turn = read.turn;
  // The stream knows which calls finished; that overrides guesses made from the response alone.
  const open = new Set((asList(stream.openCalls) ?? []).filter((at) => typeof at === 'string'));
  for (const call of turn.calls) call.unfinished = open.has(call.at);
  // What reassembly read past (no [DONE], events after the end) belongs with the turn.
  for (const note of asList(stream.notes) ?? []) {
    if (typeof note === 'string') turn.notes.push(`stream: ${note}`);
  }
  if (stream.state === 'cut') {
    if (
      error !== undefined &&
      (turn.stop.kind === 'in-progress' || turn.stop.kind === 'unreported')
    ) {
      // The provider said why it stopped mid-answer: no dropped connection, a failure of its own.
      turn.stop = {
        kind: 'failed',
        said: `an error event mid-answer (${asText(error.type) ?? 'error'}: ${asText(error.message) ?? ''})`,
      };
    } else if (turn.stop.kind === 'in-progress' || turn.stop.kind === 'unreported') {
      turn.stop = { kind: 'connection-cut', said: 'the stream ended before its terminal event' };
    } else {
      // The provider said why it stopped before the connection ended: that reason stands.
      turn.notes.push(`the stream ended before its terminal event, after ${turn.stop.said}`);
    }
  }
  if (error !== undefined) {
    turn.notes.push(
      `the stream carried an error event: ${asText(error.type) ?? 'error'}: ${asText(error.message) ?? ''}`,
    );
  }
  return read;
}

/** Copies from the request what the response left unknown. */
function fillGaps(turn: Turn, sent: Turn): void {
  if (turn.tools === null) turn.tools = sent.tools;
  if (turn.parallelToolCalls === null) turn.parallelToolCalls = sent.parallelToolCalls;
  if (turn.maxOutputTokens === null) {
    turn.maxOutputTokens = sent.maxOutputTokens;
    turn.maxOutputTokensField = sent.maxOutputTokensField;
  }
  if (turn.expectsJson === null) turn.expectsJson = sent.expectsJson;
  if (turn.model === undefined && sent.model !== undefined) turn.model = sent.model;
  if (sent.notes.length > 0) turn.notes.push(...sent.notes);
}

function readRequest(body: Json): ReadResult {
  const surface = requestSurfaceOf(body);
  if (surface === null) return unreadable(body);
  const turn = blankTurn(surface.id, 'request');
  surface.request.readSettings(body, '', turn, toolsInto);
  return { ok: true, turn };
}

function applyOptions(turn: Turn, options: ReadOptions): void {
  if (options.tools !== undefined && options.tools !== null) {
    // A framework's own tool collection (an AI SDK ToolSet) is read as the declarations it holds.
    const framework = adapterToolsOption(options.tools);
    const { tools, notes } = readTools(framework?.tools ?? options.tools, 'options.tools');
    turn.tools = tools ?? turn.tools;
    if (framework !== undefined && framework.notes.length > 0) turn.notes.push(...framework.notes);
    if (notes.length > 0) turn.notes.push(...notes);
  }
  if (typeof options.parallelToolCalls === 'boolean') {
    turn.parallelToolCalls = options.parallelToolCalls;
  }
  // Checked by checkReadOptions: a number here is a whole count.
  if (typeof options.maxOutputTokens === 'number') turn.maxOutputTokens = options.maxOutputTokens;
  if (typeof options.expectJson === 'boolean') turn.expectsJson = options.expectJson;
}

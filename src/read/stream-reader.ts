/**
 * The one reading loop behind every entry point: decode each event, report error events, tell
 * the surface from the first event that shows it, and hand every event to that surface's
 * assembler exactly once.
 */
import { bareMessageError, errorFields, errorLabel } from '../model/api-error.js';
import type { WireSurfaceId } from '../model/model.js';
import type { Json } from '../model/narrow.js';
import { asText, isRecord, recordOf } from '../model/narrow.js';
import {
  isSurfaceId,
  SURFACE_IDS,
  streamSurfaceOf,
  surfaceById,
  UNRECOGNISED_STREAM_SHELL,
  WIRE_SURFACES,
} from '../registry/index.js';
import type { Framing, SurfaceAssembler } from '../stream/assembler.js';
import { invokeModelChunk } from '../stream/event-stream.js';
import { Notebook, preview } from '../stream/notes.js';
import type { SsePayload } from '../stream/sse.js';
import type {
  CallsProgress,
  ReassembledStream,
  StreamError,
  StreamReader,
} from '../stream/types.js';
import { libraryMessage } from '../text/library-message.js';
import { plural } from '../text/plural.js';

/**
 * Checks a caller's `surface` option: a wrong value is a programming error, the one thing
 * reassembly throws on.
 *
 * @example
 * ```ts
 * checkSurface(undefined, 'options.surface'); // null: detect it
 * checkSurface('gemini', 'options.surface'); // 'gemini'
 * checkSurface('claude', 'options.surface'); // throws TypeError('tool-call-health: options.surface must be one of ...')
 * ```
 */
export function checkSurface(surface: unknown, where: string): WireSurfaceId | null {
  if (surface === undefined || surface === null) return null;
  if (isSurfaceId(surface)) return surface;
  throw new TypeError(
    libraryMessage(
      `${where} must be one of ${SURFACE_IDS.map((name) => `'${name}'`).join(', ')}; got ${typeof surface === 'string' ? `'${surface}'` : typeof surface}`,
    ),
  );
}

/**
 * The surface an event shows, or `null` when it shows none (an error, a bare `{}`): the
 * surest claim of any registered surface.
 *
 * @example
 * ```ts
 * detectSurface({ type: 'message_start', message: {} }); // 'anthropic-messages'
 * detectSurface({ candidates: [] }); // 'gemini'
 * ```
 */
export function detectSurface(event: Json): WireSurfaceId | null {
  return streamSurfaceOf(event)?.id ?? null;
}

/**
 * An error the event reports: Anthropic and Responses send `type: "error"`; Chat and Gemini
 * servers send a bare `{ "error": { ... } }` payload mid-stream, or as the whole body; Bedrock
 * answers a streaming URL with `{ "message" }` alone.
 */
function errorOf(event: Json): StreamError | null {
  // An AWS error body on a streaming URL (Bedrock's ConverseStream): `{"message"}` alone.
  const bare = bareMessageError(event);
  if (bare !== null) return { type: bare.type || 'error', message: bare.message };
  const inner = event.error;
  const isErrorEvent =
    event.type === 'error' ||
    (isRecord(inner) &&
      !Object.hasOwn(event, 'type') &&
      !Object.hasOwn(event, 'choices') &&
      !Object.hasOwn(event, 'candidates'));
  if (!isErrorEvent) return null;
  const reported = recordOf(inner);
  const fields = reported === undefined ? undefined : errorFields(reported);
  const status = fields?.status ?? null;
  const error: StreamError = {
    type: fields?.type || asText(event.code) || (status === null ? 'error' : String(status)),
    message: fields?.message || asText(event.message) || (typeof inner === 'string' ? inner : ''),
  };
  if (status !== null) error.status = status;
  return error;
}

function createAssembler(
  surface: WireSurfaceId,
  notes: Notebook,
  framing: Framing,
): SurfaceAssembler {
  return surfaceById(surface).stream.assembler({ notes, framing });
}

/**
 * A reader that SSE decoding can feed payloads into, and the entry points can add notes to.
 *
 * @example
 * ```ts
 * const reader = createReader(null, 'sse');
 * reader.pushPayload({ data: '[DONE]', eventName: undefined });
 * ```
 */
export interface InternalReader extends StreamReader {
  pushPayload(payload: SsePayload): void;
  /** Where reading notes go; SSE decoding and the entry points add theirs here too. */
  readonly notebook: Notebook;
  /**
   * The framing ended before its own end (a JSON array without its closing `]`): the stream is
   * `cut` whatever its events say, and `note` says why.
   */
  endedEarly(note: string): void;
}

/**
 * The reading loop behind every entry point, for one stream. `forced` skips detection;
 * `framing` says whether Chat's `[DONE]` marker can be expected.
 *
 * @example
 * ```ts
 * const reader = createReader('openai-chat', 'events');
 * for (const chunk of chunks) reader.push(chunk);
 * reader.result().state;
 * ```
 */
export function createReader(forced: WireSurfaceId | null, framing: Framing): InternalReader {
  const notes = new Notebook();
  let surface = forced;
  let assembler = forced === null ? null : createAssembler(forced, notes, framing);
  // Events that arrive before any event shows the surface wait here (usually none, at most a few).
  const waiting: Array<{ event: Json | 'end-marker'; position: number }> = [];
  let error: StreamError | null = null;
  // The event that carried the first error: its shape names the provider of an error-only stream.
  let errorEvent: Json | null = null;
  let events = 0;
  // Events an assembler has read: none means the stream held no event of an answer.
  let delivered = 0;
  let framingCut = false;

  function deliver(event: Json | 'end-marker', position: number): void {
    if (assembler === null) {
      const detected = event === 'end-marker' ? null : detectSurface(event);
      if (detected === null) {
        waiting.push({ event, position });
        return;
      }
      surface = detected;
      assembler = createAssembler(detected, notes, framing);
      for (const held of waiting.splice(0)) {
        if (held.event !== 'end-marker') delivered++;
        deliverTo(assembler, held.event, held.position);
      }
    }
    if (event !== 'end-marker') delivered++;
    deliverTo(assembler, event, position);
  }

  function read(value: unknown, eventName: string | undefined): void {
    const position = events++;
    let parsed: unknown = value;
    if (typeof value === 'string') {
      // An event object starts with `{`; only anything else can be Chat's end marker.
      if (value.charCodeAt(0) !== 0x7b && value.trim() === '[DONE]') {
        deliver('end-marker', position);
        return;
      }
      try {
        parsed = JSON.parse(value);
      } catch {
        const framed = /^\s*(data|event|id|retry)?:/.test(value);
        notes.add(
          `event[${position}] is not JSON (${preview(value)}); skipped${framed ? '. It looks like SSE framing: pass SSE text as one string, or through reassembleStreamAsync' : ''}`,
        );
        return;
      }
    }
    // Events are read by field name from here on, so each is plain data (see recordOf).
    let event = recordOf(parsed);
    if (event === undefined) {
      notes.add(
        `event[${position}] is ${parsed === null ? 'null' : Array.isArray(parsed) ? 'an array' : `a ${typeof parsed}`}, not an event object; skipped`,
      );
      return;
    }
    // An InvokeModelWithResponseStream chunk: the model's own event, base64 in `bytes`.
    const chunk = invokeModelChunk(event);
    if (chunk !== null) {
      if (chunk.problem !== undefined) {
        notes.add(`event[${position}] is an InvokeModel chunk, but ${chunk.problem}; skipped`);
        return;
      }
      event = chunk.event;
    }
    if (
      eventName !== undefined &&
      !Object.hasOwn(event, 'type') &&
      !Object.hasOwn(event, 'choices') &&
      !Object.hasOwn(event, 'candidates')
    ) {
      // The SSE `event:` line names the type when the data leaves it out.
      event = { type: eventName, ...event };
    }
    const reported = errorOf(event);
    if (reported !== null) {
      if (error === null) {
        error = reported;
        errorEvent = event;
      } else
        notes.add(
          `event[${position}] reports another error (${reported.type}: ${reported.message}); the first is kept`,
        );
      return;
    }
    deliver(event, position);
  }

  function result(): ReassembledStream {
    // An error with no event of an answer before it is the provider's answer: an error body.
    const refused = error !== null && delivered === 0;
    if (assembler === null || surface === null) {
      // No event showed its surface. Report an empty shell rather than guess from junk; an
      // error-only stream is named by the provider whose error shape it has.
      const scratch = new Notebook();
      const owner =
        (refused && errorEvent !== null
          ? WIRE_SURFACES.find((wire) => wire.stream.claimsError?.(errorEvent as Json) === true)
          : undefined) ?? UNRECOGNISED_STREAM_SHELL;
      const shell = owner.stream.assembler({ notes: scratch, framing }).assemble();
      const lines = notes.list();
      if (events === 0) lines.push('the input held no events');
      else if (
        waiting.length > 0 &&
        !(refused && waiting.every((held) => held.event === 'end-marker'))
      ) {
        lines.push(
          `${plural(waiting.length, 'event')} showed no provider API this reads (a Chat chunk, a Responses or Anthropic event, a Gemini frame)${describeShape(waiting[0]?.event)}; pass options.surface to read them as one`,
        );
      } else if (!refused) {
        lines.push(
          'no event showed a provider API; the response is an empty Chat Completions shell',
        );
      }
      if (refused) lines.push(refusedNote(error));
      return {
        kind: 'reassembled-stream',
        recognised: false,
        surface: owner.id,
        response: shell.response,
        state: refused ? 'error' : 'cut',
        openCalls: [],
        error,
        events,
        notes: lines,
      };
    }
    const assembly = assembler.assemble();
    const lines = [...notes.list(), ...assembly.notes];
    if (events === 0) lines.push('the input held no events');
    if (refused) lines.push(refusedNote(error));
    return {
      kind: 'reassembled-stream',
      recognised: true,
      surface,
      response: assembly.response,
      state: refused ? 'error' : events === 0 || framingCut ? 'cut' : assembly.state,
      openCalls: assembly.openCalls,
      error: error ?? assembler.terminalError(),
      events,
      notes: lines,
    };
  }

  return {
    get surface() {
      return surface;
    },
    push(event) {
      read(event, undefined);
    },
    pushPayload(payload) {
      read(payload.data, payload.eventName);
    },
    notebook: notes,
    endedEarly(note) {
      framingCut = true;
      notes.add(note);
    },
    progress(): CallsProgress {
      return assembler === null ? { complete: [], arriving: [] } : assembler.progress();
    },
    result,
  };
}

function deliverTo(
  assembler: SurfaceAssembler,
  event: Json | 'end-marker',
  position: number,
): void {
  if (event === 'end-marker') assembler.endMarker(position);
  else assembler.push(event, position);
}

/** What a stream that held only an error says of it. */
function refusedNote(error: StreamError | null): string {
  if (error === null) return '';
  const said = error.message === '' ? '' : `: ${preview(error.message, 160)}`;
  return `the provider answered with an API error${errorLabel(error)}${said}, not with a stream of an answer`;
}

/** What the first unrecognised event looked like, so the note helps find the right reader. */
function describeShape(event: Json | 'end-marker' | undefined): string {
  if (event === undefined || event === 'end-marker') return '';
  const type = asText(event.type);
  if (type) return `; the first has type ${JSON.stringify(type)}`;
  const object = asText(event.object);
  if (object) return `; the first has object ${JSON.stringify(object)}`;
  const eventType = asText(event.event_type);
  if (eventType) return `; the first has event_type ${JSON.stringify(eventType)}`;
  const keys = Object.keys(event).slice(0, 4);
  return keys.length === 0 ? '; the first is {}' : `; the first has keys ${keys.join(', ')}`;
}

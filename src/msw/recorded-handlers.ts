/*
 * Why not @mswjs/source's fromTraffic: it matches the recorded absolute URL (so a test that points
 * the SDK's baseURL at localhost or a gateway never matches), ignores request bodies (two chat
 * completions on one path cannot be told apart), replays a text/event-stream body in one piece,
 * sleeps each entry's recorded `time`, and peers on msw ^2 only. Base-URL independence, body
 * matching and event-by-event streaming are the point here, so this small reader is our own.
 */
import { type HttpHandler, http } from 'msw';
import { type HarSource, type RecordedExchange, readHar } from '../har/read.js';
import { REDACTED } from '../har/redact.js';
import { bodyChunks, type Chunking } from '../har/sse.js';
import { libraryMessage } from '../text/library-message.js';
import { describeDifference } from './body-diff.js';
import { chunkedStream } from './chunked-stream.js';
import { ignoredPaths } from './ignored-paths.js';
import { apiPath, bodyDifferences, chooseRecording } from './match.js';
import { noRecording, writerOfPath } from './no-recording.js';

export interface RecordedHandlersOptions {
  /**
   * How a streamed body (`text/event-stream`, or Bedrock's binary
   * `application/vnd.amazon.eventstream`) is cut: `'event'` (default) sends each SSE event, or
   * each event-stream message, as one chunk, at its original boundaries; `{ bytes: n }` cuts
   * every `n` bytes.
   */
  chunking?: Chunking;
  /** Milliseconds to wait between two chunks of a streamed body (default 0). */
  chunkDelayMs?: number;
  /**
   * Request-body paths that are not compared, on either side: a value that changes from run to
   * run (a date in the system prompt, a generated id) or a field you change on purpose. Write
   * them as the no-recording 404 prints them, so a path can be copied from it: `model`,
   * `messages[0].content`, `metadata.trace_id`, `tools[0]["two words"]`, and `[*]` for any
   * index (`input[*].call_id`). An ignored path is ignored with all below it. An index is the
   * request's: arrays are lined up before they are compared, so with a message inserted,
   * `messages[1]` is the request's second message and the recorded message paired with it is
   * compared under it; a recorded message the request has no counterpart for is named by its own
   * index. The 404 suggests the whole list that lets its nearest recording answer. Ignoring a
   * path in an identifying field (`model`, `input`, `messages`, `contents`) lets a request that
   * differs there match; ignoring another field (`max_output_tokens`) takes it out of the choice
   * between recordings that match. `stream` cannot be ignored. A path that does not parse throws
   * at set-up.
   *
   * @example
   * recordedHandlers('recordings/', { ignore: ['messages[0].content', 'metadata.trace_id'] });
   */
  ignore?: readonly string[];
  /**
   * Called when a request's method and path match recordings but no recorded body does, with the
   * reasons per recording. The request then gets what `unmatched` says: by default a 404 naming
   * the differences; with `'next'`, your other handlers and then msw's unhandled-request policy.
   */
  onMismatch?: (mismatch: RecordingMismatch) => void;
  /**
   * What a request on a recorded path with no matching body gets: `'error'` (default), a 404
   * naming the differences; `'next'`, the handlers listed after these.
   */
  unmatched?: 'error' | 'next';
}

/** A request that found recordings on its path, none with its body. */
export interface RecordingMismatch {
  request: Request;
  /** The request body as sent: parsed JSON, or the text. */
  body: unknown;
  /**
   * Each recording on the path and why it does not match: one line per differing path of an
   * identifying field, as the 404 prints them (`messages[1].content: recorded "…", sent "…"`).
   */
  candidates: Array<{ at: string; differences: string[] }>;
}

// Headers that described the recorded connection or encoding, not this replayed body.
const STALE_HEADERS = new Set([
  'connection',
  'keep-alive',
  'proxy-authenticate',
  'proxy-authorization',
  'proxy-connection',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
  'content-length',
  'content-encoding',
]);

type Verb = 'get' | 'post' | 'put' | 'patch' | 'delete' | 'head' | 'options';
const VERBS: ReadonlySet<string> = new Set([
  'GET',
  'POST',
  'PUT',
  'PATCH',
  'DELETE',
  'HEAD',
  'OPTIONS',
]);

/**
 * msw handlers that answer requests with recorded responses (from HAR files, folders, objects).
 *
 * Matching, in this order:
 * - the method is the recorded one;
 * - the path is the recorded one behind any host and base path: the recorded path is taken from
 *   its first API version segment (`/v1`, `/v1beta`, ...; the whole path when it has none), and a
 *   request matches when its path ends with that. So `baseURL` may be `https://api.openai.com/v1`,
 *   `http://localhost/v1` or `https://gateway.example/openai/v1`. The query string is ignored,
 *   and a percent-encoded character matches itself unencoded (Bedrock's
 *   `/model/us.anthropic.claude-sonnet-4-5-20250929-v1%3A0/converse`, whose model id is matched
 *   here, as it is in no body);
 * - when the recording has a JSON object body: `model`, `input`, `messages` and `contents` are
 *   deep-equal to the sent ones where the recording has them, and `stream` is equal (absent
 *   means false), leaving out the paths in `ignore`. Other fields (temperature, tools, ...)
 *   never stop a match. Arrays are lined up before they are compared, so a message inserted or
 *   left out is one difference, not a shift of every later one.
 *
 * Of the recordings that match, the one whose other fields differ least from the request wins
 * (fewest differing paths, then fewest differing characters), the first in source order among
 * equals; a recording is not used up. So a retry that changed only `max_output_tokens` gets the
 * recorded retry, not the first attempt again.
 *
 * Handlers are registered only on the recorded paths, so a request to any other path is left to
 * your other handlers and your unhandled-request policy (`onUnhandledRequest` in msw 2,
 * `onUnhandledFrame` in msw 3, which ignores the old name). A request on a recorded path whose
 * body matches no recording is answered with a 404 in the provider's own error shape (the SDK
 * throws its not-found error: OpenAI's and Anthropic's `NotFoundError`, Bedrock's
 * `ResourceNotFoundException`) naming the nearest recording, its first differing path with both
 * values around the change, how many more paths differ, and the `ignore` list (yours, plus every
 * differing path, a parent where all its fields differ) that lets that recording answer
 * (`onMismatch` hears every recording's differences), so it can never reach the real API by
 * accident; pass `unmatched: 'next'` to hand it to the handlers after these instead (msw sends
 * a request no later handler answers to the network). Responses carry the recorded status,
 * headers (minus the connection and encoding ones that no longer apply, and redacted ones) and
 * body (a base64-stored binary body as its bytes); an SSE or AWS event-stream body is streamed
 * chunk by chunk. HAR files are read synchronously, once, when this is called; a
 * malformed one throws a `tool-call-health:` error naming the file and entry.
 *
 * @example
 * const server = setupServer(...recordedHandlers('fixtures/openai', { chunking: { bytes: 7 } }));
 * server.listen({ onUnhandledRequest: 'error' }); // msw 3: { onUnhandledFrame: 'error' }
 *
 * @example
 * // The system prompt carries today's date: replay whatever date the test sends.
 * recordedHandlers('recordings/', { ignore: ['messages[0].content'] });
 * // A request that still differs gets a 404 (the SDK throws it) such as:
 * // tool-call-health: no recording matches POST /v1/chat/completions; nearest: recording 2 of 3 (2 fields differ) at recordings/chat.har entries[1]
 * //   messages[1].content: recorded "Charge acct_9 twelve dollars.", sent "Charge acct_9 twenty dollars."
 * //   and 1 other field: messages[2]
 * //   if these fields may vary, pass { ignore: ['messages[0].content', 'messages[1].content', 'messages[2]'] }
 */
export function recordedHandlers(
  source: HarSource,
  options: RecordedHandlersOptions = {},
): HttpHandler[] {
  const exchanges = readHar(source);
  if (exchanges.length === 0) {
    throw new Error(libraryMessage('recordedHandlers() was given recordings with no entries'));
  }
  for (const { at, response } of exchanges) {
    // fetch's Response only carries 200-599; HAR's 0 means "no response" and replays as an error.
    if (response.status !== 0 && (response.status < 200 || response.status > 599)) {
      throw new Error(
        libraryMessage(`${at}: response.status ${response.status} cannot be replayed`),
      );
    }
  }
  // Fail at set-up, not on the first streamed request.
  if (options.chunking !== undefined) bodyChunks('', options.chunking);
  const ignored = ignoredPaths(options.ignore, 'recordedHandlers()');

  // One handler per recorded method and path, so msw treats every other request as unhandled.
  const byRoute = new Map<string, RecordedExchange[]>();
  for (const exchange of exchanges) {
    const route = `${exchange.request.method} ${apiPath(new URL(exchange.request.url).pathname)}`;
    byRoute.set(route, [...(byRoute.get(route) ?? []), exchange]);
  }
  return [...byRoute].map(([route, recorded]) => {
    const [method = 'GET', path = '/'] = route.split(' ');
    const writer = writerOfPath(path);
    const resolver = async ({ request }: { request: Request }) => {
      const body = await sentBody(request);
      const bodies = recorded.map((exchange) => exchange.request.body);
      const chosen = chooseRecording(bodies, body, ignored);
      if (chosen !== undefined) return replay(recorded[chosen] as RecordedExchange, options);
      const differences = bodies.map((recordedBody) =>
        bodyDifferences(recordedBody, body, ignored),
      );
      const candidates = recorded.map((exchange, index) => ({
        at: exchange.at,
        differences: (differences[index] ?? []).map(describeDifference),
      }));
      options.onMismatch?.({ request, body, candidates });
      if (options.unmatched === 'next') return undefined;
      return noRecording(
        { method, path, sent: body, recorded, differences, ignore: options.ignore ?? [] },
        writer,
      );
    };
    const pattern = pathPattern(path);
    return VERBS.has(method)
      ? http[method.toLowerCase() as Verb](pattern, resolver)
      : http.all(pattern, resolver);
  });
}

/**
 * Matches a URL (msw strips its query) whose path ends with the recorded API path. A character
 * may come percent-encoded or not on either side: the AWS SDK sends Bedrock's model id
 * `…-v1:0` in the path as `…-v1%3A0`, and a recording may hold either spelling.
 */
function pathPattern(path: string): RegExp {
  let decoded: string;
  try {
    decoded = decodeURIComponent(path);
  } catch {
    decoded = path;
  }
  const pattern = [...decoded].map((character) => {
    const literal = character.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    if (character === '/') return literal;
    const encoded = encodeURIComponent(character);
    if (encoded === character) return literal;
    const escaped = [...encoded.matchAll(/%([0-9A-F]{2})/g)]
      .map(
        ([, hex = '']) => `%[${hex[0]}${hex[0]?.toLowerCase()}][${hex[1]}${hex[1]?.toLowerCase()}]`,
      )
      .join('');
    return `(?:${literal}|${escaped})`;
  });
  return new RegExp(`${pattern.join('')}$`);
}

/** The sent body, parsed when it is JSON; read from a clone so other handlers can read it too. */
async function sentBody(request: Request): Promise<unknown> {
  const text = await request.clone().text();
  if (text === '') return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/** Content types whose body is replayed in pieces: SSE, and AWS's binary event stream. */
const STREAMED_TYPE = /text\/event-stream|application\/vnd\.amazon\.eventstream/i;

/**
 * The recorded response as a fresh Response; a new stream each time, so it can be replayed. A
 * body the HAR stored base64-encoded goes out as its bytes, byte for byte.
 */
export function replay(
  exchange: RecordedExchange,
  options: RecordedHandlersOptions = {},
): Response {
  const { status, statusText, mimeType, text, bytes } = exchange.response;
  if (status === 0) return Response.error();
  const headers = new Headers();
  for (const [name, value] of exchange.response.headers) {
    // A redacted value carries nothing, and a redacted set-cookie would break msw's cookie jar.
    if (STALE_HEADERS.has(name.toLowerCase()) || name.startsWith(':') || value === REDACTED)
      continue;
    headers.append(name, value);
  }
  if (!headers.has('content-type') && mimeType !== '') headers.set('content-type', mimeType);
  const isStream = STREAMED_TYPE.test(headers.get('content-type') ?? '');
  const body = isStream
    ? chunkedStream(bodyChunks(bytes ?? text, options.chunking), options.chunkDelayMs)
    : status === 204 || status === 205 || status === 304 || exchange.request.method === 'HEAD'
      ? null
      : (bytes ?? text);
  return new Response(body, { status, statusText, headers });
}

/**
 * Writing HAR 1.2: an entry for one exchange, and the document around entries. Pure. The
 * recorder writes through these, and so can anything else that makes recordings (the fixture
 * builder), so every recording has one shape and goes through one redaction.
 */
import {
  type RedactHeaderOptions,
  redact,
  redactEventStream,
  redactHeaders,
  redactSse,
  redactUrl,
} from './redact.js';

/**
 * The phases of an exchange in milliseconds, as HAR 1.2 `timings` holds them; `-1` says a phase
 * does not apply. Only the phases given are written, in HAR's order.
 *
 * @example
 * const timings: HarTimings = { blocked: -1, dns: -1, connect: -1, send: 0.4, wait: 812.3, receive: 1.2, ssl: -1 };
 */
export interface HarTimings {
  blocked?: number;
  dns?: number;
  connect?: number;
  send: number;
  wait: number;
  receive: number;
  /** Already counted in `connect`, so not added to the entry's `time`. */
  ssl?: number;
}

/**
 * One exchange as it crossed the network: what {@link harEntry} writes. Headers are
 * `[name, value]` pairs, as `readHar` reads them back.
 *
 * @example
 * const exchange: NetworkExchange = {
 *   startedAt: new Date(),
 *   request: { method: 'POST', url: 'https://api.openai.com/v1/responses', headers: [['content-type', 'application/json']], text: '{}' },
 *   response: { status: 200, statusText: 'OK', headers: [['content-type', 'application/json']], text: '{}' },
 *   timings: { send: 0, wait: 840, receive: 0 },
 * };
 */
export interface NetworkExchange {
  /** When the request started; a text is written as given (an ISO 8601 date). */
  startedAt: Date | string;
  request: {
    method: string;
    url: string;
    headers: ReadonlyArray<readonly [string, string]>;
    /** The body as sent; an empty or absent body writes no `postData`. */
    text?: string;
    /** The body's type (default: the `content-type` header, else `application/octet-stream`). */
    mimeType?: string;
  };
  response: {
    status: number;
    statusText: string;
    headers: ReadonlyArray<readonly [string, string]>;
    /** The body as text, decoded; a stream's whole SSE text. */
    text: string;
    /**
     * The body's bytes, for a binary body (Bedrock's `application/vnd.amazon.eventstream`):
     * written base64-encoded (`content.encoding: "base64"`) in place of `text`, so `readHar`
     * gives them back as `response.bytes`. An AWS event stream's JSON payloads are redacted as
     * a stream's are (see `redactEventStream`: each changed message is encoded again, checksums
     * and all); any other binary body is written byte for byte, unredacted.
     *
     * @example
     * const response = { status: 200, statusText: 'OK', headers: [], text: '', bytes: bedrockEventStream(events) };
     */
    bytes?: Uint8Array;
    /** The body's type (default: the `content-type` header, else `x-unknown`). */
    mimeType?: string;
    /**
     * The body's size on the wire in bytes (default `-1`, unknown: `text` is the decoded body,
     * and the wire may have carried it compressed).
     */
    bodySize?: number;
    /** A note on the response, written as `response.comment`. */
    comment?: string;
  };
  timings: HarTimings;
  /** A note on the exchange, written as the entry's `comment`. */
  comment?: string;
}

export interface HarEntryOptions {
  /**
   * How to redact before writing: more header names and patterns than the built-in ones, or
   * `false` for an exchange known to hold no secret (a generated one). Default: the built-in rules.
   */
  redaction?: RedactHeaderOptions | false;
}

/** One HAR 1.2 entry as {@link harEntry} writes it. */
export interface HarEntry {
  startedDateTime: string;
  time: number;
  request: {
    method: string;
    url: string;
    httpVersion: string;
    cookies: never[];
    headers: Array<{ name: string; value: string }>;
    queryString: Array<{ name: string; value: string }>;
    postData?: { mimeType: string; text: string };
    headersSize: number;
    bodySize: number;
  };
  response: {
    status: number;
    statusText: string;
    httpVersion: string;
    cookies: never[];
    headers: Array<{ name: string; value: string }>;
    /** `encoding: 'base64'` when `text` holds a binary body's bytes base64-encoded. */
    content: { size: number; mimeType: string; text: string; encoding?: 'base64' };
    redirectURL: string;
    headersSize: number;
    bodySize: number;
    comment?: string;
  };
  cache: Record<string, never>;
  timings: HarTimings;
  comment?: string;
}

/** A HAR 1.2 document as {@link harDocument} writes it. */
export interface HarLog {
  log: {
    version: '1.2';
    creator: { name: string; version: string };
    entries: HarEntry[];
    comment?: string;
  };
}

/**
 * The HAR 1.2 entry for an exchange, redacted first (see `redact`, `redactUrl`, `redactHeaders`;
 * a streamed body through `redactSse`, which also finds a key the stream split across events).
 * Everything taken from the exchange's text is redacted: URL, headers, bodies, types, comments.
 * The entry's `time` is the sum of the phases that apply, to the microsecond. Pure.
 *
 * @example
 * const entry = harEntry(exchange, { redaction: { patterns: [/acct_[a-z0-9]+/g] } });
 * entry.timings; // { send: 0, wait: 840, receive: 0 }
 */
export function harEntry(exchange: NetworkExchange, options: HarEntryOptions = {}): HarEntry {
  const { redaction = {} } = options;
  const clean = (text: string) => (redaction === false ? text : redact(text, redaction));
  const { request, response } = exchange;
  const cleanHeaders = (headers: ReadonlyArray<readonly [string, string]>) =>
    redaction === false
      ? headers.map(([name, value]): [string, string] => [name, value])
      : redactHeaders(headers, redaction);
  const url = redaction === false ? request.url : redactUrl(request.url, redaction);
  const requestHeaders = cleanHeaders(request.headers);
  const responseHeaders = cleanHeaders(response.headers);
  const requestText = clean(request.text ?? '');
  const requestType =
    request.mimeType === undefined
      ? headerValue(requestHeaders, 'content-type')
      : clean(request.mimeType);
  const responseType =
    response.mimeType === undefined
      ? headerValue(responseHeaders, 'content-type')
      : clean(response.mimeType);
  const responseBytes =
    response.bytes !== undefined &&
    redaction !== false &&
    /application\/vnd\.amazon\.eventstream/i.test(responseType ?? '')
      ? redactEventStream(response.bytes, redaction)
      : response.bytes;
  // A streamed key arrives a few characters per event; only redactSse sees it whole.
  const responseText =
    redaction !== false && /text\/event-stream/i.test(responseType ?? '')
      ? redactSse(response.text, redaction)
      : clean(response.text);
  return {
    startedDateTime:
      typeof exchange.startedAt === 'string'
        ? exchange.startedAt
        : exchange.startedAt.toISOString(),
    time: totalTime(exchange.timings),
    request: {
      method: request.method,
      url,
      httpVersion: 'HTTP/1.1',
      cookies: [],
      headers: requestHeaders.map(([name, value]) => ({ name, value })),
      queryString: [...new URL(url).searchParams].map(([name, value]) => ({ name, value })),
      ...(requestText === ''
        ? {}
        : {
            postData: { mimeType: requestType ?? 'application/octet-stream', text: requestText },
          }),
      headersSize: -1,
      bodySize: byteLength(requestText),
    },
    response: {
      status: response.status,
      statusText: response.statusText,
      httpVersion: 'HTTP/1.1',
      cookies: [],
      headers: responseHeaders.map(([name, value]) => ({ name, value })),
      content:
        responseBytes === undefined
          ? {
              size: byteLength(responseText),
              mimeType: responseType ?? 'x-unknown',
              text: responseText,
            }
          : {
              size: responseBytes.byteLength,
              mimeType: responseType ?? 'x-unknown',
              text: Buffer.from(responseBytes).toString('base64'),
              encoding: 'base64',
            },
      redirectURL: '',
      headersSize: -1,
      bodySize: response.bodySize ?? -1,
      ...(response.comment === undefined ? {} : { comment: clean(response.comment) }),
    },
    cache: {},
    timings: harTimings(exchange.timings),
    ...(exchange.comment === undefined ? {} : { comment: clean(exchange.comment) }),
  };
}

/**
 * A HAR 1.2 document around the entries, naming what wrote it. Pure.
 *
 * @example
 * JSON.stringify(harDocument(entries, { creator: { name: 'tool-call-health', version: '0.1.0' } }), null, 2);
 */
export function harDocument(
  entries: readonly HarEntry[],
  options: { creator: { name: string; version: string }; comment?: string },
): HarLog {
  return {
    log: {
      version: '1.2',
      creator: options.creator,
      entries: [...entries],
      ...(options.comment === undefined ? {} : { comment: options.comment }),
    },
  };
}

const PHASES = ['blocked', 'dns', 'connect', 'send', 'wait', 'receive', 'ssl'] as const;

/** The phases given, in HAR's order, so a written file reads the same whoever built the entry. */
function harTimings(timings: HarTimings): HarTimings {
  const written: Partial<Record<(typeof PHASES)[number], number>> = {};
  for (const phase of PHASES) {
    const value = timings[phase];
    if (value !== undefined) written[phase] = value;
  }
  return written as HarTimings;
}

/** HAR's `time`: the phases that apply (not `-1`), `ssl` aside since `connect` holds it. */
function totalTime(timings: HarTimings): number {
  let total = 0;
  for (const phase of PHASES) {
    const value = timings[phase];
    if (phase !== 'ssl' && value !== undefined && value >= 0) total += value;
  }
  // Sums of fractional milliseconds carry float noise; HAR tools show microseconds at most.
  return Math.round(total * 1000) / 1000;
}

function byteLength(text: string): number {
  return new TextEncoder().encode(text).length;
}

function headerValue(headers: ReadonlyArray<[string, string]>, name: string): string | undefined {
  return headers.find(([key]) => key.toLowerCase() === name)?.[1];
}

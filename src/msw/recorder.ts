/**
 * Recording live exchanges to a HAR 1.2 file, from msw's life-cycle events on the user's own
 * server. Everything is redacted as it is captured, so no secret is kept even in memory.
 */

import { readFileSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import type { RedactHeaderOptions } from '../har/redact.js';
import { type HarEntry, harDocument, harEntry } from '../har/write.js';

/** The request part of a life-cycle event (msw 2 passes a plain object, msw 3 an event). */
export interface RequestLifeCycleEvent {
  request: Request;
  requestId: string;
}

/** The response part of a life-cycle event. */
export interface ResponseLifeCycleEvent extends RequestLifeCycleEvent {
  response: Response;
}

/** What the recorder needs of a msw server: its `events`. `setupServer()` of msw 2 and 3 has them. */
export interface LifeCycleEventSource {
  events: {
    on(type: 'request:start', listener: (event: RequestLifeCycleEvent) => void): unknown;
    on(
      type: 'response:bypass' | 'response:mocked',
      listener: (event: ResponseLifeCycleEvent) => void,
    ): unknown;
    removeListener(
      type: 'request:start',
      listener: (event: RequestLifeCycleEvent) => void,
    ): unknown;
    removeListener(
      type: 'response:bypass' | 'response:mocked',
      listener: (event: ResponseLifeCycleEvent) => void,
    ): unknown;
  };
}

export interface RecordToOptions {
  /** Your msw server (`setupServer(...)`); the recorder listens to its events and adds no handler. */
  server: LifeCycleEventSource;
  /** Which requests to record (default: every request that reached the network). */
  include?: (request: Request) => boolean;
  /** More header names whose values are secrets, besides the built-in ones. */
  redactHeaders?: readonly string[];
  /** More patterns to replace with `[REDACTED]` in URLs, headers and bodies. */
  redactPatterns?: readonly RegExp[];
}

export interface Recorder {
  /** The file {@link Recorder.save} writes. */
  readonly path: string;
  /** Exchanges captured so far; a streamed body may still be arriving. */
  readonly count: number;
  /**
   * Waits for every captured body to finish (a stream to its last byte), then writes the HAR
   * file, creating its folder. Can be called again; each call writes everything captured so far.
   */
  save(): Promise<{ path: string; entries: number }>;
  /** Stops listening to the server's events; what was captured can still be saved. */
  stop(): void;
}

/**
 * Records the exchanges that msw lets through to the network (a handler returned
 * `passthrough()`, or nothing handled the request and your unhandled-request policy allowed it) and
 * writes them as a HAR 1.2 file on {@link Recorder.save}. Listens to `request:start` and
 * `response:bypass` on your server, so your handlers and policy stay as they are. Mocked
 * responses are not recorded.
 *
 * Redacted before anything is kept: the values of `authorization`, `x-api-key`, `api-key`,
 * `x-goog-api-key`, `openai-organization`, `openai-project`, `anthropic-organization-id`,
 * `x-amz-security-token` (with `authorization`, all of AWS SigV4's secrets; `x-amz-date` is kept),
 * `proxy-authorization`, `cookie` and `set-cookie` (request and response), and key-shaped
 * strings anywhere in URLs, headers and bodies: `sk-…`, `sk-proj-…`, `sk-ant-…`, `AIza…`,
 * `Bearer …`; in a streamed SSE body also a key the stream split across events (see `redactSse`). A streamed body is recorded whole; one that
 * ended with an error is recorded as far as it got, with the error in the entry's `comment`.
 *
 * @example
 * const server = setupServer(http.all('https://api.openai.com/*', () => passthrough()));
 * server.listen({ onUnhandledRequest: 'error' }); // msw 3: { onUnhandledFrame: 'error' }
 * const recorder = recordTo('fixtures/new.har', { server });
 * await client.responses.create({ model: 'gpt-5', input: 'Charge acct_9 $12', tools });
 * await recorder.save();
 */
export function recordTo(path: string, options: RecordToOptions): Recorder {
  const { server } = options;
  const redaction = { headers: options.redactHeaders, patterns: options.redactPatterns };
  const started = new Map<string, { at: Date; order: number }>();
  const captured: Array<{ order: number; entry: HarEntry }> = [];
  const pending = new Set<Promise<void>>();
  let order = 0;

  const onRequest = ({ request, requestId }: RequestLifeCycleEvent) => {
    if (options.include && !options.include(request)) return;
    started.set(requestId, { at: new Date(), order: order++ });
  };
  const onBypass = ({ request, requestId, response }: ResponseLifeCycleEvent) => {
    const start = started.get(requestId);
    if (start === undefined) return;
    started.delete(requestId);
    const capture = captureExchange(request, response, start.at)
      .then((exchange) => {
        captured.push({ order: start.order, entry: recordedEntry(exchange, redaction) });
      })
      .finally(() => pending.delete(capture));
    pending.add(capture);
  };
  // A mocked response is not recorded; forgetting its start keeps a long run from piling them up.
  const onMocked = ({ requestId }: ResponseLifeCycleEvent) => {
    started.delete(requestId);
  };
  server.events.on('request:start', onRequest);
  server.events.on('response:bypass', onBypass);
  server.events.on('response:mocked', onMocked);

  return {
    path,
    get count() {
      return captured.length + pending.size;
    },
    async save() {
      while (pending.size > 0) await Promise.all(pending);
      const entries = [...captured].sort((a, b) => a.order - b.order).map(({ entry }) => entry);
      await mkdir(dirname(path), { recursive: true });
      const har = harDocument(entries, {
        creator: { name: 'tool-call-health', version: ownVersion() },
      });
      await writeFile(path, `${JSON.stringify(har, null, 2)}\n`);
      return { path, entries: entries.length };
    },
    stop() {
      server.events.removeListener('request:start', onRequest);
      server.events.removeListener('response:bypass', onBypass);
      server.events.removeListener('response:mocked', onMocked);
    },
  };
}

/** An exchange as it crossed the network, before redaction. */
export interface CapturedExchange {
  startedAt: Date;
  /** Milliseconds from the request's start to the response body's last byte. */
  time: number;
  request: { method: string; url: string; headers: Array<[string, string]>; text: string };
  response: {
    status: number;
    statusText: string;
    headers: Array<[string, string]>;
    /** The body as text; `''` for a binary body, which is in `bytes`. */
    text: string;
    /** A binary body's bytes (an AWS event stream, a body that is not UTF-8). */
    bytes?: Uint8Array;
    /** Why the body stopped early, when it did. */
    error?: string;
  };
}

async function captureExchange(
  request: Request,
  response: Response,
  startedAt: Date,
): Promise<CapturedExchange> {
  const requestText = await readText(request).catch(() => '');
  const body = await readBody(response);
  return {
    startedAt,
    time: Date.now() - startedAt.getTime(),
    request: {
      method: request.method,
      url: request.url,
      headers: [...request.headers],
      text: requestText,
    },
    response: {
      status: response.status,
      statusText: response.statusText,
      headers: [...response.headers],
      text: body.text,
      ...(body.bytes === undefined ? {} : { bytes: body.bytes }),
      ...(body.error === undefined ? {} : { error: body.error }),
    },
  };
}

/** msw hands listeners copies; reading a further clone leaves them for any other listener. */
function readText(message: Request): Promise<string> {
  return message.bodyUsed ? Promise.resolve('') : message.clone().text();
}

/** Content types that are bytes, not text, whatever bytes they hold. */
const BINARY_TYPE = /application\/(?:vnd\.amazon\.eventstream|octet-stream)/i;

/**
 * The whole body, or as much as arrived before the stream failed: as text, or as bytes when it
 * is binary (its content type says so, or it is not UTF-8), so an AWS event stream is kept whole.
 */
async function readBody(
  response: Response,
): Promise<{ text: string; bytes?: Uint8Array; error?: string }> {
  if (response.body === null || response.bodyUsed) return { text: '' };
  const reader = response.clone().body?.getReader();
  if (reader === undefined) return { text: '' };
  const chunks: Uint8Array[] = [];
  let error: string | undefined;
  try {
    for (let read = await reader.read(); !read.done; read = await reader.read()) {
      chunks.push(read.value);
    }
  } catch (caught) {
    error = caught instanceof Error ? caught.message : String(caught);
  }
  const bytes = new Uint8Array(chunks.reduce((sum, chunk) => sum + chunk.length, 0));
  let at = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, at);
    at += chunk.length;
  }
  const body = asText(bytes, response.headers.get('content-type') ?? '');
  return error === undefined ? body : { ...body, error };
}

function asText(bytes: Uint8Array, contentType: string): { text: string; bytes?: Uint8Array } {
  if (BINARY_TYPE.test(contentType)) return { text: '', bytes };
  try {
    return { text: new TextDecoder('utf-8', { fatal: true }).decode(bytes) };
  } catch {
    return { text: '', bytes };
  }
}

/**
 * The HAR 1.2 entry for a captured exchange, redacted (see `harEntry`). The recorder sees only
 * when the request started and when the body's last byte came, so all of it is written as `wait`.
 * A body that broke off says why in the entry's `comment`. Pure.
 *
 * @example
 * recordedEntry(exchange, { headers: ['x-proxy-key'] }).timings; // { send: 0, wait: 840, receive: 0 }
 */
export function recordedEntry(
  exchange: CapturedExchange,
  redaction: RedactHeaderOptions = {},
): HarEntry {
  const { error, ...response } = exchange.response;
  return harEntry(
    {
      startedAt: exchange.startedAt,
      request: exchange.request,
      response,
      timings: { send: 0, wait: exchange.time, receive: 0 },
      ...(error === undefined
        ? {}
        : { comment: `the response body ended with an error: ${error}` }),
    },
    { redaction },
  );
}

/** This package's version, for the HAR `creator`; the same relative path from src/ and dist/. */
function ownVersion(): string {
  try {
    const manifest: unknown = JSON.parse(
      readFileSync(new URL('../../package.json', import.meta.url), 'utf8'),
    );
    const version =
      typeof manifest === 'object' && manifest !== null
        ? Reflect.get(manifest, 'version')
        : undefined;
    return typeof version === 'string' ? version : 'unknown';
  } catch {
    return 'unknown';
  }
}

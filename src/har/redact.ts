/**
 * Redaction for recordings: secrets are replaced before an exchange is kept in memory, so a
 * recording that reaches disk (or a test failure message) never carries them.
 */
import {
  decodeEventStreamMessage,
  type EventStreamMessage,
  encodeEventStreamMessage,
  joinBytes,
} from '../stream/event-stream-codec.js';
import { eventStreamMessages, sseEvents } from './sse.js';

/** What every secret is replaced with. */
export const REDACTED = '[REDACTED]';

/**
 * Headers whose values are always secrets (or identify an account), compared case-insensitively.
 * `openai-organization` and `anthropic-organization-id` come back on responses too. AWS SigV4
 * signs in `authorization` (its access key id and signature) and sends temporary credentials'
 * session token as `x-amz-security-token`; `x-amz-date` is only the signing time, and is kept.
 */
export const SECRET_HEADERS: readonly string[] = [
  'authorization',
  'proxy-authorization',
  'x-api-key',
  'api-key',
  'x-goog-api-key',
  'openai-organization',
  'openai-project',
  'anthropic-organization-id',
  'x-amz-security-token',
  'cookie',
  'set-cookie',
];

/**
 * Key-shaped strings, wherever they appear (URLs, query strings, bodies, streamed events).
 * The look-behinds keep words such as `task-manager-…` from being read as an `sk-` key.
 */
export const KEY_PATTERNS: readonly RegExp[] = [
  // OpenAI (sk-…, sk-proj-…, sk-svcacct-…) and Anthropic (sk-ant-…) keys.
  /(?<![A-Za-z0-9_-])sk-[A-Za-z0-9_-]{12,}/g,
  // Google API keys: "AIza" and 35 more characters; a shorter tail is still treated as a key.
  /(?<![A-Za-z0-9_-])AIza[0-9A-Za-z_-]{20,}/g,
];

/** A bearer token: the scheme is kept so the recording still says how the request authenticated. */
// Token-shaped (16+ characters), so prose such as "Bearer of bad news" is left alone.
const BEARER_TOKEN = /(?<=\bBearer\s+)[A-Za-z0-9._~+/=-]{16,}/gi;

/**
 * A pattern that starts with a look-behind is tried at every position of a text (9.5 µs on a
 * 1.2 KB audit report line); most texts never say "bearer", and this finds that out first.
 */
const MENTIONS_BEARER = /bearer/i;

export interface RedactOptions {
  /** More patterns to replace, e.g. `/acct_[a-z0-9]+/g`; a pattern without the `g` flag is made global. */
  patterns?: readonly RegExp[];
}

export interface RedactHeaderOptions extends RedactOptions {
  /** More header names whose whole value is a secret, compared case-insensitively. */
  headers?: readonly string[];
}

/**
 * Replaces every key-shaped string in `text` with `[REDACTED]`: `sk-…`, `sk-proj-…`,
 * `sk-ant-…`, Google `AIza…` keys, and bearer tokens (`Bearer [REDACTED]`), plus any
 * `options.patterns`. Pure; the rest of the text is left byte for byte as it was.
 *
 * @example
 * redact('{"note":"my key is sk-proj-abc123def456ghi789"}');
 * // '{"note":"my key is [REDACTED]"}'
 */
export function redact(text: string, options: RedactOptions = {}): string {
  let out = MENTIONS_BEARER.test(text) ? text.replace(BEARER_TOKEN, REDACTED) : text;
  for (const pattern of KEY_PATTERNS) out = out.replace(pattern, REDACTED);
  for (const pattern of options.patterns ?? []) out = out.replace(globally(pattern), REDACTED);
  return out;
}

/**
 * The key-shaped strings {@link redact} replaces in `text`, in order: to count what was found
 * without keeping the text.
 *
 * @example
 * secretsFoundIn('a sk-proj-abc123def456ghi789 and Bearer abcdefghijklmnop1234'); // ['abcdefghijklmnop1234', 'sk-proj-abc123def456ghi789']
 */
export function secretsFoundIn(text: string): string[] {
  const found: string[] = [];
  if (MENTIONS_BEARER.test(text))
    for (const [token] of text.matchAll(BEARER_TOKEN)) found.push(token);
  for (const pattern of KEY_PATTERNS) for (const [key] of text.matchAll(pattern)) found.push(key);
  return found;
}

/**
 * {@link redact} for a server-sent-event body, which also finds a secret the stream split across
 * events: a model echoing a key streams it a few characters per delta, and no single event holds
 * a key-shaped string. The string values at each JSON path (`choices.0.delta.content`,
 * `delta.partial_json`, ...) are read as one text across the events; a secret found there is
 * replaced by `[REDACTED]` in the event where it starts and removed from the events it runs on
 * into. Only events that held part of a secret are re-serialised. Pure.
 *
 * @example
 * redactSse('data: {"delta":"key sk-proj-abc"}\n\ndata: {"delta":"def123456789"}\n\n');
 * // 'data: {"delta":"key [REDACTED]"}\n\ndata: {"delta":""}\n\n'
 */
export function redactSse(text: string, options: RedactOptions = {}): string {
  const events = sseEvents(text).map(parseEvent);
  const channels = new Map<string, StringLeaf[]>();
  for (const [index, event] of events.entries()) {
    if (event.data === undefined) continue;
    for (const leaf of stringLeaves(event.data, [], index)) {
      const channel = leaf.path.join('.');
      const leaves = channels.get(channel);
      if (leaves === undefined) channels.set(channel, [leaf]);
      else leaves.push(leaf);
    }
  }
  const changed = new Set<number>();
  for (const leaves of channels.values()) {
    for (const leaf of redactAcross(leaves, patternsOf(options))) changed.add(leaf.event);
  }
  return events
    .map((event, index) =>
      changed.has(index) && event.data !== undefined ? event.rewrite(event.data) : event.raw,
    )
    .map((event) => redact(event, options))
    .join('');
}

const textEncoder = new TextEncoder();
const textDecoder = new TextDecoder();

/**
 * {@link redactSse} for a binary AWS event stream (`application/vnd.amazon.eventstream`, what
 * Bedrock's ConverseStream sends): each message's JSON payload is read as one event of a stream,
 * so a secret the model streamed across events is found too, and a message that held part of one
 * is encoded again around its redacted payload, with new lengths and checksums, its headers kept.
 * Every other byte is kept as it was: messages that held no secret, and bytes that are not a
 * whole message (a cut stream's last piece). Pure.
 *
 * @example
 * const clean = redactEventStream(bedrockEventStream(events));
 * reassembleStream(clean).state; // as before: only the payloads that held a key changed
 */
export function redactEventStream(bytes: Uint8Array, options: RedactOptions = {}): Uint8Array {
  const pieces = eventStreamMessages(bytes).map((piece) => ({ piece, message: decoded(piece) }));
  // One line of SSE per message whose payload is one line, so redactSse reads them as a stream.
  const lines = pieces.map(({ message }) => {
    const text = message === undefined ? undefined : textDecoder.decode(message.body);
    return text === undefined || /[\r\n]/.test(text) ? undefined : `data: ${text}\n\n`;
  });
  const redacted = sseEvents(
    redactSse(lines.filter((line) => line !== undefined).join(''), options),
  );
  let next = 0;
  const out = pieces.map(({ piece, message }, index) => {
    const line = lines[index];
    if (message === undefined) return piece;
    let body: string;
    if (line === undefined) {
      const text = textDecoder.decode(message.body);
      body = redact(text, options);
      if (body === text) return piece;
    } else {
      const clean = redacted[next] ?? line;
      next += 1;
      if (clean === line) return piece;
      body = clean.slice('data: '.length, -'\n\n'.length);
    }
    return encodeEventStreamMessage({ headers: message.headers, body: textEncoder.encode(body) });
  });
  if (out.every((piece, index) => piece === pieces[index]?.piece)) return bytes;
  return joinBytes(out);
}

/** A whole message, checksums holding; `undefined` for bytes that are not one. */
function decoded(piece: Uint8Array): EventStreamMessage | undefined {
  const result = decodeEventStreamMessage(piece);
  return result.ok ? result.message : undefined;
}

/** Query parameters that carry credentials by name, whatever their value looks like. */
export const SECRET_QUERY_PARAMETERS: readonly string[] = [
  'key',
  'api_key',
  'apikey',
  'api-key',
  'access_token',
  'token',
  'sig',
  'signature',
  'password',
  // A SigV4 presigned URL signs in its query.
  'x-amz-security-token',
  'x-amz-signature',
  'x-amz-credential',
];

/**
 * {@link redact} for a URL, which also blanks the value of every query parameter named in
 * {@link SECRET_QUERY_PARAMETERS} (Gemini's `?key=` among them). Pure.
 *
 * @example
 * redactUrl('https://x.test/v1beta/models/m:generateContent?key=abc&alt=sse');
 * // 'https://x.test/v1beta/models/m:generateContent?key=[REDACTED]&alt=sse'
 */
export function redactUrl(url: string, options: RedactOptions = {}): string {
  const secret = new Set(SECRET_QUERY_PARAMETERS);
  const withoutSecrets = url.replace(/([?&])([^=&#]+)=([^&#]*)/g, (whole, lead, name) =>
    secret.has(decodeURIComponentSafe(name).toLowerCase()) ? `${lead}${name}=${REDACTED}` : whole,
  );
  return redact(withoutSecrets, options);
}

function decodeURIComponentSafe(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

/**
 * Redacts a list of headers: the whole value of a secret header (see {@link SECRET_HEADERS},
 * plus `options.headers`) becomes `[REDACTED]`, and every other value goes through
 * {@link redact}. Names and order are kept.
 *
 * @example
 * redactHeaders([['Authorization', 'Bearer sk-…'], ['content-type', 'application/json']]);
 * // [['Authorization', '[REDACTED]'], ['content-type', 'application/json']]
 */
export function redactHeaders(
  headers: ReadonlyArray<readonly [string, string]>,
  options: RedactHeaderOptions = {},
): Array<[string, string]> {
  const secret = new Set(
    [...SECRET_HEADERS, ...(options.headers ?? [])].map((name) => name.toLowerCase()),
  );
  return headers.map(([name, value]) => [
    name,
    secret.has(name.toLowerCase()) ? REDACTED : redact(value, options),
  ]);
}

function patternsOf(options: RedactOptions): RegExp[] {
  return [BEARER_TOKEN, ...KEY_PATTERNS, ...(options.patterns ?? []).map(globally)];
}

/** `String.replace` with a non-global pattern replaces only the first match; a secret can repeat. */
function globally(pattern: RegExp): RegExp {
  return pattern.global ? pattern : new RegExp(pattern.source, `${pattern.flags}g`);
}

interface ParsedEvent {
  raw: string;
  /** The parsed JSON of the event's data, when it has one data line holding JSON. */
  data?: unknown;
  /** The event written again around changed data, its other lines and ending kept. */
  rewrite: (data: unknown) => string;
}

function parseEvent(raw: string): ParsedEvent {
  const lines = raw.split(/(?<=\r\n|\n|\r)/);
  const dataLines = lines.filter((line) => line.startsWith('data:'));
  const unchanged = { raw, rewrite: () => raw };
  const [dataLine] = dataLines;
  if (dataLines.length !== 1 || dataLine === undefined) return unchanged;
  const ending = /(\r\n|\n|\r)$/.exec(dataLine)?.[0] ?? '';
  const payload = dataLine.slice('data:'.length, dataLine.length - ending.length);
  const space = payload.startsWith(' ') ? ' ' : '';
  try {
    const data: unknown = JSON.parse(payload);
    return {
      raw,
      data,
      rewrite: (changed) =>
        lines
          .map((line) =>
            line === dataLine ? `data:${space}${JSON.stringify(changed)}${ending}` : line,
          )
          .join(''),
    };
  } catch {
    return unchanged;
  }
}

interface StringLeaf {
  event: number;
  path: string[];
  /** The object holding the string, and its key, so a redaction can be written back. */
  holder: Record<string, unknown> | unknown[];
  key: string | number;
  value: string;
}

function stringLeaves(value: unknown, path: string[], event: number): StringLeaf[] {
  if (Array.isArray(value)) {
    return value.flatMap((item, index) =>
      typeof item === 'string'
        ? [{ event, path: [...path, String(index)], holder: value, key: index, value: item }]
        : stringLeaves(item, [...path, String(index)], event),
    );
  }
  if (typeof value !== 'object' || value === null) return [];
  const record = value as Record<string, unknown>;
  return Object.entries(record).flatMap(([key, item]) =>
    typeof item === 'string'
      ? [{ event, path: [...path, key], holder: record, key, value: item }]
      : stringLeaves(item, [...path, key], event),
  );
}

/**
 * Finds secrets in the leaves' joined text and blanks them out of each leaf they touch: the
 * leaf where one starts gets `[REDACTED]`, later leaves lose their part. Returns changed leaves.
 */
function redactAcross(leaves: StringLeaf[], patterns: RegExp[]): StringLeaf[] {
  const joined = leaves.map((leaf) => leaf.value).join('');
  const found: Array<[number, number]> = [];
  for (const pattern of patterns) {
    for (const match of joined.matchAll(pattern)) {
      found.push([match.index, match.index + match[0].length]);
    }
  }
  if (found.length === 0) return [];
  // Sorted and merged, the spans are walked once alongside the leaves: linear in the stream.
  found.sort((a, b) => a[0] - b[0]);
  const spans: Array<[number, number]> = [];
  for (const [from, to] of found) {
    const last = spans.at(-1);
    if (last !== undefined && from <= last[1]) last[1] = Math.max(last[1], to);
    else spans.push([from, to]);
  }
  const changed: StringLeaf[] = [];
  let next = 0;
  let offset = 0;
  for (const leaf of leaves) {
    const start = offset;
    const end = offset + leaf.value.length;
    offset = end;
    while (next < spans.length && (spans[next]?.[1] ?? 0) <= start) next += 1;
    if (next >= spans.length || (spans[next]?.[0] ?? end) >= end) continue;
    let value = '';
    let at = start;
    for (let index = next; at < end; index += 1) {
      const span = spans[index];
      if (span === undefined || span[0] >= end) {
        value += leaf.value.slice(at - start);
        break;
      }
      if (at < span[0]) value += leaf.value.slice(at - start, span[0] - start);
      // The replacement goes where the secret starts; its other pieces are dropped.
      if (span[0] >= start) value += REDACTED;
      at = Math.min(span[1], end);
    }
    if (Array.isArray(leaf.holder)) leaf.holder[leaf.key as number] = value;
    else leaf.holder[leaf.key] = value;
    changed.push(leaf);
  }
  return changed;
}

/**
 * Which recording answers a request: pure functions over paths and parsed bodies, so the rules
 * can be tested without a server.
 */
import { isRecord } from '../model/narrow.js';

/**
 * The request body fields that identify a recording. Others (temperature, max_tokens, tools,
 * metadata, ...) are ignored, so a test may tune them without re-recording.
 */
export const IDENTIFYING_FIELDS: readonly string[] = [
  'model',
  'input',
  'messages',
  'contents',
  'stream',
];

/** A path segment that starts a provider API: `v1`, `v2`, `v1beta`, `v1alpha`, `v1beta1`. */
const VERSION_SEGMENT = /^v\d+(?:(?:alpha|beta)\d*)?$/;

/**
 * The part of a recorded path that every base URL shares: from its first API version segment
 * (`/v1/chat/completions` out of `/proxy/openai/v1/chat/completions`), or the whole path when
 * it has none.
 *
 * @example
 * apiPath('/openai/v1/responses'); // '/v1/responses'
 * apiPath('/v1beta/models/gemini-2.5-flash:generateContent'); // unchanged
 */
export function apiPath(pathname: string): string {
  const segments = pathname.split('/');
  const start = segments.findIndex((segment) => VERSION_SEGMENT.test(segment));
  return start === -1 ? pathname : `/${segments.slice(start).join('/')}`;
}

/**
 * Whether a request path is the recorded one behind any base path: it ends with the recording's
 * {@link apiPath} at a segment boundary. The query string is not compared.
 *
 * @example
 * pathMatches('/v1/chat/completions', '/gateway/v1/chat/completions'); // true
 * pathMatches('/v1/chat/completions', '/v1/completions'); // false
 */
export function pathMatches(recordedPathname: string, requestPathname: string): boolean {
  const wanted = apiPath(recordedPathname);
  // A bare "/" would otherwise end every path that ends in a slash.
  if (wanted === '/' || wanted === '') return requestPathname === wanted;
  return requestPathname === wanted || requestPathname.endsWith(wanted);
}

/**
 * Why a request body does not match a recorded one: one line per identifying field that differs,
 * empty when it matches. A recorded body that is not a JSON object matches every request body.
 * `stream` absent counts as `false` on both sides: a JSON recording cannot answer a request that
 * expects a stream, nor the other way round.
 *
 * @example
 * bodyDifferences({ model: 'gpt-4.1', messages: [] }, { model: 'gpt-4o', messages: [] });
 * // ['model differs: recorded "gpt-4.1", sent "gpt-4o"']
 */
export function bodyDifferences(recorded: unknown, sent: unknown): string[] {
  if (!isRecord(recorded)) return [];
  const body = isRecord(sent) ? sent : {};
  const differences: string[] = [];
  for (const key of IDENTIFYING_FIELDS) {
    const isStream = key === 'stream';
    if (!Object.hasOwn(recorded, key) && !isStream) continue;
    const want = isStream ? (recorded[key] ?? false) : recorded[key];
    const got = isStream ? (body[key] ?? false) : body[key];
    if (!sameJson(want, got)) {
      differences.push(
        got === undefined
          ? `${key} is missing (recorded ${preview(want)})`
          : `${key} differs: recorded ${preview(want)}, sent ${preview(got)}`,
      );
    }
  }
  return differences;
}

/**
 * Deep equality of JSON values: object key order does not matter, array order does.
 *
 * @example
 * sameJson({ a: [1, { b: 2 }] }, { a: [1, { b: 2 }] }); // true
 */
export function sameJson(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (Array.isArray(a) || Array.isArray(b)) {
    return (
      Array.isArray(a) &&
      Array.isArray(b) &&
      a.length === b.length &&
      a.every((item, index) => sameJson(item, b[index]))
    );
  }
  if (!isRecord(a) || !isRecord(b)) return false;
  const keys = Object.keys(a).filter((key) => a[key] !== undefined);
  const otherKeys = Object.keys(b).filter((key) => b[key] !== undefined);
  return (
    keys.length === otherKeys.length &&
    keys.every((key) => Object.hasOwn(b, key) && sameJson(a[key], b[key]))
  );
}

function preview(value: unknown): string {
  const text = JSON.stringify(value) ?? String(value);
  return text.length > 80 ? `${text.slice(0, 77)}...` : text;
}

/**
 * Which recording answers a request: pure functions over paths and parsed bodies, so the rules
 * can be tested without a server.
 */
import { isRecord } from '../model/narrow.js';
import { type BodyDifference, jsonDifferences } from './body-diff.js';
import { type IgnoredPaths, ignoredPaths } from './ignored-paths.js';

/**
 * The request body fields that identify a recording. Others (temperature, max_tokens, tools,
 * metadata, ...) never stop a recording from answering, so a test may tune them without
 * re-recording; among recordings that may answer, the one that differs least in them does.
 * Bedrock Converse needs no field of its own: its model id is in the path
 * (`/model/{modelId}/converse`), which routes recordings apart before any body is compared, a
 * stream has its own path (`/converse-stream`, no `stream` field), and `messages` is compared.
 */
export const IDENTIFYING_FIELDS: readonly string[] = [
  'model',
  'input',
  'messages',
  'contents',
  'stream',
];

const IDENTIFYING: ReadonlySet<string> = new Set(IDENTIFYING_FIELDS);
const NOTHING_IGNORED: IgnoredPaths = ignoredPaths(undefined, '');

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
 * Why a request body does not match a recorded one: each leaf path of an identifying field that
 * differs (`messages[1].content`, `model`), empty when it matches. A field the recording lacks is
 * not compared, and a recorded body that is not a JSON object matches every request body.
 * `stream` absent counts as `false` on both sides: a JSON recording cannot answer a request that
 * expects a stream, nor the other way round. Ignored paths are compared on neither side.
 *
 * @example
 * bodyDifferences({ model: 'gpt-4.1', messages: [] }, { model: 'gpt-4o', messages: [] })
 *   .map(describeDifference);
 * // ['model: recorded "gpt-4.1", sent "gpt-4o"']
 */
export function bodyDifferences(
  recorded: unknown,
  sent: unknown,
  ignored: IgnoredPaths = NOTHING_IGNORED,
): BodyDifference[] {
  if (!isRecord(recorded)) return [];
  const body = isRecord(sent) ? sent : {};
  const differences: BodyDifference[] = [];
  for (const key of IDENTIFYING_FIELDS) {
    if (key === 'stream') {
      jsonDifferences(recorded[key] ?? false, body[key] ?? false, key, [ignored], differences);
    } else if (Object.hasOwn(recorded, key)) {
      jsonDifferences(recorded[key], body[key], key, [ignored], differences);
    }
  }
  return differences;
}

/**
 * The differences in the fields that do not identify a recording (temperature, max_tokens,
 * tools, ...): they never stop a recording from answering, but among recordings that may
 * answer, the one that differs least in them does.
 */
function otherDifferences(
  recorded: unknown,
  sent: unknown,
  ignored: IgnoredPaths,
): BodyDifference[] {
  if (!isRecord(recorded)) return [];
  const body = isRecord(sent) ? sent : {};
  const differences: BodyDifference[] = [];
  for (const key of new Set([...Object.keys(recorded), ...Object.keys(body)])) {
    if (IDENTIFYING.has(key)) continue;
    jsonDifferences(recorded[key], body[key], key, [ignored], differences);
  }
  return differences;
}

/**
 * How far a recording is from a request, to rank recordings: first the number of differing leaf
 * paths, then the characters that differ in them all. Fewer paths first because one changed
 * field is likelier the recording a test meant than two small changes; characters then tell
 * "twelve" for "twenty" from a rewritten prompt.
 */
interface Distance {
  paths: number;
  characters: number;
}

/** The {@link Distance} that a list of differences adds up to. */
function distanceOf(differences: readonly BodyDifference[]): Distance {
  let characters = 0;
  for (const difference of differences) characters += difference.size;
  return { paths: differences.length, characters };
}

function closer(a: Distance, b: Distance): boolean {
  return a.paths < b.paths || (a.paths === b.paths && a.characters < b.characters);
}

/**
 * Which recording answers a request: of those whose identifying fields match
 * ({@link bodyDifferences} is empty), the one whose other fields differ least by
 * {@link Distance}, the first in source order among equals. So a retry that changed only
 * `max_output_tokens` gets the recorded retry, and a test that tunes `temperature` still gets
 * its recording. `undefined` when none matches.
 *
 * @example
 * const recorded = [{ model: 'm', max_tokens: 16 }, { model: 'm', max_tokens: 64 }];
 * chooseRecording(recorded, { model: 'm', max_tokens: 64 }); // 1
 * chooseRecording(recorded, { model: 'm', max_tokens: 99 }); // 0 (equally far: the first)
 */
export function chooseRecording(
  recordedBodies: readonly unknown[],
  sent: unknown,
  ignored: IgnoredPaths = NOTHING_IGNORED,
): number | undefined {
  let chosen: number | undefined;
  let best: Distance | undefined;
  for (const [index, recorded] of recordedBodies.entries()) {
    if (bodyDifferences(recorded, sent, ignored).length > 0) continue;
    const distance = distanceOf(otherDifferences(recorded, sent, ignored));
    if (best === undefined || closer(distance, best)) {
      chosen = index;
      best = distance;
      if (distance.paths === 0) break;
    }
  }
  return chosen;
}

/**
 * Of recordings that do not match, the one nearest the request: fewest differing identifying
 * paths, then fewest differing characters ({@link Distance}), then the first.
 */
export function nearestRecording(candidates: readonly (readonly BodyDifference[])[]): number {
  let nearest = 0;
  let best: Distance | undefined;
  for (const [index, differences] of candidates.entries()) {
    const distance = distanceOf(differences);
    if (best === undefined || closer(distance, best)) {
      nearest = index;
      best = distance;
    }
  }
  return nearest;
}

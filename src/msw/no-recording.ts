/**
 * The answer recordedHandlers gives a request on a recorded path whose body no recording
 * matches: a 404 in the provider's own error shape, so the SDK in the test throws its own
 * not-found error with a message that names the nearest recording, how it differs, and the one
 * `ignore` list that would let it answer.
 */
import type { RecordedExchange } from '../har/read.js';
import { SURFACE_IDS } from '../registry/index.js';
import type { PayloadWriter } from '../surfaces/payload.js';
import { libraryMessage } from '../text/library-message.js';
import { formatPath } from '../text/path.js';
import { plural } from '../text/plural.js';
import { writerFor } from '../writers/index.js';
import { type BodyDifference, describeDifference } from './body-diff.js';
import { nearestRecording } from './match.js';
import { jsonResponse } from './responses.js';
import { suggestIgnore } from './suggest-ignore.js';

/** The error code a no-recording 404 carries where the provider's errors have one. */
export const NO_RECORDING = 'no_recording';

/** How many more differing paths the 404 names after the first (it counts them all). */
const OTHER_PATHS_SHOWN = 3;

/** What the 404 is about: the request, the recordings on its path and how each differs. */
export interface Unmatched {
  method: string;
  /** The recorded API path the request came to (`/v1/responses`). */
  path: string;
  /** The request body as sent, parsed. */
  sent: unknown;
  recorded: readonly RecordedExchange[];
  /** Each recording's differences from the request, in the recordings' order. */
  differences: readonly (readonly BodyDifference[])[];
  /** The `ignore` option as given. */
  ignore: readonly string[];
}

/**
 * The writer of the provider a recorded API path belongs to, asked of each surface's route
 * (`/v1/messages` is Anthropic's, `/model/…/converse` Bedrock's); `undefined` for a path none
 * claims (a recording of another endpoint).
 */
export function writerOfPath(path: string): PayloadWriter | undefined {
  return SURFACE_IDS.map(writerFor).find((writer) => writer.route.path.test(path));
}

/**
 * The 404 for a request no recording matches, in the error shape of the path's provider
 * (`writer`): the nearest recording (fewest differing identifying paths, then fewest differing
 * characters, then the first), its first differing path with both values around the change, the
 * others counted, and the `ignore` option that makes that recording answer, checked.
 */
export function noRecording(unmatched: Unmatched, writer: PayloadWriter | undefined): Response {
  const { method, path, recorded, differences, sent, ignore } = unmatched;
  const index = nearestRecording(differences);
  const nearest = differences[index] ?? [];
  const [first, ...others] = nearest;
  const lines = [
    `no recording matches ${method} ${path}; nearest: recording ${index + 1} of ${recorded.length} (${plural(nearest.length, 'field')} ${nearest.length === 1 ? 'differs' : 'differ'}) at ${recorded[index]?.at}`,
  ];
  if (first !== undefined) lines.push(`  ${describeDifference(first)}`);
  if (others.length > 0) {
    const shown = others.slice(0, OTHER_PATHS_SHOWN).map((other) => formatPath(other.path));
    if (others.length > OTHER_PATHS_SHOWN) shown.push('…');
    lines.push(`  and ${plural(others.length, 'other field')}: ${shown.join(', ')}`);
  }
  // None when `stream` differs: it cannot be ignored, a JSON recording cannot answer a stream.
  const suggestion =
    first === undefined ? undefined : suggestIgnore(recorded[index]?.request.body, sent, ignore);
  if (suggestion !== undefined) {
    const which = suggestion.length === 1 ? 'this field' : 'these fields';
    lines.push(`  if ${which} may vary, pass { ignore: [${suggestion.map(jsString).join(', ')}] }`);
  }
  const message = libraryMessage(lines.join('\n'));
  if (writer === undefined) {
    // No provider claims the path: a body the OpenAI SDK reads (`error.message`) and the
    // Anthropic SDK shows as it is (a top-level `message`).
    return jsonResponse(
      { message, error: { message, type: NO_RECORDING, param: null, code: NO_RECORDING } },
      404,
    );
  }
  const error = writer.error(NO_RECORDING, message, 'not-found');
  const response = jsonResponse(error.body, error.status);
  for (const [name, value] of Object.entries(error.headers)) response.headers.set(name, value);
  return response;
}

/** A path as a single-quoted JavaScript string, ready to paste into `ignore`. */
function jsString(text: string): string {
  return `'${text.replaceAll('\\', '\\\\').replaceAll("'", "\\'")}'`;
}

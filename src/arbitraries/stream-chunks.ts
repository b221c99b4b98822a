/**
 * A whole provider response written as the SSE stream that provider would have sent for it,
 * then cut into the chunks a network read might hand over.
 */
import fc from 'fast-check';
import type { WireSurfaceId } from '../model/model.js';
import { isRecord, type Json } from '../model/narrow.js';
import { responseSurface } from '../read/index.js';
import { SURFACE_IDS } from '../registry/index.js';
import { libraryMessage } from '../text/library-message.js';
import { writerFor } from '../writers/index.js';

/**
 * Options for {@link streamChunks}.
 *
 * @example
 * ```ts
 * const constraints: StreamChunksConstraints = { surface: 'openai-chat', maxChunks: 16 };
 * ```
 */
export interface StreamChunksConstraints {
  /** The surface to write the stream for; by default detected from the response. */
  surface?: WireSurfaceId;
  /** At most this many chunks (at least 1); 64 by default. */
  maxChunks?: number;
}

const MAX_DELTAS = 12;

/**
 * The given provider response (a non-streaming body, or an exchange `{ request, response }`)
 * written as the SSE stream its provider sends, cut into chunks at offsets fast-check chooses
 * (1-character chunks and cuts inside an event included), so `chunks.join('')` is always the
 * whole stream. Where the provider streams text or arguments as deltas, fast-check chooses the
 * split points too.
 *
 * - `openai-chat`: `data:` chunks with a role delta (carrying the first call's header when there
 *   is no text), `content` deltas, each tool call's header (`index`, `id`, name, empty
 *   `arguments`) then its `arguments` pieces, the `finish_reason` chunk, a `usage` chunk when the
 *   response has usage, and `data: [DONE]`.
 * - `openai-responses`: `event:`/`data:` pairs with `sequence_number`s: `response.created`,
 *   `response.in_progress`, per item `response.output_item.added`, argument or
 *   `response.output_text.delta` pieces and their `.done`, `response.output_item.done`, then
 *   `response.completed` (`.incomplete`, `.failed` by the status) carrying the response.
 * - `anthropic-messages`: `message_start`, per block `content_block_start` (the first followed
 *   by a `ping`), `text_delta` or
 *   `input_json_delta` pieces of `JSON.stringify(input)`, `content_block_stop`, then
 *   `message_delta` with the stop reason and usage, and `message_stop`.
 * - `gemini`: `data:` frames (CRLF-framed) with text pieces and whole `functionCall` parts; the
 *   last frame carries `finishReason` and the full `usageMetadata`.
 * - `bedrock-converse`: the ConverseStream events the AWS SDK yields, as JSON lines (one event a
 *   line; the wire's binary event stream is not text): `messageStart`, per block a
 *   `contentBlockStart` (toolUse only), `contentBlockDelta` pieces, `contentBlockStop`, then
 *   `messageStop` and `metadata`.
 *
 * Throws when the payload is no response of those surfaces.
 *
 * @example
 * ```ts
 * import fc from 'fast-check';
 * import { reassembleStream } from 'tool-call-health';
 * import { streamChunks, toolCallResponse } from 'tool-call-health/arbitraries';
 *
 * fc.assert(
 *   fc.property(
 *     toolCallResponse({ tools }).chain(({ payload }) => streamChunks(payload)),
 *     (chunks) => reassembleStream(chunks.join('')).state === 'complete',
 *   ),
 * );
 * ```
 */
export function streamChunks(
  payload: unknown,
  constraints: StreamChunksConstraints = {},
): fc.Arbitrary<string[]> {
  const maxChunks = constraints.maxChunks ?? 64;
  if (!Number.isInteger(maxChunks) || maxChunks < 1) {
    throw new Error(
      libraryMessage(
        `streamChunks needs maxChunks to be an integer of at least 1; got ${String(maxChunks)}`,
      ),
    );
  }
  const response = responseOf(payload);
  const surface = constraints.surface ?? (response === null ? null : responseSurface(response));
  if (response === null || surface === null) {
    throw new Error(
      libraryMessage(
        `streamChunks needs a response body of ${SURFACE_IDS.slice(0, -1).join(', ')} or ${SURFACE_IDS.at(-1)}, or an exchange { request, response } holding one`,
      ),
    );
  }
  const writer = writerFor(surface).stream(response);
  const whole = writer.write(writer.texts.map((text) => [text])).length;
  const splits = fc.tuple(...writer.texts.map(splitPoints));
  const size = fc.oneof(
    fc.integer({ min: 1, max: 8 }),
    fc.integer({ min: 1, max: Math.max(8, Math.ceil(whole / 4)) }),
  );
  return fc
    .tuple(splits, fc.array(size, { maxLength: maxChunks - 1 }))
    .map(([points, sizes]) =>
      cut(
        writer.write(writer.texts.map((text, index) => piecesOf(text, points[index] ?? []))),
        sizes,
      ),
    );
}

/** The response body of a payload: the body itself, or an exchange's response. */
function responseOf(payload: unknown): Json | null {
  if (!isRecord(payload)) return null;
  if (
    responseSurface(payload) === null &&
    Object.hasOwn(payload, 'request') &&
    isRecord(payload.response)
  ) {
    return payload.response;
  }
  return payload;
}

/** Where a text is split into deltas: sorted distinct offsets strictly inside it. */
function splitPoints(text: string): fc.Arbitrary<number[]> {
  if (text.length < 2) return fc.constant([]);
  return fc
    .uniqueArray(fc.integer({ min: 1, max: text.length - 1 }), {
      maxLength: Math.min(text.length - 1, MAX_DELTAS),
    })
    .map((points) => points.sort((a, b) => a - b));
}

/** Whether an offset falls between the two halves of a surrogate pair. */
function splitsPair(text: string, at: number): boolean {
  const before = text.charCodeAt(at - 1);
  const after = text.charCodeAt(at);
  return before >= 0xd800 && before <= 0xdbff && after >= 0xdc00 && after <= 0xdfff;
}

function piecesOf(text: string, points: readonly number[]): string[] {
  const pieces: string[] = [];
  let from = 0;
  for (const point of points) {
    // A provider streams whole code points; a delta never ends with half of one.
    if (point <= from || splitsPair(text, point)) continue;
    pieces.push(text.slice(from, point));
    from = point;
  }
  pieces.push(text.slice(from));
  return pieces;
}

/** The stream cut after each size in turn; what is left after the last size is the last chunk. */
function cut(stream: string, sizes: readonly number[]): string[] {
  const chunks: string[] = [];
  let from = 0;
  for (const size of sizes) {
    if (from >= stream.length) break;
    let to = Math.min(stream.length, from + size);
    if (to < stream.length && splitsPair(stream, to)) to++;
    chunks.push(stream.slice(from, to));
    from = to;
  }
  if (from < stream.length) chunks.push(stream.slice(from));
  return chunks;
}

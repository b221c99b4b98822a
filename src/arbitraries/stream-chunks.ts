/**
 * A whole provider response written as the SSE stream that provider would have sent for it,
 * then cut into the chunks a network read might hand over.
 */
import fc from 'fast-check';
import type { Surface } from '../model/model.js';
import { isRecord } from '../model/narrow.js';
import { responseSurface } from '../read/index.js';

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
  surface?: Surface;
  /** At most this many chunks (at least 1); 64 by default. */
  maxChunks?: number;
}

type Body = Record<string, unknown>;

/** A surface's writer: the texts whose deltas fast-check splits, and the stream built from their pieces. */
interface Writer {
  /** Each text streamed as deltas, in the order `write` consumes their pieces. */
  texts: string[];
  write(pieces: readonly (readonly string[])[]): string;
}

const MAX_DELTAS = 12;

/**
 * The given provider response (a non-streaming body, or an exchange `{ request, response }`)
 * written as the SSE stream its provider sends, cut into chunks at offsets fast-check chooses
 * (1-character chunks and cuts inside an event included), so `chunks.join('')` is always the
 * whole stream. Where the provider streams text or arguments as deltas, fast-check chooses the
 * split points too.
 *
 * - `openai-chat`: `data:` chunks with a role delta, `content` deltas, each tool call's header
 *   (`index`, `id`, name) then its `arguments` pieces, the `finish_reason` chunk, a `usage`
 *   chunk when the response has usage, and `data: [DONE]`.
 * - `openai-responses`: `event:`/`data:` pairs with `sequence_number`s: `response.created`,
 *   `response.in_progress`, per item `response.output_item.added`, argument or
 *   `response.output_text.delta` pieces and their `.done`, `response.output_item.done`, then
 *   `response.completed` (`.incomplete`, `.failed` by the status) carrying the response.
 * - `anthropic-messages`: `message_start`, per block `content_block_start`, `text_delta` or
 *   `input_json_delta` pieces of `JSON.stringify(input)`, `content_block_stop`, then
 *   `message_delta` with the stop reason and usage, and `message_stop`.
 * - `gemini`: `data:` frames (CRLF-framed) with text pieces and whole `functionCall` parts; the
 *   last frame carries `finishReason` and the full `usageMetadata`.
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
      `tool-call-health: streamChunks needs maxChunks to be an integer of at least 1; got ${String(maxChunks)}`,
    );
  }
  const response = responseOf(payload);
  const surface = constraints.surface ?? (response === null ? null : responseSurface(response));
  if (response === null || surface === null) {
    throw new Error(
      'tool-call-health: streamChunks needs a response body of openai-chat, openai-responses, anthropic-messages or gemini, or an exchange { request, response } holding one',
    );
  }
  const writer = WRITERS[surface](response);
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
function responseOf(payload: unknown): Body | null {
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

const WRITERS: Record<Surface, (response: Body) => Writer> = {
  'openai-chat': chatWriter,
  'openai-responses': responsesWriter,
  'anthropic-messages': anthropicWriter,
  gemini: geminiWriter,
};

const records = (value: unknown): Body[] => (Array.isArray(value) ? value.filter(isRecord) : []);
const stringOr = (value: unknown, fallback: string): string =>
  typeof value === 'string' ? value : fallback;
const without = (body: Body, ...keys: string[]): Body =>
  Object.fromEntries(Object.entries(body).filter(([key]) => !keys.includes(key)));

/** Hands out the split texts in the order they were registered. */
function takeFrom(pieces: readonly (readonly string[])[]): () => readonly string[] {
  let next = 0;
  return () => pieces[next++] ?? [];
}

const dataFrame = (value: unknown, end = '\n\n') => `data: ${JSON.stringify(value)}${end}`;

function chatWriter(response: Body): Writer {
  const choices = records(response.choices);
  const texts: string[] = [];
  for (const choice of choices) {
    const message = isRecord(choice.message) ? choice.message : {};
    if (typeof message.content === 'string') texts.push(message.content);
    for (const call of records(message.tool_calls)) {
      const fn = isRecord(call.function) ? call.function : {};
      texts.push(stringOr(fn.arguments, ''));
    }
  }
  const hasUsage = isRecord(response.usage);
  const base: Body = {
    ...without(response, 'choices', 'usage'),
    object: 'chat.completion.chunk',
    ...(hasUsage ? { usage: null } : {}),
  };
  return {
    texts,
    write(pieces) {
      const take = takeFrom(pieces);
      const frames: string[] = [];
      const chunk = (choice: Body) => frames.push(dataFrame({ ...base, choices: [choice] }));
      choices.forEach((choice, position) => {
        const index = typeof choice.index === 'number' ? choice.index : position;
        const message = isRecord(choice.message) ? choice.message : {};
        const delta = (body: Body) =>
          chunk({ index, delta: body, logprobs: null, finish_reason: null });
        const text = typeof message.content === 'string';
        delta({ role: stringOr(message.role, 'assistant'), content: text ? '' : null });
        if (text) for (const piece of take()) if (piece !== '') delta({ content: piece });
        records(message.tool_calls).forEach((call, slot) => {
          const fn = isRecord(call.function) ? call.function : {};
          const header: Body = { index: slot, ...without(call, 'function') };
          const [first = '', ...rest] = take();
          delta({ tool_calls: [{ ...header, function: { name: fn.name, arguments: first } }] });
          for (const piece of rest)
            delta({ tool_calls: [{ index: slot, function: { arguments: piece } }] });
        });
        chunk({
          ...without(choice, 'message'),
          index,
          delta: {},
          logprobs: choice.logprobs ?? null,
          finish_reason: choice.finish_reason ?? 'stop',
        });
      });
      if (hasUsage) frames.push(dataFrame({ ...base, choices: [], usage: response.usage }));
      frames.push('data: [DONE]\n\n');
      return frames.join('');
    },
  };
}

function responsesWriter(response: Body): Writer {
  const output = records(response.output);
  const texts: string[] = [];
  for (const item of output) {
    if (item.type === 'function_call') texts.push(stringOr(item.arguments, ''));
    if (item.type === 'message') {
      for (const part of records(item.content))
        if (part.type === 'output_text') texts.push(stringOr(part.text, ''));
    }
  }
  const status = response.status;
  const terminal =
    status === 'incomplete'
      ? 'response.incomplete'
      : status === 'failed'
        ? 'response.failed'
        : 'response.completed';
  const started: Body = {
    ...response,
    status: 'in_progress',
    incomplete_details: null,
    output: [],
    usage: null,
  };
  return {
    texts,
    write(pieces) {
      const take = takeFrom(pieces);
      const frames: string[] = [];
      const event = (type: string, body: Body) =>
        frames.push(
          `event: ${type}\n${dataFrame({ type, sequence_number: frames.length, ...body })}`,
        );
      event('response.created', { response: started });
      event('response.in_progress', { response: started });
      output.forEach((item, output_index) => {
        const item_id = item.id;
        if (item.type === 'function_call') {
          event('response.output_item.added', {
            output_index,
            item: { ...item, status: 'in_progress', arguments: '' },
          });
          for (const delta of take()) {
            if (delta === '') continue;
            event('response.function_call_arguments.delta', { item_id, output_index, delta });
          }
          event('response.function_call_arguments.done', {
            item_id,
            output_index,
            arguments: item.arguments,
          });
        } else if (item.type === 'message') {
          event('response.output_item.added', {
            output_index,
            item: { ...item, status: 'in_progress', content: [] },
          });
          records(item.content).forEach((part, content_index) => {
            const at = { item_id, output_index, content_index };
            if (part.type !== 'output_text') {
              event('response.content_part.added', { ...at, part });
              event('response.content_part.done', { ...at, part });
              return;
            }
            event('response.content_part.added', { ...at, part: { ...part, text: '' } });
            for (const delta of take()) {
              if (delta !== '') event('response.output_text.delta', { ...at, delta, logprobs: [] });
            }
            event('response.output_text.done', { ...at, text: part.text, logprobs: [] });
            event('response.content_part.done', { ...at, part });
          });
        } else {
          // Reasoning and built-in tool items arrive whole.
          event('response.output_item.added', { output_index, item });
        }
        event('response.output_item.done', { output_index, item });
      });
      event(terminal, { response });
      return frames.join('');
    },
  };
}

function anthropicWriter(response: Body): Writer {
  const content = records(response.content);
  // The output ceiling cut the last tool_use mid-input: its partial_json never closed (the
  // non-streaming body shows only the keys decoded so far).
  const lastCut =
    response.stop_reason === 'max_tokens' && content.at(-1)?.type === 'tool_use'
      ? content.length - 1
      : -1;
  const texts: string[] = [];
  content.forEach((block, index) => {
    if (block.type === 'text') texts.push(stringOr(block.text, ''));
    if (block.type !== 'tool_use') return;
    const input = JSON.stringify(block.input ?? {});
    texts.push(index === lastCut ? input.slice(0, -1) : input);
  });
  const usage = isRecord(response.usage) ? response.usage : null;
  const startUsage =
    usage === null
      ? {}
      : { usage: { ...usage, output_tokens: Math.min(1, Number(usage.output_tokens ?? 1)) } };
  const finalUsage =
    usage === null
      ? {}
      : {
          usage: Object.fromEntries(
            Object.entries(usage).filter(([key]) =>
              [
                'input_tokens',
                'cache_creation_input_tokens',
                'cache_read_input_tokens',
                'output_tokens',
              ].includes(key),
            ),
          ),
        };
  return {
    texts,
    write(pieces) {
      const take = takeFrom(pieces);
      const frames: string[] = [];
      const event = (type: string, body: Body) =>
        frames.push(`event: ${type}\n${dataFrame({ type, ...body })}`);
      event('message_start', {
        message: {
          ...response,
          content: [],
          stop_reason: null,
          stop_sequence: null,
          ...startUsage,
        },
      });
      content.forEach((block, index) => {
        const delta = (body: Body) => event('content_block_delta', { index, delta: body });
        if (block.type === 'text') {
          event('content_block_start', { index, content_block: { ...block, text: '' } });
          for (const text of take()) if (text !== '') delta({ type: 'text_delta', text });
        } else if (block.type === 'tool_use') {
          event('content_block_start', { index, content_block: { ...block, input: {} } });
          delta({ type: 'input_json_delta', partial_json: '' });
          for (const partial_json of take()) delta({ type: 'input_json_delta', partial_json });
        } else {
          event('content_block_start', { index, content_block: block });
        }
        event('content_block_stop', { index });
      });
      event('message_delta', {
        delta: {
          stop_reason: response.stop_reason ?? null,
          stop_sequence: response.stop_sequence ?? null,
        },
        ...finalUsage,
      });
      event('message_stop', {});
      return frames.join('');
    },
  };
}

function geminiWriter(response: Body): Writer {
  const candidates = records(response.candidates);
  const texts: string[] = [];
  for (const candidate of candidates) {
    const content = isRecord(candidate.content) ? candidate.content : {};
    for (const part of records(content.parts))
      if (typeof part.text === 'string') texts.push(part.text);
  }
  const top = without(response, 'candidates', 'usageMetadata');
  const usage = isRecord(response.usageMetadata) ? response.usageMetadata : null;
  const runningUsage =
    usage === null
      ? {}
      : {
          usageMetadata: without(
            usage,
            'candidatesTokenCount',
            'thoughtsTokenCount',
            'totalTokenCount',
          ),
        };
  return {
    texts,
    write(pieces) {
      const take = takeFrom(pieces);
      const frames: Body[] = [];
      candidates.forEach((candidate, position) => {
        const index = typeof candidate.index === 'number' ? candidate.index : position;
        const content = isRecord(candidate.content) ? candidate.content : {};
        const role = stringOr(content.role, 'model');
        const parts: Body[] = [];
        for (const part of records(content.parts)) {
          if (typeof part.text !== 'string') {
            parts.push(part);
            continue;
          }
          const [first = '', ...rest] = take();
          parts.push({ ...part, text: first }, ...rest.map((text) => ({ text })));
        }
        const frame = (candidateBody: Body) =>
          frames.push({ candidates: [candidateBody], ...runningUsage, ...top });
        const fields = without(candidate, 'content', 'index');
        if (parts.length === 0) {
          frame({ content, ...fields, index });
          return;
        }
        parts.forEach((part, at) => {
          const last = at === parts.length - 1;
          frame({ content: { parts: [part], role }, ...(last ? fields : {}), index });
        });
      });
      // A blocked prompt has no candidates: its one frame is the whole response.
      if (frames.length === 0) frames.push({ ...response });
      const last = frames.at(-1);
      if (last !== undefined && usage !== null) last.usageMetadata = usage;
      return frames.map((frame) => dataFrame(frame, '\r\n\r\n')).join('');
    },
  };
}

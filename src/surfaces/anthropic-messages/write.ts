/**
 * Anthropic Messages bodies, field for field as the API and the official SDK write them: the
 * request, a tool, the message, its `tool_use` blocks and usage, and the event stream.
 */
import { isRecord, type Json } from '../../model/narrow.js';
import {
  asksStream,
  type ErrorKind,
  type JsonObject,
  type JsonValue,
  type NeutralTool,
  namedFrame,
  type PayloadTurn,
  type PayloadWriter,
  records,
  type StreamWriter,
  sseSent,
  stringOr,
  takeFrom,
  throughLast,
  type WrittenError,
} from '../payload.js';

/**
 * A client tool; `strict` (structured outputs) only when stated.
 *
 * @example
 * anthropicTool({ name: 'lookup', description: 'Look up.', parameters: {}, strict: true });
 * // { name: 'lookup', description: 'Look up.', input_schema: {}, strict: true }
 */
export const anthropicTool = (tool: NeutralTool): JsonObject => ({
  name: tool.name,
  description: tool.description,
  input_schema: tool.parameters,
  ...(tool.strict === undefined ? {} : { strict: tool.strict }),
});

/** What a Messages request says. */
export interface AnthropicRequestInput {
  model: string;
  maxTokens: number;
  system: string;
  /** Client tools as {@link anthropicTool} writes them, and server tools as sent. */
  tools: JsonValue[];
  prompt: string;
  /** `false` is sent as `tool_choice.disable_parallel_tool_use`; parallel use cannot be asked for. */
  parallel?: boolean | undefined;
  stream?: boolean | undefined;
}

/**
 * A request body, keys in the order a developer writes them.
 *
 * @example
 * anthropicRequest({ model: 'claude-haiku-4-5-20251001', maxTokens: 1024, system: 'Be brief.', tools: [], prompt: 'Hi' });
 */
export function anthropicRequest(input: AnthropicRequestInput): JsonObject {
  return {
    model: input.model,
    max_tokens: input.maxTokens,
    system: input.system,
    tools: input.tools,
    messages: [{ role: 'user', content: input.prompt }],
    ...(input.parallel === false
      ? { tool_choice: { type: 'auto', disable_parallel_tool_use: true } }
      : {}),
    ...(input.stream ? { stream: true } : {}),
  };
}

/**
 * The `usage` of a message; `serviceTier` is `batch` in a batch's results.
 *
 * @example
 * anthropicUsage({ input: 1184, output: 84 }).output_tokens; // 84
 */
export function anthropicUsage(counts: {
  input: number;
  output: number;
  serviceTier?: string;
  webSearches?: number;
}): JsonObject {
  const { input, output, serviceTier = 'standard', webSearches } = counts;
  return {
    input_tokens: input,
    cache_creation_input_tokens: 0,
    cache_read_input_tokens: 0,
    cache_creation: { ephemeral_5m_input_tokens: 0, ephemeral_1h_input_tokens: 0 },
    output_tokens: output,
    service_tier: serviceTier,
    ...(webSearches === undefined
      ? {}
      : { server_tool_use: { web_search_requests: webSearches, web_fetch_requests: 0 } }),
  };
}

/** What a message says. */
export interface AnthropicMessageInput {
  model: string;
  id: string;
  content: JsonValue[];
  stopReason: string | null;
  usage: JsonObject;
}

/**
 * A message body.
 *
 * @example
 * anthropicMessage({ model: 'claude-haiku-4-5-20251001', id: 'msg_01...', content: [], stopReason: 'end_turn', usage });
 */
export function anthropicMessage(input: AnthropicMessageInput): JsonObject {
  return {
    model: input.model,
    id: input.id,
    type: 'message',
    role: 'assistant',
    content: input.content,
    stop_reason: input.stopReason,
    stop_sequence: null,
    usage: input.usage,
  };
}

/**
 * A `tool_use` block; `input` is the object the API decoded.
 *
 * @example
 * toolUse('toolu_01...', 'lookup_order', { order_id: 'A-1' });
 */
export const toolUse = (id: string, name: string, input: JsonValue): JsonObject => ({
  type: 'tool_use',
  id,
  name,
  input,
});

/**
 * A `server_tool_use` block: a tool the API runs itself (web search), not a client call.
 *
 * @example
 * serverToolUse('srvtoolu_01...', 'web_search', { query: 'FedEx Memphis hub delay' });
 */
export const serverToolUse = (id: string, name: string, input: JsonValue): JsonObject => ({
  type: 'server_tool_use',
  id,
  name,
  input,
});

/** One page a web search found: its content arrives encrypted. */
export interface WebSearchPage {
  title: string;
  url: string;
  encryptedContent: string;
  pageAge: string | null;
}

/**
 * A `web_search_tool_result` block: the pages a `server_tool_use` search found.
 *
 * @example
 * webSearchToolResult('srvtoolu_01...', [{ title: 'Service Alerts', url: 'https://...', encryptedContent: 'Eu...', pageAge: null }]);
 */
export const webSearchToolResult = (
  toolUseId: string,
  pages: readonly WebSearchPage[],
): JsonObject => ({
  type: 'web_search_tool_result',
  tool_use_id: toolUseId,
  content: pages.map((page) => ({
    type: 'web_search_result',
    title: page.title,
    url: page.url,
    encrypted_content: page.encryptedContent,
    page_age: page.pageAge,
  })),
});

/**
 * A Message Batches results file: one JSON line per request, each `{ custom_id, result }`.
 *
 * @example
 * batchResultsJsonl([{ custom_id: 'a', result: { type: 'expired' } }]); // '{"custom_id":"a","result":{"type":"expired"}}\n'
 */
export const batchResultsJsonl = (lines: readonly JsonValue[]): string =>
  lines.map((line) => `${JSON.stringify(line)}\n`).join('');

/** What an ended batch says besides its lines. */
export interface MessageBatchInput {
  id: string;
  /** The results lines, counted by their `result.type`. */
  lines: readonly JsonValue[];
  /** RFC 3339 times with microseconds, as the Batches API writes them. */
  createdAt: string;
  endedAt: string;
  expiresAt: string;
  resultsUrl: string;
}

/**
 * A `message_batch` object that has ended, as `GET /v1/messages/batches/{id}` returns it.
 *
 * @example
 * messageBatch({ id: 'msgbatch_01...', lines, createdAt, endedAt, expiresAt, resultsUrl }).request_counts;
 */
export function messageBatch(input: MessageBatchInput): JsonObject {
  const counts: Record<string, number> = {
    processing: 0,
    succeeded: 0,
    errored: 0,
    canceled: 0,
    expired: 0,
  };
  for (const line of input.lines) {
    const type = isRecord(line) && isRecord(line.result) ? line.result.type : undefined;
    if (typeof type === 'string' && Object.hasOwn(counts, type))
      counts[type] = (counts[type] ?? 0) + 1;
  }
  return {
    id: input.id,
    type: 'message_batch',
    processing_status: 'ended',
    request_counts: counts,
    ended_at: input.endedAt,
    created_at: input.createdAt,
    expires_at: input.expiresAt,
    cancel_initiated_at: null,
    results_url: input.resultsUrl,
    archived_at: null,
  };
}

/** How a recorded stream differs from the one written by default. */
export interface AnthropicStreamOptions {
  /** `output_tokens` in `message_start`'s usage: at most 1 by default. */
  startOutputTokens?: number;
}

const FINAL_USAGE = [
  'input_tokens',
  'cache_creation_input_tokens',
  'cache_read_input_tokens',
  'output_tokens',
];

/**
 * A message as its event stream: `message_start`, a `ping` once the first block opens, per block
 * `content_block_start`, `text_delta` or `input_json_delta` pieces (of `JSON.stringify(input)`
 * unless the caller streams other pieces), `content_block_stop`, then `message_delta` with the
 * stop reason and usage, and `message_stop`. A `tool_use` the ceiling cut (the last block of a
 * `max_tokens` stop) streams its input without the closing brace.
 *
 * @example
 * const writer = anthropicStream(message);
 * writer.write(writer.texts.map((text) => [text]));
 */
export function anthropicStream(
  response: Json,
  options: AnthropicStreamOptions = {},
): StreamWriter {
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
  const startTokens = options.startOutputTokens ?? Math.min(1, Number(usage?.output_tokens ?? 1));
  const startUsage = usage === null ? {} : { usage: { ...usage, output_tokens: startTokens } };
  const finalUsage =
    usage === null
      ? {}
      : {
          usage: Object.fromEntries(
            Object.entries(usage).filter(([key]) => FINAL_USAGE.includes(key)),
          ),
        };
  const write = (pieces: readonly (readonly string[])[]): string => {
    const take = takeFrom(pieces);
    const frames: string[] = [];
    const event = (type: string, body: Json) => frames.push(namedFrame(type, { type, ...body }));
    // Anthropic writes its keep-alive with a space after the colon, unlike every other event.
    const ping = () => frames.push('event: ping\ndata: {"type": "ping"}\n\n');
    event('message_start', {
      message: {
        ...response,
        content: [],
        stop_reason: null,
        stop_sequence: null,
        ...startUsage,
      },
    });
    if (content.length === 0) ping();
    content.forEach((block, index) => {
      const delta = (body: Json) => event('content_block_delta', { index, delta: body });
      const opened =
        block.type === 'text'
          ? { ...block, text: '' }
          : block.type === 'tool_use'
            ? { ...block, input: {} }
            : block;
      event('content_block_start', { index, content_block: opened });
      if (index === 0) ping();
      if (block.type === 'text') {
        for (const text of take()) if (text !== '') delta({ type: 'text_delta', text });
      } else if (block.type === 'tool_use') {
        delta({ type: 'input_json_delta', partial_json: '' });
        for (const partial_json of take()) delta({ type: 'input_json_delta', partial_json });
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
  };
  return {
    texts,
    write,
    send(pieces, sent) {
      const text = write(pieces);
      return sseSent(
        sent?.cut === true
          ? throughLast(text, (frame) => frame.startsWith('event: content_block_delta'))
          : text,
      );
    },
  };
}

/** `toolu_01` and 22 of the call's random characters. */
const callId = (turn: PayloadTurn, index: number) =>
  `toolu_01${(turn.ids.calls[index] ?? '').slice(0, 22)}`;

/** The Messages writer: a turn as Claude Sonnet 4.5 answers it. */
export const anthropicWriter: PayloadWriter = {
  can: {
    arguments: 'decoded',
    cutCalls: true,
    parallelSettings: [false],
    ceilingRequired: true,
    reasoningTokens: false,
    strictTools: true,
    unwritable: {
      filtered: 'Anthropic has no content-filter stop reason (its policy stop is "refusal")',
    },
    streamsCallsWhole: false,
  },
  route: { path: /\/v1\/messages$/, streamed: asksStream, requiredField: 'messages' },
  callIds: (turn) => turn.calls.map((_, index) => callId(turn, index)),
  exchange(turn) {
    const model = 'claude-sonnet-4-5-20250929';
    const request = anthropicRequest({
      model,
      maxTokens: turn.ceiling ?? 1024,
      system: turn.system,
      tools: turn.tools.map(anthropicTool),
      prompt: turn.prompt,
      parallel: turn.parallel,
      stream: turn.streamed,
    });
    const { outcome } = turn;
    const content: JsonValue[] = [];
    if (outcome?.kind === 'refused' || outcome?.kind === 'answered')
      content.push({ type: 'text', text: outcome.text });
    if (outcome?.kind === 'reasoning-only') {
      content.push({
        type: 'thinking',
        thinking: outcome.text,
        signature: `Eu${turn.ids.items[0] ?? ''}`,
      });
    }
    if (turn.preface !== undefined) content.push({ type: 'text', text: turn.preface });
    turn.calls.forEach((call, index) => {
      content.push(toolUse(callId(turn, index), call.name, call.value));
    });
    const response = anthropicMessage({
      model: turn.model ?? model,
      id: `msg_01${turn.ids.response.slice(0, 22)}`,
      content,
      stopReason: stopReasonOf(turn),
      usage: anthropicUsage({ input: turn.usage.input, output: turn.usage.output }),
    });
    return { request, response };
  },
  stream: (response) => anthropicStream(response),
  error: (_code, message, kind) => anthropicError(message, kind),
};

/**
 * Anthropic's error body. Its types by status, https://docs.anthropic.com/en/api/errors (read
 * 2026-12-02): 400 invalid_request_error, 404 not_found_error. The SDK words an error from the
 * body's top-level `message` and shows any other body as escaped JSON (`makeMessage` in
 * @anthropic-ai/sdk/core/error.js), so a 404 says there too what `error.message` says, to be
 * read: a no-recording 404 carries an ignore list to paste.
 */
function anthropicError(message: string, kind: ErrorKind = 'invalid-request'): WrittenError {
  if (kind === 'not-found') {
    return {
      status: 404,
      body: { type: 'error', error: { type: 'not_found_error', message }, message },
      headers: {},
    };
  }
  return {
    status: 400,
    body: { type: 'error', error: { type: 'invalid_request_error', message } },
    headers: {},
  };
}

/** The stop_reason a written turn ends with. */
function stopReasonOf(turn: PayloadTurn): string {
  switch (turn.outcome?.kind) {
    case 'refused':
      return 'refusal';
    case 'reasoning-only':
      return 'max_tokens';
    case 'filtered':
    case 'empty':
      return 'end_turn';
    case 'answered':
      if (turn.ending === 'ceiling') return 'max_tokens';
      return turn.calls.length > 0 ? 'tool_use' : 'end_turn';
    default:
      return turn.ending === 'ceiling' ? 'max_tokens' : 'tool_use';
  }
}

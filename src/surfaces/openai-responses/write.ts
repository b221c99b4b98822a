/**
 * OpenAI Responses API bodies, field for field as the API and the official SDK write them: the
 * request, tools, the response with the settings it echoes, its output items and usage, and the
 * event stream.
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
 * A function tool; the Responses API always states `strict`.
 *
 * @example
 * responsesTool({ name: 'lookup', description: 'Look up.', parameters: {}, strict: true });
 */
export const responsesTool = (tool: NeutralTool): JsonObject => ({
  type: 'function',
  name: tool.name,
  description: tool.description,
  parameters: tool.parameters,
  strict: tool.strict === true,
});

/**
 * A custom tool whose free-text input is held to a Lark grammar.
 *
 * @example
 * responsesCustomTool({ name: 'search', description: 'Search.', grammar: 'start: "a"' });
 */
export const responsesCustomTool = (tool: {
  name: string;
  description: string;
  grammar: string;
}): JsonObject => ({
  type: 'custom',
  name: tool.name,
  description: tool.description,
  format: { type: 'grammar', syntax: 'lark', definition: tool.grammar },
});

/** The response echoes a function tool with its keys in this order; other tools as sent. */
const toolEcho = (tool: JsonValue): JsonValue =>
  isRecord(tool) && tool.type === 'function'
    ? {
        type: 'function',
        description: tool.description,
        name: tool.name,
        parameters: tool.parameters,
        strict: tool.strict,
      }
    : tool;

/** What a Responses request says. */
export interface ResponsesRequestInput {
  model: string;
  /** Sent as `instructions`. */
  system: string;
  prompt: string;
  tools: JsonValue[];
  parallel?: boolean | undefined;
  /** Sent as `max_output_tokens`. */
  ceiling?: number | undefined;
  reasoning?: { effort: string } | undefined;
  text?: { format: JsonObject } | undefined;
  stream?: boolean | undefined;
}

/**
 * A request body, keys in the order a developer writes them.
 *
 * @example
 * responsesRequest({ model: 'gpt-5', system: 'Be brief.', prompt: 'Hi', tools: [] });
 */
export function responsesRequest(input: ResponsesRequestInput): JsonObject {
  return {
    model: input.model,
    instructions: input.system,
    input: [{ role: 'user', content: input.prompt }],
    tools: input.tools,
    ...(input.parallel === undefined ? {} : { parallel_tool_calls: input.parallel }),
    ...(input.ceiling === undefined ? {} : { max_output_tokens: input.ceiling }),
    ...(input.reasoning === undefined ? {} : { reasoning: input.reasoning }),
    ...(input.text === undefined ? {} : { text: input.text }),
    ...(input.stream ? { stream: true } : {}),
  };
}

/**
 * The `usage` of a response.
 *
 * @example
 * responsesUsage({ input: 512, output: 87, reasoning: 64 }).total_tokens; // 599
 */
export function responsesUsage(counts: {
  input: number;
  output: number;
  reasoning?: number;
  cached?: number;
}): JsonObject {
  const { input, output, reasoning = 0, cached = 0 } = counts;
  return {
    input_tokens: input,
    input_tokens_details: { cached_tokens: cached },
    output_tokens: output,
    output_tokens_details: { reasoning_tokens: reasoning },
    total_tokens: input + output,
  };
}

/** What a response says besides the request it echoes. */
export interface ResponsesResponseInput {
  id: string;
  /** Unix seconds. */
  createdAt: number;
  /** The request as {@link responsesRequest} wrote it. */
  request: JsonObject;
  /** The dated snapshot that answered: `gpt-5-2025-08-07`. */
  model: string;
  /** The reasoning effort the server applies when the request states none (`null`: not a reasoning model). */
  defaultEffort: string | null;
  status?: string;
  incompleteReason?: string | null;
  output: JsonValue[];
  usage: JsonObject | null;
  /** A streamed response object carries no `billing`. */
  streamed?: boolean;
}

/**
 * A response body: it echoes the request's settings (tools, `parallel_tool_calls`, the
 * ceiling), with the server's defaults filled in.
 *
 * @example
 * responsesResponse({ id: 'resp_1', createdAt: 0, request, model: 'gpt-5-2025-08-07', defaultEffort: 'medium', output: [], usage: null });
 */
export function responsesResponse(input: ResponsesResponseInput): JsonObject {
  const { request, status = 'completed', incompleteReason = null, streamed = false } = input;
  const reasoning = isRecord(request.reasoning) ? request.reasoning : {};
  const text = isRecord(request.text) ? request.text : {};
  return {
    id: input.id,
    object: 'response',
    created_at: input.createdAt,
    status,
    background: false,
    ...(streamed ? {} : { billing: { payer: 'developer' } }),
    error: null,
    incomplete_details: incompleteReason === null ? null : { reason: incompleteReason },
    instructions: request.instructions ?? null,
    max_output_tokens: request.max_output_tokens ?? null,
    max_tool_calls: null,
    model: input.model,
    output: input.output,
    parallel_tool_calls: request.parallel_tool_calls ?? true,
    previous_response_id: null,
    prompt_cache_key: null,
    reasoning: { effort: (reasoning.effort as JsonValue) ?? input.defaultEffort, summary: null },
    safety_identifier: null,
    service_tier: 'default',
    store: true,
    temperature: 1,
    text: { format: (text.format as JsonValue) ?? { type: 'text' }, verbosity: 'medium' },
    tool_choice: 'auto',
    tools: (Array.isArray(request.tools) ? request.tools : []).map(toolEcho),
    top_logprobs: 0,
    top_p: 1,
    truncation: 'disabled',
    usage: input.usage,
    user: null,
    metadata: {},
  };
}

/**
 * A reasoning item with no summary.
 *
 * @example
 * reasoningItem('rs_68e5...');
 */
export const reasoningItem = (id: string): JsonObject => ({ id, type: 'reasoning', summary: [] });

/**
 * A `function_call` output item; `args` is the JSON text the model wrote.
 *
 * @example
 * functionCallItem({ id: 'fc_1', args: '{}', callId: 'call_1', name: 'lookup_order' });
 */
export const functionCallItem = (item: {
  id: string;
  status?: string;
  args: string;
  callId: string;
  name: string;
}): JsonObject => ({
  id: item.id,
  type: 'function_call',
  status: item.status ?? 'completed',
  arguments: item.args,
  call_id: item.callId,
  name: item.name,
});

/**
 * A `custom_tool_call` output item: free text for a custom tool.
 *
 * @example
 * customToolCallItem({ id: 'ctc_1', callId: 'call_1', input: 'status:late', name: 'search_orders' });
 */
export const customToolCallItem = (item: {
  id: string;
  callId: string;
  input: string;
  name: string;
}): JsonObject => ({
  id: item.id,
  type: 'custom_tool_call',
  status: 'completed',
  call_id: item.callId,
  input: item.input,
  name: item.name,
});

/**
 * An assistant `message` output item.
 *
 * @example
 * messageItem({ id: 'msg_1', content: [outputText('Hello')] });
 */
export const messageItem = (item: {
  id: string;
  status?: string;
  content: JsonValue[];
}): JsonObject => ({
  id: item.id,
  type: 'message',
  status: item.status ?? 'completed',
  content: item.content,
  role: 'assistant',
});

/**
 * An `output_text` content part.
 *
 * @example
 * outputText('Your order shipped.');
 */
export const outputText = (text: string): JsonObject => ({
  type: 'output_text',
  annotations: [],
  logprobs: [],
  text,
});

/** How a recorded stream differs from the plainest one the API sends. */
export interface ResponsesStreamOptions {
  /** OpenAI pads each delta event with an `obfuscation` field: given the delta, the padding. */
  obfuscation?: (delta: string) => string;
}

/**
 * A response as its event stream, each event with its `sequence_number`:
 * `response.created`, `response.in_progress`, per item `response.output_item.added`, argument
 * or `response.output_text.delta` pieces and their `.done`, `response.output_item.done`, then
 * `response.completed` (`.incomplete`, `.failed` by the status) carrying the response.
 *
 * @example
 * const writer = responsesStream(response);
 * writer.write(writer.texts.map((text) => [text]));
 */
export function responsesStream(
  response: Json,
  options: ResponsesStreamOptions = {},
): StreamWriter {
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
  const started: Json = {
    ...response,
    status: 'in_progress',
    incomplete_details: null,
    output: [],
    usage: null,
  };
  const { obfuscation } = options;
  const padded = (delta: string) =>
    obfuscation === undefined ? {} : { obfuscation: obfuscation(delta) };
  const write = (pieces: readonly (readonly string[])[]): string => {
    const take = takeFrom(pieces);
    const frames: string[] = [];
    const event = (type: string, body: Json) =>
      frames.push(namedFrame(type, { type, sequence_number: frames.length, ...body }));
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
          event('response.function_call_arguments.delta', {
            item_id,
            output_index,
            delta,
            ...padded(delta),
          });
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
            if (delta !== '')
              event('response.output_text.delta', {
                ...at,
                delta,
                logprobs: [],
                ...padded(delta),
              });
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
  };
  return {
    texts,
    write,
    send(pieces, sent) {
      const text = write(pieces);
      return sseSent(sent?.cut === true ? throughLast(text, isDeltaFrame) : text);
    },
  };
}

/** A frame that streams a piece of text: arguments, output text, reasoning. */
const isDeltaFrame = (frame: string) => /^event: response\.[a-z_.]*\.delta$/m.test(frame);

/**
 * An OpenAI error body, as the Responses and Chat Completions APIs send it. A 404 has the same
 * shape and type (the API's own for an unknown id: `No response found with id '…'.`,
 * `invalid_request_error`); the SDK picks its class by status (`APIError.generate` in
 * openai/core/error.js: 404 is `NotFoundError`) and shows `error.message`.
 */
export const openaiError = (
  code: string,
  message: string,
  kind: ErrorKind = 'invalid-request',
): WrittenError => ({
  status: kind === 'not-found' ? 404 : 400,
  body: { error: { message, type: 'invalid_request_error', param: null, code } },
  headers: {},
});

const callId = (turn: PayloadTurn, index: number) => `call_${turn.ids.calls[index] ?? ''}`;

/** The Responses writer: a turn as `gpt-5` answers it at low effort. */
export const responsesWriter: PayloadWriter = {
  can: {
    arguments: 'json-text',
    cutCalls: true,
    parallelSettings: [true, false],
    ceilingRequired: false,
    reasoningTokens: true,
    strictTools: true,
    unwritable: {},
    streamsCallsWhole: false,
  },
  route: { path: /\/responses$/, streamed: asksStream, requiredField: 'input' },
  callIds: (turn) => turn.calls.map((_, index) => callId(turn, index)),
  exchange(turn) {
    const { ids, outcome } = turn;
    const cut = turn.ending === 'ceiling' || outcome?.kind === 'reasoning-only';
    const request = responsesRequest({
      model: 'gpt-5',
      system: turn.system,
      prompt: turn.prompt,
      tools: turn.tools.map(responsesTool),
      parallel: turn.parallel,
      ceiling: turn.ceiling,
      text: turn.json ? { format: { type: 'json_object' } } : undefined,
      stream: turn.streamed,
    });
    // Items of one response share a suffix after their own random part.
    const item = (index: number) => `${ids.items[index] ?? ''}${ids.suffix}`;
    const output: JsonValue[] = [];
    if (outcome?.kind === 'refused') {
      output.push(
        messageItem({
          id: `msg_${item(2)}`,
          content: [{ type: 'refusal', refusal: outcome.text }],
        }),
      );
    } else if (turn.usage.reasoning > 0) {
      output.push(reasoningItem(`rs_${item(3)}`));
    }
    if (outcome?.kind === 'answered') {
      // The text comes before any calls; the ceiling cut it where no call follows.
      output.push(
        messageItem({
          id: `msg_${item(2)}`,
          status: cut && turn.calls.length === 0 ? 'incomplete' : 'completed',
          content: [outputText(outcome.text)],
        }),
      );
    }
    turn.calls.forEach((call, index) => {
      output.push(
        functionCallItem({
          id: `fc_${item(index)}`,
          status: cut && index === turn.calls.length - 1 ? 'incomplete' : 'completed',
          args: call.text,
          callId: callId(turn, index),
          name: call.name,
        }),
      );
    });
    const filtered = outcome?.kind === 'filtered';
    const response = responsesResponse({
      id: `resp_${ids.items[0]?.slice(0, 16) ?? ''}${ids.items[1]?.slice(0, 16) ?? ''}${ids.suffix}`,
      createdAt: turn.created,
      request,
      model: turn.model ?? 'gpt-5-2025-08-07',
      defaultEffort: 'low',
      status: cut || filtered ? 'incomplete' : 'completed',
      incompleteReason: filtered ? 'content_filter' : cut ? 'max_output_tokens' : null,
      output,
      usage: responsesUsage(turn.usage),
    });
    return { request, response };
  },
  stream: (response) => responsesStream(response),
  error: openaiError,
};

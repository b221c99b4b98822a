import { isBatchLine, readBatchLine } from './anthropic-batch.js';
import { readAnthropicMessage, readAnthropicSettings } from './anthropic-messages.js';
import { readGeminiResponse, readGeminiSettings } from './gemini.js';
import type { ReadOptions, Surface, Turn } from './model.js';
import type { Json } from './narrow.js';
import { describeValue, field, isRecord, list } from './narrow.js';
import { readChatResponse, readChatSettings } from './openai-chat.js';
import { readResponsesResponse, readResponsesSettings } from './openai-responses.js';
import { readTools } from './tools.js';
import { blankTurn } from './turn.js';

/** A read payload, or why it could not be read: reading never throws on data. */
export type ReadResult = { ok: true; turn: Turn } | { ok: false; problem: string };

/** What every diagnosis accepts, said once so every error names the same list. */
export const ACCEPTED_INPUTS =
  'an OpenAI Responses response (output[]), a Chat Completions response (choices[]), ' +
  'an Anthropic message (content[]), an Anthropic batch results line (custom_id + result), ' +
  'a Gemini response (candidates[]), a request body (tools), or an exchange { request, response }';

/**
 * Reads any supported payload into one {@link Turn}. The surface is detected from the shape;
 * a JSON string is parsed first. Options supply what a response does not echo.
 *
 * @example
 * const read = readTurn({ request: chatRequest, response: chatCompletion });
 * if (read.ok) console.log(read.turn.calls.map((call) => call.name));
 */
export function readTurn(input: unknown, options: ReadOptions = {}): ReadResult {
  const value = decode(input);
  if (!value.ok) return value;
  const body = value.body;
  if (!isRecord(body)) return unreadable(body);

  let read: ReadResult;
  if (isExchange(body)) read = readExchange(body, options);
  else if (isBatchLine(body)) read = { ok: true, turn: readBatchLine(body) };
  else {
    const surface = responseSurface(body);
    read =
      surface !== null
        ? { ok: true, turn: readResponse(body, surface, options) }
        : readRequest(body);
  }
  if (read.ok) applyOptions(read.turn, options);
  return read;
}

function decode(input: unknown): { ok: true; body: unknown } | { ok: false; problem: string } {
  if (typeof input !== 'string') return { ok: true, body: input };
  try {
    return { ok: true, body: JSON.parse(input) };
  } catch {
    return {
      ok: false,
      problem: `expected ${ACCEPTED_INPUTS}; got ${describeValue(input)}, which is not JSON`,
    };
  }
}

function unreadable(body: unknown): { ok: false; problem: string } {
  const error = isRecord(body) ? field(body, 'error') : undefined;
  if (isRecord(error)) {
    // A provider's error body (HTTP 4xx/5xx) is a common thing to find in a folder of recordings.
    const message = field(error, 'message');
    const said =
      typeof message === 'string'
        ? `: ${message.length > 160 ? `${message.slice(0, 160)}…` : message}`
        : '';
    return {
      ok: false,
      problem: `got an API error response${said}; it holds no model output. Expected ${ACCEPTED_INPUTS}`,
    };
  }
  return { ok: false, problem: `expected ${ACCEPTED_INPUTS}; got ${describeValue(body)}` };
}

function isExchange(body: Json): boolean {
  return (
    Object.hasOwn(body, 'response') && responseSurface(asBody(field(body, 'response'))) !== null
  );
}

/** Which provider produced a response body, or `null` when it is not a response. */
export function responseSurface(body: unknown): Surface | null {
  if (!isRecord(body)) return null;
  const object = field(body, 'object');
  if (object === 'response' || (list(body, 'output') && !list(body, 'choices'))) {
    return 'openai-responses';
  }
  if (object === 'chat.completion' || list(body, 'choices')) return 'openai-chat';
  if (
    field(body, 'type') === 'message' ||
    (list(body, 'content') &&
      (Object.hasOwn(body, 'stop_reason') || field(body, 'role') === 'assistant'))
  ) {
    return 'anthropic-messages';
  }
  if (
    list(body, 'candidates') ||
    isRecord(field(body, 'promptFeedback')) ||
    isRecord(field(body, 'prompt_feedback'))
  ) {
    return 'gemini';
  }
  return null;
}

function readResponse(body: Json, surface: Surface, options: ReadOptions): Turn {
  const choice = options.choice ?? 0;
  switch (surface) {
    case 'openai-responses':
      return readResponsesResponse(body);
    case 'openai-chat':
      return readChatResponse(body, choice);
    case 'anthropic-messages':
      return readAnthropicMessage(body);
    case 'gemini':
      return readGeminiResponse(body, choice);
  }
}

const SETTINGS: Record<Surface, (body: Json, at: string, turn: Turn) => void> = {
  'openai-responses': readResponsesSettings,
  'openai-chat': readChatSettings,
  'anthropic-messages': readAnthropicSettings,
  gemini: readGeminiSettings,
};

function readExchange(exchange: Json, options: ReadOptions): ReadResult {
  const response = asBody(field(exchange, 'response')) as Json;
  const surface = responseSurface(response) as Surface;
  const turn = readResponse(response, surface, options);
  const request = asBody(field(exchange, 'request'));
  if (request === undefined || request === null) return { ok: true, turn };
  if (!isRecord(request)) {
    turn.notes.push(`request is ${describeValue(request)}, not a request body; not read`);
    return { ok: true, turn };
  }
  // The request is what was sent; it overrides anything the response echoed.
  SETTINGS[surface](request, 'request.', turn);
  return { ok: true, turn };
}

function readRequest(body: Json): ReadResult {
  const surface = requestSurface(body);
  if (surface === null) return unreadable(body);
  const turn = blankTurn(surface, 'request');
  SETTINGS[surface](body, '', turn);
  return { ok: true, turn };
}

/** Which provider a request body is for, judged by its tool shapes and provider-only fields. */
function requestSurface(body: Json): Surface | null {
  const tools = list(body, 'tools') ?? [];
  const has = (key: string) => Object.hasOwn(body, key);
  const toolHas = (key: string) => tools.some((tool) => isRecord(tool) && Object.hasOwn(tool, key));
  if (has('contents') || toolHas('functionDeclarations') || toolHas('function_declarations')) {
    return 'gemini';
  }
  if (
    toolHas('input_schema') ||
    (isRecord(field(body, 'tool_choice')) &&
      Object.hasOwn(field(body, 'tool_choice') as Json, 'disable_parallel_tool_use'))
  ) {
    return 'anthropic-messages';
  }
  if (toolHas('function') || has('max_completion_tokens') || has('response_format'))
    return 'openai-chat';
  if (
    has('input') ||
    has('instructions') ||
    has('max_output_tokens') ||
    tools.some((tool) => isRecord(tool) && typeof tool.name === 'string')
  ) {
    return 'openai-responses';
  }
  if (has('messages') && has('max_tokens') && !has('parallel_tool_calls'))
    return 'anthropic-messages';
  if (has('messages')) return 'openai-chat';
  return null;
}

function applyOptions(turn: Turn, options: ReadOptions): void {
  if (options.tools !== undefined) {
    const { tools, notes } = readTools(options.tools, 'options.tools', turn.surface);
    turn.tools = tools;
    turn.notes.push(...notes);
  }
  if (typeof options.parallelToolCalls === 'boolean')
    turn.parallelToolCalls = options.parallelToolCalls;
  if (
    typeof options.maxOutputTokens === 'number' &&
    Number.isInteger(options.maxOutputTokens) &&
    options.maxOutputTokens >= 0
  ) {
    turn.maxOutputTokens = options.maxOutputTokens;
  }
  if (typeof options.expectJson === 'boolean') turn.expectsJson = options.expectJson;
}

/** Exchanges recorded as text keep their bodies as JSON strings. */
function asBody(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  try {
    return JSON.parse(value);
  } catch {
    return value;
  }
}

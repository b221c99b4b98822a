import { plural } from '../text/plural.js';
import { endsSentence } from '../text/sentence.js';
import { isBatchLine, readBatchLine } from './anthropic-batch.js';
import { readAnthropicMessage, readAnthropicSettings } from './anthropic-messages.js';
import { readGeminiResponse, readGeminiSettings } from './gemini.js';
import type { ReadOptions, Surface, Turn } from './model.js';
import type { Json } from './narrow.js';
import { asList, asText, describeValue, either, isRecord, recordOf } from './narrow.js';
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

const NO_OPTIONS: ReadOptions = Object.freeze({});

/**
 * Reads any supported payload into one {@link Turn}. The surface is detected from the shape;
 * a JSON string is parsed first; a Turn already read is returned as it is. Options supply what
 * a response does not echo, and win over everything else.
 *
 * @example
 * const read = readTurn({ request: chatRequest, response: chatCompletion });
 * if (read.ok) console.log(read.turn.calls.map((call) => call.name));
 */
export function readTurn(input: unknown, options?: ReadOptions | null): ReadResult {
  try {
    const given = options ?? NO_OPTIONS;
    const read = readAny(input, given);
    if (read.ok && given !== NO_OPTIONS) applyOptions(read.turn, given);
    return read;
  } catch (error) {
    // Only exotic values get here (a getter or proxy that throws while being read).
    return {
      ok: false,
      problem: `reading the input threw (${error instanceof Error ? error.message : String(error)}); pass plain JSON data`,
    };
  }
}

function readAny(input: unknown, options: ReadOptions): ReadResult {
  const decoded = decode(input);
  if (typeof decoded === 'string' || decoded === undefined) {
    return {
      ok: false,
      problem: `expected ${ACCEPTED_INPUTS}; got ${describeValue(input)}, which is not JSON`,
    };
  }
  const body = recordOf(decoded);
  if (body === undefined) return unreadable(decoded);
  // A Turn passed back in is copied, so options never change the caller's object.
  if (isTurn(body)) return { ok: true, turn: structuredClone(body) };
  if (body.kind === 'reassembled-stream') return readStream(body, options);
  if (Object.hasOwn(body, 'response')) return readExchange(body, options);
  if (isBatchLine(body)) return { ok: true, turn: readBatchLine(body) };
  const surface = responseSurface(body);
  if (surface !== null) return readResponse(body, surface, options);
  return readRequest(body);
}

/**
 * A JSON string is parsed; anything else is taken as it is. `undefined` means unparseable text.
 * A leading byte-order mark (Windows editors write one) is read past, as the CLI does.
 */
function decode(input: unknown): unknown {
  if (typeof input !== 'string') return input;
  try {
    return JSON.parse(input.charCodeAt(0) === 0xfeff ? input.slice(1) : input);
  } catch {
    return undefined;
  }
}

function unreadable(value: unknown, what = 'got'): { ok: false; problem: string } {
  const body = recordOf(value);
  const error = recordOf(body?.error);
  if (body !== undefined && error !== undefined && Object.keys(body).length <= 2) {
    // A provider's error body (HTTP 4xx/5xx) is a common thing to find in a folder of recordings.
    const message = asText(error.message);
    const said = message ? `: ${message.length > 160 ? `${message.slice(0, 160)}…` : message}` : '';
    // The provider's message often ends its own sentence; a ";" after its period would double it.
    const next = endsSentence(said) ? ' It' : '; it';
    return {
      ok: false,
      problem: `${what} an API error response${said}${next} holds no model output. Expected ${ACCEPTED_INPUTS}`,
    };
  }
  const object = asText(body?.object);
  if (object === 'chat.completion.chunk' || object === 'response.chunk') {
    return {
      ok: false,
      problem: `${what} one stream chunk (${object}); pass the whole response the stream assembles into`,
    };
  }
  if (object === 'text_completion') {
    return {
      ok: false,
      problem: `${what} a legacy Completions response (text_completion), which has no tool calls; expected ${ACCEPTED_INPUTS}`,
    };
  }
  return { ok: false, problem: `expected ${ACCEPTED_INPUTS}; ${what} ${describeValue(value)}` };
}

const SURFACES = new Set<string>([
  'openai-responses',
  'openai-chat',
  'anthropic-messages',
  'gemini',
]);

/** A Turn read earlier and passed back in. */
function isTurn(body: Json): body is Json & Turn {
  return (
    typeof body.surface === 'string' &&
    SURFACES.has(body.surface) &&
    Array.isArray(body.calls) &&
    isRecord(body.stop) &&
    Array.isArray(body.notes)
  );
}

/** Which provider produced a response body, or `null` when it is not a model response. */
export function responseSurface(value: unknown): Surface | null {
  const body = recordOf(value);
  if (body === undefined) return null;
  const object = body.object;
  const choices = Array.isArray(body.choices);
  if (object === 'response' || (Array.isArray(body.output) && !choices)) {
    return 'openai-responses';
  }
  if (object === 'chat.completion' || (object === undefined && choices) || isChatSnapshot(body)) {
    return 'openai-chat';
  }
  if (
    body.type === 'message' ||
    (Array.isArray(body.content) &&
      (Object.hasOwn(body, 'stop_reason') || body.role === 'assistant'))
  ) {
    return 'anthropic-messages';
  }
  if (
    Array.isArray(body.candidates) ||
    recordOf(either(body.promptFeedback, body.prompt_feedback)) !== undefined
  ) {
    return 'gemini';
  }
  return null;
}

/**
 * The OpenAI SDK's running chat snapshot keeps the chunk label but holds whole messages, so it
 * reads as a response (a single delta chunk does not).
 */
function isChatSnapshot(body: Json): boolean {
  return (
    body.object === 'chat.completion.chunk' &&
    (asList(body.choices) ?? []).some((choice) => isRecord(recordOf(choice)?.message))
  );
}

function readResponse(body: Json, surface: Surface, options: ReadOptions): ReadResult {
  const choice = options.choice ?? 0;
  const alternatives =
    surface === 'openai-chat'
      ? asList(body.choices)
      : surface === 'gemini'
        ? asList(body.candidates)
        : undefined;
  if (
    alternatives !== undefined &&
    alternatives.length > 0 &&
    !(choice >= 0 && choice < alternatives.length)
  ) {
    const noun = surface === 'gemini' ? 'candidate' : 'choice';
    return {
      ok: false,
      problem: `${noun} ${choice} does not exist; the response has ${plural(alternatives.length, noun)}`,
    };
  }
  switch (surface) {
    case 'openai-responses':
      return { ok: true, turn: readResponsesResponse(body) };
    case 'openai-chat':
      return { ok: true, turn: readChatResponse(body, choice) };
    case 'anthropic-messages':
      return { ok: true, turn: readAnthropicMessage(body) };
    case 'gemini':
      return { ok: true, turn: readGeminiResponse(body, choice) };
  }
}

const SETTINGS: Record<Surface, (body: Json, at: string, turn: Turn) => void> = {
  'openai-responses': readResponsesSettings,
  'openai-chat': readChatSettings,
  'anthropic-messages': readAnthropicSettings,
  gemini: readGeminiSettings,
};

/**
 * An exchange: the response, with its request filling in what the response does not say. A
 * response that echoes its settings (the Responses API) is what the server actually used, so
 * the echo wins; Anthropic batch lines pair with their request line's `params`.
 */
function readExchange(exchange: Json, options: ReadOptions): ReadResult {
  const decoded = decode(exchange.response);
  const response = recordOf(decoded);
  if (response === undefined) return unreadable(decoded, "the exchange's response is");
  let read: ReadResult;
  if (isBatchLine(response)) read = { ok: true, turn: readBatchLine(response) };
  else if (response.kind === 'reassembled-stream') read = readStream(response, options);
  else {
    const surface = responseSurface(response);
    if (surface === null) return unreadable(response, "the exchange's response is");
    read = readResponse(response, surface, options);
  }
  if (!read.ok) return read;
  const turn = read.turn;

  const sentValue = decode(exchange.request);
  if (sentValue === undefined || sentValue === null) return read;
  let request = recordOf(sentValue);
  // A Message Batches request line carries its body in params.
  const params = recordOf(request?.params);
  if (request !== undefined && params !== undefined && Object.hasOwn(request, 'custom_id')) {
    request = params;
  }
  if (request === undefined) {
    turn.notes.push(`request is ${describeValue(sentValue)}, not a request body; not read`);
    return read;
  }
  const sent = blankTurn(turn.surface, 'request');
  SETTINGS[turn.surface](request, 'request.', sent);
  fillGaps(turn, sent);
  return read;
}

/**
 * A stream put back together by `reassembleStream`: its response, and, when the stream ended
 * before its terminal event, the calls it left open marked unfinished.
 */
function readStream(stream: Json, options: ReadOptions): ReadResult {
  if (stream.recognised === false) {
    const notes = (asList(stream.notes) ?? []).filter((note) => typeof note === 'string');
    return {
      ok: false,
      problem: `the stream is no provider stream this reads: ${notes.join('; ') || 'no events'}`,
    };
  }
  const response = recordOf(stream.response);
  const surface = responseSurface(response);
  if (response === undefined || surface === null)
    return unreadable(stream.response, "the stream's response is");
  const read = readResponse(response, surface, options);
  if (!read.ok) return read;
  const turn = read.turn;
  // The stream knows which calls finished; that overrides guesses made from the response alone.
  const open = new Set((asList(stream.openCalls) ?? []).filter((at) => typeof at === 'string'));
  for (const call of turn.calls) call.unfinished = open.has(call.at);
  if (stream.state === 'cut') {
    if (turn.stop.kind === 'in-progress' || turn.stop.kind === 'unreported') {
      turn.stop = { kind: 'connection-cut', said: 'the stream ended before its terminal event' };
    } else {
      // The provider said why it stopped before the connection ended: that reason stands.
      turn.notes.push(`the stream ended before its terminal event, after ${turn.stop.said}`);
    }
  }
  const error = recordOf(stream.error);
  if (error !== undefined) {
    turn.notes.push(
      `the stream carried an error event: ${asText(error.type) ?? 'error'}: ${asText(error.message) ?? ''}`,
    );
  }
  return read;
}

/** Copies from the request what the response left unknown. */
function fillGaps(turn: Turn, sent: Turn): void {
  if (turn.tools === null) turn.tools = sent.tools;
  if (turn.parallelToolCalls === null) turn.parallelToolCalls = sent.parallelToolCalls;
  if (turn.maxOutputTokens === null) {
    turn.maxOutputTokens = sent.maxOutputTokens;
    turn.maxOutputTokensField = sent.maxOutputTokensField;
  }
  if (turn.expectsJson === null) turn.expectsJson = sent.expectsJson;
  if (sent.notes.length > 0) turn.notes.push(...sent.notes);
}

function readRequest(body: Json): ReadResult {
  const surface = requestSurface(body);
  if (surface === null) return unreadable(body);
  const turn = blankTurn(surface, 'request');
  SETTINGS[surface](body, '', turn);
  return { ok: true, turn };
}

/**
 * Which provider a request body is for, judged by fields only one provider has: tool shapes,
 * Gemini's `contents`, Anthropic's `tool_choice.disable_parallel_tool_use` or top-level
 * `system`, OpenAI's `input` and `parallel_tool_calls`. A bare `{ model, messages }` is Chat.
 */
function requestSurface(body: Json): Surface | null {
  const tools = asList(body.tools) ?? [];
  const has = (key: string) => Object.hasOwn(body, key);
  const toolHas = (key: string) =>
    tools.some((tool) => {
      const declared = recordOf(tool);
      return declared !== undefined && Object.hasOwn(declared, key);
    });
  if (has('contents') || toolHas('functionDeclarations') || toolHas('function_declarations')) {
    return 'gemini';
  }
  const anthropicOnly =
    toolHas('input_schema') ||
    recordOf(body.tool_choice)?.disable_parallel_tool_use !== undefined ||
    has('system') ||
    has('stop_sequences') ||
    has('top_k');
  if (anthropicOnly) return 'anthropic-messages';
  if (
    has('messages') ||
    toolHas('function') ||
    has('max_completion_tokens') ||
    has('response_format')
  ) {
    return 'openai-chat';
  }
  if (has('input') || has('instructions') || has('max_output_tokens') || has('tools')) {
    return 'openai-responses';
  }
  return null;
}

function applyOptions(turn: Turn, options: ReadOptions): void {
  if (options.tools !== undefined) {
    const { tools, notes } = readTools(options.tools, 'options.tools', turn.surface);
    turn.tools = tools ?? turn.tools;
    if (notes.length > 0) turn.notes.push(...notes);
  }
  if (typeof options.parallelToolCalls === 'boolean') {
    turn.parallelToolCalls = options.parallelToolCalls;
  }
  const ceiling = options.maxOutputTokens;
  if (typeof ceiling === 'number' && Number.isInteger(ceiling) && ceiling >= 0) {
    turn.maxOutputTokens = ceiling;
  }
  if (typeof options.expectJson === 'boolean') turn.expectsJson = options.expectJson;
}

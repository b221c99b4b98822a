/**
 * A LangChain AI message read into a turn. Where the message keeps its provider's own answer
 * (`@langchain/openai` keeps the Chat Completions tool calls with their raw argument text in
 * `additional_kwargs.tool_calls`, and `finish_reason` and `usage` in `response_metadata`;
 * `@langchain/anthropic` keeps the content blocks as Anthropic sent them, and the stop reason and
 * usage beside them; a Responses API answer keeps its `output`), that answer is put back together
 * and read by the provider's own surface: its stop reasons, its strict facts, and the raw text of
 * each call's arguments, which is the evidence. LangChain's own `tool_calls` are its parse of that
 * text, and for a stream a repair of it: `collapseToolCallChunks` closes a cut JSON prefix into a
 * whole-looking object (langchainjs#11469), so they are never what is judged when the raw text is
 * there. A message from any other provider is read from LangChain's normalised fields alone.
 */
import type { Stop, StopKind, ToolCall, Turn } from '../../model/model.js';
import { asCount, asList, asText, type Json, recordOf } from '../../model/narrow.js';
import { blankTurn } from '../../model/turn.js';
import { anthropicMessages } from '../../surfaces/anthropic-messages/index.js';
import { openaiChat } from '../../surfaces/openai-chat/index.js';
import { openaiResponses } from '../../surfaces/openai-responses/index.js';
import type { AdaptedTurn, AdapterReading, ToolsInto } from '../../surfaces/types.js';
import { describeValue } from '../../text/describe-value.js';
import { plural } from '../../text/plural.js';
import { type LangChainMessage, langChainMessageOf } from './message.js';
import { stopOf } from './stops.js';

/** The chat models' own option for the output ceiling (`new ChatOpenAI({ maxTokens })`). */
export const CEILING_OPTION = 'maxTokens';

/** The issue where LangChain's repair of cut streamed arguments is reported. */
const REPAIR_ISSUE = 'langchainjs#11469';

/**
 * Reads one LangChain AI message into its turn.
 *
 * @example
 * readLangChainMessage(langChainMessageOf(await model.invoke(messages))!, toolsInto).stop.said;
 * // 'response_metadata.finish_reason "length"'
 */
export function readLangChainMessage(message: LangChainMessage, toolsInto: ToolsInto): Turn {
  const fields = message.fields;
  const metadata = recordOf(fields.response_metadata) ?? {};
  const extra = recordOf(fields.additional_kwargs) ?? {};
  const provider = asText(metadata.model_provider);
  if (metadata.object === 'response' && Array.isArray(metadata.output)) {
    return readResponses(message, metadata, toolsInto);
  }
  if (
    provider === 'anthropic' ||
    (provider === undefined && (metadata.type === 'message' || extra.type === 'message'))
  ) {
    return readAnthropic(message, metadata, extra);
  }
  // Integrations built on ChatOpenAI (DeepSeek, Groq, xAI) keep the same answer under their own
  // provider name; one that keeps only a stop word of its own (Google's finishReason) does not.
  if (
    provider === 'openai' ||
    (chatCalls(extra.tool_calls) &&
      (provider === undefined || typeof metadata.finish_reason === 'string'))
  ) {
    return readChat(message, metadata, extra);
  }
  return readOwnFields(message, metadata, provider);
}

/**
 * Every turn a LangChain value holds: one AI message, or each AI message of a conversation
 * (`messages[3]`); other messages (the user's, tool results) hold no model output.
 */
export function readLangChain(
  value: unknown,
  conversation: { messages: unknown[]; at: string } | undefined,
  toolsInto: ToolsInto,
): AdapterReading {
  if (conversation === undefined) {
    const message = langChainMessageOf(value);
    if (message === undefined || message.type !== 'ai') {
      return {
        kind: 'unreadable',
        problem: `got a LangChain ${message?.name ?? 'value'}, which holds no model output; pass the AIMessage a chat model returned`,
      };
    }
    if (message.problem !== undefined) {
      return {
        kind: 'unreadable',
        problem: `got a ${message.name} whose ${message.problem.replace(/^its /, '')}`,
      };
    }
    return { kind: 'turns', turns: [{ at: '', turn: readLangChainMessage(message, toolsInto) }] };
  }
  const turns: AdaptedTurn[] = [];
  const { messages, at } = conversation;
  for (let index = 0; index < messages.length; index++) {
    const message = langChainMessageOf(messages[index]);
    if (message?.type !== 'ai') continue;
    if (message.problem !== undefined) {
      return {
        kind: 'unreadable',
        problem: `${at}[${index}] is a ${message.name} whose ${message.problem.replace(/^its /, '')}`,
      };
    }
    turns.push({ at: `${at}[${index}]`, turn: readLangChainMessage(message, toolsInto) });
  }
  return { kind: 'turns', turns };
}

// ---------------------------------------------------------------------------------------------
// Chat Completions (`@langchain/openai`'s default)
// ---------------------------------------------------------------------------------------------

/** Whether a list holds Chat Completions tool calls (`{ type: 'function', function: {...} }`). */
function chatCalls(value: unknown): boolean {
  const list = asList(value);
  return (
    list !== undefined &&
    list.length > 0 &&
    list.every((item) => recordOf(recordOf(item)?.function) !== undefined)
  );
}

/** Where a call's raw arguments were taken from, by position in the rebuilt body. */
type Sources = string[];

function readChat(message: LangChainMessage, metadata: Json, extra: Json): Turn {
  const { fields, prefix } = message;
  const sources: Sources = [];
  const notes: string[] = [];
  const calls = rawChatCalls(message, extra, sources, notes);
  const finish = metadata.finish_reason;
  const usage = chatUsage(metadata, fields);
  const body: Json = {
    object: 'chat.completion',
    id: fields.id,
    model: metadata.model_name,
    choices: [
      {
        index: 0,
        message: {
          role: 'assistant',
          content: textOf(fields.content),
          ...(calls.length > 0 ? { tool_calls: calls } : {}),
          refusal: extra.refusal ?? null,
        },
        finish_reason: typeof finish === 'string' ? finish : null,
      },
    ],
    ...(usage === undefined ? {} : { usage }),
  };
  const turn = openaiChat.response.read(body, 0, noTools);
  turn.id = asText(fields.id) ?? null;
  placeCalls(turn, message, (index) => sources[index]);
  if (turn.stop.said !== null) turn.stop.said = `${prefix}response_metadata.${turn.stop.said}`;
  turn.notes.push(
    `read as the Chat Completions answer this ${message.name} keeps: ${prefix}response_metadata.finish_reason and usage, and the raw arguments text of each call`,
    ...notes,
  );
  if (turn.text.trim() === '' && turn.calls.length === 0 && turn.refusal === null) {
    // @langchain/openai 1.5 keeps no message.refusal: an empty answer may have been one.
    turn.notes.push(
      `the message has neither text nor calls, and @langchain/openai keeps no refusal (additional_kwargs.refusal is absent): a refusal reads as an empty answer`,
    );
  }
  return settle(turn, message, 'finish_reason');
}

/**
 * The message's tool calls as Chat Completions sent them, with their raw arguments text: from
 * `additional_kwargs.tool_calls` (kept as sent, streamed pieces joined), else the raw pieces in
 * `tool_call_chunks`, else rebuilt from LangChain's parse (`tool_calls`, `invalid_tool_calls`).
 */
function rawChatCalls(message: LangChainMessage, extra: Json, sources: Sources, notes: string[]) {
  const { fields, prefix } = message;
  const kept = asList(extra.tool_calls);
  if (kept !== undefined && kept.length > 0) {
    for (let index = 0; index < kept.length; index++) {
      sources.push(`${prefix}additional_kwargs.tool_calls[${index}]`);
    }
    return kept;
  }
  const chunks = asList(fields.tool_call_chunks);
  if (chunks !== undefined && chunks.length > 0) {
    return chunks.map((raw, index) => {
      sources.push(`${prefix}tool_call_chunks[${index}]`);
      const chunk = recordOf(raw) ?? {};
      return {
        id: chunk.id,
        type: 'function',
        function: { name: chunk.name, arguments: chunk.args },
      };
    });
  }
  return parsedCalls(message, sources, notes).map((call) => ({
    id: call.id,
    type: 'function',
    function: {
      name: call.name,
      arguments: typeof call.args === 'string' ? call.args : jsonText(call.args),
    },
  }));
}

/** Chat Completions `usage`: as kept in `response_metadata`, else from `usage_metadata`. */
function chatUsage(metadata: Json, fields: Json): Json | undefined {
  const kept = recordOf(metadata.usage);
  if (kept !== undefined && asCount(kept.completion_tokens) !== null) return kept;
  const usage = recordOf(fields.usage_metadata);
  if (usage === undefined) return undefined;
  const reasoning = recordOf(usage.output_token_details)?.reasoning;
  return {
    completion_tokens: usage.output_tokens,
    prompt_tokens: usage.input_tokens,
    ...(reasoning === undefined
      ? {}
      : { completion_tokens_details: { reasoning_tokens: reasoning } }),
  };
}

// ---------------------------------------------------------------------------------------------
// Anthropic Messages (`@langchain/anthropic`)
// ---------------------------------------------------------------------------------------------

function readAnthropic(message: LangChainMessage, metadata: Json, extra: Json): Turn {
  const { fields, prefix } = message;
  const notes: string[] = [];
  const stopAt = Object.hasOwn(metadata, 'stop_reason')
    ? 'response_metadata'
    : Object.hasOwn(extra, 'stop_reason')
      ? 'additional_kwargs'
      : null;
  const kept = stopAt === 'response_metadata' ? metadata : extra;
  const { content, raw, sources } = anthropicContent(message, notes);
  const usage = recordOf(metadata.usage);
  const body: Json = {
    type: 'message',
    role: 'assistant',
    id: fields.id,
    content,
    stop_reason: stopAt === null ? undefined : kept.stop_reason,
    stop_sequence: stopAt === null ? undefined : kept.stop_sequence,
    usage: {
      output_tokens:
        asCount(usage?.output_tokens) ?? recordOf(fields.usage_metadata)?.output_tokens,
    },
  };
  const turn = anthropicMessages.response.read(body, 0, noTools);
  // A streamed tool_use block's input is the text its deltas carried: that text is the evidence.
  for (const call of turn.calls) {
    const text = raw.get(call.at);
    if (text !== undefined) call.arguments = { form: 'json-text', text };
  }
  placeCalls(turn, message, (index) => sources.get(turn.calls[index]?.at ?? ''));
  if (turn.stop.said !== null && stopAt !== null) {
    turn.stop.said = `${prefix}${stopAt}.${turn.stop.said}`;
  }
  turn.notes.push(
    `read as the Anthropic message this ${message.name} keeps: its content blocks, the stop_reason and usage beside them`,
    ...notes,
  );
  return settle(turn, message, 'stop_reason');
}

/**
 * The content blocks as Anthropic sent them. A stream's concatenation holds each block with its
 * `index`, and a tool_use block's input as the `input_json_delta` pieces that follow it, which
 * are joined into its raw text: a parsed input when it parses, the text itself otherwise.
 */
function anthropicContent(message: LangChainMessage, notes: string[]) {
  const { fields, prefix } = message;
  const content = fields.content;
  /** Raw input text by the block's place in the rebuilt content (`content[1]`). */
  const raw = new Map<string, string>();
  /** Where each rebuilt block sits in the message. */
  const sources = new Map<string, string>();
  if (typeof content === 'string') {
    return { content: content === '' ? [] : [{ type: 'text', text: content }], raw, sources };
  }
  const items = asList(content);
  if (items === undefined) {
    notes.push(`${prefix}content is ${describeValue(content)}, not text or a list of blocks`);
    return { content: [], raw, sources };
  }
  const blocks: Json[] = [];
  const byIndex = new Map<unknown, { at: string; text: string }>();
  for (let position = 0; position < items.length; position++) {
    const item = recordOf(items[position]);
    if (item === undefined) {
      blocks.push({ type: describeValue(items[position]) });
      continue;
    }
    const { index, ...block } = item;
    if (block.type === 'input_json_delta') {
      const target = byIndex.get(index);
      if (target !== undefined) target.text += asText(block.input) ?? '';
      else notes.push(`${prefix}content[${position}] is an input_json_delta for no tool_use block`);
      continue;
    }
    const at = `content[${blocks.length}]`;
    sources.set(at, `${prefix}content[${position}]`);
    if (block.type === 'tool_use' && typeof block.input === 'string') {
      const streamed = { at, text: block.input };
      if (index !== undefined) byIndex.set(index, streamed);
      raw.set(at, block.input);
      blocks.push(block);
      continue;
    }
    blocks.push(block);
  }
  for (const { at, text } of byIndex.values()) raw.set(at, text);
  for (const [at, text] of raw) {
    const block = blocks[Number(at.slice('content['.length, -1))];
    if (block === undefined) continue;
    const parsed = parseObject(text === '' ? '{}' : text);
    block.input = parsed ?? {};
    // A whole input is read as the object it is; a cut one is judged on its text.
    if (parsed !== undefined) raw.delete(at);
  }
  return { content: blocks, raw, sources };
}

// ---------------------------------------------------------------------------------------------
// Responses API (`new ChatOpenAI({ useResponsesApi: true })`)
// ---------------------------------------------------------------------------------------------

function readResponses(message: LangChainMessage, metadata: Json, toolsInto: ToolsInto): Turn {
  const { fields, prefix } = message;
  const usage = recordOf(fields.usage_metadata);
  const reasoning = recordOf(usage?.output_token_details)?.reasoning;
  const { model_provider: _provider, model_name: _name, ...kept } = metadata;
  const body: Json = {
    ...kept,
    usage: {
      output_tokens: usage?.output_tokens,
      ...(reasoning === undefined
        ? {}
        : { output_tokens_details: { reasoning_tokens: reasoning } }),
    },
  };
  const turn = openaiResponses.response.read(body, 0, toolsInto);
  turn.id = asText(fields.id) ?? turn.id;
  placeCalls(turn, message, (index) => `${prefix}response_metadata.${turn.calls[index]?.at}`);
  turn.notes.push(
    `read as the Responses API answer this ${message.name} keeps in ${prefix}response_metadata (status, incomplete_details, output)`,
  );
  return settle(turn, message, 'status');
}

// ---------------------------------------------------------------------------------------------
// Any other provider: LangChain's normalised fields alone
// ---------------------------------------------------------------------------------------------

function readOwnFields(
  message: LangChainMessage,
  metadata: Json,
  provider: string | undefined,
): Turn {
  const { fields, prefix } = message;
  const turn = blankTurn('langchain', 'response');
  turn.id = asText(fields.id) ?? null;
  turn.text = textOf(fields.content) ?? '';
  const chunks = asList(fields.tool_call_chunks);
  if (chunks !== undefined && chunks.length > 0) {
    // The raw pieces of a stream, joined per call: what LangChain's repair started from.
    chunks.forEach((raw, index) => {
      const chunk = recordOf(raw) ?? {};
      turn.calls.push(
        ownCall(chunk.name, chunk.id, chunk.args, 'args', `${prefix}tool_call_chunks[${index}]`),
      );
    });
  } else {
    for (const call of parsedCalls(message, [], turn.notes)) {
      turn.calls.push(ownCall(call.name, call.id, call.args, 'args', call.at));
    }
  }
  placeCalls(turn, message, (index) => turn.calls[index]?.at);
  const stop = stopOf(metadata, prefix);
  turn.stop = stop.stop;
  if (stop.note !== undefined) turn.notes.push(stop.note);
  const usage = recordOf(fields.usage_metadata);
  turn.outputTokens = asCount(usage?.output_tokens);
  turn.reasoningTokens = asCount(recordOf(usage?.output_token_details)?.reasoning);
  if (usage === undefined)
    turn.notes.push(`${prefix}usage_metadata is absent: output tokens unknown`);
  // The ceiling cut the last call unless the raw text shows otherwise: a parsed object looks
  // whole whether or not it is (LangChain's tool_calls are its parse, or its repair).
  const last = turn.calls[turn.calls.length - 1];
  if (last !== undefined && last.arguments.form === 'object' && isCut(turn.stop.kind)) {
    last.unfinished = true;
  }
  turn.notes.push(
    `read from the ${message.name}'s own fields (tool_calls, invalid_tool_calls, response_metadata, usage_metadata)${provider === undefined ? '' : `: its provider "${provider}" keeps no answer this library reads as a wire body`}`,
  );
  return settle(turn, message, null);
}

function ownCall(name: unknown, id: unknown, args: unknown, field: string, at: string): ToolCall {
  return {
    name: asText(name) ?? '',
    callId: asText(id) ?? null,
    kind: 'function',
    arguments:
      typeof args === 'string'
        ? { form: 'json-text', text: args }
        : args === undefined || args === null
          ? { form: 'missing', reason: `the ${field} field is ${describeValue(args)}` }
          : { form: 'object', value: args },
    unfinished: false,
    at,
  };
}

function isCut(kind: StopKind): boolean {
  return kind === 'ceiling' || kind === 'context-window';
}

// ---------------------------------------------------------------------------------------------
// What every route shares
// ---------------------------------------------------------------------------------------------

/** A call of LangChain's parse: `tool_calls` (args an object), then `invalid_tool_calls` (raw). */
interface ParsedCall {
  name: unknown;
  id: unknown;
  args: unknown;
  at: string;
}

/**
 * LangChain's own calls, valid then invalid: the order between the two lists is not kept, which
 * is said when both hold calls. An invalid call's `error` is kept in a note.
 */
function parsedCalls(message: LangChainMessage, sources: Sources, notes: string[]): ParsedCall[] {
  const { fields, prefix } = message;
  const calls: ParsedCall[] = [];
  for (const [list, field] of [
    [fields.tool_calls, 'tool_calls'],
    [fields.invalid_tool_calls, 'invalid_tool_calls'],
  ] as const) {
    if (list !== undefined && !Array.isArray(list)) {
      notes.push(`${prefix}${field} is ${describeValue(list)}, not a list; no calls read from it`);
    }
    (asList(list) ?? []).forEach((raw, index) => {
      const at = `${prefix}${field}[${index}]`;
      const call = recordOf(raw);
      if (call === undefined) {
        notes.push(`${at} is ${describeValue(raw)}, not a tool call; skipped`);
        return;
      }
      const error = asText(call.error);
      if (error !== undefined) notes.push(`${at}: LangChain says ${firstLine(error)}`);
      sources.push(at);
      calls.push({ name: call.name, id: call.id, args: call.args, at });
    });
  }
  const valid = asList(fields.tool_calls)?.length ?? 0;
  const invalid = asList(fields.invalid_tool_calls)?.length ?? 0;
  if (valid > 0 && invalid > 0) {
    notes.push(
      `${plural(valid, 'call')} in tool_calls and ${invalid} in invalid_tool_calls: LangChain keeps them apart, so the order they were made in is not known`,
    );
  }
  if (calls.length > 0 && message.type === 'ai') {
    notes.push(
      'the raw arguments text is not in the message: calls in tool_calls are read as LangChain parsed them',
    );
  }
  return calls;
}

/**
 * Points each call at the place in the message a reader of it looks: its entry in LangChain's
 * `tool_calls` or `invalid_tool_calls` (matched by id), else where its raw text was read. Where
 * LangChain's `tool_calls` shows a whole object for arguments whose raw text does not parse, a
 * note says that the object is LangChain's repair and the raw text is what is judged.
 */
function placeCalls(
  turn: Turn,
  message: LangChainMessage,
  sourceOf: (index: number) => string | undefined,
): void {
  const { fields, prefix } = message;
  const places = new Map<string, string>();
  const parsed = new Map<string, unknown>();
  for (const field of ['invalid_tool_calls', 'tool_calls'] as const) {
    (asList(fields[field]) ?? []).forEach((raw, index) => {
      const call = recordOf(raw);
      const id = asText(call?.id);
      if (id === undefined) return;
      places.set(id, `${prefix}${field}[${index}]`);
      if (field === 'tool_calls') parsed.set(id, call?.args);
    });
  }
  turn.calls.forEach((call, index) => {
    const source = sourceOf(index) ?? call.at;
    const place = call.callId === null ? undefined : places.get(call.callId);
    call.at = place ?? source;
    if (
      call.callId !== null &&
      parsed.has(call.callId) &&
      call.arguments.form === 'json-text' &&
      parseObject(call.arguments.text) === undefined
    ) {
      turn.notes.push(
        `${call.at}.args is an object LangChain made from arguments that do not parse (its repair of streamed arguments, ${REPAIR_ISSUE}); the raw text at ${source} is what is judged`,
      );
    }
  });
}

/**
 * What a message's own fields say that the provider's answer does not: the ceiling option is
 * the chat model's `maxTokens`, and a stream's concatenation without its stop (`finish_reason`,
 * `stop_reason`) never got its last chunk.
 */
function settle(turn: Turn, message: LangChainMessage, stopField: string | null): Turn {
  // A ceiling the answer echoes (a streamed Responses API answer) keeps its own field's name.
  if (turn.maxOutputTokens === null) turn.maxOutputTokensField = CEILING_OPTION;
  const unreported = turn.stop.kind === 'unreported' || turn.stop.kind === 'in-progress';
  if (message.chunk && stopField !== null && unreported) {
    turn.stop = {
      kind: 'connection-cut',
      said: `no ${stopField} in the ${message.name}: the stream ended before its last chunk, or was read before it`,
    } satisfies Stop;
    const last = turn.calls[turn.calls.length - 1];
    if (last !== undefined) last.unfinished = true;
  }
  return turn;
}

/** The visible text of a message's content: a string, or its text blocks joined. */
function textOf(content: unknown): string | null {
  if (typeof content === 'string') return content;
  const blocks = asList(content);
  if (blocks === undefined) return null;
  let text = '';
  for (const block of blocks) {
    const part = recordOf(block);
    if (part?.type === 'text') text += asText(part.text) ?? '';
  }
  return text;
}

/** The object a JSON text holds, or `undefined` when it is not JSON or not an object. */
function parseObject(text: string): Json | undefined {
  try {
    const value: unknown = JSON.parse(text);
    return recordOf(value);
  } catch {
    return undefined;
  }
}

/** JSON text of an already-parsed value, or `undefined` when it cannot be written. */
function jsonText(value: unknown): string | undefined {
  try {
    return JSON.stringify(value);
  } catch {
    return undefined;
  }
}

function firstLine(text: string): string {
  const line = text.split('\n').find((part) => part.trim() !== '') ?? text;
  return line.length > 200 ? `${line.slice(0, 200)}…` : line;
}

/** A message carries no request: its tools come from the `tools` option. */
const noTools: ToolsInto = () => undefined;

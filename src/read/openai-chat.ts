import type { Stop, ToolCall, Turn } from './model.js';
import type { Json } from './narrow.js';
import { count, describeValue, field, isRecord, list, notAString, record, text } from './narrow.js';
import { readTools } from './tools.js';
import { blankTurn } from './turn.js';

/** Settings from a Chat Completions request body (the response echoes none of them). */
export function readChatSettings(body: Json, at: string, turn: Turn): void {
  if (field(body, 'tools') !== undefined) {
    const { tools, notes } = readTools(field(body, 'tools'), `${at}tools`, 'openai-chat');
    turn.tools = tools;
    turn.notes.push(...notes);
  }
  const parallel = field(body, 'parallel_tool_calls');
  if (typeof parallel === 'boolean') turn.parallelToolCalls = parallel;
  // max_tokens is the deprecated spelling; max_completion_tokens wins when both are sent.
  for (const key of ['max_completion_tokens', 'max_tokens']) {
    const ceiling = count(body, key);
    if (ceiling !== null && turn.maxOutputTokens === null) {
      turn.maxOutputTokens = ceiling;
      turn.maxOutputTokensField = key;
    }
  }
  const format = text(record(body, 'response_format'), 'type');
  if (format !== undefined) turn.expectsJson = format === 'json_schema' || format === 'json_object';
}

/** Reads an OpenAI Chat Completions response (`choices[]`), one choice of it. */
export function readChatResponse(body: Json, choiceIndex: number): Turn {
  const turn = blankTurn('openai-chat', 'response');
  turn.id = text(body, 'id') ?? null;
  const choices = list(body, 'choices') ?? [];
  if (choices.length > 1) {
    turn.notes.push(
      `choices[${choiceIndex}] of ${choices.length} read; pass { choice: i } to read another`,
    );
  }
  const choice = choices[choiceIndex];
  const at = `choices[${choiceIndex}]`;
  if (isRecord(choice)) {
    readMessage(record(choice, 'message'), `${at}.message`, turn);
    turn.stop = chatStop(field(choice, 'finish_reason'));
  } else if (choice !== undefined) {
    turn.notes.push(`${at} is ${describeValue(choice)}, not a choice`);
  }

  const usage = record(body, 'usage');
  const completion = count(usage, 'completion_tokens');
  const reasoning = count(record(usage, 'completion_tokens_details'), 'reasoning_tokens');
  turn.reasoningTokens = reasoning;
  turn.outputTokens = completion;
  if (completion !== null && reasoning !== null && reasoning > completion) {
    // OpenAI counts reasoning inside completion_tokens; some compatible servers (xAI) count it apart.
    turn.outputTokens = completion + reasoning;
    turn.notes.push(
      `usage.completion_tokens (${completion}) is below its reasoning_tokens (${reasoning}), so this server counts reasoning apart; output counted as ${completion + reasoning}`,
    );
  }
  return turn;
}

function readMessage(message: Json | undefined, at: string, turn: Turn): void {
  if (message === undefined) {
    turn.notes.push(`${at} is absent`);
    return;
  }
  const content = field(message, 'content');
  if (typeof content === 'string') turn.text = content;
  else if (Array.isArray(content)) {
    // Some OpenAI-compatible servers send content parts instead of a string.
    turn.text = content.map((part) => text(part, 'text') ?? '').join('');
  }
  const refusal = text(message, 'refusal');
  if (refusal) turn.refusal = refusal;
  if (text(message, 'reasoning_content') || text(message, 'reasoning')) turn.reasoningSeen = true;

  const toolCalls = field(message, 'tool_calls');
  if (toolCalls !== undefined && toolCalls !== null && !Array.isArray(toolCalls)) {
    turn.notes.push(`${at}.tool_calls is ${describeValue(toolCalls)}, not a list; no calls read`);
  }
  (Array.isArray(toolCalls) ? toolCalls : []).forEach((call, index) => {
    const where = `${at}.tool_calls[${index}]`;
    if (!isRecord(call)) {
      turn.notes.push(`${where} is ${describeValue(call)}, not a tool call; skipped`);
      return;
    }
    turn.calls.push(readToolCall(call, where));
  });
  const legacy = record(message, 'function_call');
  if (legacy !== undefined) {
    turn.calls.push(functionCall(legacy, null, `${at}.function_call`));
  }
}

function readToolCall(call: Json, at: string): ToolCall {
  const id = text(call, 'id') ?? null;
  const custom = record(call, 'custom');
  if (text(call, 'type') === 'custom' || custom !== undefined) {
    const input = field(custom, 'input');
    return {
      name: text(custom, 'name') ?? '',
      callId: id,
      kind: 'custom',
      arguments:
        typeof input === 'string'
          ? { form: 'free-text', text: input }
          : { form: 'missing', reason: notAString('custom.input', input) },
      unfinished: false,
      at,
    };
  }
  return functionCall(record(call, 'function'), id, at, 'function.');
}

function functionCall(fn: Json | undefined, id: string | null, at: string, prefix = ''): ToolCall {
  const raw = field(fn, 'arguments');
  return {
    name: text(fn, 'name') ?? '',
    callId: id,
    kind: 'function',
    arguments:
      typeof raw === 'string'
        ? { form: 'json-text', text: raw }
        : { form: 'missing', reason: notAString(`${prefix}arguments`, raw) },
    unfinished: false,
    at,
  };
}

function chatStop(reason: unknown): Stop {
  if (typeof reason !== 'string') return { kind: 'unreported', said: null };
  const said = `finish_reason "${reason}"`;
  if (reason === 'stop' || reason === 'tool_calls' || reason === 'function_call') {
    return { kind: 'finished', said };
  }
  if (reason === 'length') return { kind: 'ceiling', said };
  if (reason === 'content_filter') return { kind: 'filter', said };
  return { kind: 'other', said };
}

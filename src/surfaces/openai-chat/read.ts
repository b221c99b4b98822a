import type { Stop, ToolCall, Turn } from '../../model/model.js';
import type { Json } from '../../model/narrow.js';
import { asCount, asList, asText, notAString, recordOf } from '../../model/narrow.js';
import { blankTurn } from '../../model/turn.js';
import { describeValue } from '../../text/describe-value.js';
import type { ToolsInto } from '../types.js';

/** Settings from a Chat Completions request body (the response echoes none of them). */
export function readChatSettings(body: Json, at: string, turn: Turn, toolsInto: ToolsInto): void {
  if (body.tools !== undefined) toolsInto(body.tools, `${at}tools`, turn);
  const parallel = body.parallel_tool_calls;
  if (typeof parallel === 'boolean') turn.parallelToolCalls = parallel;
  // max_tokens is the deprecated spelling; max_completion_tokens wins when both are sent.
  const completionCeiling = asCount(body.max_completion_tokens);
  const ceiling = completionCeiling ?? asCount(body.max_tokens);
  if (ceiling !== null && turn.maxOutputTokens === null) {
    turn.maxOutputTokens = ceiling;
    turn.maxOutputTokensField = completionCeiling === null ? 'max_tokens' : 'max_completion_tokens';
  }
  const format = asText(recordOf(body.response_format)?.type);
  if (format !== undefined) turn.expectsJson = format === 'json_schema' || format === 'json_object';
}

/** Reads an OpenAI Chat Completions response (`choices[]`), one choice of it. */
export function readChatResponse(body: Json, choiceIndex: number): Turn {
  const turn = blankTurn('openai-chat', 'response');
  turn.id = asText(body.id) ?? null;
  const choices = asList(body.choices) ?? [];
  if (choices.length > 1) {
    turn.notes.push(
      `choices[${choiceIndex}] of ${choices.length} read; pass { choice: i } to read another`,
    );
  }
  const raw = choices[choiceIndex];
  const choice = recordOf(raw);
  const at = `choices[${choiceIndex}]`;
  if (choice !== undefined) {
    readMessage(recordOf(choice.message), `${at}.message`, turn);
    turn.stop = chatStop(choice.finish_reason);
  } else if (raw !== undefined) {
    turn.notes.push(`${at} is ${describeValue(raw)}, not a choice`);
  }

  const usage = recordOf(body.usage);
  const completion = asCount(usage?.completion_tokens);
  const reasoning = asCount(recordOf(usage?.completion_tokens_details)?.reasoning_tokens);
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
  const content = message.content;
  if (typeof content === 'string') turn.text = content;
  else if (Array.isArray(content)) {
    // Some OpenAI-compatible servers send content parts instead of a string.
    turn.text = content.map((part) => asText(recordOf(part)?.text) ?? '').join('');
  }
  const refusal = asText(message.refusal);
  if (refusal) turn.refusal = refusal;
  if (asText(message.reasoning_content) || asText(message.reasoning)) turn.reasoningSeen = true;

  const toolCalls = message.tool_calls;
  if (toolCalls !== undefined && toolCalls !== null && !Array.isArray(toolCalls)) {
    turn.notes.push(`${at}.tool_calls is ${describeValue(toolCalls)}, not a list; no calls read`);
  }
  if (Array.isArray(toolCalls)) {
    for (let index = 0; index < toolCalls.length; index++) {
      const where = `${at}.tool_calls[${index}]`;
      const call = recordOf(toolCalls[index]);
      if (call === undefined) {
        turn.notes.push(`${where} is ${describeValue(toolCalls[index])}, not a tool call; skipped`);
      } else {
        turn.calls.push(readToolCall(call, where));
      }
    }
  }
  const legacy = recordOf(message.function_call);
  if (legacy !== undefined) {
    turn.calls.push(functionCall(legacy, null, `${at}.function_call`));
  }
}

function readToolCall(call: Json, at: string): ToolCall {
  const id = asText(call.id) ?? null;
  const custom = recordOf(call.custom);
  if (call.type === 'custom' || custom !== undefined) {
    const input = custom?.input;
    return {
      name: asText(custom?.name) ?? '',
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
  return functionCall(recordOf(call.function), id, at, 'function.');
}

function functionCall(fn: Json | undefined, id: string | null, at: string, prefix = ''): ToolCall {
  const raw = fn?.arguments;
  return {
    name: asText(fn?.name) ?? '',
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

import type { Stop, ToolCall, Turn } from '../../model/model.js';
import type { Json } from '../../model/narrow.js';
import { asCount, asList, asText, notAString, recordOf } from '../../model/narrow.js';
import { blankTurn, modelInto } from '../../model/turn.js';
import { describeValue } from '../../text/describe-value.js';
import type { ToolsInto } from '../types.js';
import { chatFinishReason } from './finish-reasons.js';

/** Settings from a Chat Completions request body (the response echoes none of them). */
export function readChatSettings(body: Json, at: string, turn: Turn, toolsInto: ToolsInto): void {
  if (body.tools !== undefined) toolsInto(body.tools, `${at}tools`, turn);
  modelInto(turn, body.model);
  if (body.functions !== undefined) readLegacyFunctions(body.functions, at, turn, toolsInto);
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

/**
 * The deprecated `functions` list (`[{ name, description, parameters }]`) declares tools as
 * `tools` does, beside any `tools` sent with it. Each is read as the Chat tool it stands for;
 * legacy functions have no strict mode, so a `strict` written on one is noted and not read.
 */
function readLegacyFunctions(
  functions: unknown,
  at: string,
  turn: Turn,
  toolsInto: ToolsInto,
): void {
  const where = `${at}functions`;
  if (!Array.isArray(functions)) {
    turn.notes.push(`${where} is ${describeValue(functions)}, not a list of functions; not read`);
    return;
  }
  const declared = turn.tools;
  const asTools = functions.map((item, index) => {
    const fn = recordOf(item);
    // Not a function: handed on as it is, so the tool reader notes it like any junk entry.
    if (fn === undefined) return item;
    if (Object.hasOwn(fn, 'strict')) {
      turn.notes.push(
        `${where}[${index}] states strict, which legacy functions do not have; read as not strict`,
      );
    }
    return { type: 'function', function: { name: fn.name, parameters: fn.parameters } };
  });
  toolsInto(asTools, where, turn);
  // Marked so advice to declare strict says to move them to tools, where strict exists.
  for (const tool of turn.tools ?? []) tool.legacyFunction = true;
  if (declared !== null && turn.tools !== null) turn.tools = [...declared, ...turn.tools];
}

/** Reads an OpenAI Chat Completions response (`choices[]`), one choice of it. */
export function readChatResponse(body: Json, choiceIndex: number): Turn {
  const turn = blankTurn('openai-chat', 'response');
  turn.id = asText(body.id) ?? null;
  modelInto(turn, body.model);
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
    turn.stop = chatStop(choice, at, turn);
  } else if (raw !== undefined) {
    turn.notes.push(`${at} is ${describeValue(raw)}, not a choice`);
  }

  const usage = usageOf(body);
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

/**
 * The stop from `finish_reason`, by the table of reasons the servers document. A reason no
 * source lists reads as `other`, named in a note so it is not taken for one this library knows.
 */
function chatStop(choice: Json, at: string, turn: Turn): Stop {
  const reason = choice.finish_reason;
  if (typeof reason !== 'string') return { kind: 'unreported', said: null };
  const said = `finish_reason "${reason}"`;
  const native = asText(choice.native_finish_reason);
  if (native !== undefined && native.toLowerCase() !== reason) {
    // OpenRouter normalises finish_reason and keeps the model's own word beside it (a mere
    // change of case, "STOP" for "stop", says nothing new).
    turn.notes.push(`${at}.native_finish_reason is "${native}" (the model's own word for ${said})`);
  }
  const known = chatFinishReason(reason);
  if (known === undefined) {
    turn.notes.push(`${said} is not one this library knows; read as another reason`);
    return { kind: 'other', said };
  }
  return { kind: known.kind, said };
}

/**
 * `usage`, or where a server puts it instead: Groq sends it only in `x_groq.usage` of a stream's
 * last chunk. `usage` wins when both are there.
 */
function usageOf(body: Json): Json | undefined {
  const usage = recordOf(body.usage);
  if (usage !== undefined) return usage;
  return recordOf(recordOf(body.x_groq)?.usage);
}

/**
 * What a model-call span says the model wrote, by convention: its calls, its text and the
 * finish words beside them. Each reader returns `undefined` when its attributes are absent, so
 * the span's turn takes the first convention that recorded the output, and a call two
 * conventions both recorded on one span is counted once.
 */
import type { CallArguments, ToolCall } from '../model/model.js';
import { asList, asText, type Json, recordOf } from '../model/narrow.js';
import { describeValue } from '../text/describe-value.js';
import { AI_SDK, GEN_AI, OPENINFERENCE } from './names.js';
import type { SpanRecord } from './spans.js';
import { indexedGroups, jsonAttribute, parsedValue } from './values.js';

/** A finish word and the attribute it was read from. */
export interface FinishWord {
  word: string;
  field: string;
}

/** The output one convention recorded. */
export interface SpanOutput {
  calls: ToolCall[];
  text: string;
  reasoningSeen: boolean;
  finish: FinishWord[];
}

function emptyOutput(): SpanOutput {
  return { calls: [], text: '', reasoningSeen: false, finish: [] };
}

/**
 * A call's arguments as the span holds them: an object (instrumentations that parsed them), JSON
 * text (as the model wrote it), or absent, which the instrumentations that drop `{}` mean as
 * `{}`: read so, with a note, rather than as a broken call.
 */
function argumentsOf(raw: unknown, at: string, notes: string[]): CallArguments {
  if (typeof raw === 'string') return { form: 'json-text', text: raw };
  if (raw === undefined || raw === null) {
    notes.push(
      `${at} records no arguments; instrumentations leave out empty arguments, so they are read as {}`,
    );
    return { form: 'object', value: {} };
  }
  return { form: 'object', value: raw };
}

function callOf(name: unknown, id: unknown, args: CallArguments, at: string): ToolCall {
  return {
    name: asText(name) ?? '',
    callId: asText(id) ?? null,
    kind: 'function',
    arguments: args,
    unfinished: false,
    at,
  };
}

/**
 * `gen_ai.output.messages`: messages of `parts` (`text`, `tool_call` with `id`, `name`,
 * `arguments`, `reasoning`), each with its `finish_reason`. Also what Langfuse keeps as an
 * observation's `output`.
 */
export function genAiOutput(
  value: unknown,
  field: string,
  notes: string[],
): SpanOutput | undefined {
  const messages = asList(value);
  if (
    messages === undefined ||
    !messages.some((message) => Array.isArray(recordOf(message)?.parts))
  ) {
    return undefined;
  }
  const output = emptyOutput();
  messages.forEach((raw, index) => {
    const message = recordOf(raw);
    const at = `${field}[${index}]`;
    if (message === undefined) {
      notes.push(`${at} is ${describeValue(raw)}, not a message; skipped`);
      return;
    }
    const finish = asText(message.finish_reason);
    if (finish !== undefined) output.finish.push({ word: finish, field: `${at}.finish_reason` });
    (asList(message.parts) ?? []).forEach((rawPart, partIndex) => {
      const part = recordOf(rawPart);
      const partAt = `${at}.parts[${partIndex}]`;
      switch (part?.type) {
        case 'text':
          output.text += asText(part.content) ?? '';
          break;
        case 'reasoning':
          output.reasoningSeen = true;
          break;
        case 'tool_call':
          output.calls.push(
            callOf(part.name, part.id, argumentsOf(part.arguments, partAt, notes), partAt),
          );
          break;
        default:
          break;
      }
    });
  });
  return output;
}

/**
 * The older indexed attributes OpenLLMetry writes: `gen_ai.completion.N.content`,
 * `.finish_reason`, `.tool_calls.M.id` / `.name` / `.arguments`, and the legacy
 * `.function_call.name` / `.arguments`.
 */
export function indexedCompletions(span: SpanRecord, notes: string[]): SpanOutput | undefined {
  const completions = indexedGroups(span.attributes, GEN_AI.completion);
  if (completions.length === 0) return undefined;
  const output = emptyOutput();
  for (const { index, fields } of completions) {
    const at = `${GEN_AI.completion}.${index}`;
    output.text += asText(fields.content) ?? '';
    const finish = asText(fields.finish_reason);
    if (finish !== undefined) output.finish.push({ word: finish, field: `${at}.finish_reason` });
    for (const call of indexedGroups(fields, 'tool_calls')) {
      const callAt = `${at}.tool_calls.${call.index}`;
      const args = argumentsOf(call.fields.arguments, `${callAt}.arguments`, notes);
      output.calls.push(callOf(call.fields.name, call.fields.id, args, callAt));
    }
    if (Object.hasOwn(fields, 'function_call.name')) {
      const callAt = `${at}.function_call`;
      const args = argumentsOf(fields['function_call.arguments'], `${callAt}.arguments`, notes);
      output.calls.push(callOf(fields['function_call.name'], null, args, callAt));
    }
  }
  return output;
}

/**
 * OpenInference: `llm.output_messages.N.message.content`, `.tool_calls.M.tool_call.id`,
 * `.tool_call.function.name`, `.tool_call.function.arguments`, and `llm.finish_reason`.
 */
export function openInferenceOutput(span: SpanRecord, notes: string[]): SpanOutput | undefined {
  const messages = indexedGroups(span.attributes, OPENINFERENCE.outputMessages);
  if (messages.length === 0) return undefined;
  const output = emptyOutput();
  for (const { index, fields } of messages) {
    const at = `${OPENINFERENCE.outputMessages}.${index}.message`;
    output.text += asText(fields['message.content']) ?? '';
    const message: Json = {};
    for (const [key, value] of Object.entries(fields)) {
      if (key.startsWith('message.')) message[key.slice('message.'.length)] = value;
    }
    for (const call of indexedGroups(message, 'tool_calls')) {
      const callAt = `${at}.tool_calls.${call.index}.tool_call`;
      const f = call.fields;
      const args = argumentsOf(
        f['tool_call.function.arguments'],
        `${callAt}.function.arguments`,
        notes,
      );
      output.calls.push(callOf(f['tool_call.function.name'], f['tool_call.id'], args, callAt));
    }
  }
  const finish = asText(span.attributes[OPENINFERENCE.finishReason]);
  if (finish !== undefined) output.finish.push({ word: finish, field: OPENINFERENCE.finishReason });
  return output;
}

/**
 * The AI SDK's `ai.response.toolCalls` (JSON text of `[{ toolCallId, toolName, input }]`, `args`
 * before AI SDK 5), `ai.response.text` and `ai.response.finishReason`.
 */
export function aiSdkOutput(
  toolCalls: unknown,
  span: SpanRecord,
  field: string,
  notes: string[],
): SpanOutput | undefined {
  const text = asText(span.attributes[AI_SDK.responseText]);
  const finish = asText(span.attributes[AI_SDK.responseFinishReason]);
  const list = asList(toolCalls);
  if (list === undefined && text === undefined && finish === undefined) return undefined;
  if (list !== undefined && !list.every((item) => recordOf(item)?.toolName !== undefined)) {
    return undefined;
  }
  const output = emptyOutput();
  output.text = text ?? '';
  if (finish !== undefined)
    output.finish.push({ word: finish, field: AI_SDK.responseFinishReason });
  (list ?? []).forEach((raw, index) => {
    const call = recordOf(raw) ?? {};
    const at = `${field}[${index}]`;
    const input = Object.hasOwn(call, 'input') ? call.input : call.args;
    output.calls.push(callOf(call.toolName, call.toolCallId, argumentsOf(input, at, notes), at));
  });
  return output;
}

/**
 * An OpenAI-shaped assistant message (`{ role, content, tool_calls: [{ id, function: { name,
 * arguments } }] }`), alone or last in a list: what several integrations hand Langfuse as a
 * generation's output.
 */
export function chatMessageOutput(
  value: unknown,
  field: string,
  notes: string[],
): SpanOutput | undefined {
  const list = asList(value);
  const message = recordOf(list === undefined ? value : list[list.length - 1]);
  const at = list === undefined ? field : `${field}[${(list?.length ?? 1) - 1}]`;
  if (
    message === undefined ||
    !(Object.hasOwn(message, 'tool_calls') || Object.hasOwn(message, 'role'))
  ) {
    return undefined;
  }
  const output = emptyOutput();
  output.text = asText(message.content) ?? '';
  (asList(message.tool_calls) ?? []).forEach((raw, index) => {
    const call = recordOf(raw) ?? {};
    const fn = recordOf(call.function) ?? {};
    const callAt = `${at}.tool_calls[${index}]`;
    const args = argumentsOf(fn.arguments, `${callAt}.function.arguments`, notes);
    output.calls.push(callOf(fn.name, call.id, args, callAt));
  });
  return output;
}

/**
 * The output of a Langfuse observation, where Langfuse moved the span's output attributes: the
 * GenAI messages, the AI SDK's tool calls, or an OpenAI-shaped message.
 */
export function langfuseOutput(value: unknown, notes: string[]): SpanOutput | undefined {
  const parsed = parsedValue(value, 'output', notes);
  const record = recordOf(parsed);
  // The AI SDK's integration writes `{ text, toolCalls }` or the tool calls alone.
  const toolCalls =
    record !== undefined && Object.hasOwn(record, 'toolCalls')
      ? parsedValue(record.toolCalls, 'output.toolCalls', notes)
      : parsed;
  return (
    genAiOutput(parsed, 'output', notes) ??
    (asList(toolCalls)?.some((item) => recordOf(item)?.toolName !== undefined)
      ? aiSdkListOutput(toolCalls, record === undefined ? 'output' : 'output.toolCalls', notes)
      : undefined) ??
    chatMessageOutput(parsed, 'output', notes)
  );
}

function aiSdkListOutput(list: unknown, field: string, notes: string[]): SpanOutput {
  const output = emptyOutput();
  (asList(list) ?? []).forEach((raw, index) => {
    const call = recordOf(raw) ?? {};
    const at = `${field}[${index}]`;
    const input = Object.hasOwn(call, 'input') ? call.input : call.args;
    output.calls.push(callOf(call.toolName, call.toolCallId, argumentsOf(input, at, notes), at));
  });
  return output;
}

/** The GenAI output messages of a span, parsed, or `undefined` when it records none. */
export function genAiOutputOf(span: SpanRecord, notes: string[]): SpanOutput | undefined {
  return genAiOutput(
    jsonAttribute(span, GEN_AI.outputMessages, notes),
    GEN_AI.outputMessages,
    notes,
  );
}

/** The AI SDK output of a span, or `undefined` when it records none. */
export function aiSdkOutputOf(span: SpanRecord, notes: string[]): SpanOutput | undefined {
  return aiSdkOutput(
    jsonAttribute(span, AI_SDK.responseToolCalls, notes),
    span,
    AI_SDK.responseToolCalls,
    notes,
  );
}

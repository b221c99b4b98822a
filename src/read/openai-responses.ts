import type { Stop, ToolCall, Turn } from './model.js';
import type { Json } from './narrow.js';
import { count, describeValue, field, isRecord, list, notAString, record, text } from './narrow.js';
import { readTools } from './tools.js';
import { blankTurn } from './turn.js';

/** Settings the Responses API takes in its request and echoes in its response. */
export function readResponsesSettings(body: Json, at: string, turn: Turn): void {
  if (field(body, 'tools') !== undefined) {
    const { tools, notes } = readTools(field(body, 'tools'), `${at}tools`, 'openai-responses');
    turn.tools = tools;
    turn.notes.push(...notes);
  }
  const parallel = field(body, 'parallel_tool_calls');
  if (typeof parallel === 'boolean') turn.parallelToolCalls = parallel;
  turn.maxOutputTokens = count(body, 'max_output_tokens');
  if (turn.maxOutputTokens !== null) turn.maxOutputTokensField = 'max_output_tokens';
  const format = text(record(record(body, 'text'), 'format'), 'type');
  if (format !== undefined) turn.expectsJson = format === 'json_schema' || format === 'json_object';
}

/** Reads an OpenAI Responses API response (`object: "response"`, `output[]`). */
export function readResponsesResponse(body: Json): Turn {
  const turn = blankTurn('openai-responses', 'response');
  turn.id = text(body, 'id') ?? null;
  readResponsesSettings(body, '', turn);
  turn.stop = responsesStop(body);

  const output = field(body, 'output');
  if (output !== undefined && !Array.isArray(output)) {
    turn.notes.push(`output is ${describeValue(output)}, not a list; nothing read from it`);
  }
  (Array.isArray(output) ? output : []).forEach((item, index) => {
    readOutputItem(item, `output[${index}]`, turn);
  });

  const usage = record(body, 'usage');
  turn.outputTokens = count(usage, 'output_tokens');
  turn.reasoningTokens = count(record(usage, 'output_tokens_details'), 'reasoning_tokens');
  return turn;
}

function readOutputItem(item: unknown, at: string, turn: Turn): void {
  if (!isRecord(item)) {
    turn.notes.push(`${at} is ${describeValue(item)}, not an output item; skipped`);
    return;
  }
  const type = text(item, 'type');
  if (type === 'function_call' || type === 'custom_tool_call') {
    turn.calls.push(readCall(item, type, at));
    return;
  }
  if (type === 'message') {
    for (const part of list(item, 'content') ?? []) {
      const partType = text(part, 'type');
      if (partType === 'output_text') turn.text += text(part, 'text') ?? '';
      if (partType === 'refusal') turn.refusal = text(part, 'refusal') ?? '';
    }
    return;
  }
  if (type === 'reasoning') {
    turn.reasoningSeen = true;
    return;
  }
  // Client actions (shell_call, computer_call, apply_patch_call) and provider tool results are
  // output all the same: the turn is not empty, though none of them is a JSON tool call.
  turn.otherOutput.push(`${type ?? 'untyped item'} at ${at}`);
  turn.notes.push(
    `${at} (${type ?? 'no type'}) is not a function or custom tool call; not checked`,
  );
}

function readCall(item: Json, type: 'function_call' | 'custom_tool_call', at: string): ToolCall {
  const custom = type === 'custom_tool_call';
  const key = custom ? 'input' : 'arguments';
  const raw = field(item, key);
  return {
    name: text(item, 'name') ?? '',
    callId: text(item, 'call_id') ?? text(item, 'id') ?? null,
    kind: custom ? 'custom' : 'function',
    arguments:
      typeof raw === 'string'
        ? { form: custom ? 'free-text' : 'json-text', text: raw }
        : { form: 'missing', reason: notAString(key, raw) },
    unfinished: text(item, 'status') === 'incomplete' || text(item, 'status') === 'in_progress',
    at,
  };
}

function responsesStop(body: Json): Stop {
  const status = text(body, 'status');
  if (status === undefined) return { kind: 'unreported', said: null };
  if (status === 'completed') return { kind: 'finished', said: 'status "completed"' };
  if (status === 'incomplete') {
    const reason = text(record(body, 'incomplete_details'), 'reason');
    const said = `status "incomplete" (incomplete_details.reason ${reason === undefined ? 'absent' : `"${reason}"`})`;
    if (reason === 'max_output_tokens') return { kind: 'ceiling', said };
    if (reason === 'content_filter') return { kind: 'filter', said };
    return { kind: 'other', said };
  }
  if (status === 'failed') {
    const error = record(body, 'error');
    const message = text(error, 'message') ?? text(error, 'code');
    return { kind: 'failed', said: `status "failed"${message ? ` (${message})` : ''}` };
  }
  if (status === 'in_progress' || status === 'queued') {
    return { kind: 'in-progress', said: `status "${status}"` };
  }
  return { kind: 'other', said: `status "${status}"` };
}

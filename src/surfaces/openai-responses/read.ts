import type { Stop, ToolCall, Turn } from '../../model/model.js';
import type { Json } from '../../model/narrow.js';
import { asCount, asList, asText, notAString, recordOf } from '../../model/narrow.js';
import { blankTurn, modelInto } from '../../model/turn.js';
import { describeValue } from '../../text/describe-value.js';
import { stopReasonIn } from '../stop-reasons.js';
import type { ToolsInto } from '../types.js';
import { RESPONSES_INCOMPLETE_REASONS } from './stop-reasons.js';

/** Settings the Responses API takes in its request and echoes in its response. */
export function readResponsesSettings(
  body: Json,
  at: string,
  turn: Turn,
  toolsInto: ToolsInto,
): void {
  if (body.tools !== undefined) toolsInto(body.tools, `${at}tools`, turn);
  modelInto(turn, body.model);
  const parallel = body.parallel_tool_calls;
  if (typeof parallel === 'boolean') turn.parallelToolCalls = parallel;
  turn.maxOutputTokens = asCount(body.max_output_tokens);
  if (turn.maxOutputTokens !== null) turn.maxOutputTokensField = 'max_output_tokens';
  const format = asText(recordOf(recordOf(body.text)?.format)?.type);
  if (format !== undefined) turn.expectsJson = format === 'json_schema' || format === 'json_object';
}

/** Reads an OpenAI Responses API response (`object: "response"`, `output[]`). */
export function readResponsesResponse(body: Json, toolsInto: ToolsInto): Turn {
  const turn = blankTurn('openai-responses', 'response');
  turn.id = asText(body.id) ?? null;
  readResponsesSettings(body, '', turn, toolsInto);
  turn.stop = responsesStop(body);

  const output = body.output;
  if (output !== undefined && !Array.isArray(output)) {
    turn.notes.push(`output is ${describeValue(output)}, not a list; nothing read from it`);
  }
  if (Array.isArray(output)) {
    for (let index = 0; index < output.length; index++) {
      readOutputItem(output[index], `output[${index}]`, turn);
    }
  }

  const usage = recordOf(body.usage);
  turn.outputTokens = asCount(usage?.output_tokens);
  turn.reasoningTokens = asCount(recordOf(usage?.output_tokens_details)?.reasoning_tokens);
  return turn;
}

function readOutputItem(raw: unknown, at: string, turn: Turn): void {
  const item = recordOf(raw);
  if (item === undefined) {
    turn.notes.push(`${at} is ${describeValue(raw)}, not an output item; skipped`);
    return;
  }
  const type = asText(item.type);
  if (type === 'function_call' || type === 'custom_tool_call') {
    turn.calls.push(readCall(item, type, at));
    return;
  }
  if (type === 'message') {
    for (const entry of asList(item.content) ?? []) {
      const part = recordOf(entry);
      if (part?.type === 'output_text') turn.text += asText(part.text) ?? '';
      if (part?.type === 'refusal') turn.refusal = asText(part.refusal) ?? '';
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
  const raw = custom ? item.input : item.arguments;
  return {
    name: asText(item.name) ?? '',
    callId: asText(item.call_id) ?? asText(item.id) ?? null,
    kind: custom ? 'custom' : 'function',
    arguments:
      typeof raw === 'string'
        ? { form: custom ? 'free-text' : 'json-text', text: raw }
        : { form: 'missing', reason: notAString(key, raw) },
    unfinished: item.status === 'incomplete' || item.status === 'in_progress',
    at,
  };
}

function responsesStop(body: Json): Stop {
  const status = asText(body.status);
  if (status === undefined) return { kind: 'unreported', said: null };
  if (status === 'completed') return { kind: 'finished', said: 'status "completed"' };
  if (status === 'incomplete') {
    const reason = asText(recordOf(body.incomplete_details)?.reason);
    // No parentheses of its own: messages quote the stop inside theirs.
    const said =
      reason === undefined
        ? 'status "incomplete" with no incomplete_details.reason'
        : `status "incomplete" with incomplete_details.reason "${reason}"`;
    const kind =
      reason === undefined
        ? 'other'
        : (stopReasonIn(RESPONSES_INCOMPLETE_REASONS, reason)?.kind ?? 'other');
    return { kind, said };
  }
  if (status === 'failed') {
    const error = recordOf(body.error);
    const message = asText(error?.message) ?? asText(error?.code);
    return { kind: 'failed', said: `status "failed"${message ? ` (${message})` : ''}` };
  }
  if (status === 'in_progress' || status === 'queued') {
    return { kind: 'in-progress', said: `status "${status}"` };
  }
  return { kind: 'other', said: `status "${status}"` };
}

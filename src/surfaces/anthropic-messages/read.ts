import type { Stop, Turn } from '../../model/model.js';
import type { Json } from '../../model/narrow.js';
import { asCount, asText, recordOf } from '../../model/narrow.js';
import { blankTurn, modelInto, stoppedOnCeiling } from '../../model/turn.js';
import { describeValue } from '../../text/describe-value.js';
import { saidOf, stopReasonIn } from '../stop-reasons.js';
import type { ToolsInto } from '../types.js';
import { ANTHROPIC_STOP_REASONS } from './stop-reasons.js';

/** Settings from an Anthropic Messages request body (the response echoes none of them). */
export function readAnthropicSettings(
  body: Json,
  at: string,
  turn: Turn,
  toolsInto: ToolsInto,
): void {
  if (body.tools !== undefined) toolsInto(body.tools, `${at}tools`, turn);
  modelInto(turn, body.model);
  const disabled = recordOf(body.tool_choice)?.disable_parallel_tool_use;
  if (typeof disabled === 'boolean') turn.parallelToolCalls = !disabled;
  turn.maxOutputTokens = asCount(body.max_tokens);
  if (turn.maxOutputTokens !== null) turn.maxOutputTokensField = 'max_tokens';
  // Structured outputs: `output_format` in the beta, `output_config.format` since.
  const format =
    asText(recordOf(body.output_format)?.type) ??
    asText(recordOf(recordOf(body.output_config)?.format)?.type);
  if (format !== undefined) turn.expectsJson = format === 'json_schema';
}

/** Reads an Anthropic Messages response (`type: "message"`, `content[]`). */
export function readAnthropicMessage(body: Json, source: Turn['source'] = 'response'): Turn {
  const turn = blankTurn('anthropic-messages', source);
  turn.id = asText(body.id) ?? null;
  modelInto(turn, body.model);
  turn.stop = anthropicStop(body.stop_reason, body.stop_sequence);

  const content = body.content;
  if (content !== undefined && !Array.isArray(content)) {
    turn.notes.push(`content is ${describeValue(content)}, not a list; nothing read from it`);
  }
  const blocks = Array.isArray(content) ? content : [];
  for (let index = 0; index < blocks.length; index++) {
    const at = `content[${index}]`;
    const block = recordOf(blocks[index]);
    if (block === undefined) {
      turn.notes.push(`${at} is ${describeValue(blocks[index])}, not a content block; skipped`);
      continue;
    }
    const type = asText(block.type);
    if (type === 'text') turn.text += asText(block.text) ?? '';
    else if (type === 'thinking' || type === 'redacted_thinking') turn.reasoningSeen = true;
    else if (type === 'tool_use') {
      const input = block.input;
      // The last block is marked unfinished when the message stopped on its ceiling inside it.
      turn.calls.push({
        name: asText(block.name) ?? '',
        callId: asText(block.id) ?? null,
        kind: 'function',
        arguments:
          input === undefined
            ? { form: 'missing', reason: 'the input field is absent' }
            : { form: 'object', value: input },
        unfinished: false,
        at,
      });
    } else {
      // Server tool use and its results, compaction blocks and the like are output all the same.
      turn.otherOutput.push(`${type ?? 'untyped block'} at ${at}`);
      turn.notes.push(`${at} (${type ?? 'no type'}) is not a client tool_use block; not checked`);
    }
  }
  if (turn.stop.kind === 'refusal' && turn.text) turn.refusal = turn.text;
  else if (turn.stop.kind === 'refusal') turn.refusal = '';

  const last = recordOf(blocks[blocks.length - 1]);
  const lastCall = turn.calls[turn.calls.length - 1];
  if (lastCall !== undefined && last?.type === 'tool_use') {
    lastCall.endsOutput = true;
    if (stoppedOnCeiling(turn) || turn.stop.kind === 'in-progress') lastCall.unfinished = true;
  }

  turn.outputTokens = asCount(recordOf(body.usage)?.output_tokens);
  return turn;
}

function anthropicStop(reason: unknown, sequence: unknown): Stop {
  // A finished message always has a stop_reason; null is a stream snapshot taken before its end.
  if (reason === null) return { kind: 'in-progress', said: 'stop_reason null' };
  if (typeof reason !== 'string') return { kind: 'unreported', said: null };
  const kind = stopReasonIn(ANTHROPIC_STOP_REASONS, reason)?.kind ?? 'other';
  const said = saidOf(ANTHROPIC_STOP_REASONS, reason);
  return {
    kind,
    said:
      kind === 'stop-sequence' && typeof sequence === 'string'
        ? `${said} (stop_sequence ${JSON.stringify(sequence)})`
        : said,
  };
}

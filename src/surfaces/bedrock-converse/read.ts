/**
 * Bedrock Converse bodies into a `Turn`: the request (`toolConfig`, `inferenceConfig`,
 * `outputConfig`, `additionalModelRequestFields`) and the response (`output.message.content[]`,
 * `stopReason`, `usage`). Content blocks are unions with no `type`: the one member key a block
 * holds (`text`, `toolUse`, `reasoningContent`, ...) says what it is.
 */
import type { Stop, Turn } from '../../model/model.js';
import type { Json } from '../../model/narrow.js';
import { asCount, asText, recordOf } from '../../model/narrow.js';
import { blankTurn, stoppedOnCeiling } from '../../model/turn.js';
import { describeValue } from '../../text/describe-value.js';
import { saidOf, stopReasonIn } from '../stop-reasons.js';
import type { ToolsInto } from '../types.js';
import { BEDROCK_STOP_REASONS } from './stop-reasons.js';

/** Reads what a Converse request (`POST /model/{modelId}/converse`, or `ConverseCommand`'s input) states. */
export function readBedrockSettings(
  body: Json,
  at: string,
  turn: Turn,
  toolsInto: ToolsInto,
): void {
  const config = recordOf(body.toolConfig);
  if (config?.tools !== undefined) toolsInto(config.tools, `${at}toolConfig.tools`, turn);
  const choice = recordOf(config?.toolChoice);
  if (choice !== undefined) {
    const forced = asText(recordOf(choice.tool)?.name);
    turn.notes.push(
      forced !== undefined
        ? `${at}toolConfig.toolChoice makes the model call "${forced}"`
        : `${at}toolConfig.toolChoice is ${Object.keys(choice).join(', ') || 'empty'}; read, not judged`,
    );
  }
  turn.maxOutputTokens = asCount(recordOf(body.inferenceConfig)?.maxTokens);
  if (turn.maxOutputTokens !== null) turn.maxOutputTokensField = 'inferenceConfig.maxTokens';
  const format = asText(recordOf(recordOf(body.outputConfig)?.textFormat)?.type);
  if (format !== undefined) turn.expectsJson = format === 'json_schema';
  const extra = recordOf(body.additionalModelRequestFields);
  if (extra !== undefined && Object.keys(extra).length > 0) {
    // Passed through to the model as they are (thinking budgets, Anthropic's own fields).
    turn.notes.push(
      `${at}additionalModelRequestFields (${Object.keys(extra).slice(0, 8).join(', ')}) go to the model unread by Bedrock; not read here`,
    );
  }
}

/** Reads a Converse response (`output.message`, `stopReason`, `usage`), or `ConverseCommand`'s output. */
export function readBedrockResponse(body: Json, source: Turn['source'] = 'response'): Turn {
  const turn = blankTurn('bedrock-converse', source);
  turn.stop = bedrockStop(body.stopReason);

  const message = recordOf(recordOf(body.output)?.message);
  const content = message?.content;
  if (content !== undefined && !Array.isArray(content)) {
    turn.notes.push(
      `output.message.content is ${describeValue(content)}, not a list; nothing read from it`,
    );
  }
  const blocks = Array.isArray(content) ? content : [];
  let lastIsCall = false;
  for (let index = 0; index < blocks.length; index++) {
    const at = `output.message.content[${index}]`;
    const block = recordOf(blocks[index]);
    lastIsCall = false;
    if (block === undefined) {
      turn.notes.push(`${at} is ${describeValue(blocks[index])}, not a content block; skipped`);
      continue;
    }
    if (typeof block.text === 'string') {
      turn.text += block.text;
      continue;
    }
    const use = recordOf(block.toolUse);
    if (use !== undefined) {
      if (use.type === 'server_tool_use') {
        // Bedrock runs it itself (a system tool); its result follows as a toolResult block.
        turn.otherOutput.push(`server_tool_use at ${at}`);
        turn.notes.push(
          `${at} is a server_tool_use "${asText(use.name) ?? ''}" Bedrock runs itself; not checked`,
        );
        continue;
      }
      const input = use.input;
      turn.calls.push({
        name: asText(use.name) ?? '',
        callId: asText(use.toolUseId) ?? null,
        kind: 'function',
        arguments:
          input === undefined
            ? { form: 'missing', reason: 'the toolUse input field is absent' }
            : { form: 'object', value: input },
        unfinished: false,
        at,
      });
      lastIsCall = true;
      continue;
    }
    if (block.reasoningContent !== undefined) {
      turn.reasoningSeen = true;
      continue;
    }
    const citations = recordOf(block.citationsContent);
    if (citations !== undefined && Array.isArray(citations.content)) {
      for (const part of citations.content) turn.text += asText(recordOf(part)?.text) ?? '';
      continue;
    }
    const kind = Object.keys(block)[0] ?? 'empty block';
    turn.otherOutput.push(`${kind} at ${at}`);
    turn.notes.push(`${at} (${kind}) is not a client toolUse block; not checked`);
  }

  const lastCall = turn.calls[turn.calls.length - 1];
  // As on Anthropic, input arrives decoded: a call cut by the ceiling still looks whole, and
  // only the stop reason says the last block was being written.
  if (lastCall !== undefined && lastIsCall) {
    lastCall.endsOutput = true;
    if (stoppedOnCeiling(turn)) lastCall.unfinished = true;
  }
  if (body.stopReason === 'malformed_tool_use') {
    if (lastCall !== undefined) {
      lastCall.arguments = {
        form: 'missing',
        reason: `Bedrock stopped with stopReason "malformed_tool_use": the provider says the model wrote this call malformed, so its input${lastCall.arguments.form === 'object' ? ` (${describeValue(lastCall.arguments.value)})` : ''} cannot be trusted`,
      };
    } else {
      turn.notes.push(
        'stopReason "malformed_tool_use": Bedrock says the model wrote a malformed tool call, and dropped it from the content',
      );
    }
  }

  turn.outputTokens = asCount(recordOf(body.usage)?.outputTokens);
  return turn;
}

/** A `stopReason`, read through Converse's table of them. */
function bedrockStop(reason: unknown): Stop {
  if (typeof reason !== 'string') return { kind: 'unreported', said: null };
  return {
    kind: stopReasonIn(BEDROCK_STOP_REASONS, reason)?.kind ?? 'other',
    said: saidOf(BEDROCK_STOP_REASONS, reason),
  };
}

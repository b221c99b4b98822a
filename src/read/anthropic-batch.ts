import { readAnthropicMessage } from './anthropic-messages.js';
import type { Turn } from './model.js';
import type { Json } from './narrow.js';
import { record, text } from './narrow.js';
import { blankTurn } from './turn.js';

/** Whether a value looks like one line of an Anthropic Message Batches results file. */
export function isBatchLine(value: Json): boolean {
  return 'custom_id' in value && 'result' in value;
}

/**
 * Reads one results line: `{ custom_id, result: { type, message | error } }`.
 * Results arrive in any order, so `custom_id` is the only key that identifies a line.
 */
export function readBatchLine(line: Json): Turn {
  const customId = text(line, 'custom_id') ?? null;
  const result = record(line, 'result');
  const resultType = text(result, 'type') ?? 'absent';
  const message = record(result, 'message');
  if (resultType === 'succeeded' && message !== undefined) {
    const turn = readAnthropicMessage(message, 'batch-line');
    turn.batch = { customId, resultType, error: null };
    return turn;
  }
  const turn = blankTurn('anthropic-messages', 'batch-line');
  const inner = record(record(result, 'error'), 'error') ?? record(result, 'error');
  const error = text(inner, 'message') ?? text(inner, 'type') ?? null;
  turn.batch = {
    customId,
    resultType: resultType === 'succeeded' ? 'succeeded without a message' : resultType,
    error,
  };
  return turn;
}

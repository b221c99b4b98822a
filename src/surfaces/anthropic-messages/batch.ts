import type { Turn } from '../../model/model.js';
import type { Json } from '../../model/narrow.js';
import { asText, recordOf } from '../../model/narrow.js';
import { blankTurn } from '../../model/turn.js';
import { readAnthropicMessage } from './read.js';

/** Whether a value looks like one line of an Anthropic Message Batches results file. */
export function isBatchLine(value: Json): boolean {
  return 'custom_id' in value && 'result' in value;
}

/**
 * Reads one results line: `{ custom_id, result: { type, message | error } }`.
 * Results arrive in any order, so `custom_id` is the only key that identifies a line.
 */
export function readBatchLine(line: Json): Turn {
  const customId = asText(line.custom_id) ?? null;
  const result = recordOf(line.result);
  const resultType = asText(result?.type) ?? 'absent';
  const message = recordOf(result?.message);
  if (resultType === 'succeeded' && message !== undefined) {
    const turn = readAnthropicMessage(message, 'batch-line');
    turn.batch = { customId, resultType, error: null };
    return turn;
  }
  const turn = blankTurn('anthropic-messages', 'batch-line');
  const outer = recordOf(result?.error);
  const inner = recordOf(outer?.error) ?? outer;
  const error = asText(inner?.message) ?? asText(inner?.type) ?? null;
  turn.batch = {
    customId,
    resultType: resultType === 'succeeded' ? 'succeeded without a message' : resultType,
    error,
  };
  return turn;
}

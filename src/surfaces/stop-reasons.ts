/**
 * A provider's stop reasons as data: each word it writes, what it means in the model's
 * {@link StopKind} vocabulary, and where that is documented. Each surface folder holds its own
 * table (`stop-reasons.ts`, Chat's `finish-reasons.ts`); its reader reads its stops through it,
 * and the framework adapters, which see the same words second hand (an AI SDK step's
 * `rawFinishReason`, a LangChain message's `response_metadata`), read them through
 * `./stop-words.ts`, which gathers every table. A word is mapped in one place.
 */
import type { StopKind } from '../model/model.js';

/**
 * One stop reason a provider writes.
 *
 * @example
 * const entry: StopReason = { reason: 'max_tokens', kind: 'ceiling', means: 'the max_tokens ceiling was reached' };
 */
export interface StopReason {
  /** The word as the provider writes it. */
  reason: string;
  kind: StopKind;
  /** What the provider says it means, in a few words (why it reads as `kind`). */
  means: string;
  /** Words messages add after the quoted stop, in parentheses, where the word alone misleads. */
  detail?: string;
}

/**
 * A provider's table of stop reasons: the field they are read from, the reasons, and where and
 * when they were read.
 *
 * @example
 * const table: StopReasons = { field: 'stop_reason', reasons: [], source: { url: 'https://…', read: '2026-12-02' } };
 */
export interface StopReasons {
  field: string;
  reasons: readonly StopReason[];
  source: { url: string; read: string };
}

/**
 * The entry of a table for a word, or `undefined` when the provider documents no such word.
 *
 * @example
 * stopReasonIn(ANTHROPIC_STOP_REASONS, 'pause_turn')?.kind; // 'paused'
 */
export function stopReasonIn(table: StopReasons, word: string): StopReason | undefined {
  return table.reasons.find((entry) => entry.reason === word);
}

/**
 * How a stop reads in messages: the field and the word quoted, with the entry's detail.
 *
 * @example
 * saidOf(BEDROCK_STOP_REASONS, 'content_filtered'); // 'stopReason "content_filtered" (the model\'s content filter)'
 */
export function saidOf(table: StopReasons, word: string): string {
  const detail = stopReasonIn(table, word)?.detail;
  const said = `${table.field} "${word}"`;
  return detail === undefined ? said : `${said} (${detail})`;
}

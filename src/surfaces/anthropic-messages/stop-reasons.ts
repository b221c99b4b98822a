/**
 * The `stop_reason` values of the Messages API, as data. A reason not listed reads as `other`,
 * with its word quoted. `null` (a streamed message before its end) is no reason: the reader
 * reads it as in progress.
 */
import type { StopReasons } from '../stop-reasons.js';

/**
 * Every `stop_reason` the Messages API documents.
 *
 * @example
 * stopReasonIn(ANTHROPIC_STOP_REASONS, 'refusal')?.kind; // 'refusal'
 */
export const ANTHROPIC_STOP_REASONS: StopReasons = {
  field: 'stop_reason',
  source: { url: 'https://docs.claude.com/en/api/messages', read: '2026-12-02' },
  reasons: [
    { reason: 'end_turn', kind: 'finished', means: 'the model reached a natural stopping point' },
    { reason: 'tool_use', kind: 'finished', means: 'the model called one or more tools' },
    {
      reason: 'stop_sequence',
      kind: 'stop-sequence',
      means: 'one of the request’s stop_sequences was generated',
    },
    { reason: 'max_tokens', kind: 'ceiling', means: 'the request’s max_tokens was reached' },
    {
      reason: 'model_context_window_exceeded',
      kind: 'context-window',
      means: 'the model’s context window filled',
    },
    { reason: 'refusal', kind: 'refusal', means: 'the model declined to answer' },
    {
      reason: 'pause_turn',
      kind: 'paused',
      means: 'a long server-tool turn was paused, to be continued by sending it back',
    },
  ],
};

/**
 * The `stopReason` values of the Converse API (the `StopReason` enum), as data. A reason not
 * listed reads as `other`, with its word quoted.
 */
import type { StopReasons } from '../stop-reasons.js';

/**
 * Every `stopReason` Converse documents.
 *
 * @example
 * stopReasonIn(BEDROCK_STOP_REASONS, 'malformed_model_output')?.kind; // 'failed'
 */
export const BEDROCK_STOP_REASONS: StopReasons = {
  field: 'stopReason',
  source: {
    url: 'https://docs.aws.amazon.com/bedrock/latest/APIReference/API_runtime_Converse.html',
    read: '2026-12-01',
  },
  reasons: [
    { reason: 'end_turn', kind: 'finished', means: 'the model finished its answer' },
    { reason: 'tool_use', kind: 'finished', means: 'the model called a tool' },
    { reason: 'stop_sequence', kind: 'stop-sequence', means: 'a stop sequence was generated' },
    { reason: 'max_tokens', kind: 'ceiling', means: 'inferenceConfig.maxTokens was reached' },
    {
      reason: 'model_context_window_exceeded',
      kind: 'context-window',
      means: 'the model’s context window filled',
    },
    {
      // Sent both when a guardrail blocked the output and when it only masked parts of it.
      reason: 'guardrail_intervened',
      kind: 'filter',
      means: 'a guardrail intervened',
      detail: 'a guardrail blocked or masked the output',
    },
    {
      reason: 'content_filtered',
      kind: 'filter',
      means: 'the model’s content filter stopped the output',
      detail: "the model's content filter",
    },
    {
      reason: 'malformed_tool_use',
      kind: 'malformed-call',
      means: 'the model wrote a tool call Bedrock could not accept',
      detail: 'the model wrote a malformed tool call',
    },
    {
      // The model's output as a whole, not one call: a failed turn, not a malformed call.
      reason: 'malformed_model_output',
      kind: 'failed',
      means: 'Bedrock could not parse the model’s output',
      detail: "the model's output could not be parsed by Bedrock",
    },
  ],
};

/**
 * The finish reasons the OpenTelemetry GenAI conventions define for an output message
 * (`finish_reason` in `gen_ai.output.messages`), as one table of the model's stop kinds. Spans
 * also carry the provider's own words (`gen_ai.response.finish_reasons: ["tool_calls"]`,
 * `["max_tokens"]`) and the AI SDK's (`"tool-calls"`), which are read through those tables:
 * three spellings of the tool-call finish meet here.
 */

import { unifiedFinishKind } from '../frameworks/ai-sdk/stop.js';
import type { Stop, StopKind } from '../model/model.js';
import type { StopReasons } from '../surfaces/stop-reasons.js';
import { anyCaseStopReason } from '../surfaces/stop-words.js';

export const OTEL_FINISH_REASONS: StopReasons = {
  field: 'finish_reason',
  reasons: [
    { reason: 'stop', kind: 'finished', means: 'the model finished, or met a stop sequence' },
    { reason: 'length', kind: 'ceiling', means: 'the output token limit was reached' },
    { reason: 'content_filter', kind: 'filter', means: 'a content filter stopped the output' },
    { reason: 'tool_call', kind: 'finished', means: 'the model asked for one or more tool calls' },
    { reason: 'error', kind: 'failed', means: 'the generation failed' },
  ],
  source: {
    url: 'https://github.com/open-telemetry/semantic-conventions/blob/main/docs/gen-ai/gen-ai-output-messages.json',
    read: '2026-12-03',
  },
};

/**
 * What a finish word on a span means: the GenAI conventions' own words first, then the AI SDK's
 * unified ones, then any provider's (its case aside: `MAX_TOKENS` from Gemini); `other` for a
 * word none of them lists.
 *
 * @example
 * spanStop('tool-calls', 'ai.response.finishReason'); // { kind: 'finished', said: 'ai.response.finishReason "tool-calls"' }
 */
export function spanStop(word: string, field: string): { stop: Stop; known: boolean } {
  const said = `${field} "${word}"`;
  const kind: StopKind | undefined =
    OTEL_FINISH_REASONS.reasons.find((entry) => entry.reason === word)?.kind ??
    unifiedFinishKind(word) ??
    anyCaseStopReason(word)?.kind;
  return kind === undefined
    ? { stop: { kind: 'other', said }, known: false }
    : { stop: { kind, said }, known: true };
}

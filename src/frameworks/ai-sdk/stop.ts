/**
 * An AI SDK step's stop, as its own `finishReason` (the SDK's unified vocabulary) and
 * `rawFinishReason` (the provider's words) say it. The unified reason folds several provider
 * stops into one (Anthropic's `pause_turn` and `stop_sequence` are both `stop`; a context window
 * that filled is `length`); the raw reason, where the provider gave one, tells them apart again.
 * Tables are data; the AI SDK's own mapping is in each provider package (`mapOpenAIFinishReason`,
 * `mapAnthropicStopReason`), read 2026-12-01 in @ai-sdk/openai 3.0.141 and @ai-sdk/anthropic
 * 3.0.140.
 */
import type { Stop, StopKind } from '../../model/model.js';
import { describeValue } from '../../text/describe-value.js';

/** The AI SDK's unified finish reasons (`FinishReason`), and `unknown` from AI SDK 4 and 5. */
const UNIFIED: Readonly<Record<string, StopKind>> = {
  stop: 'finished',
  'tool-calls': 'finished',
  length: 'ceiling',
  'content-filter': 'filter',
  error: 'failed',
  other: 'other',
  unknown: 'unreported',
};

/**
 * Provider stop reasons the unified reason folds into a broader one, by the provider's own word:
 * where `rawFinishReason` is one of these, it is the more exact stop.
 */
const RAW: Readonly<Record<string, StopKind>> = {
  // Anthropic
  pause_turn: 'paused',
  stop_sequence: 'stop-sequence',
  refusal: 'refusal',
  model_context_window_exceeded: 'context-window',
  max_tokens: 'ceiling',
  // OpenAI (Responses `incomplete_details.reason`, Chat `finish_reason`)
  max_output_tokens: 'ceiling',
  content_filter: 'filter',
  // Gemini
  MAX_TOKENS: 'ceiling',
  SAFETY: 'filter',
  RECITATION: 'filter',
  BLOCKLIST: 'filter',
  PROHIBITED_CONTENT: 'filter',
  SPII: 'filter',
  MALFORMED_FUNCTION_CALL: 'malformed-call',
  // Bedrock Converse
  guardrail_intervened: 'filter',
  content_filtered: 'filter',
  malformed_tool_use: 'malformed-call',
  malformed_model_output: 'malformed-call',
};

/**
 * The stop of a step, with a note for what the fields could not say exactly.
 *
 * - `content-filter` with the raw reason `stop` (Chat Completions) is how @ai-sdk/openai reports a
 *   refusal: read as one.
 * - `other` with no raw reason and no output token count is what the AI SDK reports when the
 *   provider's stream ended before its finish event (the reason and usage come in that last
 *   event): read as a stream cut, with a note.
 *
 * @example
 * stepStop('length', 'max_tokens', 512); // { stop: { kind: 'ceiling', said: 'finishReason "length" (rawFinishReason "max_tokens")' } }
 */
export function stepStop(
  finishReason: unknown,
  rawFinishReason: unknown,
  outputTokens: number | null,
  at: string,
): { stop: Stop; note?: string } {
  const raw =
    typeof rawFinishReason === 'string' && rawFinishReason !== '' ? rawFinishReason : null;
  if (typeof finishReason !== 'string') {
    return {
      stop: { kind: 'unreported', said: null },
      note: `${at}finishReason is ${describeValue(finishReason)}, not one of the AI SDK's finish reasons; the stop is unknown`,
    };
  }
  const said = `finishReason "${finishReason}"${raw === null ? '' : ` (rawFinishReason "${raw}")`}`;
  if (finishReason === 'content-filter' && raw === 'stop') {
    return {
      stop: { kind: 'refusal', said },
      note: `${at}finishReason is "content-filter" with rawFinishReason "stop": the AI SDK's word for an OpenAI refusal, read as a refusal`,
    };
  }
  if (finishReason === 'other' && raw === null && outputTokens === null) {
    return {
      stop: { kind: 'connection-cut', said },
      note: `${at}finishReason is "other" with no rawFinishReason and no output tokens: no finish event reached the AI SDK, as when the provider's stream ends before its last event, so the step is read as a cut stream`,
    };
  }
  const exact = raw === null ? undefined : RAW[raw];
  if (exact !== undefined) return { stop: { kind: exact, said } };
  const kind = Object.hasOwn(UNIFIED, finishReason) ? UNIFIED[finishReason] : undefined;
  if (kind === undefined) {
    return {
      stop: { kind: 'other', said },
      note: `${at}finishReason "${finishReason}" is not one of the AI SDK's finish reasons; read as another stop`,
    };
  }
  return { stop: { kind, said } };
}

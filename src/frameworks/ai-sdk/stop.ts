/**
 * An AI SDK step's stop, as its own `finishReason` (the SDK's unified vocabulary) and
 * `rawFinishReason` (the provider's words) say it. The unified reason folds several provider
 * stops into one (Anthropic's `pause_turn` and `stop_sequence` are both `stop`; a context window
 * that filled is `length`); the raw reason, where the provider gave one, tells them apart again,
 * read through the provider surfaces' own tables (`surfaces/stop-words.ts`). The AI SDK's own
 * mapping is in each provider package (`mapOpenAIFinishReason`, `mapAnthropicStopReason`), read
 * 2026-12-01 in @ai-sdk/openai 3.0.141 and @ai-sdk/anthropic 3.0.140.
 */
import type { Stop, StopKind, Surface, WireSurfaceId } from '../../model/model.js';
import { providerStopReason } from '../../surfaces/stop-words.js';
import { describeValue } from '../../text/describe-value.js';
import { REFUSES_WITHOUT_RAW_REASON } from './providers.js';

/**
 * The AI SDK's unified finish reasons (`FinishReason`), `interrupted` from AI SDK 7 (a stream
 * that ended before its finish event), and `unknown` from AI SDK 4 and 5.
 */
const UNIFIED: Readonly<Record<string, StopKind>> = {
  stop: 'finished',
  interrupted: 'connection-cut',
  'tool-calls': 'finished',
  length: 'ceiling',
  'content-filter': 'filter',
  error: 'failed',
  other: 'other',
  unknown: 'unreported',
};

/**
 * What one of the AI SDK's unified finish reasons means, or `undefined` for a word it does not
 * use: the trace readers meet these words in `ai.response.finishReason`.
 *
 * @example
 * unifiedFinishKind('tool-calls'); // 'finished'
 */
export function unifiedFinishKind(word: string): StopKind | undefined {
  return Object.hasOwn(UNIFIED, word) ? UNIFIED[word] : undefined;
}

/**
 * The stop of a step, with a note for what the fields could not say exactly.
 *
 * - `content-filter` with the raw reason `stop` (Chat Completions), or with none on the Responses
 *   API, is how @ai-sdk/openai reports a refusal: read as one.
 * - `other` with no raw reason and no output token count is what the AI SDK reports when the
 *   provider's stream ended before its finish event (the reason and usage come in that last
 *   event): read as a stream cut, with a note.
 *
 * @example
 * stepStop('length', 'max_tokens', 512, 'steps[0].', 'anthropic-messages'); // { stop: { kind: 'ceiling', said: 'finishReason "length", rawFinishReason "max_tokens"' } }
 */
export function stepStop(
  finishReason: unknown,
  rawFinishReason: unknown,
  outputTokens: number | null,
  at: string,
  surface: Surface,
): { stop: Stop; note?: string } {
  const raw =
    typeof rawFinishReason === 'string' && rawFinishReason !== '' ? rawFinishReason : null;
  if (typeof finishReason !== 'string') {
    return {
      stop: { kind: 'unreported', said: null },
      note: `${at}finishReason is ${describeValue(finishReason)}, not one of the AI SDK's finish reasons; the stop is unknown`,
    };
  }
  // No brackets: a stop is quoted inside them ("Stopped on the output ceiling (…)").
  const said = `finishReason "${finishReason}"${raw === null ? '' : `, rawFinishReason "${raw}"`}`;
  // @ai-sdk/openai says content-filter for a refusal: over Chat its raw reason is "stop"; over
  // the Responses API, whose refusals carry no incomplete_details, there is no raw reason at all
  // (a Responses content filter says "content_filter").
  if (
    finishReason === 'content-filter' &&
    (raw === 'stop' || (raw === null && REFUSES_WITHOUT_RAW_REASON.has(surface as WireSurfaceId)))
  ) {
    return {
      stop: { kind: 'refusal', said },
      note: `${at}finishReason is "content-filter" with ${raw === null ? 'no rawFinishReason on the OpenAI Responses API' : 'rawFinishReason "stop"'}: the AI SDK's word for an OpenAI refusal, read as a refusal`,
    };
  }
  if (finishReason === 'other' && raw === null && outputTokens === null) {
    return {
      stop: { kind: 'connection-cut', said },
      note: `${at}finishReason is "other" with no rawFinishReason and no output tokens: no finish event reached the AI SDK, as when the provider's stream ends before its last event, so the step is read as a cut stream`,
    };
  }
  // The raw reason, where a provider's table knows it, tells apart what the unified one folds.
  const exact = raw === null ? undefined : providerStopReason(raw, surface)?.kind;
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

/**
 * The stop of a LangChain message from a provider this library reads no wire body for (Google,
 * Bedrock, Ollama, Mistral, ...): each integration keeps its provider's word in
 * `response_metadata` under its own key. Data only: where the word is kept, and what each word
 * means in the model's vocabulary.
 */
import type { Stop, StopKind } from '../../model/model.js';
import { asText, type Json } from '../../model/narrow.js';

/**
 * The keys LangChain's integrations keep the stop under, in the order asked: `finish_reason`
 * (OpenAI-compatible, Mistral, Groq), `stop_reason` (Anthropic), `finishReason` (Google),
 * `stopReason` (Bedrock Converse), `done_reason` (Ollama).
 */
export const STOP_KEYS = [
  'finish_reason',
  'stop_reason',
  'finishReason',
  'stopReason',
  'done_reason',
] as const;

/** Each provider's word, lower-cased, as a stop kind. */
const STOP_WORDS: Readonly<Record<string, StopKind>> = {
  stop: 'finished',
  end_turn: 'finished',
  tool_calls: 'finished',
  tool_use: 'finished',
  function_call: 'finished',
  eos: 'finished',
  stop_sequence: 'stop-sequence',
  length: 'ceiling',
  max_tokens: 'ceiling',
  max_output_tokens: 'ceiling',
  model_context_window_exceeded: 'context-window',
  content_filter: 'filter',
  content_filtered: 'filter',
  guardrail_intervened: 'filter',
  safety: 'filter',
  recitation: 'filter',
  blocklist: 'filter',
  prohibited_content: 'filter',
  spii: 'filter',
  image_safety: 'filter',
  refusal: 'refusal',
  pause_turn: 'paused',
  malformed_function_call: 'malformed-call',
};

/**
 * The stop a message's own fields state, with a note when the word is unknown or absent.
 *
 * @example
 * stopOf({ finishReason: 'MAX_TOKENS' }, '').stop; // { kind: 'ceiling', said: 'response_metadata.finishReason "MAX_TOKENS"' }
 */
export function stopOf(metadata: Json, prefix: string): { stop: Stop; note?: string } {
  for (const key of STOP_KEYS) {
    const word = asText(metadata[key]);
    if (word === undefined) continue;
    const said = `${prefix}response_metadata.${key} "${word}"`;
    const lower = word.toLowerCase();
    const kind = Object.hasOwn(STOP_WORDS, lower) ? STOP_WORDS[lower] : undefined;
    if (kind !== undefined) return { stop: { kind, said } };
    return {
      stop: { kind: 'other', said },
      note: `${said} is not a stop this library knows; read as another reason`,
    };
  }
  return {
    stop: { kind: 'unreported', said: null },
    note: `${prefix}response_metadata holds no stop reason (${STOP_KEYS.join(', ')}): whether the output was cut cannot be told`,
  };
}

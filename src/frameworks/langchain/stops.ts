/**
 * The stop of a LangChain message from a provider this library reads no wire body for (Google,
 * Bedrock, Ollama, Mistral, ...): each integration keeps its provider's word in
 * `response_metadata` under its own key: where the word is kept is here; what each word means is
 * the provider surfaces' own tables (`surfaces/stop-words.ts`), its case aside.
 */
import type { Stop } from '../../model/model.js';
import { asText, type Json } from '../../model/narrow.js';
import { anyCaseStopReason } from '../../surfaces/stop-words.js';

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
    const kind = anyCaseStopReason(word)?.kind;
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

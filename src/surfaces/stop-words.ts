/**
 * Every wire surface's stop reasons, gathered for the framework adapters: they meet a
 * provider's word second hand (an AI SDK step's `rawFinishReason`, a LangChain message's
 * `response_metadata`), sometimes without knowing which provider wrote it. The words and what
 * they mean stay in each surface's table; this file only looks them up.
 */
import type { Surface, WireSurfaceId } from '../model/model.js';
import { ANTHROPIC_STOP_REASONS } from './anthropic-messages/stop-reasons.js';
import { BEDROCK_STOP_REASONS } from './bedrock-converse/stop-reasons.js';
import { GEMINI_STOP_REASONS } from './gemini/stop-reasons.js';
import { CHAT_STOP_REASONS } from './openai-chat/finish-reasons.js';
import { RESPONSES_INCOMPLETE_REASONS } from './openai-responses/stop-reasons.js';
import type { StopReason, StopReasons } from './stop-reasons.js';

/** Each wire surface's table, one line a surface. */
const BY_SURFACE: Readonly<Record<WireSurfaceId, StopReasons>> = {
  'openai-responses': RESPONSES_INCOMPLETE_REASONS,
  'openai-chat': CHAT_STOP_REASONS,
  'anthropic-messages': ANTHROPIC_STOP_REASONS,
  gemini: GEMINI_STOP_REASONS,
  'bedrock-converse': BEDROCK_STOP_REASONS,
};

const TABLES = Object.values(BY_SURFACE);

/**
 * What a provider's stop word means: in the table of `surface` when it is a wire surface, else
 * in the first table that lists the word (no word means two things across the tables: a test
 * holds that); `undefined` when no table lists it.
 *
 * @example
 * providerStopReason('pause_turn', null)?.kind; // 'paused'
 */
export function providerStopReason(word: string, surface: Surface | null): StopReason | undefined {
  const own = surface === null ? undefined : (BY_SURFACE as Record<string, StopReasons>)[surface];
  const tables = own === undefined ? TABLES : [own];
  for (const table of tables) {
    const entry = table.reasons.find((reason) => reason.reason === word);
    if (entry !== undefined) return entry;
  }
  return undefined;
}

const BY_LOWER_CASE = new Map<string, StopReason>();
for (const table of TABLES) {
  for (const entry of table.reasons) {
    const key = entry.reason.toLowerCase();
    if (!BY_LOWER_CASE.has(key)) BY_LOWER_CASE.set(key, entry);
  }
}

/**
 * What a stop word means in any provider's table, its case aside: for words that reach a
 * framework through an integration that may have changed their case (LangChain's
 * `finishReason: 'MAX_TOKENS'` or `'max_tokens'`).
 *
 * @example
 * anyCaseStopReason('Safety')?.kind; // 'filter'
 */
export function anyCaseStopReason(word: string): StopReason | undefined {
  return BY_LOWER_CASE.get(word.toLowerCase());
}

/**
 * Every table, for the test that holds no word to two meanings.
 *
 * @example
 * Object.keys(STOP_REASONS_BY_SURFACE); // ['openai-responses', 'openai-chat', ...]
 */
export const STOP_REASONS_BY_SURFACE = BY_SURFACE;

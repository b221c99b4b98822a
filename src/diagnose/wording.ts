import type { Surface, Turn } from '../model/model.js';
import { plural } from '../text/plural.js';

/** The request field that sets this turn's output ceiling: the one it was read from, else the provider's current name. */
export function ceilingField(turn: Turn): string {
  if (turn.maxOutputTokensField !== null) return turn.maxOutputTokensField;
  switch (turn.surface) {
    case 'openai-responses':
      return 'max_output_tokens';
    case 'openai-chat':
      return 'max_completion_tokens';
    case 'anthropic-messages':
      return 'max_tokens';
    case 'gemini':
      return 'generationConfig.maxOutputTokens';
  }
}

/** How to have a provider hold calls to their schema: `strict: true`, or Gemini's validated mode. */
export function strictAdvice(surface: Surface, name: string): string {
  if (surface === 'gemini') {
    return `Set toolConfig.functionCallingConfig.mode to "VALIDATED" so Gemini holds calls to ${name} to its declared schema.`;
  }
  if (surface === 'anthropic-messages') {
    return `Declare ${name} with strict: true (and additionalProperties: false) so Anthropic holds its input to the schema.`;
  }
  return `Declare ${name} with strict: true, additionalProperties: false on every object and every property listed in required, so decoding is held to the schema.`;
}

/** "a valid JSON prefix (ends inside a string; 2 unclosed containers)", from the scanner's reason. */
export function prefixPhrase(reason: string | undefined): string {
  return reason ? `a valid JSON prefix (${reason})` : 'a valid JSON prefix';
}

export function providerName(surface: Surface): string {
  switch (surface) {
    case 'openai-responses':
      return 'the OpenAI Responses API';
    case 'openai-chat':
      return 'OpenAI Chat Completions';
    case 'anthropic-messages':
      return 'Anthropic';
    case 'gemini':
      return 'Gemini';
  }
}

export function percent(share: number): string {
  return `${Math.round(share * 100)}%`;
}

/** The share of the ceiling this turn used, or `null` when either number is unknown. */
export function ceilingShare(turn: Turn): number | null {
  if (turn.maxOutputTokens === null || turn.outputTokens === null || turn.maxOutputTokens === 0) {
    return null;
  }
  return turn.outputTokens / turn.maxOutputTokens;
}

/** The share of output spent on reasoning, or `null` when not reported. */
export function reasoningShare(turn: Turn): number | null {
  if (turn.reasoningTokens === null || turn.outputTokens === null || turn.outputTokens === 0) {
    return null;
  }
  return Math.min(1, turn.reasoningTokens / turn.outputTokens);
}

/**
 * This turn's numbers in one phrase: "used 4,096 of a 4,096-token ceiling (100%)".
 * A ceiling that is not known is said to be unknown, never shown as 0.
 */
export function usagePhrase(turn: Turn): string {
  const used = turn.outputTokens;
  const cap = turn.maxOutputTokens;
  if (used !== null && cap !== null) {
    const share = ceilingShare(turn);
    return `used ${plural(used, 'token')} of a ${cap.toLocaleString('en-US')}-token ceiling${share === null ? '' : ` (${percent(share)})`}`;
  }
  if (used !== null) {
    return `used ${plural(used, 'token')}; the ceiling is not in the payload (pass the request or { maxOutputTokens })`;
  }
  if (cap !== null)
    return `the ceiling was ${plural(cap, 'token')}; output tokens were not reported`;
  return 'neither the ceiling nor the output tokens are in the payload';
}

/** Quotes a name for a message. */
export function quoted(name: string): string {
  return name === '' ? '(no name)' : `"${name}"`;
}

/** Names in a list, at most `limit` of them. */
export function nameList(names: readonly string[], limit = 8): string {
  const shown = names.slice(0, limit).map(quoted).join(', ');
  return names.length > limit ? `${shown} and ${names.length - limit} more` : shown;
}

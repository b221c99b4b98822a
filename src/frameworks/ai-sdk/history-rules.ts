/**
 * The AI SDK's own rule for the conversation it is given, as data: before any provider sees a
 * prompt, `convertToLanguageModelPrompt` (ai 6) merges consecutive tool messages, skips calls the
 * provider executed, and throws `MissingToolResultsError` when a user or system message (or the
 * end of the prompt) comes while a tool call still waits for its result. It names no other break:
 * a result for no call is dropped, and the provider behind the model judges the rest.
 */
import type { HistoryRules } from '../../surfaces/history.js';

const CONVERTER =
  'https://github.com/vercel/ai/blob/main/packages/ai/src/prompt/convert-to-language-model-prompt.ts';

/**
 * The AI SDK's history rules.
 *
 * @example
 * AI_SDK_HISTORY_RULES.placement; // 'until-user'
 */
export const AI_SDK_HISTORY_RULES: HistoryRules = {
  placement: 'until-user',
  resultsLead: false,
  matchByName: false,
  callNoun: 'tool-call part',
  resultNoun: 'tool-result part',
  placementSaid:
    'tool-result parts must come in tool messages after their tool-call, before the next user or system message',
  // Consecutive tool messages are merged; the placement reads them as they stand.
  combinesSameRole: null,
  refusedWith: 'throws MissingToolResultsError before any provider sees the prompt',
  rules: [
    {
      breaks: 'unanswered-call',
      requires:
        'every tool-call part the provider did not execute has a tool-result part (or an approval response) in a tool message before the next user or system message, or the end of the prompt',
      error: 'Tool result is missing for tool call <id>.',
      source: {
        url: CONVERTER,
        read: '2026-12-02',
        errorSeen: 'https://github.com/op7418/CodePilot/issues/529',
      },
    },
  ],
};

/**
 * Gemini's rules for the `contents` a generateContent request sends back, as data: a model
 * turn's `functionCall` parts are answered by the very next turn, which holds as many
 * `functionResponse` parts (matched by `id` where both carry one, else by name in order). The
 * error texts are the API's 400s as users reported them word for word.
 */
import type { HistoryRules } from '../history.js';

const GUIDE = 'https://ai.google.dev/gemini-api/docs/function-calling';
const READ = '2026-12-01';

/**
 * The Gemini history rules. Gemini documents no rule on repeated ids (they are optional), so
 * none is flagged here.
 *
 * @example
 * GEMINI_HISTORY_RULES.matchByName; // true
 */
export const GEMINI_HISTORY_RULES: HistoryRules = {
  placement: 'next-message',
  resultsLead: false,
  matchByName: true,
  callNoun: 'functionCall part',
  resultNoun: 'functionResponse part',
  placementSaid: 'functionResponse parts must be in the turn right after the functionCall turn',
  // Gemini documents nothing on it; recorded requests whose calls or responses were split over
  // back-to-back contents of one role were answered 200 by gemini-2.5-flash and gemini-3.
  combinesSameRole: {
    evidence:
      'requests splitting a turn over back-to-back contents of one role were answered 200 (gemini-2.5-flash, gemini-3-flash-preview)',
    source: { url: GUIDE, read: '2026-12-02' },
  },
  rules: [
    {
      breaks: 'unanswered-call',
      requires:
        'the turn after a function call turn holds one functionResponse part for each functionCall part',
      error:
        'Please ensure that the number of function response parts is equal to the number of function call parts of the function call turn.',
      source: {
        url: GUIDE,
        read: READ,
        errorSeen: 'https://github.com/google-gemini/gemini-cli/issues/4217',
      },
    },
    {
      breaks: 'orphan-result',
      requires:
        'a function response turn comes right after a function call turn, and answers its calls',
      error:
        'Please ensure that function response turn comes immediately after a function call turn.',
      source: {
        url: GUIDE,
        read: READ,
        errorSeen: 'https://github.com/langchain-ai/langchain/issues/27799',
      },
    },
    {
      breaks: 'result-misplaced',
      requires: 'the functionResponse parts sit in the turn right after their functionCall turn',
      error:
        'Please ensure that the number of function response parts is equal to the number of function call parts of the function call turn.',
      source: {
        url: GUIDE,
        read: READ,
        errorSeen: 'https://github.com/google-gemini/gemini-cli/issues/4217',
      },
    },
  ],
};

/**
 * The `finishReason` values of a Gemini candidate, as data. A reason not listed reads as
 * `other`, with its word quoted.
 */
import type { StopReasons } from '../stop-reasons.js';

const FILTERS = [
  ['SAFETY', 'the candidate was flagged for safety reasons'],
  ['RECITATION', 'the candidate was flagged for recitation (unauthorised citations)'],
  ['BLOCKLIST', 'the candidate held a term of the terminology blocklist'],
  ['PROHIBITED_CONTENT', 'the candidate was flagged for prohibited content'],
  ['SPII', 'the candidate was flagged for sensitive personally identifiable information'],
  ['IMAGE_SAFETY', 'a generated image was flagged for safety reasons'],
  ['IMAGE_PROHIBITED_CONTENT', 'a generated image was flagged for prohibited content'],
  ['IMAGE_RECITATION', 'a generated image was flagged for recitation'],
] as const;

/**
 * Every `finishReason` this library reads on a Gemini candidate.
 *
 * @example
 * stopReasonIn(GEMINI_STOP_REASONS, 'MALFORMED_FUNCTION_CALL')?.kind; // 'malformed-call'
 */
export const GEMINI_STOP_REASONS: StopReasons = {
  field: 'finishReason',
  source: {
    url: 'https://ai.google.dev/api/generate-content#FinishReason',
    read: '2026-12-02',
  },
  reasons: [
    {
      reason: 'STOP',
      kind: 'finished',
      means: 'a natural stop point of the model, or a stop sequence',
    },
    { reason: 'MAX_TOKENS', kind: 'ceiling', means: 'maxOutputTokens was reached' },
    ...FILTERS.map(([reason, means]) => ({ reason, kind: 'filter' as const, means })),
    {
      reason: 'MALFORMED_FUNCTION_CALL',
      kind: 'malformed-call',
      means: 'the model generated a function call Gemini could not parse',
    },
    { reason: 'LANGUAGE', kind: 'other', means: 'the candidate used an unsupported language' },
    { reason: 'OTHER', kind: 'other', means: 'any other reason' },
    { reason: 'FINISH_REASON_UNSPECIFIED', kind: 'other', means: 'the reason is unspecified' },
  ],
};

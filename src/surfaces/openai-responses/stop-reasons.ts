/**
 * Why a Responses API response is `incomplete` (`incomplete_details.reason`), as data. The
 * other statuses (`completed`, `failed`, `in_progress`, `queued`) are read by the reader; a
 * reason not listed reads as `other`, with its word quoted.
 */
import type { StopReasons } from '../stop-reasons.js';

/**
 * Every `incomplete_details.reason` the Responses API documents.
 *
 * @example
 * stopReasonIn(RESPONSES_INCOMPLETE_REASONS, 'max_output_tokens')?.kind; // 'ceiling'
 */
export const RESPONSES_INCOMPLETE_REASONS: StopReasons = {
  field: 'incomplete_details.reason',
  source: {
    url: 'https://platform.openai.com/docs/api-reference/responses/object',
    read: '2026-12-02',
  },
  reasons: [
    { reason: 'max_output_tokens', kind: 'ceiling', means: 'max_output_tokens was reached' },
    { reason: 'content_filter', kind: 'filter', means: 'a content filter stopped the output' },
  ],
};

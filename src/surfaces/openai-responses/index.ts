import { asText } from '../../model/narrow.js';
import type { WireSurface } from '../types.js';
import { responsesHistory } from './history.js';
import { readResponsesResponse, readResponsesSettings } from './read.js';
import { createResponsesAssembler } from './stream.js';
import { RESPONSES_OMITTED_STRICT } from './strict-default.js';
import { OPENAI_STRICT } from './strict-rules.js';
import { readResponsesTool } from './tools.js';

/** OpenAI's Responses API: `POST /v1/responses`, its `output[]` items, and its echoed settings. */
export const openaiResponses: WireSurface = {
  kind: 'wire',
  id: 'openai-responses',
  title: 'OpenAI Responses API',
  titleTakesThe: true,
  response: {
    recognise: (body) =>
      body.object === 'response' || (Array.isArray(body.output) && !Array.isArray(body.choices)),
    read: (body, _choice, toolsInto) => readResponsesResponse(body, toolsInto),
  },
  request: {
    // `input`, `instructions` and `max_output_tokens` are shared with no other surface read
    // here, but a body with only `tools` lands here too: the least specific claim.
    specificity: 1,
    recognise: (body) =>
      Object.hasOwn(body, 'input') ||
      Object.hasOwn(body, 'instructions') ||
      Object.hasOwn(body, 'max_output_tokens') ||
      Object.hasOwn(body, 'tools'),
    readSettings: readResponsesSettings,
  },
  tools: readResponsesTool,
  history: responsesHistory,
  stream: {
    claims: (event) => (asText(event.type)?.startsWith('response.') ? 2 : 0),
    // The `error` event carries code and message at its top level, with no nested error.
    claimsError: (event) =>
      event.type === 'error' && event.error === undefined && typeof event.message === 'string',
    assembler: createResponsesAssembler,
  },
  facts: {
    ceilingField: 'max_output_tokens',
    cutCallsLookWhole: false,
    callItem: 'function_call item',
    streamEnd: 'response.completed, .incomplete or .failed',
    strict: {
      ...OPENAI_STRICT,
      whenUnstated: RESPONSES_OMITTED_STRICT,
      source: {
        url: 'https://platform.openai.com/docs/guides/function-calling#strict-mode',
        read: '2026-11-30',
      },
    },
  },
};

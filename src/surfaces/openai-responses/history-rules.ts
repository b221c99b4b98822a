/**
 * The Responses API's rules for the input items a request sends back, as data: every
 * `function_call` item is answered by a `function_call_output` item with its `call_id`, and
 * every output answers a call. Pairing is by `call_id` alone; OpenAI documents no order
 * between them, so none is required here. With `previous_response_id` (or a `conversation`) the
 * earlier calls are held by the server, and an output may answer a call the request does not
 * show: such outputs are not flagged.
 */
import type { HistoryRules } from '../history.js';

const GUIDE = 'https://platform.openai.com/docs/guides/function-calling';
const READ = '2026-12-01';

/**
 * The Responses API history rules.
 *
 * @example
 * RESPONSES_HISTORY_RULES.placement; // 'anywhere'
 */
export const RESPONSES_HISTORY_RULES: HistoryRules = {
  placement: 'anywhere',
  resultsLead: false,
  matchByName: false,
  callNoun: 'function_call item',
  resultNoun: 'function_call_output item',
  placementSaid: 'outputs are paired with calls by call_id alone',
  // Items pair by call_id alone, wherever they sit.
  combinesSameRole: null,
  rules: [
    {
      breaks: 'unanswered-call',
      requires:
        'every function_call item in input is answered by a function_call_output item with its call_id',
      error: 'No tool output found for function call <id>.',
      source: {
        url: GUIDE,
        read: READ,
        errorSeen: 'https://github.com/jlcodes99/cockpit-tools/issues/1234',
      },
    },
    {
      breaks: 'orphan-result',
      requires: 'every function_call_output item answers a function_call with its call_id',
      error: 'No tool call found for function call output with call_id <id>.',
      source: {
        url: GUIDE,
        read: READ,
        errorSeen: 'https://github.com/agentscope-ai/AgentTeams/issues/299',
      },
    },
  ],
};

/**
 * Where OpenAI documents that `previous_response_id` carries the earlier turns, for the note.
 *
 * @example
 * RESPONSES_CONTINUATION_SOURCE.url; // 'https://platform.openai.com/docs/guides/conversation-state'
 */
export const RESPONSES_CONTINUATION_SOURCE = {
  url: 'https://platform.openai.com/docs/guides/conversation-state',
  read: READ,
};

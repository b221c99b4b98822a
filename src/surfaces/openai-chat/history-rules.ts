/**
 * OpenAI Chat Completions' rules for the tool history a request sends back, as data: an
 * assistant message's `tool_calls` are answered by the `tool` messages right after it, each
 * naming one `tool_call_id`. The error texts are the 400s the API answers with, as users
 * reported them word for word.
 */
import type { HistoryRules } from '../history.js';

const GUIDE = 'https://platform.openai.com/docs/guides/function-calling';
const READ = '2026-12-01';

/**
 * The Chat Completions history rules. OpenAI documents no rule against two calls sharing an id,
 * but answers one with a 400 that users quote in public threads, so that 400 is the rule's source.
 *
 * @example
 * CHAT_HISTORY_RULES.rules.map((rule) => rule.breaks); // ['unanswered-call', 'orphan-result', 'result-misplaced', 'duplicate-call-id']
 */
export const CHAT_HISTORY_RULES: HistoryRules = {
  placement: 'following-run',
  resultsLead: false,
  matchByName: false,
  callNoun: 'tool call',
  resultNoun: 'tool message',
  placementSaid:
    'tool messages must follow the assistant message whose tool_calls they answer, with no other message between',
  // Each message stands alone; tool messages are answers in their own right.
  combinesSameRole: null,
  rules: [
    {
      breaks: 'unanswered-call',
      requires:
        "every entry of an assistant message's tool_calls is answered by a tool message with its tool_call_id, right after that message",
      error:
        "An assistant message with 'tool_calls' must be followed by tool messages responding to each 'tool_call_id'. The following tool_call_ids did not have response messages: <id>",
      source: {
        url: GUIDE,
        read: READ,
        errorSeen: 'https://github.com/BerriAI/litellm/issues/10083',
      },
    },
    {
      breaks: 'orphan-result',
      requires: 'every tool message answers a tool call of the assistant message before it',
      error:
        "Invalid parameter: messages with role 'tool' must be a response to a preceeding message with 'tool_calls'.",
      source: { url: GUIDE, read: READ, errorSeen: 'https://github.com/miurla/morphic/issues/136' },
    },
    {
      // The API meets the call first and reports it unanswered; the tool message after the gap
      // then answers nothing. One break, worded for what the person must move.
      breaks: 'result-misplaced',
      requires: 'the tool messages answering a tool call follow its assistant message directly',
      error:
        "An assistant message with 'tool_calls' must be followed by tool messages responding to each 'tool_call_id'. The following tool_call_ids did not have response messages: <id>",
      source: {
        url: GUIDE,
        read: READ,
        errorSeen: 'https://github.com/BerriAI/litellm/issues/10083',
      },
    },
    {
      // Undocumented; the 400 names two tool messages answering one id, right after each other
      // (agno-agi/agno#5116, fatwang2/search2ai#30, anomalyco/opencode#1211).
      breaks: 'duplicate-call-id',
      requires:
        'the tool_call ids of one assistant message, and the tool messages answering them, are unique',
      error:
        "Invalid parameter: Duplicate value for 'tool_call_id' of '<id>', in messages[N] and messages[N].",
      source: {
        url: 'https://github.com/agno-agi/agno/issues/5116',
        read: '2026-12-02',
        errorSeen: 'https://github.com/fatwang2/search2ai/issues/30',
      },
    },
  ],
};

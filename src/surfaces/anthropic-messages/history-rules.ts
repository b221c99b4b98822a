/**
 * Anthropic's rules for the tool history a Messages request sends back, as data: the
 * `tool_result` blocks for an assistant message's `tool_use` blocks sit in the very next (user)
 * message, before any other content of it, and `tool_use` ids are unique. The docs say so under
 * "Handling tool use and tool result content blocks"; the error texts are the API's 400s as
 * users reported them word for word.
 */
import type { HistoryRules } from '../history.js';

const GUIDE = 'https://docs.anthropic.com/en/docs/agents-and-tools/tool-use/implement-tool-use';
const READ = '2026-12-01';

/**
 * The Anthropic Messages history rules.
 *
 * @example
 * ANTHROPIC_HISTORY_RULES.resultsLead; // true: tool_result blocks open their message
 */
export const ANTHROPIC_HISTORY_RULES: HistoryRules = {
  placement: 'next-message',
  resultsLead: true,
  matchByName: false,
  callNoun: 'tool_use block',
  resultNoun: 'tool_result block',
  placementSaid:
    'tool_result blocks must open the message right after their tool_use, before any other content',
  combinesSameRole: {
    evidence:
      'its Messages API reference: "Consecutive user or assistant turns in your request will be combined into a single turn"',
    source: { url: 'https://docs.claude.com/en/api/messages', read: '2026-12-02' },
  },
  rules: [
    {
      breaks: 'unanswered-call',
      requires: 'each tool_use block has a tool_result block in the next message',
      error:
        'messages.N: `tool_use` ids were found without `tool_result` blocks immediately after: <id>. Each `tool_use` block must have a corresponding `tool_result` block in the next message.',
      source: {
        url: GUIDE,
        read: READ,
        errorSeen: 'https://github.com/anthropics/claude-code/issues/5989',
      },
    },
    {
      breaks: 'orphan-result',
      requires: 'each tool_result block answers a tool_use block of the message before it',
      error:
        'messages.N.content.N: unexpected `tool_use_id` found in `tool_result` blocks: <id>. Each `tool_result` block must have a corresponding `tool_use` block in the previous message.',
      source: {
        url: GUIDE,
        read: READ,
        errorSeen: 'https://github.com/anthropics/claude-code/issues/13460',
      },
    },
    {
      breaks: 'result-misplaced',
      requires:
        'tool_result blocks immediately follow their tool_use, and come first in the user message, before any text',
      error:
        'messages.N: `tool_use` ids were found without `tool_result` blocks immediately after: <id>. Each `tool_use` block must have a corresponding `tool_result` block in the next message.',
      source: {
        url: GUIDE,
        read: READ,
        errorSeen: 'https://github.com/anthropics/claude-code/issues/5989',
      },
    },
    {
      // The 400s point at two blocks of one message; an id reused by a later turn was answered 200.
      breaks: 'duplicate-call-id',
      requires: 'the tool_use ids of one message are unique',
      error: 'messages.N.content.N: `tool_use` ids must be unique',
      source: { url: GUIDE, read: READ, errorSeen: 'https://github.com/trycua/cua/issues/524' },
    },
  ],
};

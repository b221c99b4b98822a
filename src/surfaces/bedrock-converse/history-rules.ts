/**
 * Bedrock Converse's rules for the `messages` a request sends back, as data: the `toolResult`
 * blocks answering an assistant message's `toolUse` blocks sit in the very next (user) message.
 * AWS documents the turn order in its tool-use guide; the error texts are Converse's
 * ValidationExceptions as users reported them word for word. AWS documents no order of blocks
 * within that message and no rule on repeated ids, so neither is flagged here.
 */
import type { HistoryRules } from '../history.js';

const GUIDE = 'https://docs.aws.amazon.com/bedrock/latest/userguide/tool-use-inference-call.html';
const READ = '2026-12-01';

/**
 * The Bedrock Converse history rules.
 *
 * @example
 * BEDROCK_HISTORY_RULES.resultNoun; // 'toolResult block'
 */
export const BEDROCK_HISTORY_RULES: HistoryRules = {
  placement: 'next-message',
  resultsLead: false,
  matchByName: false,
  callNoun: 'toolUse block',
  resultNoun: 'toolResult block',
  placementSaid: 'toolResult blocks must be in the message right after their toolUse',
  // Converse refuses them: "A conversation must alternate between user and assistant roles".
  combinesSameRole: null,
  rules: [
    {
      breaks: 'unanswered-call',
      requires: 'each toolUse block has a toolResult block with its toolUseId in the next message',
      error: 'Expected toolResult blocks at messages.N.content for the following Ids: <id>',
      source: {
        url: GUIDE,
        read: READ,
        errorSeen: 'https://github.com/crewAIInc/crewAI/issues/4749',
      },
    },
    {
      breaks: 'orphan-result',
      requires: 'each toolResult block answers a toolUse block of the message before it',
      error:
        'The number of toolResult blocks at messages.N.content exceeds the number of toolUse blocks of previous turn.',
      source: {
        url: GUIDE,
        read: READ,
        errorSeen: 'https://github.com/pydantic/pydantic-ai/issues/2327',
      },
    },
    {
      breaks: 'result-misplaced',
      requires: 'the toolResult blocks sit in the message right after their toolUse blocks',
      error: 'Expected toolResult blocks at messages.N.content for the following Ids: <id>',
      source: {
        url: GUIDE,
        read: READ,
        errorSeen: 'https://github.com/crewAIInc/crewAI/issues/4749',
      },
    },
  ],
};

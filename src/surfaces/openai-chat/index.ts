import { asList, recordOf } from '../../model/narrow.js';
import { OPENAI_STRICT } from '../openai-responses/strict-rules.js';
import type { WireSurface } from '../types.js';
import { chatHistory } from './history.js';
import { readChatResponse, readChatSettings } from './read.js';
import { createChatAssembler } from './stream.js';
import { readChatTool } from './tools.js';

/** OpenAI Chat Completions, and the many servers that speak it: `choices[]` and chunks. */
export const openaiChat: WireSurface = {
  kind: 'wire',
  id: 'openai-chat',
  title: 'OpenAI Chat Completions',
  response: {
    recognise: (body) =>
      body.object === 'chat.completion' ||
      (body.object === undefined && Array.isArray(body.choices)) ||
      isChatSnapshot(body),
    alternatives: { noun: 'choice', of: (body) => asList(body.choices) },
    read: (body, choice) => readChatResponse(body, choice),
  },
  request: {
    specificity: 2,
    recognise: (body) =>
      Object.hasOwn(body, 'messages') ||
      Object.hasOwn(body, 'max_completion_tokens') ||
      Object.hasOwn(body, 'response_format') ||
      (asList(body.tools) ?? []).some((tool) => {
        const declared = recordOf(tool);
        return declared !== undefined && Object.hasOwn(declared, 'function');
      }),
    readSettings: readChatSettings,
  },
  tools: readChatTool,
  history: chatHistory,
  stream: {
    // OpenAI's error body, also sent mid-stream by compatible servers: `{ "error": { "message", "type" } }`.
    claimsError: (event) => {
      const error = recordOf(event.error);
      return error !== undefined && event.type === undefined && typeof error.status !== 'string';
    },
    claims(event) {
      if (event.object === 'chat.completion.chunk') return 2;
      // Azure's first chunk carries only prompt_filter_results, with `object: ""` and no
      // choices; a legacy Completions chunk (`object: "text_completion"`) has choices too.
      return Array.isArray(event.choices) && (event.object === undefined || event.object === '')
        ? 1
        : 0;
    },
    assembler: createChatAssembler,
  },
  facts: {
    ceilingField: 'max_completion_tokens',
    cutCallsLookWhole: false,
    callItem: 'tool call',
    streamEnd: '[DONE], or a finish_reason on every choice',
    strict: {
      ...OPENAI_STRICT,
      whenUnstated: 'not-strict',
      source: {
        url: 'https://platform.openai.com/docs/guides/function-calling#parallel-function-calling',
        read: '2026-11-30',
      },
    },
  },
};

/**
 * The OpenAI SDK's running chat snapshot keeps the chunk label but holds whole messages, so it
 * reads as a response (a single delta chunk does not).
 */
function isChatSnapshot(body: Record<string, unknown>): boolean {
  return (
    body.object === 'chat.completion.chunk' &&
    (asList(body.choices) ?? []).some((choice) => recordOf(recordOf(choice)?.message) !== undefined)
  );
}

/**
 * Reads the conversation an Anthropic Messages request sends back into a neutral history:
 * `tool_use` blocks are calls, `tool_result` blocks results naming their `tool_use_id`.
 * Server tools (`server_tool_use` and their results) are answered by Anthropic inside the same
 * message, so they are not part of what the client must answer.
 */
import { asList, asText, type Json, recordOf } from '../../model/narrow.js';
import {
  type HistoryFormat,
  OTHER_PART,
  type PartedFormat,
  type PartReading,
  readPartedHistory,
  type ToolHistory,
} from '../history.js';
import { ANTHROPIC_HISTORY_RULES } from './history-rules.js';

function part(block: Json): PartReading {
  if (block.type === 'tool_use') {
    return { kind: 'call', id: asText(block.id) ?? null, name: asText(block.name) ?? null };
  }
  if (block.type === 'tool_result') {
    return { kind: 'result', id: asText(block.tool_use_id) ?? null, name: null };
  }
  return OTHER_PART;
}

const FORMAT: PartedFormat = {
  listName: 'messages',
  partsField: 'content',
  part,
  provider: 'Anthropic',
  rules: ANTHROPIC_HISTORY_RULES,
};

/**
 * Reads `messages` into a {@link ToolHistory}; `null` when the body has no `messages` list.
 *
 * @example
 * readAnthropicHistory({ messages: [{ role: 'user', content: [{ type: 'tool_result', tool_use_id: 'toolu_1' }] }] })?.messages[0]?.results[0]?.leading; // true
 */
export function readAnthropicHistory(body: Json): ToolHistory | null {
  const list = asList(body.messages);
  return list === undefined ? null : readPartedHistory(list, FORMAT);
}

/** Content block types only the Messages API writes, besides the `*_tool_result` family. */
const ANTHROPIC_BLOCKS = new Set([
  'tool_use',
  'tool_result',
  'server_tool_use',
  'mcp_tool_use',
  'thinking',
  'redacted_thinking',
  'document',
  'search_result',
  'container_upload',
]);

/**
 * Whether a content block's type is one only the Messages API writes: its client and server
 * tool blocks (`server_tool_use`, `web_search_tool_result`, `mcp_tool_use`, ...), thinking and
 * documents. A request whose only tool blocks are server-side is Anthropic's all the same.
 */
function isAnthropicBlock(type: unknown): boolean {
  return typeof type === 'string' && (ANTHROPIC_BLOCKS.has(type) || type.endsWith('_tool_result'));
}

/** Typed blocks only Anthropic writes say the conversation is its own. */
function claimsAnthropic(body: Json): 0 | 1 | 2 {
  const list = asList(body.messages);
  if (list === undefined) return 0;
  for (const item of list) {
    const message = recordOf(item);
    if (message === undefined) continue;
    if (message.role === 'tool' || Array.isArray(message.tool_calls)) return 0;
    for (const block of asList(message.content) ?? []) {
      if (isAnthropicBlock(recordOf(block)?.type)) return 2;
    }
  }
  return 1;
}

/**
 * The Anthropic Messages history format: reader, claim and rules.
 *
 * @example
 * anthropicHistory.claims({ messages: [{ role: 'assistant', content: [{ type: 'tool_use', id: 't', name: 'f', input: {} }] }] }); // 2
 */
export const anthropicHistory: HistoryFormat = {
  list: 'messages',
  claims: claimsAnthropic,
  read: readAnthropicHistory,
  rules: ANTHROPIC_HISTORY_RULES,
};

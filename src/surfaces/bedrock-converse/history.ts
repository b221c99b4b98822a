/**
 * Reads the conversation a Bedrock Converse request sends back into a neutral history:
 * `toolUse` blocks are calls, `toolResult` blocks results naming their `toolUseId`. A Converse
 * content block is a union with one member set, named by its key rather than a `type` field.
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
import { BEDROCK_HISTORY_RULES } from './history-rules.js';

/**
 * A built-in tool the model runs on the server (Nova's `nova_code_interpreter`) is a `toolUse` of
 * type `server_tool_use`, answered inside the same assistant message by a `toolResult` of its
 * own type: output of the turn, which no client result answers. A recorded request sending both
 * back was answered 200.
 */
function part(block: Json, role: string | undefined): PartReading {
  const use = recordOf(block.toolUse);
  if (use !== undefined) {
    if (use.type === 'server_tool_use') return OTHER_PART;
    return { kind: 'call', id: asText(use.toolUseId) ?? null, name: asText(use.name) ?? null };
  }
  const result = recordOf(block.toolResult);
  if (result !== undefined) {
    if (role === 'assistant') return OTHER_PART;
    return { kind: 'result', id: asText(result.toolUseId) ?? null, name: null };
  }
  return OTHER_PART;
}

const FORMAT: PartedFormat = {
  listName: 'messages',
  partsField: 'content',
  part,
  provider: 'Bedrock',
  rules: BEDROCK_HISTORY_RULES,
};

/**
 * Reads `messages` into a {@link ToolHistory}; `null` when the body has no `messages` list.
 *
 * @example
 * readBedrockHistory({ messages: [{ role: 'assistant', content: [{ toolUse: { toolUseId: 'tooluse_1', name: 'f', input: {} } }] }] })?.messages[0]?.calls[0]?.name; // 'f'
 */
export function readBedrockHistory(body: Json): ToolHistory | null {
  const list = asList(body.messages);
  return list === undefined ? null : readPartedHistory(list, FORMAT);
}

/** Blocks keyed `toolUse` / `toolResult` are Converse's alone; untyped blocks a guess. */
function claimsBedrock(body: Json): 0 | 1 | 2 {
  const list = asList(body.messages);
  if (list === undefined) return 0;
  let untyped = false;
  for (const item of list) {
    const message = recordOf(item);
    if (message === undefined) continue;
    if (message.role === 'tool' || Array.isArray(message.tool_calls)) return 0;
    for (const block of asList(message.content) ?? []) {
      const value = recordOf(block);
      if (value === undefined) continue;
      if (Object.hasOwn(value, 'toolUse') || Object.hasOwn(value, 'toolResult')) return 2;
      if (value.type !== undefined) return 0;
      untyped = true;
    }
  }
  return untyped ? 1 : 0;
}

/**
 * The Bedrock Converse history format: reader, claim and rules.
 *
 * @example
 * bedrockHistory.claims({ messages: [{ role: 'user', content: [{ toolResult: { toolUseId: 't', content: [] } }] }] }); // 2
 */
export const bedrockHistory: HistoryFormat = {
  list: 'messages',
  claims: claimsBedrock,
  read: readBedrockHistory,
  rules: BEDROCK_HISTORY_RULES,
};

/**
 * Reads the conversation a Chat Completions request sends back into a neutral history: an
 * assistant message's `tool_calls` are calls, a `tool` message is a result naming its
 * `tool_call_id`. The legacy `function_call` / `function` messages carry no ids to pair; they
 * are noted, not paired.
 */
import { asList, asText, type Json, recordOf } from '../../model/narrow.js';
import {
  type HistoryFormat,
  type HistoryItem,
  type HistoryMessage,
  idNote,
  junkNote,
  listedMessage,
  type ToolHistory,
} from '../history.js';
import { CHAT_HISTORY_RULES } from './history-rules.js';

/**
 * Reads `messages` into a {@link ToolHistory}; `null` when the body has no `messages` list.
 *
 * @example
 * readChatHistory({ messages: [{ role: 'tool', tool_call_id: 'call_1', content: 'ok' }] })?.messages[0]?.results[0]?.id; // 'call_1'
 */
export function readChatHistory(body: Json): ToolHistory | null {
  const list = asList(body.messages);
  if (list === undefined) return null;
  const notes: string[] = [];
  // Pushed, not preallocated: V8 keeps an array made with `new Array(n)` for n past 100,000 as
  // a dictionary, slow to fill and heavy for the collector.
  const messages: HistoryMessage[] = [];
  let legacy: string | null = null;
  // A message's path is written only for the messages that need it: most are plain text.
  for (let index = 0; index < list.length; index += 1) {
    const message = recordOf(list[index]);
    if (message === undefined) {
      notes.push(junkNote(`messages[${index}]`, list[index], 'a message'));
      messages.push(listedMessage('messages', index));
      continue;
    }
    if (message.role === 'tool') {
      const at = `messages[${index}]`;
      const id = asText(message.tool_call_id) ?? null;
      if (id === null) {
        notes.push(
          idNote(
            at,
            'a tool message',
            'tool_call_id',
            message.tool_call_id,
            'it answers only a call with no id, in order',
          ),
        );
      }
      const result = { id, name: null, at, leading: true };
      messages.push(listedMessage('messages', index, undefined, [result], true));
      continue;
    }
    if (legacy === null && (message.role === 'function' || message.function_call !== undefined)) {
      legacy = `messages[${index}]`;
    }
    const hasCalls =
      message.role === 'assistant' &&
      message.tool_calls !== undefined &&
      message.tool_calls !== null;
    const calls = hasCalls ? callsOf(message, `messages[${index}]`, notes) : [];
    messages.push(listedMessage('messages', index, calls.length === 0 ? undefined : calls));
  }
  if (legacy !== null) {
    notes.push(
      `${legacy} uses the legacy function_call / function messages, which carry no ids; they are not paired`,
    );
  }
  return { list: 'messages', messages, notes, heldElsewhere: null };
}

function callsOf(message: Json, at: string, notes: string[]): HistoryItem[] {
  if (
    message.role !== 'assistant' ||
    message.tool_calls === undefined ||
    message.tool_calls === null
  ) {
    return [];
  }
  const list = asList(message.tool_calls);
  if (list === undefined) {
    notes.push(junkNote(`${at}.tool_calls`, message.tool_calls, 'a list of tool calls'));
    return [];
  }
  const calls: HistoryItem[] = [];
  for (let index = 0; index < list.length; index += 1) {
    const callAt = `${at}.tool_calls[${index}]`;
    const call = recordOf(list[index]);
    if (call === undefined) {
      notes.push(junkNote(callAt, list[index], 'a tool call'));
      continue;
    }
    const name =
      asText(recordOf(call.function)?.name) ?? asText(recordOf(call.custom)?.name) ?? null;
    const id = asText(call.id) ?? null;
    if (id === null)
      notes.push(
        idNote(
          callAt,
          'a tool call',
          'id',
          call.id,
          'only a tool message with no id answers it, in order',
        ),
      );
    calls.push({ id, name, at: callAt, leading: false });
  }
  return calls;
}

/** How surely a body's `messages` are Chat's: tool_calls or a tool message say so. */
/**
 * The content part types a Chat Completions message holds: text, images, audio and files from
 * the user, text and refusal from the assistant.
 */
const CHAT_BLOCKS = new Set(['text', 'image_url', 'input_audio', 'file', 'refusal']);

function claimsChat(body: Json): 0 | 1 | 2 {
  const list = asList(body.messages);
  if (list === undefined) return 0;
  for (const item of list) {
    const message = recordOf(item);
    if (message === undefined) continue;
    if (message.role === 'tool' || Array.isArray(message.tool_calls)) return 2;
    // A content block of a type Chat does not write is another provider's (Anthropic's
    // server_tool_use, a thinking block): not Chat's conversation.
    for (const block of asList(message.content) ?? []) {
      const type = asText(recordOf(block)?.type);
      if (type !== undefined && !CHAT_BLOCKS.has(type)) return 0;
    }
  }
  return 1;
}

/**
 * The Chat Completions history format: reader, claim and rules.
 *
 * @example
 * chatHistory.claims({ messages: [{ role: 'tool', tool_call_id: 'c', content: '' }] }); // 2
 */
export const chatHistory: HistoryFormat = {
  list: 'messages',
  claims: claimsChat,
  read: readChatHistory,
  rules: CHAT_HISTORY_RULES,
};

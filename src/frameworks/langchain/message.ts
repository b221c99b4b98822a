/**
 * LangChain messages recognised by their shape, never by importing `@langchain/core`: an
 * `AIMessage` or `AIMessageChunk` instance (or a plain copy of one), its serialised form
 * (`JSON.stringify(message)`: `{ lc: 1, type: 'constructor', id: [..., 'AIMessage'], kwargs }`),
 * its stored form (`message.toDict()`: `{ type: 'ai', data }`), and lists of them (a
 * conversation, or an agent's state `{ messages }`).
 */
import { type Json, recordOf } from '../../model/narrow.js';
import { describeValue } from '../../text/describe-value.js';

/** One LangChain message: its fields, where they sit inside it, and what it is. */
export interface LangChainMessage {
  /** The message's own fields (`kwargs` of a serialised one, `data` of a stored one). */
  fields: Json;
  /** Where `fields` sit inside the message, as a path prefix: `''`, `'kwargs.'`, `'data.'`. */
  prefix: string;
  /** `ai`, `human`, `tool`, `system`, ... */
  type: string;
  /** An `AIMessageChunk`: the concatenation of a stream's chunks. */
  chunk: boolean;
  /** How messages name it: `AIMessageChunk`, `serialised AIMessage`. */
  name: string;
  /**
   * Why its fields cannot be read (a serialised message whose `kwargs` is no object), worded to
   * follow "whose": `kwargs is 3, where the message's fields belong`.
   */
  problem?: string;
}

/** The `type` every LangChain message class states (`BaseMessage.type`, `_getType()`). */
const MESSAGE_TYPES: ReadonlySet<string> = new Set([
  'ai',
  'human',
  'system',
  'developer',
  'tool',
  'function',
  'generic',
  'remove',
]);

/** Fields only LangChain messages carry; a provider's message has `role` instead of `type`. */
const MESSAGE_FIELDS = [
  'tool_calls',
  'invalid_tool_calls',
  'tool_call_chunks',
  'additional_kwargs',
  'response_metadata',
  'usage_metadata',
  'lc_kwargs',
] as const;

/** The class names of a serialised message (`id`'s last entry), by the `type` they state. */
const CLASS_TYPES: Readonly<Record<string, string>> = {
  AIMessage: 'ai',
  AIMessageChunk: 'ai',
  HumanMessage: 'human',
  HumanMessageChunk: 'human',
  SystemMessage: 'system',
  SystemMessageChunk: 'system',
  ToolMessage: 'tool',
  ToolMessageChunk: 'tool',
  FunctionMessage: 'function',
  FunctionMessageChunk: 'function',
  ChatMessage: 'generic',
  ChatMessageChunk: 'generic',
  RemoveMessage: 'remove',
};

/**
 * The LangChain message a value is, or `undefined`. Sure enough to be asked before any provider
 * surface: a message states one of LangChain's `type`s (`ai`, never a provider's `role`) and
 * carries a field only LangChain's messages have, or is LangChain's serialised or stored form.
 *
 * @example
 * langChainMessageOf(await model.invoke('hi'))?.type; // 'ai'
 * langChainMessageOf({ role: 'assistant', tool_calls: [] }); // undefined: a provider's message
 */
export function langChainMessageOf(value: unknown): LangChainMessage | undefined {
  const record = recordOf(value);
  if (record === undefined) return undefined;
  const type = record.type;
  if (type === 'constructor') return serialised(record);
  if (typeof type !== 'string' || !MESSAGE_TYPES.has(type)) return undefined;
  const data = recordOf(record.data);
  if (data !== undefined && Object.keys(record).length === 2) {
    return {
      fields: data,
      prefix: 'data.',
      type,
      chunk: Array.isArray(data.tool_call_chunks),
      name: `stored ${className(type, false)}`,
    };
  }
  if (!MESSAGE_FIELDS.some((field) => Object.hasOwn(record, field))) return undefined;
  const chunk = Array.isArray(record.tool_call_chunks);
  return { fields: record, prefix: '', type, chunk, name: className(type, chunk) };
}

/** `{ lc: 1, type: 'constructor', id: ['langchain_core', 'messages', 'AIMessage'], kwargs }`. */
function serialised(record: Json): LangChainMessage | undefined {
  if (record.lc !== 1 || !Array.isArray(record.id)) return undefined;
  const name = record.id[record.id.length - 1];
  if (typeof name !== 'string' || !Object.hasOwn(CLASS_TYPES, name)) return undefined;
  // A serialised message without its kwargs is still claimed, so the reading can name the field.
  const fields = recordOf(record.kwargs) ?? {};
  return {
    fields,
    prefix: 'kwargs.',
    type: CLASS_TYPES[name] as string,
    chunk: name.endsWith('Chunk') || Array.isArray(fields.tool_call_chunks),
    name: `serialised ${name}`,
    ...(recordOf(record.kwargs) === undefined
      ? {
          problem: `kwargs is ${describeValue(record.kwargs)}, where the message's fields belong`,
        }
      : {}),
  };
}

function className(type: string, chunk: boolean): string {
  const base = type === 'ai' ? 'AIMessage' : type === 'human' ? 'HumanMessage' : `${type} message`;
  return chunk && type === 'ai' ? 'AIMessageChunk' : base;
}

/** A list of LangChain messages and where it sits: a conversation, or an agent's `messages`. */
export interface LangChainConversation {
  messages: unknown[];
  /** `''` for a bare list, `'messages'` for an agent's state. */
  at: string;
}

/**
 * A conversation of LangChain messages: a list whose every item is one, with at least one AI
 * message, bare or as the `messages` of an agent's state (LangGraph, `createAgent`). A Chat
 * Completions request also has `messages`, but its items are provider messages, never these.
 *
 * @example
 * conversationOf(await agent.invoke({ messages }))?.at; // 'messages'
 */
export function conversationOf(value: unknown): LangChainConversation | undefined {
  if (Array.isArray(value)) return allMessages(value) ? { messages: value, at: '' } : undefined;
  const record = recordOf(value);
  const messages = record?.messages;
  if (!Array.isArray(messages) || Object.hasOwn(record ?? {}, 'model')) return undefined;
  return allMessages(messages) ? { messages, at: 'messages' } : undefined;
}

function allMessages(items: unknown[]): boolean {
  if (items.length === 0) return false;
  let ai = false;
  for (const item of items) {
    const message = langChainMessageOf(item);
    if (message === undefined) return false;
    if (message.type === 'ai') ai = true;
  }
  return ai;
}

/**
 * The OpenAI Agents SDK's own conversation: the `AgentInputItem[]` a run keeps
 * (`result.history`, or a session's items), judged as the SDK sends it. Its default model writes
 * the items to the Responses API as they stand, `callId` becoming `call_id` and a
 * `function_call_result` a `function_call_output`, so the Responses rules apply (calls and
 * outputs pair by id anywhere); with `{ surface: 'openai-chat' }` they are written as its Chat
 * Completions model writes them (calls gathered into an assistant message's `tool_calls`, each
 * result a tool message), and Chat's rules apply.
 */
import { asText, type Json, recordOf } from '../../model/narrow.js';
import type { FrameworkHistoryFormat, FrameworkHistoryRead } from '../../surfaces/history.js';
import { openaiChat } from '../../surfaces/openai-chat/index.js';
import { openaiResponses } from '../../surfaces/openai-responses/index.js';
import type { WireSurface } from '../../surfaces/types.js';
import { describeValue } from '../../text/describe-value.js';
import { agentsValueOf } from './run.js';

/** An item only the Agents SDK writes: a call or its result keyed by camelCase `callId`. */
function isAgentsItem(value: unknown): boolean {
  const item = recordOf(value);
  return (
    item !== undefined &&
    typeof item.callId === 'string' &&
    (item.type === 'function_call' || item.type === 'function_call_result')
  );
}

/** The items of a value: a list of them, or a run result's `history`. */
function itemsOf(value: unknown): unknown[] | undefined {
  if (Array.isArray(value)) return value.some(isAgentsItem) ? value : undefined;
  const record = recordOf(value);
  if (record === undefined) return undefined;
  const found = agentsValueOf(record);
  if (found === null || found.kind !== 'run') return undefined;
  const history = Reflect.get(value as object, 'history');
  return Array.isArray(history) ? history : undefined;
}

/** The items as the SDK's Responses model sends them, one input item each. */
function responsesBody(items: readonly unknown[]): Json {
  return {
    input: items.map((value) => {
      const item = recordOf(value);
      if (item?.type === 'function_call') {
        return {
          type: 'function_call',
          call_id: item.callId,
          name: item.name,
          arguments: item.arguments,
        };
      }
      if (item?.type === 'function_call_result') {
        return { type: 'function_call_output', call_id: item.callId, output: '' };
      }
      return item === undefined ? value : { type: item.type ?? 'message', role: item.role };
    }),
  };
}

/**
 * The items as the SDK's Chat Completions model sends them: consecutive calls gathered into one
 * assistant message, each result a tool message. Paths then count the messages it writes.
 */
function chatBody(items: readonly unknown[]): Json {
  const messages: Json[] = [];
  let open: Json | null = null;
  for (const value of items) {
    const item = recordOf(value);
    if (item?.type === 'function_call') {
      if (open === null) {
        open = { role: 'assistant', content: null, tool_calls: [] };
        messages.push(open);
      }
      (open.tool_calls as unknown[]).push({
        id: item.callId,
        type: 'function',
        function: { name: item.name, arguments: item.arguments ?? '{}' },
      });
      continue;
    }
    open = null;
    if (item?.type === 'function_call_result') {
      messages.push({ role: 'tool', tool_call_id: item.callId, content: '' });
    } else if (item?.role === 'assistant') {
      // The SDK opens an assistant message with text and adds the calls that follow to it.
      open = { role: 'assistant', content: '' };
      messages.push(open);
    } else {
      messages.push({ role: asText(item?.role) ?? 'user', content: '' });
    }
  }
  return { messages };
}

function read(value: unknown, surface?: WireSurface['id']): FrameworkHistoryRead {
  const items = itemsOf(value);
  if (items === undefined) {
    return { problem: `got ${describeValue(value)}, not the OpenAI Agents SDK's input items` };
  }
  const wire: WireSurface = surface === openaiChat.id ? openaiChat : openaiResponses;
  if (surface !== undefined && surface !== wire.id) {
    return {
      problem: `the OpenAI Agents SDK's items are read as its Responses or Chat Completions model sends them, not as ${surface}`,
    };
  }
  const format = wire.history;
  const history = format?.read(wire === openaiChat ? chatBody(items) : responsesBody(items));
  if (format === undefined || history == null) {
    return { problem: 'the OpenAI Agents SDK items could not be written as a request' };
  }
  history.notes.unshift(
    wire === openaiChat
      ? "read as the OpenAI Agents SDK's Chat Completions model sends the items: messages[i] counts the messages it writes, consecutive calls gathered into one"
      : `read as the OpenAI Agents SDK sends the items to the Responses API, its default model: input[i] is item i; pass { surface: '${openaiChat.id}' } for its Chat Completions model`,
  );
  return { history, rules: format.rules, surface: wire.id };
}

/**
 * The Agents SDK's conversation format.
 *
 * @example
 * agentsHistory.claims(result.history); // true when it holds a call or a result
 */
export const agentsHistory: FrameworkHistoryFormat = {
  claims: (value) => itemsOf(value) !== undefined,
  read,
};

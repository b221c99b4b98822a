/**
 * A LangChain conversation (a list of messages, or an agent's `{ messages }`) judged as the
 * provider behind it receives it: the integration turns each message into the provider's own
 * (`@langchain/openai` an AI message's `tool_calls` into Chat `tool_calls` or Responses
 * `function_call` items, a `ToolMessage` into a tool message or a `function_call_output`;
 * `@langchain/anthropic` into `tool_use` blocks and user messages of `tool_result` blocks), and
 * the provider's rules apply. The provider is the one the AI messages name
 * (`response_metadata.model_provider`, or the answer they keep); a conversation that names none
 * read here is refused, never judged by a guess.
 */
import { asList, asText, type Json, recordOf } from '../../model/narrow.js';
import { anthropicMessages } from '../../surfaces/anthropic-messages/index.js';
import type { FrameworkHistoryFormat, FrameworkHistoryRead } from '../../surfaces/history.js';
import { openaiChat } from '../../surfaces/openai-chat/index.js';
import { openaiResponses } from '../../surfaces/openai-responses/index.js';
import type { WireSurface } from '../../surfaces/types.js';
import { chatCalls } from './chat.js';
import { conversationOf, type LangChainMessage, langChainMessageOf } from './message.js';

/** One call of an AI message, as LangChain parsed it. */
interface Call {
  id: string | undefined;
  name: string | undefined;
  args: unknown;
}

/** How an integration writes one LangChain message as its provider's, by position in the list. */
interface Writer {
  surface: WireSurface;
  /** The integration that writes it, for the note. */
  integration: string;
  body(messages: readonly (LangChainMessage | undefined)[]): Json;
}

const callsOf = (message: LangChainMessage): Call[] =>
  (asList(message.fields.tool_calls) ?? []).flatMap((raw) => {
    const call = recordOf(raw);
    return call === undefined
      ? []
      : [{ id: asText(call.id), name: asText(call.name), args: call.args }];
  });

const textOf = (message: LangChainMessage): string =>
  typeof message.fields.content === 'string' ? message.fields.content : '';

const ROLES: Readonly<Record<string, string>> = {
  human: 'user',
  ai: 'assistant',
  system: 'system',
  developer: 'system',
};

/** `@langchain/openai`, Chat Completions: one provider message per LangChain message. */
const CHAT: Writer = {
  surface: openaiChat,
  integration: '@langchain/openai (Chat Completions)',
  body: (messages) => ({
    messages: messages.map((message) => {
      if (message === undefined) return null;
      if (message.type === 'tool') {
        return { role: 'tool', tool_call_id: message.fields.tool_call_id, content: '' };
      }
      const calls = message.type === 'ai' ? callsOf(message) : [];
      return {
        role: ROLES[message.type] ?? message.type,
        content: textOf(message),
        ...(calls.length === 0
          ? {}
          : {
              tool_calls: calls.map((call) => ({
                id: call.id,
                type: 'function',
                function: { name: call.name, arguments: JSON.stringify(call.args ?? {}) },
              })),
            }),
      };
    }),
  }),
};

/** `@langchain/anthropic`: tool calls as `tool_use` blocks, tool messages as user `tool_result`s. */
const ANTHROPIC: Writer = {
  surface: anthropicMessages,
  integration: '@langchain/anthropic',
  body: (messages) => ({
    messages: messages.map((message) => {
      if (message === undefined) return null;
      if (message.type === 'tool') {
        return {
          role: 'user',
          content: [{ type: 'tool_result', tool_use_id: message.fields.tool_call_id }],
        };
      }
      const calls = message.type === 'ai' ? callsOf(message) : [];
      const text = textOf(message);
      return {
        role: ROLES[message.type] ?? message.type,
        content: [
          ...(text === '' ? [] : [{ type: 'text', text }]),
          ...calls.map((call) => ({
            type: 'tool_use',
            id: call.id,
            name: call.name,
            input: call.args ?? {},
          })),
        ],
      };
    }),
  }),
};

/** `@langchain/openai` on the Responses API: the input items it writes, message by message. */
const RESPONSES: Writer = {
  surface: openaiResponses,
  integration: '@langchain/openai (Responses API)',
  body: (messages) => ({
    input: messages.flatMap((message): unknown[] => {
      if (message === undefined) return [null];
      if (message.type === 'tool') {
        return [{ type: 'function_call_output', call_id: message.fields.tool_call_id, output: '' }];
      }
      const calls = message.type === 'ai' ? callsOf(message) : [];
      return [
        { role: ROLES[message.type] ?? message.type, content: textOf(message) },
        ...calls.map((call) => ({
          type: 'function_call',
          call_id: call.id,
          name: call.name,
          arguments: JSON.stringify(call.args ?? {}),
        })),
      ];
    }),
  }),
};

const WRITERS: readonly Writer[] = [CHAT, RESPONSES, ANTHROPIC];

/** The writer of the provider an AI message names, as the LangChain reader tells them apart. */
function writerNamedBy(message: LangChainMessage): Writer | undefined {
  const metadata = recordOf(message.fields.response_metadata) ?? {};
  const extra = recordOf(message.fields.additional_kwargs) ?? {};
  const provider = asText(metadata.model_provider);
  if (metadata.object === 'response' && Array.isArray(metadata.output)) return RESPONSES;
  if (provider === 'anthropic' || (provider === undefined && metadata.type === 'message')) {
    return ANTHROPIC;
  }
  if (provider === 'openai' || (provider === undefined && chatCalls(extra.tool_calls))) {
    return CHAT;
  }
  return undefined;
}

function read(value: unknown, surface?: WireSurface['id']): FrameworkHistoryRead {
  const conversation = conversationOf(value);
  if (conversation === undefined) {
    return { problem: 'not a LangChain conversation (a list of messages with an AI message)' };
  }
  const messages = conversation.messages.map((item) => langChainMessageOf(item));
  const named = messages.flatMap((message) =>
    message?.type === 'ai' ? (writerNamedBy(message) ?? []) : [],
  );
  const writer =
    surface === undefined
      ? named[0]
      : WRITERS.find((candidate) => candidate.surface.id === surface);
  if (writer === undefined) {
    const providers = [
      ...new Set(
        messages.flatMap((message) =>
          message?.type === 'ai'
            ? (asText(recordOf(message.fields.response_metadata)?.model_provider) ?? [])
            : [],
        ),
      ),
    ];
    return {
      problem:
        surface === undefined
          ? `a LangChain conversation whose AI messages name no provider read here (model_provider ${providers.length === 0 ? 'absent' : providers.map((name) => JSON.stringify(name)).join(', ')}); only OpenAI's and Anthropic's integrations are read, so pass { surface } to apply one of their rules`
          : `a LangChain conversation, which is read as OpenAI's or Anthropic's integration sends it, not as ${surface}`,
    };
  }
  const format = writer.surface.history;
  const history = format?.read(writer.body(messages));
  if (format === undefined || history == null) {
    return { problem: `${writer.integration} writes no conversation this reads` };
  }
  history.notes.unshift(
    `read as ${writer.integration} sends the LangChain conversation${conversation.at === '' ? '' : ` at ${conversation.at}`}: ${writer.surface.history?.list}[i] is its message i${writer === RESPONSES ? ', each AI message written as a message item and its calls as function_call items after it' : ''}`,
  );
  const unread = messages.flatMap((message, index) => (message === undefined ? [index] : []));
  if (unread.length > 0) {
    history.notes.push(
      `${unread.map((index) => `${conversation.at || 'messages'}[${index}]`).join(', ')} ${unread.length === 1 ? 'is' : 'are'} no LangChain message; skipped`,
    );
  }
  return { history, rules: format.rules, surface: writer.surface.id };
}

/**
 * A LangChain conversation: claim, and reading through the integration of the provider named.
 *
 * @example
 * langChainHistory.claims([new HumanMessage('hi'), aiMessage]); // true
 */
export const langChainHistory: FrameworkHistoryFormat = {
  claims: (value) => conversationOf(value) !== undefined,
  read,
};

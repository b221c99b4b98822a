/**
 * A LangChain message from `@langchain/openai`'s Chat Completions model, put back together as
 * the completion it was: its raw tool calls from `additional_kwargs`, its finish reason and usage
 * from `response_metadata`, read by the Chat Completions surface.
 */

import type { Turn } from '../../model/model.js';
import { asCount, asList, asText, type Json, recordOf } from '../../model/narrow.js';
import { openaiChat } from '../../surfaces/openai-chat/index.js';
import {
  jsonText,
  noTools,
  parsedCalls,
  placeCalls,
  type Sources,
  settle,
  textOf,
} from './calls.js';
import type { LangChainMessage } from './message.js';

/** Whether a list holds Chat Completions tool calls (`{ type: 'function', function: {...} }`). */
export function chatCalls(value: unknown): boolean {
  const list = asList(value);
  return (
    list !== undefined &&
    list.length > 0 &&
    list.every((item) => recordOf(recordOf(item)?.function) !== undefined)
  );
}

export function readChat(message: LangChainMessage, metadata: Json, extra: Json): Turn {
  const { fields, prefix } = message;
  const sources: Sources = [];
  const notes: string[] = [];
  const calls = rawChatCalls(message, extra, sources, notes);
  const finish = metadata.finish_reason;
  const usage = chatUsage(metadata, fields);
  const body: Json = {
    object: 'chat.completion',
    id: fields.id,
    model: metadata.model_name,
    choices: [
      {
        index: 0,
        message: {
          role: 'assistant',
          content: textOf(fields.content),
          ...(calls.length > 0 ? { tool_calls: calls } : {}),
          refusal: extra.refusal ?? null,
        },
        finish_reason: typeof finish === 'string' ? finish : null,
      },
    ],
    ...(usage === undefined ? {} : { usage }),
  };
  const turn = openaiChat.response.read(body, 0, noTools);
  turn.id = asText(fields.id) ?? null;
  placeCalls(turn, message, (index) => sources[index]);
  if (turn.stop.said !== null) turn.stop.said = `${prefix}response_metadata.${turn.stop.said}`;
  turn.notes.push(
    `read as the Chat Completions answer this ${message.name} keeps: ${prefix}response_metadata.finish_reason and usage, and the raw arguments text of each call`,
    ...notes,
  );
  if (turn.text.trim() === '' && turn.calls.length === 0 && turn.refusal === null) {
    // @langchain/openai 1.5 keeps no message.refusal: an empty answer may have been one.
    turn.notes.push(
      `the message has neither text nor calls, and @langchain/openai keeps no refusal (additional_kwargs.refusal is absent): a refusal reads as an empty answer`,
    );
  }
  return settle(turn, message, 'finish_reason');
}

/**
 * The message's tool calls as Chat Completions sent them, with their raw arguments text: from
 * `additional_kwargs.tool_calls` (kept as sent, streamed pieces joined), else the raw pieces in
 * `tool_call_chunks`, else rebuilt from LangChain's parse (`tool_calls`, `invalid_tool_calls`).
 */
export function rawChatCalls(
  message: LangChainMessage,
  extra: Json,
  sources: Sources,
  notes: string[],
) {
  const { fields, prefix } = message;
  const kept = asList(extra.tool_calls);
  if (kept !== undefined && kept.length > 0) {
    for (let index = 0; index < kept.length; index++) {
      sources.push(`${prefix}additional_kwargs.tool_calls[${index}]`);
    }
    return kept;
  }
  const chunks = asList(fields.tool_call_chunks);
  if (chunks !== undefined && chunks.length > 0) {
    return chunks.map((raw, index) => {
      sources.push(`${prefix}tool_call_chunks[${index}]`);
      const chunk = recordOf(raw) ?? {};
      return {
        id: chunk.id,
        type: 'function',
        function: { name: chunk.name, arguments: chunk.args },
      };
    });
  }
  return parsedCalls(message, sources, notes).map((call) => ({
    id: call.id,
    type: 'function',
    function: {
      name: call.name,
      arguments: typeof call.args === 'string' ? call.args : jsonText(call.args),
    },
  }));
}

/** Chat Completions `usage`: as kept in `response_metadata`, else from `usage_metadata`. */
export function chatUsage(metadata: Json, fields: Json): Json | undefined {
  const kept = recordOf(metadata.usage);
  if (kept !== undefined && asCount(kept.completion_tokens) !== null) return kept;
  const usage = recordOf(fields.usage_metadata);
  if (usage === undefined) return undefined;
  const reasoning = recordOf(usage.output_token_details)?.reasoning;
  return {
    completion_tokens: usage.output_tokens,
    prompt_tokens: usage.input_tokens,
    ...(reasoning === undefined
      ? {}
      : { completion_tokens_details: { reasoning_tokens: reasoning } }),
  };
}

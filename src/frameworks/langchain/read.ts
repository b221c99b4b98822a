/**
 * A LangChain AI message read into a turn. Where the message keeps its provider's own answer
 * (`@langchain/openai` keeps the Chat Completions tool calls with their raw argument text in
 * `additional_kwargs.tool_calls`, and `finish_reason` and `usage` in `response_metadata`;
 * `@langchain/anthropic` keeps the content blocks as Anthropic sent them, and the stop reason and
 * usage beside them; a Responses API answer keeps its `output`), that answer is put back together
 * and read by the provider's own surface: its stop reasons, its strict facts, and the raw text of
 * each call's arguments, which is the evidence. LangChain's own `tool_calls` are its parse of that
 * text, and for a stream a repair of it: `collapseToolCallChunks` closes a cut JSON prefix into a
 * whole-looking object (langchainjs#11469), so they are never what is judged when the raw text is
 * there. A message from any other provider is read from LangChain's normalised fields alone.
 */
import type { ToolCall, Turn } from '../../model/model.js';
import { asCount, asList, asText, type Json, recordOf } from '../../model/narrow.js';
import { blankTurn } from '../../model/turn.js';
import { openaiResponses } from '../../surfaces/openai-responses/index.js';
import type { AdaptedTurn, AdapterReading, ToolsInto } from '../../surfaces/types.js';
import { describeValue } from '../../text/describe-value.js';
import { readAnthropic } from './anthropic.js';
import { isCut, parsedCalls, placeCalls, settle, textOf } from './calls.js';
import { chatCalls, readChat } from './chat.js';
import { type LangChainMessage, langChainMessageOf } from './message.js';
import { stopOf } from './stops.js';

/**
 * Reads one LangChain AI message into its turn.
 *
 * @example
 * readLangChainMessage(langChainMessageOf(await model.invoke(messages))!, toolsInto).stop.said;
 * // 'response_metadata.finish_reason "length"'
 */
export function readLangChainMessage(message: LangChainMessage, toolsInto: ToolsInto): Turn {
  const fields = message.fields;
  const metadata = recordOf(fields.response_metadata) ?? {};
  const extra = recordOf(fields.additional_kwargs) ?? {};
  const provider = asText(metadata.model_provider);
  if (metadata.object === 'response' && Array.isArray(metadata.output)) {
    return readResponses(message, metadata, toolsInto);
  }
  if (
    provider === 'anthropic' ||
    (provider === undefined && (metadata.type === 'message' || extra.type === 'message'))
  ) {
    return readAnthropic(message, metadata, extra);
  }
  // Integrations built on ChatOpenAI (DeepSeek, Groq, xAI) keep the same answer under their own
  // provider name; one that keeps only a stop word of its own (Google's finishReason) does not.
  if (
    provider === 'openai' ||
    (chatCalls(extra.tool_calls) &&
      (provider === undefined || typeof metadata.finish_reason === 'string'))
  ) {
    return readChat(message, metadata, extra);
  }
  return readOwnFields(message, metadata, provider);
}

/**
 * Every turn a LangChain value holds: one AI message, or each AI message of a conversation
 * (`messages[3]`); other messages (the user's, tool results) hold no model output.
 */
export function readLangChain(
  value: unknown,
  conversation: { messages: unknown[]; at: string } | undefined,
  toolsInto: ToolsInto,
): AdapterReading {
  if (conversation === undefined) {
    const message = langChainMessageOf(value);
    if (message === undefined || message.type !== 'ai') {
      return gotInstead(
        `a LangChain ${message?.name ?? 'value'}, which holds no model output; pass the AIMessage a chat model returned`,
      );
    }
    if (message.problem !== undefined) {
      return gotInstead(`a ${message.name} whose ${message.problem}`);
    }
    return { kind: 'turns', turns: [{ at: '', turn: readLangChainMessage(message, toolsInto) }] };
  }
  const turns: AdaptedTurn[] = [];
  const { messages, at } = conversation;
  for (let index = 0; index < messages.length; index++) {
    const message = langChainMessageOf(messages[index]);
    if (message?.type !== 'ai') continue;
    if (message.problem !== undefined) {
      return {
        kind: 'unreadable',
        problem: `${at}[${index}] is a ${message.name} whose ${message.problem}`,
      };
    }
    turns.push({ at: `${at}[${index}]`, turn: readLangChainMessage(message, toolsInto) });
  }
  return { kind: 'turns', turns };
}

// ---------------------------------------------------------------------------------------------
// Responses API (`new ChatOpenAI({ useResponsesApi: true })`)
// ---------------------------------------------------------------------------------------------

function readResponses(message: LangChainMessage, metadata: Json, toolsInto: ToolsInto): Turn {
  const { fields, prefix } = message;
  const usage = recordOf(fields.usage_metadata);
  const reasoning = recordOf(usage?.output_token_details)?.reasoning;
  const { model_provider: _provider, model_name: _name, ...kept } = metadata;
  const body: Json = {
    ...kept,
    usage: {
      output_tokens: usage?.output_tokens,
      ...(reasoning === undefined
        ? {}
        : { output_tokens_details: { reasoning_tokens: reasoning } }),
    },
  };
  const turn = openaiResponses.response.read(body, 0, toolsInto);
  turn.id = asText(fields.id) ?? turn.id;
  placeCalls(turn, message, (index) => `${prefix}response_metadata.${turn.calls[index]?.at}`);
  turn.notes.push(
    `read as the Responses API answer this ${message.name} keeps in ${prefix}response_metadata (status, incomplete_details, output)`,
  );
  return settle(turn, message, 'status');
}

// ---------------------------------------------------------------------------------------------
// Any other provider: LangChain's normalised fields alone
// ---------------------------------------------------------------------------------------------

function readOwnFields(
  message: LangChainMessage,
  metadata: Json,
  provider: string | undefined,
): Turn {
  const { fields, prefix } = message;
  const turn = blankTurn('langchain', 'response');
  turn.id = asText(fields.id) ?? null;
  turn.text = textOf(fields.content) ?? '';
  const chunks = asList(fields.tool_call_chunks);
  if (chunks !== undefined && chunks.length > 0) {
    // The raw pieces of a stream, joined per call: what LangChain's repair started from.
    chunks.forEach((raw, index) => {
      const chunk = recordOf(raw) ?? {};
      turn.calls.push(
        ownCall(chunk.name, chunk.id, chunk.args, 'args', `${prefix}tool_call_chunks[${index}]`),
      );
    });
  } else {
    for (const call of parsedCalls(message, [], turn.notes)) {
      turn.calls.push(ownCall(call.name, call.id, call.args, 'args', call.at));
    }
  }
  placeCalls(turn, message, (index) => turn.calls[index]?.at);
  const stop = stopOf(metadata, prefix);
  turn.stop = stop.stop;
  if (stop.note !== undefined) turn.notes.push(stop.note);
  const usage = recordOf(fields.usage_metadata);
  turn.outputTokens = asCount(usage?.output_tokens);
  turn.reasoningTokens = asCount(recordOf(usage?.output_token_details)?.reasoning);
  if (usage === undefined)
    turn.notes.push(`${prefix}usage_metadata is absent: output tokens unknown`);
  // The ceiling cut the last call unless the raw text shows otherwise: a parsed object looks
  // whole whether or not it is (LangChain's tool_calls are its parse, or its repair).
  const last = turn.calls[turn.calls.length - 1];
  if (last !== undefined && last.arguments.form === 'object' && isCut(turn.stop.kind)) {
    last.unfinished = true;
  }
  turn.notes.push(
    `read from the ${message.name}'s own fields (tool_calls, invalid_tool_calls, response_metadata, usage_metadata)${provider === undefined ? '' : `: its provider "${provider}" keeps no answer this library reads as a wire body`}`,
  );
  return settle(turn, message, null);
}

function ownCall(name: unknown, id: unknown, args: unknown, field: string, at: string): ToolCall {
  return {
    name: asText(name) ?? '',
    callId: asText(id) ?? null,
    kind: 'function',
    arguments:
      typeof args === 'string'
        ? { form: 'json-text', text: args }
        : args === undefined || args === null
          ? { form: 'missing', reason: `the ${field} field is ${describeValue(args)}` }
          : { form: 'object', value: args },
    unfinished: false,
    at,
  };
}

/** A value that is no model output: the problem is the value itself, as received. */
function gotInstead(received: string): AdapterReading {
  return { kind: 'unreadable', problem: `got ${received}`, received };
}

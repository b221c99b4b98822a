/**
 * Compiled by `npm run typecheck` (tsc), never run: proves that the payloads `toolCallResponse`
 * yields are typed per surface with this library's own wire types, that those fit the official
 * SDKs' types where a user hands them over (`openai`, `@anthropic-ai/sdk`,
 * `@aws-sdk/client-bedrock-runtime`; `@google/genai` is not a dev dependency and takes no REST
 * body), that a wrong surface's type does not fit, and
 * exactly which SDK fields the recorded wire does not carry. test/arbitraries/wire-types.test.ts
 * holds the generated values to the same types at run time.
 */

import type Anthropic from '@anthropic-ai/sdk';
import type {
  ContentBlock,
  ConverseCommandInput,
  ConverseCommandOutput,
} from '@aws-sdk/client-bedrock-runtime';
import type fc from 'fast-check';
import type { JsonValue } from 'fast-check';
import type OpenAI from 'openai';
import { expectTypeOf } from 'vitest';
import {
  type ToolCallExchange,
  type ToolCallResponseSample,
  type ToolSpec,
  toolCallResponse,
} from '../../src/arbitraries/index.js';
import type { AnthropicExchangeWire } from '../../src/surfaces/anthropic-messages/wire-types.js';
import type { BedrockExchangeWire } from '../../src/surfaces/bedrock-converse/wire-types.js';
import type { GeminiExchangeWire } from '../../src/surfaces/gemini/wire-types.js';
import type { ChatExchangeWire } from '../../src/surfaces/openai-chat/wire-types.js';
import type { ResponsesExchangeWire } from '../../src/surfaces/openai-responses/wire-types.js';

declare const tools: ToolSpec[];
declare const openai: OpenAI;
declare const anthropic: Anthropic;

// The surface asked for types the sample; none gives the union, narrowed by `surface`.
expectTypeOf(toolCallResponse({ tools, surface: 'openai-chat' })).toEqualTypeOf<
  fc.Arbitrary<ToolCallResponseSample<'openai-chat'>>
>();
expectTypeOf(toolCallResponse({ tools, health: 'arguments-truncated' })).toEqualTypeOf<
  fc.Arbitrary<ToolCallResponseSample>
>();
expectTypeOf(toolCallResponse({ tools, surface: undefined })).toEqualTypeOf<
  fc.Arbitrary<ToolCallResponseSample>
>();
expectTypeOf<ToolCallExchange<'openai-chat'>>().toEqualTypeOf<ChatExchangeWire>();
expectTypeOf<ToolCallExchange<'openai-responses'>>().toEqualTypeOf<ResponsesExchangeWire>();
expectTypeOf<ToolCallExchange<'anthropic-messages'>>().toEqualTypeOf<AnthropicExchangeWire>();
expectTypeOf<ToolCallExchange<'gemini'>>().toEqualTypeOf<GeminiExchangeWire>();
expectTypeOf<ToolCallExchange<'bedrock-converse'>>().toEqualTypeOf<BedrockExchangeWire>();
// @ts-expect-error the surface is one of the library's
toolCallResponse({ tools, surface: 'openai-completions' });

declare const any: ToolCallResponseSample;
// Still JSON records, as the payloads were typed before.
expectTypeOf(any.payload.request).toExtend<Record<string, JsonValue>>();
expectTypeOf(any.payload.response).toExtend<Record<string, JsonValue>>();
// The union fits no one SDK until narrowed.
// @ts-expect-error an Anthropic or Gemini response is no ChatCompletion
expectTypeOf(any.payload.response).toExtend<OpenAI.Chat.ChatCompletion>();
if (any.surface === 'openai-chat') {
  expectTypeOf(any.payload.response).toExtend<OpenAI.Chat.ChatCompletion>();
}
if (any.surface === 'gemini') expectTypeOf(any.payload).toEqualTypeOf<GeminiExchangeWire>();

// ---------------------------------------------------------------------------------------------
// openai-chat: the request is what chat.completions.create takes, the response what it returns.
// ---------------------------------------------------------------------------------------------
declare const chat: ToolCallResponseSample<'openai-chat'>;
expectTypeOf(chat.surface).toEqualTypeOf<'openai-chat'>();
expectTypeOf(chat.payload.request).toExtend<OpenAI.Chat.ChatCompletionCreateParamsNonStreaming>();
expectTypeOf(chat.payload.response).toExtend<OpenAI.Chat.ChatCompletion>();
void openai.chat.completions.create(chat.payload.request);
const chatMessage = chat.payload.response.choices[0].message;
expectTypeOf(chatMessage.tool_calls).toExtend<OpenAI.Chat.ChatCompletionMessageToolCall[]>();
// The assistant message goes back into the next request as it is.
void openai.chat.completions.create({
  ...chat.payload.request,
  messages: [...chat.payload.request.messages, chatMessage],
});
expectTypeOf(chat.payload.response.choices[0].finish_reason).toEqualTypeOf<
  'tool_calls' | 'length'
>();
// @ts-expect-error a Chat Completions request is no Responses request (no `input`, tools nested)
void openai.responses.create(chat.payload.request);
// @ts-expect-error a completion is no Responses API response
expectTypeOf(chat.payload.response).toExtend<OpenAI.Responses.Response>();
// @ts-expect-error nor an Anthropic message
expectTypeOf(chat.payload.response).toExtend<Anthropic.Message>();

// ---------------------------------------------------------------------------------------------
// openai-responses: the request is what responses.create takes; the response fits the SDK's
// Response but for four fields, and its output goes back into the next request as input.
// ---------------------------------------------------------------------------------------------
declare const responses: ToolCallResponseSample<'openai-responses'>;
expectTypeOf(
  responses.payload.request,
).toExtend<OpenAI.Responses.ResponseCreateParamsNonStreaming>();
void openai.responses.create(responses.payload.request);
expectTypeOf(responses.payload.response.output).toExtend<OpenAI.Responses.ResponseOutputItem[]>();
expectTypeOf(responses.payload.response.output).toExtend<OpenAI.Responses.ResponseInputItem[]>();
void openai.responses.create({
  ...responses.payload.request,
  input: [
    ...responses.payload.request.input,
    ...responses.payload.response.output,
    { type: 'function_call_output', call_id: 'call_1', output: '{"status":"shipped"}' },
  ],
});
/**
 * What the wire does not carry of the SDK's `Response`: `output_text` (the SDK computes it after
 * parsing), and `prompt_cache_key`, `safety_identifier` and `user`, which the API sends as `null`
 * where the SDK types them `string | undefined`.
 */
type NotOnTheWire = 'output_text' | 'prompt_cache_key' | 'safety_identifier' | 'user';
expectTypeOf(responses.payload.response).toExtend<Omit<OpenAI.Responses.Response, NotOnTheWire>>();
expectTypeOf(responses.payload.response).not.toHaveProperty('output_text');
expectTypeOf(responses.payload.response.prompt_cache_key).toEqualTypeOf<null>();
expectTypeOf(responses.payload.response.safety_identifier).toEqualTypeOf<null>();
expectTypeOf(responses.payload.response.user).toEqualTypeOf<null>();
// @ts-expect-error only those four fields keep it from the SDK's Response (see above)
expectTypeOf(responses.payload.response).toExtend<OpenAI.Responses.Response>();
// @ts-expect-error a Responses request is no Chat Completions request
void openai.chat.completions.create(responses.payload.request);
// @ts-expect-error a Responses API response is no ChatCompletion
expectTypeOf(responses.payload.response).toExtend<OpenAI.Chat.ChatCompletion>();

// ---------------------------------------------------------------------------------------------
// anthropic-messages: the request fits messages.create once its tools' schemas say
// `type: 'object'`; the content goes back into the next request; the message fits the SDK's
// Message but for the nullable fields the recorded wire leaves out.
// ---------------------------------------------------------------------------------------------
declare const claude: ToolCallResponseSample<'anthropic-messages'>;
const { request: claudeRequest, response: message } = claude.payload;
/** `toolCallResponse` takes object schemas without `type: 'object'`, which Anthropic's SDK requires. */
type ObjectSchemas<Request extends { tools: { input_schema: object }[] }> = Omit<
  Request,
  'tools'
> & { tools: (Request['tools'][number] & { input_schema: { type: 'object' } })[] };
declare const stated: ObjectSchemas<typeof claudeRequest>;
expectTypeOf(stated).toExtend<Anthropic.MessageCreateParamsNonStreaming>();
void anthropic.messages.create(stated);
// @ts-expect-error a tool's input_schema is any JSON object: it need not say `type: 'object'`
void anthropic.messages.create(claudeRequest);
expectTypeOf(message.content).toExtend<Anthropic.ContentBlockParam[]>();
void anthropic.messages.create({
  ...stated,
  messages: [...stated.messages, { role: 'assistant', content: message.content }],
});
/** Fields the SDK's types require (all nullable) that the recorded wire does not carry. */
type Absent<T, K extends keyof T> = Omit<T, K> & Partial<Pick<T, K>>;
type MessageAsRecorded = Absent<
  Omit<Anthropic.Message, 'content' | 'usage'>,
  'container' | 'diagnostics' | 'stop_details'
> & {
  content: (Absent<Anthropic.TextBlock, 'citations'> | Absent<Anthropic.ToolUseBlock, 'caller'>)[];
  usage: Absent<
    Anthropic.Usage,
    'inference_geo' | 'output_tokens_details' | 'server_tool_use' | 'speed'
  >;
};
expectTypeOf(message).toExtend<MessageAsRecorded>();
// @ts-expect-error only the fields above keep it from the SDK's Message
expectTypeOf(message).toExtend<Anthropic.Message>();
// @ts-expect-error a Messages request is no Chat Completions request
void openai.chat.completions.create(stated);
// @ts-expect-error an Anthropic message is no ChatCompletion
expectTypeOf(message).toExtend<OpenAI.Chat.ChatCompletion>();

// ---------------------------------------------------------------------------------------------
// gemini: REST bodies; a malformed call narrows on finishReason.
// ---------------------------------------------------------------------------------------------
declare const gemini: ToolCallResponseSample<'gemini'>;
const [candidate] = gemini.payload.response.candidates;
if (candidate.finishReason === 'MALFORMED_FUNCTION_CALL') {
  expectTypeOf(candidate.finishMessage).toEqualTypeOf<string>();
} else {
  expectTypeOf(candidate.finishReason).toEqualTypeOf<'STOP' | 'MAX_TOKENS'>();
  expectTypeOf(candidate.content.parts[0]?.functionCall.name).toEqualTypeOf<string | undefined>();
}
// @ts-expect-error a generateContent body is no request of OpenAI's
void openai.chat.completions.create(gemini.payload.request);
// @ts-expect-error nor of Anthropic's
void anthropic.messages.create(gemini.payload.request);

// ---------------------------------------------------------------------------------------------
// bedrock-converse: the request is ConverseCommand's input once a modelId is added (the REST
// body carries it in the URL); the response is ConverseCommand's output but for the `$metadata`
// the SDK adds from the HTTP response; the message goes back into the next request.
// ---------------------------------------------------------------------------------------------
declare const converse: ToolCallResponseSample<'bedrock-converse'>;
const { request: converseRequest, response: converseResponse } = converse.payload;
const modelId = 'anthropic.claude-sonnet-4-5-20250929-v1:0';
// Plain assignments: expectTypeOf's toExtend cannot compare the SDK's union types (ContentBlock's
// `$unknown` member, DocumentType), so tsc's own assignability is the check here.
const converseBody: Omit<ConverseCommandInput, 'modelId'> = converseRequest;
const converseInput: ConverseCommandInput = { modelId, ...converseRequest };
// @ts-expect-error the REST body has no modelId: it travels in the URL
const converseWithoutModel: ConverseCommandInput = converseRequest;
/** What the wire does not carry of the SDK's output: `$metadata`, which the SDK builds. */
const converseOutput: Omit<ConverseCommandOutput, '$metadata'> = converseResponse;
// @ts-expect-error only $metadata keeps it from the SDK's ConverseCommandOutput
const converseWithoutMetadata: ConverseCommandOutput = converseResponse;
const converseContent: ContentBlock[] = converseResponse.output.message.content;
// The message goes back into the next request as it is.
const converseNext: ConverseCommandInput = {
  modelId,
  ...converseRequest,
  messages: [...converseRequest.messages, converseResponse.output.message],
};
void [
  converseBody,
  converseInput,
  converseWithoutModel,
  converseOutput,
  converseWithoutMetadata,
  converseContent,
  converseNext,
];
expectTypeOf(converseResponse.stopReason).toEqualTypeOf<'tool_use' | 'max_tokens'>();
// @ts-expect-error a Converse request is no Anthropic Messages request
void anthropic.messages.create(converseRequest);
// @ts-expect-error a Converse response is no ChatCompletion
expectTypeOf(converseResponse).toExtend<OpenAI.Chat.ChatCompletion>();

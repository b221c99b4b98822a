/**
 * The Chat Completions bodies `chatWriter.exchange` writes (what `toolCallResponse` yields on
 * `openai-chat`), as this library's own structural types: no SDK is imported, and each is
 * assignable to the `openai` SDK's type for the same body (`test/types/arbitraries-payloads.typecheck.ts`
 * proves it). Type aliases rather than interfaces, so a body is still a JSON record.
 */
import type { JsonObject } from '../payload.js';

/**
 * A function tool as the request declares it; `strict` only where the tool states it.
 *
 * @example
 * const tool: ChatToolWire = { type: 'function', function: { name: 'lookup_order', description: 'Look up an order.', parameters: { type: 'object' }, strict: true } };
 */
export type ChatToolWire = {
  type: 'function';
  function: {
    name: string;
    description: string;
    /** The tool's JSON Schema, a plain-JSON copy of the one given. */
    parameters: JsonObject;
    strict?: boolean;
  };
};

/**
 * A Chat Completions request body, as `client.chat.completions.create` takes it.
 *
 * @example
 * const request: ChatRequestWire = { model: 'gpt-4.1', messages: [{ role: 'system', content: 'Be brief.' }, { role: 'user', content: 'Where is A-1001?' }], tools: [] };
 */
export type ChatRequestWire = {
  model: string;
  messages: [{ role: 'system'; content: string }, { role: 'user'; content: string }];
  tools: ChatToolWire[];
  /** Stated only when the generated turn states it. */
  parallel_tool_calls?: boolean;
  /** The output ceiling, stated only when the generated turn has one. */
  max_completion_tokens?: number;
};

/**
 * One function call of the assistant message; `arguments` is the JSON text the model wrote
 * (broken or cut on purpose in some healths).
 *
 * @example
 * const call: ChatToolCallWire = { id: 'call_eVbWEn2imLoCHuA2Lb5almmf', type: 'function', function: { name: 'lookup_order', arguments: '{"order_id":"A-1001"}' } };
 */
export type ChatToolCallWire = {
  id: `call_${string}`;
  type: 'function';
  function: { name: string; arguments: string };
};

/**
 * The `usage` of a completion.
 *
 * @example
 * const usage: ChatUsageWire = { prompt_tokens: 318, completion_tokens: 23, total_tokens: 341, prompt_tokens_details: { cached_tokens: 0, audio_tokens: 0 }, completion_tokens_details: { reasoning_tokens: 0, audio_tokens: 0, accepted_prediction_tokens: 0, rejected_prediction_tokens: 0 } };
 */
export type ChatUsageWire = {
  prompt_tokens: number;
  completion_tokens: number;
  total_tokens: number;
  prompt_tokens_details: { cached_tokens: number; audio_tokens: number };
  completion_tokens_details: {
    reasoning_tokens: number;
    audio_tokens: number;
    accepted_prediction_tokens: number;
    rejected_prediction_tokens: number;
  };
};

/**
 * A completion body with one choice whose message holds only tool calls, as
 * `client.chat.completions.create` resolves it (`OpenAI.Chat.ChatCompletion`).
 *
 * @example
 * const calls = completion.choices[0].message.tool_calls; // ChatToolCallWire[]
 */
export type ChatCompletionWire = {
  id: `chatcmpl-${string}`;
  object: 'chat.completion';
  /** Unix seconds. */
  created: number;
  model: string;
  choices: [
    {
      index: 0;
      message: {
        role: 'assistant';
        content: null;
        tool_calls: ChatToolCallWire[];
        refusal: null;
        annotations: [];
      };
      logprobs: null;
      /** `length` where the output ceiling cut the last call. */
      finish_reason: 'tool_calls' | 'length';
    },
  ];
  usage: ChatUsageWire;
  service_tier: 'default';
  system_fingerprint: `fp_${string}`;
};

/**
 * A Chat Completions request and its completion.
 *
 * @example
 * const { request, response }: ChatExchangeWire = sample.payload;
 */
export type ChatExchangeWire = { request: ChatRequestWire; response: ChatCompletionWire };

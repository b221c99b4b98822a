/**
 * The Responses API bodies `responsesWriter.exchange` writes (what `toolCallResponse` yields on
 * `openai-responses`), as this library's own structural types: no SDK is imported.
 * `test/types/arbitraries-payloads.typecheck.ts` proves what each is assignable to in the
 * `openai` SDK, and which of the SDK's `Response` fields the wire does not carry. Type aliases
 * rather than interfaces, so a body is still a JSON record.
 */
import type { JsonObject } from '../payload.js';

/**
 * A function tool; the Responses API always states `strict`.
 *
 * @example
 * const tool: ResponsesToolWire = { type: 'function', name: 'lookup_order', description: 'Look up an order.', parameters: { type: 'object' }, strict: false };
 */
export type ResponsesToolWire = {
  type: 'function';
  name: string;
  description: string;
  /** The tool's JSON Schema, a plain-JSON copy of the one given. */
  parameters: JsonObject;
  strict: boolean;
};

/**
 * A Responses request body, as `client.responses.create` takes it.
 *
 * @example
 * const request: ResponsesRequestWire = { model: 'gpt-5', instructions: 'Be brief.', input: [{ role: 'user', content: 'Where is A-1001?' }], tools: [] };
 */
export type ResponsesRequestWire = {
  model: string;
  instructions: string;
  input: [{ role: 'user'; content: string }];
  tools: ResponsesToolWire[];
  /** Stated only when the generated turn states it. */
  parallel_tool_calls?: boolean;
  /** The output ceiling, stated only when the generated turn has one. */
  max_output_tokens?: number;
};

/**
 * A `function_call` output item; `arguments` is the JSON text the model wrote, `incomplete`
 * where the output ceiling cut it.
 *
 * @example
 * const item: ResponsesFunctionCallWire = { id: 'fc_68e5…', type: 'function_call', status: 'completed', arguments: '{}', call_id: 'call_eVbWEn2imLoCHuA2Lb5almmf', name: 'lookup_order' };
 */
export type ResponsesFunctionCallWire = {
  id: `fc_${string}`;
  type: 'function_call';
  status: 'completed' | 'incomplete';
  arguments: string;
  call_id: `call_${string}`;
  name: string;
};

/**
 * A reasoning item with no summary, written first where the turn spent reasoning tokens.
 *
 * @example
 * const item: ResponsesReasoningWire = { id: 'rs_68e5…', type: 'reasoning', summary: [] };
 */
export type ResponsesReasoningWire = { id: `rs_${string}`; type: 'reasoning'; summary: [] };

/**
 * The `usage` of a response.
 *
 * @example
 * const usage: ResponsesUsageWire = { input_tokens: 512, input_tokens_details: { cached_tokens: 0 }, output_tokens: 87, output_tokens_details: { reasoning_tokens: 64 }, total_tokens: 599 };
 */
export type ResponsesUsageWire = {
  input_tokens: number;
  input_tokens_details: { cached_tokens: number };
  output_tokens: number;
  output_tokens_details: { reasoning_tokens: number };
  total_tokens: number;
};

/**
 * A response body as the API sends it, echoing the request's settings. It has no
 * `output_text`: the SDK adds that after parsing, and the API does not send it; and
 * `prompt_cache_key`, `safety_identifier` and `user` arrive as `null`, where the SDK's
 * `Response` types them as absent or a string.
 *
 * @example
 * const calls = response.output.filter((item) => item.type === 'function_call');
 */
export type ResponsesResponseWire = {
  id: `resp_${string}`;
  object: 'response';
  /** Unix seconds. */
  created_at: number;
  /** `incomplete` where the output ceiling cut the last call. */
  status: 'completed' | 'incomplete';
  background: false;
  billing: { payer: 'developer' };
  error: null;
  incomplete_details: { reason: 'max_output_tokens' } | null;
  instructions: string;
  max_output_tokens: number | null;
  max_tool_calls: null;
  model: string;
  output: (ResponsesReasoningWire | ResponsesFunctionCallWire)[];
  parallel_tool_calls: boolean;
  previous_response_id: null;
  prompt_cache_key: null;
  reasoning: { effort: 'low'; summary: null };
  safety_identifier: null;
  service_tier: 'default';
  store: true;
  temperature: number;
  text: { format: { type: 'text' }; verbosity: 'medium' };
  tool_choice: 'auto';
  /** The request's tools, echoed with their keys in the API's order. */
  tools: ResponsesToolWire[];
  top_logprobs: number;
  top_p: number;
  truncation: 'disabled';
  usage: ResponsesUsageWire;
  user: null;
  metadata: Record<string, never>;
};

/**
 * A Responses request and its response.
 *
 * @example
 * const { request, response }: ResponsesExchangeWire = sample.payload;
 */
export type ResponsesExchangeWire = {
  request: ResponsesRequestWire;
  response: ResponsesResponseWire;
};

/**
 * The Messages API bodies `anthropicWriter.exchange` writes (what `toolCallResponse` yields on
 * `anthropic-messages`), as this library's own structural types: no SDK is imported.
 * `test/types/arbitraries-payloads.typecheck.ts` proves what each is assignable to in
 * `@anthropic-ai/sdk`, and which fields the SDK's `Message` requires that the recorded wire does
 * not carry. Type aliases rather than interfaces, so a body is still a JSON record.
 */
import type { JsonObject, JsonValue } from '../payload.js';

/**
 * A client tool; `strict` only where the tool states it. `input_schema` is the schema as given:
 * `toolCallResponse` takes object schemas that do not say `type: 'object'` (`{ properties }`),
 * which the SDK's `Tool.InputSchema` requires, so it is typed as any JSON object.
 *
 * @example
 * const tool: AnthropicToolWire = { name: 'lookup_order', description: 'Look up an order.', input_schema: { type: 'object' }, strict: true };
 */
export type AnthropicToolWire = {
  name: string;
  description: string;
  input_schema: JsonObject;
  strict?: boolean;
};

/**
 * A Messages request body, as `client.messages.create` takes it (once each tool's
 * `input_schema` is known to say `type: 'object'`).
 *
 * @example
 * const request: AnthropicRequestWire = { model: 'claude-sonnet-4-5-20250929', max_tokens: 1024, system: 'Be brief.', tools: [], messages: [{ role: 'user', content: 'Where is A-1001?' }] };
 */
export type AnthropicRequestWire = {
  model: string;
  max_tokens: number;
  system: string;
  tools: AnthropicToolWire[];
  messages: [{ role: 'user'; content: string }];
  /** Stated only to turn parallel tool use off; it cannot be asked for. */
  tool_choice?: { type: 'auto'; disable_parallel_tool_use: true };
};

/**
 * A `text` block before the calls. The recorded wire has no `citations` on it, which the SDK's
 * `TextBlock` requires (as `null`).
 *
 * @example
 * const block: AnthropicTextWire = { type: 'text', text: "I'll look into that now." };
 */
export type AnthropicTextWire = { type: 'text'; text: string };

/**
 * A `tool_use` block; `input` is the object the API decoded (only the keys decoded so far where
 * the output ceiling cut it). The recorded wire has no `caller`, which the SDK's `ToolUseBlock`
 * requires.
 *
 * @example
 * const block: AnthropicToolUseWire = { type: 'tool_use', id: 'toolu_01A09q90qw90lq917835lq9', name: 'lookup_order', input: { order_id: 'A-1001' } };
 */
export type AnthropicToolUseWire = {
  type: 'tool_use';
  id: `toolu_01${string}`;
  name: string;
  input: { [key: string]: JsonValue | undefined };
};

/**
 * The `usage` of a message. The recorded wire has no `inference_geo`, `output_tokens_details`,
 * `server_tool_use` or `speed`, which the SDK's `Usage` requires (as `null`).
 *
 * @example
 * const usage: AnthropicUsageWire = { input_tokens: 1184, cache_creation_input_tokens: 0, cache_read_input_tokens: 0, cache_creation: { ephemeral_5m_input_tokens: 0, ephemeral_1h_input_tokens: 0 }, output_tokens: 84, service_tier: 'standard' };
 */
export type AnthropicUsageWire = {
  input_tokens: number;
  cache_creation_input_tokens: number;
  cache_read_input_tokens: number;
  cache_creation: { ephemeral_5m_input_tokens: number; ephemeral_1h_input_tokens: number };
  output_tokens: number;
  service_tier: 'standard';
};

/**
 * A message body as the API sends it. The recorded wire has no `container`, `diagnostics` or
 * `stop_details`, which the SDK's `Message` requires (as `null`); its `content` goes back into
 * the next request as it is (`MessageParam`).
 *
 * @example
 * const calls = message.content.filter((block) => block.type === 'tool_use');
 */
export type AnthropicMessageWire = {
  model: string;
  id: `msg_01${string}`;
  type: 'message';
  role: 'assistant';
  content: (AnthropicTextWire | AnthropicToolUseWire)[];
  /** `max_tokens` where the output ceiling cut the last call. */
  stop_reason: 'tool_use' | 'max_tokens';
  stop_sequence: null;
  usage: AnthropicUsageWire;
};

/**
 * A Messages request and its message.
 *
 * @example
 * const { request, response }: AnthropicExchangeWire = sample.payload;
 */
export type AnthropicExchangeWire = {
  request: AnthropicRequestWire;
  response: AnthropicMessageWire;
};

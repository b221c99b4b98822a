/**
 * Each surface's wire types, gathered for the arbitraries' typed samples: one line a surface.
 *
 * @internal
 */
import type { AnthropicExchangeWire } from '../../surfaces/anthropic-messages/wire-types.js';
import type { BedrockExchangeWire } from '../../surfaces/bedrock-converse/wire-types.js';
import type { GeminiExchangeWire } from '../../surfaces/gemini/wire-types.js';
import type { ChatExchangeWire } from '../../surfaces/openai-chat/wire-types.js';
import type { ResponsesExchangeWire } from '../../surfaces/openai-responses/wire-types.js';

/**
 * The exchange `toolCallResponse` writes on each surface, in this library's own wire types
 * (`src/surfaces/<surface>/wire-types.ts`): no provider SDK is needed to use them, and each is
 * shaped to be assignable to the SDK's type where one takes or returns the same body.
 *
 * @example
 * ```ts
 * const exchange: ToolCallExchangeBySurface['openai-chat'] = sample.payload; // after narrowing on sample.surface
 * ```
 */
export type ToolCallExchangeBySurface = {
  'openai-responses': ResponsesExchangeWire;
  'openai-chat': ChatExchangeWire;
  'anthropic-messages': AnthropicExchangeWire;
  gemini: GeminiExchangeWire;
  'bedrock-converse': BedrockExchangeWire;
};

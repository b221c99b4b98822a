/**
 * The wire surface behind an AI SDK step, by the provider id its model names
 * (`step.model.provider`): a step read from its normalised content takes that surface, so the
 * provider's own facts apply (OpenAI's strict guarantee is voided by parallel calls; the
 * Responses API makes a tool that leaves `strict` out strict where it can). Ids as the provider
 * packages set them, read 2026-12-01 (@ai-sdk/openai 3.0.141, @ai-sdk/anthropic 3.0.140, and the
 * Google, Vertex, Azure and Bedrock providers' sources).
 */
import type { WireSurfaceId } from '../../model/model.js';
import { recordOf } from '../../model/narrow.js';

const BY_PROVIDER = {
  'openai.responses': 'openai-responses',
  'openai.chat': 'openai-chat',
  'azure.responses': 'openai-responses',
  'azure.chat': 'openai-chat',
  'anthropic.messages': 'anthropic-messages',
  'google.generative-ai': 'gemini',
  'google.vertex.chat': 'gemini',
  'amazon-bedrock': 'bedrock-converse',
} as const satisfies Readonly<Record<string, WireSurfaceId>>;

/**
 * How a team sets each provider's "one call per turn" setting through the AI SDK: the
 * provider's own option under `providerOptions`, as @ai-sdk/openai (`parallelToolCalls`) and
 * @ai-sdk/anthropic (`disableParallelToolUse`) take it.
 */
export const SERIALISE_BY_PROVIDER: Partial<Record<WireSurfaceId, string>> = {
  'openai-responses': 'providerOptions: { openai: { parallelToolCalls: false } }',
  'openai-chat': 'providerOptions: { openai: { parallelToolCalls: false } }',
  'anthropic-messages': 'providerOptions: { anthropic: { disableParallelToolUse: true } }',
};

/**
 * The wire surface behind one of the AI SDK's provider ids.
 *
 * @example
 * surfaceOfProvider('openai.chat'); // 'openai-chat'
 */
export function surfaceOfProvider<Id extends keyof typeof BY_PROVIDER>(
  provider: Id,
): (typeof BY_PROVIDER)[Id] {
  return BY_PROVIDER[provider];
}

/**
 * The surfaces whose provider hands a call's input over decoded (Anthropic's `tool_use.input`,
 * Converse's `toolUse.input`), so a call cut by the ceiling still looks whole once the AI SDK
 * has it: only the stop tells. As those surfaces' `facts.cutCallsLookWhole` say (a test holds
 * the two together).
 */
export const CUT_CALLS_LOOK_WHOLE: ReadonlySet<WireSurfaceId> = new Set([
  surfaceOfProvider('anthropic.messages'),
  surfaceOfProvider('amazon-bedrock'),
]);

/**
 * The surfaces whose AI SDK provider says `content-filter` with no raw reason for a refusal:
 * @ai-sdk/openai over the Responses API, whose refusals carry no `incomplete_details` (a
 * Responses content filter says `content_filter`).
 */
export const REFUSES_WITHOUT_RAW_REASON: ReadonlySet<WireSurfaceId> = new Set([
  surfaceOfProvider('openai.responses'),
]);

/**
 * The wire surface a step's model speaks, or `null` when its provider is none of these (a
 * `MockLanguageModelV3`, a gateway, a community provider).
 *
 * @example
 * providerSurface({ provider: 'anthropic.messages', modelId: 'claude-haiku-4-5' }); // 'anthropic-messages'
 */
export function providerSurface(model: unknown): WireSurfaceId | null {
  const provider = recordOf(model)?.provider;
  if (typeof provider !== 'string' || !Object.hasOwn(BY_PROVIDER, provider)) return null;
  return (BY_PROVIDER as Readonly<Record<string, WireSurfaceId>>)[provider] ?? null;
}

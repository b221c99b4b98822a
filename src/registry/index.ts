/**
 * The registry: every surface the library reads, and the questions asked of all of them at
 * once. Adding a surface is one line in `WIRE_SURFACES` (or `ADAPTERS`); nothing else outside
 * its folder names it.
 */

import { aiSdk } from '../frameworks/ai-sdk/index.js';
import { langchain } from '../frameworks/langchain/index.js';
import { openaiAgents } from '../frameworks/openai-agents/index.js';
import type { Surface, WireSurfaceId } from '../model/model.js';
import type { Json } from '../model/narrow.js';
import { anthropicMessages } from '../surfaces/anthropic-messages/index.js';
import { bedrockConverse } from '../surfaces/bedrock-converse/index.js';
import { gemini } from '../surfaces/gemini/index.js';
import { mcp } from '../surfaces/mcp/index.js';
import { openaiChat } from '../surfaces/openai-chat/index.js';
import { openaiResponses } from '../surfaces/openai-responses/index.js';
import type { Adapter, SurfaceDescription, ToolShape, WireSurface } from '../surfaces/types.js';
import { otel } from '../traces/index.js';

/** Every wire surface, in the order a response body is recognised. */
export const WIRE_SURFACES: readonly WireSurface[] = [
  openaiResponses,
  openaiChat,
  anthropicMessages,
  gemini,
  bedrockConverse,
];

/**
 * Every body that wraps a turn in a surface's own envelope (an Anthropic batch results line),
 * gathered once: every read asks them before the response shapes.
 */
export const ENVELOPES: ReadonlyArray<NonNullable<WireSurface['envelopes']>[number]> =
  WIRE_SURFACES.flatMap((surface) => surface.envelopes ?? []);

/** Every adapter, asked before any wire surface. */
export const ADAPTERS: readonly Adapter[] = [mcp, aiSdk, langchain, openaiAgents, otel];

const BY_ID = new Map<string, WireSurface>(WIRE_SURFACES.map((surface) => [surface.id, surface]));
const DESCRIBED = new Map<string, SurfaceDescription>([
  ...WIRE_SURFACES.map((surface) => [surface.id, surface] as const),
  ...ADAPTERS.map((adapter) => [adapter.id, adapter] as const),
]);

/** Surfaces by how specific their request fields are, most specific first. */
const BY_REQUEST_SPECIFICITY = [...WIRE_SURFACES].sort(
  (left, right) => right.request.specificity - left.request.specificity,
);

/**
 * What a stream whose events showed no surface is reported as: an empty Chat Completions shell,
 * as the reassembly docs promise, rather than a guess from junk.
 */
export const UNRECOGNISED_STREAM_SHELL: WireSurface = openaiChat;

/** The ids of every wire surface, for messages that list them. */
export const SURFACE_IDS: readonly WireSurfaceId[] = WIRE_SURFACES.map((surface) => surface.id);

/**
 * The wire surface with this id. Ids come from the model's `WireSurfaceId` type, so one is
 * always found.
 *
 * @example
 * surfaceById('gemini').write.can.cutCalls; // false
 */
export function surfaceById(id: WireSurfaceId): WireSurface {
  return BY_ID.get(id) ?? openaiChat;
}

/**
 * What any surface, wire or adapter, tells messages: its title and facts.
 *
 * @example
 * describeSurface(turn.surface).facts.ceilingField; // 'max_completion_tokens' for a Chat turn, null for MCP
 */
export function describeSurface(id: Surface): SurfaceDescription {
  return DESCRIBED.get(id) ?? openaiChat;
}

/** Whether a string names a wire surface. */
export function isSurfaceId(value: unknown): value is WireSurfaceId {
  return typeof value === 'string' && BY_ID.has(value);
}

/** Whether a string names any surface, wire or adapter (a Turn read earlier carries one). */
export function isAnySurfaceId(value: unknown): value is Surface {
  return typeof value === 'string' && DESCRIBED.has(value);
}

/**
 * A framework's own tool collection given as the `tools` option, as declarations some surface
 * reads; `undefined` when no adapter claims the value (it is then read as a list of tools).
 */
export function adapterToolsOption(
  value: unknown,
): { tools: unknown[]; notes: string[] } | undefined {
  for (const adapter of ADAPTERS) {
    const read = adapter.toolsOption?.(value);
    if (read !== undefined) return read;
  }
  return undefined;
}

/** The adapter whose object this is, or `null` when none claims it. */
export function adapterOf(value: Json | unknown[]): Adapter | null {
  for (const adapter of ADAPTERS) if (adapter.recognise(value)) return adapter;
  return null;
}

/** The surface whose response this body is, or `null` when it is no model response. */
export function responseSurfaceOf(body: Json): WireSurface | null {
  for (const surface of WIRE_SURFACES) if (surface.response.recognise(body)) return surface;
  return null;
}

/** The surface a request body is for, judged by the fields only one provider sends first. */
export function requestSurfaceOf(body: Json): WireSurface | null {
  for (const surface of BY_REQUEST_SPECIFICITY) if (surface.request.recognise(body)) return surface;
  return null;
}

/** The surface a stream event shows: the surest claim, `null` when none (an error, a bare `{}`). */
export function streamSurfaceOf(event: Json): WireSurface | null {
  let best: WireSurface | null = null;
  let sureness = 0;
  for (const surface of WIRE_SURFACES) {
    const claim = surface.stream.claims(event);
    if (claim > sureness) {
      best = surface;
      sureness = claim;
    }
  }
  return best;
}

/**
 * Which surface's shape one item of a `tools` array is, and what it declares: adapters first
 * (MCP's `inputSchema` is its own), then wire surfaces in the same order as for requests, so the Responses reader, which takes any named item,
 * is asked last; `undefined` when no surface claims it (a provider's built-in tool).
 *
 * @example
 * claimTool({ name: 'lookup', input_schema: {} })?.surface.facts.strict.provider; // 'anthropic'
 */
export function claimTool(
  item: Json,
): { surface: WireSurface | Adapter; shapes: ToolShape[] } | undefined {
  for (const adapter of ADAPTERS) {
    const shapes = adapter.tools?.(item);
    if (shapes !== undefined) return { surface: adapter, shapes };
  }
  for (const surface of BY_REQUEST_SPECIFICITY) {
    const shapes = surface.tools(item);
    if (shapes !== undefined) return { surface, shapes };
  }
  return undefined;
}

import fc, { type JsonValue } from 'fast-check';
import type { WireSurfaceId } from '../model/model.js';
import { checkSurface } from '../read/index.js';
import { SURFACE_IDS, surfaceById } from '../registry/index.js';
import type { NeutralCall, NeutralTool, PayloadTurn } from '../surfaces/payload.js';
import { libraryMessage } from '../text/library-message.js';
import { analyseSchema } from '../values/analyse-schema.js';
import { nearMiss, partialObject } from '../values/calls.js';
import { writerFor } from '../writers/index.js';
import { arbitraryOf, FAST_CHECK } from './_internals/fast-check-gens.js';
import {
  type DeprecatedToolCallHealth,
  type ExpectedDiagnoses,
  expectedFor,
  healthNamed,
  TOOL_CALL_HEALTHS,
  type ToolCallHealth,
} from './_internals/health.js';
import {
  declaredTool,
  PROMPTS,
  SYSTEM,
  type ToolSpec,
  turnIds,
} from './_internals/provider-payloads.js';
import type { ToolCallExchangeBySurface } from './_internals/wire-map.js';
import { malformedJsonSample } from './malformed-json.js';
import { truncatedJson } from './truncated-json.js';
import { type Violation, violatingArgumentsFor } from './violating-arguments-for.js';

/**
 * Every provider surface the payloads are written for.
 *
 * @example
 * ```ts
 * toolCallResponse({ tools, surface: TOOL_CALL_SURFACES[0] });
 * ```
 */
export const TOOL_CALL_SURFACES: readonly WireSurfaceId[] = SURFACE_IDS;

/**
 * Whether a surface's payloads can carry a health: unparseable arguments need JSON text or a
 * provider that reports the call it could not decode (Anthropic hands back decoded input
 * only), and a cut call needs a writer that can write one (Gemini drops it).
 */
function carries(surface: WireSurfaceId, health: ToolCallHealth): boolean {
  const { can } = writerFor(surface);
  if (health === 'arguments-unparseable')
    return can.arguments === 'json-text' || can.malformedCall !== undefined;
  if (health === 'arguments-truncated') return can.cutCalls;
  // Where cut calls look whole, a whole call at the ceiling is read as possibly cut.
  if (health === 'turn-cut') return !surfaceById(surface).facts.cutCallsLookWhole;
  return true;
}

/**
 * A request and its response, as a caller would store them, in the wire shape of surface `S`;
 * the union of every surface's by default. A surface with no wire types yet gives JSON records.
 *
 * @example
 * ```ts
 * const exchange: ToolCallExchange<'openai-chat'> = sample.payload;
 * exchange.response.choices[0].message.tool_calls; // ChatToolCallWire[]
 * ```
 */
export type ToolCallExchange<S extends WireSurfaceId = WireSurfaceId> =
  S extends keyof ToolCallExchangeBySurface
    ? ToolCallExchangeBySurface[S]
    : { request: Record<string, JsonValue>; response: Record<string, JsonValue> };

/**
 * Options for {@link toolCallResponse}; `S` is the surface asked for, every surface by default.
 *
 * @example
 * ```ts
 * const constraints: ToolCallResponseConstraints = { tools: [{ name: 'lookup_order', parameters: schema, strict: true }], health: 'fanout' };
 * ```
 */
export interface ToolCallResponseConstraints<S extends WireSurfaceId = WireSurfaceId> {
  /** The tools the request declares; calls are made to them (their schemas go through `argumentsFor`). */
  tools: readonly ToolSpec[];
  /** One surface, which types the payload as its wire shape; by default every surface that can carry the health. */
  surface?: S;
  /**
   * One health; by default every health possible for the tools and surface. The old labels
   * (`violating`, `unparseable`, `truncated`, `fan-out`) are still read, for one minor version.
   */
  health?: ToolCallHealth | DeprecatedToolCallHealth;
}

/**
 * One generated provider exchange and what the diagnoses say about it. `payload` has the wire
 * shape of `surface`: the union over `S` (every surface by default) narrows on `surface`.
 *
 * @example
 * ```ts
 * const { payload, expected } = fc.sample(toolCallResponse({ tools }), 1)[0]!;
 * diagnoseCalls(payload).map((verdict) => verdict.state); // expected.calls.map((call) => call.state)
 * if (sample.surface === 'openai-chat') sample.payload.response.choices[0].finish_reason; // 'tool_calls' | 'length'
 * ```
 */
export type ToolCallResponseSample<S extends WireSurfaceId = WireSurfaceId> = {
  [On in S]: {
    surface: On;
    health: ToolCallHealth;
    payload: ToolCallExchange<On>;
    expected: ExpectedDiagnoses;
  };
}[S];

interface PreparedTool {
  spec: NeutralTool;
  valid: fc.Arbitrary<JsonValue>;
  violating: fc.Arbitrary<{ value: JsonValue; violation: Violation }> | undefined;
}

/** The calls of one turn, before they are written for a surface. */
interface Draft {
  calls: (NeutralCall & { tool: number; violation?: Violation })[];
  malformedMessage?: string;
}

/**
 * Whole provider exchanges `{ request, response }` carrying generated calls to the given
 * tools, in each surface's real wire format (OpenAI Responses and Chat Completions,
 * Anthropic Messages, Gemini `generateContent`; ids, usage and stop fields shaped like
 * recorded ones), with `expected`: what `diagnoseCalls`, `diagnoseTruncation` and
 * `diagnoseStrictGuarantee` return for each. Property-test a dispatcher end to end: feed it
 * `payload` and compare what it did with `expected`.
 *
 * Arguments come from `argumentsFor` / `violatingArgumentsFor` on each tool's `parameters`
 * (which must describe objects), so schemas they cannot honour throw here. `strict` is taken
 * as stated on OpenAI and Anthropic (unstated means not strict); Gemini has no strict mode.
 * It returns whole (non-streamed) exchanges; pass one to `streamChunks` for the same turn as SSE chunks.
 *
 * `payload` is typed with this library's wire types for the surface (`ToolCallExchange<S>`),
 * which need no provider SDK: with `surface: 'openai-chat'` the response is assignable to the
 * `openai` SDK's `ChatCompletion` and the request to `chat.completions.create`'s parameters.
 * Without `surface`, narrow on `sample.surface` first.
 *
 * @example
 * ```ts
 * import fc from 'fast-check';
 * import { toolCallResponse } from 'tool-call-health/arbitraries';
 *
 * fc.assert(
 *   fc.property(
 *     toolCallResponse({ tools, surface: 'openai-chat', health: 'arguments-violate-schema' }),
 *     ({ payload, expected }) => {
 *       // myDispatcher(completion: OpenAI.Chat.ChatCompletion): no cast needed
 *       const outcome = myDispatcher(payload.response);
 *       return outcome.rejected.length === expected.calls.length;
 *     },
 *   ),
 * );
 * ```
 */
export function toolCallResponse<S extends WireSurfaceId = WireSurfaceId>(
  constraints: ToolCallResponseConstraints<S>,
): fc.Arbitrary<ToolCallResponseSample<S>> {
  checkSurface(constraints.surface, 'toolCallResponse constraints.surface');
  const tools = prepareTools(constraints.tools);
  const asked = constraints.health === undefined ? undefined : healthNamed(constraints.health);
  if (constraints.health !== undefined && asked === undefined) {
    throw new Error(
      libraryMessage(
        `toolCallResponse has no health ${JSON.stringify(constraints.health)}; the healths are ${TOOL_CALL_HEALTHS.join(', ')}`,
      ),
    );
  }
  const healths = asked === undefined ? TOOL_CALL_HEALTHS : [asked];
  const pairs: { health: ToolCallHealth; surface: WireSurfaceId }[] = [];
  for (const health of healths) {
    if (
      health === 'arguments-violate-schema' &&
      tools.every((tool) => tool.violating === undefined)
    )
      continue;
    for (const surface of TOOL_CALL_SURFACES) {
      if (!carries(surface, health)) continue;
      if (constraints.surface === undefined || constraints.surface === surface)
        pairs.push({ health, surface });
    }
  }
  if (pairs.length === 0) {
    const why =
      asked === 'arguments-violate-schema'
        ? 'no tool schema leaves room for a violation (see violatingArgumentsFor)'
        : `${asked ?? 'no health'} does not occur on ${constraints.surface ?? 'any surface'}`;
    throw new Error(libraryMessage(`toolCallResponse cannot generate this: ${why}`));
  }
  const arbitraries = pairs.map(({ health, surface }) =>
    fc
      .record({
        draft: draftFor(health, surface, tools),
        parallel: parallelFor(health, surface),
        ceiling: fc.integer({ min: 64, max: 1024 }),
        input: fc.integer({ min: 120, max: 3000 }),
        output: fc.integer({ min: 18, max: 400 }),
        reasoningShare: fc.constantFrom(0, 0, 0.1, 0.25, 0.5),
        ids: turnIds(),
        prompt: fc.constantFrom(...PROMPTS),
        preface: fc.option(
          fc.constantFrom("I'll look into that now.", 'Let me open a ticket for this.'),
          { nil: undefined },
        ),
        created: fc.integer({ min: 1_735_689_600, max: 1_767_225_599 }),
      })
      .map((drawn) => sampleFor(health, surface, tools, drawn)),
  );
  const [first] = arbitraries;
  const arbitrary =
    arbitraries.length === 1 && first !== undefined ? first : fc.oneof(...arbitraries);
  // Every pair's surface is `constraints.surface` when it is given, so each sample is on S.
  return arbitrary as fc.Arbitrary<ToolCallResponseSample<S>>;
}

function prepareTools(specs: readonly ToolSpec[]): PreparedTool[] {
  if (specs.length === 0)
    throw new Error(libraryMessage('toolCallResponse needs at least one tool'));
  const names = new Set<string>();
  return specs.map((spec) => {
    if (typeof spec.name !== 'string' || spec.name.trim() === '' || names.has(spec.name)) {
      throw new Error(
        libraryMessage(
          `toolCallResponse needs distinct, non-empty tool names; got ${JSON.stringify(spec.name)}`,
        ),
      );
    }
    names.add(spec.name);
    const analysed = analyseSchema(
      spec.parameters,
      {},
      `toolCallResponse (tool ${JSON.stringify(spec.name)})`,
      FAST_CHECK,
    );
    analysed.document.dispose();
    const objectsOnly = analysed.root.leaves.every((leaf) =>
      leaf.candidates === null
        ? leaf.generated.size === 1 && leaf.generated.has('object')
        : leaf.candidates.every(
            (value) => typeof value === 'object' && value !== null && !Array.isArray(value),
          ),
    );
    if (!objectsOnly) {
      throw new Error(
        libraryMessage(
          `toolCallResponse needs the parameters of ${JSON.stringify(spec.name)} to describe objects only (type: 'object')`,
        ),
      );
    }
    let violating: PreparedTool['violating'];
    try {
      violating = violatingArgumentsFor(spec.parameters);
    } catch {
      violating = undefined;
    }
    return { spec: declaredTool(spec), valid: arbitraryOf(analysed.root.gen), violating };
  });
}

/** One valid call to a tool drawn among all of them. */
function validCall(tools: readonly PreparedTool[]): fc.Arbitrary<Draft['calls'][number]> {
  return fc.oneof(
    ...tools.map((tool, index) =>
      tool.valid.map((value) => ({
        tool: index,
        name: tool.spec.name,
        text: JSON.stringify(value),
        value,
      })),
    ),
  );
}

function draftFor(
  health: ToolCallHealth,
  surface: WireSurfaceId,
  tools: readonly PreparedTool[],
): fc.Arbitrary<Draft> {
  switch (health) {
    case 'healthy':
    case 'turn-cut':
    case 'ceiling-unreported':
      return validCall(tools).map((call) => ({ calls: [call] }));
    case 'fanout':
      // Distinct calls: a repeat is the health `duplicate-call`.
      return fc
        .uniqueArray(validCall(tools), {
          minLength: 2,
          maxLength: 4,
          selector: (call) => `${call.name}\n${call.text}`,
        })
        .map((calls) => ({ calls }));
    case 'duplicate-call':
      return fc
        .tuple(validCall(tools), fc.integer({ min: 1, max: 2 }), fc.boolean())
        .map(([call, repeats, reorder]) => {
          // The same arguments with their keys in another order are the same call.
          const value = reorder ? reordered(call.value) : call.value;
          const copy = { ...call, value, text: JSON.stringify(value) };
          return { calls: [call, ...Array.from({ length: repeats }, () => copy)] };
        });
    case 'arguments-violate-schema':
      return fc.oneof(
        ...tools.flatMap((tool, index) =>
          tool.violating === undefined
            ? []
            : [
                tool.violating.map(({ value, violation }) => ({
                  calls: [
                    {
                      tool: index,
                      name: tool.spec.name,
                      text: JSON.stringify(value),
                      value,
                      violation,
                    },
                  ],
                })),
              ],
        ),
      );
    case 'unknown-tool': {
      const declared = new Set(tools.map((tool) => tool.spec.name));
      return fc.tuple(validCall(tools), fc.nat({ max: 5 })).map(([call, variant]) => ({
        calls: [{ ...call, name: nearMiss(call.name, variant, declared) }],
      }));
    }
    case 'arguments-unparseable': {
      // Decoded arguments cannot be broken JSON: the provider reports the call it dropped.
      const { can } = writerFor(surface);
      const { malformedCall } = can;
      if (can.arguments === 'decoded' && malformedCall !== undefined) {
        return validCall(tools).map((call) => ({
          calls: [call],
          malformedMessage: malformedCall.message(call.name, call.value),
        }));
      }
      return fc.oneof(
        ...tools.map((tool, index) =>
          malformedJsonSample({ value: tool.valid }).map(({ text }) => ({
            calls: [{ tool: index, name: tool.spec.name, text, value: {} }],
          })),
        ),
      );
    }
    case 'arguments-truncated':
      return fc.oneof(
        ...tools.map((tool, index) =>
          fc
            .tuple(
              tool.valid,
              truncatedJson({ document: tool.valid.map((value) => JSON.stringify(value)) }),
              fc.nat(),
            )
            .map(([value, text, kept]) => ({
              calls: [
                { tool: index, name: tool.spec.name, text, value: partialObject(value, kept) },
              ],
            })),
        ),
      );
  }
}

/** An object's keys in reverse order; any other value as it is. */
function reordered(value: JsonValue): JsonValue {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return value;
  return Object.fromEntries(Object.entries(value).reverse());
}

/**
 * The request's parallel-calls setting, unstated or one the surface can state: a turn of
 * several calls never has it off.
 */
function parallelFor(
  health: ToolCallHealth,
  surface: WireSurfaceId,
): fc.Arbitrary<boolean | undefined> {
  const settings = writerFor(surface).can.parallelSettings;
  const several = health === 'fanout' || health === 'duplicate-call';
  const allowed = [undefined, ...settings.filter((on) => on || !several)];
  return allowed.length === 1 ? fc.constant(undefined) : fc.constantFrom(...allowed);
}

interface Drawn {
  draft: Draft;
  parallel: boolean | undefined;
  ceiling: number;
  input: number;
  output: number;
  reasoningShare: number;
  ids: PayloadTurn['ids'];
  prompt: string;
  preface: string | undefined;
  created: number;
}

function sampleFor(
  health: ToolCallHealth,
  surface: WireSurfaceId,
  tools: readonly PreparedTool[],
  drawn: Drawn,
): ToolCallResponseSample {
  const writer = writerFor(surface);
  const cut = health === 'arguments-truncated' || health === 'turn-cut';
  // A finished stop that used the whole ceiling: the cut a server relabelled.
  const unreported = health === 'ceiling-unreported';
  const output = cut || unreported ? drawn.ceiling : drawn.output;
  // Below REASONING_DOMINANT_SHARE, so a cut reads as the answer's, not the reasoning's.
  const reasoning = writer.can.reasoningTokens ? Math.floor(output * drawn.reasoningShare) : 0;
  const turn: PayloadTurn = {
    system: SYSTEM,
    tools: tools.map((tool) => tool.spec),
    calls: drawn.draft.calls,
    ending: cut
      ? 'ceiling'
      : drawn.draft.malformedMessage === undefined
        ? 'finished'
        : 'malformed-call',
    parallel: drawn.parallel,
    ceiling: cut || unreported || writer.can.ceilingRequired ? drawn.ceiling : undefined,
    usage: { input: drawn.input, output, reasoning },
    ids: drawn.ids,
    prompt: drawn.prompt,
    // Written only where the surface's response holds text before its calls.
    preface: drawn.preface,
    malformedMessage: drawn.draft.malformedMessage ?? '',
    created: drawn.created,
  };
  if (turn.ceiling !== undefined && !cut && !unreported) {
    turn.ceiling = Math.max(turn.ceiling, output + 64);
  }
  // The writers return JSON records; the wire types say what each writes, and
  // test/arbitraries/wire-types.test.ts holds every sample to them.
  return {
    surface,
    health,
    payload: writer.exchange(turn),
    expected: expectedFor(
      health,
      surface,
      tools.map((tool) => tool.spec),
      turn,
    ),
  } as ToolCallResponseSample;
}

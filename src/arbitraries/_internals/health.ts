/**
 * The healths a generated exchange can have, and what the library's diagnoses say about an
 * exchange of each: written here once, so the arbitrary and its expectations cannot drift.
 */
import type { CallState } from '../../diagnose/dispatch.js';
import type { StrictState } from '../../diagnose/strict.js';
import type { TruncationState } from '../../diagnose/truncation.js';
import type { WireSurfaceId } from '../../model/model.js';
import { surfaceById } from '../../registry/index.js';
import type { NeutralCall, NeutralTool, PayloadTurn } from '../../surfaces/payload.js';
import { writerFor } from '../../writers/index.js';
import type { Violation } from '../violating-arguments-for.js';
/**
 * What is wrong (or not) with the generated turn, named by the state the diagnoses give it:
 * - `healthy`: one call to a declared tool with valid arguments.
 * - `arguments-violate-schema`: one call whose arguments break the schema in one place.
 * - `arguments-unparseable`: one call whose arguments are malformed JSON (Gemini:
 *   `MALFORMED_FUNCTION_CALL`).
 * - `arguments-truncated`: the output ceiling cut the last call mid-arguments; a whole call
 *   before it in the same turn would be `turn-cut`.
 * - `unknown-tool`: one call to a name nobody declared (a near miss of a real one).
 * - `fanout`: two to four distinct valid calls in one turn, parallel calls allowed (the strict
 *   diagnosis's `fanout-no-strict` without strict tools, `strict-void` with them on OpenAI).
 * - `duplicate-call`: one valid call and one or two repeats of it in the same turn (the same
 *   arguments, their keys reordered where the surface sends JSON text).
 * - `turn-cut`: one whole, valid call in a turn the output ceiling cut (only where a cut call
 *   can be told from a whole one: not Anthropic or Bedrock, whose calls arrive decoded).
 * - `ceiling-unreported`: one whole call under a finished stop while the output used the whole
 *   ceiling, as servers that relabel a cut as a finish answer; on Anthropic and Bedrock the
 *   call that ends such an output is read as possibly cut (`arguments-truncated`).
 *
 * @example
 * ```ts
 * const health: ToolCallHealth = 'arguments-truncated';
 * ```
 */
export type ToolCallHealth =
  | 'healthy'
  | 'arguments-violate-schema'
  | 'arguments-unparseable'
  | 'arguments-truncated'
  | 'unknown-tool'
  | 'fanout'
  | 'duplicate-call'
  | 'turn-cut'
  | 'ceiling-unreported';

/**
 * Every {@link ToolCallHealth}.
 *
 * @example
 * ```ts
 * TOOL_CALL_HEALTHS.length; // 9
 * ```
 */
export const TOOL_CALL_HEALTHS: readonly ToolCallHealth[] = [
  'healthy',
  'arguments-violate-schema',
  'arguments-unparseable',
  'arguments-truncated',
  'unknown-tool',
  'fanout',
  'duplicate-call',
  'turn-cut',
  'ceiling-unreported',
];

/**
 * The health labels before 0.x named them by their state; still accepted as `health`, and
 * answered with the new name.
 *
 * @deprecated Use the {@link ToolCallHealth} each maps to in {@link RENAMED_HEALTHS}; these go
 * in the next minor version.
 * @example
 * ```ts
 * const old: DeprecatedToolCallHealth = 'violating'; // now 'arguments-violate-schema'
 * ```
 */
export type DeprecatedToolCallHealth = 'violating' | 'unparseable' | 'truncated' | 'fan-out';

/**
 * Each deprecated health label and the name it has now.
 *
 * @example
 * ```ts
 * RENAMED_HEALTHS.violating; // 'arguments-violate-schema'
 * ```
 */
export const RENAMED_HEALTHS: Readonly<Record<DeprecatedToolCallHealth, ToolCallHealth>> = {
  violating: 'arguments-violate-schema',
  unparseable: 'arguments-unparseable',
  truncated: 'arguments-truncated',
  'fan-out': 'fanout',
};

/**
 * The health a caller asked for, by its current name; `undefined` for a name never used.
 *
 * @example
 * ```ts
 * healthNamed('fan-out'); // 'fanout'
 * ```
 */
export function healthNamed(name: string): ToolCallHealth | undefined {
  if ((TOOL_CALL_HEALTHS as readonly string[]).includes(name)) return name as ToolCallHealth;
  return Object.hasOwn(RENAMED_HEALTHS, name)
    ? RENAMED_HEALTHS[name as DeprecatedToolCallHealth]
    : undefined;
}

/**
 * What the library's diagnoses return for one call.
 *
 * @example
 * ```ts
 * const call: ExpectedCall = { name: 'lookup_order', callId: 'call_eVbWEn2imLoCHuA2Lb5almmf', state: 'dispatchable' };
 * ```
 */
export interface ExpectedCall {
  name: string;
  callId: string | null;
  state: CallState;
  /** For an `arguments-violate-schema` turn: where the arguments break the schema; a problem line starts with `path`. */
  violation?: Violation;
}

/**
 * What `diagnoseCalls`, `diagnoseTruncation` and `diagnoseStrictGuarantee` return for the
 * exchange: each call's name, id and state (in order), the truncation state, the strict state.
 *
 * @example
 * ```ts
 * const expected: ExpectedDiagnoses = { calls: [], truncation: 'complete', strict: 'no-strict-declared' };
 * ```
 */
export interface ExpectedDiagnoses {
  calls: ExpectedCall[];
  truncation: TruncationState;
  strict: StrictState;
}

/**
 * What `diagnoseCalls`, `diagnoseTruncation` and `diagnoseStrictGuarantee` return for a turn
 * written with the given health on a surface.
 *
 * @example
 * ```ts
 * expectedFor('healthy', 'openai-chat', tools, turn).calls[0]?.state; // 'dispatchable-unconstrained'
 * ```
 */
export function expectedFor(
  health: ToolCallHealth,
  surface: WireSurfaceId,
  tools: readonly NeutralTool[],
  turn: PayloadTurn,
): ExpectedDiagnoses {
  const { facts } = surfaceById(surface);
  const write = writerFor(surface);
  const ids = write.callIds(turn);
  const strictNames = write.can.strictTools
    ? tools.filter((tool) => tool.strict === true).map((tool) => tool.name)
    : [];
  const cutAt = turn.calls.length - 1;
  const healthy = (name: string): CallState =>
    strictNames.includes(name) ? 'dispatchable' : 'dispatchable-unconstrained';
  const callState = (name: string, index: number): CallState => {
    switch (health) {
      case 'arguments-violate-schema':
        return 'arguments-violate-schema';
      case 'arguments-unparseable':
        return 'arguments-unparseable';
      // The ceiling cut the last call; any whole call before it is in a cut turn all the same.
      case 'arguments-truncated':
        return index === cutAt ? 'arguments-truncated' : 'turn-cut';
      case 'unknown-tool':
        return 'unknown-tool';
      // The first call is whatever it is alone; each later one repeats it.
      case 'duplicate-call':
        return index === 0 ? healthy(name) : 'duplicate-call';
      case 'turn-cut':
        return 'turn-cut';
      // Where a cut call looks whole, the call that ends the output may be the one cut.
      case 'ceiling-unreported':
        return facts.cutCallsLookWhole ? 'arguments-truncated' : 'turn-cut';
      default:
        return healthy(name);
    }
  };
  const calls: ExpectedCall[] =
    turn.ending === 'malformed-call'
      ? [
          {
            name: write.can.malformedCall?.quotedName(turn.malformedMessage) ?? '',
            callId: null,
            state: 'arguments-unparseable',
          },
        ]
      : (turn.calls as (NeutralCall & { violation?: Violation })[]).map((call, index) => ({
          name: call.name,
          callId: ids[index] ?? null,
          state: callState(call.name, index),
          ...(call.violation === undefined ? {} : { violation: call.violation }),
        }));
  return {
    calls,
    truncation:
      health === 'ceiling-unreported'
        ? 'ceiling-unreported'
        : truncationFor(turn, facts.cutCallsLookWhole),
    strict: strictFor(
      facts.strict.voidedByParallelCalls,
      strictNames.length > 0,
      turn.parallel,
      calls.length,
    ),
  };
}

/**
 * A turn cut at its ceiling with a call in it reads as `truncated-tool-use` where cut calls look
 * whole (only the stop reason tells), else as `truncated-by-length`; a reported malformed call
 * ends the turn otherwise.
 */
function truncationFor(turn: PayloadTurn, cutCallsLookWhole: boolean): TruncationState {
  if (turn.ending === 'ceiling')
    return cutCallsLookWhole ? 'truncated-tool-use' : 'truncated-by-length';
  if (turn.ending === 'malformed-call') return 'incomplete-other';
  return 'complete';
}

/** Where the provider documents that parallel calls void strict decoding (OpenAI), they do. */
function strictFor(
  voidedByParallelCalls: boolean,
  anyStrict: boolean,
  parallel: boolean | undefined,
  calls: number,
): StrictState {
  if (!anyStrict) return calls > 1 ? 'fanout-no-strict' : 'no-strict-declared';
  if (parallel === false) return 'strict-serialised';
  if (!voidedByParallelCalls) return 'strict-held';
  return calls > 1 ? 'strict-void' : 'strict-at-risk';
}

/**
 * The faults fault injection writes, as data: their names (the states they cause), the
 * diagnosis each must read as, and where a surface cannot carry one. Shared by the msw handlers
 * (`tool-call-health/msw`) and the arbitrary (`tool-call-health/arbitraries`), which never import
 * each other, so it sits under both faces.
 */
import { FAULTS, type Fault, faultNamed } from '../model/fault-names.js';
import type { WireSurfaceId } from '../model/model.js';
import { surfaceById } from '../registry/index.js';
import type { TurnOutcome } from '../surfaces/payload.js';
import { libraryMessage } from '../text/library-message.js';
import { writerFor } from '../writers/index.js';

/**
 * Which diagnosis reads a fault and the state it gives: `calls` (a verdict of `diagnoseCalls`),
 * `truncation` (`diagnoseTruncation`), `strict` (`diagnoseStrictGuarantee`).
 */
export const FAULT_DIAGNOSES: Readonly<
  Record<Fault, { diagnosis: 'calls' | 'truncation' | 'strict'; state: string }>
> = {
  'unknown-tool': { diagnosis: 'calls', state: 'unknown-tool' },
  'arguments-violate-schema': { diagnosis: 'calls', state: 'arguments-violate-schema' },
  'arguments-unparseable': { diagnosis: 'calls', state: 'arguments-unparseable' },
  'arguments-truncated': { diagnosis: 'calls', state: 'arguments-truncated' },
  'duplicate-call': { diagnosis: 'calls', state: 'duplicate-call' },
  'empty-output': { diagnosis: 'truncation', state: 'empty-output' },
  refused: { diagnosis: 'truncation', state: 'refused' },
  'stopped-by-filter': { diagnosis: 'truncation', state: 'stopped-by-filter' },
  'ceiling-unreported': { diagnosis: 'truncation', state: 'ceiling-unreported' },
  'ceiling-spent-on-reasoning': { diagnosis: 'truncation', state: 'ceiling-spent-on-reasoning' },
  'strict-void': { diagnosis: 'strict', state: 'strict-void' },
  'stream-cut': { diagnosis: 'truncation', state: 'stream-cut' },
};

/** The faults that are a turn's outcome rather than a call: a writer may have no words for one. */
const OUTCOME_OF: Partial<Record<Fault, TurnOutcome['kind']>> = {
  refused: 'refused',
  'stopped-by-filter': 'filtered',
  'empty-output': 'empty',
  'ceiling-spent-on-reasoning': 'reasoning-only',
};

/**
 * Whether a surface can carry a fault, as far as the surface alone decides: `null` when it can,
 * else why not. What the request must hold (a strict tool, a ceiling) is checked when writing.
 *
 * @example
 * ```ts
 * faultUnsupportedReason('strict-void', 'gemini', false); // 'Gemini has no strict mode ...'
 * ```
 */
export function faultUnsupportedReason(
  fault: Fault,
  surface: WireSurfaceId,
  streamed: boolean,
): string | null {
  const { facts, title } = surfaceById(surface);
  const write = writerFor(surface);
  const outcome = OUTCOME_OF[fault];
  const listed = outcome === undefined ? undefined : write.can.unwritable[outcome];
  if (listed !== undefined) return listed;
  switch (fault) {
    case 'arguments-unparseable':
      return write.can.arguments === 'json-text' || write.can.malformedCall !== undefined
        ? null
        : `${title} hands back arguments it decoded, which cannot be broken JSON, and reports no call it could not decode`;
    case 'arguments-truncated':
      return write.can.cutCalls
        ? null
        : `${title} drops a call the output ceiling cut instead of returning it`;
    case 'strict-void':
      if (!write.can.strictTools) return `${title} has no strict mode`;
      return facts.strict.voidedByParallelCalls
        ? null
        : `${title} keeps strict decoding with parallel calls on, so several calls cannot void it`;
    case 'stream-cut':
      return streamed ? null : 'a stream can only be cut when the request asks for a stream';
    default:
      return null;
  }
}

/**
 * The faults a surface can carry, in {@link FAULTS} order.
 *
 * @example
 * ```ts
 * faultsFor('gemini', true).includes('strict-void'); // false
 * ```
 */
export function faultsFor(surface: WireSurfaceId, streamed: boolean): Fault[] {
  return FAULTS.filter((fault) => faultUnsupportedReason(fault, surface, streamed) === null);
}

/** The fault options both faces take, checked: the faults as a list, the seed, the tool. */
export interface CheckedFaultOptions {
  faults: Fault[];
  seed: number;
  tool: string | undefined;
}

/**
 * Checks the options `faultHandlers` and `faultyLanguageModel` share, throwing a `TypeError`
 * that names the caller and the option when made (never later, inside a request).
 *
 * @example
 * checkFaultOptions('faultHandlers', { fault: 'unknown-tool', seed: 3 });
 * // { faults: ['unknown-tool'], seed: 3, tool: undefined }
 */
export function checkFaultOptions(
  caller: string,
  options: { fault?: unknown; seed?: unknown; tool?: unknown } | undefined,
): CheckedFaultOptions {
  const named: unknown = typeof options?.fault === 'string' ? [options.fault] : options?.fault;
  // Old names are read as the faults they stand for.
  const faults = Array.isArray(named) ? named.map(faultNamed) : [];
  if (faults.length === 0 || !faults.every((fault) => fault !== undefined)) {
    throw new TypeError(
      libraryMessage(
        `${caller}() needs options.fault: one of ${FAULTS.join(', ')}, or a non-empty list of them; got ${JSON.stringify(options?.fault)}`,
      ),
    );
  }
  const seed = options?.seed ?? 0;
  if (typeof seed !== 'number' || !Number.isSafeInteger(seed)) {
    throw new TypeError(
      libraryMessage(`${caller}() needs options.seed to be an integer; got ${String(seed)}`),
    );
  }
  const tool = options?.tool;
  if (tool !== undefined && (typeof tool !== 'string' || tool === '')) {
    throw new TypeError(libraryMessage(`${caller}() needs options.tool to be a tool name`));
  }
  return { faults, seed, tool };
}

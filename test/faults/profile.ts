/**
 * A fault's whole profile: the state of every call (`diagnoseCalls`), of the turn
 * (`diagnoseTruncation`) and of the strict guarantee (`diagnoseStrictGuarantee`), as the fault
 * must read and as it was read. A fault breaks one thing; the other diagnoses read what the same
 * request would read with a healthy answer of as many calls.
 */
import { faultsFor } from '../../src/faults/faults.js';
import { type FaultRequest, writeFault } from '../../src/faults/write.js';
import {
  diagnoseCalls,
  diagnoseStrictGuarantee,
  diagnoseTruncation,
  reassembleStream,
} from '../../src/index.js';
import type { Fault } from '../../src/model/fault-names.js';
import type { WireSurfaceId } from '../../src/model/model.js';
import { surfaceById } from '../../src/registry/index.js';
import { writerFor } from '../../src/writers/index.js';
import { TOOLS } from './order-tools.js';

/** The three diagnoses' states for one answer. */
export interface Profile {
  calls: string[];
  truncation: string;
  strict: string;
}

/** What of the request a profile depends on. */
export interface Setting {
  /** Whether the request's tools are declared strict (on a surface that has a strict mode). */
  strict: boolean;
  /** The request's parallel-calls setting; `undefined` when unstated. */
  parallel: boolean | undefined;
  /** Where tools differ: whether the tool a duplicated call targets is strict (else `strict`). */
  calledStrict?: boolean;
}

/** The profile read from an exchange, with the same options for every diagnosis. */
export function profileOf(exchange: unknown, options?: Record<string, unknown>): Profile {
  return {
    calls: diagnoseCalls(exchange, options).map((verdict) => verdict.state),
    truncation: diagnoseTruncation(exchange, options).state,
    strict: diagnoseStrictGuarantee(exchange, options).state,
  };
}

/** The strict state of a turn of `calls` calls, as the request's setting decides it. */
function strictStateFor(surface: WireSurfaceId | 'ai-sdk', setting: Setting, calls: number) {
  if (!setting.strict) return calls > 1 ? 'fanout-no-strict' : 'no-strict-declared';
  if (setting.parallel === false) return 'strict-serialised';
  const voided = surface !== 'ai-sdk' && surfaceById(surface).facts.strict.voidedByParallelCalls;
  if (!voided) return 'strict-held';
  return calls > 1 ? 'strict-void' : 'strict-at-risk';
}

/**
 * The profile a fault must read as on `surface` (`ai-sdk` for faultyLanguageModel's steps).
 * `copies` is how many calls a `duplicate-call` or `strict-void` answer holds (the seed draws
 * 2 or 3; the written variant says which).
 */
export function expectedProfile(
  fault: Fault,
  surface: WireSurfaceId | 'ai-sdk',
  setting: Setting,
  copies = 0,
): Profile {
  const { calls, truncation } = expectedTurn(fault, surface, setting, copies);
  return { calls, truncation, strict: strictStateFor(surface, setting, calls.length) };
}

function expectedTurn(
  fault: Fault,
  surface: WireSurfaceId | 'ai-sdk',
  setting: Setting,
  copies: number,
): Omit<Profile, 'strict'> {
  const healthy =
    (setting.calledStrict ?? setting.strict) ? 'dispatchable' : 'dispatchable-unconstrained';
  const cutLooksWhole = surface !== 'ai-sdk' && surfaceById(surface).facts.cutCallsLookWhole;
  switch (fault) {
    case 'unknown-tool':
    case 'arguments-violate-schema':
      return { calls: [fault], truncation: 'complete' };
    case 'arguments-unparseable':
      // Gemini says it could not decode the call (MALFORMED_FUNCTION_CALL): the turn ends there.
      return { calls: [fault], truncation: surface === 'gemini' ? 'incomplete-other' : 'complete' };
    case 'arguments-truncated':
      return {
        calls: ['arguments-truncated'],
        truncation: cutLooksWhole ? 'truncated-tool-use' : 'truncated-by-length',
      };
    case 'duplicate-call':
      // The first copy is as healthy as any call; each later one repeats it.
      return {
        calls: [healthy, ...Array<string>(copies - 1).fill('duplicate-call')],
        truncation: 'complete',
      };
    case 'strict-void':
      return { calls: Array<string>(copies).fill('dispatchable'), truncation: 'complete' };
    case 'ceiling-unreported':
      // Where a cut call looks whole, the call that ends the output may be the one cut.
      return {
        calls: [cutLooksWhole ? 'arguments-truncated' : 'turn-cut'],
        truncation: 'ceiling-unreported',
      };
    case 'stream-cut':
      // Gemini streams whole call parts, so its cut falls after a whole call; elsewhere the cut
      // is inside the last call, and the AI SDK never hands over a call it did not finish.
      return {
        calls:
          surface === 'gemini' ? ['turn-cut'] : surface === 'ai-sdk' ? [] : ['arguments-truncated'],
        truncation: 'stream-cut',
      };
    case 'empty-output':
    case 'refused':
    case 'stopped-by-filter':
    case 'ceiling-spent-on-reasoning':
      return { calls: [], truncation: fault };
  }
}

/** How many calls a `duplicate-call` or `strict-void` answer holds, from its variant ("3 copies"). */
export function copiesOf(variant: string): number {
  return Number(/^(\d+) /.exec(variant)?.[1] ?? 0);
}

/** Ceilings from one token, where any usage reaches it, to none. */
const CEILINGS = [1, 20, 64, 1024, undefined] as const;

/** The request a surface's client sends for `TOOLS`, strict or not, with the setting and ceiling. */
export function requestFor(
  surface: WireSurfaceId,
  setting: Setting,
  ceiling: number | undefined,
  streamed: boolean,
) {
  const { request } = writerFor(surface).exchange({
    system: 'You are the order-support agent.',
    prompt: 'Where is order A-1001?',
    tools: TOOLS.map((tool) => ({ ...tool, strict: setting.strict })),
    calls: [],
    ending: 'finished',
    parallel: setting.parallel,
    ceiling,
    usage: { input: 1, output: 1, reasoning: 0 },
    ids: {
      response: 'r',
      calls: ['a', 'b', 'c', 'd'],
      items: ['1', '2', '3', '4'],
      suffix: 's',
      fingerprint: 'f',
    },
    preface: undefined,
    malformedMessage: '',
    created: 1_767_225_600,
  });
  const asksWithBody = ['openai-responses', 'openai-chat', 'anthropic-messages'].includes(surface);
  return streamed && asksWithBody ? { ...request, stream: true } : request;
}

/** Every request shape a surface can send: strict or not, each parallel setting, each ceiling. */
function requestsOn(surface: WireSurfaceId) {
  const { can } = writerFor(surface);
  const shapes: Array<{ setting: Setting; ceiling: number | undefined; label: string }> = [];
  for (const strict of can.strictTools ? [true, false] : [false]) {
    for (const parallel of [undefined, ...can.parallelSettings]) {
      for (const ceiling of CEILINGS) {
        if (ceiling === undefined && can.ceilingRequired) continue;
        shapes.push({
          setting: { strict, parallel },
          ceiling,
          label: `strict ${strict}, parallel ${parallel}, ceiling ${ceiling}`,
        });
      }
    }
  }
  return shapes;
}

/** The profile each written answer reads as, and the one it must, for every seed below `seeds`. */
export function sweep(surface: WireSurfaceId, streamed: boolean, seeds: number) {
  const mismatches: string[] = [];
  let written = 0;
  for (const { setting, ceiling, label } of requestsOn(surface)) {
    const body = requestFor(surface, setting, ceiling, streamed);
    const request: FaultRequest = { surface, streamed, body, sse: true };
    for (const fault of faultsFor(surface, streamed)) {
      for (let seed = 0; seed < seeds; seed += 1) {
        const answer = writeFault(request, { fault, seed });
        if (!answer.ok) {
          // Only what the request itself cannot carry: no ceiling to reach, parallel calls off.
          if (answer.code !== 'fault-not-expressible')
            mismatches.push(`${fault} seed ${seed} (${label}): ${answer.problem}`);
          continue;
        }
        written += 1;
        const response = streamed
          ? reassembleStream(answer.body)
          : JSON.parse(answer.body as string);
        const found = profileOf({ request: body, response });
        const expected = expectedProfile(fault, surface, setting, copiesOf(answer.variant));
        if (JSON.stringify(found) !== JSON.stringify(expected)) {
          mismatches.push(
            `${fault} seed ${seed} (${label}): read ${JSON.stringify(found)}, must read ${JSON.stringify(expected)}`,
          );
        }
      }
    }
  }
  return { mismatches, written };
}

import fc from 'fast-check';
import { faultUnsupportedReason } from '../faults/faults.js';
import { type DeprecatedFault, FAULTS, type Fault, faultNamed } from '../model/fault-names.js';
import type { WireSurfaceId } from '../model/model.js';
import { isSurfaceId } from '../registry/index.js';
import { libraryMessage } from '../text/library-message.js';

/**
 * One fault to inject, as `faultHandlers` from `tool-call-health/msw` takes it: the fault, the
 * seed that fixes every other draw, and the tool the calls target when one was asked for.
 *
 * @example
 * ```ts
 * const drawn: ToolCallFault = { fault: 'arguments-truncated', seed: 0, tool: 'lookup_order' };
 * ```
 */
export interface ToolCallFault {
  fault: Fault;
  /** A non-negative integer; shrinks towards 0. */
  seed: number;
  /** Present when `constraints.tools` names the tools to draw from. */
  tool?: string;
}

/**
 * Options for {@link toolCallFault}.
 *
 * @example
 * ```ts
 * const constraints: ToolCallFaultConstraints = { surface: 'anthropic-messages', streamed: true, tools: ['lookup_order'] };
 * ```
 */
export interface ToolCallFaultConstraints {
  /**
   * The faults to draw from, in the order they shrink towards; every fault by default. (A
   * deprecated name, `duplicate-calls`, is read as the fault it names.)
   */
  faults?: readonly (Fault | DeprecatedFault)[];
  /**
   * The surface your agent talks to: only faults it can carry are drawn (no `strict-void` on
   * Gemini). Some faults also need the request to allow them: `ceiling-unreported` a ceiling
   * (`max_completion_tokens`…), `strict-void` a strict tool with parallel calls not off; a
   * request without it gets the handlers' 400 naming what is missing.
   */
  surface?: WireSurfaceId;
  /**
   * Whether your agent streams: `stream-cut` is drawn only when it does. Unstated, a stream is
   * not assumed.
   */
  streamed?: boolean;
  /** Tool names to draw `tool` from; without them `tool` is left out and the seed picks one. */
  tools?: readonly string[];
}

/**
 * Faults to inject into your agent loop: `{ fault, seed, tool? }`, ready for
 * `faultHandlers(sample)` from `tool-call-health/msw`, so `fc.asyncProperty` runs the loop
 * against broken responses and a failure shrinks to the simplest fault that breaks it (faults
 * shrink towards the front of `FAULTS` or of `constraints.faults`: a wrong call before a wrong
 * turn before a cut stream; seeds towards 0; tools towards the first). Built from `record` and
 * `constantFrom`, so fast-check shrinks each part on its own.
 *
 * @example
 * ```ts
 * import fc from 'fast-check';
 * import { setupServer } from 'msw/node';
 * import { toolCallFault } from 'tool-call-health/arbitraries';
 * import { faultHandlers } from 'tool-call-health/msw';
 *
 * const server = setupServer();
 * server.listen({ onUnhandledRequest: 'error' });
 * await fc.assert(
 *   fc.asyncProperty(toolCallFault({ surface: 'openai-chat' }), async (fault) => {
 *     server.use(...faultHandlers(fault));
 *     const outcome = await runMyAgent('Where is order A-1001?');
 *     return outcome.kind !== 'dispatched-a-broken-call';
 *   }),
 * );
 * ```
 */
export function toolCallFault(
  constraints: ToolCallFaultConstraints = {},
): fc.Arbitrary<ToolCallFault> {
  const { surface, streamed = false, tools } = constraints;
  const named = constraints.faults ?? FAULTS;
  const unknown = named.filter((fault) => faultNamed(fault) === undefined);
  if (unknown.length > 0) {
    throw new TypeError(
      libraryMessage(
        `toolCallFault: ${unknown.map((fault) => JSON.stringify(fault)).join(', ')} is no fault; the faults are ${FAULTS.join(', ')}`,
      ),
    );
  }
  if (surface !== undefined && !isSurfaceId(surface)) {
    throw new TypeError(libraryMessage(`toolCallFault: ${JSON.stringify(surface)} is no surface`));
  }
  // Old names are read as the faults they stand for.
  const asked = named.map((fault) => faultNamed(fault) as Fault);
  const faults = asked.filter((fault) =>
    surface === undefined
      ? streamed || fault !== 'stream-cut'
      : faultUnsupportedReason(fault, surface, streamed) === null,
  );
  if (faults.length === 0) {
    throw new Error(
      libraryMessage(
        `toolCallFault: none of ${asked.join(', ') || 'no faults'} can be written on ${surface ?? 'a request'}${streamed ? ' (streamed)' : ''}`,
      ),
    );
  }
  if (
    tools !== undefined &&
    (tools.length === 0 || tools.some((tool) => typeof tool !== 'string' || tool === ''))
  ) {
    throw new TypeError(
      libraryMessage('toolCallFault: tools must be a non-empty list of tool names'),
    );
  }
  const fault = fc.constantFrom(...faults);
  const seed = fc.nat();
  if (tools === undefined) return fc.record({ fault, seed });
  return fc.record({ fault, seed, tool: fc.constantFrom(...tools) });
}

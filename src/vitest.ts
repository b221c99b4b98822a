/**
 * `import 'tool-call-health/vitest'` in a setup file registers the matchers on vitest's
 * `expect` and types them on vitest's assertions and asymmetric matchers, for vitest 4 and 5.
 */
import 'vitest';
import { afterEach, beforeEach, expect, inject } from 'vitest';
import { matchers } from './matchers/index.js';
import { listenForVerdicts } from './matchers/record.js';
import type { ToolCallHealthMatchers } from './matchers/types.js';
import {
  REPORTER_LISTENS_KEY,
  type RecordedVerdict,
  VERDICTS_META_KEY,
} from './report/verdicts.js';

expect.extend(matchers);

// Under `tool-call-health/reporter` only: each verdict goes into the running test's meta, which
// vitest sends from the worker to the reporter. Without the reporter no hook is added, and the
// matchers build no verdict.
if (inject(REPORTER_LISTENS_KEY) === true) {
  let running: { meta: object } | null = null;
  beforeEach((context) => {
    running = context.task;
  });
  afterEach(() => {
    running = null;
  });
  listenForVerdicts((verdict) => {
    if (running === null) return;
    const meta = running.meta as Record<string, RecordedVerdict[] | undefined>;
    const verdicts = meta[VERDICTS_META_KEY] ?? [];
    verdicts.push(verdict);
    meta[VERDICTS_META_KEY] = verdicts;
  });
}

/**
 * What vitest's own matchers return on the same assertion: `void`, a Promise under `.resolves`
 * and `.rejects`, and `unknown` on `expect` itself, where the matchers are asymmetric.
 */
type AssertionResult<Assertion> = Assertion extends {
  toEqual: (...args: never[]) => infer Result;
}
  ? Result
  : unknown;

type Signature<Name extends keyof ToolCallHealthMatchers> = Parameters<
  ToolCallHealthMatchers[Name]
>;

/**
 * The matchers as vitest sees them. vitest 4 declares `Matchers<T = any>` and vitest 5
 * `Matchers<R extends void | Promise<void> = void | Promise<void>, T = unknown>`; an augmentation
 * must repeat the type parameters of the version installed, unless it declares none, which both
 * accept because every parameter has a default. So this declares none, and each matcher reads
 * its return type off the assertion it is called on (`this`) instead of off `R`.
 *
 * @example
 * // vitest.setup.ts, listed in `test.setupFiles`
 * import 'tool-call-health/vitest';
 * // any test
 * expect(response).toBeDispatchable({ requireStrict: true });
 * await expect(client.responses.create(request)).resolves.toNotBeTruncated();
 * expect(turns).toContainEqual(expect.toCallTool('issue_refund'));
 */
export interface VitestToolCallHealthMatchers {
  /** Every tool call in the turn parses, names a declared tool, and matches its schema. */
  toBeDispatchable(...options: Signature<'toBeDispatchable'>): AssertionResult<this>;
  /** The output was not cut off by its ceiling, by reasoning, or mid-object; or the string is not a JSON prefix. */
  toNotBeTruncated(...options: Signature<'toNotBeTruncated'>): AssertionResult<this>;
  /** Strict is declared and parallel calls are off, so every call is held to its schema. */
  toKeepStrictGuarantee(...options: Signature<'toKeepStrictGuarantee'>): AssertionResult<this>;
  /** The tool definitions would be accepted by the provider's strict mode as written. */
  toBeStrictCompatible(...options: Signature<'toBeStrictCompatible'>): AssertionResult<this>;
  /** Some call names the tool and, if given, has arguments equal to `expectedArguments`. */
  toCallTool(...nameAndArguments: Signature<'toCallTool'>): AssertionResult<this>;
  /** The MCP tool's structuredContent matches the outputSchema its tools/list declares. */
  toMatchOutputSchema(...options: Signature<'toMatchOutputSchema'>): AssertionResult<this>;
  /** Every tool call the request sends back is answered where its provider requires, and every result answers a call. */
  toHaveConsistentToolHistory(
    ...options: Signature<'toHaveConsistentToolHistory'>
  ): AssertionResult<this>;
}

declare module 'vitest' {
  interface Matchers extends VitestToolCallHealthMatchers {}
  /** Set by `tool-call-health/reporter`: the matchers record their verdicts for it. */
  interface ProvidedContext {
    toolCallHealthReporter?: boolean;
  }
  // vitest 4's `expect.not` is this interface alone; vitest 5's already extends `Matchers`.
  interface AsymmetricMatchersContaining extends VitestToolCallHealthMatchers {}
}

export type { ToolCallHealthMatchers };

import {
  isStrictProvider,
  lintStrictSchema,
  STRICT_PROVIDER_CHOICES,
  type StrictProvider,
  strictModeName,
  strictProviderOf,
} from '../diagnose/strict-lint.js';
import { libraryMessage } from '../text/library-message.js';
import { plural } from '../text/plural.js';
import type { MatcherContext, MatcherResult } from './context.js';
import { MatcherInputError, refusePromise } from './guard.js';
import { compose } from './message.js';

export interface StrictCompatibleOptions {
  /** Whose strict mode to check against; read from the tool shape when omitted (`input_schema` is Anthropic). */
  provider?: StrictProvider;
}

/**
 * Passes when every function tool in a definition, a list of them, or a request body would be
 * accepted by the provider's strict mode as written. A failure lists each problem with its path.
 *
 * @example
 * expect(tools).toBeStrictCompatible({ provider: 'openai' });
 * expect(anthropicRequest).toBeStrictCompatible(); // provider read from input_schema
 */
export function toBeStrictCompatible(
  this: MatcherContext,
  received: unknown,
  options?: StrictCompatibleOptions,
): MatcherResult {
  refusePromise('toBeStrictCompatible', received);
  if (typeof received !== 'object' || received === null) {
    throw new MatcherInputError(
      libraryMessage(
        `toBeStrictCompatible() accepts a tool definition, an array of them, or a request body with tools.\n  Received: ${this.utils.printReceived(received)}`,
      ),
    );
  }
  const provider = options?.provider ?? strictProviderOf(received);
  if (!isStrictProvider(provider)) {
    throw new MatcherInputError(
      libraryMessage(
        `toBeStrictCompatible({ provider }) takes ${STRICT_PROVIDER_CHOICES}; received ${this.utils.printReceived(provider)}`,
      ),
    );
  }
  const result = lintStrictSchema(received, { provider });
  const pass = result.tools > 0 && result.problems.length === 0;
  const hint = this.utils.matcherHint('toBeStrictCompatible', 'tools', options ? 'options' : '', {
    isNot: this.isNot,
    promise: this.promise,
  });
  const name = strictModeName(provider);
  const message = () => {
    if (pass) {
      return compose(hint, [
        result.tools === 1
          ? `Expected ${name} to refuse this tool, but it complies.`
          : `Expected ${name} to refuse these tools, but all ${plural(result.tools, 'tool')} comply.`,
      ]);
    }
    if (result.tools === 0 && result.problems.length === 0) {
      return compose(hint, [
        `Expected function tools to check against ${name}, but found none (built-in and custom tools are not checked).`,
      ]);
    }
    return compose(hint, [
      `Expected ${name} to accept ${plural(result.tools, 'tool')}, but found ${plural(result.problems.length, 'problem')}:`,
      ...result.problems.map(
        (problem) => `  - ${problem.path || '(input)'}: ${problem.message} [${problem.rule}]`,
      ),
    ]);
  };
  return { pass, message };
}

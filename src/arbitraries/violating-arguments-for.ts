import type fc from 'fast-check';
import { analyseSchema } from '../values/analyse-schema.js';
import {
  VIOLATION_KINDS,
  type ViolatingArguments,
  type Violation,
  type ViolationKind,
  violationsOf,
} from '../values/violations.js';
import { arbitraryOf, FAST_CHECK } from './_internals/fast-check-gens.js';
import type { ArgumentsForConstraints } from './arguments-for.js';

export { VIOLATION_KINDS, type ViolatingArguments, type Violation, type ViolationKind };

/**
 * Options for {@link violatingArgumentsFor}: those of `argumentsFor`, and which kinds to inject.
 *
 * @example
 * ```ts
 * const constraints: ViolatingArgumentsForConstraints = { kinds: ['missing-required', 'wrong-type'] };
 * ```
 */
export interface ViolatingArgumentsForConstraints extends ArgumentsForConstraints {
  /** The kinds to inject; all by default. Kinds the schema leaves no room for are skipped. */
  kinds?: readonly ViolationKind[];
}

/**
 * Values that break a tool's schema in exactly one place, and say where and how. Built on a
 * valid value from `argumentsFor`, then one change at a place every valid value has (a
 * chain of required keys and first items of non-empty arrays, never inside `anyOf`/`oneOf`
 * or a listed value, so no other rule can react). Every sample fails Ajv at `violation.path`,
 * and `diagnoseCalls` reports it: one of its `problems` starts with `${violation.path}:`.
 *
 * Each family of violation the schema has room for is as likely: the kinds other than
 * `wrong-type`, and four of `wrong-type` (a number, boolean or object sent as a string; a
 * fraction for an integer; null; any other type), and a string not of its `format`. A schema with an integer, a string and an
 * enum gives each of the eight about 12% of samples, so 100 runs meet each of them.
 *
 * Kinds a schema has no place for are skipped; when none is left it throws, naming the kinds
 * asked for. It throws what `argumentsFor` throws for keywords it cannot honour.
 *
 * @example
 * ```ts
 * import fc from 'fast-check';
 * import { violatingArgumentsFor } from 'tool-call-health/arbitraries';
 *
 * fc.assert(
 *   fc.property(violatingArgumentsFor(refundSchema), ({ value, violation }) => {
 *     const result = parseRefund(JSON.stringify(value));
 *     return !result.ok && result.errors.some((line) => line.startsWith(violation.path));
 *   }),
 * );
 * ```
 */
export function violatingArgumentsFor(
  schema: unknown,
  constraints: ViolatingArgumentsForConstraints = {},
): fc.Arbitrary<ViolatingArguments> {
  const analysed = analyseSchema(schema, constraints, 'violatingArgumentsFor', FAST_CHECK);
  try {
    return arbitraryOf(violationsOf(analysed, FAST_CHECK, { kinds: constraints.kinds }));
  } finally {
    analysed.document.dispose();
  }
}

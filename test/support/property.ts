/**
 * A fast-check property as one vitest test: what `@fast-check/vitest`'s `test.prop` does for
 * these suites, without its import, which costs seconds per file on vitest 4 (it walks every
 * function on vitest's `test`). Examples keep `@fast-check/vitest`: users copy them.
 */
import fc from 'fast-check';
import { test } from 'vitest';

/**
 * `property([arbitraries], parameters?)(name, predicate)` registers a test that asserts the
 * predicate over the arbitraries' values; a thrown expectation fails it, shrunk.
 *
 * @example
 * property([fc.integer()])('adding zero changes nothing', (n) => expect(n + 0).toBe(n));
 */
export function property<Ts extends [unknown, ...unknown[]]>(
  arbitraries: { [K in keyof Ts]: fc.Arbitrary<Ts[K]> },
  parameters?: fc.Parameters<Ts>,
) {
  return (name: string, predicate: (...values: Ts) => unknown, timeout?: number): void => {
    test(name, { timeout }, () => {
      const asserted = (fc.property as (...args: unknown[]) => fc.IPropertyWithHooks<Ts>)(
        ...arbitraries,
        predicate,
      );
      fc.assert(asserted, parameters);
    });
  };
}

export { fc };

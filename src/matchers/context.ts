/**
 * The part of a matcher's `this` that both vitest and Jest provide, so the matchers depend on
 * neither. Methods (not function properties) keep each framework's own signatures assignable.
 */
export interface MatcherContext {
  isNot?: boolean;
  promise?: string;
  customTesters?: unknown[];
  equals(a: unknown, b: unknown, customTesters?: unknown[], strictCheck?: boolean): boolean;
  utils: {
    matcherHint(
      name: string,
      received?: string,
      expected?: string,
      options?: { isNot?: boolean; promise?: string; secondArgument?: string },
    ): string;
    printReceived(value: unknown): string;
    printExpected(value: unknown): string;
  };
}

/** What a matcher returns; `actual` and `expected` let the framework print a diff. */
export interface MatcherResult {
  pass: boolean;
  message: () => string;
  actual?: unknown;
  expected?: unknown;
}

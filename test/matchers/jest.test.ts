import { stripVTControlCharacters } from 'node:util';
import { expect as jestExpect } from 'expect';
import { describe, expect, test } from 'vitest';
import { matchers } from '../../src/matchers/index.js';
import { BAD_CHARGE, GOOD_CHARGE, responsesResponse } from '../support/payloads.js';

// Jest 30's own `expect` package, as `@jest/globals` re-exports it.
jestExpect.extend(matchers);

type WithMatchers = ReturnType<typeof jestExpect> & {
  toBeDispatchable(): void;
  toCallTool(name: string, expected?: unknown): void;
  toNotBeTruncated(): void;
};
const expectJest = (value: unknown) => jestExpect(value) as unknown as WithMatchers;

describe('with Jest 30 expect', () => {
  const good = responsesResponse({ calls: [{ name: 'charge', arguments: GOOD_CHARGE }] });

  test('the matchers register and pass', () => {
    expectJest(good).toBeDispatchable();
    expectJest(good).toNotBeTruncated();
    expectJest(good).toCallTool(
      'charge',
      jestExpect.objectContaining({ currency: jestExpect.any(String) }),
    );
  });

  test('a failure carries the same message, with Jest handling .not', () => {
    const bad = responsesResponse({ calls: [{ name: 'charge', arguments: BAD_CHARGE }] });
    let message = '';
    try {
      expectJest(bad).toBeDispatchable();
    } catch (error) {
      message = stripVTControlCharacters((error as Error).message);
    }
    expect(message).toMatch(
      /^expect\(received\)\.toBeDispatchable\(\)\n\nExpected every tool call to be dispatchable/,
    );
    expect(message).toContain('arguments.amount_cents: expected integer, got string');
    expect(() =>
      (jestExpect(good) as unknown as { not: WithMatchers }).not.toBeDispatchable(),
    ).toThrow(/Expected the turn not to be dispatchable/);
  });
});

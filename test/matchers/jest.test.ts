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
  toHaveConsistentToolHistory(): void;
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

  test('toHaveConsistentToolHistory registers, passes, and fails with the same message', () => {
    const call = {
      id: 'call_1',
      type: 'function',
      function: { name: 'lookup_order', arguments: '{}' },
    };
    const request = (...messages: unknown[]) => ({ model: 'gpt-4.1', messages });
    expectJest(
      request(
        { role: 'assistant', tool_calls: [call] },
        { role: 'tool', tool_call_id: 'call_1', content: '' },
      ),
    ).toHaveConsistentToolHistory();
    let message = '';
    try {
      expectJest(request({ role: 'assistant', tool_calls: [call] })).toHaveConsistentToolHistory();
    } catch (error) {
      message = stripVTControlCharacters((error as Error).message);
    }
    expect(message).toMatch(
      /^expect\(received\)\.toHaveConsistentToolHistory\(\)\n\nExpected every tool call/,
    );
    expect(message).toContain(
      'messages[0].tool_calls[0] (call_1, "lookup_order"): no tool message answers it before the request ends',
    );
  });
});

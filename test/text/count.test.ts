import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { formatCount } from '../../src/text/count.js';

describe('formatCount', () => {
  test('writes every number as toLocaleString("en-US") does', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.integer({ min: -5, max: 1500 }),
          fc.integer(),
          fc.maxSafeInteger(),
          fc.double({ noNaN: true }),
          fc.constantFrom(
            -0,
            999,
            1000,
            0.1234,
            1e21,
            Number.POSITIVE_INFINITY,
            2 ** 53 + 2,
            -1000,
            -999_999,
          ),
        ),
        (count) => {
          expect(formatCount(count)).toBe(count.toLocaleString('en-US'));
        },
      ),
    );
  });

  test('groups digits by thousands', () => {
    expect(formatCount(7)).toBe('7');
    expect(formatCount(33_613)).toBe('33,613');
  });
});

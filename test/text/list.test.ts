import { describe, expect, test } from 'vitest';
import { shortList } from '../../src/text/list.js';

describe('shortList', () => {
  test('lists every item up to the limit', () => {
    expect(shortList(['"usd"', '"eur"'])).toBe('"usd", "eur"');
    expect(shortList([])).toBe('');
  });

  test('past the limit, says how many more there are', () => {
    expect(shortList(['"a"', '"b"', '"c"'], 2)).toBe('"a", "b" and 1 more');
    const many = Array.from({ length: 1_010 }, (_, i) => String(i));
    expect(shortList(many)).toBe('0, 1, 2, 3, 4, 5, 6, 7 and 1,002 more');
  });

  test('counts the rest from the total when only the first items were passed', () => {
    expect(shortList(['"a"'], 1, 10_000)).toBe('"a" and 9,999 more');
  });
});

import { describe, expect, test } from 'vitest';
import { formatPath, isIdentifier } from '../../src/text/path.js';

describe('formatPath', () => {
  test('writes indexes in brackets and identifier keys after a dot', () => {
    expect(formatPath(['rows', 0, 'sku'], 'arguments')).toBe('arguments.rows[0].sku');
    expect(formatPath(['recipe', 'steps', 0], '$')).toBe('$.recipe.steps[0]');
  });

  test('starts bare without a root', () => {
    expect(formatPath(['tools', 1, 'parameters'])).toBe('tools[1].parameters');
    expect(formatPath([0, 'name'])).toBe('[0].name');
    expect(formatPath([])).toBe('');
    expect(formatPath([], 'arguments')).toBe('arguments');
  });

  test('quotes any other key, numeric-looking keys included', () => {
    expect(formatPath(['two words', '0', 'a"b', ''], 'arguments')).toBe(
      'arguments["two words"]["0"]["a\\"b"][""]',
    );
    expect(formatPath(['unit price'])).toBe('["unit price"]');
  });
});

describe('isIdentifier', () => {
  test.each([
    ['order_id', true],
    ['$ref', true],
    ['_x1', true],
    ['1x', false],
    ['two words', false],
    ['a-b', false],
    ['', false],
    ['é', false],
  ])('%s: %s', (key, expected) => {
    expect(isIdentifier(key)).toBe(expected);
  });
});

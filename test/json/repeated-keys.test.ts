import { describe, expect, test } from 'vitest';
import { hasRepeatedKey } from '../../src/json/repeated-keys.js';

describe('hasRepeatedKey', () => {
  test('a key named twice in one object, however it is written', () => {
    expect(hasRepeatedKey('{"a":"x","a":1}')).toBe(true);
    expect(hasRepeatedKey('{"a":1,"\\u0061":2}')).toBe(true);
    expect(hasRepeatedKey('[{"b":{"c":1,"c":2}}]')).toBe(true);
  });

  test('the same key in different objects is no repeat, nor a value equal to a key', () => {
    expect(hasRepeatedKey('{"a":{"a":1},"b":[{"a":2},{"a":3}]}')).toBe(false);
    expect(hasRepeatedKey('{"a":"a","b":"a"}')).toBe(false);
    expect(hasRepeatedKey('{}')).toBe(false);
    expect(hasRepeatedKey('not json')).toBe(false);
  });
});

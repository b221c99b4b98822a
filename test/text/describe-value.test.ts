import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { describeJsonType, describeValue, previewJson } from '../../src/text/describe-value.js';

describe('describeJsonType', () => {
  it.each([
    [12, 'integer'],
    [1.5, 'number'],
    ['a', 'string'],
    [true, 'boolean'],
    [null, 'null'],
    [[], 'array'],
    [{}, 'object'],
    [undefined, 'undefined'],
    [3n, 'bigint'],
  ])('%s is %s', (value, type) => {
    expect(describeJsonType(value)).toBe(type);
  });
});

describe('previewJson', () => {
  it('shortens long values and never throws', () => {
    expect(previewJson('gbp')).toBe('"gbp"');
    expect(previewJson('x'.repeat(100), 8)).toBe('"xxxxx…"');
    // Anything but a string is cut where it stands: its brackets are not closed.
    expect(previewJson({ a: 'x'.repeat(99) }, 8)).toBe('{"a":"x…');
    expect(previewJson(10n)).toBe('10n');
    const loop: unknown[] = [];
    loop.push(loop);
    expect(previewJson(loop)).toBe('[unprintable array]');
  });

  it('reads only as much of a value as it shows, so huge and deep values preview at once', () => {
    expect(previewJson('é'.repeat(50_000_000), 6)).toBe('"ééé…"');
    let deep: unknown = 'leaf';
    for (let level = 0; level < 1_000_000; level++) deep = { next: deep };
    expect(previewJson(deep, 30)).toBe('{"next":{"next":{"next":{"nex…');
    expect(previewJson([1, [2, [3, [4]]]], 8)).toBe('[1,[2,[…');
  });

  it('writes what JSON.stringify writes, whenever that fits', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        const json = JSON.stringify(value);
        expect(previewJson(value, json.length)).toBe(json);
      }),
    );
    const withGaps = { a: undefined, b: () => 1, c: [undefined, () => 1], d: new Date(0) };
    expect(previewJson(withGaps, 100)).toBe(JSON.stringify(withGaps));
  });
});

describe('describeValue', () => {
  it.each([
    [undefined, 'undefined'],
    [null, 'null'],
    [3, 'the integer 3'],
    [1.5, 'the number 1.5'],
    [Number.NaN, 'the number NaN'],
    [Number.POSITIVE_INFINITY, 'the number Infinity'],
    ['x', 'the string "x"'],
    [true, 'the boolean true'],
    [10n, 'the bigint 10n'],
    [Symbol('s'), 'a symbol'],
    [() => 1, 'a function'],
    [[], 'an array of 0 items'],
    [[1], 'an array of 1 item'],
    [{}, 'an empty object'],
    [{ a: 1, 'two words': 2 }, 'an object with keys "a", "two words"'],
    [{ a: 1, b: 2, c: 3, d: 4, e: 5, f: 6 }, 'an object with keys "a", "b", "c", "d", "e", …'],
  ])('%s is %s', (value, words) => {
    expect(describeValue(value)).toBe(words);
  });

  it('shows a line of a long string, never all of it', () => {
    expect(describeValue('x'.repeat(10_000))).toBe(`the string "${'x'.repeat(37)}…"`);
  });
});

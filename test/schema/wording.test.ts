import type { ErrorObject } from 'ajv';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { describeJsonType, formatArgumentPath, previewJson } from '../../src/schema/index.js';
import { indexSchema } from '../../src/schema/schema-index.js';
import { describeViolations, membershipBySchemaPath } from '../../src/schema/wording.js';

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

describe('formatArgumentPath', () => {
  it('walks the value to tell indexes from numeric-looking keys', () => {
    expect(formatArgumentPath('/rows/0/sku', { rows: [{}] })).toBe('arguments.rows[0].sku');
    expect(formatArgumentPath('/ids/0', { ids: { 0: 'a' } })).toBe('arguments.ids["0"]');
    expect(formatArgumentPath('/rows/0')).toBe('arguments.rows[0]');
    expect(formatArgumentPath('')).toBe('arguments');
    expect(formatArgumentPath('/two words/a~1b~0c')).toBe('arguments["two words"]["a/b~c"]');
  });
});

describe('previewJson', () => {
  it('shortens long values and never throws', () => {
    expect(previewJson('gbp')).toBe('"gbp"');
    expect(previewJson('x'.repeat(100), 8)).toBe('"xxxxxx…');
    expect(previewJson(10n)).toBe('10n');
    const loop: unknown[] = [];
    loop.push(loop);
    expect(previewJson(loop)).toBe('[unprintable array]');
  });

  it('reads only as much of a value as it shows, so huge and deep values preview at once', () => {
    expect(previewJson('é'.repeat(50_000_000), 6)).toBe('"éééé…');
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

describe('describeViolations', () => {
  it("falls back to Ajv's own message for a keyword it has no wording for", () => {
    const error: ErrorObject = {
      keyword: 'x-shiny',
      instancePath: '/paint',
      schemaPath: '#/properties/paint/x-shiny',
      params: {},
      message: 'must be shiny',
    };
    expect(
      describeViolations([error], { paint: 'matte' }, 'arguments', membershipBySchemaPath),
    ).toEqual(['arguments.paint: must be shiny']);
  });
});

describe('indexSchema', () => {
  it('follows $refs out of a keyword, transitively', () => {
    const index = indexSchema({
      $defs: { a: { $ref: '#/$defs/b' }, b: {}, c: {} },
      anyOf: [{ $ref: '#/$defs/a' }],
    });
    expect(index.refTargetsFrom('/anyOf')).toEqual(new Set(['/$defs/a', '/$defs/b']));
    expect(index.refTargetsFrom('/$defs/c')).toEqual(new Set());
  });

  it('gives up (everything) on refs it cannot place: remote bases, $dynamicRef', () => {
    expect(indexSchema({ anyOf: [{ $ref: 'other.json#/x' }] }).refTargetsFrom('/anyOf')).toBe(
      'everything',
    );
    expect(indexSchema({ anyOf: [{ $dynamicRef: '#meta' }] }).refTargetsFrom('/anyOf')).toBe(
      'everything',
    );
  });
});

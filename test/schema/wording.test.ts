import type { ErrorObject } from 'ajv';
import { describe, expect, it } from 'vitest';
import { formatArgumentPath } from '../../src/schema/index.js';
import { indexSchema } from '../../src/schema/schema-index.js';
import { describeViolations, membershipBySchemaPath } from '../../src/schema/wording.js';

describe('formatArgumentPath', () => {
  it('walks the value to tell indexes from numeric-looking keys', () => {
    expect(formatArgumentPath('/rows/0/sku', { rows: [{}] })).toBe('arguments.rows[0].sku');
    expect(formatArgumentPath('/ids/0', { ids: { 0: 'a' } })).toBe('arguments.ids["0"]');
    expect(formatArgumentPath('/rows/0')).toBe('arguments.rows[0]');
    expect(formatArgumentPath('')).toBe('arguments');
    expect(formatArgumentPath('/two words/a~1b~0c')).toBe('arguments["two words"]["a/b~c"]');
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

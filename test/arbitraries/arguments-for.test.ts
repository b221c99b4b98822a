import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  ARGUMENTS_FOR_FORMATS,
  ARGUMENTS_FOR_KEYWORDS,
  ARGUMENTS_FOR_UNSUPPORTED_KEYWORDS,
  argumentsFor,
  UnsupportedSchemaError,
} from '../../src/arbitraries/index.js';
import { checkArguments } from '../../src/schema/index.js';
import {
  CREATE_TICKET,
  ISSUE_REFUND,
  LOOKUP_ORDER,
  plainValidator,
  runs,
  SEED,
  SHIP_ORDER,
} from './support.js';

/** One schema per feature: each keyword, alone and in the combinations tools use. */
const FEATURES: Record<string, unknown> = {
  'type union with null': { type: ['string', 'null'] },
  'every type': { type: ['string', 'number', 'integer', 'boolean', 'null', 'array', 'object'] },
  'nullable (OpenAPI)': { type: 'integer', nullable: true, minimum: 3 },
  'nullable with enum': { type: 'string', nullable: true, enum: ['a', 'b', null] },
  'required keys only': { type: 'object', required: ['a', 'b'] },
  'additionalProperties false': {
    type: 'object',
    properties: { a: { type: 'string' }, b: { type: 'integer' } },
    additionalProperties: false,
  },
  'additionalProperties true': {
    type: 'object',
    properties: { a: { type: 'string' } },
    additionalProperties: true,
  },
  'additionalProperties schema (a map)': {
    type: 'object',
    additionalProperties: { type: 'integer', minimum: 0 },
  },
  'required key declared only by additionalProperties': {
    type: 'object',
    required: ['x'],
    additionalProperties: { type: 'boolean' },
  },
  'false property (never sent)': {
    type: 'object',
    properties: { gone: false, kept: { type: 'string' } },
  },
  'true schema inside': { type: 'object', required: ['any'], properties: { any: true } },
  'enum of mixed values': { enum: ['usd', 3, null, { a: 1 }, [1, 2]] },
  'enum filtered by type': { type: 'string', enum: ['a', 1, 'b', null] },
  'const object': { const: { kind: 'refund', lines: [1, 2] } },
  'enum filtered by pattern': {
    type: 'string',
    pattern: '^a',
    enum: ['apple', 'banana', 'avocado'],
  },
  'items schema': {
    type: 'array',
    items: { type: 'string', minLength: 1 },
    minItems: 2,
    maxItems: 6,
  },
  'prefixItems closed': {
    type: 'array',
    prefixItems: [{ type: 'string' }, { type: 'integer' }, { type: 'boolean' }],
    items: false,
    minItems: 2,
  },
  'prefixItems open': {
    type: 'array',
    prefixItems: [{ const: 'head' }],
    items: { type: 'number' },
  },
  'draft-07 tuple items': {
    type: 'array',
    items: [{ type: 'string' }, { type: 'integer' }],
    additionalItems: false,
  },
  'draft-07 $schema with definitions': {
    $schema: 'http://json-schema.org/draft-07/schema#',
    definitions: { id: { type: 'string', pattern: '^[a-z]{3}$' } },
    type: 'array',
    items: [{ $ref: '#/definitions/id' }],
    additionalItems: { type: 'integer' },
  },
  'draft-04 boolean exclusiveMinimum': {
    $schema: 'http://json-schema.org/draft-04/schema#',
    type: 'number',
    minimum: 0,
    exclusiveMinimum: true,
    maximum: 1,
  },
  'uniqueItems of integers': {
    type: 'array',
    items: { type: 'integer', minimum: 0, maximum: 6 },
    uniqueItems: true,
    minItems: 5,
  },
  'uniqueItems of listed values': {
    type: 'array',
    items: { enum: ['a', 'b', 'c'] },
    uniqueItems: true,
    minItems: 3,
  },
  'uniqueItems of objects': {
    type: 'array',
    items: {
      type: 'object',
      required: ['k'],
      properties: { k: { type: 'boolean' } },
      additionalProperties: false,
    },
    uniqueItems: true,
    minItems: 2,
  },
  'uniqueItems with distinct tuple positions': {
    type: 'array',
    prefixItems: [{ type: 'string' }, { type: 'integer' }],
    items: { type: 'boolean' },
    uniqueItems: true,
  },
  'integer bounds': { type: 'integer', minimum: -3, maximum: 7 },
  'integer exclusive bounds': { type: 'integer', exclusiveMinimum: -3, exclusiveMaximum: 3 },
  'integer multipleOf': { type: 'integer', multipleOf: 7, minimum: 10, maximum: 100 },
  'integer with fractional multipleOf': { type: 'integer', multipleOf: 0.5 },
  'number cents': { type: 'number', multipleOf: 0.01, minimum: 0, maximum: 1000 },
  'number tenths (float dust)': { type: 'number', multipleOf: 0.1 },
  'two multipleOfs': { allOf: [{ multipleOf: 0.25 }, { multipleOf: 0.1 }], type: 'number' },
  'number exclusive range': { type: 'number', exclusiveMinimum: 0, exclusiveMaximum: 1 },
  'number one-sided': { type: 'number', minimum: 1e9 },
  'string lengths in code points': { type: 'string', minLength: 3, maxLength: 5 },
  'string empty only': { type: 'string', maxLength: 0 },
  'pattern anchored': { type: 'string', pattern: '^[A-Z]{2}-[0-9]{3,5}$' },
  'pattern unanchored': { type: 'string', pattern: 'ab+c' },
  'pattern with unicode property': { type: 'string', pattern: '^\\p{Lu}\\p{Ll}+$' },
  'pattern with lengths': { type: 'string', pattern: '^[a-z]+$', minLength: 2, maxLength: 6 },
  'anyOf of types': {
    anyOf: [{ type: 'string', maxLength: 3 }, { type: 'integer' }, { type: 'null' }],
  },
  'anyOf with siblings': {
    type: 'object',
    properties: { a: { type: 'string' }, b: { type: 'string' } },
    anyOf: [{ required: ['a'] }, { required: ['b'] }],
  },
  'oneOf by type': { oneOf: [{ type: 'string' }, { type: 'number' }, { type: 'boolean' }] },
  'oneOf by discriminator': {
    oneOf: [
      {
        type: 'object',
        required: ['kind', 'a'],
        properties: { kind: { const: 'a' }, a: { type: 'string' } },
      },
      {
        type: 'object',
        required: ['kind', 'b'],
        properties: { kind: { enum: ['b', 'c'] }, b: { type: 'number' } },
      },
    ],
  },
  'oneOf by forbidden key': {
    oneOf: [
      {
        type: 'object',
        required: ['card'],
        properties: { card: { type: 'string' } },
        additionalProperties: false,
      },
      {
        type: 'object',
        required: ['iban'],
        properties: { iban: { type: 'string' } },
        additionalProperties: false,
      },
    ],
  },
  'oneOf by range': { type: 'integer', oneOf: [{ maximum: 9 }, { minimum: 10 }] },
  'oneOf by length': { type: 'string', oneOf: [{ maxLength: 2 }, { minLength: 3 }] },
  'oneOf of listed values': { oneOf: [{ enum: [1, 2, 3] }, { enum: [3, 4] }] },
  'oneOf of nullable': {
    oneOf: [{ type: 'null' }, { $ref: '#/$defs/money' }],
    $defs: { money: { type: 'integer' } },
  },
  'allOf merged': {
    allOf: [
      { type: 'object', required: ['a'], properties: { a: { type: 'integer', minimum: 0 } } },
      { required: ['b'], properties: { a: { maximum: 5 }, b: { type: 'string' } } },
    ],
  },
  'allOf with additionalProperties applying to the other part': {
    allOf: [
      { properties: { a: { type: 'integer' } }, additionalProperties: { type: 'integer' } },
      { type: 'object', required: ['b'], properties: { b: { minimum: 2 } } },
    ],
  },
  '$ref with siblings': {
    $defs: { base: { type: 'object', required: ['id'], properties: { id: { type: 'string' } } } },
    $ref: '#/$defs/base',
    required: ['qty'],
    properties: { qty: { type: 'integer' } },
  },
  '$ref to $anchor': {
    $defs: { sku: { $anchor: 'sku', type: 'string', pattern: '^SKU-\\d{3}$' } },
    type: 'array',
    items: { $ref: '#sku' },
  },
  '$ref to the root (recursion)': {
    type: 'object',
    required: ['value'],
    properties: { value: { type: 'integer' }, next: { $ref: '#' } },
  },
  '$ref with an escaped pointer': {
    $defs: { 'a/b': { type: 'integer' }, 'c d': { type: 'string' } },
    type: 'array',
    prefixItems: [{ $ref: '#/$defs/a~1b' }, { $ref: '#/$defs/c%20d' }],
  },
  'root $id with absolute refs': {
    $id: 'https://example.com/schemas/order.json',
    $defs: { id: { type: 'string', minLength: 2 } },
    type: 'object',
    required: ['id'],
    properties: { id: { $ref: 'https://example.com/schemas/order.json#/$defs/id' } },
  },
  'titles, descriptions and examples': {
    $comment: 'ignored',
    title: 'Order',
    description: 'An order',
    type: 'object',
    properties: {
      id: { type: 'string', examples: ['A-1'], default: 'A-1', deprecated: true, readOnly: true },
    },
    'x-vendor': { anything: true },
  },
  ...Object.fromEntries(
    ARGUMENTS_FOR_FORMATS.map((format) => [`format ${format}`, { type: 'string', format }]),
  ),
  'format with length': { type: 'string', format: 'email', maxLength: 40 },
  'format on a non-string type': { type: ['string', 'integer'], format: 'ipv4' },
};

/** Every key used as a keyword anywhere in a schema, by walking it as a schema. */
function keywordsOf(schema: unknown, into = new Set<string>()): Set<string> {
  if (Array.isArray(schema)) for (const item of schema) keywordsOf(item, into);
  else if (typeof schema === 'object' && schema !== null) {
    for (const [key, value] of Object.entries(schema)) {
      into.add(key);
      if (key !== 'enum' && key !== 'const') keywordsOf(value, into);
    }
  }
  return into;
}

function expectValid(schema: unknown, value: unknown): void {
  const check = checkArguments(schema, value);
  expect(check, JSON.stringify(value)).toEqual({ kind: 'valid' });
  const validate = plainValidator(schema);
  if (validate !== null) expect(validate(value), JSON.stringify(validate.errors)).toBe(true);
}

describe('argumentsFor', () => {
  describe.each(Object.entries(FEATURES))('%s', (_, schema) => {
    it('every sample is valid', () => {
      fc.assert(
        fc.property(argumentsFor(schema), (value) => expectValid(schema, value)),
        runs(150),
      );
    });
  });

  describe.each([
    ['lookup_order', LOOKUP_ORDER],
    ['create_ticket', CREATE_TICKET],
    ['issue_refund', ISSUE_REFUND],
    ['ship_order', SHIP_ORDER],
  ])('the %s tool', (_, schema) => {
    it('every sample is valid', () => {
      fc.assert(
        fc.property(argumentsFor(schema), (value) => expectValid(schema, value)),
        runs(500),
      );
    });
  });

  it('covers every keyword it lists as supported', () => {
    const used = keywordsOf(Object.values(FEATURES));
    expect(ARGUMENTS_FOR_KEYWORDS.filter((keyword) => !used.has(keyword))).toEqual([]);
  });

  it('accepts the boolean schema true, and refuses false with a reason', () => {
    expect(fc.sample(argumentsFor(true), { seed: SEED, numRuns: 20 })).toHaveLength(20);
    expect(() => argumentsFor(false)).toThrow(
      /^tool-call-health: argumentsFor found no value the schema accepts/,
    );
  });

  it('bounds recursion by maxDepth', () => {
    const schema = FEATURES['$ref to the root (recursion)'];
    const depth = (value: unknown): number =>
      typeof value === 'object' && value !== null && 'next' in value ? 1 + depth(value.next) : 1;
    const deepest = (maxDepth: number) =>
      Math.max(
        ...fc.sample(argumentsFor(schema, { maxDepth }), { seed: SEED, numRuns: 300 }).map(depth),
      );
    expect(deepest(1)).toBe(1);
    expect(deepest(3)).toBe(3);
  });

  it('draws both branches of a oneOf, each matching it alone', () => {
    const schema = FEATURES['oneOf by discriminator'];
    const kinds = new Set(
      fc
        .sample(argumentsFor(schema), { seed: SEED, numRuns: 200 })
        .map((value) => (value as { kind: string }).kind),
    );
    expect(kinds).toEqual(new Set(['a', 'b', 'c']));
  });

  it('keeps array lengths within maxItems when the schema sets none', () => {
    const lengths = fc
      .sample(argumentsFor({ type: 'array', items: { type: 'integer' } }, { maxItems: 2 }), {
        seed: SEED,
        numRuns: 200,
      })
      .map((value) => (value as unknown[]).length);
    expect(Math.max(...lengths)).toBe(2);
  });

  it('gives the same values for the same seed, and other values for another seed', () => {
    const first = fc.sample(argumentsFor(SHIP_ORDER), { seed: SEED, numRuns: 30 });
    expect(fc.sample(argumentsFor(SHIP_ORDER), { seed: SEED, numRuns: 30 })).toEqual(first);
    expect(fc.sample(argumentsFor(SHIP_ORDER), { seed: SEED + 1, numRuns: 30 })).not.toEqual(first);
  });

  it('shrinks to the smallest value that fails', () => {
    const result = fc.check(
      fc.property(
        argumentsFor(ISSUE_REFUND),
        (value) => (value as { amount_cents: number }).amount_cents < 1234,
      ),
      runs(500),
    );
    expect(result.failed).toBe(true);
    // The smallest failing amount, and the pattern's simplest order id.
    expect(result.counterexample?.[0]).toMatchObject({ amount_cents: 1234, order_id: 'A-0000' });
  });
});

describe('argumentsFor refuses what it cannot honour, at call time', () => {
  /** A schema using the keyword, the keyword and schema path the error must name. */
  const UNSUPPORTED: [string, unknown, string, string][] = [
    [
      'not',
      { type: 'object', properties: { a: { not: { type: 'string' } } } },
      'not',
      '#/properties/a/not',
    ],
    // biome-ignore lint/suspicious/noThenProperty: `then` is the JSON Schema keyword under test.
    ['if/then/else', { if: { type: 'string' }, then: { minLength: 2 } }, 'if', '#/if'],
    // biome-ignore lint/suspicious/noThenProperty: `then` is the JSON Schema keyword under test.
    ['then alone', { then: { minLength: 2 } }, 'then', '#/then'],
    ['else alone', { else: { minLength: 2 } }, 'else', '#/else'],
    [
      'patternProperties',
      { patternProperties: { '^x-': { type: 'string' } } },
      'patternProperties',
      '#/patternProperties',
    ],
    ['propertyNames', { propertyNames: { maxLength: 3 } }, 'propertyNames', '#/propertyNames'],
    [
      'dependentSchemas',
      { dependentSchemas: { a: { required: ['b'] } } },
      'dependentSchemas',
      '#/dependentSchemas',
    ],
    [
      'dependentRequired',
      { dependentRequired: { a: ['b'] } },
      'dependentRequired',
      '#/dependentRequired',
    ],
    ['dependencies', { dependencies: { a: ['b'] } }, 'dependencies', '#/dependencies'],
    ['contains', { type: 'array', contains: { const: 1 } }, 'contains', '#/contains'],
    [
      'minContains',
      { type: 'array', contains: { const: 1 }, minContains: 2 },
      'contains',
      '#/contains',
    ],
    ['maxContains', { type: 'array', maxContains: 2 }, 'maxContains', '#/maxContains'],
    ['minProperties', { type: 'object', minProperties: 2 }, 'minProperties', '#/minProperties'],
    ['maxProperties', { type: 'object', maxProperties: 2 }, 'maxProperties', '#/maxProperties'],
    [
      'unevaluatedProperties',
      { unevaluatedProperties: false },
      'unevaluatedProperties',
      '#/unevaluatedProperties',
    ],
    [
      'unevaluatedItems',
      { type: 'array', unevaluatedItems: false },
      'unevaluatedItems',
      '#/unevaluatedItems',
    ],
    [
      '$recursiveRef',
      { type: 'array', items: { $recursiveRef: '#' } },
      '$recursiveRef',
      '#/items/$recursiveRef',
    ],
    [
      '$recursiveAnchor',
      {
        $schema: 'http://json-schema.org/draft-07/schema#',
        $recursiveAnchor: true,
        type: 'object',
      },
      '$recursiveAnchor',
      '#/$recursiveAnchor',
    ],
    [
      '$dynamicRef',
      { $dynamicAnchor: 'n', items: { $dynamicRef: '#n' } },
      '$dynamicAnchor',
      '#/$dynamicAnchor',
    ],
    ...(['formatMaximum', 'formatExclusiveMinimum', 'formatExclusiveMaximum'] as const).map(
      (keyword): [string, unknown, string, string] => [
        keyword,
        { type: 'string', format: 'date', [keyword]: '2030-01-01' },
        keyword,
        `#/${keyword}`,
      ],
    ),
    [
      'formatMinimum',
      { type: 'string', format: 'date', formatMinimum: '2020-01-01' },
      'formatMinimum',
      '#/formatMinimum',
    ],
    [
      'allOf with not inside',
      { allOf: [{ type: 'string' }, { not: { const: 'x' } }] },
      'not',
      '#/allOf/1/not',
    ],
    ['remote $ref', { $ref: 'https://example.com/other.json#/x' }, '$ref', '#/$ref'],
    ['unknown format', { type: 'string', format: 'credit-card' }, 'format', '#/format'],
    ['unsupported format', { type: 'string', format: 'duration' }, 'format', '#/format'],
    [
      'oneOf that may overlap',
      { oneOf: [{ type: 'integer' }, { minimum: 2 }] },
      'oneOf',
      '#/oneOf',
    ],
    [
      'oneOf of strings',
      {
        oneOf: [
          { type: 'string', pattern: '^a' },
          { type: 'string', pattern: 'b$' },
        ],
      },
      'oneOf',
      '#/oneOf',
    ],
    [
      'uniqueItems over overlapping tuple positions',
      { type: 'array', prefixItems: [{ type: 'integer' }, { type: 'integer' }], uniqueItems: true },
      'uniqueItems',
      '#/uniqueItems',
    ],
    [
      'two patterns on one string',
      { allOf: [{ pattern: '^a' }, { pattern: 'b$' }], type: 'string' },
      'pattern',
      '#/allOf/1/pattern',
    ],
    [
      'pattern with a format',
      { type: 'string', format: 'email', pattern: '@example\\.com$' },
      'pattern',
      '#/pattern',
    ],
    [
      'pattern fast-check cannot generate',
      { type: 'string', pattern: '(?<=a)b' },
      'pattern',
      '#/pattern',
    ],
    [
      'pattern rarely fitting its lengths',
      { type: 'string', pattern: '^[a-z]+$', minLength: 30 },
      'minLength',
      '#/minLength',
    ],
    [
      'nested $id with refs',
      { $defs: { a: { $id: 'https://example.com/a.json', type: 'string' } }, $ref: '#/$defs/a' },
      '$id',
      '#/$defs/a/$id',
    ],
  ];

  it.each(UNSUPPORTED)('%s', (_, schema, keyword, schemaPath) => {
    let thrown: unknown;
    try {
      argumentsFor(schema);
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(UnsupportedSchemaError);
    expect(thrown).toMatchObject({ keyword, schemaPath });
    expect(
      (thrown as Error).message.startsWith(
        `tool-call-health: argumentsFor cannot honour "${keyword}" at ${schemaPath}: `,
      ),
    ).toBe(true);
  });

  it('names every keyword it lists as unsupported', () => {
    const named = new Set(UNSUPPORTED.map(([, , keyword]) => keyword));
    const schemas = keywordsOf(UNSUPPORTED.map(([, schema]) => schema));
    for (const keyword of ARGUMENTS_FOR_UNSUPPORTED_KEYWORDS) {
      expect(schemas.has(keyword) || named.has(keyword), keyword).toBe(true);
    }
  });

  it('generates for an unsupported keyword under enum or const, where Ajv checks every value', () => {
    const schema = { enum: ['a', 'bb', 'ccc'], not: { minLength: 3 } };
    const values = new Set(fc.sample(argumentsFor(schema), { seed: SEED, numRuns: 100 }));
    expect(values).toEqual(new Set(['a', 'bb']));
  });

  it.each([
    [
      'no listed value fits',
      { type: 'string', enum: [1, 2] },
      /no value listed by enum\/const satisfies every schema at #/,
    ],
    [
      'a required key no schema allows',
      { type: 'object', required: ['a'], additionalProperties: false },
      /required key "a": the schema at #\/additionalProperties is false/,
    ],
    [
      'more items than allowed',
      { type: 'array', minItems: 3, maxItems: 2 },
      /minItems 3, but no more than 2 items can be built/,
    ],
    [
      'bounds that cross',
      { type: 'integer', minimum: 5, maximum: 4 },
      /integer: the lower bound is above the upper bound/,
    ],
    [
      'too few distinct items',
      { type: 'array', items: { type: 'boolean' }, uniqueItems: true, minItems: 3 },
      /uniqueItems needs 3 distinct items/,
    ],
  ])('throws when no value fits: %s', (_, schema, reason) => {
    expect(() => argumentsFor(schema)).toThrow(
      /^tool-call-health: argumentsFor found no value the schema accepts: /,
    );
    expect(() => argumentsFor(schema)).toThrow(reason);
  });

  it('throws for schemas checkArguments cannot use', () => {
    expect(() => argumentsFor({ type: 'string', pattern: '[' })).toThrow(
      /^tool-call-health: argumentsFor needs a usable schema: /,
    );
    expect(() => argumentsFor({ nullable: true })).toThrow(/needs a usable schema/);
    // Tuple items are draft-07; a schema that declares 2020-12 must use prefixItems.
    const declared2020 = {
      $schema: 'https://json-schema.org/draft/2020-12/schema',
      items: [{ type: 'string' }],
    };
    expect(() => argumentsFor(declared2020)).toThrow(
      /needs a usable schema: it is not valid JSON Schema draft 2020-12/,
    );
    expect(() => argumentsFor('string')).toThrow(
      /^tool-call-health: argumentsFor expects a JSON Schema object \(or true\), got string/,
    );
  });
});

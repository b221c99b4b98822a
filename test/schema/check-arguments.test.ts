import { describe, expect, it } from 'vitest';
import { schemaProblem } from '../../src/schema/check-arguments.js';
import { checkArguments } from '../../src/schema/index.js';

/** The problems of an invalid check; fails the test with the whole check otherwise. */
function problemsOf(schema: unknown, value: unknown): string[] {
  const check = checkArguments(schema, value);
  if (check.kind !== 'invalid') throw new Error(`expected invalid, got ${JSON.stringify(check)}`);
  return check.problems;
}

const chargeSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['account_id', 'amount_cents', 'currency'],
  properties: {
    account_id: { type: 'string' },
    amount_cents: { type: 'integer' },
    currency: { type: 'string', enum: ['usd', 'eur'] },
  },
};

describe('checkArguments: the charge example', () => {
  it('gives exactly one line per violation, sorted by path', () => {
    const args = JSON.parse(
      '{"account_id":"acct_9","amount_cents":"1200","currency":"gbp","idempotency_key":"k1"}',
    );
    expect(checkArguments(chargeSchema, args)).toEqual({
      kind: 'invalid',
      problems: [
        'arguments.amount_cents: expected integer, got string',
        'arguments.currency: "gbp" is not one of the 2 declared values: "usd", "eur"',
        'arguments.idempotency_key: not declared, and the schema forbids extra keys',
      ],
    });
  });

  it('accepts a call that matches', () => {
    const args = { account_id: 'acct_9', amount_cents: 1200, currency: 'usd' };
    expect(checkArguments(chargeSchema, args)).toEqual({ kind: 'valid' });
  });

  it('names the missing key in the path', () => {
    expect(problemsOf(chargeSchema, { account_id: 'a', currency: 'usd' })).toEqual([
      'arguments.amount_cents: required and missing',
    ]);
  });
});

describe('checkArguments: paths', () => {
  const rows = {
    type: 'object',
    properties: {
      rows: { type: 'array', items: { type: 'object', properties: { sku: { type: 'string' } } } },
    },
  };

  it('reads array indexes as [n] and identifier keys as .key', () => {
    expect(problemsOf(rows, { rows: [{ sku: 'a' }, { sku: 7 }] })).toEqual([
      'arguments.rows[1].sku: expected string, got integer',
    ]);
    expect(problemsOf(rows, { rows: [{ sku: 12 }] })).toEqual([
      'arguments.rows[0].sku: expected string, got integer',
    ]);
  });

  it('quotes keys that are not identifiers, and unescapes ~1 and ~0', () => {
    const schema = {
      properties: {
        'two words': { type: 'string' },
        'a/b': { type: 'string' },
        'c~d': { type: 'string' },
        '0': { type: 'string' },
      },
    };
    expect(problemsOf(schema, { 'two words': 1, 'a/b': 1, 'c~d': 1, '0': 1 })).toEqual([
      'arguments["0"]: expected string, got integer',
      'arguments["a/b"]: expected string, got integer',
      'arguments["c~d"]: expected string, got integer',
      'arguments["two words"]: expected string, got integer',
    ]);
  });

  it('reports a root that is not an object at `arguments`', () => {
    expect(problemsOf(chargeSchema, ['acct_9'])).toEqual(['arguments: expected object, got array']);
    expect(problemsOf(chargeSchema, null)).toEqual(['arguments: expected object, got null']);
  });

  it('orders lines by path, then keyword, and drops duplicates', () => {
    const schema = {
      type: 'object',
      required: ['b'],
      properties: { a: { type: 'string', minLength: 3, pattern: '^x' }, b: {} },
      allOf: [{ properties: { a: { type: 'string' } } }],
    };
    expect(problemsOf(schema, { a: 5 })).toEqual([
      'arguments.a: expected string, got integer',
      'arguments.b: required and missing',
    ]);
  });
});

describe('checkArguments: one line per keyword', () => {
  it.each([
    ['integer vs number', { type: 'integer' }, 1.5, 'arguments: expected integer, got number'],
    [
      'type union',
      { type: ['string', 'null'] },
      3,
      'arguments: expected string or null, got integer',
    ],
    [
      'three-way union',
      { type: ['string', 'number', 'null'] },
      true,
      'arguments: expected string, number or null, got boolean',
    ],
    [
      'const',
      { const: 'refund' },
      'charge',
      'arguments: expected the constant "refund", got "charge"',
    ],
    [
      'enum, value shortened',
      { enum: ['a', 'b', 'c'] },
      'x'.repeat(80),
      `arguments: "${'x'.repeat(37)}…" is not one of the 3 declared values: "a", "b", "c"`,
    ],
    [
      'enum of one value',
      { enum: ['usd'] },
      'gbp',
      'arguments: "gbp" is not the one declared value, "usd"',
    ],
    [
      'enum of more values than are listed, each quoted as JSON',
      { enum: [1, 'two', null, true, { a: 1 }, [2], 7, 8, 9, 10] },
      'x',
      'arguments: "x" is not one of the 10 declared values: 1, "two", null, true, {"a":1}, [2], 7, 8 and 2 more',
    ],
    ['minimum', { minimum: 1 }, 0, 'arguments: 0 is below the minimum of 1'],
    ['maximum', { maximum: 100 }, 101, 'arguments: 101 is above the maximum of 100'],
    [
      'exclusiveMinimum',
      { exclusiveMinimum: 0 },
      0,
      'arguments: 0 is not above the exclusive minimum of 0',
    ],
    [
      'exclusiveMaximum',
      { exclusiveMaximum: 10 },
      10,
      'arguments: 10 is not below the exclusive maximum of 10',
    ],
    ['multipleOf', { multipleOf: 5 }, 7, 'arguments: 7 is not a multiple of 5'],
    [
      'minLength (code points)',
      { minLength: 3 },
      '😀😀',
      'arguments: "😀😀" is 2 characters long, shorter than the minimum of 3',
    ],
    [
      'maxLength',
      { maxLength: 2 },
      'abc',
      'arguments: "abc" is 3 characters long, longer than the maximum of 2',
    ],
    [
      'pattern',
      { pattern: '^[A-Z]{3}$' },
      'usd',
      'arguments: "usd" does not match the pattern ^[A-Z]{3}$',
    ],
    ['format', { format: 'date' }, '2024-13-01', 'arguments: "2024-13-01" is not a valid date'],
    ['minItems', { minItems: 1 }, [], 'arguments: has 0 items, fewer than the minimum of 1'],
    ['maxItems', { maxItems: 1 }, [1, 2], 'arguments: has 2 items, more than the maximum of 1'],
    [
      'uniqueItems',
      { uniqueItems: true },
      ['a', 'b', 'a'],
      'arguments: items [0] and [2] are identical, but the schema requires unique items',
    ],
    [
      'minProperties',
      { minProperties: 1 },
      {},
      'arguments: has 0 keys, fewer than the minimum of 1',
    ],
    [
      'maxProperties',
      { maxProperties: 1 },
      { a: 1, b: 2 },
      'arguments: has 2 keys, more than the maximum of 1',
    ],
    [
      'propertyNames',
      { propertyNames: { pattern: '^[a-z_]+$' } },
      { 'Bad Key': 1 },
      'arguments: the key "Bad Key" is not an allowed property name',
    ],
    [
      'contains',
      { contains: { type: 'string' } },
      [1, 2],
      'arguments: no item matches the "contains" shape',
    ],
    [
      'minContains and maxContains',
      { contains: { type: 'string' }, minContains: 2, maxContains: 3 },
      ['a', 1],
      'arguments: needs between 2 and 3 items matching the "contains" shape',
    ],
    ['not', { not: { type: 'string' } }, 'x', 'arguments: matches the shape that "not" rules out'],
    [
      'tuple too long (items: false)',
      { prefixItems: [{ type: 'number' }], items: false },
      [1, 2],
      'arguments: has 2 items, but the schema allows only 1',
    ],
    [
      'unevaluatedItems',
      { prefixItems: [{}], unevaluatedItems: false },
      [1, 2, 3],
      'arguments: has 3 items, but the schema allows only 1',
    ],
  ])('%s', (_name, schema, value, line) => {
    expect(problemsOf(schema, value)).toEqual([line]);
  });

  it('words dependentRequired (and draft-07 dependencies) at the missing key', () => {
    expect(problemsOf({ dependentRequired: { card: ['cvc'] } }, { card: '4242' })).toEqual([
      'arguments.cvc: required when "card" is present, and missing',
    ]);
    expect(problemsOf({ dependencies: { card: ['cvc'] } }, { card: '4242' })).toEqual([
      'arguments.cvc: required when "card" is present, and missing',
    ]);
  });

  it('explains if/then and if/else, keeping the specific lines of the branch', () => {
    const schema = {
      if: { properties: { method: { const: 'card' } }, required: ['method'] },
      // biome-ignore lint/suspicious/noThenProperty: `then` is the JSON Schema keyword under test.
      then: { required: ['card_token'] },
      else: { required: ['iban'] },
    };
    expect(problemsOf(schema, { method: 'card' })).toEqual([
      'arguments: matches the "if" condition but not the "then" shape it requires',
      'arguments.card_token: required and missing',
    ]);
    expect(problemsOf(schema, { method: 'sepa' })).toEqual([
      'arguments: does not match the "if" condition, nor the "else" shape required then',
      'arguments.iban: required and missing',
    ]);
  });

  it('words unevaluatedProperties: false like additionalProperties: false', () => {
    const schema = {
      type: 'object',
      allOf: [{ properties: { a: {} } }],
      unevaluatedProperties: false,
    };
    expect(problemsOf(schema, { a: 1, extra: 2 })).toEqual([
      'arguments.extra: not declared, and the schema forbids extra keys',
    ]);
  });

  it('words a false subschema', () => {
    expect(problemsOf({ properties: { legacy: false } }, { legacy: 1 })).toEqual([
      'arguments.legacy: no value is allowed here (the schema is false)',
    ]);
  });

  it('words dependentSchemas through the errors of the schema it applies', () => {
    const schema = {
      type: 'object',
      properties: { amount: { type: 'number' } },
      dependentSchemas: { amount: { required: ['currency'] } },
    };
    expect(problemsOf(schema, { amount: 1 })).toEqual(['arguments.currency: required and missing']);
  });
});

describe('checkArguments: anyOf / oneOf get one line each', () => {
  it('drops the branch errors under the union', () => {
    const schema = {
      properties: {
        target: {
          anyOf: [
            { type: 'string', format: 'uuid' },
            { type: 'object', required: ['id'] },
            { type: 'integer', minimum: 1 },
          ],
        },
      },
    };
    expect(problemsOf(schema, { target: 0 })).toEqual([
      'arguments.target: matches none of the 3 allowed shapes',
    ]);
  });

  it('says how many oneOf branches matched when more than one did', () => {
    expect(problemsOf({ oneOf: [{ type: 'integer' }, { minimum: 0 }] }, 3)).toEqual([
      'arguments: matches 2 of the oneOf shapes, but exactly one is allowed',
    ]);
    expect(problemsOf({ oneOf: [{ type: 'string' }, { type: 'boolean' }] }, 3)).toEqual([
      'arguments: matches none of the 2 allowed shapes',
    ]);
  });

  it('drops branch errors reached through $ref too (the Pydantic Optional[Model] shape)', () => {
    // Ajv reports errors inside a $ref target with a schemaPath relative to the target,
    // not under the anyOf; they must still be folded into the union's line.
    const schema = {
      $defs: {
        Address: { type: 'object', properties: { street: { type: 'string' } } },
        Node: {
          type: 'object',
          properties: { name: { type: 'string' }, child: { $ref: '#/$defs/Node' } },
        },
      },
      type: 'object',
      properties: {
        address: { anyOf: [{ $ref: '#/$defs/Address' }, { type: 'null' }] },
        tree: { anyOf: [{ $ref: '#/$defs/Node' }, { type: 'null' }] },
        count: { type: 'integer' },
      },
    };
    expect(problemsOf(schema, { address: { street: 1 }, tree: { name: 2 }, count: 'x' })).toEqual([
      'arguments.address: matches none of the 2 allowed shapes',
      'arguments.count: expected integer, got string',
      'arguments.tree: matches none of the 2 allowed shapes',
    ]);
  });

  it('keeps errors that merely sit next to a union', () => {
    const schema = {
      type: 'object',
      properties: { a: { type: 'string' } },
      anyOf: [{ required: ['x'] }, { required: ['y'] }],
    };
    expect(problemsOf(schema, { a: 1 })).toEqual([
      'arguments: matches none of the 2 allowed shapes',
      'arguments.a: expected string, got integer',
    ]);
  });
});

describe('checkArguments: prototype-named keys are ordinary keys', () => {
  const schema = {
    type: 'object',
    required: ['toString', 'constructor', 'hasOwnProperty', '__proto__'],
  };

  it('reports each one missing when it is missing, not inherited from Object.prototype', () => {
    expect(problemsOf(schema, {})).toEqual([
      'arguments.__proto__: required and missing',
      'arguments.constructor: required and missing',
      'arguments.hasOwnProperty: required and missing',
      'arguments.toString: required and missing',
    ]);
  });

  it('counts them present when JSON.parse made them own keys (__proto__ included)', () => {
    const args = JSON.parse(
      '{"toString":"a","constructor":"b","hasOwnProperty":"c","__proto__":"d"}',
    );
    expect(checkArguments(schema, args)).toEqual({ kind: 'valid' });
  });

  it('applies a properties.__proto__ schema, and counts it declared', () => {
    const declared = {
      type: 'object',
      additionalProperties: false,
      properties: { __proto__: { type: 'number' }, name: { type: 'string' } },
    };
    // The literal above would set the prototype; build the schema the way JSON.parse does.
    const parsed = JSON.parse(
      '{"type":"object","additionalProperties":false,"properties":{"__proto__":{"type":"number"},"name":{"type":"string"}}}',
    );
    expect(Object.keys(declared.properties)).toEqual(['name']);
    expect(problemsOf(parsed, JSON.parse('{"__proto__":"x"}'))).toEqual([
      'arguments.__proto__: expected number, got string',
    ]);
    expect(checkArguments(parsed, JSON.parse('{"__proto__":1,"name":"n"}'))).toEqual({
      kind: 'valid',
    });
  });

  it('reports an undeclared __proto__ key as extra', () => {
    const closed = { type: 'object', additionalProperties: false, properties: { a: {} } };
    expect(problemsOf(closed, JSON.parse('{"__proto__":{}}'))).toEqual([
      'arguments.__proto__: not declared, and the schema forbids extra keys',
    ]);
  });
});

describe('checkArguments: draft-07 shapes without $schema', () => {
  it('follows definitions + $ref: "#/definitions/x"', () => {
    const schema = {
      definitions: { money: { type: 'integer', minimum: 0 } },
      properties: { amount: { $ref: '#/definitions/money' } },
    };
    expect(problemsOf(schema, { amount: -1 })).toEqual([
      'arguments.amount: -1 is below the minimum of 0',
    ]);
  });

  it('reads an items array as a tuple, and additionalItems as what may follow', () => {
    const schema = { items: [{ type: 'string' }, { type: 'integer' }], additionalItems: false };
    expect(checkArguments(schema, ['a', 1])).toEqual({ kind: 'valid' });
    expect(problemsOf(schema, ['a', 'b', 3])).toEqual([
      'arguments: has 3 items, but the schema allows only 2',
      'arguments[1]: expected integer, got string',
    ]);
  });

  it('reads dependencies in both its forms', () => {
    const schema = {
      dependencies: { card: ['cvc'], iban: { required: ['bic'] } },
    };
    expect(problemsOf(schema, { card: 1, iban: 2 })).toEqual([
      'arguments.bic: required and missing',
      'arguments.cvc: required when "card" is present, and missing',
    ]);
  });

  it('reads $id: "#name" as an anchor', () => {
    const schema = {
      definitions: { id: { $id: '#account', type: 'string' } },
      properties: { account: { $ref: '#account' } },
    };
    expect(problemsOf(schema, { account: 1 })).toEqual([
      'arguments.account: expected string, got integer',
    ]);
  });

  it('uses the draft-07 instance when $schema says so (draft-06 and draft-04 too)', () => {
    const draft07 = {
      $schema: 'http://json-schema.org/draft-07/schema#',
      items: [{ type: 'string' }],
    };
    expect(problemsOf(draft07, [1])).toEqual(['arguments[0]: expected string, got integer']);
    const draft04 = {
      $schema: 'http://json-schema.org/draft-04/schema#',
      properties: { qty: { type: 'integer', minimum: 1, exclusiveMinimum: true } },
    };
    expect(problemsOf(draft04, { qty: 1 })).toEqual([
      'arguments.qty: 1 is not above the exclusive minimum of 1',
    ]);
    expect(checkArguments(draft04, { qty: 2 })).toEqual({ kind: 'valid' });
  });

  it('does not change the caller schema while rewriting it', () => {
    const schema = { items: [{ type: 'string' }], additionalItems: false };
    const before = JSON.stringify(schema);
    checkArguments(schema, ['a', 'b']);
    expect(JSON.stringify(schema)).toBe(before);
  });
});

describe('checkArguments: OpenAI-style schemas', () => {
  const strictTool = {
    type: 'object',
    additionalProperties: false,
    required: ['when', 'email', 'site', 'id', 'mode', 'note'],
    properties: {
      when: { type: 'string', format: 'date-time' },
      email: { type: 'string', format: 'email' },
      site: { type: 'string', format: 'uri' },
      id: { type: 'string', format: 'uuid' },
      mode: { type: 'string', const: 'fast' },
      note: { anyOf: [{ type: 'string' }, { type: 'null' }] },
    },
  };

  it('accepts well-formed values and null through an anyOf with {type: "null"}', () => {
    const args = {
      when: '2024-05-01T10:00:00Z',
      email: 'a@example.com',
      site: 'https://example.com/x',
      id: '0b7c6a9e-2f7e-4a43-9d59-4f1a2f9c1d11',
      mode: 'fast',
      note: null,
    };
    expect(checkArguments(strictTool, args)).toEqual({ kind: 'valid' });
  });

  it('reports each malformed format', () => {
    const args = {
      when: 'tomorrow',
      email: 'nobody',
      site: 'not a uri',
      id: '1234',
      mode: 'fast',
      note: 3,
    };
    expect(problemsOf(strictTool, args)).toEqual([
      'arguments.email: "nobody" is not a valid email',
      'arguments.id: "1234" is not a valid uuid',
      'arguments.note: matches none of the 2 allowed shapes',
      'arguments.site: "not a uri" is not a valid uri',
      'arguments.when: "tomorrow" is not a valid date-time',
    ]);
  });
});

describe('checkArguments: recursive schemas', () => {
  const tree = {
    type: 'object',
    required: ['name'],
    properties: { name: { type: 'string' }, children: { type: 'array', items: { $ref: '#' } } },
  };

  function nestedTree(depth: number): unknown {
    let node: unknown = { name: 'leaf' };
    // Each level is an object holding an array: two levels of nesting.
    for (let level = 1; level < depth / 2; level += 1) node = { name: 'n', children: [node] };
    return node;
  }

  it('validates deep-but-allowed data against $ref: "#"', () => {
    expect(checkArguments(tree, nestedTree(250))).toEqual({ kind: 'valid' });
  });

  it('finds a violation deep inside', () => {
    const value = { name: 'root', children: [{ name: 'a', children: [{ name: 5 }] }] };
    expect(problemsOf(tree, value)).toEqual([
      'arguments.children[0].children[0].name: expected string, got integer',
    ]);
  });

  it('reports a $ref that loops without descending as schema-invalid, not a throw', () => {
    expect(checkArguments({ $ref: '#' }, 1)).toEqual({
      kind: 'schema-invalid',
      reason:
        'validating ran out of call stack: the schema refers to itself ($ref) without descending into the value',
    });
  });
});

describe('checkArguments: schemas that cannot be used', () => {
  it('never fetches a remote $ref, and names it', () => {
    expect(checkArguments({ $ref: 'https://example.com/schemas/money.json' }, 1)).toEqual({
      kind: 'schema-invalid',
      reason:
        'its $ref "https://example.com/schemas/money.json" points outside the schema, and remote schemas are never fetched',
    });
  });

  it('names a local $ref that points to nothing', () => {
    expect(checkArguments({ properties: { a: { $ref: '#/$defs/missing' } } }, {})).toEqual({
      kind: 'schema-invalid',
      reason: 'its $ref "#/$defs/missing" points to nothing in the schema',
    });
  });

  it('words meta-schema violations with paths rooted at `schema`', () => {
    expect(checkArguments({ properties: { a: { type: 'strnig' } }, required: 'a' }, {})).toEqual({
      kind: 'schema-invalid',
      reason:
        'it is not valid JSON Schema draft 2020-12: schema.properties.a.type: "strnig" is not one of the 7 declared values: "array", "boolean", "integer", "null", "number", "object", "string"; schema.properties.a.type: matches none of the 2 allowed shapes; schema.required: expected array, got string',
    });
  });

  it('reports a pattern that is not a regular expression', () => {
    const check = checkArguments({ pattern: '(' }, 'x');
    expect(check.kind).toBe('schema-invalid');
    expect(check).toHaveProperty(
      'reason',
      expect.stringMatching(/^a pattern in it is not a valid regular expression: /),
    );
  });

  it('reads an explicit 2020-12 $schema literally: a tuple items array is an error there', () => {
    const schema = { $schema: 'https://json-schema.org/draft/2020-12/schema', items: [{}] };
    expect(checkArguments(schema, [])).toEqual({
      kind: 'schema-invalid',
      reason:
        'it is not valid JSON Schema draft 2020-12: schema.items: expected object or boolean, got array',
    });
  });

  it.each([
    [null, 'a schema must be a JSON object or a boolean, got null'],
    [3, 'a schema must be a JSON object or a boolean, got integer 3'],
    ['x', 'a schema must be a JSON object or a boolean, got string "x"'],
    [[], 'a schema must be a JSON object or a boolean, got array'],
    [undefined, 'a schema must be a JSON object or a boolean, got undefined'],
  ])('reports the junk schema %j as schema-invalid', (schema, reason) => {
    expect(checkArguments(schema, {})).toEqual({ kind: 'schema-invalid', reason });
  });

  it('reports a schema that contains itself, a bigint, or a non-string $schema', () => {
    const cyclic: Record<string, unknown> = { type: 'object' };
    cyclic.properties = { self: cyclic };
    expect(checkArguments(cyclic, {})).toEqual({
      kind: 'schema-invalid',
      reason: 'it contains itself (a cycle), so it is not JSON',
    });
    expect(checkArguments({ maximum: 10n }, 1)).toEqual({
      kind: 'schema-invalid',
      reason: 'it contains the bigint 10n, which JSON cannot carry',
    });
    expect(checkArguments({ $schema: 7 }, 1)).toEqual({
      kind: 'schema-invalid',
      reason: '$schema must be a URI string, got 7',
    });
  });

  it('reports a small object graph that stands for a huge JSON schema', () => {
    let shared: unknown = { type: 'string' };
    for (let level = 0; level < 40; level += 1) shared = { allOf: [shared, shared] };
    expect(checkArguments(shared, 'x')).toEqual({
      kind: 'schema-invalid',
      reason: 'it holds more than 200000 JSON values',
    });
  });

  it('reports a schema nested deeper than MAX_SCHEMA_DEPTH', () => {
    let schema: unknown = { type: 'string' };
    for (let level = 0; level < 200; level += 1) schema = { items: schema };
    expect(checkArguments(schema, [])).toEqual({
      kind: 'schema-invalid',
      reason: 'it nests deeper than 128 levels',
    });
  });
});

describe('schemaProblem: the same reasons, asked before any value comes', () => {
  it('names what checkArguments would call schema-invalid, and nothing else', () => {
    const broken = { type: 'object', properties: { eta: { type: 'dat' } } };
    expect(schemaProblem(broken)).toBe(
      (checkArguments(broken, {}) as { kind: 'schema-invalid'; reason: string }).reason,
    );
    expect(schemaProblem(null)).toBe('a schema must be a JSON object or a boolean, got null');
    expect(schemaProblem({ type: 'object' })).toBeUndefined();
    expect(schemaProblem(false)).toBeUndefined();
  });
});

describe('checkArguments: boolean schemas', () => {
  it('true accepts anything, false rejects everything', () => {
    expect(checkArguments(true, { any: ['thing'] })).toEqual({ kind: 'valid' });
    expect(checkArguments(false, {})).toEqual({
      kind: 'invalid',
      problems: ['arguments: no value is allowed (the schema is false)'],
    });
  });
});

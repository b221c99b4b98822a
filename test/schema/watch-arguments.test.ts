/**
 * watchArguments: after each piece of streamed arguments, whether the call can still be valid.
 * Each keyword a prefix can break is judged at the first character no completion can get past;
 * the offsets below are that character, checked whether the text arrives whole or one
 * character at a time.
 */
import { describe, expect, it } from 'vitest';
import { watchArguments } from '../../src/schema/watch/watch-arguments.js';

/** The verdict after writing `text` whole, checked equal to writing it one character at a time. */
function verdictOf(schema: unknown, text: string) {
  const whole = watchArguments(schema).write(text);
  const stepwise = watchArguments(schema);
  let last = stepwise.write('');
  for (const character of text) last = stepwise.write(character);
  expect(last).toEqual(whole);
  return whole;
}

const refund = {
  type: 'object',
  additionalProperties: false,
  required: ['amount_cents'],
  properties: {
    amount_cents: { type: 'integer', minimum: 1, maximum: 100_000 },
    currency: { enum: ['usd', 'eur'] },
    memo: { type: 'string', maxLength: 5 },
    tags: { type: 'array', maxItems: 2, items: { type: 'string' } },
    express: { const: true },
    ratio: { type: 'number', multipleOf: 0.25, exclusiveMaximum: 1 },
  },
};

describe('watchArguments: the first character no completion gets past', () => {
  const cases: [string, string, number, string, string][] = [
    [
      'a string where an integer is declared',
      '{"amount_cents":"12',
      16,
      'arguments.amount_cents',
      'arguments.amount_cents: expected integer, got string',
    ],
    [
      'an object where an integer is declared',
      '{"amount_cents":{',
      16,
      'arguments.amount_cents',
      'arguments.amount_cents: expected integer, got object',
    ],
    [
      'a number past the maximum, when its token ends',
      '{"amount_cents":1000000,',
      23,
      'arguments.amount_cents',
      'arguments.amount_cents: 1000000 is above the maximum of 100000',
    ],
    [
      'a number below the minimum, at the brace that ends it',
      '{"amount_cents":0}',
      17,
      'arguments.amount_cents',
      'arguments.amount_cents: 0 is below the minimum of 1',
    ],
    [
      'a fraction where an integer is declared',
      '{"amount_cents":1.5 ',
      19,
      'arguments.amount_cents',
      'arguments.amount_cents: expected integer, got number',
    ],
    [
      'a string no declared value begins with',
      '{"currency":"ug',
      14,
      'arguments.currency',
      'arguments.currency: "ug… begins none of the 2 declared values: "usd", "eur"',
    ],
    [
      'a string longer than every declared value',
      '{"currency":"usdx',
      16,
      'arguments.currency',
      'arguments.currency: "usdx… begins none of the 2 declared values: "usd", "eur"',
    ],
    [
      "a declared value's prefix closed too soon",
      '{"currency":"us"',
      15,
      'arguments.currency',
      'arguments.currency: "us" is not one of the 2 declared values: "usd", "eur"',
    ],
    [
      'a string past maxLength, at the character that passes it',
      '{"memo":"abcdef',
      14,
      'arguments.memo',
      'arguments.memo: "abcdef… is already 6 characters long, longer than the maximum of 5',
    ],
    [
      'a key no declared key begins with',
      '{"curr_',
      6,
      'arguments',
      'arguments: a key "curr_… is not declared (declared: "amount_cents", "currency", "memo", "tags", "express", and 1 more), and the schema forbids extra keys',
    ],
    [
      'a third tag owed by the comma after two',
      '{"tags":["a","b",',
      16,
      'arguments.tags',
      'arguments.tags: one more item is owed after 2 items, more than the maximum of 2',
    ],
    [
      'a number among the tags',
      '{"tags":["a",7',
      13,
      'arguments.tags[1]',
      'arguments.tags[1]: expected string, got number',
    ],
    [
      'false where the constant true is declared',
      '{"express":f',
      11,
      'arguments.express',
      'arguments.express: expected the constant true, got false',
    ],
    [
      'a number that is no multiple of multipleOf',
      '{"ratio":0.3}',
      12,
      'arguments.ratio',
      'arguments.ratio: 0.3 is not a multiple of 0.25',
    ],
    [
      'a number at the exclusive maximum',
      '{"ratio":1}',
      10,
      'arguments.ratio',
      'arguments.ratio: 1 is not below the exclusive maximum of 1',
    ],
  ];
  it.each(cases)('%s', (_name, text, offset, path, problem) => {
    expect(verdictOf(refund, text)).toEqual({
      state: 'infeasible',
      offset,
      path,
      problems: [problem],
    });
  });

  it('stays feasible while a completion can still be valid', () => {
    for (const text of [
      '',
      '{',
      '{"am',
      '{"amount_cents":',
      '{"amount_cents":1000',
      '{"amount_cents":1e',
      '{"currency":"us',
      '{"memo":"abcde',
      '{"tags":["a","b"',
      '{"ratio":0.2',
      '{"ratio":0.25,"express":t',
    ]) {
      expect(verdictOf(refund, text)).toEqual({ state: 'feasible', problems: [] });
    }
  });

  it('judges a number when its token ends: an exponent can still rescue it, and -1e-400 is -0', () => {
    const capped = { type: 'number', maximum: 100_000 };
    expect(verdictOf({ type: 'array', items: capped }, '[1000000').state).toBe('feasible');
    expect(verdictOf({ type: 'array', items: capped }, '[1000000e-2,').state).toBe('feasible');
    const notNegative = { type: 'array', items: { type: 'number', minimum: 0 } };
    expect(verdictOf(notNegative, '[-1e-400]').state).toBe('feasible');
    expect(verdictOf(notNegative, '[-1e-3]')).toMatchObject({ state: 'infeasible', offset: 6 });
  });

  it('counts code points as Ajv does, escapes included: an astral character is one', () => {
    const short = { type: 'object', properties: { s: { type: 'string', maxLength: 2 } } };
    expect(verdictOf(short, '{"s":"😀😀').state).toBe('feasible');
    expect(verdictOf(short, '{"s":"\\ud83d\\ude00\\ud83d\\ude00').state).toBe('feasible');
    // The third code point is certain at its backslash: no high surrogate before it to pair with.
    expect(verdictOf(short, '{"s":"ab\\')).toMatchObject({ state: 'infeasible', offset: 8 });
    expect(verdictOf(short, '{"s":"a😀b')).toMatchObject({ state: 'infeasible', offset: 9 });
  });

  it('narrows declared values by a \\u escape digit by digit', () => {
    const letters = { enum: ['é', 'e'] };
    expect(verdictOf(letters, '"\\u00').state).toBe('feasible');
    expect(verdictOf(letters, '"\\u01')).toMatchObject({ state: 'infeasible', offset: 4 });
    expect(verdictOf(letters, '"\\u00e9"').state).toBe('feasible');
  });

  it('holds anyOf feasible while one branch is, and names every branch when none is', () => {
    const either = { anyOf: [{ type: 'integer' }, { type: 'string', maxLength: 2 }] };
    expect(verdictOf(either, '"ab').state).toBe('feasible');
    expect(verdictOf(either, '"abc')).toEqual({
      state: 'infeasible',
      offset: 3,
      path: 'arguments',
      problems: [
        'arguments: matches none of the 2 branches (arguments: expected integer, got string; arguments: "abc… is already 3 characters long, longer than the maximum of 2)',
      ],
    });
    const both = { allOf: [{ type: 'object' }, { properties: { a: { type: 'null' } } }] };
    expect(verdictOf(both, '{"a":n').state).toBe('feasible');
    expect(verdictOf(both, '{"a":0')).toMatchObject({
      state: 'infeasible',
      offset: 5,
      path: 'arguments.a',
    });
  });

  it('follows local $refs, recursive ones included', () => {
    const tree = {
      $defs: {
        node: {
          type: 'object',
          additionalProperties: false,
          properties: { children: { type: 'array', items: { $ref: '#/$defs/node' } } },
        },
      },
      $ref: '#/$defs/node',
    };
    expect(verdictOf(tree, '{"children":[{"children":[{}]}]}').state).toBe('feasible');
    expect(verdictOf(tree, '{"children":[{"children":[{"x')).toMatchObject({
      state: 'infeasible',
      offset: 28,
    });
    const list = {
      type: 'object',
      properties: { next: { anyOf: [{ type: 'null' }, { $ref: '#' }] } },
    };
    expect(verdictOf(list, '{"next":{"next":{"next":null}}}').state).toBe('feasible');
    expect(verdictOf(list, '{"next":{"next":[')).toMatchObject({ state: 'infeasible', offset: 16 });
  });

  it('judges a key against patternProperties when the key ends', () => {
    const patterned = {
      type: 'object',
      additionalProperties: false,
      patternProperties: { '^x-': { type: 'string' } },
    };
    expect(verdictOf(patterned, '{"y').state).toBe('feasible');
    expect(verdictOf(patterned, '{"y"')).toMatchObject({
      state: 'infeasible',
      offset: 3,
      path: 'arguments.y',
    });
    expect(verdictOf(patterned, '{"x-a":1')).toMatchObject({
      state: 'infeasible',
      offset: 7,
      path: 'arguments["x-a"]',
    });
  });

  it('decodes an escaped key before it finds the schema of its value', () => {
    const quoted = { type: 'object', properties: { 'a"b': { type: 'integer' } } };
    expect(verdictOf(quoted, '{"a\\"b":"x"}')).toEqual({
      state: 'infeasible',
      offset: 8,
      path: 'arguments["a\\"b"]',
      problems: ['arguments["a\\"b"]: expected integer, got string'],
    });
  });

  it('judges propertyNames mid-key where it is an enum', () => {
    const named = { type: 'object', propertyNames: { enum: ['alpha', 'beta'] } };
    expect(verdictOf(named, '{"al').state).toBe('feasible');
    expect(verdictOf(named, '{"ab')).toMatchObject({ state: 'infeasible', offset: 3 });
  });

  it('owes a member past maxProperties from the comma', () => {
    const small = { type: 'object', maxProperties: 1 };
    expect(verdictOf(small, '{"a":1').state).toBe('feasible');
    expect(verdictOf(small, '{"a":1,')).toMatchObject({ state: 'infeasible', offset: 6 });
  });
});

describe('watchArguments: the README fragment', () => {
  it('is feasible after the key, infeasible at the quote that opens a string amount, and truncated at the end', () => {
    const refundSchema = {
      type: 'object',
      properties: { order_id: { type: 'string' }, amount_cents: { type: 'integer' } },
    };
    const watcher = watchArguments(refundSchema);
    expect(watcher.write('{"order_id":"A-1001","amount_cents":')).toEqual({
      state: 'feasible',
      problems: [],
    });
    expect(watcher.write('"12')).toEqual({
      state: 'infeasible',
      offset: 36,
      path: 'arguments.amount_cents',
      problems: ['arguments.amount_cents: expected integer, got string'],
    });
    expect(watcher.end().state).toBe('truncated');
  });
});

describe('watchArguments: malformed text and the end', () => {
  it('says malformed at the character that broke the JSON, over an earlier infeasible verdict', () => {
    expect(verdictOf(refund, '{"amount_cents":"x"]')).toEqual({
      state: 'malformed',
      offset: 19,
      problems: ["arguments: ']' does not close the open '{'"],
    });
  });

  it('ends valid, invalid, truncated or malformed', () => {
    const end = (text: string) => {
      const watcher = watchArguments(refund);
      watcher.write(text);
      return watcher.end();
    };
    expect(end('{"amount_cents":12}')).toEqual({ state: 'valid', problems: [] });
    expect(end('{}')).toEqual({
      state: 'invalid',
      problems: ['arguments.amount_cents: required and missing'],
    });
    expect(end('{"amount_cents":12')).toEqual({
      state: 'truncated',
      problems: ['arguments: the text stopped before it closed (1 unclosed container)'],
    });
    expect(end('{"amount_cents":12}}').state).toBe('malformed');
  });

  it('refuses a write after end, a chunk that is not text, and a schema that does not compile', () => {
    const watcher = watchArguments(refund);
    watcher.end();
    expect(() => watcher.write('{')).toThrow('write after end()');
    expect(() => watchArguments(refund).write(7 as unknown as string)).toThrow(
      'write expects a string, got number',
    );
    expect(() => watchArguments({ type: 'strnig' })).toThrow(/the schema does not compile/);
  });
});

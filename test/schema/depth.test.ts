import { Ajv2020 } from 'ajv/dist/2020.js';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { textNestsWithin } from '../../src/schema/depth.js';
import {
  checkArguments,
  MAX_VALIDATION_DEPTH,
  measureNestingDepth,
} from '../../src/schema/index.js';

function nestedArrays(depth: number): unknown {
  let value: unknown = [];
  for (let level = 1; level < depth; level += 1) value = [value];
  return value;
}

describe('measureNestingDepth', () => {
  it('counts containers: scalars are 0, [] and {} are 1', () => {
    expect(measureNestingDepth('flat')).toBe(0);
    expect(measureNestingDepth(null)).toBe(0);
    expect(measureNestingDepth({})).toBe(1);
    expect(measureNestingDepth({ rows: [{ sku: 'a' }] })).toBe(3);
    expect(measureNestingDepth([1, [2, [3]], { a: {} }])).toBe(3);
  });

  it('measures 1,000,000 levels without recursion', () => {
    expect(measureNestingDepth(nestedArrays(1_000_000))).toBe(1_000_000);
  });

  it('measures a value that contains itself as Infinity', () => {
    const loop: Record<string, unknown> = {};
    loop.self = { back: loop };
    expect(measureNestingDepth(loop)).toBe(Number.POSITIVE_INFINITY);
  });

  it('measures shared sub-objects once, by their longest path', () => {
    // 60 levels of [shared, shared]: 2^60 paths, but only 60 objects.
    let shared: unknown = {};
    for (let level = 0; level < 60; level += 1) shared = [shared, shared];
    expect(measureNestingDepth(shared)).toBe(61);
  });
});

describe('checkArguments: depth', () => {
  it('declines values nested deeper than MAX_VALIDATION_DEPTH, even 1,000,000 deep', () => {
    expect(checkArguments({}, nestedArrays(1_000_000))).toEqual({
      kind: 'too-deep',
      depth: 1_000_000,
      limit: MAX_VALIDATION_DEPTH,
    });
    expect(checkArguments({ type: 'array' }, nestedArrays(MAX_VALIDATION_DEPTH + 1))).toEqual({
      kind: 'too-deep',
      depth: MAX_VALIDATION_DEPTH + 1,
      limit: MAX_VALIDATION_DEPTH,
    });
  });

  it('declines a value that contains itself', () => {
    const loop: unknown[] = [];
    loop.push(loop);
    expect(checkArguments({ type: 'array' }, loop)).toEqual({
      kind: 'too-deep',
      depth: Number.POSITIVE_INFINITY,
      limit: MAX_VALIDATION_DEPTH,
    });
  });

  // The heaviest recursive shape we found: three $ref hops per level of the value.
  const threeHops = {
    $ref: '#/$defs/a',
    $defs: {
      a: { anyOf: [{ type: 'null' }, { $ref: '#/$defs/b' }] },
      b: { type: 'array', items: { $ref: '#/$defs/c' } },
      c: { allOf: [{ $ref: '#/$defs/a' }] },
    },
  };
  const nestedLists = (depth: number): unknown => {
    let value: unknown = [null];
    for (let level = 1; level < depth; level += 1) value = [value];
    return value;
  };

  it('validates values exactly MAX_VALIDATION_DEPTH deep against recursive schemas', () => {
    const recursiveItems = { type: 'array', items: { $ref: '#' } };
    expect(checkArguments(recursiveItems, nestedArrays(MAX_VALIDATION_DEPTH))).toEqual({
      kind: 'valid',
    });
    expect(checkArguments(threeHops, nestedLists(MAX_VALIDATION_DEPTH))).toEqual({
      kind: 'valid',
    });
  });

  it('keeps a wide margin below where Ajv overflows the stack (re-measured here)', () => {
    // Same options as the shared instance, so the same generated code.
    const ajv = new Ajv2020({ allErrors: true, strict: false, ownProperties: true, verbose: true });
    const validate = ajv.compile(threeHops);
    const survives = (depth: number): boolean => {
      try {
        return validate(nestedLists(depth));
      } catch (error) {
        if (error instanceof RangeError) return false;
        throw error;
      }
    };
    let low = MAX_VALIDATION_DEPTH;
    let high = 100_000;
    while (low < high) {
      const middle = Math.ceil((low + high) / 2);
      if (survives(middle)) low = middle;
      else high = middle - 1;
    }
    console.info(
      `three $ref hops per level: Ajv overflows past ${low} levels; MAX_VALIDATION_DEPTH is ${MAX_VALIDATION_DEPTH}`,
    );
    expect(low).toBeGreaterThan(2 * MAX_VALIDATION_DEPTH);
  });
});

describe('textNestsWithin', () => {
  it('never says a text nests within a limit its parsed value exceeds', () => {
    fc.assert(
      fc.property(
        fc.jsonValue({ maxDepth: 8 }),
        fc.integer({ min: 0, max: 10 }),
        (value, limit) => {
          const text = JSON.stringify(value);
          if (textNestsWithin(text, limit)) {
            expect(measureNestingDepth(JSON.parse(text))).toBeLessThanOrEqual(limit);
          }
        },
      ),
    );
  });

  it('counts brackets inside strings too, which can only make it decline', () => {
    expect(textNestsWithin('{"a":[1]}', 2)).toBe(true);
    expect(textNestsWithin('{"a":"[[["}', 2)).toBe(false);
    expect(textNestsWithin(`${'['.repeat(300)}${']'.repeat(300)}`, 256)).toBe(false);
  });
});

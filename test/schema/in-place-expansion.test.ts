import { describe, expect, test } from 'vitest';
import {
  inPlaceExpansionProblem,
  MAX_IN_PLACE_SCHEMAS,
} from '../../src/schema/in-place-expansion.js';

describe('inPlaceExpansionProblem', () => {
  test('real shapes pass: recursion through the value, a wide union of allOf variants', () => {
    const tree = {
      type: 'object',
      properties: { children: { type: 'array', items: { $ref: '#' } } },
    };
    expect(inPlaceExpansionProblem(tree)).toBeUndefined();
    const part = { $ref: '#/$defs/base' };
    const union = {
      $defs: { base: { type: 'object', required: ['kind'] } },
      anyOf: Array.from({ length: 50 }, (_, index) => ({
        allOf: [part, { properties: { kind: { const: `k${index}` } } }, part],
      })),
    };
    expect(inPlaceExpansionProblem(union)).toBeUndefined();
    // A $ref back to itself in place adds nothing: it meets the same value again.
    expect(inPlaceExpansionProblem({ anyOf: [{ $ref: '#' }, { type: 'string' }] })).toBeUndefined();
  });

  test('a graph that branches at every level is counted in linear time, and refused past the bound', () => {
    const $defs: Record<string, unknown> = { a60: { type: 'integer' } };
    for (let level = 0; level < 60; level++) {
      const next = { $ref: `#/$defs/a${level + 1}` };
      $defs[`a${level}`] = { oneOf: [next, next] };
    }
    expect(inPlaceExpansionProblem({ $ref: '#/$defs/a0', $defs })).toMatch(
      /^one value would be checked against more than 10\^15 schemas/,
    );
    // Just past the bound: a union of that many plain branches.
    const wide = {
      anyOf: Array.from({ length: MAX_IN_PLACE_SCHEMAS }, () => ({ type: 'string' })),
    };
    expect(inPlaceExpansionProblem(wide)).toMatch(/against 10,001 schemas/);
  });
});

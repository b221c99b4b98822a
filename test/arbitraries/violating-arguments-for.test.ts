import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  VIOLATION_KINDS,
  type ViolatingArguments,
  type ViolationKind,
  violatingArgumentsFor,
} from '../../src/arbitraries/index.js';
import { diagnoseCalls } from '../../src/index.js';
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

const TOOLS: [string, Record<string, unknown>][] = [
  ['lookup_order', LOOKUP_ORDER],
  ['create_ticket', CREATE_TICKET],
  ['issue_refund', ISSUE_REFUND],
  ['ship_order', SHIP_ORDER],
];

/** A Responses API response echoing the tool, with one call carrying `value` as its arguments. */
function responseWith(name: string, schema: unknown, value: unknown) {
  return {
    object: 'response',
    status: 'completed',
    parallel_tool_calls: false,
    output: [
      {
        type: 'function_call',
        status: 'completed',
        name,
        call_id: 'call_a1b2c3d4e5f6a1b2c3d4e5f6',
        arguments: JSON.stringify(value),
      },
    ],
    tools: [{ type: 'function', name, parameters: schema, strict: true }],
  };
}

function expectViolation(
  name: string,
  schema: unknown,
  { value, violation }: ViolatingArguments,
): void {
  const plain = plainValidator(schema);
  expect(plain?.(value), JSON.stringify(value)).toBe(false);
  const check = checkArguments(schema, value);
  expect(check.kind).toBe('invalid');
  const [verdict] = diagnoseCalls(responseWith(name, schema, value));
  expect(verdict?.state).toBe('arguments-violate-schema');
  const problems = verdict?.problems ?? [];
  expect(
    problems.some((line) => line.startsWith(`${violation.path}: `)),
    problems.join('\n'),
  ).toBe(true);
  // Exactly one place is broken: no problem is reported anywhere else.
  for (const line of problems) expect(line.startsWith(`${violation.path}: `), line).toBe(true);
}

describe('violatingArgumentsFor', () => {
  describe.each(TOOLS)('the %s tool', (name, schema) => {
    it('breaks every sample in exactly the place it names, and diagnoseCalls reports that place', () => {
      fc.assert(
        fc.property(violatingArgumentsFor(schema), (sample) =>
          expectViolation(name, schema, sample),
        ),
        runs(300),
      );
    });
  });

  it('injects every kind where the schema has room for it, each as often', () => {
    const kindsOf = (schema: unknown) =>
      fc
        .sample(violatingArgumentsFor(schema), { seed: SEED, numRuns: 600 })
        .map((sample) => sample.violation.kind);
    const refund = kindsOf(ISSUE_REFUND);
    for (const kind of VIOLATION_KINDS) {
      expect(refund.filter((seen) => seen === kind).length / refund.length, kind).toBeGreaterThan(
        0.12,
      );
    }
    // ship_order's only listed values sit inside a oneOf or an optional key: no outside-enum.
    expect(new Set(kindsOf(SHIP_ORDER))).toEqual(
      new Set(['missing-required', 'undeclared-key', 'wrong-type', 'out-of-range']),
    );
  });

  it('names paths in the library wording, through arrays and nested keys', () => {
    const paths = new Set(
      fc
        .sample(violatingArgumentsFor(SHIP_ORDER), { seed: SEED, numRuns: 600 })
        .map((sample) => sample.violation.path),
    );
    expect(paths).toContain('arguments.rows[0].sku');
    expect(paths).toContain('arguments.rows[0].qty');
    expect(paths).toContain('arguments.ship_to.country');
    expect(paths).toContain('arguments.delivery');
  });

  it.each(VIOLATION_KINDS)('injects only %s when asked to', (kind) => {
    fc.assert(
      fc.property(violatingArgumentsFor(ISSUE_REFUND, { kinds: [kind] }), (sample) => {
        expect(sample.violation.kind).toBe(kind);
        expectViolation('issue_refund', ISSUE_REFUND, sample);
      }),
      runs(100),
    );
  });

  it('makes the mistakes models make', () => {
    const samples = fc.sample(violatingArgumentsFor(ISSUE_REFUND), { seed: SEED, numRuns: 1000 });
    const at = (path: string, kind: ViolationKind) =>
      samples
        .filter((sample) => sample.violation.path === path && sample.violation.kind === kind)
        .map((sample) => (sample.value as Record<string, unknown>)[path.replace('arguments.', '')]);
    // An integer sent as a string of digits, and with a fraction.
    expect(
      at('arguments.amount_cents', 'wrong-type').some(
        (value) => typeof value === 'string' && /^\d+$/.test(value),
      ),
    ).toBe(true);
    expect(
      at('arguments.amount_cents', 'wrong-type').some(
        (value) => typeof value === 'number' && !Number.isInteger(value),
      ),
    ).toBe(true);
    // A currency in capitals, and the bound just past the limit.
    expect(at('arguments.currency', 'outside-enum')).toContain('USD');
    expect(at('arguments.amount_cents', 'out-of-range')).toEqual(
      expect.arrayContaining([0, 500_001]),
    );
  });

  it('skips kinds a schema has no room for, and throws when none is left', () => {
    const open = { type: 'object', properties: { note: { type: 'string' } } };
    expect(() => violatingArgumentsFor(open)).toThrow(
      /^tool-call-health: violatingArgumentsFor found no place in the schema for a violation of kind "missing-required", "undeclared-key", "wrong-type", "outside-enum", "out-of-range"/,
    );
    const kinds = new Set(
      fc
        .sample(violatingArgumentsFor(LOOKUP_ORDER), { seed: SEED, numRuns: 300 })
        .map((sample) => sample.violation.kind),
    );
    expect(kinds).toEqual(new Set(['missing-required', 'undeclared-key', 'wrong-type']));
    expect(() => violatingArgumentsFor(LOOKUP_ORDER, { kinds: ['outside-enum'] })).toThrow(
      /kind "outside-enum"/,
    );
  });

  it('gives the same values for the same seed, and other values for another seed', () => {
    const first = fc.sample(violatingArgumentsFor(SHIP_ORDER), { seed: SEED, numRuns: 30 });
    expect(fc.sample(violatingArgumentsFor(SHIP_ORDER), { seed: SEED, numRuns: 30 })).toEqual(
      first,
    );
    expect(
      fc.sample(violatingArgumentsFor(SHIP_ORDER), { seed: SEED + 1, numRuns: 30 }),
    ).not.toEqual(first);
  });

  it('shrinks to the simplest violation', () => {
    const result = fc.check(
      fc.property(
        violatingArgumentsFor(ISSUE_REFUND),
        ({ violation }) => violation.kind !== 'outside-enum',
      ),
      runs(500),
    );
    expect(result.failed).toBe(true);
    // Both listed fields of issue_refund qualify; shrinking keeps the kind and a plain path.
    const violation = result.counterexample?.[0].violation;
    expect(violation?.kind).toBe('outside-enum');
    expect(['arguments.currency', 'arguments.reason']).toContain(violation?.path);
  });
});

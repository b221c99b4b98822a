import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import {
  diagnoseCalls,
  diagnoseStrictGuarantee,
  diagnoseTruncation,
  readTurn,
} from '../../src/index.js';
import {
  anthropicMessage,
  anthropicRequest,
  BAD_CHARGE,
  CUT_CHARGE,
  chatRequest,
  chatResponse,
  geminiRequest,
  geminiResponse,
  responsesResponse,
} from '../support/payloads.js';

const everyDiagnosis = (input: unknown) => {
  diagnoseCalls(input);
  diagnoseTruncation(input);
  diagnoseStrictGuarantee(input);
  readTurn(input);
};

const calls = [
  { name: 'charge', arguments: BAD_CHARGE },
  { name: 'charge', arguments: CUT_CHARGE },
];

/** Real-shaped payloads of every surface, to be mutated. */
const seeds: unknown[] = [
  responsesResponse({ calls, text: '{"a":', ending: 'ceiling', reasoningTokens: 3 }),
  { request: chatRequest(), response: chatResponse({ calls }) },
  {
    request: anthropicRequest({ strict: true }),
    response: anthropicMessage({ calls, text: 'x', ending: 'ceiling' }),
  },
  { request: geminiRequest(), response: geminiResponse({ calls }) },
  { custom_id: 'a', result: { type: 'succeeded', message: anthropicMessage({ calls }) } },
];

/** Replaces the value at one path of a payload: the kind of damage recordings really carry. */
function mutate(payload: unknown, pick: number, replacement: unknown): unknown {
  const copy = structuredClone(payload);
  const slots: [Record<string, unknown> | unknown[], string | number][] = [];
  const stack: unknown[] = [copy];
  while (stack.length > 0) {
    const node = stack.pop();
    if (Array.isArray(node))
      node.forEach((child, i) => {
        slots.push([node, i]);
        stack.push(child);
      });
    else if (node !== null && typeof node === 'object') {
      for (const [key, child] of Object.entries(node)) {
        slots.push([node as Record<string, unknown>, key]);
        stack.push(child);
      }
    }
  }
  const slot = slots[pick % slots.length];
  if (slot === undefined) return copy;
  const [parent, key] = slot;
  if (replacement === DELETE) {
    if (Array.isArray(parent)) parent.splice(key as number, 1);
    else delete parent[key as string];
  } else (parent as Record<string | number, unknown>)[key] = replacement;
  return copy;
}
const DELETE = Symbol('delete');

describe('the diagnoses never throw on data', () => {
  test('arbitrary JSON values', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => everyDiagnosis(value)),
      { numRuns: 500 },
    );
  });

  test('arbitrary strings, and JSON text of arbitrary values', () => {
    fc.assert(
      fc.property(fc.string(), (value) => everyDiagnosis(value)),
      { numRuns: 300 },
    );
    fc.assert(
      fc.property(fc.jsonValue(), (value) => everyDiagnosis(JSON.stringify(value))),
      { numRuns: 200 },
    );
  });

  test('real-shaped payloads with one field deleted, retyped, or replaced by junk', () => {
    const junk = fc.oneof(
      fc.constant(DELETE),
      fc.jsonValue(),
      fc.constantFrom(
        null,
        [],
        {},
        '',
        0,
        -1,
        Number.POSITIVE_INFINITY,
        'toString',
        Object.create(null),
      ),
    );
    fc.assert(
      fc.property(fc.constantFrom(...seeds), fc.nat(), junk, (seed, pick, replacement) => {
        everyDiagnosis(mutate(seed, pick, replacement));
      }),
      { numRuns: 1500 },
    );
  });

  test('arguments nested 100,000 deep get a verdict, not a RangeError', () => {
    const deep = `${'{"a":'.repeat(100_000)}1${'}'.repeat(100_000)}`;
    const [verdict] = diagnoseCalls(
      responsesResponse({ calls: [{ name: 'charge', arguments: deep }] }),
    );
    expect(verdict?.state).toBe('arguments-violate-schema');
    expect(verdict?.problems[0]).toMatch(
      /^arguments: nested 100,000 levels deep, past the [\d,]+ levels this check validates$/,
    );
  });

  test('a required property named toString or __proto__ is reported missing when missing', () => {
    const schema = { type: 'object', required: ['toString', '__proto__'], properties: {} };
    const tools = [{ type: 'function', name: 'probe', parameters: schema, strict: true }];
    const missing = diagnoseCalls(
      responsesResponse({ calls: [{ name: 'probe', arguments: '{}' }] }),
      { tools },
    );
    expect(missing[0]?.problems).toEqual([
      'arguments.__proto__: required and missing',
      'arguments.toString: required and missing',
    ]);
    const present = diagnoseCalls(
      responsesResponse({
        calls: [{ name: 'probe', arguments: '{"toString": 1, "__proto__": 2}' }],
      }),
      { tools },
    );
    expect(present[0]?.state).toBe('dispatchable');
  });
});

/**
 * What the handlers write, without HTTP (src/faults/write.ts, which they send as it is): every
 * violation family and every unparseable form is written and reads as its fault; arguments for
 * schemas with nesting, arrays, `$ref`, `anyOf`, patterns and formats pass the diagnoses'
 * validator. The sweep of every fault's whole profile over seeds and ceilings is test/faults/.
 */
import { describe, expect, test } from 'vitest';
import { validArguments } from '../../../src/faults/arguments.js';
import { FAULT_DIAGNOSES } from '../../../src/faults/faults.js';
import { type FaultRequest, writeFault } from '../../../src/faults/write.js';
import type { Fault } from '../../../src/index.js';
import {
  diagnoseCalls,
  diagnoseStrictGuarantee,
  diagnoseTruncation,
  reassembleStream,
} from '../../../src/index.js';
import type { WireSurfaceId } from '../../../src/model/model.js';
import { functionDeclaration } from '../../../src/surfaces/gemini/write.js';
import { MALFORMED_FAMILIES } from '../../../src/values/malformed.js';
import { seededRandom } from '../../../src/values/random.js';
import { VIOLATION_KINDS } from '../../../src/values/violations.js';
import { TOOLS } from '../../faults/order-tools.js';
import { requestFor } from '../../faults/profile.js';

/** The order-support agent's first request on a surface: strict tools, a ceiling of 1,024. */
const requestOn = (surface: WireSurfaceId) =>
  requestFor(surface, { strict: true, parallel: undefined }, 1024, false);

/** The state the fault's diagnosis gives for what was written, or the first mismatch. */
function diagnosed(request: FaultRequest, fault: Fault, seed: number) {
  const written = writeFault(request, { fault, seed });
  if (!written.ok) return { written, state: `error: ${written.problem}` };
  const response = request.streamed
    ? reassembleStream(written.body)
    : JSON.parse(written.body as string);
  const exchange = { request: request.body, response };
  const { diagnosis } = FAULT_DIAGNOSES[fault];
  const calls = diagnoseCalls(exchange);
  const state =
    fault === 'duplicate-call'
      ? calls.length >= 2 &&
        new Set(calls.map((call) => `${call.name} ${JSON.stringify(call.arguments)}`)).size === 1 &&
        calls[0]?.state.startsWith('dispatchable') &&
        calls.slice(1).every((call) => call.state === 'duplicate-call')
        ? 'duplicate-call'
        : `not one call and its repeats: ${calls.map((call) => call.state)}`
      : diagnosis === 'calls'
        ? (calls.at(-1)?.state ?? 'no call')
        : diagnosis === 'truncation'
          ? diagnoseTruncation(exchange).state
          : diagnoseStrictGuarantee(exchange).state;
  return { written, state };
}

describe('every variant a fault has is written and reads as the fault', () => {
  test('each violation family, on a surface whose arguments are text and on one that decodes them', () => {
    for (const surface of ['openai-chat', 'bedrock-converse'] as const) {
      const body = requestOn(surface);
      const families = new Set<string>();
      for (let seed = 0; seed < 60; seed += 1) {
        const { written, state } = diagnosed(
          { surface, streamed: false, body },
          'arguments-violate-schema',
          seed,
        );
        expect(state, `seed ${seed}`).toBe('arguments-violate-schema');
        if (written.ok) families.add(written.variant.split(' ')[0] ?? '');
      }
      // Every kind the one generator has, and an empty string where arguments are text.
      expect([...families].sort()).toEqual(
        [...(surface === 'openai-chat' ? ['empty-arguments'] : []), ...VIOLATION_KINDS].sort(),
      );
    }
  });

  test('Gemini tools declared as `parameters` (its OpenAPI subset) are read as their JSON Schema', () => {
    const body = {
      contents: [{ role: 'user', parts: [{ text: 'Where is order A-1001?' }] }],
      tools: [
        { functionDeclarations: TOOLS.map((tool) => functionDeclaration(tool, 'parameters')) },
      ],
    };
    expect(JSON.stringify(body.tools)).toContain('"type":"OBJECT"');
    for (let seed = 0; seed < 20; seed += 1) {
      for (const fault of ['arguments-violate-schema', 'unknown-tool', 'duplicate-call'] as const) {
        const { state } = diagnosed({ surface: 'gemini', streamed: false, body }, fault, seed);
        expect(state, `${fault} seed ${seed}`).toBe(FAULT_DIAGNOSES[fault].state);
      }
    }
  });

  test('each family of malformed JSON the one generator writes', () => {
    const body = requestOn('openai-responses');
    const forms = new Set<string>();
    for (let seed = 0; seed < 120; seed += 1) {
      const { written, state } = diagnosed(
        { surface: 'openai-responses', streamed: false, body },
        'arguments-unparseable',
        seed,
      );
      expect(state, `seed ${seed}`).toBe('arguments-unparseable');
      if (written.ok) forms.add(written.variant);
    }
    expect([...forms].sort()).toEqual([...MALFORMED_FAMILIES].sort());
  });
});

describe('valid arguments for the schemas agents declare', () => {
  const SCHEMAS = {
    nested: {
      type: 'object',
      properties: {
        customer: {
          type: 'object',
          properties: {
            email: { type: 'string', format: 'email' },
            tier: { enum: ['gold', 'silver'] },
          },
          required: ['email', 'tier'],
          additionalProperties: false,
        },
        lines: {
          type: 'array',
          minItems: 1,
          maxItems: 3,
          items: {
            type: 'object',
            properties: {
              sku: { type: 'string', pattern: '^SKU-[0-9]+$' },
              qty: { type: 'integer', exclusiveMinimum: 0, multipleOf: 2 },
            },
            required: ['sku', 'qty'],
          },
        },
      },
      required: ['customer', 'lines'],
    },
    refs: {
      $defs: {
        money: {
          type: 'object',
          properties: { cents: { type: 'integer', minimum: 1 }, currency: { const: 'usd' } },
          required: ['cents', 'currency'],
        },
      },
      type: 'object',
      properties: {
        amount: { $ref: '#/$defs/money' },
        note: { anyOf: [{ type: 'string', maxLength: 20 }, { type: 'null' }] },
      },
      required: ['amount', 'note'],
      additionalProperties: false,
    },
    allOf: {
      allOf: [
        {
          type: 'object',
          properties: { id: { type: 'string', format: 'uuid' } },
          required: ['id'],
        },
        { properties: { at: { type: 'string', format: 'date-time' } }, required: ['at'] },
      ],
    },
    empty: { type: 'object', properties: {} },
  };

  test.each(Object.entries(SCHEMAS))('%s', (_name, schema) => {
    for (let seed = 0; seed < 25; seed += 1) {
      const drawn = validArguments(schema, seededRandom(seed));
      expect(drawn.ok, JSON.stringify(drawn)).toBe(true);
    }
  });

  test('an unsatisfiable schema says why', () => {
    expect(
      validArguments(
        {
          type: 'object',
          properties: { a: { type: 'integer', minimum: 5, maximum: 2 } },
          required: ['a'],
        },
        seededRandom(1),
      ),
    ).toEqual({
      ok: false,
      problem: expect.stringMatching(
        /^no value the schema accepts: .*#\/properties\/a \(integer: /,
      ),
    });
  });
});

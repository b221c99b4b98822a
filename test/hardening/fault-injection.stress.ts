/**
 * Fault injection at its heaviest (`npm run test:stress`): requests declaring 1 to 20 tools of
 * drawn shapes (types, enums, formats, patterns, nesting, arrays, optional keys, strict or not,
 * additionalProperties either way), on every surface, whole and streamed, every fault, many
 * seeds, ceilings from 1 token to none and each parallel setting. Every answer written must read
 * as its fault's whole profile in the three diagnoses; every refusal to write
 * one must be a 400 reason the handlers document, never a throw.
 */
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { writeFault } from '../../src/faults/write.js';
import { readTurn, reassembleStream } from '../../src/index.js';
import { FAULTS } from '../../src/model/fault-names.js';
import { SURFACE_IDS } from '../../src/registry/index.js';
import type { JsonValue, NeutralTool } from '../../src/surfaces/payload.js';
import { writerFor } from '../../src/writers/index.js';
import { copiesOf, expectedProfile, profileOf, type Setting, sweep } from '../faults/profile.js';

const PROPERTY: fc.Arbitrary<JsonValue> = fc.constantFrom<JsonValue[]>(
  { type: 'string' },
  { type: 'string', pattern: '^A-[0-9]{4}$' },
  { type: 'string', format: 'date' },
  { type: 'string', format: 'email' },
  { type: 'string', enum: ['usd', 'eur', 'gbp'] },
  { type: 'string', minLength: 3, maxLength: 12 },
  { type: 'integer', minimum: 1, maximum: 100 },
  { type: 'number', exclusiveMinimum: 0 },
  { type: 'boolean' },
  { type: ['string', 'null'] },
  { type: 'array', items: { type: 'string' }, maxItems: 3 },
  {
    type: 'object',
    properties: { sku: { type: 'string' }, qty: { type: 'integer', minimum: 1 } },
    required: ['sku', 'qty'],
    additionalProperties: false,
  },
);

const TOOL: fc.Arbitrary<Omit<NeutralTool, 'name'>> = fc
  .record({
    properties: fc.dictionary(
      fc.constantFrom('order_id', 'amount', 'currency', 'note', 'lines', 'when', 'flag', 'count'),
      PROPERTY,
      { maxKeys: 6 },
    ),
    requiredShare: fc.double({ min: 0, max: 1, noNaN: true }),
    closed: fc.boolean(),
    strict: fc.option(fc.boolean(), { nil: undefined }),
  })
  .map(({ properties, requiredShare, closed, strict }) => {
    const keys = Object.keys(properties);
    return {
      description: 'A tool.',
      strict,
      parameters: {
        type: 'object',
        properties,
        required: keys.slice(0, Math.round(keys.length * requiredShare)),
        ...(closed ? { additionalProperties: false } : {}),
      },
    };
  });

const REQUEST = fc.record({
  tools: fc.array(TOOL, { minLength: 1, maxLength: 20 }),
  surface: fc.constantFrom(...SURFACE_IDS),
  streamed: fc.boolean(),
  fault: fc.constantFrom(...FAULTS),
  seed: fc.nat(),
  ceiling: fc.constantFrom(1, 20, 64, 1024, undefined),
  parallel: fc.constantFrom(undefined, true, false),
});

const CODES = ['unsatisfiable-schema', 'fault-not-expressible'];

describe('fault injection over drawn tools', () => {
  test('every answer reads as its fault; every refusal is a documented 400', () => {
    let written = 0;
    fc.assert(
      fc.property(REQUEST, ({ tools, surface, streamed, fault, seed, ceiling, parallel }) => {
        const { can } = writerFor(surface);
        const stated =
          parallel !== undefined && can.parallelSettings.includes(parallel) ? parallel : undefined;
        const { request } = writerFor(surface).exchange({
          system: 'You are the order-support agent.',
          prompt: 'Where is order A-1001?',
          tools: tools.map((tool, index) => ({ ...tool, name: `tool_${index}` })),
          calls: [],
          ending: 'finished',
          parallel: stated,
          ceiling: ceiling ?? (can.ceilingRequired ? 1024 : undefined),
          usage: { input: 1, output: 1, reasoning: 0 },
          ids: {
            response: 'r',
            calls: ['a', 'b', 'c', 'd'],
            items: ['1', '2', '3', '4'],
            suffix: 's',
            fingerprint: 'f',
          },
          preface: undefined,
          malformedMessage: '',
          created: 1_767_225_600,
        });
        const asksWithBody = ['openai-responses', 'openai-chat', 'anthropic-messages'].includes(
          surface,
        );
        const body = streamed && asksWithBody ? { ...request, stream: true } : request;
        const answer = writeFault({ surface, streamed, body, sse: true }, { fault, seed });
        if (!answer.ok) {
          expect(CODES).toContain(answer.code);
          // A reason in words for the face to name, not a message already named by one.
          expect(answer.problem).toMatch(/^(?!tool-call-health)\S/);
          return;
        }
        written += 1;
        const response = streamed
          ? reassembleStream(answer.body)
          : JSON.parse(answer.body as string);
        // Which tools are strict as the request is read (the Responses API's unstated default
        // included): the strict profile follows from that and the parallel setting.
        const read = readTurn(body);
        const declared = read.ok ? (read.turn.tools ?? []) : [];
        const setting: Setting = {
          strict: declared.some((tool) => tool.strict),
          parallel: stated,
          calledStrict: declared.some((tool) => tool.name === answer.tool && tool.strict),
        };
        const found = profileOf({ request: body, response });
        const expected = expectedProfile(fault, surface, setting, copiesOf(answer.variant));
        expect(
          found,
          `${fault} seed ${seed} on ${surface}${streamed ? ' (streamed)' : ''}`,
        ).toEqual(expected);
      }),
      { numRuns: 5_000, seed: Number(process.env.FC_SEED ?? 42) },
    );
    console.log(`${written.toLocaleString('en-US')} fault answers written and diagnosed`);
    expect(written).toBeGreaterThan(2_500);
  });

  test('the order-support tools, every request shape, 300 seeds: every fault reads as its whole profile', () => {
    let written = 0;
    for (const surface of SURFACE_IDS) {
      for (const streamed of [false, true]) {
        const swept = sweep(surface, streamed, 300);
        expect(swept.mismatches).toEqual([]);
        written += swept.written;
      }
    }
    console.log(
      `${written.toLocaleString('en-US')} fault answers over 300 seeds, each its whole profile`,
    );
  });
});

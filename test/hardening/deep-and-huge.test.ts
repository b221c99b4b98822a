/**
 * Deep and huge data get a clear verdict in bounded time: a stated depth limit instead of a
 * RangeError, linear work instead of quadratic. The sizes here keep `npm test` fast;
 * deep-and-huge.stress.ts runs the same checks at 1,000,000 levels, 100 MB and 100,000 calls
 * (`npm run test:stress`). Linear work is proved by growth (the last block), not by the
 * timeouts: quadratic work on 10,000 calls or tools is about 10^8 cheap steps, which finishes
 * well inside any hang guard.
 */
import { describe, expect, test } from 'vitest';
import {
  diagnoseCalls,
  diagnoseStrictGuarantee,
  lintStrictSchema,
  readTurn,
} from '../../src/index.js';
import { describeGrowth, GROWTH_FACTOR, growth, MOST_GROWTH } from '../support/growth.js';
import { deepChecks, hugeChecks } from './deep-and-huge.checks.js';
import { responseWithCalls, strictTool } from './support.js';

// Each test's hang guard, generous on purpose: a loaded 2-core CI machine is many times slower
// than a laptop. What it catches is a check that would not finish (recursion without a depth
// limit, or a string of 10 MB read again for each of its characters), never a slow one; speed
// is `npm run bench`'s to measure, and linearity the growth tests' below.
const TIMEOUT_MS = 50_000;

describe('deep data', () => deepChecks(100_000, TIMEOUT_MS));
describe('huge data', () => hugeChecks({ stringMb: 10, calls: 10_000, tools: 10_000 }, TIMEOUT_MS));

/**
 * The smaller size of each growth test; the larger is four times it, 10,000 calls or tools as
 * in the huge checks. Big enough that the reading outweighs each call's fixed costs, so a
 * quadratic step shows as 10x growth and more, against the 4x to 5x of linear work.
 */
const ITEMS = 2_500;
const LARGE = GROWTH_FACTOR * ITEMS;

/** One schema for every tool: compiled once, so the growth timed is reading and lookups. */
const N_SCHEMA = {
  type: 'object',
  additionalProperties: false,
  required: ['n'],
  properties: { n: { type: 'integer' } },
};

/** `count` strict tools, tool_0 … tool_{count - 1}. */
const toolsNamed = (count: number) =>
  Array.from({ length: count }, (_, index) => strictTool(`tool_${index}`, N_SCHEMA));

/**
 * An exchange whose request declares `count` tools and whose response calls each once, every
 * other call breaking the schema: finding each call's tool by scanning the list is quadratic.
 */
function exchangeWithCalls(count: number) {
  const tools = toolsNamed(count);
  return {
    request: { model: 'gpt-5', input: 'go', tools },
    response: responseWithCalls(
      tools.map((tool, index) => ({
        name: tool.name,
        arguments: index % 2 === 0 ? '{"n":1}' : '{"n":"one"}',
      })),
    ),
  };
}

/**
 * A Responses request declaring `count` tools and then the first again: each name is checked
 * against every name before it, which a list scan makes quadratic.
 */
function requestWithTools(count: number) {
  const tools = toolsNamed(count);
  return { model: 'gpt-5', input: 'go', tools: [...tools, tools[0]] };
}

describe('four times the calls or tools take about four times as long: each is read once', () => {
  test('readTurn over a turn with a call to each of its tools', () => {
    const measured = growth(ITEMS, exchangeWithCalls, (exchange) => readTurn(exchange));
    expect(measured.ratio, describeGrowth(measured, 'calls')).toBeLessThan(MOST_GROWTH);
    const read = measured.output;
    expect(read.ok && [read.turn.calls.length, read.turn.tools?.length]).toEqual([LARGE, LARGE]);
  });

  test('diagnoseCalls finds each call its own tool', () => {
    const measured = growth(ITEMS, exchangeWithCalls, (exchange) => diagnoseCalls(exchange));
    expect(measured.ratio, describeGrowth(measured, 'calls')).toBeLessThan(MOST_GROWTH);
    const verdicts = measured.output;
    expect(verdicts).toHaveLength(LARGE);
    expect(verdicts.at(-1)).toMatchObject({
      name: `tool_${LARGE - 1}`,
      state: 'arguments-violate-schema',
      problems: ['arguments.n: "one" is a string, expected an integer'],
    });
    expect(verdicts.filter((verdict) => verdict.state === 'dispatchable')).toHaveLength(LARGE / 2);
  });

  test('diagnoseStrictGuarantee counts the calls of each name', () => {
    const measured = growth(ITEMS, exchangeWithCalls, (exchange) =>
      diagnoseStrictGuarantee(exchange),
    );
    expect(measured.ratio, describeGrowth(measured, 'calls')).toBeLessThan(MOST_GROWTH);
    const strict = measured.output;
    expect(strict.state).toBe('strict-serialised');
    expect([strict.calls.length, strict.strictTools.length]).toEqual([LARGE, LARGE]);
    expect(strict.duplicates).toEqual({});
  });

  test('reading a request checks each tool name for a repeat once', () => {
    const measured = growth(ITEMS, requestWithTools, (request) => readTurn(request));
    expect(measured.ratio, describeGrowth(measured, 'tools')).toBeLessThan(MOST_GROWTH);
    const read = measured.output;
    expect(read.ok && read.turn.tools?.length).toBe(LARGE);
    expect(read.ok && read.turn.notes).toEqual([
      `tools[${LARGE}] declares "tool_0" a second time; the first declaration is used`,
    ]);
  });

  test('the strict lint walks each tool once, and orders what it finds', () => {
    // Every other tool leaves a property out of required: one problem each, to order.
    const tools = (count: number) =>
      Array.from({ length: count }, (_, index) =>
        strictTool(`tool_${index}`, {
          ...N_SCHEMA,
          properties:
            index % 2 === 0
              ? N_SCHEMA.properties
              : { ...N_SCHEMA.properties, m: { type: 'integer' } },
        }),
      );
    const measured = growth(ITEMS, tools, (declared) =>
      lintStrictSchema(declared, { provider: 'openai' }),
    );
    expect(measured.ratio, describeGrowth(measured, 'tools')).toBeLessThan(MOST_GROWTH);
    expect(measured.output.tools).toBe(LARGE);
    expect(measured.output.problems).toHaveLength(LARGE / 2);
  });
});

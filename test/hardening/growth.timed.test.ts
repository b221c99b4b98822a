/**
 * Linear work on many calls and tools, proved by growth: four times the calls or tools take
 * about four times the CPU time. In a file of its own, so that it runs in a process of its own:
 * after the deep-and-huge checks (payloads 100,000 deep, 10 MB strings) had run in the same
 * process, reading 4,000 calls took 50-116 ms where it takes 30, and linear work measured 8x to
 * 18x, in the orders some shuffle seeds chose.
 */
import { describe, expect, test } from 'vitest';
import {
  diagnoseCalls,
  diagnoseStrictGuarantee,
  lintStrictSchema,
  readTurn,
} from '../../src/index.js';
import { describeGrowth, GROWTH_FACTOR, growth, MOST_GROWTH, repeated } from '../support/growth.js';
import { responseWithCalls, strictTool } from './support.js';

// A hang guard only, generous on purpose for a loaded 2-core CI machine.
const TIMEOUT_MS = 50_000;

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
 * A response calling tool_0 … tool_{count - 1} once each, the last call breaking the schema.
 * The others are valid on purpose: checking a broken call costs several times what a valid one
 * does (the validator's errors, their wording), the same at any size, and drowns a quadratic
 * lookup: with every other call broken, finding each call's tool by scanning grew only 8.8x.
 */
const responseCalling = (tools: ReadonlyArray<{ name: string }>) =>
  responseWithCalls(
    tools.map((tool, index) => ({
      name: tool.name,
      arguments: index === tools.length - 1 ? '{"n":"one"}' : '{"n":1}',
    })),
  );

/** An exchange whose request declares `count` tools and whose response calls each once. */
function exchangeWithCalls(count: number) {
  const tools = toolsNamed(count);
  return { request: { model: 'gpt-5', input: 'go', tools }, response: responseCalling(tools) };
}

/**
 * The sizes are per test (the larger is four times the smaller). Each is large enough that a
 * quadratic step (a scan of every call or tool for each one, a copy of the list for each
 * item) outweighs the linear reading already at the smaller size, and small enough that
 * linear reading stays linear: past a few thousand items it grew 6x to 14x for 4x the items on
 * a loaded 2-core VM (more of each read missed the caches, and the collector moved more of
 * what each read builds), which would hide quadratic work.
 */
describe('four times the calls or tools take about four times as long: each is read once', () => {
  test(
    'readTurn reads each call once',
    () => {
      const calls = 2_500;
      const measured = growth(
        calls,
        (count) => responseCalling(toolsNamed(count)),
        repeated(8, readTurn),
      );
      expect(measured.ratio, describeGrowth(measured, 'calls')).toBeLessThan(MOST_GROWTH);
      const read = measured.output;
      expect(read.ok && read.turn.calls.at(-1)).toMatchObject({
        name: `tool_${GROWTH_FACTOR * calls - 1}`,
        at: `output[${GROWTH_FACTOR * calls - 1}]`,
      });
    },
    TIMEOUT_MS,
  );

  test(
    'diagnoseCalls finds each call its own tool',
    () => {
      const calls = 1_000;
      const measured = growth(calls, exchangeWithCalls, repeated(8, diagnoseCalls));
      expect(measured.ratio, describeGrowth(measured, 'calls')).toBeLessThan(MOST_GROWTH);
      const verdicts = measured.output;
      expect(verdicts).toHaveLength(GROWTH_FACTOR * calls);
      expect(verdicts.at(-1)).toMatchObject({
        name: `tool_${GROWTH_FACTOR * calls - 1}`,
        state: 'arguments-violate-schema',
        problems: ['arguments.n: expected integer, got string'],
      });
      expect(verdicts.filter((verdict) => verdict.state === 'dispatchable')).toHaveLength(
        GROWTH_FACTOR * calls - 1,
      );
    },
    TIMEOUT_MS,
  );

  test(
    'diagnoseStrictGuarantee counts the calls of each name',
    () => {
      const calls = 1_000;
      const measured = growth(calls, exchangeWithCalls, repeated(8, diagnoseStrictGuarantee));
      expect(measured.ratio, describeGrowth(measured, 'calls')).toBeLessThan(MOST_GROWTH);
      const strict = measured.output;
      expect(strict.state).toBe('strict-serialised');
      expect([strict.calls.length, strict.strictTools.length]).toEqual([
        GROWTH_FACTOR * calls,
        GROWTH_FACTOR * calls,
      ]);
      expect(strict.duplicates).toEqual({});
    },
    TIMEOUT_MS,
  );

  test(
    'reading a request checks each tool name for a repeat once',
    () => {
      const tools = 2_000;
      // The tools, then the first again: the one repeat to find.
      const request = (count: number) => {
        const declared = toolsNamed(count);
        return { model: 'gpt-5', input: 'go', tools: [...declared, declared[0]] };
      };
      const measured = growth(tools, request, repeated(4, readTurn));
      expect(measured.ratio, describeGrowth(measured, 'tools')).toBeLessThan(MOST_GROWTH);
      const read = measured.output;
      expect(read.ok && read.turn.tools?.length).toBe(GROWTH_FACTOR * tools);
      expect(read.ok && read.turn.notes).toEqual([
        `tools[${GROWTH_FACTOR * tools}] declares "tool_0" a second time; the first declaration is used`,
      ]);
    },
    TIMEOUT_MS,
  );

  test(
    'a Responses request of tools that leave strict unstated gets each default once',
    () => {
      const tools = 1_000;
      // Each tool leaves strict out, so each gets the Responses default and a note saying so.
      const request = (count: number) => ({
        model: 'gpt-5',
        input: 'go',
        tools: Array.from({ length: count }, (_, index) => ({
          type: 'function',
          name: `tool_${index}`,
          parameters: N_SCHEMA,
        })),
      });
      const measured = growth(tools, request, repeated(2, readTurn));
      expect(measured.ratio, describeGrowth(measured, 'tools')).toBeLessThan(MOST_GROWTH);
      const read = measured.output;
      expect(read.ok && read.turn.tools?.every((tool) => tool.strict && !tool.strictStated)).toBe(
        true,
      );
      expect(read.ok && read.turn.notes).toHaveLength(GROWTH_FACTOR * tools);
      expect(read.ok && read.turn.notes.at(-1)).toBe(
        `tools[${GROWTH_FACTOR * tools - 1}] does not set strict, so the OpenAI Responses API rewrites its schema into strict mode (every object closed with additionalProperties: false, every property required) and it is read as strict`,
      );
    },
    TIMEOUT_MS,
  );

  test(
    'the strict lint walks each tool once, and orders what it finds',
    () => {
      const tools = 1_000;
      // Each tool leaves a property out of required: one problem per tool to order. A lint of
      // 1,000 tools takes milliseconds, long enough to time once.
      const declared = (count: number) =>
        Array.from({ length: count }, (_, index) =>
          strictTool(`tool_${index}`, {
            ...N_SCHEMA,
            properties: { ...N_SCHEMA.properties, m: { type: 'integer' } },
          }),
        );
      const measured = growth(tools, declared, (list) =>
        lintStrictSchema(list, { provider: 'openai' }),
      );
      expect(measured.ratio, describeGrowth(measured, 'tools')).toBeLessThan(MOST_GROWTH);
      expect(measured.output.tools).toBe(GROWTH_FACTOR * tools);
      expect(measured.output.problems).toHaveLength(GROWTH_FACTOR * tools);
    },
    TIMEOUT_MS,
  );
});

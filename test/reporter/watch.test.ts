/**
 * The reporter across the runs of watch mode: each run is summed anew, and a finding seen run
 * after run climbs the slowest-to-fix list, while one fixed leaves it.
 */
import { expect, test } from 'vitest';
import type { TestCase, Vitest } from 'vitest/node';
import type { RecordedVerdict } from '../../src/report/verdicts.js';
import { ToolCallHealthReporter } from '../../src/reporter/index.js';

const finding = (state: string, tool: string): RecordedVerdict => ({
  matcher: 'toBeDispatchable',
  pass: false,
  isNot: false,
  turns: [{ model: 'gpt-4.1', outputTokens: 20, maxOutputTokens: 100, tools: [tool] }],
  results: [
    {
      diagnosis: 'dispatch',
      state,
      severity: 'finding',
      call: { name: tool, at: 'choices[0].message.tool_calls[0]' },
      detail: `${state} in a call of ${tool}`,
      problems: [],
      repairs: [],
    },
  ],
});

function testCase(name: string, verdicts: RecordedVerdict[]): TestCase {
  return {
    fullName: name,
    module: { moduleId: `/project/test/${name}.test.ts` },
    meta: () => ({ toolCallHealth: verdicts }),
  } as unknown as TestCase;
}

test('a finding open run after run comes first; a fixed one is gone, and the next run starts anew', async () => {
  const printed: string[] = [];
  const provided: Record<string, unknown> = {};
  const reporter = new ToolCallHealthReporter();
  reporter.onInit({
    provide: (key: string, value: unknown) => {
      provided[key] = value;
    },
    config: { root: '/project' },
    logger: { log: (text: string) => printed.push(text) },
  } as unknown as Vitest);
  expect(provided).toEqual({ toolCallHealthReporter: true });

  const run = async (cases: TestCase[]) => {
    reporter.onTestRunStart([]);
    for (const each of cases) reporter.onTestCaseResult(each);
    await reporter.onTestRunEnd([]);
  };
  const refund = testCase('refund', [finding('unknown-tool', 'refund_order')]);
  const lookup = testCase('lookup', [finding('arguments-violate-schema', 'lookup_order')]);
  await run([refund]);
  await run([refund, lookup]);
  await run([refund, lookup]);
  const third = printed.at(-1) ?? '';
  expect(third).toMatch(/^tool-call health: 2 assertions in 2 tests: 2 findings, 0 notes$/m);
  const slowest = third.slice(third.indexOf('slowest to fix'));
  expect(slowest.split('\n').slice(1)).toEqual([
    '      3 runs  test/refund.test.ts > refund: dispatch/unknown-tool (refund_order)',
    '      2 runs  test/lookup.test.ts > lookup: dispatch/arguments-violate-schema (lookup_order)',
  ]);

  // refund is fixed: its count restarts should it come back.
  await run([lookup]);
  await run([refund, lookup]);
  expect((printed.at(-1) ?? '').split('\n').slice(-2)).toEqual([
    '      4 runs  test/lookup.test.ts > lookup: dispatch/arguments-violate-schema (lookup_order)',
    '      1 run   test/refund.test.ts > refund: dispatch/unknown-tool (refund_order)',
  ]);
});

test('a run with no tool-call matcher says so', async () => {
  const printed: string[] = [];
  const reporter = new ToolCallHealthReporter();
  reporter.onInit({
    provide: () => {},
    config: { root: '/project' },
    logger: { log: (text: string) => printed.push(text) },
  } as unknown as Vitest);
  reporter.onTestRunStart([]);
  reporter.onTestCaseResult(testCase('plain', []));
  await reporter.onTestRunEnd([]);
  expect(printed).toEqual(['tool-call health: no tool-call matcher ran']);
});

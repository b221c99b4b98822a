/**
 * `tool-call-health/reporter` in a real vitest run of examples/, beside vitest's default
 * reporter, the files spread over worker processes: its table is printed at the end, and its
 * JSON holds exactly the verdicts the matchers returned (as a spy wrapping them wrote down).
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from 'vitest';
import type { VerdictReport } from '../../src/reporter/index.js';
import { root } from '../cli/support.js';

const EXAMPLES = [
  'examples/anthropic-support-agent/agent.test.ts',
  'examples/mcp-order-server/server.test.ts',
  'examples/order-support-agent/agent.test.ts',
];

test('the table ends the run, and the JSON is the verdicts the matchers returned', () => {
  const folder = mkdtempSync(join(tmpdir(), 'tch-reporter-'));
  const json = join(folder, 'report.json');
  const spy = join(folder, 'returned.jsonl');
  const ran = spawnSync(
    process.execPath,
    [
      join(root, 'node_modules/vitest/vitest.mjs'),
      'run',
      '--config',
      'test/reporter/examples.config.ts',
      ...EXAMPLES,
    ],
    {
      cwd: root,
      encoding: 'utf8',
      env: {
        ...process.env,
        TCH_REPORT_JSON: json,
        TCH_SPY_FILE: spy,
        CI: 'true',
        NO_COLOR: '1',
        FORCE_COLOR: '0',
      },
    },
  );
  expect(ran.status, ran.stdout + ran.stderr).toBe(0);
  // vitest's own reporter wrote its summary, and the table follows it.
  expect(ran.stdout).toMatch(
    /Tests\s+\d+ passed[\s\S]*tool-call health: \d+ assertions in \d+ tests/,
  );
  expect(ran.stdout).toMatch(/^ {2}by state {10}dispatch\/\S+ \d+/m);

  const report: VerdictReport = JSON.parse(readFileSync(json, 'utf8'));
  const returned = readFileSync(spy, 'utf8')
    .trimEnd()
    .split('\n')
    .map((line) => JSON.parse(line) as { test: string; matcher: string; pass: boolean });
  const key = (verdict: { test: string; matcher: string; pass: boolean }) =>
    JSON.stringify([verdict.test, verdict.matcher, verdict.pass]);
  expect(report.entries.map(key).sort()).toEqual(returned.map(key).sort());
  expect(new Set(report.entries.map((entry) => entry.file))).toEqual(new Set(EXAMPLES));

  // The totals are the entries' own.
  const results = report.entries.flatMap((entry) => entry.results);
  expect(report.summary.findings).toBe(results.filter((r) => r.severity === 'finding').length);
  const failed = Object.values(report.summary.matchers).reduce((sum, m) => sum + m.failed, 0);
  expect(failed).toBe(returned.filter((verdict) => !verdict.pass).length);
}, 60_000);

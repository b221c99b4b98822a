/**
 * The verdicts of a test run, summed: pure, verdicts in, the report and its table out. The
 * vitest reporter gathers the verdicts, and any other runner's reporter can hand the same over.
 */

import { exposure } from '../diagnose/strict.js';
import type { PageEntry, PageReport, PageResult, PageSummary } from '../report/page-report.js';
import { addTurn, createTurnTotals, summariseTurns } from '../report/turn-facts.js';
import type { RecordedVerdict } from '../report/verdicts.js';
import { setOwnKey } from '../schema/json-type.js';

/** The verdicts one test recorded. */
export interface TestVerdicts {
  /** The test file, relative to the project's root. */
  file: string;
  /** The test's full name, suites first (`refunds > issues a refund`). */
  test: string;
  verdicts: readonly RecordedVerdict[];
}

/** One assertion, as the report lists it. */
export interface VerdictEntry extends PageEntry {
  file: string;
  test: string;
  matcher: string;
  /** What the matcher returned. */
  pass: boolean;
  isNot: boolean;
  results: PageResult[];
}

/** A finding still there, and for how many runs in a row it has been (watch mode reruns). */
export interface OpenFinding {
  file: string;
  test: string;
  matcher: string;
  diagnosis: string;
  state: string;
  tool: string | null;
  /** Runs in a row that recorded it, this one included. */
  runs: number;
}

/** The reporter's JSON report: the page's shape, with the matchers' own tallies. */
export interface VerdictReport extends PageReport {
  version: 1;
  command: 'vitest';
  entries: VerdictEntry[];
  summary: PageSummary & {
    tests: number;
    /** Assertions per matcher, by what the matcher returned. */
    matchers: Record<string, { passed: number; failed: number }>;
    findingsByTool: Record<string, number>;
    findingsByFile: Record<string, number>;
    /** The findings open longest first (most runs in a row), then by file and test. */
    slowestToFix: OpenFinding[];
  };
}

/**
 * Sums a run's verdicts. `runsOpen` says for how many runs in a row a finding has been seen
 * (see {@link findingKey}); a single run gives 1 for each.
 *
 * @example
 * verdictReport(tests, { name: 'tool-call-health', version: '0.2.0' }, () => 1);
 */
export function verdictReport(
  tests: readonly TestVerdicts[],
  generator: { name: string; version: string },
  runsOpen: (finding: Omit<OpenFinding, 'runs'>) => number,
): VerdictReport {
  const entries: VerdictEntry[] = [];
  const states: Record<string, Record<string, number>> = {};
  const matchers: Record<string, { passed: number; failed: number }> = {};
  const findingsByTool: Record<string, number> = {};
  const findingsByFile: Record<string, number> = {};
  const turns = createTurnTotals();
  const open: OpenFinding[] = [];
  const strictStates: string[] = [];
  let calls = 0;
  let findings = 0;
  let notes = 0;
  for (const { file, test, verdicts } of tests) {
    for (const [index, verdict] of verdicts.entries()) {
      const tally = ownEntry(matchers, verdict.matcher, () => ({ passed: 0, failed: 0 }));
      if (verdict.pass) tally.passed += 1;
      else tally.failed += 1;
      const dispatched = verdict.results.filter((result) => result.diagnosis === 'dispatch');
      calls += dispatched.length;
      verdict.turns.forEach((turn, step) => {
        addTurn(turns, turn, step === 0 ? verdict.results : [], step === 0 ? dispatched.length : 0);
      });
      for (const result of verdict.results) {
        const counts = ownEntry(states, result.diagnosis, () => ({}));
        countUnder(counts, result.state);
        if (result.diagnosis === 'strict') strictStates.push(result.state);
        if (result.severity === 'note') notes += 1;
        if (result.severity !== 'finding') continue;
        findings += 1;
        const tool = result.call?.name ?? null;
        if (tool !== null) countUnder(findingsByTool, tool);
        countUnder(findingsByFile, file);
        const finding = {
          file,
          test,
          matcher: verdict.matcher,
          diagnosis: result.diagnosis,
          state: result.state,
          tool,
        };
        open.push({ ...finding, runs: runsOpen(finding) });
      }
      entries.push({
        location: `${file} > ${test} > ${verdict.matcher}${verdicts.length > 1 ? ` #${index + 1}` : ''}`,
        file,
        test,
        surface: null,
        turn: verdict.turns[0] ?? null,
        matcher: verdict.matcher,
        pass: verdict.pass,
        isNot: verdict.isNot,
        results: verdict.results,
      });
    }
  }
  open.sort((a, b) => b.runs - a.runs || compare(a.file, b.file) || compare(a.test, b.test));
  return {
    version: 1,
    generator,
    command: 'vitest',
    complete: true,
    showAll: true,
    entries,
    summary: {
      entries: { audited: entries.length },
      tests: tests.filter((test) => test.verdicts.length > 0).length,
      calls,
      findings,
      notes,
      states,
      exposure: exposure(strictStates as never[]),
      turns: summariseTurns(turns),
      matchers,
      findingsByTool,
      findingsByFile,
      slowestToFix: open,
    },
  };
}

/**
 * A finding's name across runs: where it is and what it is, so a rerun in watch mode knows it.
 *
 * @example
 * findingKey({ file: 'a.test.ts', test: 'refund', matcher: 'toBeDispatchable', diagnosis: 'dispatch', state: 'unknown-tool', tool: 'x' });
 */
export function findingKey(finding: Omit<OpenFinding, 'runs'>): string {
  return JSON.stringify([
    finding.file,
    finding.test,
    finding.matcher,
    finding.diagnosis,
    finding.state,
    finding.tool,
  ]);
}

/** How many rows of each kind the table shows: it is a summary, the page has the rest. */
const TABLE_ROWS = 5;

/**
 * The short table printed at the end of a run.
 *
 * @example
 * console.log(verdictTable(report));
 */
export function verdictTable(report: VerdictReport): string {
  const { summary } = report;
  const assertions = report.entries.length;
  if (assertions === 0) return 'tool-call health: no tool-call matcher ran\n';
  const lines = [
    `tool-call health: ${assertions} ${assertions === 1 ? 'assertion' : 'assertions'} in ${summary.tests} ${summary.tests === 1 ? 'test' : 'tests'}: ${summary.findings} ${summary.findings === 1 ? 'finding' : 'findings'}, ${summary.notes} ${summary.notes === 1 ? 'note' : 'notes'}`,
  ];
  const row = (label: string, cells: string[]) => {
    if (cells.length === 0) return;
    const shown = cells.slice(0, TABLE_ROWS).join(', ');
    const more = cells.length > TABLE_ROWS ? `, and ${cells.length - TABLE_ROWS} more` : '';
    lines.push(`  ${label.padEnd(18)}${shown}${more}`);
  };
  row(
    'matchers',
    Object.entries(summary.matchers).map(
      ([name, { passed, failed }]) =>
        `${name} ${passed} passed${failed > 0 ? ` ${failed} failed` : ''}`,
    ),
  );
  const stateCells = Object.entries(summary.states).flatMap(([diagnosis, states]) =>
    Object.entries(states).map(([state, count]) => [`${diagnosis}/${state}`, count ?? 0] as const),
  );
  row(
    'by state',
    stateCells.sort((a, b) => b[1] - a[1]).map(([name, count]) => `${name} ${count}`),
  );
  row('findings by tool', mostFirst(summary.findingsByTool));
  row('findings by file', mostFirst(summary.findingsByFile));
  const { exposure: strict } = summary;
  if (strict.atRisk > 0) {
    lines.push(
      `  ${'strict exposure'.padEnd(18)}${strict.void} of ${strict.atRisk} turns at risk lost the guarantee (${Math.round((strict.rate ?? 0) * 100)}%)`,
    );
  }
  if (summary.slowestToFix.length > 0) {
    lines.push('  slowest to fix');
    for (const finding of summary.slowestToFix.slice(0, TABLE_ROWS)) {
      const tool = finding.tool === null ? '' : ` (${finding.tool})`;
      lines.push(
        `    ${String(finding.runs).padStart(3)} ${finding.runs === 1 ? 'run ' : 'runs'}  ${finding.file} > ${finding.test}: ${finding.diagnosis}/${finding.state}${tool}`,
      );
    }
  }
  return `${lines.join('\n')}\n`;
}

/** The table's entry under `key`, made by `fresh` when missing: an own key whatever it is (`__proto__` too). */
function ownEntry<T>(table: Record<string, T>, key: string, fresh: () => T): T {
  if (!Object.hasOwn(table, key)) setOwnKey(table, key, fresh());
  return table[key] as T;
}

function countUnder(table: Record<string, number>, key: string): void {
  setOwnKey(table, key, ownEntry(table, key, () => 0) + 1);
}

function mostFirst(counts: Record<string, number>): string[] {
  return Object.entries(counts)
    .sort((a, b) => b[1] - a[1] || compare(a[0], b[0]))
    .map(([name, count]) => `${name} ${count}`);
}

function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

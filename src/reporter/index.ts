/**
 * `tool-call-health/reporter`: a vitest reporter that sums what the tool-call matchers judged
 * over a test run (per state, per tool, per test file; the strict exposure; the findings open
 * longest first) and prints a short table at the end, beside vitest's own reporters; with
 * `json` and `html` it also writes the report and the page `audit --html` writes.
 *
 * The matchers record only while it listens: it provides `toolCallHealthReporter` to the test
 * workers, where `tool-call-health/vitest` hears it and puts each verdict in the running test's
 * `meta`, which vitest carries from any worker, thread or process, to `onTestCaseResult`.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, relative, resolve } from 'node:path';
import type { Reporter, TestCase, TestModule, TestSpecification, Vitest } from 'vitest/node';
import { healthPage } from '../report/html-page.js';
import {
  REPORTER_LISTENS_KEY,
  type RecordedVerdict,
  VERDICTS_META_KEY,
} from '../report/verdicts.js';
import { packageVersion } from '../report/version.js';
import {
  findingKey,
  type TestVerdicts,
  type VerdictReport,
  verdictReport,
  verdictTable,
} from './verdict-report.js';

export type { OpenFinding, TestVerdicts, VerdictEntry, VerdictReport } from './verdict-report.js';
export { verdictReport, verdictTable } from './verdict-report.js';

/** Where the reporter writes, besides the table. */
export interface ToolCallHealthReporterOptions {
  /** A file for the JSON report, relative to the project's root. */
  json?: string;
  /** A file for the HTML page, relative to the project's root. */
  html?: string;
  /** The page's title; `tool-call-health vitest run` by default. */
  title?: string;
}

/**
 * The reporter. List it beside vitest's own: `reporters: ['default', new ToolCallHealthReporter()]`,
 * or by name with its options: `['tool-call-health/reporter', { html: 'tool-calls.html' }]`.
 *
 * @example
 * // vitest.config.ts
 * import ToolCallHealthReporter from 'tool-call-health/reporter';
 * export default defineConfig({
 *   test: { setupFiles: ['tool-call-health/vitest'], reporters: ['default', new ToolCallHealthReporter({ json: 'tool-calls.json' })] },
 * });
 */
export class ToolCallHealthReporter implements Reporter {
  private vitest: Vitest | null = null;
  private tests: TestVerdicts[] = [];
  /** Each finding still open, by {@link findingKey}: the runs in a row it has been seen. */
  private openFor = new Map<string, number>();
  private readonly options: ToolCallHealthReporterOptions;

  constructor(options: ToolCallHealthReporterOptions = {}) {
    this.options = options;
  }

  onInit(vitest: Vitest): void {
    this.vitest = vitest;
    vitest.provide(REPORTER_LISTENS_KEY, true);
  }

  onTestRunStart(_specifications: ReadonlyArray<TestSpecification>): void {
    this.tests = [];
  }

  onTestCaseResult(testCase: TestCase): void {
    const verdicts = (testCase.meta() as Record<string, unknown>)[VERDICTS_META_KEY];
    if (!Array.isArray(verdicts) || verdicts.length === 0) return;
    const root = this.vitest?.config.root ?? process.cwd();
    this.tests.push({
      file: relative(root, testCase.module.moduleId),
      test: testCase.fullName,
      verdicts: verdicts as RecordedVerdict[],
    });
  }

  async onTestRunEnd(_modules: ReadonlyArray<TestModule>): Promise<void> {
    const before = this.openFor;
    const now = new Map<string, number>();
    // Files and tests in the order vitest listed them would vary with the pool; sorted, a
    // report is the same however the workers raced.
    const tests = [...this.tests].sort(
      (a, b) => compare(a.file, b.file) || compare(a.test, b.test),
    );
    const report = verdictReport(
      tests,
      { name: 'tool-call-health', version: packageVersion() },
      (finding) => {
        const key = findingKey(finding);
        const runs = now.get(key) ?? (before.get(key) ?? 0) + 1;
        now.set(key, runs);
        return runs;
      },
    );
    // A finding not seen in this run was fixed (or its test did not run): its count restarts.
    this.openFor = now;
    this.print(verdictTable(report));
    await this.write(report);
  }

  private print(text: string): void {
    const logger = this.vitest?.logger;
    if (logger === undefined) process.stdout.write(text);
    else logger.log(text.trimEnd());
  }

  private async write(report: VerdictReport): Promise<void> {
    const root = this.vitest?.config.root ?? process.cwd();
    const title = this.options.title ?? 'tool-call-health vitest run';
    const files: [string | undefined, () => string][] = [
      [this.options.json, () => `${JSON.stringify(report, null, 2)}\n`],
      [this.options.html, () => healthPage(report, { title })],
    ];
    for (const [file, text] of files) {
      if (file === undefined) continue;
      const path = resolve(root, file);
      await mkdir(dirname(path), { recursive: true });
      await writeFile(path, text());
    }
  }
}

function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** Default too, as vitest loads a reporter named by its module. */
export { ToolCallHealthReporter as default };

/**
 * `audit --baseline previous.json`: this run's findings against a previous run's JSON report,
 * matched by what each finding is (its entry's key, diagnosis, state and tool), never by where
 * it sits, so lines deleted above an entry change nothing. Findings are counted, not listed,
 * so a folder of repeated recordings compares as many of each. Pure.
 */
import { isRecord } from '../model/narrow.js';
import { formatCount } from '../text/count.js';
import { plural } from '../text/plural.js';
import { REPORT_VERSION } from './json-report.js';
import type { BaselineComparison, CountedEntry } from './summary.js';

/** A previous run's findings, counted by what each is. */
export interface Baseline {
  file: string;
  findings: ReadonlyMap<string, number>;
}

/** What a finding is, whatever its location. */
function identity(key: string, diagnosis: string, state: string, tool: string | undefined): string {
  return JSON.stringify([key, diagnosis, state, tool ?? null]);
}

/** Versions a baseline may be: 2 only added fields to 1, and a comparison reads none of them. */
const BASELINE_VERSIONS: readonly number[] = [1, REPORT_VERSION];

/**
 * A previous `audit --json` report, as its findings counted; or why it cannot serve.
 *
 * @example
 * readBaseline(readFileSync('monday.json', 'utf8'), 'monday.json'); // { file, findings }
 */
export function readBaseline(text: string, file: string): Baseline | string {
  let report: unknown;
  try {
    report = JSON.parse(text);
  } catch {
    return `--baseline ${file} is not JSON: it must be a report of audit --json`;
  }
  if (!isRecord(report) || !Array.isArray(report.entries)) {
    return `--baseline ${file} is not a report of audit --json (it has no "entries" list)`;
  }
  if (!BASELINE_VERSIONS.includes(report.version as number)) {
    return `--baseline ${file} is a report of version ${JSON.stringify(report.version)}; this audit writes version ${REPORT_VERSION}: make the baseline again`;
  }
  const findings = new Map<string, number>();
  for (const entry of report.entries) {
    if (!isRecord(entry) || typeof entry.key !== 'string' || !Array.isArray(entry.results)) {
      return `--baseline ${file} has entries without a "key" (made before entries had one): make the baseline again`;
    }
    for (const result of entry.results) {
      if (!isRecord(result) || result.severity !== 'finding') continue;
      const call =
        isRecord(result.call) && typeof result.call.name === 'string'
          ? result.call.name
          : undefined;
      const found = identity(entry.key, String(result.diagnosis), String(result.state), call);
      findings.set(found, (findings.get(found) ?? 0) + 1);
    }
  }
  return { file, findings };
}

/**
 * A comparison as entries go by: `judge` counts an entry's findings as new or remaining and
 * says whether any is new (only those entries are listed); `result` gives the totals, the
 * baseline's findings never met counted as fixed.
 *
 * @example
 * const comparing = compareWith(baseline);
 * if (comparing.judge(counted)) write(text);
 * comparing.result(); // { file, new: 1, fixed: 3, remaining: 40 }
 */
export function compareWith(baseline: Baseline): {
  judge(entry: CountedEntry): boolean;
  result(): BaselineComparison;
} {
  const left = new Map(baseline.findings);
  let added = 0;
  let remaining = 0;
  return {
    judge(entry) {
      let anyNew = false;
      for (const result of entry.results) {
        if (result.severity !== 'finding') continue;
        const found = identity(entry.key, result.diagnosis, result.state, result.call?.name);
        const before = left.get(found) ?? 0;
        if (before > 0) {
          left.set(found, before - 1);
          remaining += 1;
        } else {
          added += 1;
          anyNew = true;
        }
      }
      return anyNew;
    },
    result() {
      let fixed = 0;
      for (const count of left.values()) fixed += count;
      return { file: baseline.file, new: added, fixed, remaining };
    },
  };
}

/**
 * The summary's line for a comparison.
 *
 * @example
 * comparisonLine({ file: 'monday.json', new: 1, fixed: 3, remaining: 40 });
 * // 'against monday.json: 1 new finding, 3 fixed, 40 remaining'
 */
export function comparisonLine(comparison: BaselineComparison): string {
  return `against ${comparison.file}: ${plural(comparison.new, 'new finding')}, ${formatCount(comparison.fixed)} fixed, ${formatCount(comparison.remaining)} remaining`;
}

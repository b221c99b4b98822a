/**
 * The machine-readable report (`--json`). Its shape is a contract with CI scripts: a field is
 * never renamed or removed without bumping {@link REPORT_VERSION}.
 */
import type { AuditedEntry } from './entry.js';
import type { Diagnosis } from './findings.js';
import type { Shard } from './shard.js';
import type { AuditSummary } from './summary.js';

/** The version of the report shape; bumped only on a breaking change. */
export const REPORT_VERSION = 2;

/**
 * What `audit --json` and `fetch --json` print: one JSON document on stdout.
 *
 * @example
 * const report: AuditReport = JSON.parse(execFileSync('tool-call-health', ['audit', '--json', 'recordings/']));
 * for (const entry of report.entries) for (const result of entry.results) console.log(entry.location, result.state);
 */
export interface AuditReport {
  /** The report shape's version, {@link REPORT_VERSION}. */
  version: typeof REPORT_VERSION;
  /** What wrote the report. */
  generator: { name: 'tool-call-health'; version: string };
  command: 'audit' | 'fetch';
  /** `false` when Ctrl-C stopped the run: the report covers what was audited until then. */
  complete: boolean;
  /** `--shard`, or `null`. */
  shard: Shard | null;
  /** The paths `audit` was given, as given (none for `fetch`): `merge` orders shards' entries by them. */
  paths: string[];
  /** The diagnoses that ran (`--only`), in report order. */
  only: Diagnosis[];
  /** Whether notes and healthy results are listed too (`--show-all`). */
  showAll: boolean;
  /**
   * Entries in input order. Without `--show-all`: only entries with a finding, each listing
   * only its findings. With it: every entry audited, with every result.
   */
  entries: AuditedEntry[];
  summary: AuditSummary;
  /** What `fetch` asked for and got; `null` for `audit`. */
  fetch: FetchReport | null;
}

/** The fetching half of a `fetch` report. */
export interface FetchReport {
  /** Response ids and batch ids asked for, after validation and de-duplication. */
  requested: { responses: number; batches: number };
  /** Lines of the ids file that are not ids (their text is never echoed). */
  invalidIds: { line: number; problem: string }[];
  /** Ids listed more than once, dropped. */
  duplicateIds: number;
  /** What arrived: stored responses, and batch results lines. */
  fetched: { responses: number; batchLines: number };
  /** Ids the provider answered with 404: expired, never stored, or another project's. */
  notFound: string[];
  /** Ids given up on after the retries, with why. */
  failed: { id: string; problem: string }[];
  /** Requests tried again after a 408, 429, 5xx or a dropped connection. */
  retries: number;
}

/**
 * An entry as the report shows it: with `showAll` all of it, otherwise only its findings;
 * `null` when nothing of it is shown.
 *
 * @example
 * visibleEntry(entry, false)?.results.every((result) => result.severity === 'finding'); // true
 */
export function visibleEntry(entry: AuditedEntry, showAll: boolean): AuditedEntry | null {
  if (showAll) return entry;
  const findings = entry.results.filter((result) => result.severity === 'finding');
  return findings.length === 0 ? null : { ...entry, results: findings };
}

/**
 * Assembles the report. Pure; the entries are the visible ones, gathered while auditing.
 *
 * @example
 * JSON.stringify(jsonReport({ command: 'audit', version: '0.1.0', complete: true, shard: null,
 *   output: { json: true, showAll: false, only: ['strict'] } }, entries, summary, null), null, 2);
 */
export function jsonReport(
  run: {
    command: 'audit' | 'fetch';
    version: string;
    complete: boolean;
    shard: Shard | null;
    paths: readonly string[];
    output: { showAll: boolean; only: Diagnosis[] };
  },
  entries: AuditedEntry[],
  summary: AuditSummary,
  fetch: FetchReport | null,
): AuditReport {
  return {
    version: REPORT_VERSION,
    generator: { name: 'tool-call-health', version: run.version },
    command: run.command,
    shard: run.shard,
    paths: [...run.paths],
    only: run.output.only,
    showAll: run.output.showAll,
    entries,
    // Known only at the end, so it follows the entries in the streamed text too.
    complete: run.complete,
    summary,
    fetch,
  };
}

type RunInfo = Parameters<typeof jsonReport>[0];

/**
 * The report's text in three parts, so `--json` writes each entry as it is audited and memory
 * stays flat on any corpus: `reportHead() + reportEntry(e, 0) + reportEntry(e, 1) + … +
 * reportTail(…)` is exactly `JSON.stringify(jsonReport(…), null, 2)`. Pure.
 *
 * @example
 * out.write(reportHead(run)); out.write(reportEntry(entry, 0)); out.write(reportTail(1, true, summary, null));
 */
export function reportHead(run: Omit<RunInfo, 'complete'>): string {
  const head = JSON.stringify(
    jsonReport({ ...run, complete: true }, [], emptySummary(), null),
    null,
    2,
  );
  return head.slice(0, head.indexOf('"entries": [') + '"entries": ['.length);
}

/** One entry of the streamed report; `index` is its position in the list. */
export function reportEntry(entry: AuditedEntry, index: number): string {
  return listedReportEntry(reportEntryText(entry), index);
}

/** An entry's JSON text as the report lists it, without its place in the list. */
export function reportEntryText(entry: AuditedEntry): string {
  return nested(entry, 2);
}

/** {@link reportEntryText} placed in the list at `index`: the comma and indentation before it. */
export function listedReportEntry(text: string, index: number): string {
  return `${index === 0 ? '' : ','}\n    ${text}`;
}

/** The end of the streamed report, after `count` entries. */
export function reportTail(
  count: number,
  complete: boolean,
  summary: AuditSummary,
  fetch: FetchReport | null,
): string {
  const close = count === 0 ? ']' : '\n  ]';
  return `${close},\n  "complete": ${complete},\n  "summary": ${nested(summary, 1)},\n  "fetch": ${nested(fetch, 1)}\n}\n`;
}

/**
 * JSON text of a value that sits `depth` levels deep in a 2-space-indented document. The value
 * is stringified inside `depth` arrays, which indents it where it sits, and the arrays' own
 * brackets are cut off: a quarter faster than indenting every line after (measured on audit
 * entries), and the report writes one per finding.
 */
function nested(value: unknown, depth: number): string {
  let wrapped = value;
  for (let level = 0; level < depth; level++) wrapped = [wrapped];
  const text = JSON.stringify(wrapped, null, 2);
  return text.slice(
    WRAPPER_OPENS[depth]?.length ?? 0,
    text.length - (WRAPPER_CLOSES[depth]?.length ?? 0),
  );
}

/** What `depth` wrapping arrays write before and after their one element, by depth. */
const WRAPPER_OPENS = [0, 1, 2].map((depth) =>
  Array.from({ length: depth }, (_, level) => `[\n${'  '.repeat(level + 1)}`).join(''),
);
const WRAPPER_CLOSES = [0, 1, 2].map((depth) =>
  Array.from({ length: depth }, (_, level) => `\n${'  '.repeat(depth - 1 - level)}]`).join(''),
);

/** A placeholder: reportHead only keeps the text before the entries. */
function emptySummary(): AuditSummary {
  return {} as AuditSummary;
}

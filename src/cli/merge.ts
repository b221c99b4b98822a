/**
 * `merge`: the `--json` reports of `audit --shard i/n` runs made into the report one unsharded
 * run writes. Pure: reports in, a report (or what is wrong with them) out.
 *
 * The shards are refused, naming them, when they cannot add up to one run: another report
 * version, other diagnoses (`--only`), other paths, listed differently (`--show-all`), compared
 * with a baseline, or a set of shards that overlaps or leaves a gap.
 */

import { normalize } from 'node:path';
import { isRecord } from '../model/narrow.js';
import { fileOf } from '../report/location.js';
import type { AuditedEntry } from './entry.js';
import { type AuditReport, REPORT_VERSION } from './json-report.js';
import { mergeSummaries } from './summary.js';

/** One report as given: its file name (for messages) and its parsed JSON. */
export interface GivenReport {
  name: string;
  report: unknown;
}

export type Merged =
  | { ok: true; report: AuditReport; warnings: string[] }
  | { ok: false; problem: string };

/**
 * The one report `n` shard reports add up to.
 *
 * @example
 * mergeReports([{ name: 'a.json', report: a }, { name: 'b.json', report: b }]);
 * // { ok: true, report: { shard: null, entries: [...], summary: {...}, ... }, warnings: [] }
 */
export function mergeReports(given: readonly GivenReport[]): Merged {
  const shards: { name: string; report: AuditReport }[] = [];
  for (const { name, report } of given) {
    const problem = notAShardReport(report);
    if (problem !== null) return { ok: false, problem: `${name} ${problem}` };
    shards.push({ name, report: report as AuditReport });
  }
  const first = shards[0];
  if (first === undefined) return { ok: false, problem: 'merge needs the reports to merge' };
  const warnings: string[] = [];
  const differing = (what: string, of: (report: AuditReport) => unknown) => {
    const seen = new Map<string, string[]>();
    for (const { name, report } of shards) {
      const key = JSON.stringify(of(report));
      seen.set(key, [...(seen.get(key) ?? []), name]);
    }
    if (seen.size <= 1) return null;
    const groups = [...seen].map(([value, names]) => `${names.join(', ')}: ${value}`);
    return `the reports differ in ${what} (${groups.join('; ')}), so they are not shards of one run`;
  };
  const mismatch =
    differing('report version', (report) => report.version) ??
    differing('--only', (report) => [...report.only].sort()) ??
    differing('the paths audited', (report) => report.paths) ??
    differing('--show-all', (report) => report.showAll) ??
    differing('the number of shards', (report) => report.shard?.count);
  if (mismatch !== null) return { ok: false, problem: mismatch };
  if (first.report.version !== REPORT_VERSION) {
    return {
      ok: false,
      problem: `the reports are report version ${first.report.version}; this merge reads version ${REPORT_VERSION}: merge them with the tool-call-health that wrote them`,
    };
  }
  const generators = new Set(shards.map(({ report }) => report.generator.version));
  if (generators.size > 1) {
    warnings.push(
      `the reports were written by different tool-call-health versions (${[...generators].join(', ')}); the report version is the same, so they are merged`,
    );
  }
  const count = first.report.shard?.count ?? 0;
  const byIndex = new Map<number, string[]>();
  for (const { name, report } of shards) {
    const index = report.shard?.index ?? 0;
    byIndex.set(index, [...(byIndex.get(index) ?? []), name]);
  }
  const twice = [...byIndex].filter(([, names]) => names.length > 1);
  if (twice.length > 0) {
    const said = twice.map(([index, names]) => `shard ${index}/${count} (${names.join(', ')})`);
    return { ok: false, problem: `the shards overlap: ${said.join('; ')} given more than once` };
  }
  const missing: number[] = [];
  for (let index = 1; index <= count; index++) if (!byIndex.has(index)) missing.push(index);
  if (missing.length > 0) {
    return {
      ok: false,
      problem: `the shards leave a gap: ${missing.map((index) => `${index}/${count}`).join(', ')} missing; merge all ${count} shards`,
    };
  }
  const incomplete = shards.filter(({ report }) => !report.complete).map(({ name }) => name);
  if (incomplete.length > 0) {
    warnings.push(
      `${incomplete.join(', ')} stopped before it was done (complete: false); the merged report is incomplete too`,
    );
  }
  const entries = inWalkOrder(
    shards.map(({ report }) => report.entries),
    first.report.paths,
  );
  const summary = mergeSummaries(
    shards.map(({ report }) => report.summary),
    entries,
  );
  return {
    ok: true,
    warnings,
    report: {
      ...first.report,
      shard: null,
      entries,
      complete: incomplete.length === 0,
      summary,
    },
  };
}

/** Why a value is no shard's audit report; null when it is one. */
function notAShardReport(report: unknown): string | null {
  if (!isRecord(report) || typeof report.version !== 'number' || !isRecord(report.summary)) {
    return 'is not a tool-call-health audit --json report';
  }
  if (report.command !== 'audit') return `is a ${String(report.command)} report, not an audit`;
  if (!Array.isArray(report.entries) || !Array.isArray(report.only)) {
    return 'is not a whole audit --json report (its entries or --only are missing)';
  }
  if (!Array.isArray(report.paths)) {
    return 'names no paths: it was written before merge existed; run the shards again';
  }
  if (!isRecord(report.shard)) return 'is the report of a whole run, not of a --shard i/n';
  if (isRecord(report.summary.baseline)) {
    return 'was compared with a --baseline; merge the shards first, then compare the merged report';
  }
  return null;
}

/**
 * The shards' entries in the order one run lists them: files in the order the walk meets
 * them (the paths as given, each folder in sorted order, so path by path and, under one path,
 * by the names of each folder and file along the way), and within a file, as the shard that
 * read it listed them; a large JSONL whose parts went to several shards, by line.
 */
function inWalkOrder(lists: readonly AuditedEntry[][], paths: readonly string[]): AuditedEntry[] {
  const tagged = lists.flatMap((list, shard) =>
    list.map((entry, position) => ({ entry, shard, position, file: fileOf(entry.location) })),
  );
  // As the walk names what it finds: `./logs/` walks as `logs/...`.
  const roots = paths.map((path) => normalize(path).replace(/[\\/]+$/, ''));
  const rootOf = (file: string) => {
    const index = roots.findIndex((path) => file === path || file.startsWith(`${path}/`));
    return index === -1 ? roots.length : index;
  };
  return tagged
    .sort(
      (a, b) =>
        rootOf(a.file) - rootOf(b.file) ||
        comparePaths(a.file, b.file) ||
        (a.shard === b.shard ? a.position - b.position : lineOf(a.entry) - lineOf(b.entry)),
    )
    .map(({ entry }) => entry);
}

/** Paths compared name by name along the way, as a walk in sorted order meets them. */
function comparePaths(a: string, b: string): number {
  if (a === b) return 0;
  const left = a.split('/');
  const right = b.split('/');
  for (let index = 0; index < Math.min(left.length, right.length); index++) {
    const x = left[index] as string;
    const y = right[index] as string;
    if (x !== y) return x < y ? -1 : 1;
  }
  return left.length - right.length;
}

/** The line a JSONL entry's location names (`file.jsonl:12`, `file.jsonl:12:…`). */
function lineOf(entry: AuditedEntry): number {
  const file = fileOf(entry.location);
  const line = /^:(\d+)/.exec(entry.location.slice(file.length))?.[1];
  return line === undefined ? 0 : Number(line);
}

/**
 * The results as the page's script reads them: one row per result, each string stored once in
 * a table and named by its index. Repairs and details repeat across thousands of findings, so
 * the page of a large corpus stays a fraction of its JSON report's size.
 */
import { ROW } from './html-client.js';
import { fileOf } from './location.js';
import type { PageReport } from './page-report.js';

/** What the page embeds. */
export interface PageData {
  strings: string[];
  /** Each row's columns in {@link ROW}'s order: string indexes, -1 for none, lists for problems and repairs. */
  rows: (number | number[])[][];
}

/** The label of a turn whose payload names no model, as the model filter offers it. */
export const NO_MODEL = '(not named)';

/**
 * The rows of a report's listed results.
 *
 * @example
 * pageData(report).rows.length; // one per result listed
 */
export function pageData(report: PageReport): PageData {
  const strings: string[] = [];
  const indexes = new Map<string, number>();
  const index = (text: string | null): number => {
    if (text === null || text === '') return -1;
    let found = indexes.get(text);
    if (found === undefined) {
      found = strings.length;
      strings.push(text);
      indexes.set(text, found);
    }
    return found;
  };
  const rows: (number | number[])[][] = [];
  for (const entry of report.entries) {
    const file = index(entry.file ?? fileOf(entry.location));
    const location = index(entry.location);
    const model = index(entry.turn === null ? null : (entry.turn.model ?? NO_MODEL));
    for (const result of entry.results) {
      const row: (number | number[])[] = [];
      row[ROW.state] = index(result.state);
      row[ROW.diagnosis] = index(result.diagnosis);
      row[ROW.severity] = index(result.severity);
      row[ROW.tool] = index(result.call?.name ?? null);
      row[ROW.model] = model;
      row[ROW.file] = file;
      row[ROW.location] = location;
      row[ROW.at] = index(result.call?.at ?? null);
      row[ROW.detail] = index(result.detail);
      row[ROW.problems] = result.problems.map(index);
      row[ROW.repairs] = result.repairs.map(index);
      rows.push(row);
    }
  }
  return { strings, rows };
}

/**
 * What the HTML page reads: the part of `audit --json`'s report it shows, which the test
 * reporter writes in the same shape. Declared here, below the faces, so both may hand it over;
 * the CLI's `AuditReport` is one as it stands.
 */
import type { TurnFacts, TurnTotals } from './turn-facts.js';

/** One result as the page lists it. */
export interface PageResult {
  diagnosis: string;
  state: string;
  severity: 'finding' | 'note' | 'healthy';
  /** The call it is about: its tool, and where it sits in the payload. */
  call: { name: string; at: string } | null;
  detail: string;
  problems: readonly string[];
  repairs: readonly string[];
}

/** One entry: a recording (or a test's assertion) and its results. */
export interface PageEntry {
  location: string;
  /** The file it is in; by default the location without its place in the file. */
  file?: string;
  surface: string | null;
  turn: TurnFacts | null;
  results: readonly PageResult[];
}

/** The numbers at the top of the page. */
export interface PageSummary {
  entries: { audited: number };
  calls: number;
  findings: number;
  notes: number;
  /** Per diagnosis, per state. */
  states: Readonly<Record<string, Readonly<Record<string, number | undefined>>>>;
  exposure: { atRisk: number; void: number; rate: number | null };
  turns: TurnTotals;
}

/** A report the page can show. */
export interface PageReport {
  generator: { name: string; version: string };
  complete: boolean;
  /** Whether notes and healthy results are listed, not only findings. */
  showAll: boolean;
  entries: readonly PageEntry[];
  summary: PageSummary;
}

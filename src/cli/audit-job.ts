/**
 * What a worker thread of `audit --jobs N` is given and what it says back. Every job walks the
 * same recordings in the same order and numbers their entries alike; the entries go in blocks
 * of {@link BLOCK_ENTRIES}, and job `j` of `n` opens and audits the blocks `j`, `j + n`, …,
 * skipping the others unopened (reading a line is cheap, parsing and judging it is not). The
 * main thread takes the blocks back in order, so the output is the same as one job's.
 *
 * A job sends a block as one run (its listed text and its totals, added up in the job) unless
 * the run needs each entry on the main thread (`--baseline` judges each against the previous
 * run, `--html` keeps each listed one): then as pieces, one per entry.
 */
import type { OutputOptions } from './args.js';
import type { AuditedEntry } from './entry.js';
import type { FoundRecording } from './recordings.js';
import type { RepairBlock } from './repair-book.js';
import type { CountedEntry, Tally } from './summary.js';

/**
 * One entry as the report takes it: counted, with the text it is listed with (`null` when it
 * is not listed): the entry as formatted text, or its JSON for the report's list of entries.
 * Audited in this thread or in a worker, an entry comes out the same.
 */
export interface AuditedPiece {
  location: string;
  counted: CountedEntry;
  text: string | null;
  /** The entry as listed, kept for `--html`'s page; absent when no page is asked or nothing is listed. */
  shown?: AuditedEntry;
  /** The repairs the text marks, which the run fills in (`repair-book.ts`); absent when none. */
  repairs?: RepairBlock[];
}

/**
 * Consecutive entries of one block, audited by one job: the report's text of those it lists
 * (for `--json`, each with the `,` that parts it from the entry before), and their totals.
 */
export interface AuditedRun {
  kind: 'run';
  /** The number of its first entry, and how many it holds. */
  first: number;
  count: number;
  text: string;
  /** How many entries the text lists. */
  listed: number;
  /** The repairs the text marks (`repair-book.ts`), numbered in the run. */
  repairs: RepairBlock[];
  /** The run's totals, as `addToTally` made them for each of its entries. */
  tally: Tally;
  /** Its last entry's location, for the progress line. */
  location: string;
}

/** Entries in a block: the unit jobs take turns at, and at most what one run holds. */
export const BLOCK_ENTRIES = 256;

/**
 * The job that audits entry `entry`: blocks go round the jobs in turn.
 *
 * @example
 * jobOfEntry(300, 2); // 1: entry 300 is in the second block
 */
export function jobOfEntry(entry: number, jobs: number): number {
  return Math.floor(entry / BLOCK_ENTRIES) % jobs;
}

/** One job's orders, as `workerData`. */
export interface AuditJob {
  /** The recordings to read: with `--shard`, only this shard's files and parts. */
  found: FoundRecording[];
  output: OutputOptions;
  /** Whether the text is coloured, as the main thread's stdout wants it. */
  color: boolean;
  /** This job's number, from 0, and how many there are. */
  job: number;
  jobs: number;
  /** Whether blocks go back as runs; as pieces, one per entry, when not. */
  runs: boolean;
}

/** From a job to the main thread. */
export type JobMessage =
  /** Pieces of consecutive entries of one block, from entry `first` on. */
  | { kind: 'pieces'; first: number; pieces: AuditedPiece[] }
  /** A run of consecutive entries of one block. */
  | { kind: 'run'; run: AuditedRun }
  /** Every entry of this job was sent. */
  | { kind: 'done' }
  /** The job stopped on an error it could not turn into an entry (a bug): its message. */
  | { kind: 'failed'; message: string };

/** From the main thread to a job: a batch was written, so the job may send another. */
export interface JobAck {
  kind: 'ack';
}

/** Messages a job may have sent and not yet seen written: the bound on what waits in memory. */
export const BATCHES_IN_FLIGHT = 4;
/** A message closes at the end of its block, or at this much text, whichever comes first. */
export const BATCH_TEXT_CHARS = 256 * 1024;

/**
 * What a worker thread of `audit --jobs N` is given and what it says back. Every job walks the
 * same recordings in the same order and numbers their entries alike; job `j` of `n` opens and
 * audits entry `i` when `i % n === j`, and skips the others unopened (reading a line is cheap,
 * parsing and judging it is not). The main thread puts the pieces back in entry order, so the
 * output is the same as one job's.
 */
import type { OutputOptions } from './args.js';
import type { AuditedEntry } from './entry.js';
import type { FoundRecording } from './recordings.js';
import type { RepairBlock } from './repair-book.js';
import type { CountedEntry } from './summary.js';

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
}

/** From a job to the main thread. */
export type JobMessage =
  /** Pieces of consecutive entries of this job, with their entry numbers. */
  | { kind: 'pieces'; entries: number[]; pieces: AuditedPiece[] }
  /** Every entry of this job was sent. */
  | { kind: 'done' }
  /** The job stopped on an error it could not turn into an entry (a bug): its message. */
  | { kind: 'failed'; message: string };

/** From the main thread to a job: a batch was written, so the job may send another. */
export interface JobAck {
  kind: 'ack';
}

/** Batches a job may have sent and not yet seen written: the bound on what waits in memory. */
export const BATCHES_IN_FLIGHT = 4;
/** A batch closes at this many entries, or this much text, whichever comes first. */
export const BATCH_ENTRIES = 256;
export const BATCH_TEXT_CHARS = 256 * 1024;

/**
 * `audit --jobs N` on the main thread: starts the jobs (`audit-worker.ts`), and yields their
 * pieces in entry order, entry `i` from job `i % n`, so the report is written as one job
 * writes it. Each batch is acknowledged once it has been yielded, which lets its job send
 * another: a slow stdout holds the jobs back instead of filling memory.
 */
import type { Worker } from 'node:worker_threads';
import type { AuditedPiece, AuditJob, JobAck, JobMessage } from './audit-job.js';
import type { PieceSettings, PieceSource } from './audit-run.js';
import type { FoundRecording } from './recordings.js';

interface JobState {
  worker: Worker;
  /** Batches received and not yet all yielded, oldest first; `next` indexes the first. */
  batches: { entries: number[]; pieces: AuditedPiece[]; next: number }[];
  done: boolean;
}

/**
 * The pieces of `found`, audited by `jobs` worker threads that `start` makes.
 *
 * @example
 * runAudit(inJobs(found, { output }, 2, io.startWorker, color), settings, io, signal, null);
 */
export function inJobs(
  found: FoundRecording[],
  settings: Omit<PieceSettings, 'palette'>,
  jobs: number,
  start: (job: AuditJob) => Worker,
  color: boolean,
): PieceSource {
  return async function* () {
    const states: JobState[] = [];
    let wake: (() => void) | null = null;
    let failure: Error | null = null;
    const stir = () => {
      wake?.();
      wake = null;
    };
    for (let job = 0; job < jobs; job++) {
      const worker = start({ found, output: settings.output, color, job, jobs });
      const state: JobState = { worker, batches: [], done: false };
      worker.on('message', (message: JobMessage) => {
        if (message.kind === 'pieces') state.batches.push({ ...message, next: 0 });
        else if (message.kind === 'done') state.done = true;
        else failure ??= new Error(`audit job ${job + 1} of ${jobs} failed: ${message.message}`);
        stir();
      });
      worker.on('error', (error) => {
        failure ??= error;
        stir();
      });
      worker.on('exit', (code) => {
        if (!state.done)
          failure ??= new Error(
            `audit job ${job + 1} of ${jobs} exited (code ${code}) before it was done`,
          );
        stir();
      });
      states.push(state);
    }
    try {
      for (let entry = 0; ; entry++) {
        const state = states[entry % jobs] as JobState;
        while (state.batches.length === 0 && !state.done && failure === null) {
          await new Promise<void>((resolve) => (wake = resolve));
        }
        if (failure !== null) throw failure;
        const batch = state.batches[0];
        // The job that would hold this entry has none left: every job walked the same entries,
        // so there are no more.
        if (batch === undefined) return;
        if (batch.entries[batch.next] !== entry) {
          throw new Error(
            `audit job ${(entry % jobs) + 1} of ${jobs} sent entry ${batch.entries[batch.next]} where entry ${entry} was due`,
          );
        }
        const piece = batch.pieces[batch.next] as AuditedPiece;
        batch.next += 1;
        if (batch.next === batch.pieces.length) {
          state.batches.shift();
          state.worker.postMessage({ kind: 'ack' } satisfies JobAck);
        }
        yield piece;
      }
    } finally {
      await Promise.all(states.map(({ worker }) => worker.terminate()));
    }
  };
}

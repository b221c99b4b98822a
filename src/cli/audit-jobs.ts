/**
 * `audit --jobs N` on the main thread: starts the jobs (`audit-worker.ts`), and yields what
 * they send in entry order, the block of entry `i` from job `jobOfEntry(i, n)`, so the report
 * is written as one job writes it. Each message is acknowledged once it has been yielded,
 * which lets its job send another: a slow stdout holds the jobs back instead of filling memory.
 */
import type { Worker } from 'node:worker_threads';
import {
  type AuditedPiece,
  type AuditedRun,
  type AuditJob,
  type JobAck,
  type JobMessage,
  jobOfEntry,
} from './audit-job.js';
import type { PieceSettings, PieceSource } from './audit-run.js';
import type { FoundRecording } from './recordings.js';

/** What a job sent of its entries, in order. */
type Sent = Exclude<JobMessage, { kind: 'done' } | { kind: 'failed' }>;

interface JobState {
  worker: Worker;
  /** Messages received and not yet all yielded, oldest first; `next` indexes a piece in the first. */
  sent: Sent[];
  next: number;
  done: boolean;
}

/**
 * The entries of `found`, audited by `jobs` worker threads that `start` makes: runs of them
 * (totals added up in the job), or pieces when `runs` is false (`--baseline`, `--html`).
 *
 * @example
 * runAudit(inJobs(found, { output }, 2, io.startWorker, color, true), settings, io, signal, null);
 */
export function inJobs(
  found: FoundRecording[],
  settings: Omit<PieceSettings, 'palette'>,
  jobs: number,
  start: (job: AuditJob) => Worker,
  color: boolean,
  runs: boolean,
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
      const worker = start({ found, output: settings.output, color, job, jobs, runs });
      const state: JobState = { worker, sent: [], next: 0, done: false };
      worker.on('message', (message: JobMessage) => {
        if (message.kind === 'done') state.done = true;
        else if (message.kind === 'failed')
          failure ??= new Error(`audit job ${job + 1} of ${jobs} failed: ${message.message}`);
        else state.sent.push(message);
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
    const written = (state: JobState) => {
      state.sent.shift();
      state.next = 0;
      state.worker.postMessage({ kind: 'ack' } satisfies JobAck);
    };
    try {
      let entry = 0;
      while (true) {
        const owner = jobOfEntry(entry, jobs);
        const state = states[owner] as JobState;
        while (state.sent.length === 0 && !state.done && failure === null) {
          await new Promise<void>((resolve) => (wake = resolve));
        }
        if (failure !== null) throw failure;
        const message = state.sent[0];
        // The job that would hold this entry has none left: every job walked the same entries,
        // so there are no more.
        if (message === undefined) return;
        const first = message.kind === 'run' ? message.run.first : message.first + state.next;
        if (first !== entry) {
          throw new Error(
            `audit job ${owner + 1} of ${jobs} sent entry ${first} where entry ${entry} was due`,
          );
        }
        let item: AuditedPiece | AuditedRun;
        if (message.kind === 'run') {
          item = message.run;
          entry += message.run.count;
          written(state);
        } else {
          item = message.pieces[state.next] as AuditedPiece;
          state.next += 1;
          entry += 1;
          if (state.next === message.pieces.length) written(state);
        }
        yield item;
      }
    } finally {
      await Promise.all(states.map(({ worker }) => worker.terminate()));
    }
  };
}

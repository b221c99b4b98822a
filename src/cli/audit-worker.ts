/**
 * One job of `audit --jobs N`, in a worker thread: walks the recordings the main thread found,
 * audits its share of the entries (see `audit-job.ts`) and sends them back in batches, never
 * more than {@link BATCHES_IN_FLIGHT} ahead of what the main thread has written.
 */
import { parentPort, workerData } from 'node:worker_threads';
import {
  type AuditedPiece,
  type AuditJob,
  BATCH_ENTRIES,
  BATCH_TEXT_CHARS,
  BATCHES_IN_FLIGHT,
  type JobMessage,
} from './audit-job.js';
import { auditedPiece } from './audit-run.js';
import { recordingEntries } from './recording-entries.js';
import { paletteFor } from './style.js';

const port = parentPort;
if (port === null) throw new Error('audit-worker.js runs as a worker thread of the audit');
const job = workerData as AuditJob;

let inFlight = 0;
let acked: (() => void) | null = null;
port.on('message', () => {
  inFlight -= 1;
  acked?.();
  acked = null;
});

async function send(entries: number[], pieces: AuditedPiece[]): Promise<void> {
  const message: JobMessage = { kind: 'pieces', entries, pieces };
  port?.postMessage(message);
  inFlight += 1;
  while (inFlight >= BATCHES_IN_FLIGHT) await new Promise<void>((resolve) => (acked = resolve));
}

async function run(): Promise<void> {
  const settings = { output: job.output, palette: paletteFor(job.color) };
  // The main thread stops a job by terminating it; nothing here aborts.
  const walk = recordingEntries(job.found, new AbortController().signal);
  let entry = -1;
  let entries: number[] = [];
  let pieces: AuditedPiece[] = [];
  let text = 0;
  for await (const pending of walk) {
    entry += 1;
    if (entry % job.jobs !== job.job) continue;
    const piece = auditedPiece(await pending.open(), settings);
    entries.push(entry);
    pieces.push(piece);
    text += piece.text?.length ?? 0;
    if (pieces.length >= BATCH_ENTRIES || text >= BATCH_TEXT_CHARS) {
      await send(entries, pieces);
      entries = [];
      pieces = [];
      text = 0;
    }
  }
  if (pieces.length > 0) await send(entries, pieces);
  port?.postMessage({ kind: 'done' } satisfies JobMessage);
}

run().catch((error: unknown) => {
  const message = error instanceof Error ? (error.stack ?? error.message) : String(error);
  port.postMessage({ kind: 'failed', message } satisfies JobMessage);
});

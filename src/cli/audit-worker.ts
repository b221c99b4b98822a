/**
 * One job of `audit --jobs N`, in a worker thread: walks the recordings the main thread found,
 * audits its blocks of entries (see `audit-job.ts`) and sends each back, as a run or as pieces,
 * never more than {@link BATCHES_IN_FLIGHT} messages ahead of what the main thread has written.
 */
import { parentPort, workerData } from 'node:worker_threads';
import {
  type AuditedPiece,
  type AuditedRun,
  type AuditJob,
  BATCH_TEXT_CHARS,
  BATCHES_IN_FLIGHT,
  BLOCK_ENTRIES,
  type JobMessage,
  jobOfEntry,
} from './audit-job.js';
import { auditedPiece } from './audit-run.js';
import { listedReportEntry } from './json-report.js';
import { recordingEntries } from './recording-entries.js';
import type { RepairBlock } from './repair-book.js';
import { paletteFor } from './style.js';
import { addToTally, createTally } from './summary.js';

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

async function send(message: JobMessage): Promise<void> {
  port?.postMessage(message);
  inFlight += 1;
  while (inFlight >= BATCHES_IN_FLIGHT) await new Promise<void>((resolve) => (acked = resolve));
}

/** What is gathered of a block until it is sent: a run's parts, or pieces. */
interface Gathering {
  first: number;
  count: number;
  texts: string[];
  chars: number;
  listed: number;
  repairs: RepairBlock[];
  tally: AuditedRun['tally'];
  pieces: AuditedPiece[];
  location: string;
}

function gathering(first: number): Gathering {
  return {
    first,
    count: 0,
    texts: [],
    chars: 0,
    listed: 0,
    repairs: [],
    tally: createTally(),
    pieces: [],
    location: '',
  };
}

function messageOf(gathered: Gathering): JobMessage {
  if (!job.runs) return { kind: 'pieces', first: gathered.first, pieces: gathered.pieces };
  const { first, count, listed, repairs, location } = gathered;
  const text = gathered.texts.join('');
  return {
    kind: 'run',
    run: { kind: 'run', first, count, text, listed, repairs, tally: gathered.tally, location },
  };
}

async function run(): Promise<void> {
  const settings = { output: job.output, palette: paletteFor(job.color) };
  // The main thread stops a job by terminating it; nothing here aborts.
  const walk = recordingEntries(job.found, new AbortController().signal);
  let entry = -1;
  let gathered: Gathering | null = null;
  for await (const pending of walk) {
    entry += 1;
    if (jobOfEntry(entry, job.jobs) !== job.job) continue;
    // A new block, or a message grown past its bound, is sent and a new one begun.
    if (gathered !== null && (entry % BLOCK_ENTRIES === 0 || gathered.chars >= BATCH_TEXT_CHARS)) {
      await send(messageOf(gathered));
      gathered = null;
    }
    gathered ??= gathering(entry);
    const piece = auditedPiece(
      await pending.open(),
      settings,
      job.runs ? gathered.repairs : undefined,
    );
    gathered.count += 1;
    gathered.location = piece.location;
    gathered.chars += piece.text?.length ?? 0;
    if (!job.runs) {
      gathered.pieces.push(piece);
      continue;
    }
    addToTally(gathered.tally, piece.counted);
    if (piece.text !== null) {
      // Every listed entry after a first one: the main thread drops the `,` of the first.
      gathered.texts.push(job.output.json ? listedReportEntry(piece.text, 1) : piece.text);
      gathered.listed += 1;
    }
  }
  if (gathered !== null) await send(messageOf(gathered));
  port?.postMessage({ kind: 'done' } satisfies JobMessage);
}

run().catch((error: unknown) => {
  const message = error instanceof Error ? (error.stack ?? error.message) : String(error);
  port.postMessage({ kind: 'failed', message } satisfies JobMessage);
});

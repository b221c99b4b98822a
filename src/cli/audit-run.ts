/**
 * The audit loop shared by `audit` and `fetch`: entries in, a streamed report and an exit code
 * out. Output is written as entries are audited, and only counters are kept, so a corpus of
 * any size runs in flat memory (`--json` writes each entry as it is audited).
 */

import { libraryMessage } from '../text/library-message.js';
import type { OutputOptions } from './args.js';
import { auditEntry } from './audit-entry.js';
import type { PendingEntry } from './entry.js';
import { formatEntry, formatSummary } from './format.js';
import { type CliIo, FatalError, type Output } from './io.js';
import {
  type FetchReport,
  reportEntry,
  reportHead,
  reportTail,
  visibleEntry,
} from './json-report.js';
import { createProgress } from './progress.js';
import { inShard, type Shard } from './shard.js';
import { paletteFor } from './style.js';
import {
  type AuditSummary,
  addToTally,
  countOtherShard,
  createTally,
  summarise,
} from './summary.js';

/** What one run is. */
export interface RunSettings {
  command: 'audit' | 'fetch';
  version: string;
  output: OutputOptions;
  shard: Shard | null;
}

/** Writes a notice to stderr without tearing the progress line. */
export type Say = (line: string) => Promise<void>;

/** Exit codes, as `--help` lists them. */
export const EXIT = { clean: 0, findings: 1, usage: 2, interrupted: 130 } as const;

/**
 * Audits every entry `source` yields, printing as it goes, and returns the exit code. Aborting
 * `signal` (Ctrl-C) stops at once, even while a read is pending, and still prints the summary
 * of what was audited. A {@link FatalError} from the source ends the run with exit code 2.
 *
 * @example
 * const code = await runAudit(() => recordingEntries(found, signal), settings, io, signal, null);
 */
export async function runAudit(
  source: (say: Say) => AsyncIterable<PendingEntry>,
  settings: RunSettings,
  io: CliIo,
  signal: AbortSignal,
  fetchReport: (() => FetchReport) | null,
): Promise<number> {
  const { output, shard } = settings;
  const tally = createTally();
  // --json writes each listed entry as it goes, so memory stays flat whatever the corpus size.
  let listed = 0;
  let headWritten = false;
  const writeHead = async () => {
    if (headWritten) return;
    headWritten = true;
    await stdout.write(reportHead(settings));
  };
  const stdout = batched(io.stdout);
  const palette = paletteFor(io.stdout.color);
  const progress = createProgress(
    io.stderr.isTTY
      ? { write: (text) => void io.stderr.write(text), columns: io.stderr.columns }
      : null,
    io.now,
  );
  const say: Say = async (line) => {
    progress.clear();
    await io.stderr.write(`${line}\n`);
  };
  const entries = source(say)[Symbol.asyncIterator]();
  let seen = 0;
  try {
    while (true) {
      // A pending read (a pipe, a slow disk) must not hold Ctrl-C back.
      const next = await untilAborted(entries.next(), signal);
      if (next === 'interrupted' || next.done === true) break;
      const pending = next.value;
      seen += 1;
      if (shard !== null && !inShard(pending.location, shard)) {
        countOtherShard(tally);
        progress.update(seen, pending.location);
        continue;
      }
      const opening = pending.open();
      const opened = opening instanceof Promise ? await untilAborted(opening, signal) : opening;
      if (opened === 'interrupted') break;
      const entry = auditEntry(opened, output.only);
      addToTally(tally, entry);
      const visible = visibleEntry(entry, output.showAll);
      if (visible !== null) {
        if (output.json) {
          await writeHead();
          await stdout.write(reportEntry(visible, listed++));
        } else {
          progress.clear();
          await stdout.write(formatEntry(visible, palette));
        }
      }
      progress.update(seen, pending.location);
    }
  } catch (error) {
    if (!(error instanceof FatalError)) throw error;
    // A report already begun is closed, marked incomplete, so stdout stays one JSON document.
    if (headWritten) await stdout.write(reportTail(listed, false, summarise(tally), null));
    await stdout.flush();
    await io.stderr.write(`${libraryMessage(error.message)}\n`);
    return EXIT.usage;
  } finally {
    progress.clear();
    // Lets the source close its files; not awaited, as a read it is stuck in may never end.
    if (signal.aborted) entries.return?.().catch(() => {});
  }

  const complete = !signal.aborted;
  const summary = summarise(tally);
  if (output.json) {
    const fetched = fetchReport === null ? null : fetchReport();
    await writeHead();
    await stdout.write(reportTail(listed, complete, summary, fetched));
  } else {
    const context = { only: output.only, shard, complete, showAll: output.showAll };
    await stdout.write(formatSummary(summary, context, palette));
  }
  await stdout.flush();
  if (!complete) return EXIT.interrupted;
  if (shard === null && summary.entries.read === 0) {
    await io.stderr.write(`${libraryMessage(`nothing readable: ${nothingRead(summary)}`)}\n`);
    return EXIT.usage;
  }
  return summary.findings > 0 ? EXIT.findings : EXIT.clean;
}

/**
 * The promise's value, or `'interrupted'` as soon as `signal` aborts, even if the promise never
 * settles (a read stuck on a pipe). Not `Promise.race` against one long-lived abort promise:
 * every race would leave a reaction on it holding its entry, and memory would grow with the
 * corpus. A promise that loses is marked handled, as its stream may reject once torn down.
 */
function untilAborted<T>(promise: Promise<T>, signal: AbortSignal): Promise<T | 'interrupted'> {
  promise.catch(() => {});
  if (signal.aborted) return Promise.resolve('interrupted');
  return new Promise((resolve, reject) => {
    const onAbort = () => resolve('interrupted');
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(
      (value) => {
        signal.removeEventListener('abort', onAbort);
        resolve(value);
      },
      (error: unknown) => {
        signal.removeEventListener('abort', onAbort);
        reject(error);
      },
    );
  });
}

function nothingRead(summary: AuditSummary): string {
  const { audited, unreadable, skipped, notFound, fetchFailed } = summary.entries;
  if (audited === 0) return 'no entries were found';
  const counts = [
    [unreadable, 'unreadable'],
    [skipped, 'skipped, not a model payload (--show-all says why)'],
    [notFound, 'not found'],
    [fetchFailed, 'not fetched'],
  ] as const;
  const why = counts.filter(([n]) => n > 0).map(([n, what]) => `${n} ${what}`);
  const which = audited === 1 ? 'the one entry found' : `none of the ${audited} entries found`;
  return `${which} could ${audited === 1 ? 'not ' : ''}be diagnosed: ${why.join(', ')}`;
}

/** Text gathered until a write is worth it: about 64 KB. */
const BATCH_CHARS = 64 * 1024;

/**
 * Small writes gathered into pieces of about 64 KB, for a stdout that is no terminal: one write
 * per entry cost more than auditing it (measured: a third of a 32 MB run). A terminal still sees
 * each entry as it is audited. `flush` writes what is left; the run calls it on every way out.
 */
function batched(output: Output): { write(text: string): Promise<void>; flush(): Promise<void> } {
  if (output.isTTY) return { write: (text) => output.write(text), flush: async () => {} };
  let pending: string[] = [];
  let size = 0;
  const flush = async () => {
    if (size === 0) return;
    const text = pending.join('');
    pending = [];
    size = 0;
    await output.write(text);
  };
  return {
    async write(text) {
      pending.push(text);
      size += text.length;
      if (size >= BATCH_CHARS) await flush();
    },
    flush,
  };
}

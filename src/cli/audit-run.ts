/**
 * The audit loop shared by `audit` and `fetch`: entries in, a streamed report and an exit code
 * out. Output is written as entries are audited, and only counters are kept, so a corpus of
 * any size runs in flat memory (`--json` writes each entry as it is audited).
 */

import { healthPage } from '../report/html-page.js';
import { libraryMessage } from '../text/library-message.js';
import type { OutputOptions } from './args.js';
import { auditEntry } from './audit-entry.js';
import type { AuditedPiece, AuditedRun } from './audit-job.js';
import { type Baseline, compareWith } from './baseline.js';
import type { AuditedEntry, EntryInput, PendingEntry } from './entry.js';
import { SEVERITY, type Severity } from './findings.js';
import type { Palette } from './format.js';
import { formatEntry, formatEntryLines, formatSummary, REPAIR_INDENT } from './format.js';
import { type CliIo, FatalError, type Output } from './io.js';
import {
  type FetchReport,
  jsonReport,
  listedReportEntry,
  reportEntryText,
  reportHead,
  reportTail,
  visibleEntry,
} from './json-report.js';
import { type BytesRead, createProgress } from './progress.js';
import { createRepairBook, type RepairBlock } from './repair-book.js';
import type { Shard, ShardShare } from './shard.js';
import { paletteFor } from './style.js';
import {
  type AuditSummary,
  addTally,
  addToTally,
  countedEntry,
  createTally,
  summarise,
} from './summary.js';
import { reasonOf } from './walk.js';

/** What one run is. */
export interface RunSettings {
  command: 'audit' | 'fetch';
  version: string;
  output: OutputOptions;
  shard: Shard | null;
  /** The paths audited, as given (none for `fetch`): the report names them. */
  paths: readonly string[];
  /** `--baseline`: list only entries with new findings, and exit 1 only on those. */
  baseline?: Baseline | null;
  /** With `--shard`: what this shard was given of the recordings, and what it left to the others. */
  share?: ShardShare | null;
  /** The bytes read so far of all the recordings hold, where the reading is measured. */
  bytesRead?: (() => BytesRead) | null;
  /** `--html`: writes the page of the whole report, once it is complete (or stopped). */
  writePage?: ((html: string) => Promise<void>) | null;
}

/** Writes a notice to stderr without tearing the progress line. */
export type Say = (line: string) => Promise<void>;

/** Exit codes, as `--help` lists them: 128 plus the signal's number for a run stopped early. */
export const EXIT = { clean: 0, findings: 1, usage: 2, interrupted: 130, terminated: 143 } as const;

/**
 * The exit code of a run `signal` stopped: 130 for Ctrl-C, 143 for SIGTERM, as a shell reports
 * a process those signals ended.
 *
 * @example
 * stoppedCode(AbortSignal.abort('SIGTERM')); // 143
 */
export function stoppedCode(signal: AbortSignal): number {
  return signal.reason === 'SIGTERM' ? EXIT.terminated : EXIT.interrupted;
}

/** What a run lists, and how: what auditing an entry into a piece needs to know. */
export interface PieceSettings {
  output: OutputOptions;
  palette: Palette;
}

/**
 * The audited entries of a run, in order: `say` writes a notice to stderr, and `palette`
 * colours the text of each.
 */
export type PieceSource = (say: Say, palette: Palette) => AsyncIterable<AuditedPiece | AuditedRun>;

/**
 * An opened entry, audited and made a piece. Pure. The repairs its text marks are the piece's
 * own, or go `into` a list a run of entries shares (its marks then number them in that list).
 *
 * @example
 * auditedPiece(opened, { output, palette: PLAIN }).text; // null when nothing is listed
 */
export function auditedPiece(
  opened: EntryInput,
  settings: PieceSettings,
  into?: RepairBlock[],
): AuditedPiece {
  const { output, palette } = settings;
  const entry = auditEntry(opened, output.only);
  const visible = visibleEntry(entry, output.showAll);
  const repairs: RepairBlock[] = into ?? [];
  const text =
    visible === null
      ? null
      : output.json
        ? reportEntryText(visible)
        : output.lines
          ? formatEntryLines(visible, palette)
          : formatEntry(visible, palette, repairs);
  const piece: AuditedPiece = { location: entry.location, counted: countedEntry(entry), text };
  if (into === undefined && repairs.length > 0) piece.repairs = repairs;
  if (output.html !== null && visible !== null) piece.shown = visible;
  return piece;
}

/**
 * The pieces of entries audited here, one at a time, as `entries` yields them: the way `fetch`
 * runs, and `audit` with one job. Stops as soon as `signal` aborts, even in a pending read.
 *
 * @example
 * runAudit(inThisThread(() => recordingEntries(found, signal), pieceSettings, signal), settings, io, signal, null);
 */
export function inThisThread(
  entries: (say: Say) => AsyncIterable<PendingEntry>,
  settings: Omit<PieceSettings, 'palette'>,
  signal: AbortSignal,
): PieceSource {
  return async function* (say, palette) {
    const pieceSettings = { ...settings, palette };
    const pending = entries(say)[Symbol.asyncIterator]();
    try {
      while (true) {
        // A pending read (a pipe, a slow disk) must not hold Ctrl-C back.
        const next = await untilAborted(pending.next(), signal);
        if (next === 'interrupted' || next.done === true) return;
        const opening = next.value.open();
        const opened = opening instanceof Promise ? await untilAborted(opening, signal) : opening;
        if (opened === 'interrupted') return;
        yield auditedPiece(opened, pieceSettings);
      }
    } finally {
      // Lets the source close its files; not awaited, as a read it is stuck in may never end.
      if (signal.aborted) pending.return?.().catch(() => {});
    }
  };
}

/**
 * Writes every piece `source` yields, printing as it goes, and returns the exit code. Aborting
 * `signal` (Ctrl-C) stops at once, even while a read is pending, and still prints the summary
 * of what was audited. A {@link FatalError} from the source ends the run with exit code 2.
 *
 * @example
 * const code = await runAudit(inThisThread(() => recordingEntries(found, signal), settings, signal), runSettings, io, signal, null);
 */
export async function runAudit(
  source: PieceSource,
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
  const stdout = batched(io.stdout);
  const writeHead = async () => {
    if (headWritten) return;
    headWritten = true;
    await stdout.write(reportHead(settings));
  };
  const palette = paletteFor(io.stdout.color);
  const write = (text: string) => void io.stderr.write(text);
  const progress = createProgress(
    output.quiet
      ? null
      : io.stderr.isTTY
        ? { write, columns: io.stderr.columns, mode: 'terminal' }
        : // A log keeps whole lines: no width to fit.
          { write, columns: Number.POSITIVE_INFINITY, mode: 'log' },
    io.now,
    settings.bytesRead ?? null,
  );
  const say: Say = async (line) => {
    progress.clear();
    await io.stderr.write(`${line}\n`);
  };
  const pieces = source(say, palette)[Symbol.asyncIterator]();
  const comparing = settings.baseline ? compareWith(settings.baseline) : null;
  const repairs = createRepairBook();
  let seen = 0;
  // The page lists every entry the report lists, so it is kept whole until the end.
  const pageEntries: AuditedEntry[] | null = settings.writePage ? [] : null;
  try {
    while (true) {
      const next = await untilAborted(pieces.next(), signal);
      if (next === 'interrupted' || next.done === true) break;
      const piece = next.value;
      if ('kind' in piece) {
        // A run of entries a job audited: its totals were added up there.
        seen += piece.count;
        addTally(tally, piece.tally);
        if (piece.listed > 0) {
          if (output.json) {
            await writeHead();
            // Each listed entry came with the `,` before it; the report's first has none.
            await stdout.write(listed === 0 ? piece.text.slice(1) : piece.text);
            listed += piece.listed;
          } else {
            progress.clear();
            await stdout.write(repairs.fill(piece.text, piece.repairs, palette, REPAIR_INDENT));
          }
        }
        progress.update(seen, piece.location);
        continue;
      }
      seen += 1;
      addToTally(tally, piece.counted);
      const shown = comparing === null || comparing.judge(piece.counted);
      if (pageEntries !== null && piece.shown !== undefined && shown) {
        pageEntries.push(piece.shown);
      }
      if (piece.text !== null && shown) {
        if (output.json) {
          await writeHead();
          await stdout.write(listedReportEntry(piece.text, listed++));
        } else {
          progress.clear();
          await stdout.write(
            piece.repairs === undefined
              ? piece.text
              : repairs.fill(piece.text, piece.repairs, palette, REPAIR_INDENT),
          );
        }
      }
      progress.update(seen, piece.location);
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
    if (signal.aborted) pieces.return?.(undefined).catch(() => {});
  }

  const complete = !signal.aborted;
  const summary = summarise(tally);
  if (comparing !== null) summary.baseline = comparing.result();
  if (settings.share) summary.shard = settings.share;
  if (output.json) {
    const fetched = fetchReport === null ? null : fetchReport();
    await writeHead();
    await stdout.write(reportTail(listed, complete, summary, fetched));
  } else {
    const context = { only: output.only, shard, complete, showAll: output.showAll };
    await stdout.write(formatSummary(summary, context, palette, repairs.summaryLines(palette)));
  }
  await stdout.flush();
  if (pageEntries !== null && settings.writePage) {
    const report = jsonReport({ ...settings, complete }, pageEntries, summary, null);
    try {
      await settings.writePage(healthPage(report, { title: pageTitle(settings), severityOf }));
    } catch (error) {
      await io.stderr.write(
        `${libraryMessage(`cannot write --html ${output.html}: ${reasonOf(error)}`)}\n`,
      );
      return EXIT.usage;
    }
  }
  if (!complete) return stoppedCode(signal);
  if (shard === null && summary.entries.read === 0) {
    await io.stderr.write(`${libraryMessage(`nothing readable: ${nothingRead(summary)}`)}\n`);
    return EXIT.usage;
  }
  const failing = summary.baseline === undefined ? summary.findings : summary.baseline.new;
  return failing > 0 ? EXIT.findings : EXIT.clean;
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

/** The page's title: what ran, on what, as a shell would have said it. */
function pageTitle(settings: RunSettings): string {
  const shard =
    settings.shard === null ? '' : ` (shard ${settings.shard.index}/${settings.shard.count})`;
  return `tool-call-health ${settings.command}${shard}`;
}

/** A state's severity for the page's colours, from the one table the CLI keeps. */
export function severityOf(diagnosis: string, state: string): Severity | undefined {
  const table = (SEVERITY as Record<string, Record<string, Severity> | undefined>)[diagnosis];
  return table?.[state];
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

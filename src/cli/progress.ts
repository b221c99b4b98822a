/**
 * Progress on stderr: on a terminal, one line redrawn at most ten times a second and cleared
 * before anything else is printed; elsewhere (a CI log), a line every ten seconds, so a long run
 * is seen to move. Entries done and the rate, and, where the reading is measured, the bytes read
 * of all there are and the time left at the rate so far.
 */

import { formatCount } from '../text/count.js';
import { plural } from '../text/plural.js';

/** The shortest time between two redraws: ten a second is smooth, and costs nothing. */
export const REDRAW_INTERVAL_MS = 100;

/** Between two lines in a log: often enough to see a run move, rarely enough to read. */
export const LOG_INTERVAL_MS = 10_000;

/** Where the line is drawn: redrawn in place on a terminal, or appended to a log. */
export interface ProgressTarget {
  write(text: string): void;
  /** Terminal width, to keep the line on one row. */
  columns: number;
  /** `log` when stderr is no terminal: a whole line now and then, never redrawn. */
  mode?: 'terminal' | 'log';
}

/** Bytes read of all the recordings hold, when the reading is measured. */
export interface BytesRead {
  read: number;
  total: number;
}

/** A progress line that can be updated often and cheaply. */
export interface Progress {
  /** Records progress; redraws only when {@link REDRAW_INTERVAL_MS} has passed. */
  update(done: number, current: string): void;
  /** Removes the line, so other output starts on a clean row. */
  clear(): void;
}

const CLEAR_LINE = '\r\x1b[2K';

/**
 * The text of the line. Pure.
 *
 * @example
 * progressLine(12_500, 5_000, 'logs/day-1.jsonl', 80); // '12,500 entries audited (2,500/s)  logs/day-1.jsonl'
 */
export function progressLine(
  done: number,
  elapsedMs: number,
  current: string,
  columns: number,
  bytes: BytesRead | null = null,
): string {
  const rate = elapsedMs > 0 ? Math.round((done * 1000) / elapsedMs) : 0;
  const line = `${plural(done, 'entry', 'entries')} audited (${formatCount(rate)}/s)${bytes === null ? '' : `, ${bytesPart(bytes, elapsedMs)}`}  ${current}`;
  const room = Math.max(20, columns - 1);
  return line.length <= room ? line : `${line.slice(0, room - 1)}…`;
}

/** `45 MB of 120 MB (37%), about 1 min left`: the time left at the rate read so far. */
function bytesPart({ read, total }: BytesRead, elapsedMs: number): string {
  const share = total > 0 ? Math.min(1, read / total) : 1;
  const part = `${megabytes(read)} of ${megabytes(total)} (${Math.floor(share * 100)}%)`;
  if (read <= 0 || elapsedMs <= 0 || read >= total) return part;
  const left = ((total - read) * elapsedMs) / read / 1000;
  return `${part}, about ${left < 60 ? `${Math.max(1, Math.round(left))} s` : `${Math.round(left / 60)} min`} left`;
}

/**
 * Bytes as people read a file's size.
 *
 * @example
 * megabytes(47_185_920); // '45 MB'
 */
export function megabytes(bytes: number): string {
  const mb = bytes / (1024 * 1024);
  return `${mb < 10 ? mb.toFixed(1) : formatCount(Math.round(mb))} MB`;
}

/**
 * A progress line on `target`, or one that draws nothing when `target` is `null` (`--quiet`).
 *
 * @example
 * const progress = createProgress(process.stderr.isTTY ? stderrTarget : null, Date.now);
 * progress.update(done, file);
 * progress.clear();
 */
export function createProgress(
  target: ProgressTarget | null,
  now: () => number,
  bytes: (() => BytesRead | null) | null = null,
): Progress {
  if (target === null) return { update: () => {}, clear: () => {} };
  const started = now();
  const log = target.mode === 'log';
  // A log's first line comes after one interval: a short run prints none.
  let lastDraw = log ? started : Number.NEGATIVE_INFINITY;
  let drawn = false;
  return {
    update(done, current) {
      const time = now();
      if (time - lastDraw < (log ? LOG_INTERVAL_MS : REDRAW_INTERVAL_MS)) return;
      lastDraw = time;
      const line = progressLine(done, time - started, current, target.columns, bytes?.() ?? null);
      if (log) {
        target.write(`${line}\n`);
        return;
      }
      drawn = true;
      target.write(`${CLEAR_LINE}${line}`);
    },
    clear() {
      if (!drawn) return;
      drawn = false;
      target.write(CLEAR_LINE);
    },
  };
}

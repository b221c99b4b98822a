/**
 * The progress line on a terminal's stderr: entries done and the rate, redrawn at most ten
 * times a second, and cleared before anything else is printed and at the end.
 */

import { formatCount } from '../text/count.js';
import { plural } from '../text/plural.js';

/** The shortest time between two redraws: ten a second is smooth, and costs nothing. */
export const REDRAW_INTERVAL_MS = 100;

/** Where the line is drawn. */
export interface ProgressTarget {
  write(text: string): void;
  /** Terminal width, to keep the line on one row. */
  columns: number;
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
): string {
  const rate = elapsedMs > 0 ? Math.round((done * 1000) / elapsedMs) : 0;
  const line = `${plural(done, 'entry', 'entries')} audited (${formatCount(rate)}/s)  ${current}`;
  const room = Math.max(20, columns - 1);
  return line.length <= room ? line : `${line.slice(0, room - 1)}…`;
}

/**
 * A progress line on `target`, or one that draws nothing when `target` is `null` (not a TTY).
 *
 * @example
 * const progress = createProgress(process.stderr.isTTY ? stderrTarget : null, Date.now);
 * progress.update(done, file);
 * progress.clear();
 */
export function createProgress(target: ProgressTarget | null, now: () => number): Progress {
  if (target === null) return { update: () => {}, clear: () => {} };
  const started = now();
  let lastDraw = Number.NEGATIVE_INFINITY;
  let drawn = false;
  return {
    update(done, current) {
      const time = now();
      if (time - lastDraw < REDRAW_INTERVAL_MS) return;
      lastDraw = time;
      drawn = true;
      target.write(`${CLEAR_LINE}${progressLine(done, time - started, current, target.columns)}`);
    },
    clear() {
      if (!drawn) return;
      drawn = false;
      target.write(CLEAR_LINE);
    },
  };
}

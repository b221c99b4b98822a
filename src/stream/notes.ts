/**
 * Notes about what a stream held that was skipped or repaired. Skips that repeat (pings,
 * redundant event types, junk lines) are counted into one line, so a long stream's notes stay
 * readable and their size stays bounded.
 */

interface Tally {
  count: number;
  describe: (count: number) => string;
}

/**
 * An ordered list of notes, some of them counters rendered when the notes are read.
 *
 * @example
 * ```ts
 * const notes = new Notebook();
 * notes.tally('ping', (count) => `${plural(count, 'ping event')} skipped`);
 * notes.tally('ping', (count) => `${plural(count, 'ping event')} skipped`);
 * notes.list(); // ['2 ping events skipped']
 * ```
 */
export class Notebook {
  private readonly entries: Array<string | Tally> = [];
  private readonly tallies = new Map<string, Tally>();

  add(note: string): void {
    this.entries.push(note);
  }

  /** Counts one more of a kind of skip; the line sits where the first one happened. */
  tally(key: string, describe: (count: number) => string): void {
    const known = this.tallies.get(key);
    if (known !== undefined) {
      known.count++;
      return;
    }
    const tally = { count: 1, describe };
    this.tallies.set(key, tally);
    this.entries.push(tally);
  }

  list(): string[] {
    return this.entries.map((entry) =>
      typeof entry === 'string' ? entry : entry.describe(entry.count),
    );
  }
}

/**
 * A short, quoted preview of untrusted text for a note.
 *
 * @example
 * ```ts
 * preview('{"truncated": '); // '"{\\"truncated\\": "'
 * ```
 */
export function preview(text: string, limit = 80): string {
  return JSON.stringify(text.length > limit ? `${text.slice(0, limit)}…` : text);
}

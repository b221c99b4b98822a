/**
 * The string a watcher is reading (a key or a value), across the writes it spans. Most strings
 * need no stepping: one that closes in the write it began in is judged whole at its quote, and
 * one that spans writes is held as text while it stays a prefix of some declared value and
 * within its maximum. Only a string that fails a check, or holds an escape or a surrogate half,
 * is read unit by unit (`OpenString`, from its first character again) to find the exact
 * character that failed it.
 */

import type { Applied } from './claim.js';
import { needsSteps, OpenString, type StringCheck, type StringFailure } from './open-string.js';
import type { SchemaPlan, StringLimits } from './plan.js';

export class StringReader {
  /** Whether a string is open. */
  open = false;
  isKey = false;
  /** Where its text resumes in the chunk being scanned. */
  private from = 0;
  /** Where its text (after its quote) starts in all the text. */
  private base = 0;
  private applied: readonly Applied[] = [];
  /** Whether its text is wanted when it closes (a key's, to find its member's schemas). */
  private keepsText = false;
  /** Whether some schema limits it (declared values or a maximum), and the checks made once needed. */
  private limited = false;
  private checks: StringCheck[] | null = null;
  /** Its raw text from earlier writes, while it is held whole. */
  private held = '';
  /** Its unit-by-unit reading, once it needs one. */
  private exact: OpenString | null = null;

  constructor(private readonly failed: StringFailure) {}

  /** A string opens: its quote is at `index` of a chunk that starts at `chunkStart`. */
  begin(isKey: boolean, index: number, chunkStart: number, applied: readonly Applied[]): void {
    this.open = true;
    this.isKey = isKey;
    this.from = index + 1;
    this.base = chunkStart + index + 1;
    this.applied = applied;
    this.keepsText = isKey && applied.length > 0;
    this.limited = false;
    for (const { plan } of applied) {
      if (limitsOf(plan, isKey) !== null) {
        this.limited = true;
        break;
      }
    }
    this.checks = null;
    this.held = '';
    this.exact = null;
  }

  /**
   * The write ended with the string still open: its text in the chunk, up to `limit` (where the
   * JSON broke, or the chunk's end), is kept, and checked as a prefix. The next chunk's text
   * starts at its first character.
   */
  carry(chunk: string, limit: number, chunkStart: number): void {
    const from = this.from;
    this.from = 0;
    if (!this.limited && !this.keepsText) return;
    if (this.exact !== null) {
      this.exact.read(chunk, from, limit, chunkStart);
      return;
    }
    if (from >= limit) return;
    const run = chunk.slice(from, limit);
    this.held += run;
    if (this.limited && !fitsSoFar(this.held, run, this.applied, this.isKey)) {
      const held = this.held;
      this.held = '';
      this.stepped().read(held, 0, held.length, this.base);
    }
  }

  /**
   * The closing quote, at `index` of the chunk. Returns the string's text when it is wanted
   * (`''` when it is not), or `null` when a check failed and the failure stopped the reading.
   */
  close(chunk: string, index: number, chunkStart: number): string | null {
    this.open = false;
    const offset = chunkStart + index;
    if (this.exact === null) {
      const text =
        this.held === ''
          ? chunk.slice(this.from, index)
          : this.held + chunk.slice(this.from, index);
      // Nothing limits it: only a key's text is wanted, decoded.
      if (!this.limited) return this.keepsText ? decoded(text) : '';
      if (fitsWhole(text, this.applied, this.isKey)) return text;
      // Read again from its first character, for the one that fails it.
      const string = this.stepped();
      string.read(text, 0, text.length, this.base, true);
      return string.isStopped ? null : string.close(offset);
    }
    const string = this.exact;
    string.read(chunk, this.from, index, chunkStart, true);
    return string.isStopped ? null : string.close(offset);
  }

  /** The unit-by-unit reading, made the first time it is needed. */
  private stepped(): OpenString {
    this.exact ??= new OpenString(this.base, this.checksOf(), this.keepsText, this.failed);
    return this.exact;
  }

  private checksOf(): StringCheck[] {
    if (this.checks !== null) return this.checks;
    const checks: StringCheck[] = [];
    const isKey = this.isKey;
    for (const { plan, claim } of this.applied) {
      const limits = limitsOf(plan, isKey);
      if (limits === null) continue;
      const { candidates, maxLength } = limits;
      checks.push({ claim, plan, isKey, maxLength, candidates, done: false });
    }
    this.checks = checks;
    return checks;
  }
}

/**
 * Whether a whole string passes every limit of its schemas without stepping: no escape or
 * surrogate half in it (so its units are its code points), within every maximum, and one of
 * each schema's declared values (or keys).
 */
function fitsWhole(text: string, applied: readonly Applied[], isKey: boolean): boolean {
  if (needsSteps(text)) return false;
  for (const { plan } of applied) {
    const limits = limitsOf(plan, isKey);
    if (limits === null) continue;
    if (limits.maxLength !== null && text.length > limits.maxLength) return false;
    if (limits.declared !== null && !limits.declared.has(text)) return false;
  }
  return true;
}

/**
 * Whether the text held so far (`held`, which ends with the new `run`) may still become a string
 * every schema allows: no escape or surrogate half in the run, within every maximum, and the
 * beginning of some declared value of each schema that declares them.
 */
function fitsSoFar(
  held: string,
  run: string,
  applied: readonly Applied[],
  isKey: boolean,
): boolean {
  if (needsSteps(run)) return false;
  for (const { plan } of applied) {
    const limits = limitsOf(plan, isKey);
    if (limits === null) continue;
    if (limits.maxLength !== null && held.length > limits.maxLength) return false;
    const candidates = limits.candidates;
    if (candidates !== null && !candidates.some((candidate) => candidate.startsWith(held))) {
      return false;
    }
  }
  return true;
}

/** What limits a key, or a value, under one schema. */
function limitsOf(plan: SchemaPlan, isKey: boolean): StringLimits | null {
  return isKey ? plan.keyLimits : plan.valueLimits;
}

/** A string's raw text (between its quotes, as the scanner accepted it) decoded. */
function decoded(raw: string): string {
  return raw.includes('\\') ? (JSON.parse(`"${raw}"`) as string) : raw;
}

/**
 * A string (a value or an object key) being read while it streams: its raw text decoded unit
 * by unit (escapes included, a `\u` escape narrowed digit by digit) and held to the checks a
 * prefix can fail: a maximum length in code points, as Ajv counts them, and the declared values
 * (or keys) it may still become.
 */

import { plural } from '../../text/plural.js';
import { previewOf } from '../wording.js';
import type { Claim } from './claim.js';
import type { SchemaPlan } from './plan.js';

/** A check on a string begun: a maximum length, the strings it may become, or both. */
export interface StringCheck {
  claim: Claim;
  /** The schema the check comes from: the string's own, or, for a key, its object's. */
  plan: SchemaPlan;
  isKey: boolean;
  maxLength: number | null;
  candidates: string[] | null;
  done: boolean;
}

/** Told of a check that failed at `offset`, with the problem after its path; answers whether reading stops. */
export type StringFailure = (claim: Claim, offset: number, problem: string) => boolean;

const HEX = /^[0-9a-fA-F]$/;

export class OpenString {
  private raw = '';
  private units = 0;
  private codePoints = 0;
  private lastUnit = 0;
  private escape = '';
  private escapeCounted = false;
  /** Whether some check has declared values to narrow (a maximum alone is counted in runs). */
  private readonly narrowing: boolean;
  private stopped = false;

  constructor(
    /** Where the string's text (after its quote) starts in all the text. */
    private readonly base: number,
    private readonly checks: StringCheck[],
    /** Whether the decoded text is wanted at the end (a key's, to find its member's schemas). */
    private readonly keepText: boolean,
    private readonly failed: StringFailure,
  ) {
    this.narrowing = checks.some((check) => check.candidates !== null);
  }

  /**
   * Reads `chunk[from, to)`, which starts at `chunkStart` in all the text; `closes` when the
   * string's closing quote follows it.
   */
  read(chunk: string, from: number, to: number, chunkStart: number, closes = false): void {
    if (from >= to || this.stopped) return;
    if (!this.keepText && this.checks.length === 0) return;
    const run = chunk.slice(from, to);
    this.raw += run;
    if (this.checks.length === 0) return;
    if (closes && this.endsDeclared(run)) return;
    if (this.escape === '' && this.readRun(run)) return;
    for (let index = from; index < to && !this.stopped; index++) {
      const code = chunk.charCodeAt(index);
      const offset = chunkStart + index;
      if (this.escape === '') {
        if (code === 0x5c) {
          this.escape = '\\';
          this.escapeBegun(offset);
        } else {
          this.unit(code, offset, false);
        }
      } else {
        this.escape += chunk[index];
        this.escapeGrew(offset);
      }
    }
  }

  /** The closing quote, at `offset`: a declared value must end here. Returns the decoded text. */
  close(offset: number): string {
    const raw = this.raw;
    const text = raw.includes('\\') ? (JSON.parse(`"${raw}"`) as string) : raw;
    for (const check of this.checks) {
      if (this.stopped || check.done || check.candidates === null) continue;
      if (!hasLength(check.candidates, this.units)) this.fail(check, offset, text);
    }
    return text;
  }

  get isStopped(): boolean {
    return this.stopped;
  }

  /**
   * The last run of a string whose whole text is, for every check, one of its declared values
   * and within its maximum (a key of a closed object, an enum value arriving in one delta):
   * nothing can fail, so nothing is narrowed. Else false, and the run is read as any other.
   */
  private endsDeclared(run: string): boolean {
    if (this.escape !== '' || this.units !== this.raw.length - run.length || needsSteps(run)) {
      return false;
    }
    const text = this.raw;
    if (this.passesAMaximum(text.length)) return false;
    for (const check of this.checks) {
      if (!check.done && check.candidates !== null && !check.candidates.includes(text))
        return false;
    }
    this.codePoints += run.length;
    this.units += run.length;
    this.lastUnit = run.charCodeAt(run.length - 1);
    return true;
  }

  /**
   * Reads a run of string text at once when no check can fail inside it: no escape and no
   * surrogate half in it, no maximum passed by its length, and for each check with declared
   * values, some value that continues with it. Otherwise it is stepped through, character by
   * character, to find where the check fails. Returns whether it was read.
   */
  private readRun(run: string): boolean {
    if (needsSteps(run) || this.passesAMaximum(this.codePoints + run.length)) return false;
    const position = this.units;
    if (this.narrowing) {
      for (const check of this.checks) {
        if (check.done || check.candidates === null) continue;
        if (continuing(check.candidates, run, position) === 0) return false;
      }
      for (const check of this.checks) {
        const candidates = check.candidates;
        if (check.done || candidates === null) continue;
        if (continuing(candidates, run, position) < candidates.length) {
          check.candidates = candidates.filter((candidate) => continues(candidate, run, position));
        }
      }
    }
    this.codePoints += run.length;
    this.units += run.length;
    this.lastUnit = run.charCodeAt(run.length - 1);
    return true;
  }

  private passesAMaximum(codePoints: number): boolean {
    for (const check of this.checks) {
      if (!check.done && check.maxLength !== null && codePoints > check.maxLength) return true;
    }
    return false;
  }

  /** A backslash: some unit is coming, and unless it may pair with a high surrogate, a code point. */
  private escapeBegun(offset: number): void {
    this.escapeCounted = !isHighSurrogate(this.lastUnit);
    if (this.escapeCounted) this.countCodePoint(offset);
    this.narrowAll(offset, (candidate, position) => candidate.length > position);
  }

  private escapeGrew(offset: number): void {
    const sequence = this.escape;
    if (sequence.length === 2 && sequence[1] !== 'u') {
      this.escape = '';
      this.unit((JSON.parse(`"${sequence}"`) as string).charCodeAt(0), offset, this.escapeCounted);
      return;
    }
    if (sequence.length <= 2 || !HEX.test(sequence[sequence.length - 1] as string)) return;
    const digits = sequence.slice(2);
    if (digits.length === 4) {
      this.escape = '';
      this.unit(Number.parseInt(digits, 16), offset, this.escapeCounted);
      return;
    }
    // Some hex digits: the unit lies in a known range.
    const span = 16 ** (4 - digits.length);
    const low = Number.parseInt(digits, 16) * span;
    this.narrowAll(offset, (candidate, position) => {
      const unit = candidate.charCodeAt(position);
      return unit >= low && unit < low + span;
    });
  }

  /** One decoded UTF-16 unit, at `offset`; `counted` when its code point already was. */
  private unit(code: number, offset: number, counted: boolean): void {
    const pairs = isLowSurrogate(code) && isHighSurrogate(this.lastUnit);
    if (!counted && !pairs) this.countCodePoint(offset);
    if (this.narrowing && !this.stopped) {
      this.narrowAll(offset, (candidate, position) => candidate.charCodeAt(position) === code);
    }
    this.units += 1;
    this.lastUnit = code;
  }

  private countCodePoint(offset: number): void {
    this.codePoints += 1;
    for (const check of this.checks) {
      if (this.stopped || check.done || check.maxLength === null) continue;
      if (this.codePoints > check.maxLength) {
        check.done = true;
        this.stopped = this.failed(
          check.claim,
          offset,
          `${previewBegun(this.soFar(offset + 1))} is already ${plural(this.codePoints, 'character')} long, longer than the maximum of ${check.maxLength}`,
        );
      }
    }
  }

  /** Keeps, in each check, the declared values whose unit at the current position passes `keep`. */
  private narrowAll(offset: number, keep: (candidate: string, position: number) => boolean): void {
    const position = this.units;
    for (const check of this.checks) {
      const candidates = check.candidates;
      if (this.stopped || check.done || candidates === null) continue;
      if (candidates.every((candidate) => keep(candidate, position))) continue;
      check.candidates = candidates.filter((candidate) => keep(candidate, position));
      if (check.candidates.length === 0) this.fail(check, offset, null);
    }
  }

  private fail(check: StringCheck, offset: number, whole: string | null): void {
    check.done = true;
    const shown = whole === null ? previewBegun(this.soFar(offset + 1)) : previewOf(whole);
    let problem: string;
    if (check.isKey) {
      const declared = check.plan.properties === null ? [] : Object.keys(check.plan.properties);
      problem = check.plan.keysForbidExtra
        ? `a key ${shown} is not declared (${declaredKeys(declared)}), and the schema forbids extra keys`
        : `a key ${shown} is not among the names propertyNames allows`;
    } else {
      const values = declaredValues(check.plan.declared ?? []);
      problem =
        whole === null ? `${shown} begins none of ${values}` : `${shown} is not one of ${values}`;
    }
    this.stopped = this.failed(check.claim, offset, problem);
  }

  /** The text decoded up to (not including) `end` in all the text, for a message. */
  private soFar(end: number): string {
    return decodePartial(this.raw.slice(0, end - this.base));
  }
}

/**
 * Whether string text needs stepping through: an escape or a surrogate half in it. A loop, not
 * a regular expression: runs are a few characters, and starting a match cost more.
 */
export function needsSteps(run: string): boolean {
  for (let index = 0; index < run.length; index++) {
    const code = run.charCodeAt(index);
    if (code === 0x5c || (code >= 0xd800 && code <= 0xdfff)) return true;
  }
  return false;
}

function hasLength(candidates: readonly string[], length: number): boolean {
  for (const candidate of candidates) if (candidate.length === length) return true;
  return false;
}

/** How many of `candidates` continue with `run` at `position`. */
function continuing(candidates: readonly string[], run: string, position: number): number {
  let count = 0;
  for (const candidate of candidates) if (continues(candidate, run, position)) count++;
  return count;
}

/**
 * Whether `candidate` has `run` at `position`, unit by unit: `startsWith` on a run sliced from a
 * chunk cost several times as much (measured), and runs are a few characters long.
 */
function continues(candidate: string, run: string, position: number): boolean {
  if (candidate.length < position + run.length) return false;
  for (let index = 0; index < run.length; index++) {
    if (candidate.charCodeAt(position + index) !== run.charCodeAt(index)) return false;
  }
  return true;
}

function isHighSurrogate(code: number): boolean {
  return code >= 0xd800 && code <= 0xdbff;
}

function isLowSurrogate(code: number): boolean {
  return code >= 0xdc00 && code <= 0xdfff;
}

/** A string's decoded beginning, as a message shows it: quoted, open at the end. */
function previewBegun(text: string): string {
  const shown = JSON.stringify(text.length > 40 ? text.slice(0, 40) : text);
  return `${shown.slice(0, -1)}…`;
}

/** Raw JSON string text cut anywhere, decoded as far as its escapes are whole. */
function decodePartial(raw: string): string {
  const cut = /\\(u[0-9a-fA-F]{0,3})?$/.exec(raw);
  const whole = cut === null ? raw : raw.slice(0, cut.index);
  try {
    return JSON.parse(`"${whole}"`) as string;
  } catch {
    return whole;
  }
}

/** What a value begun of the wrong kind is told: the declared values, or that there are none. */
export function declaredList(values: readonly unknown[]): string {
  return values.length === 0
    ? 'no value is declared'
    : `the declared values are ${declaredValues(values).replace(/^the /, '')}`;
}

/** The declared values, as the violation lines list them. */
export function declaredValues(values: readonly unknown[]): string {
  const shown = values.slice(0, 5).map((value) => previewOf(value));
  const more = values.length > 5 ? `, and ${values.length - 5} more` : '';
  return values.length === 1
    ? `the one declared value, ${shown[0]}`
    : `the ${plural(values.length, 'declared value')}: ${shown.join(', ')}${more}`;
}

function declaredKeys(keys: readonly string[]): string {
  if (keys.length === 0) return 'no key is declared';
  const shown = keys.slice(0, 5).map((key) => JSON.stringify(key));
  return `declared: ${shown.join(', ')}${keys.length > 5 ? `, and ${keys.length - 5} more` : ''}`;
}

/**
 * Where two JSON request bodies differ, leaf by leaf, and how much: what recordedHandlers uses to
 * pick a recording and to word the 404 when none matches. Pure functions over parsed bodies.
 */
import { isRecord } from '../model/narrow.js';
import { describeValue, previewJson } from '../text/describe-value.js';
import { formatPath, type PathStep } from '../text/path.js';
import { advance, type IgnoreState, isIgnored } from './ignored-paths.js';

/** One place where a sent body differs from a recorded one. */
export interface BodyDifference {
  /** Where: the deepest path at which both sides still had the same shape. */
  path: PathStep[];
  /** The recorded value there; `undefined` when the recording has none. */
  recorded: unknown;
  /** The sent value there; `undefined` when the request has none. */
  sent: unknown;
  /**
   * How many characters differ: for two strings, the changed middle between their common start
   * and common end (the longer side's); for anything else, the longer side's JSON.
   */
  size: number;
}

/**
 * Every leaf path where `sent` differs from `recorded`, in the recording's key order (then keys
 * only the request has), arrays index by index. Objects and arrays are walked, so a changed
 * message content is `messages[1].content`, not all of `messages`; a value present on one side
 * only, or of another type, is one difference at its path. Ignored paths (and all below them)
 * are not compared on either side, and a container holding only ignored paths counts as absent.
 *
 * @example
 * jsonDifferences({ a: [1, 'x'] }, { a: [1, 'y'], b: 2 }, 'a', []).map((d) => d.path);
 * // [['a', 1]] (only 'a' is compared: the walk starts at the step given)
 */
export function jsonDifferences(
  recorded: unknown,
  sent: unknown,
  step: PathStep,
  ignored: IgnoreState,
  out: BodyDifference[] = [],
): BodyDifference[] {
  const path: PathStep[] = [step];
  walk(recorded, sent, path, advance(ignored, step), out);
  return out;
}

function walk(
  recorded: unknown,
  sent: unknown,
  path: PathStep[],
  ignored: IgnoreState,
  out: BodyDifference[],
): void {
  if (isIgnored(ignored)) return;
  if (recorded === undefined || sent === undefined) {
    const present = recorded ?? sent;
    if (present !== undefined && hasComparedContent(present, ignored)) {
      out.push(difference(path, recorded, sent));
    }
    return;
  }
  if (Array.isArray(recorded) && Array.isArray(sent)) {
    const length = Math.max(recorded.length, sent.length);
    for (let index = 0; index < length; index += 1) {
      path.push(index);
      walk(recorded[index], sent[index], path, advance(ignored, index), out);
      path.pop();
    }
    return;
  }
  if (isRecord(recorded) && isRecord(sent)) {
    for (const key of keysOf(recorded, sent)) {
      path.push(key);
      walk(recorded[key], sent[key], path, advance(ignored, key), out);
      path.pop();
    }
    return;
  }
  if (recorded !== sent) out.push(difference(path, recorded, sent));
}

/** The recording's keys in order, then those only the request has. */
function keysOf(recorded: Record<string, unknown>, sent: Record<string, unknown>): string[] {
  const keys = Object.keys(recorded);
  for (const key of Object.keys(sent)) if (!Object.hasOwn(recorded, key)) keys.push(key);
  return keys;
}

/** Whether a value present on one side only holds anything compared (an empty `{}` does). */
function hasComparedContent(value: unknown, ignored: IgnoreState): boolean {
  if (ignored.length === 0) return value !== undefined;
  if (isIgnored(ignored)) return false;
  if (Array.isArray(value)) {
    return (
      value.length === 0 ||
      value.some((item, index) => hasComparedContent(item, advance(ignored, index)))
    );
  }
  if (isRecord(value)) {
    const keys = Object.keys(value).filter((key) => value[key] !== undefined);
    return (
      keys.length === 0 || keys.some((key) => hasComparedContent(value[key], advance(ignored, key)))
    );
  }
  return value !== undefined;
}

function difference(path: PathStep[], recorded: unknown, sent: unknown): BodyDifference {
  return { path: [...path], recorded, sent, size: differenceSize(recorded, sent) };
}

function differenceSize(recorded: unknown, sent: unknown): number {
  if (typeof recorded === 'string' && typeof sent === 'string') {
    const start = commonStart(recorded, sent);
    const end = commonEnd(recorded, sent, start);
    return Math.max(recorded.length, sent.length) - start - end;
  }
  return Math.max(jsonLength(recorded), jsonLength(sent));
}

function jsonLength(value: unknown): number {
  return value === undefined ? 0 : (JSON.stringify(value)?.length ?? 0);
}

function commonStart(a: string, b: string): number {
  const limit = Math.min(a.length, b.length);
  let index = 0;
  while (index < limit && a.charCodeAt(index) === b.charCodeAt(index)) index += 1;
  return index;
}

function commonEnd(a: string, b: string, start: number): number {
  const limit = Math.min(a.length, b.length) - start;
  let count = 0;
  while (count < limit && a.charCodeAt(a.length - 1 - count) === b.charCodeAt(b.length - 1 - count))
    count += 1;
  return count;
}

/** Characters of context shown on each side of the first differing character of two strings. */
export const CONTEXT = 24;

/**
 * One difference as a line: its path, then both values. Two strings longer than a short line
 * are shown as a window around their first differing character (`…` marks what is cut), so the
 * change is on screen however deep in a long prompt it is; any other value is worded by
 * `describeValue`, and a missing one is "nothing".
 *
 * @example
 * describeDifference({ path: ['model'], recorded: 'gpt-4.1', sent: 'gpt-4o', size: 3 });
 * // 'model: recorded "gpt-4.1", sent "gpt-4o"'
 */
export function describeDifference({ path, recorded, sent }: BodyDifference): string {
  return `${formatPath(path)}: recorded ${showValue(recorded, sent)}, sent ${showValue(sent, recorded)}`;
}

function showValue(value: unknown, other: unknown): string {
  if (value === undefined) return 'nothing';
  if (typeof value === 'string' && (typeof other === 'string' || other === undefined)) {
    return window(value, typeof other === 'string' ? commonStart(value, other) : 0);
  }
  // Kinds are named only when they differ: `512` against `4096`, but "the string" against "an array".
  const scalar = value === null || typeof value !== 'object';
  const sameKind = other === undefined || typeof other === typeof value;
  return scalar && sameKind ? previewJson(value) : describeValue(value);
}

/** A string as JSON, cut to `CONTEXT` characters either side of `at` when it is longer. */
function window(text: string, at: number): string {
  if (text.length <= 2 * CONTEXT) return JSON.stringify(text);
  let start = Math.max(0, at - CONTEXT);
  let end = Math.min(text.length, at + CONTEXT);
  // Never split a surrogate pair: JSON would show half a character as an escape.
  if (start > 0 && isLowSurrogate(text.charCodeAt(start))) start -= 1;
  if (end < text.length && isLowSurrogate(text.charCodeAt(end))) end += 1;
  const inner = JSON.stringify(text.slice(start, end)).slice(1, -1);
  return `"${start > 0 ? '…' : ''}${inner}${end < text.length ? '…' : ''}"`;
}

function isLowSurrogate(code: number): boolean {
  return code >= 0xdc00 && code <= 0xdfff;
}

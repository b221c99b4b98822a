/**
 * Where two JSON request bodies differ, leaf by leaf, and how much: what recordedHandlers uses to
 * pick a recording and to word the 404 when none matches. Pure functions over parsed bodies.
 */
import { isRecord } from '../model/narrow.js';
import { describeValue, previewJson } from '../text/describe-value.js';
import { formatPath, type PathStep } from '../text/path.js';
import { alignSequences } from './align.js';
import { advance, type IgnoreState, isIgnored } from './ignored-paths.js';

/** One place where a sent body differs from a recorded one. */
export interface BodyDifference {
  /**
   * Where: the deepest path at which both sides still had the same shape. An index is the
   * request's, but for an item only the recording has, which is named by its own index.
   */
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
  /** An array item that only one side has, once the arrays are lined up. */
  only?: 'recorded' | 'sent';
}

/**
 * Every leaf path where `sent` differs from `recorded`, in the recording's key order (then keys
 * only the request has). Objects and arrays are walked, so a changed message content is
 * `messages[1].content`, not all of `messages`; a value present on one side only, or of another
 * type, is one difference at its path. Arrays are lined up first ({@link alignSequences}), so a
 * message inserted in the request is one difference at its index (`only: 'sent'`), a message
 * it left out one at the recording's index (`only: 'recorded'`), and the messages after either
 * are compared with their counterparts. Ignored paths (and all below them) are not compared on
 * either side, and a container holding only ignored paths counts as absent; an index in an
 * ignored path is the request's (the recording's item paired with it is compared under it),
 * and names a recording's own item only where no sent item is paired with it.
 *
 * @example
 * jsonDifferences({ a: [1, 'x'] }, { a: [1, 'y'], b: 2 }, 'a', []).map((d) => d.path);
 * // [['a', 1]] (only 'a' is compared: the walk starts at the step given)
 * jsonDifferences({ a: ['x', 'z'] }, { a: ['x', 'y', 'z'] }, 'a', []).map((d) => d.path);
 * // [['a', 1]] ('y' was inserted; 'z' is compared with 'z')
 */
export function jsonDifferences(
  recorded: unknown,
  sent: unknown,
  step: PathStep,
  ignored: IgnoreState,
  out: BodyDifference[] = [],
): BodyDifference[] {
  const path: PathStep[] = [step];
  walk(recorded, sent, path, advance(ignored, step), { out, limit: Number.POSITIVE_INFINITY });
  return out;
}

/** Where a walk writes what it finds, and how many findings are enough to stop. */
interface Sink {
  out: BodyDifference[];
  limit: number;
}

/** Differences counted no further when two array items are weighed against each other. */
const PAIR_COST_CAP = 64;

/**
 * What an alignment step costs, in two parts: a paired item that differs, or an item alone,
 * costs one `EDIT` (so the fewest of those wins), then the number of paths that differ (so a
 * changed message pairs with the one it most resembles). `EDIT` outweighs any count of paths.
 */
const EDIT = 1_000_000;

function walk(
  recorded: unknown,
  sent: unknown,
  path: PathStep[],
  ignored: IgnoreState,
  sink: Sink,
): void {
  if (isIgnored(ignored) || sink.out.length >= sink.limit) return;
  if (recorded === undefined || sent === undefined) {
    const present = recorded ?? sent;
    if (present !== undefined && hasComparedContent(present, ignored)) {
      sink.out.push(difference(path, recorded, sent));
    }
    return;
  }
  if (Array.isArray(recorded) && Array.isArray(sent)) {
    walkArrays(recorded, sent, path, ignored, sink);
    return;
  }
  if (isRecord(recorded) && isRecord(sent)) {
    for (const key of keysOf(recorded, sent)) {
      path.push(key);
      walk(recorded[key], sent[key], path, advance(ignored, key), sink);
      path.pop();
      if (sink.out.length >= sink.limit) return;
    }
    return;
  }
  if (recorded !== sent) sink.out.push(difference(path, recorded, sent));
}

/** Two arrays, lined up, then each pair walked and each lone item one difference. */
function walkArrays(
  recorded: readonly unknown[],
  sent: readonly unknown[],
  path: PathStep[],
  ignored: IgnoreState,
  sink: Sink,
): void {
  const at = (index: number) => advance(ignored, index);
  const count = (a: unknown, b: unknown, state: IgnoreState, limit: number) => {
    const found: BodyDifference[] = [];
    walk(a, b, [], state, { out: found, limit });
    return found.length;
  };
  const lone = (value: unknown, state: IgnoreState) =>
    isIgnored(state) || !hasComparedContent(value, state) ? 0 : EDIT + 1;
  const steps = alignSequences(recorded.length, sent.length, {
    // A sent item ignored whole anchors nothing: it stays free to stand for an inserted one.
    // With no ignored path below, the same is the equal, asked without lining arrays up.
    same: (r, s) => {
      const state = at(s);
      if (state.length === 0) return jsonEqual(recorded[r], sent[s]);
      return !isIgnored(state) && count(recorded[r], sent[s], state, 1) === 0;
    },
    paired: (r, s) => {
      const differing = count(recorded[r], sent[s], at(s), PAIR_COST_CAP);
      return differing === 0 ? 0 : EDIT + differing;
    },
    recordedOnly: (r) => lone(recorded[r], at(r)),
    sentOnly: (s) => lone(sent[s], at(s)),
  });
  for (const step of steps) {
    if (sink.out.length >= sink.limit) return;
    if (step.recorded !== undefined && step.sent !== undefined) {
      if (step.same) continue;
      path.push(step.sent);
      walk(recorded[step.recorded], sent[step.sent], path, at(step.sent), sink);
      path.pop();
      continue;
    }
    const index = step.sent ?? step.recorded;
    const state = at(index);
    const value = step.sent === undefined ? recorded[index] : sent[index];
    if (isIgnored(state) || !hasComparedContent(value, state)) continue;
    path.push(index);
    sink.out.push({
      ...(step.sent === undefined
        ? difference(path, value, undefined)
        : difference(path, undefined, value)),
      only: step.sent === undefined ? 'recorded' : 'sent',
    });
    path.pop();
  }
}

/**
 * Whether two parsed JSON values are equal as the walk compares them with nothing ignored: key
 * order aside, and a key holding `undefined` is absent.
 */
function jsonEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (Array.isArray(a) && Array.isArray(b)) {
    return a.length === b.length && a.every((item, index) => jsonEqual(item, b[index]));
  }
  if (isRecord(a) && isRecord(b)) {
    const keys = keysOf(a, b);
    return keys.every((key) => jsonEqual(a[key], b[key]));
  }
  return false;
}

/** The recording's keys in order, then those only the request has. */
function keysOf(recorded: Record<string, unknown>, sent: Record<string, unknown>): string[] {
  const keys = Object.keys(recorded);
  for (const key of Object.keys(sent)) if (!Object.hasOwn(recorded, key)) keys.push(key);
  return keys;
}

/** Whether a value present on one side only holds anything compared (an empty `{}` does). */
export function hasComparedContent(value: unknown, ignored: IgnoreState): boolean {
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
 * `describeValue`, and a missing one is "nothing". An array item only one side has says so,
 * since its index is that side's.
 *
 * @example
 * describeDifference({ path: ['model'], recorded: 'gpt-4.1', sent: 'gpt-4o', size: 3 });
 * // 'model: recorded "gpt-4.1", sent "gpt-4o"'
 * describeDifference({ path: ['input', 0], recorded: undefined, sent: { role: 'developer' }, size: 20, only: 'sent' });
 * // 'input[0]: sent an item the recording does not have: an object with keys "role"'
 */
export function describeDifference({ path, recorded, sent, only }: BodyDifference): string {
  if (only === 'sent') {
    return `${formatPath(path)}: sent an item the recording does not have: ${describeValue(sent)}`;
  }
  if (only === 'recorded') {
    return `${formatPath(path)}: the recording has an item the request does not: ${describeValue(recorded)}`;
  }
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

import { type JsonDescription, JsonScanner, type JsonState } from './scanner.js';

/**
 * One scanner for every whole text: jsonState is synchronous, so it is never in use twice at
 * once. Keeping it alive also keeps V8's optimised scanning code: when no scanner outlives a
 * call, a garbage collection can drop the scanner's object shape, and with it the code
 * compiled for that shape (measured: thousands of deoptimisations in one benchmark run).
 */
const wholeTextScanner = new JsonScanner();

function scanWhole(text: string): JsonScanner {
  return wholeTextScanner.reset().push(text);
}

function isJsonWhitespace(code: number): boolean {
  return code === 0x20 || code === 0x0a || code === 0x0d || code === 0x09;
}

function isDigit(code: number): boolean {
  return code >= 0x30 && code <= 0x39;
}

/**
 * Whether the first and last visible characters could open and close one document. A cut
 * text rarely ends on the closer its first character opened, and then JSON.parse is sure to
 * throw.
 */
function couldBeOneDocument(text: string): boolean {
  let first = 0;
  while (first < text.length && isJsonWhitespace(text.charCodeAt(first))) first++;
  let last = text.length - 1;
  while (last > first && isJsonWhitespace(text.charCodeAt(last))) last--;
  if (first >= last) return first === last && isDigit(text.charCodeAt(first));
  const closer = text.charCodeAt(last);
  switch (text.charCodeAt(first)) {
    case 0x7b: // {
      return closer === 0x7d;
    case 0x5b: // [
      return closer === 0x5d;
    case 0x22: // "
      return closer === 0x22;
    case 0x74: // true
    case 0x66: // false
      return closer === 0x65;
    case 0x6e: // null
      return closer === 0x6c;
    default:
      return (
        (text.charCodeAt(first) === 0x2d || isDigit(text.charCodeAt(first))) && isDigit(closer)
      );
  }
}

function parses(text: string): boolean {
  // A failed parse throws; capturing a stack trace is much of that cost, and none is needed.
  const stackTraceLimit = Error.stackTraceLimit;
  Error.stackTraceLimit = 0;
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  } finally {
    Error.stackTraceLimit = stackTraceLimit;
  }
}

/**
 * The scanner's verdict, or `null` when the text parses. A text that could be one document
 * goes to JSON.parse first: it is the engine's own code, as fast in every process. The
 * scanner agrees with JSON.parse on every text (JSONTestSuite and a property test pin that)
 * but V8 optimises it differently from one process to the next (measured 0.6x to 2x of
 * JSON.parse on the same valid text), so it is kept for the texts JSON.parse rejects.
 */
function scanUnlessItParses(text: string): JsonScanner | null {
  if (couldBeOneDocument(text) && parses(text)) return null;
  const scanner = scanWhole(text);
  return scanner.state === 'parses' ? null : scanner;
}

function describeNonString(value: unknown): JsonDescription {
  const kind = value === null ? 'null' : Array.isArray(value) ? 'an array' : typeof value;
  return {
    state: 'malformed',
    offset: 0,
    reason: `expected a string of JSON text but got ${kind}`,
  };
}

/**
 * Classifies a text that should hold one JSON document.
 *
 * - `parses`: `JSON.parse(text)` succeeds.
 * - `empty`: the text is empty or only JSON whitespace (space, tab, LF, CR).
 * - `truncated`: the text does not parse but is a proper prefix of some valid JSON document
 *   (RFC 8259), e.g. output cut off by a token limit: `{"a": [1, 2`.
 * - `malformed`: no continuation can make it parse, e.g. `{"a": 1,}`.
 *
 * A leading byte-order mark makes `JSON.parse` throw, so such a text is `malformed`.
 * A non-string argument (possible from untyped callers) is `malformed` rather than an error.
 * Runs in linear time without recursion, so any nesting depth is safe.
 *
 * @example
 * ```ts
 * jsonState('{"city": "Paris"}'); // 'parses'
 * jsonState('{"city": "Par'); // 'truncated'
 * jsonState('{"city": "Paris"}}'); // 'malformed'
 * jsonState('  '); // 'empty'
 * ```
 */
export function jsonState(text: string): JsonState {
  if (typeof text !== 'string') return 'malformed';
  return scanUnlessItParses(text)?.state ?? 'parses';
}

/**
 * {@link jsonState} with the evidence behind the verdict, worded for a person.
 *
 * For `malformed`, `offset` is the index (UTF-16 code unit) of the first character that no
 * valid document could continue with, and `reason` names the mistake. For `truncated`,
 * `reason` says what the text still owes. A non-string argument is `malformed` at offset 0.
 *
 * @example
 * ```ts
 * describeJson('{"a" 1}');
 * // { state: 'malformed', offset: 5, reason: "expected ':' after an object key but found '1'" }
 * describeJson('{"a": [1, "b');
 * // { state: 'truncated', reason: 'ends inside a string; 2 unclosed containers' }
 * ```
 */
export function describeJson(text: string): JsonDescription {
  if (typeof text !== 'string') return describeNonString(text);
  return scanUnlessItParses(text)?.describe() ?? { state: 'parses' };
}

/**
 * For a truncated text, a short suffix such that `JSON.parse(text + suffix)` succeeds: the
 * witness that the text really is a prefix of a document. It closes an open string, escape,
 * number or literal, supplies an owed `:` or value (`0`), and closes every open container.
 * Returns `null` for any other state (and for a non-string argument).
 *
 * @example
 * ```ts
 * jsonCompletion('{"a": [1, tr'); // 'ue]}'
 * jsonCompletion('{"a":'); // '0}'
 * jsonCompletion('{"a": 1}'); // null
 * ```
 */
export function jsonCompletion(text: string): string | null {
  if (typeof text !== 'string') return null;
  return scanUnlessItParses(text)?.completion() ?? null;
}

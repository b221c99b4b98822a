import { type JsonDescription, JsonScanner, type JsonState } from './scanner.js';

/**
 * One scanner for every whole text: jsonState is synchronous, so it is never in use twice at
 * once. Keeping it alive also keeps V8's optimised scanning code: when no scanner outlives a
 * call, a garbage collection can drop the scanner's object shape, and with it the code
 * compiled for that shape (measured: thousands of deoptimisations in one benchmark run).
 */
const wholeTextScanner = new JsonScanner();

/**
 * The whole text through the scanner, which is the verdict. It agrees with `JSON.parse` on
 * every text (JSONTestSuite and a property test pin that), and answers faster than a parse:
 * it builds no values, and a failed parse would also pay for a thrown SyntaxError.
 */
function scanWhole(text: string): JsonScanner {
  return wholeTextScanner.reset().push(text);
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
  return scanWhole(text).state;
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
  return scanWhole(text).describe();
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
  return scanWhole(text).completion();
}

/**
 * How a message names and shows a value it did not expect: its JSON Schema type, a short JSON
 * preview, and `describeValue`, which says both in words. Every reader note, lint problem,
 * matcher input error and diagnosis words an unexpected value through these.
 */

import { plural } from './plural.js';

/**
 * The JSON Schema type names a JSON value can have; `integer` is a whole `number`.
 *
 * @example
 * const got: JsonTypeName = describeJsonType(JSON.parse('1200')) as JsonTypeName; // 'integer'
 */
export type JsonTypeName =
  | 'string'
  | 'number'
  | 'integer'
  | 'boolean'
  | 'null'
  | 'array'
  | 'object';

/**
 * What `describeJsonType` says about values JSON cannot carry at all.
 *
 * @example
 * describeJsonType(() => 1); // 'function'
 */
export type NonJsonTypeName = 'undefined' | 'bigint' | 'symbol' | 'function';

/**
 * Names the JSON Schema type of a value, the way a violation line says what it got.
 * A whole number is `integer`, any other number `number`; values JSON cannot carry
 * are named by their JavaScript type so a line never lies about them.
 *
 * @example
 * describeJsonType(12);        // 'integer'
 * describeJsonType(1.5);       // 'number'
 * describeJsonType(['a']);     // 'array'
 * describeJsonType(undefined); // 'undefined'
 */
export function describeJsonType(value: unknown): JsonTypeName | NonJsonTypeName {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  switch (typeof value) {
    case 'number':
      return Number.isInteger(value) ? 'integer' : 'number';
    case 'string':
    case 'boolean':
    case 'object':
    case 'undefined':
    case 'bigint':
    case 'symbol':
    case 'function':
      return typeof value;
    default:
      return 'object';
  }
}

/**
 * An unexpected value in words, for a message that says what came instead of what was wanted:
 * its kind and a short preview. Keys are quoted, so `a, b` and `"a, b"` read apart; a string is
 * shown as the JSON it would be, cut to a line; JSON has no type for a function or a symbol,
 * so those are only named.
 *
 * @example
 * ```ts
 * describeValue('x'); // 'the string "x"'
 * describeValue(3); // 'the integer 3'
 * describeValue(1.5); // 'the number 1.5'
 * describeValue({ a: 1, b: 2 }); // 'an object with keys "a", "b"'
 * describeValue([1, 2]); // 'an array of 2 items'
 * describeValue(undefined); // 'undefined' (a hole in a sparse array reads so too)
 * ```
 */
export function describeValue(value: unknown): string {
  if (value === undefined) return 'undefined';
  if (value === null) return 'null';
  if (Array.isArray(value)) return `an array of ${plural(value.length, 'item')}`;
  if (typeof value === 'object') {
    const keys = Object.keys(value);
    if (keys.length === 0) return 'an empty object';
    const shown = keys.slice(0, 5).map((key) => JSON.stringify(key));
    return `an object with keys ${shown.join(', ')}${keys.length > 5 ? ', …' : ''}`;
  }
  const type = describeJsonType(value);
  if (type === 'function' || type === 'symbol') return `a ${type}`;
  // JSON has no NaN or Infinity: its preview would read `null`.
  if (typeof value === 'number' && !Number.isFinite(value)) return `the number ${value}`;
  return `the ${type} ${previewJson(value)}`;
}

/**
 * JSON-encodes a value for a one-line message, shortened past `maxLength` characters,
 * never throwing (bigints, cycles and `undefined` get a readable stand-in).
 *
 * @example
 * previewJson('gbp');              // '"gbp"'
 * previewJson('x'.repeat(100), 8); // '"xxxxx…"'
 * previewJson({ a: 'x'.repeat(99) }, 8); // '{"a":"x…'
 */
export function previewJson(value: unknown, maxLength = 40): string {
  let text: string;
  try {
    text = jsonPrefix(value, maxLength) ?? String(value);
  } catch {
    text = typeof value === 'bigint' ? `${value}n` : `[unprintable ${describeJsonType(value)}]`;
  }
  if (text.length <= maxLength) return text;
  // A string keeps its closing quote, so it still reads as one value: a key in it that the
  // output redacts leaves `"[REDACTED]…"`, not a quote that never closes.
  return typeof value === 'string'
    ? `${text.slice(0, maxLength - 2)}…"`
    : `${text.slice(0, maxLength - 1)}…`;
}

/**
 * What `JSON.stringify(value)` starts with, written only until it is longer than `budget`:
 * a preview of a 100 MB string or a million-level value reads no more of it than it shows.
 * Like JSON.stringify it calls `toJSON`, drops `undefined` and functions from objects (they are
 * `null` in arrays), answers `undefined` for them at the top, and throws on a cycle or a bigint.
 */
function jsonPrefix(value: unknown, budget: number): string | undefined {
  let out = '';
  const onPath = new Set<object>();
  const write = (raw: unknown): void => {
    const value =
      typeof raw === 'object' && raw !== null && typeof Reflect.get(raw, 'toJSON') === 'function'
        ? (raw as { toJSON(): unknown }).toJSON()
        : raw;
    if (typeof value === 'string') {
      out += JSON.stringify(value.length > budget ? value.slice(0, budget) : value);
    } else if (typeof value !== 'object' || value === null) {
      out += JSON.stringify(value) ?? 'null';
    } else {
      if (onPath.has(value)) throw new TypeError('a value that contains itself');
      onPath.add(value);
      const isArray = Array.isArray(value);
      out += isArray ? '[' : '{';
      let first = true;
      for (const key of isArray ? value.keys() : Object.keys(value)) {
        if (out.length > budget) break;
        const item: unknown = Reflect.get(value, key);
        if (
          !isArray &&
          (item === undefined || typeof item === 'function' || typeof item === 'symbol')
        ) {
          continue;
        }
        out += first ? '' : ',';
        first = false;
        if (!isArray) out += `${JSON.stringify(key)}:`;
        write(item);
      }
      out += isArray ? ']' : '}';
      onPath.delete(value);
    }
  };
  if (value === undefined || typeof value === 'function' || typeof value === 'symbol') {
    return undefined;
  }
  write(value);
  return out;
}

import type { Json } from '../model/narrow.js';

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
 * A schema keyword map: the model's plain record (string keys, unknown values), which
 * `isRecord` narrows to.
 *
 * @example
 * const schema: JsonObject = { type: 'object', properties: {} };
 */
export type JsonObject = Json;

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
 * Sets an own, enumerable key, even when the key is `__proto__`: plain assignment
 * would change the prototype instead, silently dropping a property that JSON.parse kept.
 *
 * @example
 * const copy = {};
 * setOwnKey(copy, '__proto__', { type: 'string' });
 * Object.keys(copy); // ['__proto__']
 */
export function setOwnKey(target: JsonObject | unknown[], key: string, value: unknown): void {
  Object.defineProperty(target, key, {
    value,
    enumerable: true,
    writable: true,
    configurable: true,
  });
}

/**
 * JSON-encodes a value for a one-line message, shortened past `maxLength` characters,
 * never throwing (bigints, cycles and `undefined` get a readable stand-in).
 *
 * @example
 * previewJson('gbp');              // '"gbp"'
 * previewJson('x'.repeat(100), 8); // '"xxxxxx…'
 */
export function previewJson(value: unknown, maxLength = 40): string {
  let text: string;
  try {
    text = jsonPrefix(value, maxLength) ?? String(value);
  } catch {
    text = typeof value === 'bigint' ? `${value}n` : `[unprintable ${describeJsonType(value)}]`;
  }
  return text.length > maxLength ? `${text.slice(0, maxLength - 1)}…` : text;
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

import type { Json } from '../model/narrow.js';

/**
 * A schema keyword map: the model's plain record (string keys, unknown values), which
 * `isRecord` narrows to.
 *
 * @example
 * const schema: JsonObject = { type: 'object', properties: {} };
 */
export type JsonObject = Json;

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
  // Plain assignment makes the same own, enumerable, writable key for every other name (no
  // setter on Object.prototype but `__proto__`), and costs a tenth as much.
  if (key !== '__proto__') {
    (target as Record<string, unknown>)[key] = value;
    return;
  }
  Object.defineProperty(target, key, {
    value,
    enumerable: true,
    writable: true,
    configurable: true,
  });
}

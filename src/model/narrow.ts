/** Small narrowing helpers: payloads arrive as `unknown` and are read without trusting any field. */

import { describeValue } from '../text/describe-value.js';

export type Json = Record<string, unknown>;

/**
 * A JSON value, the same shape as fast-check's `JsonValue` (an object member may be
 * `undefined`, which JSON leaves out), so a generated value goes into a body as it is.
 */
export type JsonValue =
  | boolean
  | number
  | string
  | null
  | JsonValue[]
  | { [key: string]: JsonValue | undefined };

export function isRecord(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * A payload object whose fields are then read by name (`body.choices`), or `undefined` when the
 * value is no object or an array. JSON data (prototype `Object.prototype`, or none) is returned
 * as it is; any other object (a class instance, an `Object.create` result) as a copy of its own
 * enumerable fields, so a field is never found on a prototype. Reads at fixed names are cached
 * by V8 where they stand; a helper taking the key as an argument makes every read megamorphic.
 * A process whose `Object.prototype` has been given fields of these names (prototype
 * pollution) is broken for every reader; these are no exception.
 *
 * @example
 * recordOf(JSON.parse('{"choices":[]}'))?.choices; // []
 * recordOf(Object.create({ choices: [] }))?.choices; // undefined: inherited, not read
 */
export function recordOf(value: unknown): Json | undefined {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return undefined;
  const prototype: unknown = Object.getPrototypeOf(value);
  return prototype === Object.prototype || prototype === null
    ? (value as Json)
    : { ...(value as Json) };
}

/**
 * The first of two spellings of one field that is present, `null` included: Gemini payloads
 * come in camelCase (the JS SDK, REST) and snake_case (Python dumps), and a field sent as
 * `null` is sent.
 *
 * @example
 * either(config.maxOutputTokens, config.max_output_tokens);
 */
export function either(first: unknown, second: unknown): unknown {
  return first !== undefined ? first : second;
}

/**
 * A string, or `undefined`.
 *
 * @example
 * asText(message.refusal) ?? ''; // '' when the refusal is absent, null or not text
 */
export function asText(value: unknown): string | undefined {
  return typeof value === 'string' ? value : undefined;
}

/**
 * An array, or `undefined`.
 *
 * @example
 * asList(body.choices) ?? []; // [] when choices is absent or not a list
 */
export function asList(value: unknown): unknown[] | undefined {
  return Array.isArray(value) ? value : undefined;
}

/**
 * A non-negative whole count, or `null`: a missing or junk number is unknown, never 0.
 *
 * @example
 * asCount(usage?.output_tokens); // 128, or null for -1, 1.5, '128' or nothing
 */
export function asCount(value: unknown): number | null {
  return typeof value === 'number' && Number.isInteger(value) && value >= 0 ? value : null;
}

/** The reason a string field could not be read, for a call whose arguments are missing. */
export function notAString(key: string, raw: unknown): string {
  return raw === undefined
    ? `the ${key} field is absent`
    : `the ${key} field is ${describeValue(raw)}, not a string`;
}

/** A value's JSON kind with its article: `an array`, `a number`, `null`. */
export function kindOf(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  if (typeof value === 'object') return 'an object';
  return `a ${typeof value}`;
}

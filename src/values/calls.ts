/**
 * What a broken call holds, as models and providers write it: a name near a declared one, the
 * keys a provider had decoded when the ceiling cut a call, and a text split into the pieces a
 * stream carries. Shared by fault injection, the arbitraries and the AI SDK's faulty model.
 */
import type { JsonValue } from '../model/narrow.js';

/**
 * A name a model might call instead of a declared one (a plural, a `get_` prefix, a version,
 * camelCase, a `functions.` namespace, kebab-case), never itself declared.
 *
 * @example
 * nearMiss('lookup_order', 1, new Set(['lookup_order'])); // 'get_lookup_order'
 */
export function nearMiss(name: string, variant: number, declared: ReadonlySet<string>): string {
  const camel = name.replace(/_([a-z])/g, (_, letter: string) => letter.toUpperCase());
  const options = [
    `${name}s`,
    `get_${name}`,
    `${name}_v2`,
    camel,
    `functions.${name}`,
    name.replaceAll('_', '-'),
  ];
  let miss = options[variant % options.length] ?? `${name}s`;
  while (declared.has(miss) || miss === name) miss = `${miss}_x`;
  return miss;
}

/**
 * The keys a provider had decoded when the ceiling cut a call with decoded input: the first
 * `kept` of them (modulo their count), never all, so the cut shows.
 *
 * @example
 * partialObject({ a: 1, b: 2, c: 3 }, 2); // { a: 1, b: 2 }
 */
export function partialObject(value: JsonValue, kept: number): JsonValue {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return {};
  const entries = Object.entries(value);
  return Object.fromEntries(entries.slice(0, kept % Math.max(1, entries.length)));
}

/**
 * A text split into up to three pieces, as a model streams it.
 *
 * @example
 * piecesOf('{"order_id":"A-1"}'); // ['{"order_', 'id":"A-1', '"}']
 */
export function piecesOf(text: string): string[] {
  if (text.length < 3) return [text];
  const size = Math.ceil(text.length / 3);
  return [text.slice(0, size), text.slice(size, 2 * size), text.slice(2 * size)];
}

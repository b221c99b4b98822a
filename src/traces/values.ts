/**
 * Attribute values as the conventions write them: JSON text in one span and the value itself
 * in the next (a backend that parsed it), flat keys with indexes in them for the older
 * conventions (`gen_ai.completion.0.tool_calls.1.name`).
 */
import { type Json, recordOf } from '../model/narrow.js';
import type { SpanRecord } from './spans.js';

/**
 * A span attribute as a value: JSON text that opens like an object or a list is parsed, other
 * text is kept as text; text that does not parse is a note on the span and reads as absent.
 *
 * @example
 * jsonAttribute(span, 'gen_ai.output.messages', notes); // [{ role: 'assistant', parts: [...] }]
 */
export function jsonAttribute(span: SpanRecord, key: string, notes: string[]): unknown {
  if (!Object.hasOwn(span.attributes, key)) return undefined;
  return parsedValue(span.attributes[key], key, notes);
}

/** A value that may be JSON text, parsed as {@link jsonAttribute} does; `at` names it in the note. */
export function parsedValue(value: unknown, at: string, notes: string[]): unknown {
  if (typeof value !== 'string') return value;
  const start = value.trimStart()[0];
  if (start !== '{' && start !== '[') return value;
  try {
    return JSON.parse(value);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    notes.push(`${at} holds text that is not valid JSON (${reason}); not read`);
    return undefined;
  }
}

/**
 * The groups of an indexed prefix, in index order: `prefix.0.role`, `prefix.0.tool_calls.1.name`
 * give `[{ index: 0, fields: { role, 'tool_calls.1.name' } }]`.
 *
 * @example
 * indexedGroups(span.attributes, 'gen_ai.completion')[0]?.fields.finish_reason; // 'length'
 */
export function indexedGroups(attributes: Json, prefix: string): { index: number; fields: Json }[] {
  const start = `${prefix}.`;
  const groups = new Map<number, Json>();
  for (const key of Object.keys(attributes)) {
    if (!key.startsWith(start)) continue;
    const dot = key.indexOf('.', start.length);
    const digits = key.slice(start.length, dot === -1 ? undefined : dot);
    if (!/^\d+$/.test(digits)) continue;
    const index = Number(digits);
    let fields = groups.get(index);
    if (fields === undefined) {
      fields = {};
      groups.set(index, fields);
    }
    const rest = dot === -1 ? '' : key.slice(dot + 1);
    Object.defineProperty(fields, rest, {
      value: attributes[key],
      enumerable: true,
      writable: true,
      configurable: true,
    });
  }
  return [...groups]
    .sort(([left], [right]) => left - right)
    .map(([index, fields]) => ({ index, fields }));
}

/**
 * The first attribute of several names that is present, and its name.
 *
 * @example
 * firstOf(span.attributes, ['gen_ai.usage.output_tokens', 'gen_ai.usage.completion_tokens']);
 */
export function firstOf(
  attributes: Json,
  keys: readonly string[],
): { key: string; value: unknown } | undefined {
  for (const key of keys) {
    if (
      Object.hasOwn(attributes, key) &&
      attributes[key] !== undefined &&
      attributes[key] !== null
    ) {
      return { key, value: attributes[key] };
    }
  }
  return undefined;
}

/** A whole count from a number or its text (backends that keep every attribute as text). */
export function countOf(value: unknown): number | null {
  const number = typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : value;
  return typeof number === 'number' && Number.isSafeInteger(number) && number >= 0 ? number : null;
}

/** A record from an object or its JSON text, else `undefined`. */
export function recordFrom(value: unknown, at: string, notes: string[]): Json | undefined {
  return recordOf(parsedValue(value, at, notes));
}

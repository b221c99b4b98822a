/** Small narrowing helpers: payloads arrive as `unknown` and are read without trusting any field. */

export type Json = Record<string, unknown>;

export function isRecord(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** An own property only, so a payload key named `toString` or `__proto__` is never confused with the prototype's. */
export function field(value: unknown, key: string): unknown {
  return isRecord(value) && Object.hasOwn(value, key) ? value[key] : undefined;
}

/** The first of the given spellings that holds an object (Gemini is read in camelCase and snake_case). */
export function record(value: unknown, ...keys: string[]): Json | undefined {
  const found = either(value, ...keys);
  return isRecord(found) ? found : undefined;
}

export function list(value: unknown, key: string): unknown[] | undefined {
  const found = field(value, key);
  return Array.isArray(found) ? found : undefined;
}

export function text(value: unknown, key: string): string | undefined {
  const found = field(value, key);
  return typeof found === 'string' ? found : undefined;
}

/** A non-negative whole count, or `null`: a missing or junk number is unknown, never 0. */
export function count(value: unknown, ...keys: string[]): number | null {
  const found = either(value, ...keys);
  return typeof found === 'number' && Number.isInteger(found) && found >= 0 ? found : null;
}

/** The first of several spellings of one field (Gemini is read in camelCase and snake_case). */
export function either(value: unknown, ...keys: string[]): unknown {
  for (const key of keys) {
    const found = field(value, key);
    if (found !== undefined) return found;
  }
  return undefined;
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

/** Describes an unexpected value for an error message: its JSON type and a short preview. */
export function describeValue(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return `an array of ${value.length} item(s)`;
  if (typeof value === 'string') {
    const preview = value.length > 40 ? `${value.slice(0, 40)}…` : value;
    return `a string (${JSON.stringify(preview)})`;
  }
  if (isRecord(value)) {
    const keys = Object.keys(value);
    const shown = keys.slice(0, 6).join(', ');
    return keys.length === 0
      ? 'an empty object'
      : `an object with keys ${shown}${keys.length > 6 ? ', …' : ''}`;
  }
  return `${typeof value === 'number' ? 'a number' : `a ${typeof value}`} (${String(value)})`;
}

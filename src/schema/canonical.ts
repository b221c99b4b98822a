/**
 * How deeply a schema's JSON may nest. Ajv compiles (and meta-validates) a schema by
 * recursion, several calls per level: with Node 20's default stack the measured breaking
 * points are about 500 levels of `items` nesting and 1,000 JSON levels of `properties`
 * nesting, so 128 keeps a 4x margin. Real tool schemas nest a few dozen levels at most.
 *
 * @example
 * checkArguments(schemaNested200Deep, {}).kind; // 'schema-invalid'
 */
export const MAX_SCHEMA_DEPTH = 128;

/**
 * How many JSON values (objects, arrays and scalars) a schema may hold. JavaScript objects
 * can share sub-objects, so a small object graph can stand for an exponentially large
 * JSON document; this bounds the copy we compile.
 *
 * @example
 * let shared: unknown = {};
 * for (let i = 0; i < 40; i++) shared = { allOf: [shared, shared] }; // 2^40 values as JSON
 * canonicalSchemaKey(shared); // { ok: false, reason: 'it holds more than 200000 JSON values' }
 */
export const MAX_SCHEMA_NODES = 200_000;

/**
 * The content key alone, which is all a cache hit needs.
 *
 * @example
 * const read: CanonicalKey = { ok: true, key: '{"type":"string"}' };
 */
export type CanonicalKey = { ok: true; key: string } | { ok: false; reason: string };

interface OpenContainer {
  source: object;
  /** Sorted keys of an object; `undefined` for an array. */
  keys: readonly string[] | undefined;
  next: number;
  written: number;
  level: number;
}

/**
 * Serialises a schema the way JSON.stringify would (omits `undefined` and functions in
 * objects, writes them as `null` in arrays, writes NaN as `null`, calls `toJSON`), but
 * with sorted keys, iteratively, and bounded: it fails on cycles, bigints, more than
 * MAX_SCHEMA_DEPTH levels or MAX_SCHEMA_NODES values. Two schemas with the same content
 * get the same key, whatever their key order.
 *
 * @example
 * canonicalSchemaKey({ b: 1, a: [true] }); // { ok: true, key: '{"a":[true],"b":1}' }
 */
export function canonicalSchemaKey(schema: unknown): CanonicalKey {
  try {
    return serialise(schema);
  } catch (error) {
    return { ok: false, reason: `reading the schema threw: ${errorText(error)}` };
  }
}

function serialise(schema: unknown): CanonicalKey {
  let out = '';
  const open: OpenContainer[] = [];
  const onPath = new Set<object>();
  let nodes = 0;

  /** Writes a scalar, or opens a container; answers a failure reason, if any. */
  const write = (raw: unknown, level: number): string | undefined => {
    nodes += 1;
    if (nodes > MAX_SCHEMA_NODES) return `it holds more than ${MAX_SCHEMA_NODES} JSON values`;
    const value = applyToJson(raw);
    switch (typeof value) {
      case 'string':
      case 'boolean':
        out += JSON.stringify(value);
        return undefined;
      case 'number':
        // JSON has no NaN or Infinity; JSON.stringify writes them as null, and so do we.
        out += Number.isFinite(value) ? JSON.stringify(value) : 'null';
        return undefined;
      case 'bigint':
        return `it contains the bigint ${value}n, which JSON cannot carry`;
      case 'object':
        break;
      default:
        return `it contains a value of type ${typeof value} where JSON belongs`;
    }
    if (value === null) {
      out += 'null';
      return undefined;
    }
    if (onPath.has(value)) return 'it contains itself (a cycle), so it is not JSON';
    if (level > MAX_SCHEMA_DEPTH) return `it nests deeper than ${MAX_SCHEMA_DEPTH} levels`;
    onPath.add(value);
    const keys = Array.isArray(value) ? undefined : Object.keys(value).sort();
    out += keys === undefined ? '[' : '{';
    open.push({ source: value, keys, next: 0, written: 0, level });
    return undefined;
  };

  let failure = write(schema, 1);
  while (failure === undefined && open.length > 0) {
    const top = open[open.length - 1] as OpenContainer;
    if (top.keys === undefined) {
      const items = top.source as readonly unknown[];
      if (top.next >= items.length) {
        close(top, ']');
        continue;
      }
      if (top.next > 0) out += ',';
      const item: unknown = items[top.next];
      top.next += 1;
      if (isOmittedByJson(item)) out += 'null';
      else failure = write(item, top.level + 1);
      continue;
    }
    if (top.next >= top.keys.length) {
      close(top, '}');
      continue;
    }
    const key = top.keys[top.next] as string;
    top.next += 1;
    const member: unknown = (top.source as Readonly<Record<string, unknown>>)[key];
    if (isOmittedByJson(member)) continue;
    if (top.written > 0) out += ',';
    top.written += 1;
    out += `${JSON.stringify(key)}:`;
    failure = write(member, top.level + 1);
  }
  return failure === undefined ? { ok: true, key: out } : { ok: false, reason: failure };

  function close(container: OpenContainer, closer: string): void {
    out += closer;
    onPath.delete(container.source);
    open.pop();
  }
}

function isOmittedByJson(value: unknown): boolean {
  return value === undefined || typeof value === 'function' || typeof value === 'symbol';
}

function applyToJson(value: unknown): unknown {
  if (typeof value === 'object' && value !== null && 'toJSON' in value) {
    const toJson: unknown = value.toJSON;
    if (typeof toJson === 'function') return toJson.call(value);
  }
  return value;
}

/**
 * The message of anything thrown, as one line.
 *
 * @example
 * errorText(new Error('bad\n  thing')); // 'bad thing'
 * errorText('plain');                   // 'plain'
 */
export function errorText(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  return text.replace(/\s+/g, ' ').trim();
}

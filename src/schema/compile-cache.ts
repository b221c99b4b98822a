import type { ValidateFunction } from 'ajv';

/** A compiled validator, as Ajv makes it: the one name for it outside this layer. */
export type { ValidateFunction };

import { ajvCachedSchemaCount, compileWithAjv } from './ajv-runtime.js';
import { canonicalSchemaKey } from './canonical.js';
import { prepareForDialect } from './dialect.js';
import { inPlaceExpansionProblem } from './in-place-expansion.js';
import type { JsonObject } from './json-type.js';
import { indexSchema, type SchemaIndex } from './schema-index.js';

/**
 * How many distinct schemas stay compiled; the least recently used one goes first. A test
 * suite declares a few dozen tools; a long audit over many recordings stays bounded.
 *
 * @example
 * schemaCacheStats().size <= SCHEMA_CACHE_CAPACITY; // always true
 */
export const SCHEMA_CACHE_CAPACITY = 256;

/**
 * A schema ready to validate with, or the finding that it cannot be.
 *
 * @example
 * const compiled = compileSchema({ type: 'string' });
 * if (compiled.kind === 'compiled') compiled.validate(3); // false; compiled.explainOnce() words why
 */
export type CompiledSchema =
  | {
      kind: 'compiled';
      /** Answers valid or not, fast; its errors carry no values or schema objects. */
      validate: ValidateFunction;
      /** The verbose validator the wording needs, compiled the first time something fails. */
      explainOnce: () => ValidateFunction;
      indexOnce: () => SchemaIndex;
    }
  | { kind: 'schema-invalid'; reason: string };

/**
 * Counters for tests and benchmarks; see `schemaCacheStats`.
 *
 * @example
 * const { compiles, ajvCachedSchemas }: SchemaCacheStats = schemaCacheStats();
 */
export interface SchemaCacheStats {
  /** Distinct schemas (by content) currently compiled or known to be invalid. */
  size: number;
  /** Most entries kept before the least recently used is dropped. */
  capacity: number;
  /** Schemas handed to Ajv since the process started (hits never count). */
  compiles: number;
  /** Schemas Ajv holds in its own per-object caches, meta-schemas included; stays flat. */
  ajvCachedSchemas: number | undefined;
}

/** Each distinct schema by its canonical key, with when it was last asked for. */
const entries = new Map<string, { compiled: CompiledSchema; used: number }>();
/** Counts every lookup: the recency the least recently used is evicted by. */
let clock = 0;
/**
 * The same schema object met again (a tools array reused across calls) skips even the
 * canonical key. Like Ajv's own cache, this is keyed by identity: a schema object is read
 * once, so change a copy, not an object that has already been checked.
 */
const byIdentity = new WeakMap<object, CompiledSchema>();
let compiles = 0;

/**
 * Compiles a schema object once per distinct content. The key is a canonical
 * serialisation (sorted keys), so a schema re-parsed for every call — a new object each
 * time, keys in any order — is a hit. Invalid schemas are remembered too, so a broken
 * tool is not recompiled per call either. Never throws.
 *
 * The same object passed again is recognised by identity, without reading it: as with
 * Ajv, a schema object must not be changed after it has been checked (change a copy).
 *
 * @example
 * const first = compileSchema(JSON.parse('{"type":"string"}'));
 * const again = compileSchema(JSON.parse('{"type":"string"}')); // same entry, no compile
 */
export function compileSchema(schema: JsonObject): CompiledSchema {
  const known = byIdentity.get(schema);
  if (known !== undefined) return known;
  const compiled = compileByContent(schema);
  byIdentity.set(schema, compiled);
  return compiled;
}

function compileByContent(schema: JsonObject): CompiledSchema {
  const read = canonicalSchemaKey(schema);
  if (!read.ok) return { kind: 'schema-invalid', reason: read.reason };
  clock += 1;
  const cached = entries.get(read.key);
  if (cached !== undefined) {
    // A hit only stamps the entry: re-inserting it to keep Map order as recency hashed the
    // long key twice more, on every call of an audit.
    cached.used = clock;
    return cached.compiled;
  }
  // Parsing the key back gives a private copy: it shares nothing with the caller's object,
  // so Ajv can never touch it, and `__proto__` stays a plain key, as JSON.parse keeps it.
  const compiled = compileFresh(JSON.parse(read.key) as JsonObject);
  entries.set(read.key, { compiled, used: clock });
  if (entries.size > SCHEMA_CACHE_CAPACITY) entries.delete(leastRecentlyUsed());
  return compiled;
}

/** The key asked for longest ago: a scan, paid only when a new schema overflows the cache. */
function leastRecentlyUsed(): string {
  let oldest = '';
  let at = Number.POSITIVE_INFINITY;
  for (const [key, entry] of entries) {
    if (entry.used < at) {
      at = entry.used;
      oldest = key;
    }
  }
  return oldest;
}

function compileFresh(copy: JsonObject): CompiledSchema {
  const prepared = prepareForDialect(copy);
  if (!prepared.ok) return { kind: 'schema-invalid', reason: prepared.reason };
  const tooWide = inPlaceExpansionProblem(prepared.schema);
  if (tooWide !== undefined) return { kind: 'schema-invalid', reason: tooWide };
  compiles += 1;
  const compiled = compileWithAjv(prepared.dialect, prepared.schema);
  if (!compiled.ok) return { kind: 'schema-invalid', reason: compiled.reason };
  let index: SchemaIndex | undefined;
  let explainer: ValidateFunction | undefined;
  return {
    kind: 'compiled',
    validate: compiled.validate,
    explainOnce: () => {
      if (explainer === undefined) {
        compiles += 1;
        const verbose = compileWithAjv(prepared.dialect, prepared.schema, 'verbose');
        // The same schema compiled once already; should the verbose compile fail anyway, the
        // fast validator's errors still name each path and keyword.
        explainer = verbose.ok ? verbose.validate : compiled.validate;
      }
      return explainer;
    },
    // Only needed to word anyOf/oneOf failures, so built on the first one.
    indexOnce: () => {
      index ??= indexSchema(prepared.schema);
      return index;
    },
  };
}

/**
 * Introspects the compile cache, for tests and benchmarks.
 *
 * @example
 * const before = schemaCacheStats().compiles;
 * for (let i = 0; i < 10_000; i++) checkArguments(JSON.parse(toolSchemaJson), args);
 * schemaCacheStats().compiles - before; // 1
 */
export function schemaCacheStats(): SchemaCacheStats {
  return {
    size: entries.size,
    capacity: SCHEMA_CACHE_CAPACITY,
    compiles,
    ajvCachedSchemas: ajvCachedSchemaCount(),
  };
}

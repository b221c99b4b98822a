import { Ajv, type ErrorObject, type Options, type ValidateFunction } from 'ajv';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import { errorText } from './canonical.js';
import type { Dialect } from './dialect.js';
import type { JsonObject } from './json-type.js';
import { describeViolations, membershipBySchemaPath } from './wording.js';

// ajv-formats is CommonJS: under NodeNext its default import is `module.exports`, which
// carries the plugin again as `.default`.
const addFormats = addFormatsModule.default;

/**
 * `strict: false` because tool schemas carry `title`, `examples` and vendor keys;
 * `ownProperties` so a missing `toString` or `constructor` is missing, not inherited;
 * `verbose` so each error carries its value and schema objects for the wording;
 * `validateSchema: false` because we meta-validate first ourselves, to word the result.
 */
const AJV_OPTIONS: Options = {
  allErrors: true,
  strict: false,
  ownProperties: true,
  logger: false,
  verbose: true,
  validateSchema: false,
};

/**
 * Ajv keeps a reference to every schema and generated function it ever compiled in its
 * code scope (removeSchema does not release them), so an instance is replaced after this
 * many compiles; validators already compiled keep working with the old one.
 */
const COMPILES_PER_INSTANCE = 1000;

type AjvInstance = Ajv | Ajv2020;

interface DialectRuntime {
  readonly create: () => AjvInstance;
  instance: AjvInstance | undefined;
  compiles: number;
}

const runtimes: Record<Dialect, DialectRuntime> = {
  'draft-2020-12': {
    create: () => withFormats(new Ajv2020(AJV_OPTIONS)),
    instance: undefined,
    compiles: 0,
  },
  'draft-07': { create: () => withFormats(new Ajv(AJV_OPTIONS)), instance: undefined, compiles: 0 },
};

function withFormats(ajv: AjvInstance): AjvInstance {
  addFormats(ajv);
  return ajv;
}

function instanceFor(dialect: Dialect): AjvInstance {
  const runtime = runtimes[dialect];
  if (runtime.instance === undefined || runtime.compiles >= COMPILES_PER_INSTANCE) {
    runtime.instance = runtime.create();
    runtime.compiles = 0;
  }
  runtime.compiles += 1;
  return runtime.instance;
}

/**
 * The outcome of handing one prepared schema to Ajv.
 *
 * @example
 * const failed: AjvCompilation = { ok: false, reason: 'its $ref "#/$defs/x" points to nothing in the schema' };
 */
export type AjvCompilation =
  | { ok: true; validate: ValidateFunction }
  | { ok: false; reason: string };

/**
 * Meta-validates and compiles a prepared schema on its dialect's shared instance, then
 * unregisters it at once: the validator is ours to keep, and nothing stays in Ajv's own
 * cache or `$id` registry (which would otherwise grow per schema object, and let one
 * tool's `$id` clash with the next). Never throws.
 *
 * @example
 * const compiled = compileWithAjv('draft-2020-12', { type: 'string' });
 * if (compiled.ok) compiled.validate('x'); // true
 */
export function compileWithAjv(dialect: Dialect, schema: JsonObject): AjvCompilation {
  let ajv: AjvInstance;
  try {
    ajv = instanceFor(dialect);
  } catch (error) {
    return { ok: false, reason: `Ajv could not start: ${errorText(error)}` };
  }
  const idConflict = findRootIdConflict(ajv, schema);
  if (idConflict !== undefined) return { ok: false, reason: idConflict };
  const registeredBefore = new Set(Object.keys(ajv.refs));
  try {
    const metaValid = ajv.validateSchema(schema);
    if (metaValid !== true) {
      return { ok: false, reason: describeMetaViolations(ajv.errors, schema, dialect) };
    }
    return { ok: true, validate: ajv.compile(schema) };
  } catch (error) {
    return { ok: false, reason: describeCompileFailure(error, schema) };
  } finally {
    forgetCompiledSchema(ajv, schema, registeredBefore);
  }
}

/**
 * Leaves the instance's registries as they were before this compile. Ajv records the root
 * (by `$id`, or under '' when it has none) and every nested `$id` it meets, globally per
 * instance; left there, one tool's `$id` would reject or hijack the `$ref`s of the next.
 */
function forgetCompiledSchema(
  ajv: AjvInstance,
  schema: JsonObject,
  registeredBefore: ReadonlySet<string>,
): void {
  try {
    ajv.removeSchema(schema);
    for (const key of Object.keys(ajv.refs)) {
      if (!registeredBefore.has(key)) delete ajv.refs[key];
    }
  } catch {
    // Nothing to undo; the compiled validator stands on its own either way.
  }
}

/**
 * Ajv refuses a root `$id` it already knows. Ours are forgotten after each compile, so a
 * known one belongs to a meta-schema: a real conflict, reported rather than overwritten.
 */
function findRootIdConflict(ajv: AjvInstance, schema: JsonObject): string | undefined {
  const id = schema.$id;
  if (typeof id !== 'string') return undefined;
  const key = id.endsWith('#') ? id.slice(0, -1) : id;
  if (ajv.schemas[key] === undefined && ajv.refs[key] === undefined) return undefined;
  return `its $id ${JSON.stringify(id)} is taken by a JSON Schema meta-schema`;
}

const DIALECT_NAMES: Record<Dialect, string> = {
  'draft-2020-12': 'JSON Schema draft 2020-12',
  'draft-07': 'JSON Schema draft-07',
};

const META_LINES_SHOWN = 5;

function describeMetaViolations(
  errors: ErrorObject[] | null | undefined,
  schema: JsonObject,
  dialect: Dialect,
): string {
  const lines = describeViolations(errors ?? [], schema, 'schema', membershipBySchemaPath);
  const shown = lines.slice(0, META_LINES_SHOWN);
  if (lines.length > shown.length) shown.push(`and ${lines.length - shown.length} more`);
  const details = shown.length > 0 ? shown.join('; ') : 'the meta-schema rejects it';
  return `it is not valid ${DIALECT_NAMES[dialect]}: ${details}`;
}

function describeCompileFailure(error: unknown, schema: JsonObject): string {
  if (error instanceof RangeError) {
    return 'Ajv ran out of call stack compiling it (its $refs or $ids loop in a way Ajv cannot resolve)';
  }
  if (error instanceof Error && 'missingRef' in error && 'missingSchema' in error) {
    return describeMissingRef(String(error.missingRef), String(error.missingSchema), schema);
  }
  if (error instanceof SyntaxError && error.message.includes('regular expression')) {
    return `a pattern in it is not a valid regular expression: ${errorText(error)}`;
  }
  return `Ajv cannot compile it: ${errorText(error)}`;
}

/**
 * Ajv's MissingRefError names the resolved URI and the document it looked in; a document
 * other than this schema (no `$id`, or its own `$id`) would have needed fetching.
 */
function describeMissingRef(
  missingRef: string,
  missingDocument: string,
  schema: JsonObject,
): string {
  const ownId = typeof schema.$id === 'string' ? schema.$id.split('#')[0] : '';
  if (missingDocument === '' || missingDocument === ownId) {
    const fragment = missingRef.slice(missingRef.indexOf('#'));
    return `its $ref ${JSON.stringify(fragment)} points to nothing in the schema`;
  }
  return `its $ref ${JSON.stringify(missingRef)} points outside the schema, and remote schemas are never fetched`;
}

/**
 * How many schemas Ajv itself holds in its per-instance cache, across both dialects (the
 * meta-schemas included). Reads a private field for introspection only: `undefined` if a
 * future Ajv renames it.
 *
 * @example
 * ajvCachedSchemaCount(); // 8 once the 2020-12 instance exists: its meta-schemas, nothing of ours
 */
export function ajvCachedSchemaCount(): number | undefined {
  let total = 0;
  for (const runtime of Object.values(runtimes)) {
    if (runtime.instance === undefined) continue;
    const cache: unknown = Reflect.get(runtime.instance, '_cache');
    if (!(cache instanceof Map)) return undefined;
    total += cache.size;
  }
  return total;
}

import { createRequire } from 'node:module';
import { setFlagsFromString } from 'node:v8';
import type { Ajv, ErrorObject, Options, ValidateFunction } from 'ajv';
import type { Ajv2020 } from 'ajv/dist/2020.js';
import type { RegExpEngine, RegExpLike } from 'ajv/dist/types/index.js';
import { errorText } from './canonical.js';
import type { Dialect } from './dialect.js';
import type { JsonObject } from './json-type.js';
import { draft07, draft202012 } from './meta-validators.generated.js';
import { describeViolations, membershipBySchemaPath } from './wording.js';

interface AjvModules {
  Ajv: typeof Ajv;
  Ajv2020: typeof Ajv2020;
  addFormats: typeof import('ajv-formats').default;
}
let ajvModules: AjvModules | undefined;
const loadFromHere = createRequire(import.meta.url);

/**
 * Ajv and ajv-formats, loaded the first time a schema is compiled rather than with the
 * package: they are most of its import time, and a test that only reads a stop reason or a
 * stream never needs them. Both are CommonJS, so `require` loads them synchronously.
 */
function loadAjv(): AjvModules {
  if (ajvModules === undefined) {
    const ajv = loadFromHere('ajv') as typeof import('ajv');
    const ajv2020 = loadFromHere('ajv/dist/2020.js') as typeof import('ajv/dist/2020.js');
    const formats = loadFromHere('ajv-formats') as typeof import('ajv-formats');
    ajvModules = { Ajv: ajv.Ajv, Ajv2020: ajv2020.Ajv2020, addFormats: formats.default };
  }
  return ajvModules;
}

type MetaValidator = (schema: unknown) => boolean;
const metaValidators: Partial<Record<Dialect, MetaValidator>> = {};

/**
 * Whether a schema is valid against its dialect's meta-schema, as `ajv.validateSchema` answers,
 * through the validators Ajv generated ahead of time (`meta-validators.generated.ts`): compiling
 * the 2020-12 meta-schema here took about 45 ms of every process that checks a schema. Only an
 * invalid schema, to be worded, meets Ajv's own meta-validation.
 */
export function metaValid(dialect: Dialect, schema: JsonObject): boolean {
  let validate = metaValidators[dialect];
  if (validate === undefined) {
    validate = (dialect === 'draft-07' ? draft07 : draft202012)(loadFromHere) as MetaValidator;
    metaValidators[dialect] = validate;
  }
  return validate(schema);
}

/**
 * A `pattern` refused because only a backtracking engine can run it and it may backtrack
 * without end (ReDoS): the schema is then reported `schema-invalid` with this message.
 */
class UnsafePatternError extends Error {
  override name = 'UnsafePatternError';
}

/**
 * Whether V8's linear-time regular-expression engine (the `l` flag) is available. It is behind
 * a V8 flag that only adds the `l` flag and changes no other regular expression, so it is
 * turned on, once, the first time a schema carries a pattern.
 */
let linearEngine: boolean | undefined;

function hasLinearEngine(): boolean {
  if (linearEngine === undefined) {
    try {
      setFlagsFromString('--enable-experimental-regexp-engine');
      // biome-ignore lint/complexity/useRegexLiterals: a literal with the l flag is a syntax error where the flag is off.
      linearEngine = new RegExp('a', 'l').test('a');
    } catch {
      linearEngine = false;
    }
  }
  return linearEngine;
}

/** Syntax only the `u` flag gives a meaning: property escapes, `\u{…}`, astral literals. */
const UNICODE_ONLY_SYNTAX = /\\[pP]\{|\\u\{|[\uD800-\uDFFF]/;
const SURROGATE_PAIR = /[\uD800-\uDBFF][\uDC00-\uDFFF]/g;
const ANY_SURROGATE = /[\uD800-\uDFFF]/;

/**
 * Ajv's `pattern` and `patternProperties` engine. Backtracking regular expressions take
 * exponential time on patterns such as `^(a+)+$`, and quadratic time on `a*b` over a long
 * string: one tool schema could hang the test run. So every pattern V8's linear engine accepts
 * runs there; its `u`-less matching equals the `u` matching Ajv asks for once each astral
 * character of the tested string stands as one code unit (U+FFFF, which patterns do not name).
 * A pattern the linear engine cannot run (back-references, look-arounds, `\p{…}`) runs as Ajv
 * would run it, unless it repeats a group that itself repeats or alternates: that one is refused.
 */
const patternEngine: RegExpEngine = Object.assign(
  (pattern: string, flags: string): RegExpLike => {
    // Checked with the flags Ajv asked for, so an invalid pattern is reported as before.
    const asAjvWould = new RegExp(pattern, flags);
    // Most tool patterns (`^SKU-[0-9]+$`, `^\d{4}-\d{2}$`) cannot backtrack more than linearly;
    // V8's usual engine runs them several times faster than the linear one.
    if (hasAtMostOneChoice(pattern)) return asAjvWould;
    if (!UNICODE_ONLY_SYNTAX.test(pattern) && hasLinearEngine()) {
      let linear: RegExp | null = null;
      try {
        linear = new RegExp(pattern, 'l');
      } catch {
        // Not in the linear engine's subset; judged below.
      }
      if (linear !== null) {
        const engine = linear;
        const runsLinear: RegExpLike & { toString(): string } = {
          test: (text) =>
            engine.test(ANY_SURROGATE.test(text) ? text.replace(SURROGATE_PAIR, '\uFFFF') : text),
          // Ajv shares one compiled pattern per instance by this string: it must name the pattern.
          toString: () => asAjvWould.toString(),
        };
        return runsLinear;
      }
    }
    if (repeatsARepetition(pattern)) {
      throw new UnsafePatternError(
        `its pattern ${JSON.stringify(pattern.length > 80 ? `${pattern.slice(0, 79)}…` : pattern)} repeats a group that itself repeats or alternates, which can backtrack for hours on one string (ReDoS); it is not run. Rewrite it without nested repetition, or without back-references and look-arounds`,
      );
    }
    return asAjvWould;
  },
  { code: 'patternEngine' },
);

/**
 * A schema's pattern as Ajv runs it (the `u` flag), on the same guarded engine: what any other
 * reader of a schema's patterns (the prefix watcher's `patternProperties`) must use, or a
 * hostile pattern hangs it where Ajv would not. Throws for a pattern Ajv refuses too.
 *
 * @example
 * schemaPattern('^(a+)+$').test(`${'a'.repeat(5000)}!`); // false, at once
 */
export function schemaPattern(pattern: string): RegExpLike {
  return patternEngine(pattern, 'u');
}

/**
 * Whether a backtracking engine runs `pattern` in linear time because it can make at most one
 * choice: anchored at the start (so it is tried at one position only), no group and no
 * alternation, and at most one quantifier whose count varies (`*`, `+`, `?`, `{n,}`, `{n,m}`;
 * `{n}` is fixed). Conservative: any doubt answers false.
 */
function hasAtMostOneChoice(pattern: string): boolean {
  if (!pattern.startsWith('^')) return false;
  let choices = 0;
  for (let i = 1; i < pattern.length; i += 1) {
    const char = pattern[i];
    if (char === '\\') {
      i += 1;
    } else if (char === '[') {
      for (i += 1; i < pattern.length && pattern[i] !== ']'; i += 1) {
        if (pattern[i] === '\\') i += 1;
      }
    } else if (char === '(' || char === ')' || char === '|') {
      return false;
    } else if (char === '*' || char === '+' || char === '?') {
      choices += 1;
    } else if (char === '{') {
      const bounds = /^\{(\d+)(,(\d*))?\}/.exec(pattern.slice(i));
      if (bounds === null) return false;
      if (bounds[2] !== undefined && bounds[3] !== bounds[1]) choices += 1;
      i += bounds[0].length - 1;
    }
    if (choices > 1) return false;
  }
  return true;
}

/**
 * A quantified group that contains a quantifier or an alternation: the shape of every
 * exponential-backtracking pattern (`(a+)+`, `(a|a)*`, `(\w+\s?)*`). Escapes and character
 * classes are skipped, so `[+*]` and `\(` are not counted.
 */
function repeatsARepetition(pattern: string): boolean {
  const groups: boolean[] = [];
  let risky = false;
  let lastGroupRepeats = false;
  for (let i = 0; i < pattern.length; i += 1) {
    const char = pattern[i];
    const closedGroup = lastGroupRepeats;
    lastGroupRepeats = false;
    if (char === '\\') {
      i += 1;
      continue;
    }
    if (char === '[') {
      for (i += 1; i < pattern.length && pattern[i] !== ']'; i += 1) {
        if (pattern[i] === '\\') i += 1;
      }
      continue;
    }
    if (char === '(') {
      groups.push(false);
      continue;
    }
    if (char === ')') {
      lastGroupRepeats = groups.pop() ?? false;
      continue;
    }
    const quantifier = char === '*' || char === '+' || char === '?' || char === '{';
    if (quantifier && closedGroup) risky = true;
    if ((quantifier && char !== '?') || char === '|') {
      if (groups.length > 0) groups[groups.length - 1] = true;
    }
  }
  return risky;
}

/**
 * `strict: false` because tool schemas carry `title`, `examples` and vendor keys;
 * `ownProperties` so a missing `toString` or `constructor` is missing, not inherited;
 * `validateSchema: false` because we meta-validate first ourselves, to word the result.
 */
const AJV_OPTIONS: Options = {
  allErrors: true,
  strict: false,
  ownProperties: true,
  logger: false,
  validateSchema: false,
  code: { regExp: patternEngine },
};

/**
 * What a validator is compiled for. `fast` answers valid or not; `verbose` errors also carry
 * the value and schema objects the wording reads. Verbose code is about 3x slower on a valid
 * 200-property object (measured), so it is compiled only for a schema something failed.
 */
export type ValidatorFlavour = 'fast' | 'verbose';

/**
 * Ajv keeps a reference to every schema and generated function it ever compiled in its
 * code scope (removeSchema does not release them), so an instance is replaced after this
 * many compiles; validators already compiled keep working with the old one.
 */
const COMPILES_PER_INSTANCE = 1000;

/** An Ajv instance of either dialect. */
export type AjvInstance = Ajv | Ajv2020;

interface DialectRuntime {
  readonly create: () => AjvInstance;
  instance: AjvInstance | undefined;
  compiles: number;
}

function runtime(create: () => AjvInstance): DialectRuntime {
  return { create, instance: undefined, compiles: 0 };
}

const VERBOSE_OPTIONS: Options = { ...AJV_OPTIONS, verbose: true };

/**
 * A new Ajv instance for a dialect, with the one set of options and formats every validator in
 * this library is compiled with: checkArguments' shared instances and the arbitraries' schema
 * documents alike, so what the arbitraries generate is judged as checkArguments judges it
 * (every error, the same formats, `pattern` through the ReDoS-safe engine, own properties only).
 *
 * @example
 * const ajv = createAjv('draft-2020-12');
 * ajv.compile({ type: 'string', format: 'email' })('a@example.com'); // true
 */
export function createAjv(dialect: Dialect, flavour: ValidatorFlavour = 'fast'): AjvInstance {
  const options = flavour === 'verbose' ? VERBOSE_OPTIONS : AJV_OPTIONS;
  const modules = loadAjv();
  const ajv = dialect === 'draft-07' ? new modules.Ajv(options) : new modules.Ajv2020(options);
  modules.addFormats(ajv);
  return ajv;
}

const runtimes: Record<`${Dialect} ${ValidatorFlavour}`, DialectRuntime> = {
  'draft-2020-12 fast': runtime(() => createAjv('draft-2020-12', 'fast')),
  'draft-2020-12 verbose': runtime(() => createAjv('draft-2020-12', 'verbose')),
  'draft-07 fast': runtime(() => createAjv('draft-07', 'fast')),
  'draft-07 verbose': runtime(() => createAjv('draft-07', 'verbose')),
};

function instanceFor(dialect: Dialect, flavour: ValidatorFlavour): AjvInstance {
  const runtime = runtimes[`${dialect} ${flavour}`];
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
export function compileWithAjv(
  dialect: Dialect,
  schema: JsonObject,
  flavour: ValidatorFlavour = 'fast',
): AjvCompilation {
  let ajv: AjvInstance;
  try {
    ajv = instanceFor(dialect, flavour);
  } catch (error) {
    return { ok: false, reason: `Ajv could not start: ${errorText(error)}` };
  }
  const idConflict = findRootIdConflict(ajv, schema);
  if (idConflict !== undefined) return { ok: false, reason: idConflict };
  const registeredBefore = new Set(Object.keys(ajv.refs));
  try {
    if (!metaValid(dialect, schema)) {
      // The wording reads the values and schemas only verbose errors carry.
      const explaining = instanceFor(dialect, 'verbose');
      explaining.validateSchema(schema);
      return { ok: false, reason: describeMetaViolations(explaining.errors, schema, dialect) };
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
  if (error instanceof UnsafePatternError) return error.message;
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

/**
 * Values that break a schema in exactly one place, and say where and how: a valid value, then
 * one change at a place every valid value has. Written once in the generator algebra: the
 * arbitraries' `violatingArgumentsFor` runs it through fast-check, fault injection seeded.
 */
import type { JsonValue } from '../model/narrow.js';
import { renderPath } from '../schema/argument-path.js';
import { type JsonObject, setOwnKey } from '../schema/json-type.js';
import { libraryMessage } from '../text/library-message.js';
import type { AnalysedSchema } from './analyse-schema.js';
import type { Gen, Gens } from './gen.js';
import { type LeafPlan, type TypeName, typeOfValue, typeOverlaps } from './leaf-plan.js';
import { extraKey, plainString } from './leaf-values.js';
import { itemEntries, propertyEntries } from './schema-plan.js';
import type { Built } from './schema-values.js';

/**
 * The kinds of violation {@link violatingArgumentsFor} injects, named like the faults models
 * make: a value of the wrong type (`"1200"` for an integer), a required key left out, a key
 * the schema does not declare (with `additionalProperties: false`), a value outside an
 * `enum`/`const` (`"USD"` for `"usd"`), a number, length or item count outside its bounds, a
 * string not of its `format` (`"14/03/2025"` for a date).
 *
 * @example
 * ```ts
 * const kind: ViolationKind = 'outside-enum';
 * ```
 */
export type ViolationKind =
  | 'wrong-type'
  | 'missing-required'
  | 'undeclared-key'
  | 'outside-enum'
  | 'out-of-range'
  | 'format';

/**
 * Every {@link ViolationKind}, in the order samples shrink towards.
 *
 * @example
 * ```ts
 * violatingArgumentsFor(schema, { kinds: VIOLATION_KINDS.filter((kind) => kind !== 'wrong-type') });
 * ```
 */
export const VIOLATION_KINDS: readonly ViolationKind[] = [
  'missing-required',
  'undeclared-key',
  'wrong-type',
  'outside-enum',
  'out-of-range',
  'format',
];

/**
 * Where the one injected violation is, in the library's wording (`arguments.rows[0].sku`),
 * and what kind it is.
 *
 * @example
 * ```ts
 * const violation: Violation = { path: 'arguments.currency', kind: 'outside-enum' };
 * ```
 */
export interface Violation {
  path: string;
  kind: ViolationKind;
}

/**
 * A value with exactly one injected violation.
 *
 * @example
 * ```ts
 * const sample: ViolatingArguments = { value: { qty: '2' }, violation: { path: 'arguments.qty', kind: 'wrong-type' } };
 * ```
 */
export interface ViolatingArguments {
  value: JsonValue;
  violation: Violation;
}

/**
 * What to inject: which kinds, and how deep a place may be (1: the top level's keys alone).
 *
 * @example
 * const options: ViolationOptions = { kinds: ['missing-required'], maxSiteDepth: 1 };
 */
export interface ViolationOptions {
  /** The kinds to inject; all by default. Kinds the schema leaves no room for are skipped. */
  kinds?: readonly ViolationKind[];
  /** How many keys or items deep a place may be; 16 by default. */
  maxSiteDepth?: number;
  /** The valid values to break; the analysed schema's root by default. */
  base?: Gen<JsonValue>;
}

type Step = string | number;

/**
 * What a sample draws first, so each is as likely as the next whatever the schema holds: the
 * kinds, with `wrong-type` split by the mistake it models (a number or object sent as a string,
 * a fraction for an integer, null for a value, any other type). Drawn as one kind, wrong-type
 * spread over up to seven changes and every place, and a float for an integer came out in 1% of
 * samples; a property test of 100 runs missed it in most runs (#18). Listed in the order samples
 * shrink towards.
 */
const FAMILIES = [
  'missing-required',
  'undeclared-key',
  'wrong-type:as-string',
  'wrong-type:fraction',
  'wrong-type:null',
  'wrong-type:other',
  'outside-enum',
  'out-of-range',
  'format',
] as const;

type Family = (typeof FAMILIES)[number];

/** One way to break a valid value: where, what kind, and the change, drawn from `changes`. */
interface Injection {
  kind: ViolationKind;
  family: Family;
  steps: readonly Step[];
  /** For a missing or undeclared key: the key, named after the object's path. */
  changes: Gen<Change>;
}

type Change =
  | { op: 'delete'; key: string }
  | { op: 'add'; key: string; value: JsonValue }
  | { op: 'replace'; with: (old: JsonValue) => JsonValue };

/** How deep site discovery follows required keys and first items. */
const MAX_SITE_DEPTH = 16;

/**
 * Values with one violation each, from an analysed schema, in the interpreter `g`; each family
 * of violation the schema has room for is as likely. It throws when no place is left for the
 * kinds asked for.
 *
 * @example
 * violationsOf(analyseSchema(schema, {}, 'faultHandlers', SEEDED), SEEDED, { maxSiteDepth: 1 });
 */
export function violationsOf(
  analysed: AnalysedSchema,
  g: Gens,
  options: ViolationOptions = {},
  caller = 'violatingArgumentsFor',
): Gen<ViolatingArguments> {
  const kinds = new Set(options.kinds ?? VIOLATION_KINDS);
  const injections = findInjections(analysed, g, options.maxSiteDepth ?? MAX_SITE_DEPTH).filter(
    (injection) => kinds.has(injection.kind),
  );
  // A family first, then a place: every family is as likely, however many places it has.
  const choicesByFamily = FAMILIES.flatMap((family) => {
    const ofFamily = injections.flatMap((injection, index) =>
      injection.family === family
        ? [g.map(injection.changes, (change) => ({ index, change }))]
        : [],
    );
    return ofFamily.length === 0 ? [] : [oneOf(g, ofFamily)];
  });
  if (choicesByFamily.length === 0) {
    throw new Error(
      libraryMessage(
        `${caller} found no place in the schema for a violation of kind ${[...kinds].map((kind) => JSON.stringify(kind)).join(', ')}: violations are injected along required keys and first items of arrays that must be non-empty, outside anyOf/oneOf`,
      ),
    );
  }
  return g.map(
    g.tuple(options.base ?? analysed.root.gen, oneOf(g, choicesByFamily)),
    ([valid, { index, change }]) => {
      const injection = injections[index] as Injection;
      const value = structuredClone(valid);
      const path = apply(value, injection.steps, change);
      return { value: path.value, violation: { path: path.text, kind: injection.kind } };
    },
  );
}

/** One of several generators, or the one itself when there is one. */
function oneOf<T>(g: Gens, gens: readonly Gen<T>[]): Gen<T> {
  return gens.length === 1 ? (gens[0] as Gen<T>) : g.oneof(...gens);
}

function apply(
  root: JsonValue,
  steps: readonly Step[],
  change: Change,
): { value: JsonValue; text: string } {
  const tokens = steps.map(String);
  if (change.op === 'replace') {
    const last = steps[steps.length - 1];
    const parent = walk(root, steps.slice(0, -1));
    if (last === undefined || parent === undefined) {
      const value = change.with(root);
      return { value, text: renderPath('arguments', tokens, value).text };
    }
    const old = (parent as Record<string | number, JsonValue>)[last] as JsonValue;
    setOwnKey(parent as JsonObject, String(last), change.with(old));
    return { value: root, text: renderPath('arguments', tokens, root).text };
  }
  const container = walk(root, steps) as JsonObject;
  if (change.op === 'delete') delete container[change.key];
  else setOwnKey(container, change.key, change.value);
  return { value: root, text: renderPath('arguments', tokens, root, change.key).text };
}

function walk(root: JsonValue, steps: readonly Step[]): JsonValue | undefined {
  let node: JsonValue | undefined = root;
  for (const step of steps) {
    if (node === null || typeof node !== 'object') return undefined;
    node = (node as Record<string | number, JsonValue>)[step];
  }
  return node;
}

function findInjections(analysed: AnalysedSchema, g: Gens, maxSiteDepth: number): Injection[] {
  const injections: Injection[] = [];
  const queue: { built: Extract<Built, { ok: true }>; steps: Step[] }[] = [
    { built: analysed.root, steps: [] },
  ];
  for (let site = queue.shift(); site !== undefined; site = queue.shift()) {
    const { built, steps } = site;
    // The root must stay an object, or the call does not even parse to arguments.
    if (steps.length > 0) injections.push(...valueInjections(analysed, g, built, steps));
    const [leaf] = built.leaves;
    if (built.leaves.length !== 1 || leaf === undefined || leaf.candidates !== null) continue;
    if (steps.length >= maxSiteDepth) continue;
    if (only(leaf, 'object')) {
      injections.push(...objectInjections(analysed, g, leaf, steps));
      for (const key of leaf.required) {
        const child = analysed.builder.fromEntries(
          propertyEntries(leaf.node, key),
          leaf.node.visits,
        );
        if (child.ok) queue.push({ built: child, steps: [...steps, key] });
      }
    } else if (only(leaf, 'array') && leaf.arrays.minItems >= 1 && !leaf.arrays.hasPrefix) {
      const item = analysed.builder.fromEntries(
        itemEntries(analysed.document, leaf.node, 0),
        leaf.node.visits,
      );
      if (item.ok) queue.push({ built: item, steps: [...steps, 0] });
    }
  }
  return injections;
}

function only(leaf: LeafPlan, type: TypeName): boolean {
  return leaf.generated.size === 1 && leaf.generated.has(type);
}

function objectInjections(
  analysed: AnalysedSchema,
  g: Gens,
  leaf: LeafPlan,
  steps: readonly Step[],
): Injection[] {
  const injections: Injection[] = leaf.required.map((key) => ({
    kind: 'missing-required' as const,
    family: 'missing-required' as const,
    steps,
    changes: g.constant<Change>({ op: 'delete', key }),
  }));
  if (leaf.extraKeysForbidden) {
    const reserved = new Set([...analysed.document.declaredNames, ...leaf.declaredKeys]);
    const value = g.oneof<JsonValue>(
      plainString(g, 1, 24),
      g.integer({ min: 0, max: 1000 }),
      g.boolean(),
    );
    injections.push({
      kind: 'undeclared-key',
      family: 'undeclared-key',
      steps,
      changes: g.map(
        g.tuple(
          g.oneof(
            g.constantFrom('note', 'reason', 'idempotency_key', 'confirm'),
            extraKey(g, reserved),
          ),
          value,
        ),
        ([key, extra]): Change => {
          let name = key;
          while (reserved.has(name)) name = `${name}_`;
          return { op: 'add', key: name, value: extra };
        },
      ),
    });
  }
  return injections;
}

/** Ways to break a value every valid sample has at `steps`. */
function valueInjections(
  analysed: AnalysedSchema,
  g: Gens,
  built: Extract<Built, { ok: true }>,
  steps: readonly Step[],
): Injection[] {
  const injections: Injection[] = [];
  const add = (kind: ViolationKind, family: Family, changes: readonly Change[]) => {
    if (changes.length > 0) {
      injections.push({ kind, family, steps, changes: g.constantFrom(...changes) });
    }
  };
  for (const [family, changes] of wrongTypeChanges(built.leaves)) {
    add('wrong-type', family, changes);
  }
  const [leaf] = built.leaves;
  if (built.leaves.length !== 1 || leaf === undefined) return injections;
  if (leaf.candidates !== null) {
    add('outside-enum', 'outside-enum', outsideListChanges(analysed, leaf));
    return injections;
  }
  add('out-of-range', 'out-of-range', outOfRangeChanges(analysed, leaf));
  add('format', 'format', formatChanges(analysed, leaf));
  return injections;
}

const replace = (change: (old: JsonValue) => JsonValue): Change => ({
  op: 'replace',
  with: change,
});

/**
 * Values of a type no leaf allows, shaped like the mistakes models make, by family: numbers,
 * booleans and objects sent as strings; a whole number with a fraction; null for a value; and
 * the rest (strings that hold a number sent as one, a lone value where a list is expected).
 */
function wrongTypeChanges(leaves: readonly LeafPlan[]): [Family, Change[]][] {
  const allows = (type: TypeName) => leaves.some((leaf) => typeOverlaps(leaf.allowed, type));
  const allowsFraction = leaves.some((leaf) => leaf.allowed.has('number'));
  const asString: Change[] = [];
  const fraction: Change[] = [];
  const other: Change[] = [];
  if (!allows('string')) {
    asString.push(
      replace((old) =>
        typeof old === 'object' && old !== null ? JSON.stringify(old) : String(old),
      ),
    );
  }
  if (allows('integer') && !allowsFraction) {
    fraction.push(
      replace((old) => (typeof old === 'number' && Number.isSafeInteger(old) ? old + 0.5 : 1.5)),
    );
  }
  if (!allows('integer')) {
    other.push(
      replace((old) =>
        typeof old === 'string' && Number.isFinite(Number(old)) && old.trim() !== ''
          ? Number(old)
          : 42,
      ),
    );
  }
  if (!allows('boolean')) other.push(replace(() => true));
  if (!allows('array')) other.push(replace((old) => [old]));
  if (!allows('object')) other.push(replace((old) => ({ value: old })));
  return [
    ['wrong-type:as-string', asString],
    ['wrong-type:fraction', fraction],
    ['wrong-type:null', allows('null') ? [] : [replace(() => null)]],
    ['wrong-type:other', other],
  ];
}

/** Same-type values outside an `enum`/`const`, each checked with Ajv to be rejected. */
function outsideListChanges(analysed: AnalysedSchema, leaf: LeafPlan): Change[] {
  const listed = (leaf.candidates ?? []) as JsonValue[];
  const pointers = leaf.node.parts.map((part) => part.pointer);
  const options: JsonValue[] = [];
  for (const value of listed) {
    if (typeof value === 'string') {
      options.push(value.toUpperCase(), `${value}s`, `${value}_other`, value.slice(0, -1), 'other');
    } else if (typeof value === 'number') {
      options.push(value + 1, value - 1, value * 10);
    } else if (typeof value === 'boolean') {
      options.push(!value);
    }
  }
  const seen = new Set<string>();
  return options
    .filter((value) => {
      const key = JSON.stringify(value);
      if (seen.has(key)) return false;
      seen.add(key);
      // Of a type the schema allows, so the enum (not the type) is what it breaks.
      return allowsTypeOf(leaf.allowed, value) && !analysed.document.acceptsAll(pointers, value);
    })
    .map((value) => replace(() => value));
}

function allowsTypeOf(allowed: ReadonlySet<TypeName>, value: JsonValue): boolean {
  const type = typeOfValue(value);
  if (type === 'number') return allowed.has('number');
  return typeOverlaps(allowed, type);
}

/** A number, string length or item count just past its bound, of an allowed type. */
function outOfRangeChanges(analysed: AnalysedSchema, leaf: LeafPlan): Change[] {
  const changes: Change[] = [];
  const pointers = leaf.node.parts.map((part) => part.pointer);
  const rejected = (value: JsonValue) => !analysed.document.acceptsAll(pointers, value);
  const numeric = [...leaf.generated].every((type) => type === 'integer' || type === 'number');
  if (numeric && leaf.generated.size > 0) {
    const integerOnly = !leaf.generated.has('number');
    const { low, lowExclusive, high, highExclusive } = leaf.numbers;
    const values: number[] = [];
    if (Number.isFinite(low)) {
      values.push(
        integerOnly
          ? lowExclusive
            ? Math.floor(low)
            : Math.ceil(low) - 1
          : lowExclusive
            ? low
            : low - 1,
      );
    }
    if (Number.isFinite(high)) {
      values.push(
        integerOnly
          ? highExclusive
            ? Math.ceil(high)
            : Math.floor(high) + 1
          : highExclusive
            ? high
            : high + 1,
      );
    }
    for (const value of values) {
      if (Number.isFinite(value) && rejected(value)) changes.push(replace(() => value));
    }
  }
  if (only(leaf, 'string')) {
    const { minLength, maxLength } = leaf.strings;
    if (minLength > 0) {
      changes.push(replace((old) => [...String(old)].slice(0, minLength - 1).join('')));
    }
    if (Number.isFinite(maxLength)) {
      changes.push(
        replace((old) => {
          const points = [...String(old)];
          while (points.length <= maxLength) points.push('x');
          return points.join('');
        }),
      );
    }
  }
  if (only(leaf, 'array')) {
    const { minItems, maxItems, hasPrefix } = leaf.arrays;
    if (minItems > 0)
      changes.push(replace((old) => (Array.isArray(old) ? old.slice(0, minItems - 1) : [])));
    if (Number.isFinite(maxItems) && minItems >= 1 && !hasPrefix) {
      changes.push(
        replace((old) => {
          const items = Array.isArray(old) ? [...old] : [];
          const first = items[0] ?? null;
          while (items.length <= maxItems) items.push(structuredClone(first));
          return items;
        }),
      );
    }
  }
  return changes;
}

/** A string that is not of a format, as models write one (a date in the local style). */
const NOT_OF_FORMAT: Readonly<Record<string, string>> = {
  date: '14/03/2025',
  'date-time': '2025-03-14 9:30',
  time: '9.30am',
  email: 'ana.example.com',
  uri: 'orders/A-1001',
  uuid: 'A-1001',
  hostname: 'api example com',
  ipv4: '192.0.2',
  ipv6: '2001:db8:::17:::',
};

/** A string of the wrong shape for its `format`, checked with Ajv to be rejected. */
function formatChanges(analysed: AnalysedSchema, leaf: LeafPlan): Change[] {
  // A pattern beside the format (zod writes both for a date) rejects the same value at the
  // same place: still one place broken.
  if (!only(leaf, 'string')) return [];
  const pointers = leaf.node.parts.map((part) => part.pointer);
  return leaf.strings.formats
    .map((part) => NOT_OF_FORMAT[String(part.schema.format)])
    .filter((value): value is string => value !== undefined)
    .filter((value) => !analysed.document.acceptsAll(pointers, value))
    .slice(0, 1)
    .map((value) => replace(() => value));
}

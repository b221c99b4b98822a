/**
 * What a schema object asks of a value that has only begun: its keywords read once into the
 * checks a prefix can fail (`watch-arguments.ts` applies them), and the subschemas its
 * members, elements and combinators bring. Keywords no prefix can fail (`pattern`, `format`,
 * `required`, `minLength`, `minItems`, `uniqueItems`, `contains`, `not`, `if`/`then`,
 * `dependent*`, `unevaluated*`) are left to the whole document's check at the end.
 */

import type { RegExpLike } from 'ajv/dist/types/index.js';
import { libraryMessage } from '../../text/library-message.js';
import { schemaPattern } from '../ajv-runtime.js';
import { schemaProblem } from '../check-arguments.js';
import { compileSchema } from '../compile-cache.js';
import { prepareForDialect } from '../dialect.js';
import { localTarget } from '../in-place-expansion.js';
import type { JsonObject } from '../json-type.js';

/** A subschema as it may stand: an object, or `true` / `false`. */
export type Subschema = JsonObject | boolean;

/** The kinds of JSON value, as bits, so a set of allowed kinds is one number. */
export const KIND = {
  string: 1,
  number: 2,
  object: 4,
  array: 8,
  boolean: 16,
  null: 32,
} as const;
const ANY_KIND = 63;

/** Each kind bit as the messages name it. */
export const KIND_WORDS: Readonly<Record<number, string>> = {
  [KIND.string]: 'string',
  [KIND.number]: 'number',
  [KIND.object]: 'object',
  [KIND.array]: 'array',
  [KIND.boolean]: 'boolean',
  [KIND.null]: 'null',
};

/** The kind bit of each of the scanner's `VALUE_KIND`s, by its number. */
export const VALUE_KIND_BITS: readonly number[] = [
  KIND.string,
  KIND.number,
  KIND.object,
  KIND.array,
  KIND.boolean,
  KIND.boolean,
  KIND.null,
];

/** The value of each literal `VALUE_KIND` (`true`, `false`, `null`), by its number. */
export const LITERALS: readonly unknown[] = [
  undefined,
  undefined,
  undefined,
  undefined,
  true,
  false,
  null,
];

/** The keywords a whole number, `true`, `false` or `null` is judged by once it is known. */
const SCALAR_KEYWORDS = [
  'type',
  'enum',
  'const',
  'minimum',
  'maximum',
  'exclusiveMinimum',
  'exclusiveMaximum',
  'multipleOf',
] as const;

export interface SchemaPlan {
  /** Its number among the plans of one root, from 0: what a claim finds its pair by. */
  id: number;
  /** The kinds `type` allows (every kind when it is absent); `integer` allows a number begun. */
  kinds: number;
  /** The words `type` names, for a message. */
  typeNames: string[];
  /** The kinds `enum` and `const` hold a value of; every kind when neither is declared. */
  valueKinds: number;
  /** The declared values, for a message; null when neither `enum` nor `const` is declared. */
  declared: unknown[] | null;
  /** What limits a string value: `enum` and `const` together, and `maxLength`; null when nothing does. */
  valueLimits: StringLimits | null;
  /** The scalar keywords alone, which a whole number or literal is checked against. */
  scalar: JsonObject | null;
  properties: Readonly<Record<string, Subschema>> | null;
  patternProperties: [RegExpLike, Subschema][];
  /** `additionalProperties`, undefined when absent. */
  additional: Subschema | undefined;
  /** What limits a key: no extra keys, or `propertyNames` as `enum` / `const`; null when nothing does. */
  keyLimits: StringLimits | null;
  /** Whether the keys are limited because extra keys are forbidden (for the message). */
  keysForbidExtra: boolean;
  maxProperties: number | null;
  prefixItems: Subschema[];
  /** The schema of every element after `prefixItems`; undefined when absent. */
  items: Subschema | undefined;
  maxItems: number | null;
  allOf: Subschema[];
  /** `anyOf` and `oneOf`, each a list of branches (oneOf's "only one" is judged at the end). */
  alternatives: Subschema[][];
  /** The local `$ref`, resolved; undefined when absent or not local. */
  ref: Subschema | undefined;
  /** Each key's member schemas, as first asked. */
  members: Map<string, Member>;
  /** `items` as a member every element after `prefixItems` answers to; undefined when absent. */
  every: Member | undefined;
}

/**
 * The subschemas one member (a key's value, or every element past `prefixItems`) must match
 * under one plan: none means any value. `plain` is filled on first use (`SchemaPlans.plainOf`):
 * the one plan they come to when that is all (one schema object with no `allOf`, `$ref`, `anyOf` or
 * `oneOf`), which most members of a tool's schema are, so their values skip the expansion.
 */
export interface Member {
  subs: Subschema[];
  plain?: SchemaPlan | null;
}

/**
 * What a string (a value or a key) must stay within, read once per schema object: the strings it
 * may become (null when any), the same as a set for a whole string's one lookup, and a maximum
 * length in code points.
 */
export interface StringLimits {
  candidates: string[] | null;
  declared: ReadonlySet<string> | null;
  maxLength: number | null;
}

function stringLimits(candidates: string[] | null, maxLength: number | null): StringLimits | null {
  if (candidates === null && maxLength === null) return null;
  return { candidates, declared: candidates === null ? null : new Set(candidates), maxLength };
}

/** What the JSON kind of a parsed value is, as a bit. */
export function kindOf(value: unknown): number {
  if (value === null) return KIND.null;
  switch (typeof value) {
    case 'string':
      return KIND.string;
    case 'number':
      return KIND.number;
    case 'boolean':
      return KIND.boolean;
    default:
      return Array.isArray(value) ? KIND.array : KIND.object;
  }
}

const TYPE_KINDS: Readonly<Record<string, number>> = {
  string: KIND.string,
  number: KIND.number,
  integer: KIND.number,
  object: KIND.object,
  array: KIND.array,
  boolean: KIND.boolean,
  null: KIND.null,
};

const isObject = (value: unknown): value is JsonObject =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const isSubschema = (value: unknown): value is Subschema =>
  typeof value === 'boolean' || isObject(value);

const own = (schema: JsonObject, key: string): unknown =>
  Object.hasOwn(schema, key) ? schema[key] : undefined;

const count = (value: unknown): number | null =>
  typeof value === 'number' && Number.isFinite(value) ? value : null;

const subschemas = (value: unknown): Subschema[] =>
  Array.isArray(value) ? value.filter(isSubschema) : [];

/**
 * Plans a schema's objects, each once, against one root: the root is what a local `$ref`
 * (`#`, `#/$defs/x`, `#/definitions/x`) points into.
 */
export class SchemaPlans {
  private readonly plans = new WeakMap<JsonObject, SchemaPlan>();
  private planned = 0;

  constructor(
    /** The prepared root schema: what values are judged against, and what a local `$ref` points into. */
    readonly root: Subschema,
    /** Whether `items` may be an array of schemas, as draft-07 writes prefixItems. */
    private readonly draft07: boolean,
  ) {}

  planOf(schema: JsonObject): SchemaPlan {
    let plan = this.plans.get(schema);
    if (plan === undefined) {
      plan = this.plan(schema);
      this.plans.set(schema, plan);
    }
    return plan;
  }

  /** The one plan `member` comes to, when that is all it brings (see {@link Member}); found once. */
  plainOf(member: Member): SchemaPlan | null {
    if (member.plain === undefined) {
      const only = member.subs[0];
      let plain: SchemaPlan | null = null;
      if (member.subs.length === 1 && typeof only === 'object') {
        const plan = this.planOf(only);
        const expands = plan.allOf.length > 0 || plan.ref !== undefined;
        if (!expands && plan.alternatives.length === 0) plain = plan;
      }
      member.plain = plain;
    }
    return member.plain;
  }

  private plan(schema: JsonObject): SchemaPlan {
    const type = own(schema, 'type');
    const typeNames = (Array.isArray(type) ? type : type === undefined ? [] : [type]).filter(
      (name): name is string => typeof name === 'string',
    );
    const kinds =
      type === undefined
        ? ANY_KIND
        : typeNames.reduce((bits, name) => bits | (TYPE_KINDS[name] ?? 0), 0);

    const enumValues = own(schema, 'enum');
    const hasConst = Object.hasOwn(schema, 'const');
    let declared: unknown[] | null = Array.isArray(enumValues) ? enumValues : null;
    if (hasConst) {
      const constant = schema.const;
      declared =
        declared === null
          ? [constant]
          : declared.filter((value) => JSON.stringify(value) === JSON.stringify(constant));
    }
    const valueKinds =
      declared === null
        ? ANY_KIND
        : declared.reduce<number>((bits, value) => bits | kindOf(value), 0);
    const strings =
      declared === null
        ? null
        : declared.filter((value): value is string => typeof value === 'string');

    const scalarEntries = SCALAR_KEYWORDS.filter((key) => Object.hasOwn(schema, key)).map((key) => [
      key,
      schema[key],
    ]);
    const declaredSchema = own(schema, '$schema');
    if (typeof declaredSchema === 'string' && scalarEntries.length > 0) {
      scalarEntries.unshift(['$schema', declaredSchema]);
    }

    const properties = own(schema, 'properties');
    const patterns = own(schema, 'patternProperties');
    const patternProperties: [RegExpLike, Subschema][] = [];
    if (isObject(patterns)) {
      for (const [pattern, sub] of Object.entries(patterns)) {
        // As Ajv runs them, on its guarded engine: a backtracking pattern (`^(a+)+$`) on a long
        // key must not hang the watcher where the validator does not. One Ajv refuses made the
        // schema invalid before any plan was made.
        if (isSubschema(sub)) patternProperties.push([schemaPattern(pattern), sub]);
      }
    }
    const additional = own(schema, 'additionalProperties');
    const declaredKeys = isObject(properties) ? Object.keys(properties) : [];
    let keys: string[] | null = null;
    const keysForbidExtra = additional === false && patternProperties.length === 0;
    if (keysForbidExtra) keys = declaredKeys;
    const names = own(schema, 'propertyNames');
    if (isObject(names)) {
      const nameValues = Array.isArray(names.enum)
        ? names.enum
        : Object.hasOwn(names, 'const')
          ? [names.const]
          : null;
      if (nameValues !== null) {
        const allowed = nameValues.filter((value): value is string => typeof value === 'string');
        keys = keys === null ? allowed : keys.filter((key) => allowed.includes(key));
      }
    } else if (names === false) {
      keys = [];
    }

    const items = own(schema, 'items');
    const prefix = own(schema, 'prefixItems');
    let prefixItems = subschemas(prefix);
    let itemSchema: Subschema | undefined = isSubschema(items) ? items : undefined;
    if (this.draft07 && Array.isArray(items)) {
      prefixItems = subschemas(items);
      const additionalItems = own(schema, 'additionalItems');
      itemSchema = isSubschema(additionalItems) ? additionalItems : undefined;
    }

    const alternatives: Subschema[][] = [];
    if (Object.hasOwn(schema, 'anyOf')) alternatives.push(subschemas(schema.anyOf));
    if (Object.hasOwn(schema, 'oneOf')) alternatives.push(subschemas(schema.oneOf));
    return {
      id: this.planned++,
      kinds,
      typeNames,
      valueKinds,
      declared,
      valueLimits: stringLimits(strings, count(own(schema, 'maxLength'))),
      scalar: scalarEntries.length === 0 ? null : Object.fromEntries(scalarEntries),
      properties: isObject(properties) ? (properties as Record<string, Subschema>) : null,
      patternProperties,
      additional: isSubschema(additional) ? additional : undefined,
      keyLimits: stringLimits(keys, null),
      keysForbidExtra: keysForbidExtra && keys !== null,
      maxProperties: count(own(schema, 'maxProperties')),
      prefixItems,
      items: itemSchema,
      maxItems: count(own(schema, 'maxItems')),
      allOf: subschemas(own(schema, 'allOf')),
      alternatives,
      ref: this.resolve(own(schema, '$ref')),
      members: new Map(),
      every: itemSchema === undefined ? undefined : { subs: [itemSchema], plain: undefined },
    };
  }

  /** A local JSON Pointer `$ref` into the root; undefined for any other (judged at the end). */
  private resolve(ref: unknown): Subschema | undefined {
    const target = localTarget(this.root, ref);
    return isSubschema(target) ? target : undefined;
  }
}

/** The subschemas a member named `key` must match under one plan: none means any value. */
export function memberSchemas(plan: SchemaPlan, key: string): Member {
  let found = plan.members.get(key);
  if (found === undefined) {
    found = { subs: findMemberSchemas(plan, key), plain: undefined };
    // Keys come from the text; a bounded cache keeps a stream of invented keys from growing it.
    if (plan.members.size < 1024) plan.members.set(key, found);
  }
  return found;
}

function findMemberSchemas(plan: SchemaPlan, key: string): Subschema[] {
  const found: Subschema[] = [];
  let matched = false;
  if (plan.properties !== null && Object.hasOwn(plan.properties, key)) {
    found.push(plan.properties[key] as Subschema);
    matched = true;
  }
  for (const [pattern, sub] of plan.patternProperties) {
    if (pattern.test(key)) {
      found.push(sub);
      matched = true;
    }
  }
  if (!matched && plan.additional !== undefined) found.push(plan.additional);
  return found;
}

/** The subschema the element at `index` must match under one plan; undefined means any value. */
export function elementSchema(plan: SchemaPlan, index: number): Subschema | undefined {
  return index < plan.prefixItems.length ? plan.prefixItems[index] : plan.items;
}

/**
 * Each schema object's plans, made once: a tool's schema is watched call after call. As with the
 * compile cache, a schema object must not be changed once it has been checked (change a copy).
 */
const plansBySchema = new WeakMap<object, SchemaPlans>();

export function plansFor(schema: unknown): SchemaPlans {
  const known =
    typeof schema === 'object' && schema !== null ? plansBySchema.get(schema) : undefined;
  if (known !== undefined) return known;
  // Compiled, not checked against a value: a failing check would word its errors, and
  // wording nested anyOf errors can take long.
  const problem = schemaProblem(schema);
  if (problem !== undefined) {
    throw new TypeError(libraryMessage(`watchArguments: the schema does not compile (${problem})`));
  }
  if (typeof schema === 'boolean') return new SchemaPlans(schema, false);
  const prepared = prepareForDialect(structuredClone(schema as JsonObject));
  if (!prepared.ok) throw new TypeError(libraryMessage(`watchArguments: ${prepared.reason}`));
  const plans = new SchemaPlans(prepared.schema, prepared.dialect === 'draft-07');
  plansBySchema.set(schema as object, plans);
  return plans;
}

/** Each scalar schema's validator (a plan's `scalar`), looked up once: the compile cache keys by content. */
const scalarValidators = new WeakMap<JsonObject, ((value: unknown) => boolean) | null>();

export function scalarValid(scalar: JsonObject, value: unknown): boolean {
  let validate = scalarValidators.get(scalar);
  if (validate === undefined) {
    const compiled = compileSchema(scalar);
    validate =
      compiled.kind === 'compiled' ? (compiled.validate as (value: unknown) => boolean) : null;
    scalarValidators.set(scalar, validate);
  }
  return validate === null || validate(value) === true;
}

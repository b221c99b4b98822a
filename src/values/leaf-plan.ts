/**
 * Reads a combinator-free node of the plan into the rules of one leaf: which types it allows
 * and which we generate, and the bounds every part puts on numbers, strings, arrays and keys.
 */

import { isRecord } from '../model/narrow.js';
import type { JsonObject } from '../schema/json-type.js';
import type { SchemaDocument } from './schema-document.js';
import { type Part, prefixOf, type SchemaNode } from './schema-plan.js';

/**
 * A JSON type as generation sees it: `number` may also produce integers.
 *
 * @example
 * ```ts
 * const type: TypeName = 'integer';
 * ```
 */
export type TypeName = 'null' | 'boolean' | 'object' | 'array' | 'string' | 'integer' | 'number';

export const ALL_TYPES: readonly TypeName[] = [
  'null',
  'boolean',
  'object',
  'array',
  'string',
  'integer',
  'number',
];

/**
 * Number bounds, tightest of all parts; exclusive wins a tie.
 *
 * @example
 * ```ts
 * const rules: NumberRules = { low: 1, lowExclusive: false, high: Infinity, highExclusive: false, multipleOf: [] };
 * ```
 */
export interface NumberRules {
  low: number;
  lowExclusive: boolean;
  high: number;
  highExclusive: boolean;
  multipleOf: number[];
}

export interface StringRules {
  minLength: number;
  maxLength: number;
  patterns: Part[];
  formats: Part[];
}

export interface ArrayRules {
  minItems: number;
  maxItems: number;
  unique: boolean;
  /** The longest prefix (prefixItems, or draft-07 tuple `items`) among the parts. */
  prefixLength: number;
  /** Whether some part has a prefix at all: then item 0 is not the `items` schema alone. */
  hasPrefix: boolean;
}

/**
 * Everything the parts of a combinator-free node say, read once.
 *
 * `allowed` is what the parts accept by type; `generated` is what we produce: the allowed
 * types hinted at by other keywords when no part says `type` (a schema with `properties`
 * gets objects, one with `minLength` strings), and every allowed type when nothing hints.
 *
 * @example
 * ```ts
 * const plan: LeafPlan = planLeaf(document, node, null);
 * plan.generated.has('object');
 * ```
 */
export interface LeafPlan {
  node: SchemaNode;
  /** For `enum`/`const`: the listed values Ajv accepts against every part. */
  candidates: unknown[] | null;
  allowed: ReadonlySet<TypeName>;
  generated: ReadonlySet<TypeName>;
  numbers: NumberRules;
  strings: StringRules;
  arrays: ArrayRules;
  /** Keys named by `properties` or `required` in any part, in the order they appear. */
  declaredKeys: string[];
  required: string[];
  /** Some part has `additionalProperties: false`, so no undeclared key is allowed. */
  extraKeysForbidden: boolean;
  /** Some part states `additionalProperties` (true or a schema): undeclared keys are welcome. */
  extraKeysInvited: boolean;
  /** Nothing constrains the place, so values are free JSON whose objects may have any key. */
  freeForm: boolean;
}

export const STRING_HINTS = ['minLength', 'maxLength', 'pattern', 'format'];
export const NUMBER_HINTS = [
  'minimum',
  'maximum',
  'exclusiveMinimum',
  'exclusiveMaximum',
  'multipleOf',
];
export const OBJECT_HINTS = ['properties', 'required', 'additionalProperties'];
export const ARRAY_HINTS = [
  'items',
  'prefixItems',
  'additionalItems',
  'minItems',
  'maxItems',
  'uniqueItems',
];

/**
 * Reads a combinator-free node. `candidates` are filtered by the caller, who has Ajv.
 *
 * @example
 * ```ts
 * planLeaf(document, node, null).numbers; // { low: 1, ..., multipleOf: [] } for { minimum: 1 }
 * ```
 */
export function planLeaf(
  document: SchemaDocument,
  node: SchemaNode,
  candidates: unknown[] | null,
): LeafPlan {
  let allowed = new Set<TypeName>(ALL_TYPES);
  const hinted = new Set<TypeName>();
  const numbers: NumberRules = {
    low: Number.NEGATIVE_INFINITY,
    lowExclusive: false,
    high: Number.POSITIVE_INFINITY,
    highExclusive: false,
    multipleOf: [],
  };
  const strings: StringRules = {
    minLength: 0,
    maxLength: Number.POSITIVE_INFINITY,
    patterns: [],
    formats: [],
  };
  const arrays: ArrayRules = {
    minItems: 0,
    maxItems: Number.POSITIVE_INFINITY,
    unique: false,
    prefixLength: 0,
    hasPrefix: false,
  };
  const declaredKeys: string[] = [];
  const required: string[] = [];
  let extraKeysForbidden = false;
  let extraKeysInvited = false;
  let typed = false;

  for (const { schema } of node.parts) {
    const types = declaredTypes(schema);
    if (types !== null) {
      typed = true;
      allowed = intersectTypes(allowed, types);
    }
    const has = (keyword: string) => Object.hasOwn(schema, keyword);
    if (STRING_HINTS.some(has)) hinted.add('string');
    if (NUMBER_HINTS.some(has)) hinted.add('number');
    if (OBJECT_HINTS.some(has)) hinted.add('object');
    if (ARRAY_HINTS.some(has)) hinted.add('array');

    readNumberRules(schema, numbers);
    if (typeof schema.minLength === 'number')
      strings.minLength = Math.max(strings.minLength, schema.minLength);
    if (typeof schema.maxLength === 'number')
      strings.maxLength = Math.min(strings.maxLength, schema.maxLength);
    if (typeof schema.minItems === 'number')
      arrays.minItems = Math.max(arrays.minItems, schema.minItems);
    if (typeof schema.maxItems === 'number')
      arrays.maxItems = Math.min(arrays.maxItems, schema.maxItems);
    if (schema.uniqueItems === true) arrays.unique = true;
    const prefix = prefixOf(document, schema);
    if (prefix !== undefined) {
      arrays.hasPrefix = true;
      arrays.prefixLength = Math.max(arrays.prefixLength, prefix.list.length);
    }
    if (isRecord(schema.properties)) {
      for (const key of Object.keys(schema.properties)) {
        if (!declaredKeys.includes(key)) declaredKeys.push(key);
      }
    }
    if (Array.isArray(schema.required)) {
      for (const key of schema.required) {
        if (typeof key !== 'string') continue;
        if (!required.includes(key)) required.push(key);
        if (!declaredKeys.includes(key)) declaredKeys.push(key);
      }
    }
    if (schema.additionalProperties === false) extraKeysForbidden = true;
    else if (Object.hasOwn(schema, 'additionalProperties')) extraKeysInvited = true;
  }
  for (const part of node.parts) {
    if (typeof part.schema.pattern === 'string') strings.patterns.push(part);
    if (typeof part.schema.format === 'string') strings.formats.push(part);
  }

  if (candidates !== null) {
    const listed = new Set<TypeName>(candidates.map(typeOfValue));
    allowed = intersectTypes(allowed, listed);
  }
  let generated: Set<TypeName>;
  if (typed || hinted.size === 0) generated = new Set(allowed);
  else {
    generated = intersectTypes(allowed, hinted);
    if (generated.size === 0) generated = new Set(allowed);
  }
  return {
    node,
    candidates,
    allowed,
    generated,
    numbers,
    strings,
    arrays,
    declaredKeys,
    required,
    extraKeysForbidden,
    extraKeysInvited,
    freeForm: false,
  };
}

export function readNumberRules(schema: JsonObject, rules: NumberRules): void {
  const tighterLow = (value: number, exclusive: boolean) => {
    if (value > rules.low || (value === rules.low && exclusive)) {
      rules.low = value;
      rules.lowExclusive = exclusive;
    }
  };
  const tighterHigh = (value: number, exclusive: boolean) => {
    if (value < rules.high || (value === rules.high && exclusive)) {
      rules.high = value;
      rules.highExclusive = exclusive;
    }
  };
  if (typeof schema.minimum === 'number') tighterLow(schema.minimum, false);
  if (typeof schema.maximum === 'number') tighterHigh(schema.maximum, false);
  if (typeof schema.exclusiveMinimum === 'number') tighterLow(schema.exclusiveMinimum, true);
  if (typeof schema.exclusiveMaximum === 'number') tighterHigh(schema.exclusiveMaximum, true);
  if (typeof schema.multipleOf === 'number' && schema.multipleOf > 0) {
    rules.multipleOf.push(schema.multipleOf);
  }
}

/** The types one schema object allows, `null` when it says nothing about type. */
export function declaredTypes(schema: JsonObject): Set<TypeName> | null {
  const type = schema.type;
  if (type === undefined) return null;
  const names = (Array.isArray(type) ? type : [type]).filter(
    (name): name is TypeName =>
      typeof name === 'string' && (ALL_TYPES as readonly string[]).includes(name),
  );
  const types = new Set<TypeName>(names);
  // Ajv reads OpenAPI's nullable: true beside a type as adding null.
  if (schema.nullable === true) types.add('null');
  return types;
}

/** Types both sets allow; `number` allows integers, so number ∩ integer is integer. */
export function intersectTypes(
  left: ReadonlySet<TypeName>,
  right: ReadonlySet<TypeName>,
): Set<TypeName> {
  const result = new Set<TypeName>();
  for (const name of ['null', 'boolean', 'object', 'array', 'string'] as const) {
    if (left.has(name) && right.has(name)) result.add(name);
  }
  const numeric = (set: ReadonlySet<TypeName>) =>
    set.has('number') ? 2 : set.has('integer') ? 1 : 0;
  const both = Math.min(numeric(left), numeric(right));
  if (both === 2) result.add('number');
  if (both >= 1) result.add('integer');
  return result;
}

/**
 * The JSON Schema type of a JSON value, `integer` for whole numbers.
 *
 * @example
 * ```ts
 * typeOfValue(2); // 'integer'
 * typeOfValue(2.5); // 'number'
 * ```
 */
export function typeOfValue(value: unknown): TypeName {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'number') return Number.isInteger(value) ? 'integer' : 'number';
  if (typeof value === 'string') return 'string';
  if (typeof value === 'boolean') return 'boolean';
  return 'object';
}

/**
 * Whether values of `type` can satisfy a set of allowed types.
 *
 * @example
 * ```ts
 * typeOverlaps(new Set(['number']), 'integer'); // true
 * ```
 */
export function typeOverlaps(allowed: ReadonlySet<TypeName>, type: TypeName): boolean {
  if (type === 'integer' || type === 'number')
    return allowed.has('integer') || allowed.has('number');
  return allowed.has(type);
}

export function numbersDisjoint(left: NumberRules, right: NumberRules): boolean {
  const below = (high: number, highExclusive: boolean, low: number, lowExclusive: boolean) =>
    high < low || (high === low && (highExclusive || lowExclusive));
  return (
    below(left.high, left.highExclusive, right.low, right.lowExclusive) ||
    below(right.high, right.highExclusive, left.low, left.lowExclusive)
  );
}

export function rangesDisjoint(
  leftMin: number,
  leftMax: number,
  rightMin: number,
  rightMax: number,
): boolean {
  return leftMax < rightMin || rightMax < leftMin;
}

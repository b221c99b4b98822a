/**
 * Reads a subschema into what generation needs. A value must satisfy several schema objects
 * at once (the `$ref` target, each `allOf` part, a chosen `anyOf` branch, the additional-
 * properties schema that applies to a key...): each is a {@link Part}, kept with its pointer,
 * and never merged into a synthetic schema, so Ajv can always check a value against the
 * real subschemas it came from.
 */
import { isRecord } from '../../model/narrow.js';
import type { JsonObject } from '../../schema/json-type.js';
import { schemaPathText } from './keywords.js';
import type { SchemaDocument, SchemaEntry } from './schema-document.js';

/**
 * One schema object a value must satisfy, and where it sits.
 *
 * @example
 * const part: Part = { schema: { type: 'integer', minimum: 1 }, pointer: '/properties/qty' };
 */
interface Part {
  schema: JsonObject;
  pointer: string;
}

/**
 * How many times each `$ref` target was entered on the way down: bounds recursion.
 *
 * @example
 * ```ts
 * const visits: RefVisits = new Map([['/$defs/node', 2]]);
 * ```
 */
export type RefVisits = ReadonlyMap<string, number>;

/**
 * Everything a value at one place must satisfy: the parts, which `anyOf`/`oneOf` were
 * already resolved to a branch, and the recursion budget spent so far.
 *
 * @example
 * ```ts
 * const node = expandEntries(document, [{ schema: document.root, pointer: '' }], new Map(), 3);
 * ```
 */
export interface SchemaNode {
  parts: readonly Part[];
  /** `pointer#keyword` of each combinator already resolved (its branch is among the parts). */
  resolved: ReadonlySet<string>;
  visits: RefVisits;
  /** Whether some part is `false`, or a ref went deeper than the budget. */
  impossible: string | null;
  key: string;
}

/**
 * A JSON type as generation sees it: `number` may also produce integers.
 *
 * @example
 * ```ts
 * const type: TypeName = 'integer';
 * ```
 */
export type TypeName = 'null' | 'boolean' | 'object' | 'array' | 'string' | 'integer' | 'number';

const ALL_TYPES: readonly TypeName[] = [
  'null',
  'boolean',
  'object',
  'array',
  'string',
  'integer',
  'number',
];

/**
 * Follows `$ref` and `allOf` until every part is a plain schema object. A `$ref` target may be
 * entered `maxVisits` times along one path; past that the node is impossible (the recursion
 * budget is spent), which the caller turns into a shorter value (an omitted optional key, an
 * empty array, another branch).
 *
 * @example
 * ```ts
 * expandEntries(document, [{ schema: { allOf: [{ $ref: '#/$defs/a' }] }, pointer: '/properties/x' }], new Map(), 3);
 * // parts: /properties/x, /properties/x/allOf/0 and /$defs/a
 * ```
 */
export function expandEntries(
  document: SchemaDocument,
  entries: readonly SchemaEntry[],
  visits: RefVisits,
  maxVisits: number,
  base?: { parts: readonly Part[]; resolved: ReadonlySet<string> },
): SchemaNode {
  const parts: Part[] = base === undefined ? [] : [...base.parts];
  const updatedVisits = new Map(visits);
  const enteredHere = new Set<string>();
  const queue = [...entries];
  let impossible: string | null = null;
  for (let entry = queue.shift(); entry !== undefined; entry = queue.shift()) {
    const { schema, pointer } = entry;
    if (schema === true) continue;
    if (schema === false) {
      impossible ??= `the schema at ${schemaPathText(pointer)} is false`;
      continue;
    }
    if (!isRecord(schema) || parts.some((part) => part.pointer === pointer)) continue;
    parts.push({ schema, pointer });
    if (typeof schema.$ref === 'string') {
      const target = document.resolveRef(schema.$ref, pointer);
      // Applying a schema twice to one value is applying it once: skip repeats (and loops).
      const applied =
        enteredHere.has(target.pointer) || parts.some((part) => part.pointer === target.pointer);
      if (!applied) {
        enteredHere.add(target.pointer);
        const count = updatedVisits.get(target.pointer) ?? 0;
        if (count >= maxVisits) {
          impossible ??= `recursion through ${schemaPathText(target.pointer)} goes deeper than maxDepth`;
        } else {
          updatedVisits.set(target.pointer, count + 1);
          queue.push(target);
        }
      }
    }
    if (Array.isArray(schema.allOf)) {
      schema.allOf.forEach((member, index) => {
        queue.push({ schema: member, pointer: `${pointer}/allOf/${index}` });
      });
    }
  }
  return makeNode(parts, base?.resolved ?? new Set(), updatedVisits, impossible);
}

function makeNode(
  parts: readonly Part[],
  resolved: ReadonlySet<string>,
  visits: RefVisits,
  impossible: string | null,
): SchemaNode {
  const key = JSON.stringify([
    parts.map((part) => part.pointer).sort(),
    [...resolved].sort(),
    [...visits.entries()].sort(([left], [right]) => (left < right ? -1 : left > right ? 1 : 0)),
    impossible,
  ]);
  return { parts, resolved, visits, impossible, key };
}

/**
 * The first `anyOf`/`oneOf` not yet resolved to a branch, if any.
 *
 * @example
 * // for a part { anyOf: [a, b] } at '/x': { keyword: 'anyOf', part, branches: [a, b] }
 */
export interface Combinator {
  keyword: 'anyOf' | 'oneOf';
  part: Part;
  branches: readonly unknown[];
}

/**
 * The first `anyOf`/`oneOf` of the node not yet resolved to a branch, or `null`.
 *
 * @example
 * ```ts
 * nextCombinator(node)?.keyword; // 'oneOf'
 * ```
 */
export function nextCombinator(node: SchemaNode): Combinator | null {
  for (const part of node.parts) {
    for (const keyword of ['anyOf', 'oneOf'] as const) {
      const branches = part.schema[keyword];
      if (Array.isArray(branches) && !node.resolved.has(`${part.pointer}#${keyword}`)) {
        return { keyword, part, branches };
      }
    }
  }
  return null;
}

/**
 * The node with one branch of a combinator added as parts.
 *
 * @example
 * ```ts
 * const combinator = nextCombinator(node);
 * if (combinator !== null) withBranch(document, node, combinator, 0, 3); // the node with branch 0 applied
 * ```
 */
export function withBranch(
  document: SchemaDocument,
  node: SchemaNode,
  combinator: Combinator,
  index: number,
  maxVisits: number,
): SchemaNode {
  const resolved = new Set(node.resolved);
  resolved.add(`${combinator.part.pointer}#${combinator.keyword}`);
  const branch = expandEntries(
    document,
    [
      {
        schema: combinator.branches[index],
        pointer: `${combinator.part.pointer}/${combinator.keyword}/${index}`,
      },
    ],
    node.visits,
    maxVisits,
    { parts: node.parts, resolved },
  );
  const impossible = node.impossible ?? branch.impossible;
  return makeNode(branch.parts, branch.resolved, branch.visits, impossible);
}

/**
 * The values of the first `const` or `enum` among the parts, or `null` when there is none.
 *
 * @example
 * ```ts
 * listedValues(node); // ['usd', 'eur'] for a node with enum: ['usd', 'eur']
 * ```
 */
export function listedValues(node: SchemaNode): unknown[] | null {
  for (const part of node.parts) {
    if (Object.hasOwn(part.schema, 'const')) return [part.schema.const];
    if (Array.isArray(part.schema.enum)) return [...part.schema.enum];
  }
  return null;
}

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

interface StringRules {
  minLength: number;
  maxLength: number;
  patterns: Part[];
  formats: Part[];
}

interface ArrayRules {
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

const STRING_HINTS = ['minLength', 'maxLength', 'pattern', 'format'];
const NUMBER_HINTS = ['minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum', 'multipleOf'];
const OBJECT_HINTS = ['properties', 'required', 'additionalProperties'];
const ARRAY_HINTS = [
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

function readNumberRules(schema: JsonObject, rules: NumberRules): void {
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
function declaredTypes(schema: JsonObject): Set<TypeName> | null {
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
function intersectTypes(left: ReadonlySet<TypeName>, right: ReadonlySet<TypeName>): Set<TypeName> {
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

interface Prefix {
  list: readonly unknown[];
  keyword: string;
}

/** The tuple part of an array schema in the document's dialect. */
function prefixOf(document: SchemaDocument, schema: JsonObject): Prefix | undefined {
  if (document.dialect === 'draft-2020-12') {
    return Array.isArray(schema.prefixItems)
      ? { list: schema.prefixItems, keyword: 'prefixItems' }
      : undefined;
  }
  return Array.isArray(schema.items) ? { list: schema.items, keyword: 'items' } : undefined;
}

/** The schema for items past the prefix, in the document's dialect. */
function restOf(document: SchemaDocument, part: Part): SchemaEntry | undefined {
  const { schema, pointer } = part;
  if (document.dialect === 'draft-2020-12') {
    return Object.hasOwn(schema, 'items')
      ? { schema: schema.items, pointer: `${pointer}/items` }
      : undefined;
  }
  if (Array.isArray(schema.items)) {
    return Object.hasOwn(schema, 'additionalItems')
      ? { schema: schema.additionalItems, pointer: `${pointer}/additionalItems` }
      : undefined;
  }
  return Object.hasOwn(schema, 'items')
    ? { schema: schema.items, pointer: `${pointer}/items` }
    : undefined;
}

/**
 * What the item at `index` must satisfy, from every part.
 *
 * @example
 * ```ts
 * itemEntries(document, node, 0); // [{ schema: node's prefixItems[0] or items, pointer }]
 * ```
 */
export function itemEntries(
  document: SchemaDocument,
  node: SchemaNode,
  index: number,
): SchemaEntry[] {
  const entries: SchemaEntry[] = [];
  for (const part of node.parts) {
    const prefix = prefixOf(document, part.schema);
    if (prefix !== undefined && index < prefix.list.length) {
      entries.push({
        schema: prefix.list[index],
        pointer: `${part.pointer}/${prefix.keyword}/${index}`,
      });
      continue;
    }
    const rest = restOf(document, part);
    if (rest !== undefined) entries.push(rest);
  }
  return entries;
}

/**
 * What the value of key `key` must satisfy, from every part.
 *
 * @example
 * ```ts
 * propertyEntries(node, 'sku'); // [{ schema: { type: 'string' }, pointer: '/properties/sku' }]
 * ```
 */
export function propertyEntries(node: SchemaNode, key: string): SchemaEntry[] {
  const entries: SchemaEntry[] = [];
  for (const { schema, pointer } of node.parts) {
    if (isRecord(schema.properties) && Object.hasOwn(schema.properties, key)) {
      entries.push({
        schema: schema.properties[key],
        pointer: `${pointer}/properties/${key.replaceAll('~', '~0').replaceAll('/', '~1')}`,
      });
    } else if (Object.hasOwn(schema, 'additionalProperties')) {
      entries.push({
        schema: schema.additionalProperties,
        pointer: `${pointer}/additionalProperties`,
      });
    }
  }
  return entries;
}

/**
 * What the value of an undeclared key must satisfy, from every part.
 *
 * @example
 * ```ts
 * extraKeyEntries(node); // [{ schema: { type: 'integer' }, pointer: '/additionalProperties' }]
 * ```
 */
export function extraKeyEntries(node: SchemaNode): SchemaEntry[] {
  return node.parts
    .filter(({ schema }) => Object.hasOwn(schema, 'additionalProperties'))
    .map(({ schema, pointer }) => ({
      schema: schema.additionalProperties,
      pointer: `${pointer}/additionalProperties`,
    }));
}

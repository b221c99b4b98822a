/**
 * Reads a subschema into what generation needs. A value must satisfy several schema objects
 * at once (the `$ref` target, each `allOf` part, a chosen `anyOf` branch, the additional-
 * properties schema that applies to a key...): each is a {@link Part}, kept with its pointer,
 * and never merged into a synthetic schema, so Ajv can always check a value against the
 * real subschemas it came from.
 */
import { isRecord } from '../model/narrow.js';
import { escapePointerToken } from '../schema/json-pointer.js';
import type { JsonObject } from '../schema/json-type.js';
import { schemaPathText } from './keywords.js';
import type { SchemaDocument, SchemaEntry } from './schema-document.js';

/**
 * One schema object a value must satisfy, and where it sits.
 *
 * @example
 * const part: Part = { schema: { type: 'integer', minimum: 1 }, pointer: '/properties/qty' };
 */
export interface Part {
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

interface Prefix {
  list: readonly unknown[];
  keyword: string;
}

/** The tuple part of an array schema in the document's dialect. */
export function prefixOf(document: SchemaDocument, schema: JsonObject): Prefix | undefined {
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
        pointer: `${pointer}/properties/${escapePointerToken(key)}`,
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

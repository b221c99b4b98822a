import { isRecord } from '../model/narrow.js';
import { type JsonObject, setOwnKey } from './json-type.js';

/** Keywords whose value is one subschema. */
const SINGLE_SUBSCHEMA_KEYWORDS = [
  'additionalItems',
  'additionalProperties',
  'contains',
  'contentSchema',
  'else',
  'if',
  'items',
  'not',
  'propertyNames',
  'then',
  'unevaluatedItems',
  'unevaluatedProperties',
] as const;

/** Keywords whose value is an array of subschemas (`items` too, in its draft-07 tuple form). */
const SUBSCHEMA_LIST_KEYWORDS = ['allOf', 'anyOf', 'items', 'oneOf', 'prefixItems'] as const;

/** Keywords whose value maps names to subschemas (`dependencies` mixes in string arrays). */
const SUBSCHEMA_MAP_KEYWORDS = [
  '$defs',
  'definitions',
  'dependencies',
  'dependentSchemas',
  'patternProperties',
  'properties',
] as const;

function isSubschema(value: unknown): value is JsonObject | boolean {
  return isRecord(value) || typeof value === 'boolean';
}

/**
 * Rebuilds a schema tree bottom-up without recursion: `rewrite` receives a shallow copy of
 * each schema object (never the original) and returns the object to keep, then its
 * subschemas, found by keyword position, are rewritten the same way. A property *named*
 * `items` is never mistaken for the keyword, and `enum`/`const`/`default` values are
 * data, left untouched. Every object or array on the way to a subschema is copied, so
 * the input is never changed.
 *
 * @example
 * rewriteSchemaTree({ properties: { a: { type: 'STRING' } } }, (node) => node); // a structural copy
 */
export function rewriteSchemaTree(
  schema: unknown,
  rewrite: (node: JsonObject) => JsonObject,
): unknown {
  if (!isRecord(schema)) return schema;
  let root: JsonObject = schema;
  const pending: Array<{ node: JsonObject; place: (value: JsonObject) => void }> = [
    {
      node: schema,
      place: (value) => {
        root = value;
      },
    },
  ];
  while (pending.length > 0) {
    const { node, place } = pending.pop() as (typeof pending)[number];
    const rewritten = rewrite({ ...node });
    place(rewritten);
    const visit = (child: unknown, placeChild: (value: JsonObject) => void): void => {
      if (isRecord(child)) pending.push({ node: child, place: placeChild });
    };
    for (const keyword of SINGLE_SUBSCHEMA_KEYWORDS) {
      if (!Object.hasOwn(rewritten, keyword)) continue;
      visit(rewritten[keyword], (value) => setOwnKey(rewritten, keyword, value));
    }
    for (const keyword of SUBSCHEMA_LIST_KEYWORDS) {
      const list = Object.hasOwn(rewritten, keyword) ? rewritten[keyword] : undefined;
      if (!Array.isArray(list)) continue;
      const copy = [...list];
      setOwnKey(rewritten, keyword, copy);
      copy.forEach((child, index) => {
        visit(child, (value) => {
          copy[index] = value;
        });
      });
    }
    for (const keyword of SUBSCHEMA_MAP_KEYWORDS) {
      const map = Object.hasOwn(rewritten, keyword) ? rewritten[keyword] : undefined;
      if (!isRecord(map)) continue;
      const copy: JsonObject = { ...map };
      setOwnKey(rewritten, keyword, copy);
      for (const [name, child] of Object.entries(copy)) {
        if (isSubschema(child)) visit(child, (value) => setOwnKey(copy, name, value));
      }
    }
  }
  return root;
}

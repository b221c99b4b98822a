import { isRecord } from '../model/narrow.js';
import { type JsonObject, setOwnKey } from './json-type.js';
import { rewriteSchemaTree } from './schema-tree.js';

/**
 * Which shared Ajv instance compiles a schema.
 *
 * @example
 * const dialect: Dialect = 'draft-07'; // for $schema: 'http://json-schema.org/draft-07/schema#'
 */
export type Dialect = 'draft-2020-12' | 'draft-07';

/**
 * A schema made ready for its dialect's Ajv instance.
 *
 * @example
 * prepareForDialect({ $schema: 5 }); // { ok: false, reason: '$schema must be a URI string, got 5' }
 */
export type PreparedSchema =
  | { ok: true; dialect: Dialect; schema: JsonObject }
  | { ok: false; reason: string };

const DRAFT_07_URI = 'http://json-schema.org/draft-07/schema#';
const DRAFT_2020_URI = 'https://json-schema.org/draft/2020-12/schema';
const DRAFT_07_STYLE = /^https?:\/\/json-schema\.org\/draft-0([3-7])\/schema#?$/;
const DRAFT_2020_STYLE = /^https?:\/\/json-schema\.org\/draft\/2020-12\/schema#?$/;

/**
 * Chooses the dialect from the root `$schema` and rewrites a private copy to suit it.
 *
 * - draft-07 URIs go to the draft-07 instance; draft-06 and draft-04 URIs too, with
 *   `$schema` renamed to draft-07 and draft-04's boolean `exclusiveMinimum` /
 *   `exclusiveMaximum` and `id` turned into their draft-06+ forms.
 * - a 2020-12 URI goes to the 2020 instance as it is.
 * - no `$schema` (what tool schemas usually carry), 2019-09 or an unknown URI go to the
 *   2020 instance, read as draft-07-shaped where that is unambiguous: a tuple `items`
 *   array becomes `prefixItems`, `additionalItems` becomes `items`, `$id: '#name'`
 *   becomes `$anchor: 'name'`. An unknown meta-schema is never fetched; its URI is dropped.
 * - in every dialect, `properties.__proto__` moves to `patternProperties` (Ajv skips it).
 *
 * `definitions`, `$ref: '#/definitions/x'` and `dependencies` need no rewrite: Ajv's 2020
 * instance still resolves pointers into any key and still implements `dependencies`.
 *
 * @example
 * prepareForDialect({ items: [{ type: 'string' }], additionalItems: false });
 * // { ok: true, dialect: 'draft-2020-12', schema: { prefixItems: [{ type: 'string' }], items: false } }
 */
export function prepareForDialect(schema: JsonObject): PreparedSchema {
  const declared: unknown = Object.hasOwn(schema, '$schema') ? schema.$schema : undefined;
  if (declared !== undefined && typeof declared !== 'string') {
    return { ok: false, reason: `$schema must be a URI string, got ${JSON.stringify(declared)}` };
  }
  const draftNumber = declared === undefined ? undefined : DRAFT_07_STYLE.exec(declared)?.[1];
  if (draftNumber !== undefined) {
    const fromOlderDraft = Number(draftNumber) <= 4 ? fromDraft04 : unchanged;
    const rewritten = rewriteSchemaTree(schema, (node) =>
      protoPropertyAsPattern(fromOlderDraft(node)),
    );
    return { ok: true, dialect: 'draft-07', schema: withSchemaUri(rewritten, DRAFT_07_URI) };
  }
  if (declared !== undefined && DRAFT_2020_STYLE.test(declared)) {
    const rewritten = rewriteSchemaTree(schema, protoPropertyAsPattern);
    return { ok: true, dialect: 'draft-2020-12', schema: withSchemaUri(rewritten, DRAFT_2020_URI) };
  }
  const rewritten = rewriteSchemaTree(schema, (node) =>
    protoPropertyAsPattern(fromDraft07Shapes(node)),
  );
  return { ok: true, dialect: 'draft-2020-12', schema: withSchemaUri(rewritten, undefined) };
}

function unchanged(node: JsonObject): JsonObject {
  return node;
}

function withSchemaUri(schema: unknown, uri: string | undefined): JsonObject {
  const copy: JsonObject = isRecord(schema) ? { ...schema } : {};
  if (uri === undefined) delete copy.$schema;
  else copy.$schema = uri;
  return copy;
}

const PROTO_KEY = '__proto__';
const PROTO_PATTERN = '^__proto__$';

/**
 * Ajv skips a property named `__proto__` in `properties` (a guard of its own), so its
 * schema would never apply and `additionalProperties: false` would call it undeclared.
 * The same schema under `patternProperties` matches exactly that key, and Ajv honours it.
 */
function protoPropertyAsPattern(node: JsonObject): JsonObject {
  const properties = node.properties;
  if (!isRecord(properties) || !Object.hasOwn(properties, PROTO_KEY)) return node;
  const patterns = isRecord(node.patternProperties) ? node.patternProperties : {};
  if (Object.hasOwn(patterns, PROTO_PATTERN)) return node;
  const remaining: JsonObject = {};
  for (const [key, value] of Object.entries(properties)) {
    if (key !== PROTO_KEY) setOwnKey(remaining, key, value);
  }
  const protoSchema: unknown = Object.getOwnPropertyDescriptor(properties, PROTO_KEY)?.value;
  return {
    ...node,
    properties: remaining,
    patternProperties: { ...patterns, [PROTO_PATTERN]: protoSchema },
  };
}

const ANCHOR_NAME = /^[A-Za-z_][-A-Za-z0-9._]*$/;

/**
 * Draft-07 shapes in their 2020-12 forms: tuple `items` + `additionalItems` as
 * `prefixItems` + `items`, and a plain-name fragment `$id: '#name'` as `$anchor: 'name'`.
 */
function fromDraft07Shapes(node: JsonObject): JsonObject {
  let rewritten = node;
  if (Array.isArray(node.items) && !Object.hasOwn(node, 'prefixItems')) {
    const { items, additionalItems, ...rest } = node;
    rewritten = { ...rest, prefixItems: items };
    if (Object.hasOwn(node, 'additionalItems')) rewritten.items = additionalItems;
  }
  const id = node.$id;
  const anchor = typeof id === 'string' && id.startsWith('#') ? id.slice(1) : undefined;
  if (anchor !== undefined && ANCHOR_NAME.test(anchor) && !Object.hasOwn(node, '$anchor')) {
    const { $id: _fragment, ...rest } = rewritten;
    rewritten = { ...rest, $anchor: anchor };
  }
  return rewritten;
}

/** Draft-04's boolean exclusive bounds and `id`, in their draft-06+ forms. */
function fromDraft04(node: JsonObject): JsonObject {
  const rewritten = { ...node };
  for (const [exclusive, bound] of [
    ['exclusiveMinimum', 'minimum'],
    ['exclusiveMaximum', 'maximum'],
  ] as const) {
    const flag = rewritten[exclusive];
    if (typeof flag !== 'boolean') continue;
    delete rewritten[exclusive];
    if (flag && typeof rewritten[bound] === 'number') {
      rewritten[exclusive] = rewritten[bound];
      delete rewritten[bound];
    }
  }
  if (typeof rewritten.id === 'string' && !Object.hasOwn(rewritten, '$id')) {
    rewritten.$id = rewritten.id;
    delete rewritten.id;
  }
  return rewritten;
}

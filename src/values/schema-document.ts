import { isRecord } from '../model/narrow.js';
import { type AjvInstance, createAjv } from '../schema/ajv-runtime.js';
import { checkArguments } from '../schema/check-arguments.js';
import type { ValidateFunction } from '../schema/compile-cache.js';
import { type Dialect, prepareForDialect } from '../schema/dialect.js';
import { escapePointerToken, pointerTokens } from '../schema/json-pointer.js';
import type { JsonObject } from '../schema/json-type.js';
import { libraryMessage } from '../text/library-message.js';
import { schemaPathText, UnsupportedSchemaError } from './keywords.js';

/**
 * A subschema and the JSON pointer where it sits in the prepared document.
 *
 * @example
 * const entry: SchemaEntry = { schema: { type: 'string' }, pointer: '/properties/sku' };
 */
export interface SchemaEntry {
  schema: unknown;
  pointer: string;
}

/** Documents added before the instance is replaced, so Ajv's code scope cannot grow forever. */
const DOCUMENTS_PER_INSTANCE = 200;

interface SharedAjv {
  ajv: AjvInstance;
  documents: number;
}

const shared: Partial<Record<Dialect, SharedAjv>> = {};
let documentCounter = 0;

function ajvFor(dialect: Dialect): SharedAjv {
  let current = shared[dialect];
  if (current === undefined || current.documents >= DOCUMENTS_PER_INSTANCE) {
    // checkArguments' own options and formats, so generation and checking never disagree.
    current = { ajv: createAjv(dialect), documents: 0 };
    shared[dialect] = current;
  }
  current.documents += 1;
  return current;
}

const NESTED_ID_WHY =
  'a nested $id changes the base URI of the $refs below it; only local refs against the root are resolved';

/**
 * One schema prepared the way checkArguments reads it (same dialect choice, same draft-07
 * rewrites), with what generation needs: local `$ref` resolution, every declared key name,
 * and Ajv validators for any subschema, compiled in the context of the whole document.
 * Call {@link SchemaDocument.dispose} when done so Ajv forgets it.
 *
 * @example
 * ```ts
 * const document = new SchemaDocument({ $defs: { id: { type: 'string' } }, $ref: '#/$defs/id' });
 * document.resolveRef('#/$defs/id', ''); // { schema: { type: 'string' }, pointer: '/$defs/id' }
 * document.dispose();
 * ```
 */
export class SchemaDocument {
  readonly root: JsonObject;
  readonly dialect: Dialect;
  /** Every key named in any `properties` or `required`: extra keys never use these names. */
  readonly declaredNames: ReadonlySet<string>;
  private readonly anchors = new Map<string, string>();
  private readonly rootId: string | undefined;
  private registration: { shared: SharedAjv; key: string; before: Set<string> } | undefined;
  private readonly validators = new Map<string, ValidateFunction>();

  constructor(schema: JsonObject) {
    const prepared = prepareForDialect(JSON.parse(JSON.stringify(schema)) as JsonObject);
    if (!prepared.ok) {
      throw new Error(libraryMessage(`argumentsFor needs a usable schema: ${prepared.reason}`));
    }
    this.root = prepared.schema;
    this.dialect = prepared.dialect;
    const id = this.root.$id;
    this.rootId = typeof id === 'string' && !id.startsWith('#') ? id.split('#')[0] : undefined;
    const names = new Set<string>();
    const refs: { ref: string; pointer: string }[] = [];
    let nestedIdAt: string | undefined;
    walkSubschemas(this.root, '', (node, pointer) => {
      if (isRecord(node.properties)) for (const key of Object.keys(node.properties)) names.add(key);
      if (Array.isArray(node.required)) {
        for (const key of node.required) if (typeof key === 'string') names.add(key);
      }
      if (typeof node.$ref === 'string') refs.push({ ref: node.$ref, pointer });
      if (typeof node.$anchor === 'string') this.anchors.set(node.$anchor, pointer);
      if (typeof node.$id === 'string' && pointer !== '') {
        // Draft-07 names a plain anchor with a fragment-only $id.
        if (node.$id.startsWith('#')) this.anchors.set(node.$id.slice(1), pointer);
        else nestedIdAt ??= pointer;
      }
    });
    this.declaredNames = names;
    if (refs.length > 0 && nestedIdAt !== undefined) {
      throw new UnsupportedSchemaError('$id', schemaPathText(`${nestedIdAt}/$id`), NESTED_ID_WHY);
    }
    // Refs first: a remote one is a keyword we cannot honour, named as such.
    for (const { ref, pointer } of refs) this.resolveRef(ref, pointer);
    const usable = checkArguments(schema, null);
    if (usable.kind === 'schema-invalid') {
      throw new Error(libraryMessage(`argumentsFor needs a usable schema: ${usable.reason}`));
    }
  }

  /** The subschema a `$ref` found at `pointer` points to. Throws for refs it cannot resolve locally. */
  resolveRef(ref: string, pointer: string): SchemaEntry {
    const where = schemaPathText(`${pointer}/$ref`);
    let fragment: string | undefined;
    if (ref.startsWith('#')) fragment = ref.slice(1);
    else if (
      this.rootId !== undefined &&
      (ref === this.rootId || ref.startsWith(`${this.rootId}#`))
    ) {
      fragment = ref.slice(this.rootId.length + 1);
    }
    if (fragment === undefined) {
      throw new UnsupportedSchemaError(
        '$ref',
        where,
        `${JSON.stringify(ref)} points outside the schema; remote schemas are never fetched`,
      );
    }
    const decoded = safeDecode(fragment);
    if (decoded === '' || decoded.startsWith('/')) {
      const target = this.at(decoded);
      if (target === undefined) {
        throw new UnsupportedSchemaError('$ref', where, `${JSON.stringify(ref)} points to nothing`);
      }
      return { schema: target, pointer: decoded };
    }
    const anchored = this.anchors.get(decoded);
    if (anchored === undefined) {
      throw new UnsupportedSchemaError(
        '$ref',
        where,
        `no $anchor named ${JSON.stringify(decoded)}`,
      );
    }
    return { schema: this.at(anchored), pointer: anchored };
  }

  /** The value at a JSON pointer in the prepared document, `undefined` when there is none. */
  at(pointer: string): unknown {
    if (pointer === '') return this.root;
    let node: unknown = this.root;
    for (const token of pointerTokens(pointer)) {
      if (Array.isArray(node)) node = node[Number(token)];
      else if (isRecord(node) && Object.hasOwn(node, token)) node = node[token];
      else return undefined;
    }
    return node;
  }

  /** Whether Ajv accepts `value` against the subschema at `pointer`, in the document's context. */
  accepts(pointer: string, value: unknown): boolean {
    return this.validatorAt(pointer)(value) === true;
  }

  /** Whether Ajv accepts `value` against every subschema listed. */
  acceptsAll(pointers: readonly string[], value: unknown): boolean {
    return pointers.every((pointer) => this.accepts(pointer, value));
  }

  /** Makes Ajv forget the document and every validator compiled for it. */
  dispose(): void {
    const registration = this.registration;
    if (registration === undefined) return;
    this.registration = undefined;
    this.validators.clear();
    const { ajv } = registration.shared;
    try {
      ajv.removeSchema(registration.key);
      for (const key of Object.keys(ajv.refs)) {
        if (!registration.before.has(key)) delete ajv.refs[key];
      }
      for (const key of Object.keys(ajv.schemas)) {
        if (!registration.before.has(key)) delete ajv.schemas[key];
      }
    } catch {
      // Nothing to undo: the next document gets its own key either way.
    }
  }

  private validatorAt(pointer: string): ValidateFunction {
    const cached = this.validators.get(pointer);
    if (cached !== undefined) return cached;
    const registration = this.register();
    const validate = registration.shared.ajv.getSchema(
      `${registration.key}#${encodePointer(pointer)}`,
    );
    if (validate === undefined) {
      throw new Error(
        libraryMessage(`argumentsFor could not compile the subschema at #${pointer}`),
      );
    }
    this.validators.set(pointer, validate);
    return validate;
  }

  private register(): { shared: SharedAjv; key: string; before: Set<string> } {
    if (this.registration !== undefined) return this.registration;
    const sharedAjv = ajvFor(this.dialect);
    const { ajv } = sharedAjv;
    const before = new Set([...Object.keys(ajv.refs), ...Object.keys(ajv.schemas)]);
    documentCounter += 1;
    const key = this.rootId ?? `urn:tool-call-health:arbitraries:${documentCounter}`;
    if (
      this.rootId !== undefined &&
      (ajv.schemas[key] !== undefined || ajv.refs[key] !== undefined)
    ) {
      throw new Error(
        libraryMessage(`argumentsFor: the schema's $id ${JSON.stringify(key)} is already taken`),
      );
    }
    ajv.addSchema(this.root, this.rootId === undefined ? key : undefined);
    this.registration = { shared: sharedAjv, key, before };
    return this.registration;
  }
}

/** A pointer as a URI fragment: each token percent-encoded, `~0`/`~1` kept. */
function encodePointer(pointer: string): string {
  return pointer
    .split('/')
    .map((token) => encodeURIComponent(token))
    .join('/');
}

function safeDecode(fragment: string): string {
  try {
    return decodeURIComponent(fragment);
  } catch {
    return fragment;
  }
}

const SCHEMA_MAP_KEYWORDS = [
  '$defs',
  'definitions',
  'properties',
  'patternProperties',
  'dependentSchemas',
];
const SCHEMA_LIST_KEYWORDS = ['allOf', 'anyOf', 'oneOf', 'prefixItems', 'items'];
const SCHEMA_KEYWORDS = [
  'additionalProperties',
  'items',
  'additionalItems',
  'contains',
  'not',
  'if',
  'then',
  'else',
  'propertyNames',
  'unevaluatedItems',
  'unevaluatedProperties',
];

/** Visits every schema object of a document by keyword position, never inside `enum`/`const` data. */
function walkSubschemas(
  root: unknown,
  rootPointer: string,
  visit: (node: JsonObject, pointer: string) => void,
): void {
  const pending: SchemaEntry[] = [{ schema: root, pointer: rootPointer }];
  for (let entry = pending.pop(); entry !== undefined; entry = pending.pop()) {
    const node = entry.schema;
    if (!isRecord(node)) continue;
    visit(node, entry.pointer);
    for (const keyword of SCHEMA_MAP_KEYWORDS) {
      const map = node[keyword];
      if (!isRecord(map)) continue;
      for (const [key, value] of Object.entries(map)) {
        pending.push({
          schema: value,
          pointer: `${entry.pointer}/${keyword}/${escapePointerToken(key)}`,
        });
      }
    }
    for (const keyword of SCHEMA_LIST_KEYWORDS) {
      const list = node[keyword];
      if (!Array.isArray(list)) continue;
      list.forEach((value, index) => {
        pending.push({ schema: value, pointer: `${entry.pointer}/${keyword}/${index}` });
      });
    }
    for (const keyword of SCHEMA_KEYWORDS) {
      if (isRecord(node[keyword])) {
        pending.push({ schema: node[keyword], pointer: `${entry.pointer}/${keyword}` });
      }
    }
  }
}

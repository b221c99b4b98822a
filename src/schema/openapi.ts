import { isRecord } from '../model/narrow.js';
import { type JsonObject, setOwnKey } from './json-type.js';

/** OpenAPI keys whose value is one schema. */
const SINGLE_SCHEMA_KEYS = new Set(['items', 'not', 'additionalProperties']);
/** OpenAPI keys whose value is a list of schemas. */
const SCHEMA_LIST_KEYS = new Set(['anyOf', 'oneOf', 'allOf', 'prefixItems']);
/** OpenAPI keys whose value maps names to schemas. */
const SCHEMA_MAP_KEYS = new Set(['properties', '$defs', 'definitions', 'patternProperties']);
/** int64 counts that Google's JSON encoding may write as decimal strings ("3"). */
const COUNT_KEYS = new Set([
  'minItems',
  'maxItems',
  'minLength',
  'maxLength',
  'minProperties',
  'maxProperties',
]);
/** Keys with no meaning in JSON Schema: Gemini's display order, and `nullable` once applied. */
const DROPPED_KEYS = new Set(['propertyOrdering', 'nullable']);

/** How a value is read: a schema, a map from names to schemas, or plain data. */
type Role = 'schema' | 'schema-map' | 'data';

/**
 * Converts a Gemini `functionDeclarations[].parameters` schema (an OpenAPI 3.0 subset)
 * into JSON Schema that `checkArguments` understands:
 *
 * - `type` names are lower-cased (`OBJECT` -> `object`); `TYPE_UNSPECIFIED` is dropped;
 * - `nullable: true` adds `'null'` to `type` (and `null` to an `enum`); as in OpenAPI
 *   3.0.3, it does nothing where no `type` is given;
 * - `propertyOrdering` and Gemini's `format: 'enum'` marker are dropped;
 * - counts written as strings (`"maxItems": "3"`, Google's int64 encoding) become numbers.
 *
 * Returns a new value and never changes the input. Iterative, so depth cannot overflow
 * the stack; shared or cyclic input objects become shared or cyclic output objects, so
 * nothing is expanded. Junk in gives junk out (a copy), never a throw.
 *
 * @example
 * openApiToJsonSchema({ type: 'OBJECT', properties: { when: { type: 'STRING', nullable: true } } });
 * // { type: 'object', properties: { when: { type: ['string', 'null'] } } }
 */
export function openApiToJsonSchema(schema: unknown): unknown {
  try {
    return convert(schema);
  } catch {
    // Only a hostile input (a throwing getter, a revoked proxy) lands here.
    return {};
  }
}

function convert(input: unknown): unknown {
  const converted: Record<Role, Map<object, JsonObject | unknown[]>> = {
    schema: new Map(),
    'schema-map': new Map(),
    data: new Map(),
  };
  const pending: Array<{ source: object; role: Role; target: JsonObject | unknown[] }> = [];
  const nullable: JsonObject[] = [];
  const output = (value: unknown, role: Role): unknown => {
    if (typeof value !== 'object' || value === null) return value;
    const seen = converted[role].get(value);
    if (seen !== undefined) return seen;
    const target: JsonObject | unknown[] = Array.isArray(value) ? [] : {};
    converted[role].set(value, target);
    pending.push({ source: value, role, target });
    return target;
  };

  const result = output(input, 'schema');
  while (pending.length > 0) {
    const { source, role, target } = pending.pop() as (typeof pending)[number];
    if (Array.isArray(source)) {
      // A list met in schema position (anyOf, a tuple, or junk) holds schemas.
      const itemRole = role === 'data' ? 'data' : 'schema';
      for (const item of source) (target as unknown[]).push(output(item, itemRole));
      continue;
    }
    const into = target as JsonObject;
    const entries = Object.entries(source);
    if (role !== 'schema') {
      const valueRole = role === 'schema-map' ? 'schema' : 'data';
      for (const [key, value] of entries) setOwnKey(into, key, output(value, valueRole));
      continue;
    }
    for (const [key, value] of entries) {
      if (DROPPED_KEYS.has(key) || (key === 'format' && value === 'enum')) continue;
      if (key === 'type') {
        const type = convertType(value);
        if (type !== undefined) setOwnKey(into, key, output(type, 'data'));
      } else if (COUNT_KEYS.has(key) && typeof value === 'string' && /^\d+$/.test(value)) {
        setOwnKey(into, key, Number(value));
      } else {
        setOwnKey(into, key, output(value, roleOf(key, value)));
      }
    }
    if (Object.hasOwn(source, 'nullable') && (source as JsonObject).nullable === true) {
      nullable.push(into);
    }
  }
  // Only now are the converted `type` and `enum` lists filled in.
  for (const schema of nullable) addNull(schema);
  return result;
}

function roleOf(key: string, value: unknown): Role {
  if (SINGLE_SCHEMA_KEYS.has(key) && isRecord(value)) return 'schema';
  if ((SCHEMA_LIST_KEYS.has(key) || key === 'items') && Array.isArray(value)) return 'schema';
  if (SCHEMA_MAP_KEYS.has(key) && isRecord(value)) return 'schema-map';
  return 'data';
}

function convertType(value: unknown): unknown {
  if (typeof value === 'string') {
    const lower = value.toLowerCase();
    return lower === 'type_unspecified' || lower === '' ? undefined : lower;
  }
  if (Array.isArray(value)) {
    return value.map((item) => (typeof item === 'string' ? item.toLowerCase() : item));
  }
  return value;
}

function addNull(schema: JsonObject): void {
  const type = schema.type;
  if (typeof type === 'string') {
    if (type !== 'null') schema.type = [type, 'null'];
  } else if (Array.isArray(type)) {
    if (!type.includes('null')) schema.type = [...type, 'null'];
  } else {
    return;
  }
  if (Array.isArray(schema.enum) && !schema.enum.includes(null)) {
    schema.enum = [...schema.enum, null];
  }
}

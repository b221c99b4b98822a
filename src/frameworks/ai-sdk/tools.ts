/**
 * An AI SDK `ToolSet` (the object given to `generateText({ tools })`, keyed by tool name) as
 * declarations a surface reads: `{ type: 'function', name, description, parameters, strict }`.
 * The parameters are the JSON Schema the AI SDK itself would send, taken where it exposes one:
 * an AI SDK schema's own `jsonSchema` (from `jsonSchema()` or `zodSchema()`), or a Standard
 * JSON Schema's `~standard.jsonSchema.input()` (zod 4, ArkType, Valibot with its converter),
 * with `additionalProperties: false` added to every object that leaves it out, as the AI SDK
 * does. A schema that only a promise or a function would give is never guessed: its tool is
 * declared without one, with a note.
 */
import { type Json, recordOf } from '../../model/narrow.js';

/** The marker the AI SDK puts on its own schemas (`Symbol.for('vercel.ai.schema')`). */
const AI_SDK_SCHEMA = Symbol.for('vercel.ai.schema');

/** What the AI SDK uses for a tool with no input schema. */
const NO_INPUT = { type: 'object', properties: {}, additionalProperties: false } as const;

/**
 * Whether a value is a `ToolSet`: a plain record of at least one tool, each a record with its
 * own `inputSchema`, or a provider-defined tool (`type: 'provider'`). A `tools/list` result or a
 * list of declarations is no ToolSet.
 *
 * @example
 * isToolSet({ lookup_order: tool({ inputSchema: z.object({ id: z.string() }) }) }); // true
 */
export function isToolSet(value: unknown): value is Json {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const entries = Object.values(value);
  if (entries.length === 0) return false;
  return entries.every((entry) => {
    const tool = recordOf(entry);
    return (
      tool !== undefined &&
      (Object.hasOwn(tool, 'inputSchema') || tool.type === 'provider' || tool.type === 'dynamic')
    );
  });
}

/**
 * The declarations a ToolSet holds, with notes on the tools that could not be read.
 *
 * @example
 * toolSetDeclarations({ lookup: tool({ inputSchema: jsonSchema(schema), strict: true }) });
 * // { tools: [{ type: 'function', name: 'lookup', parameters: schema, strict: true }], notes: [] }
 */
export function toolSetDeclarations(set: Json): { tools: unknown[]; notes: string[] } {
  const tools: unknown[] = [];
  const notes: string[] = [];
  for (const [name, entry] of Object.entries(set)) {
    const tool = recordOf(entry) ?? {};
    const at = `options.tools["${name}"]`;
    if (tool.type === 'provider') {
      notes.push(
        `${at} is a provider-defined tool (${typeof tool.id === 'string' ? tool.id : 'no id'}); the provider runs its calls, so it is not checked`,
      );
      continue;
    }
    const schema = schemaOf(tool.inputSchema, at, notes);
    tools.push({
      type: 'function',
      name,
      ...(typeof tool.description === 'string' ? { description: tool.description } : {}),
      ...(schema === undefined ? {} : { parameters: schema }),
      ...(typeof tool.strict === 'boolean' ? { strict: tool.strict } : {}),
    });
  }
  return { tools, notes };
}

/** The JSON Schema of a tool's `inputSchema` as the AI SDK exposes it, or `undefined` with a note. */
function schemaOf(input: unknown, at: string, notes: string[]): unknown {
  if (input === undefined || input === null) return NO_INPUT;
  if (typeof input === 'function') {
    notes.push(
      `${at}.inputSchema is a function (a lazy schema), which is not called here; its calls are not checked against a schema: pass jsonSchema(...) or a zod schema`,
    );
    return undefined;
  }
  if (typeof input !== 'object') {
    notes.push(`${at}.inputSchema is ${typeof input}, not a schema; its calls are not checked`);
    return undefined;
  }
  if (Reflect.get(input, AI_SDK_SCHEMA) === true) {
    // The AI SDK's own schema object: its own `jsonSchema` field (a getter on the object itself).
    return settled(Reflect.get(input, 'jsonSchema'), at, notes);
  }
  const standard = recordOf(Reflect.get(input, '~standard'));
  const convert = recordOf(standard?.jsonSchema)?.input;
  if (typeof convert === 'function') {
    const schema = convert.call(standard?.jsonSchema, { target: 'draft-07' });
    return settled(closeObjects(schema), at, notes);
  }
  if (standard !== undefined) {
    notes.push(
      `${at}.inputSchema is a ${typeof standard.vendor === 'string' ? standard.vendor : 'Standard Schema'} schema with no JSON Schema of its own (zod 3 is converted by the AI SDK alone); its calls are not checked: pass zodSchema(...) or jsonSchema(...) from 'ai'`,
    );
    return undefined;
  }
  notes.push(
    `${at}.inputSchema is no schema the AI SDK reads (not jsonSchema(), zodSchema() or a Standard Schema); its calls are not checked`,
  );
  return undefined;
}

/** A schema that is there now, or `undefined` with a note when it is a promise. */
function settled(schema: unknown, at: string, notes: string[]): unknown {
  const then =
    typeof schema === 'object' && schema !== null ? Reflect.get(schema, 'then') : undefined;
  if (typeof then === 'function') {
    notes.push(
      `${at}.inputSchema gives its JSON Schema as a promise, which cannot be read synchronously; its calls are not checked against it: pass a schema that is there now (jsonSchema({...}))`,
    );
    return undefined;
  }
  return schema;
}

/**
 * `additionalProperties: false` on every object schema whose extra properties have no schema of
 * their own, as the AI SDK does to a converted schema (`addAdditionalPropertiesToJsonSchema` in
 * @ai-sdk/provider-utils); a copy, never the caller's schema.
 */
function closeObjects(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(closeObjects);
  const node = recordOf(schema);
  if (node === undefined) return schema;
  const copy: Json = {};
  for (const [key, value] of Object.entries(node)) {
    copy[key] =
      key === 'properties' || key === 'definitions' || key === '$defs'
        ? mapValues(value)
        : key === 'items' || key === 'anyOf' || key === 'allOf' || key === 'oneOf'
          ? closeObjects(value)
          : key === 'additionalProperties' && typeof value === 'object'
            ? closeObjects(value)
            : value;
  }
  const type = node.type;
  const isObject = type === 'object' || (Array.isArray(type) && type.includes('object'));
  // As the AI SDK does: an object's extra properties are closed unless given a schema of their own.
  if (isObject) {
    const extra = node.additionalProperties;
    copy.additionalProperties =
      typeof extra === 'object' && extra !== null ? closeObjects(extra) : false;
  }
  return copy;
}

function mapValues(value: unknown): unknown {
  const record = recordOf(value);
  if (record === undefined) return value;
  const copy: Json = {};
  for (const [key, entry] of Object.entries(record)) {
    Object.defineProperty(copy, key, {
      value: closeObjects(entry),
      enumerable: true,
      writable: true,
      configurable: true,
    });
  }
  return copy;
}

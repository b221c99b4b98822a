/**
 * LangChain tools given as the `tools` option (`tool(fn, { name, schema })`, a `StructuredTool`),
 * as the Chat Completions declarations `bindTools` sends. A tool's `schema` is JSON Schema or a
 * zod schema: JSON Schema is read as it is; a zod 4 schema through the Standard JSON Schema it
 * exposes (`schema['~standard'].jsonSchema.output()`), which for an object schema without
 * transforms is what `@langchain/core`'s `convertToOpenAITool` sends (its strict object, output
 * side). A schema that offers none (zod 3) or cannot be written as JSON Schema (a transform) is
 * not guessed: the tool is declared without parameters, and a note says to pass the converted
 * tools.
 */
import { asText, type Json, recordOf } from '../../model/narrow.js';
import type { ToolShapeReader } from '../../surfaces/types.js';
import { describeValue } from '../../text/describe-value.js';

/** What to pass instead when a schema cannot be read, said once for every such note. */
const CONVERT =
  "pass the tools as they are sent: tools.map((tool) => convertToOpenAITool(tool)) from '@langchain/core/utils/function_calling'";

/**
 * Whether a value is a LangChain tool: a `name`, a `schema`, and a field only LangChain's tool
 * classes carry (`lc_namespace` holding `tools`, `returnDirect`). No provider's declaration has
 * `schema` beside these.
 */
export function isLangChainTool(value: unknown): boolean {
  const tool = recordOf(value);
  if (tool === undefined || typeof tool.name !== 'string' || !Object.hasOwn(tool, 'schema')) {
    return false;
  }
  const namespace = tool.lc_namespace;
  return (
    (Array.isArray(namespace) && namespace.includes('tools')) ||
    typeof tool.returnDirect === 'boolean'
  );
}

/**
 * A `tools` option holding LangChain tools (a list, or one tool) as declarations a surface reads;
 * `undefined` when it holds none, so it is read as a list of provider declarations. Items that
 * are not LangChain tools are kept as they are.
 *
 * @example
 * langChainToolsOption([lookupOrder]);
 * // { tools: [{ type: 'function', function: { name: 'lookup_order', parameters: {...} } }], notes: [...] }
 */
export function langChainToolsOption(
  value: unknown,
): { tools: unknown[]; notes: string[] } | undefined {
  const items = Array.isArray(value) ? value : [value];
  if (!items.some(isLangChainTool)) return undefined;
  const notes: string[] = [];
  const tools = items.map((item, index) =>
    isLangChainTool(item) ? declaration(item, `options.tools[${index}]`, notes) : item,
  );
  notes.push(
    'LangChain tools state no strict flag (bindTools(tools, { strict: true }) sets it), so they are read as not strict; pass convertToOpenAITool(tool, { strict: true }) to declare them strict',
  );
  return { tools, notes };
}

function declaration(item: unknown, at: string, notes: string[]): Json {
  const tool = recordOf(item) ?? {};
  const name = asText(tool.name) ?? '';
  const description = asText(tool.description);
  const parameters = jsonSchemaOf(tool.schema, `${at} ("${name}")`, notes);
  return {
    type: 'function',
    function: {
      name,
      ...(description === undefined ? {} : { description }),
      ...(parameters === undefined ? {} : { parameters }),
    },
  };
}

/** The JSON Schema a tool's `schema` is or exposes, or `undefined` with a note saying why not. */
function jsonSchemaOf(schema: unknown, at: string, notes: string[]): unknown {
  const read = convertedSchema(schema);
  if ('schema' in read) return read.schema;
  notes.push(
    `${at}: its ${read.problem}; its calls are not checked${read.convert ? `: ${CONVERT}` : ''}`,
  );
  return undefined;
}

/**
 * A tool's `schema` as JSON Schema: plain data as it is, a schema object through the Standard
 * JSON Schema it exposes (`~standard.jsonSchema.output`, draft 2020-12), or why it cannot be,
 * worded to follow "its" or "whose" (`schema is 3, not a schema`).
 */
function convertedSchema(
  schema: unknown,
): { schema: unknown } | { problem: string; convert: boolean } {
  if (typeof schema !== 'object' || schema === null || Array.isArray(schema)) {
    return { problem: `schema is ${describeValue(schema)}, not a schema`, convert: false };
  }
  const prototype: unknown = Object.getPrototypeOf(schema);
  // Plain data is JSON Schema already (`tool(fn, { schema: { type: 'object', ... } })`).
  if (prototype === Object.prototype || prototype === null) return { schema };
  let standard: unknown;
  try {
    standard = recordOf(recordOf(Reflect.get(schema, '~standard'))?.jsonSchema)?.output;
  } catch {
    standard = undefined;
  }
  if (typeof standard !== 'function') {
    return {
      problem:
        'schema is a schema object that exposes no JSON Schema (a zod 3 schema, which only @langchain/core converts)',
      convert: true,
    };
  }
  try {
    const converted: unknown = standard({ target: 'draft-2020-12' });
    if (recordOf(converted) !== undefined) return { schema: converted };
    return { problem: `schema converted to ${describeValue(converted)}`, convert: true };
  } catch (error) {
    return {
      problem: `schema cannot be written as JSON Schema (${error instanceof Error ? error.message : String(error)})`,
      convert: true,
    };
  }
}

/**
 * A LangChain tool met among declarations (a list given to `toBeStrictCompatible`, or inside a
 * request body) as the function it declares, its schema converted as for the `tools` option;
 * `undefined` when the item is no LangChain tool. LangChain tools name no provider, so the
 * strict lint holds them to each provider's rules, as it does MCP tools.
 *
 * @example
 * readLangChainTool(lookupOrder); // [{ kind: 'function', name: 'lookup_order', schemaField: 'schema', ... }]
 */
export const readLangChainTool: ToolShapeReader = (item) => {
  if (!isLangChainTool(item)) return undefined;
  const read = convertedSchema(item.schema);
  if (!('schema' in read)) {
    return [
      {
        kind: 'not-a-declaration',
        path: [],
        problem: `is a LangChain tool whose ${read.problem}: ${CONVERT}`,
      },
    ];
  }
  return [
    {
      kind: 'function',
      path: [],
      name: asText(item.name),
      schema: read.schema,
      schemaPath: ['schema'],
      schemaField: 'schema',
      strict: null,
    },
  ];
};

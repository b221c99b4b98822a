import { openApiToJsonSchema } from '../schema/index.js';
import { lintStrictSchema } from '../schema/strict-lint.js';
import type { Surface, ToolDeclaration } from './model.js';
import { asText, describeValue, either, type Json, recordOf } from './narrow.js';

export interface ReadTools {
  /** `null` when the value is not a list of tools: unknown, which is not the same as none. */
  tools: ToolDeclaration[] | null;
  notes: string[];
}

/** Built-in tools whose calls the client runs, though they are not JSON function calls. */
const CLIENT_RUN = new Set([
  'shell',
  'local_shell',
  'apply_patch',
  'computer_use_preview',
  'computer',
]);

/**
 * Reads a `tools` array in any provider's shape into declarations.
 * `surface` decides defaults: on the Responses API a function tool is strict unless it says
 * `strict: false`; everywhere else strict must be stated.
 */
export function readTools(value: unknown, at: string, surface: Surface): ReadTools {
  const tools: ToolDeclaration[] = [];
  const notes: string[] = [];
  // Names already declared, so 10,000 tools are checked for repeats in linear time.
  const names = new Set<string>();
  if (!Array.isArray(value)) {
    notes.push(`${at} is ${describeValue(value)}, not a list of tools; the tools are unknown`);
    return { tools: null, notes };
  }
  const collected: Collected = { tools, names, notes };
  for (let index = 0; index < value.length; index++) {
    readOne(value[index], `${at}[${index}]`, surface, collected);
  }
  return { tools, notes };
}

/** What a read of one `tools` array collects. */
interface Collected {
  tools: ToolDeclaration[];
  names: Set<string>;
  notes: string[];
}

function readOne(raw: unknown, at: string, surface: Surface, collected: Collected): void {
  const { notes } = collected;
  const item = recordOf(raw);
  if (item === undefined) {
    notes.push(`${at} is ${describeValue(raw)}, not a tool; skipped`);
    return;
  }
  const declarations = either(item.functionDeclarations, item.function_declarations);
  if (declarations !== undefined) {
    readGeminiDeclarations(declarations, at, collected);
    return;
  }
  const type = asText(item.type);
  const nested = recordOf(item.function);
  if (nested !== undefined) {
    // Chat Completions nests the function; strict is read inside, and beside it as some clients write it.
    const strict = nested.strict === true || item.strict === true;
    push(collected, at, {
      name: asText(nested.name),
      kind: 'function',
      schema: nested.parameters,
      strict,
      grammar: false,
    });
    return;
  }
  const name = asText(item.name);
  if (item.input_schema !== undefined) {
    // Anthropic client tool (its `type` is absent or "custom").
    push(collected, at, {
      name,
      kind: 'function',
      schema: item.input_schema,
      strict: item.strict === true,
      grammar: false,
    });
    return;
  }
  if (type === 'custom') {
    const inner = recordOf(item.custom) ?? item;
    push(collected, at, {
      name: asText(inner.name),
      kind: 'custom',
      schema: undefined,
      strict: false,
      grammar: recordOf(inner.format)?.type === 'grammar',
    });
    return;
  }
  if (type === 'function' || (type === undefined && name !== undefined)) {
    push(collected, at, {
      name,
      kind: 'function',
      schema: item.parameters,
      // Only a named tool is kept, so only a named tool's strictness is worth a note.
      strict: name?.trim() ? flatStrict(item, at, surface, notes) : false,
      grammar: false,
    });
    return;
  }
  const named = name ? ` "${name}"` : '';
  notes.push(
    type !== undefined && CLIENT_RUN.has(type)
      ? `${at} is a built-in ${type} tool${named}: your client runs its calls, but they are not JSON function calls, so they are not checked`
      : `${at} is a built-in tool (${type ?? 'no type'}${named}); the provider runs its calls, so it is not checked`,
  );
}

/**
 * Whether a flat (Responses-shaped) function tool is strict. Chat Completions and others need
 * `strict: true`. The Responses API documents that an omitted `strict` makes the schema strict
 * when it can be made so, and falls back to non-strict (echoing `strict: false`) when it cannot.
 */
function flatStrict(item: Json, at: string, surface: Surface, notes: string[]): boolean {
  const strict = item.strict;
  if (typeof strict === 'boolean') return strict;
  if (surface !== 'openai-responses') return false;
  const compatible =
    lintStrictSchema(
      { type: 'function', name: 'tool', parameters: item.parameters },
      { provider: 'openai' },
    ).problems.length === 0;
  notes.push(
    `${at} does not set strict; the Responses API makes a tool strict when its schema allows, so it is read as ${compatible ? 'strict' : 'not strict (its schema does not meet strict mode)'}`,
  );
  return compatible;
}

function readGeminiDeclarations(declarations: unknown, at: string, collected: Collected): void {
  const { notes } = collected;
  if (!Array.isArray(declarations)) {
    notes.push(`${at}.functionDeclarations is ${describeValue(declarations)}, not a list; skipped`);
    return;
  }
  for (let index = 0; index < declarations.length; index++) {
    const where = `${at}.functionDeclarations[${index}]`;
    const declaration = recordOf(declarations[index]);
    if (declaration === undefined) {
      notes.push(
        `${where} is ${describeValue(declarations[index])}, not a function declaration; skipped`,
      );
      continue;
    }
    const jsonSchema = either(declaration.parametersJsonSchema, declaration.parameters_json_schema);
    const openApi = declaration.parameters;
    push(collected, where, {
      name: asText(declaration.name),
      kind: 'function',
      schema:
        jsonSchema !== undefined
          ? jsonSchema
          : openApi === undefined
            ? undefined
            : openApiToJsonSchema(openApi),
      // Gemini has no per-tool strict flag.
      strict: false,
      grammar: false,
    });
  }
}

function push(
  collected: Collected,
  at: string,
  tool: Omit<ToolDeclaration, 'name' | 'at'> & { name: string | undefined },
): void {
  const name = tool.name?.trim();
  if (!name) {
    collected.notes.push(`${at} declares a tool with no name; skipped, so no call can match it`);
    return;
  }
  if (collected.names.has(name)) {
    collected.notes.push(`${at} declares "${name}" a second time; the first declaration is used`);
    return;
  }
  collected.names.add(name);
  // One literal of a fixed shape: a spread here was the costliest step of reading a request.
  const { kind, schema, strict, grammar } = tool;
  collected.tools.push({ name, kind, schema, strict, grammar, at });
}

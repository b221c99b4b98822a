import type { ToolDeclaration, Turn } from '../model/model.js';
import { type Json, recordOf } from '../model/narrow.js';
import { claimTool } from '../registry/index.js';
import type { Segment } from '../surfaces/types.js';
import { describeValue } from '../text/describe-value.js';

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
 * Reads a `tools` array in any surface's shape into declarations, each shape recognised by its
 * own surface. `strict` is what the payload states (`false` when it states nothing, with
 * `strictStated: false`): what an unstated `strict` means is the diagnoses' to decide.
 *
 * @example
 * readTools([{ type: 'function', function: { name: 'lookup', parameters: {} } }], 'tools');
 * // { tools: [{ name: 'lookup', kind: 'function', strict: false, strictStated: false, ... }], notes: [] }
 */
export function readTools(value: unknown, at: string): ReadTools {
  const notes: string[] = [];
  return { tools: readToolsNoting(value, at, notes), notes };
}

/**
 * Reads `value` as the turn's tools, its notes among the turn's: what a surface's settings
 * reader is handed, so surfaces never import this layer.
 */
export function toolsInto(value: unknown, at: string, turn: Turn): void {
  turn.tools = readToolsNoting(value, at, turn.notes);
}

/**
 * The one tool a `tools` value holds when it is no list but a single object that groups
 * declarations: the Python SDK's `"tools": {"function_declarations": [...]}` (Gemini). Only a
 * grouping object is taken so: one bare tool where a list belongs (`{"type": "function", ...}`)
 * is no group, and stays unread as it was. `undefined` when the value is no such group.
 *
 * @example
 * toolGroupOf({ function_declarations: [{ name: 'lookup' }] }); // the object: read it as [it]
 * toolGroupOf({ type: 'function', name: 'lookup' }); // undefined
 */
export function toolGroupOf(value: unknown): Json | undefined {
  const item = recordOf(value);
  if (item === undefined) return undefined;
  const shapes = claimTool(item)?.shapes;
  return shapes?.every((shape) => shape.path.length > 0) ? item : undefined;
}

/** {@link readTools}, writing its notes straight into `notes`. */
function readToolsNoting(value: unknown, at: string, notes: string[]): ToolDeclaration[] | null {
  const tools: ToolDeclaration[] = [];
  // Names already declared, so 10,000 tools are checked for repeats in linear time.
  const names = new Set<string>();
  if (!Array.isArray(value)) {
    const group = toolGroupOf(value);
    if (group === undefined) {
      notes.push(`${at} is ${describeValue(value)}, not a list of tools; the tools are unknown`);
      return null;
    }
    // Its declarations sit at `tools.function_declarations[i]`: the paths show the shape sent.
    readItem(group, at, tools, names, notes);
    return tools;
  }
  for (let index = 0; index < value.length; index++) {
    readItem(value[index], `${at}[${index}]`, tools, names, notes);
  }
  return tools;
}

/** Reads one item of a `tools` list (or the one group a `tools` object is) into `tools`. */
function readItem(
  value: unknown,
  itemAt: string,
  tools: ToolDeclaration[],
  names: Set<string>,
  notes: string[],
): void {
  const item = recordOf(value);
  if (item === undefined) {
    notes.push(`${itemAt} is ${describeValue(value)}, not a tool; skipped`);
    return;
  }
  const claimed = claimTool(item);
  if (claimed === undefined) {
    notes.push(builtInNote(item.type, item.name, itemAt));
    return;
  }
  for (const shape of claimed.shapes) {
    const where = shape.path.length === 0 ? itemAt : itemAt + pathSuffix(shape.path);
    if (shape.kind === 'not-a-declaration') {
      notes.push(`${where} ${shape.problem}`);
      continue;
    }
    const name = shape.name?.trim();
    if (!name) {
      notes.push(`${where} declares a tool with no name; skipped, so no call can match it`);
      continue;
    }
    if (names.has(name)) {
      notes.push(`${where} declares "${name}" a second time; the first declaration is used`);
      continue;
    }
    names.add(name);
    // One literal of a fixed shape: a spread here was the costliest step of reading a request.
    tools.push(
      shape.kind === 'function'
        ? {
            name,
            kind: 'function',
            schema: shape.schema,
            strict: shape.strict === true,
            strictStated: shape.strict !== null,
            shape: claimed.surface.id,
            grammar: false,
            at: where,
          }
        : {
            name,
            kind: 'custom',
            schema: undefined,
            strict: false,
            strictStated: false,
            shape: claimed.surface.id,
            grammar: shape.grammar,
            at: where,
          },
    );
  }
}

function builtInNote(rawType: unknown, rawName: unknown, at: string): string {
  const type = typeof rawType === 'string' ? rawType : undefined;
  const named = typeof rawName === 'string' && rawName ? ` "${rawName}"` : '';
  return type !== undefined && CLIENT_RUN.has(type)
    ? `${at} is a built-in ${type} tool${named}: your client runs its calls, but they are not JSON function calls, so they are not checked`
    : `${at} is a built-in tool (${type ?? 'no type'}${named}); the provider runs its calls, so it is not checked`;
}

/** `.functionDeclarations[2]` for `['functionDeclarations', 2]`. */
function pathSuffix(path: readonly Segment[]): string {
  let text = '';
  for (const segment of path) text += typeof segment === 'number' ? `[${segment}]` : `.${segment}`;
  return text;
}

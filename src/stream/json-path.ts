/**
 * The small part of JSON Path (RFC 9535) that Vertex AI uses to stream function-call
 * arguments (`partialArgs[].jsonPath`, e.g. `$.recipe.steps[0]`), and building the arguments
 * object those paths describe.
 */
import type { Json } from '../model/narrow.js';
import { isRecord } from '../model/narrow.js';
import { formatPath, type PathStep } from '../text/path.js';
import { assign } from './assembler.js';
import type { TextPieces } from './buffers.js';

/**
 * One step of a JSON Path: an object key or an array index.
 *
 * @example
 * ```ts
 * const steps: PathSegment[] = ['recipe', 'steps', 0];
 * ```
 */
export type PathSegment = PathStep;

/**
 * Parses `$.name`, `$.a[0].b`, `$['key with spaces']` and `$["key"]` into segments; `null` for
 * anything else (wildcards, filters, slices), which never names one value.
 *
 * @example
 * ```ts
 * parseJsonPath('$.recipe.steps[0]'); // ['recipe', 'steps', 0]
 * parseJsonPath('$..name'); // null
 * ```
 */
export function parseJsonPath(path: string): PathSegment[] | null {
  if (!path.startsWith('$')) return null;
  const segments: PathSegment[] = [];
  let cursor = 1;
  while (cursor < path.length) {
    const character = path[cursor];
    if (character === '.') {
      let end = cursor + 1;
      while (end < path.length && path[end] !== '.' && path[end] !== '[') end++;
      const name = path.slice(cursor + 1, end);
      if (name === '' || name === '*') return null;
      segments.push(name);
      cursor = end;
    } else if (character === '[') {
      const quote = path[cursor + 1];
      if (quote === "'" || quote === '"') {
        const parsed = readQuotedName(path, cursor + 2, quote);
        if (parsed === null) return null;
        segments.push(parsed.name);
        cursor = parsed.next;
      } else {
        const end = path.indexOf(']', cursor);
        const digits = end === -1 ? '' : path.slice(cursor + 1, end);
        if (!/^\d+$/.test(digits)) return null;
        segments.push(Number(digits));
        cursor = end + 1;
      }
    } else {
      return null;
    }
  }
  return segments;
}

function readQuotedName(
  path: string,
  start: number,
  quote: string,
): { name: string; next: number } | null {
  let name = '';
  let cursor = start;
  while (cursor < path.length) {
    const character = path[cursor];
    if (character === '\\') {
      const escaped = path[cursor + 1];
      if (escaped === undefined) return null;
      name += escaped;
      cursor += 2;
    } else if (character === quote) {
      return path[cursor + 1] === ']' ? { name, next: cursor + 2 } : null;
    } else {
      name += character;
      cursor++;
    }
  }
  return null;
}

/**
 * One value a path sets; a string value that streams in pieces keeps them until it is built.
 *
 * @example
 * ```ts
 * const serves: PathAssignment = { path: ['serves'], value: 4, pieces: null };
 * ```
 */
export interface PathAssignment {
  path: PathSegment[];
  value: unknown;
  pieces: TextPieces | null;
}

/**
 * Builds the arguments object from the assignments in arrival order. An assignment that
 * contradicts an earlier one (an index into an object, a key into a string) is reported and
 * skipped, never thrown.
 *
 * @example
 * ```ts
 * buildArguments([{ path: ['steps', 0], value: 'Boil.', pieces: null }]).args; // { steps: ['Boil.'] }
 * ```
 */
export function buildArguments(assignments: PathAssignment[]): { args: Json; problems: string[] } {
  const args: Json = {};
  const problems: string[] = [];
  for (const assignment of assignments) {
    const value = assignment.pieces === null ? assignment.value : assignment.pieces.text();
    const problem = setAtPath(args, assignment.path, value);
    if (problem !== null) problems.push(problem);
  }
  return { args, problems };
}

function setAtPath(root: Json, path: PathSegment[], value: unknown): string | null {
  // Worded only for a problem: most assignments have none.
  const shown = (): string => formatPath(path, '$');
  if (path.length === 0 || typeof path[0] === 'number') {
    return `partialArgs path ${shown()} does not name a key of the arguments object; skipped`;
  }
  let container: Json | unknown[] = root;
  for (let level = 0; level < path.length; level++) {
    const segment = path[level] as PathSegment;
    const isLast = level === path.length - 1;
    const next = isLast ? value : readOwn(container, segment);
    const wantsArray = !isLast && typeof path[level + 1] === 'number';
    if ((typeof segment === 'number') !== Array.isArray(container)) {
      return `partialArgs path ${shown()} indexes ${Array.isArray(container) ? 'an array by key' : 'an object by number'}; skipped`;
    }
    if (isLast || next === undefined) {
      const created = isLast ? value : wantsArray ? [] : {};
      writeOwn(container, segment, created);
      if (isLast) return null;
      container = created as Json | unknown[];
    } else if (wantsArray ? Array.isArray(next) : isRecord(next)) {
      container = next as Json | unknown[];
    } else {
      return `partialArgs path ${shown()} goes through a value that is not ${wantsArray ? 'an array' : 'an object'}; skipped`;
    }
  }
  return null;
}

function readOwn(container: Json | unknown[], segment: PathSegment): unknown {
  if (Array.isArray(container)) return typeof segment === 'number' ? container[segment] : undefined;
  return typeof segment === 'string' && Object.hasOwn(container, segment)
    ? container[segment]
    : undefined;
}

function writeOwn(container: Json | unknown[], segment: PathSegment, value: unknown): void {
  if (Array.isArray(container) && typeof segment === 'number') {
    // Elements normally arrive in order; fill any skipped index with null rather than a hole.
    while (container.length < segment) container.push(null);
    container[segment] = value;
  } else if (!Array.isArray(container) && typeof segment === 'string') {
    assign(container, segment, value);
  }
}

/**
 * How many schemas apply to one value once a schema's in-place applicators are expanded:
 * `allOf`, `anyOf`, `oneOf`, `not`, `if` / `then` / `else` and local `$ref`s, which all judge
 * the same value without descending into it. A validator tries each of them on a value that
 * fails, so a `$ref` graph that branches at every level (`a0: anyOf [a1, a1]`, `a1: anyOf
 * [a2, a2]`, …), a few hundred bytes as text, costs 2^levels on one bad value: 30 levels
 * never finish, and wording their errors runs out of memory first.
 */
import { isRecord } from '../model/narrow.js';
import { formatCount } from '../text/count.js';
import { fragmentTokens } from './json-pointer.js';
import type { JsonObject } from './json-type.js';

/**
 * The most schemas one value may bring into play through in-place applicators. Real tool
 * schemas bring a few dozen (a union of variants, each an `allOf` of a few parts); past this,
 * a schema is refused as `schema-invalid` rather than risk a hang on one call.
 */
export const MAX_IN_PLACE_SCHEMAS = 10_000;

const LISTS = ['allOf', 'anyOf', 'oneOf'] as const;
const SINGLES = ['not', 'if', 'then', 'else'] as const;

/**
 * Why `schema` is refused for its expansion, or `undefined`. Each schema object is counted
 * once (memoised), so the count of an exponential graph is found in time linear in its size;
 * a `$ref` back to a schema being counted (recursion, such as a tree node) adds nothing, as
 * a validator only meets it again one level down in the value.
 *
 * @example
 * inPlaceExpansionProblem({ anyOf: [{ type: 'string' }, { type: 'number' }] }); // undefined
 */
export function inPlaceExpansionProblem(schema: JsonObject): string | undefined {
  const counted = new Map<object, number>();
  const counting = new Set<object>();
  let widest = 0;

  const count = (node: unknown): number => {
    if (!isRecord(node)) return 0;
    const known = counted.get(node);
    if (known !== undefined) return known;
    if (counting.has(node)) return 0;
    counting.add(node);
    let total = 1;
    for (const keyword of LISTS) {
      const list = Object.hasOwn(node, keyword) ? node[keyword] : undefined;
      if (Array.isArray(list)) for (const branch of list) total += count(branch);
    }
    for (const keyword of SINGLES) {
      if (Object.hasOwn(node, keyword)) total += count(node[keyword]);
    }
    if (Object.hasOwn(node, '$ref')) total += count(localTarget(schema, node.$ref));
    counting.delete(node);
    counted.set(node, total);
    widest = Math.max(widest, total);
    return total;
  };

  const visit = (node: unknown, seen: Set<object>): void => {
    if (typeof node !== 'object' || node === null || seen.has(node)) return;
    seen.add(node);
    if (!Array.isArray(node)) count(node);
    for (const child of Object.values(node)) visit(child, seen);
  };
  visit(schema, new Set());
  return widest > MAX_IN_PLACE_SCHEMAS
    ? `one value would be checked against ${widest > 1e15 ? 'more than 10^15' : formatCount(widest)} schemas once its allOf, anyOf, oneOf and $refs are expanded (at most ${formatCount(MAX_IN_PLACE_SCHEMAS)} are checked), which can take exponential time on one bad value; refer to a shared branch once, not from every branch of a union`
    : undefined;
}

/**
 * The schema a local JSON Pointer `$ref` names in `root`; undefined for any other (an anchor,
 * another document), which those who call this judge some other way.
 *
 * @example
 * localTarget({ $defs: { a: { type: 'string' } } }, '#/$defs/a'); // { type: 'string' }
 */
export function localTarget(root: unknown, ref: unknown): unknown {
  const tokens = typeof ref === 'string' ? fragmentTokens(ref) : null;
  if (tokens === null) return undefined;
  let target: unknown = root;
  for (const step of tokens) {
    if (Array.isArray(target)) target = target[Number(step)];
    else if (isRecord(target) && Object.hasOwn(target, step)) target = target[step];
    else return undefined;
  }
  return target;
}

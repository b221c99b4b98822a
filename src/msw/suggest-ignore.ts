/**
 * The one `ignore` list that lets a recording answer a request: what the no-recording 404
 * suggests, so one paste replays it instead of one try per differing path.
 */
import { isRecord } from '../model/narrow.js';
import { formatPath, type PathStep } from '../text/path.js';
import { hasComparedContent } from './body-diff.js';
import { advance, type IgnoredPaths, type IgnoreState, ignoredPaths } from './ignored-paths.js';
import { bodyDifferences } from './match.js';

/**
 * Rounds of checking a suggestion against the recording, each adding what still differs: ignoring
 * a path can line arrays up another way. After them the differing top-level fields are ignored
 * whole, which always matches.
 */
const ROUNDS = 3;

/**
 * The `ignore` option that makes `recorded` match `sent`: the paths already given, then each
 * differing path, a parent instead of its children where every field of it differs (`input[0]`,
 * not `input[0].role` and `input[0].content`). It is checked against the recording before it is
 * suggested. `undefined` when nothing can make it match: `stream` differs, and it cannot be
 * ignored.
 *
 * @example
 * suggestIgnore(
 *   { input: [{ role: 'user', content: 'Hi' }] },
 *   { input: [{ role: 'developer', content: 'Be brief.' }, { role: 'user', content: [{ type: 'input_text', text: 'Hi' }] }] },
 *   [],
 * );
 * // ['input[0]', 'input[1].content']
 */
export function suggestIgnore(
  recorded: unknown,
  sent: unknown,
  given: readonly string[],
): string[] | undefined {
  const paths: PathStep[][] = [];
  let differences = bodyDifferences(recorded, sent, ignoredPaths(given, 'recordedHandlers()'));
  for (let round = 0; round < ROUNDS && differences.length > 0; round += 1) {
    if (differences.some(({ path }) => path[0] === 'stream')) return undefined;
    paths.push(...differences.map(({ path }) => path));
    const suggestion = [...given, ...collapse(paths, sent, given).map((path) => formatPath(path))];
    differences = bodyDifferences(recorded, sent, ignoredPaths(suggestion, 'recordedHandlers()'));
    if (differences.length === 0) return unique(suggestion);
  }
  if (differences.some(({ path }) => path[0] === 'stream')) return undefined;
  const fields = unique([...paths, ...differences.map(({ path }) => path)].map(([field]) => field));
  const whole = unique([...given, ...fields.map((field) => formatPath([field as PathStep]))]);
  const still = bodyDifferences(recorded, sent, ignoredPaths(whole, 'recordedHandlers()'));
  return still.length === 0 ? whole : undefined;
}

/**
 * The paths in order, each once, none below another, and the children of a parent replaced by
 * the parent where they are all of its fields (or items) that are compared, and at least two.
 * A parent is read in the request (an index in a differing path is the request's); the top
 * level is never a parent, since a path starts with a field.
 */
function collapse(
  paths: readonly PathStep[][],
  sent: unknown,
  given: readonly string[],
): PathStep[][] {
  const ignored = ignoredPaths(given, 'recordedHandlers()');
  let kept = outermost(paths);
  for (;;) {
    const parent = collapsibleParent(kept, sent, ignored);
    if (parent === undefined) return kept;
    // The parent takes the place of its first child.
    const first = kept.findIndex((path) => isBelow(path, parent));
    const rest = kept.filter((path) => !isBelow(path, parent));
    rest.splice(first, 0, parent);
    kept = rest;
  }
}

/** The deepest parent all of whose compared children are among `paths`, if any. */
function collapsibleParent(
  paths: readonly PathStep[][],
  sent: unknown,
  ignored: IgnoredPaths,
): PathStep[] | undefined {
  const children = new Map<string, { parent: PathStep[]; steps: Set<string> }>();
  for (const path of paths) {
    if (path.length < 2) continue;
    const parent = path.slice(0, -1);
    const key = formatPath(parent);
    const entry = children.get(key) ?? { parent, steps: new Set<string>() };
    entry.steps.add(String(path.at(-1)));
    children.set(key, entry);
  }
  const deepestFirst = [...children.values()].sort((a, b) => b.parent.length - a.parent.length);
  for (const { parent, steps } of deepestFirst) {
    if (steps.size < 2) continue;
    const compared = comparedChildren(parent, sent, ignored);
    if (compared?.every((step) => steps.has(String(step)))) return parent;
  }
  return undefined;
}

/** The keys or indexes of the request's value at `path` that hold anything compared. */
function comparedChildren(
  path: readonly PathStep[],
  sent: unknown,
  ignored: IgnoredPaths,
): PathStep[] | undefined {
  let value = sent;
  let state: IgnoreState = [ignored];
  for (const step of path) {
    value =
      Array.isArray(value) || isRecord(value)
        ? (value as Record<PathStep, unknown>)[step]
        : undefined;
    state = advance(state, step);
  }
  const entries: Array<[PathStep, unknown]> = Array.isArray(value)
    ? value.map((item, index) => [index, item])
    : isRecord(value)
      ? Object.entries(value)
      : [];
  if (entries.length === 0) return undefined;
  return entries
    .filter(([step, item]) => item !== undefined && hasComparedContent(item, advance(state, step)))
    .map(([step]) => step);
}

/** The paths each once, in order, dropping any that lies below another. */
function outermost(paths: readonly PathStep[][]): PathStep[][] {
  const seen = new Set<string>();
  return paths.filter((path) => {
    const key = formatPath(path);
    if (seen.has(key)) return false;
    seen.add(key);
    return !paths.some((other) => other.length < path.length && isBelow(path, other));
  });
}

/** Whether `path` is `ancestor` or lies below it. */
function isBelow(path: readonly PathStep[], ancestor: readonly PathStep[]): boolean {
  return ancestor.length <= path.length && ancestor.every((step, index) => path[index] === step);
}

function unique<T>(items: readonly T[]): T[] {
  return [...new Set(items)];
}

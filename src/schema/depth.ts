/**
 * How deeply a value may nest before `checkArguments` declines to validate it.
 *
 * Ajv validates a recursive schema (`$ref: '#'`, a `$defs` entry that refers to itself)
 * with JavaScript calls per level of the value, so a deep enough value overflows the
 * stack. Measured on Node 20 with its default stack (about 984 KB), with our Ajv options:
 * `items: {$ref: '#'}` overflows near 4,400 levels, an `anyOf` through `$defs` near 2,500,
 * and a schema that hops through three `$ref`s per level near 1,400. 256 keeps a margin
 * of more than 5x on that last shape, for callers already deep in their own stack and for
 * schemas that hop more; real tool arguments nest a handful of levels.
 * test/schema/depth.test.ts re-measures the three-hop shape on every run.
 *
 * @example
 * const check = checkArguments({}, deeplyNestedValue);
 * if (check.kind === 'too-deep') console.log(`${check.depth} > ${MAX_VALIDATION_DEPTH}`);
 */
export const MAX_VALIDATION_DEPTH = 256;

/**
 * Measures how deeply a value nests: a scalar is 0, `[]` and `{}` are 1, `[[1]]` is 2.
 * Iterative, so a 1,000,000-level value is measured without touching the call stack.
 * Shared sub-objects are measured once (longest path wins); a value that contains itself
 * nests without end and measures `Infinity`.
 *
 * @example
 * measureNestingDepth({ rows: [{ sku: 'a' }] }); // 3
 * measureNestingDepth('flat');                  // 0
 */
export function measureNestingDepth(value: unknown): number {
  if (typeof value !== 'object' || value === null) return 0;
  // Deepest level at which each container was entered; revisiting at a shallower or equal
  // level cannot lengthen any path, which keeps shared sub-trees linear.
  const deepestEntry = new Map<object, number>();
  const pendingNodes: object[] = [value];
  const pendingLevels: number[] = [1];
  let deepest = 0;
  while (pendingNodes.length > 0) {
    const node = pendingNodes.pop() as object;
    const level = pendingLevels.pop() as number;
    const previous = deepestEntry.get(node);
    if (previous !== undefined && previous >= level) continue;
    deepestEntry.set(node, level);
    // A path longer than the number of distinct containers must repeat one: a cycle.
    if (level > deepestEntry.size) return Number.POSITIVE_INFINITY;
    if (level > deepest) deepest = level;
    const children: readonly unknown[] = Array.isArray(node) ? node : Object.values(node);
    for (const child of children) {
      if (typeof child === 'object' && child !== null) {
        pendingNodes.push(child);
        pendingLevels.push(level + 1);
      }
    }
  }
  return deepest;
}

/**
 * Whether a JSON text surely nests no deeper than `limit`, from the text alone: each level
 * opens with a `{` or `[`, so a text with at most `limit` of them (strings included, which only
 * overcounts) cannot nest deeper. Native `indexOf` makes this cheaper than walking the parsed
 * value; `false` means "not shown", not "too deep".
 *
 * @example
 * textNestsWithin('{"rows":[{"sku":"a"}]}', 256); // true
 */
export function textNestsWithin(text: string, limit: number): boolean {
  // Each level opens with a character of its own.
  if (text.length <= limit) return true;
  let openers = 0;
  for (const opener of ['{', '[']) {
    for (let at = text.indexOf(opener); at !== -1; at = text.indexOf(opener, at + 1)) {
      openers += 1;
      if (openers > limit) return false;
    }
  }
  return true;
}

/** How many containers the quick walk of `nestsWithin` visits before it defers to the full one. */
const QUICK_WALK_BUDGET = 4096;

/**
 * Whether a value surely nests no deeper than `limit`: a plain recursive walk, cheap for the
 * small values tool calls carry. It answers `false` (so the caller measures properly with
 * {@link measureNestingDepth}) as soon as it passes `limit` levels, which also stops it on a
 * cycle, or visits more than a few thousand containers, which bounds shared sub-trees.
 *
 * @example
 * nestsWithin({ rows: [{ sku: 'a' }] }, 256); // true
 */
export function nestsWithin(value: unknown, limit: number): boolean {
  let budget = QUICK_WALK_BUDGET;
  const isContainer = (node: unknown): node is object => typeof node === 'object' && node !== null;
  // Indexes and for-in rather than Object.values: on an object of 200 keys, Object.values
  // alone took longer than validating it.
  const walk = (node: object, level: number): boolean => {
    if (level > limit || --budget < 0) return false;
    if (Array.isArray(node)) {
      for (let index = 0; index < node.length; index++) {
        const child: unknown = node[index];
        if (isContainer(child) && !walk(child, level + 1)) return false;
      }
      return true;
    }
    for (const key in node) {
      const child: unknown = (node as Record<string, unknown>)[key];
      if (isContainer(child) && !walk(child, level + 1)) return false;
    }
    return true;
  };
  return !isContainer(value) || walk(value, 1);
}

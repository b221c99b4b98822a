/**
 * One step of a path into a JSON value: an array index or an object key.
 *
 * @example
 * ```ts
 * const steps: PathStep[] = ['rows', 0, 'sku']; // rows[0].sku
 * ```
 */
export type PathStep = number | string;

const IDENTIFIER = /^[A-Za-z_$][A-Za-z0-9_$]*$/;

/**
 * Whether a key can be written bare, as JavaScript writes `.key` and `{ key: 1 }`; any other key
 * is written quoted (`["two words"]`, `{ "0": 1 }`).
 *
 * @example
 * ```ts
 * isIdentifier('order_id'); // true
 * isIdentifier('two words'); // false
 * isIdentifier('0'); // false
 * ```
 */
export function isIdentifier(key: string): boolean {
  return IDENTIFIER.test(key);
}

/**
 * A path as every message writes it: indexes as `[0]`, identifier keys as `.key` (bare at the
 * start of a path without a root), any other key as `["two words"]`. The one place a path to a
 * value is worded, so an argument path, a lint path and a streamed JSON Path read alike.
 *
 * @example
 * ```ts
 * formatPath(['rows', 0, 'sku'], 'arguments'); // 'arguments.rows[0].sku'
 * formatPath(['tools', 1, 'two words']); // 'tools[1]["two words"]'
 * formatPath(['recipe', 'steps', 0], '$'); // '$.recipe.steps[0]'
 * ```
 */
export function formatPath(steps: readonly PathStep[], root = ''): string {
  let path = root;
  for (const step of steps) {
    if (typeof step === 'number') path += `[${step}]`;
    else if (isIdentifier(step)) path += path === '' ? step : `.${step}`;
    else path += `[${JSON.stringify(step)}]`;
  }
  return path;
}

import { formatCount } from './count.js';

/**
 * Items in a message, at most `limit` of them and then how many more: the one place a list is
 * shortened, so declared tool names and an enum's allowed values read alike. `total` is how many
 * there are, when only the first few were passed (a 10,000-value enum need not be previewed whole).
 *
 * @example
 * ```ts
 * shortList(['"a"', '"b"', '"c"'], 2); // '"a", "b" and 1 more'
 * shortList(['"usd"', '"eur"']); // '"usd", "eur"'
 * shortList(['"a"'], 1, 10_000); // '"a" and 9,999 more'
 * ```
 */
export function shortList(items: readonly string[], limit = 8, total = items.length): string {
  const shown = items.slice(0, limit).join(', ');
  return total > limit ? `${shown} and ${formatCount(total - limit)} more` : shown;
}

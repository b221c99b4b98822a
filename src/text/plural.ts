import { formatCount } from './count.js';

/**
 * A count with its noun: singular for exactly one, plural for every other count (0 included).
 * The count is written the way en-US writes it, so large counts group their digits. The one
 * place in the library that decides between "1 tool" and "3 tools": no message spells "tool(s)".
 *
 * @example
 * ```ts
 * plural(1, 'tool'); // '1 tool'
 * plural(3, 'place'); // '3 places'
 * plural(0, 'call'); // '0 calls'
 * plural(2, 'entry', 'entries'); // '2 entries'
 * plural(1024, 'token'); // '1,024 tokens'
 * ```
 */
export function plural(count: number, singular: string, pluralForm = `${singular}s`): string {
  return `${formatCount(count)} ${count === 1 ? singular : pluralForm}`;
}

/**
 * A number as en-US writes it, digits grouped (`1,024`): what `toLocaleString('en-US')` gives,
 * without its cost. That call builds a formatter each time, and the audit writes several
 * numbers per entry; this one builds it once and skips it for the small integers most are.
 */

const EN_US = new Intl.NumberFormat('en-US');

/**
 * @example
 * ```ts
 * formatCount(7); // '7'
 * formatCount(33613); // '33,613'
 * formatCount(0.1234); // '0.123'
 * ```
 */
export function formatCount(count: number): string {
  // -0 is left to the formatter, which writes it '-0' as toLocaleString does.
  const small = Number.isInteger(count) && count < 1000 && (count > 0 || Object.is(count, 0));
  return small ? String(count) : EN_US.format(count);
}

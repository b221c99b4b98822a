/**
 * A number as en-US writes it, digits grouped (`1,024`): what `toLocaleString('en-US')` gives,
 * without its cost. That call builds a formatter each time, and the audit writes several
 * numbers per entry; this one builds it once and skips it for the small integers most are.
 */

// Made at the first number that needs grouping: building one loads ICU's locale data, about
// 10 ms, which an import of the package should not pay.
let enUs: Intl.NumberFormat | undefined;

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
  if (small) return String(count);
  enUs ??= new Intl.NumberFormat('en-US');
  return enUs.format(count);
}

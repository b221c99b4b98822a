/**
 * A number as en-US writes it, digits grouped (`1,024`): what `toLocaleString('en-US')` gives,
 * without its cost. That call builds a formatter each time, and the audit writes several
 * numbers per entry; this one groups whole numbers itself and builds a formatter only for
 * the fractions and the rare values past 2^53.
 */

// Made at the first fraction: building one loads ICU's locale data (about 18 ms measured in
// the audit's start-up), which a run of whole numbers should not pay.
let enUs: Intl.NumberFormat | undefined;

/** Every place a group separator goes in a run of digits: before each group of three from the right. */
const GROUPS = /\B(?=(\d{3})+$)/g;

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
  // Whole numbers up to 2^53 print every digit with String(), so grouping them is exact;
  // -0 and what lies past are left to the formatter.
  if (Number.isSafeInteger(count) && !Object.is(count, -0)) {
    return count < 0
      ? `-${String(-count).replace(GROUPS, ',')}`
      : String(count).replace(GROUPS, ',');
  }
  enUs ??= new Intl.NumberFormat('en-US');
  return enUs.format(count);
}

/**
 * The value of a JSON number written in `text[from, to)`, without slicing it out: what
 * `Number(text.slice(from, to))` gives, read in place for the common shape (at most 15
 * significant digits, at most 22 after the point, no exponent) and by `Number` for the rest.
 * The common shape is exact: its digits make an integer below 2^53 and 10^22 is a double, so
 * one division rounds once, as a correct parse does (Clinger's fast path). The prefix watcher
 * judges every number of a streamed call against its schema, and slicing and `Number` were its
 * costliest line.
 *
 * @example
 * numberAt('{"qty":12.5}', 7, 11); // 12.5
 */
export function numberAt(text: string, from: number, to: number): number {
  let at = from;
  const negative = text.charCodeAt(at) === MINUS;
  if (negative) at += 1;
  let digits = 0;
  let significant = 0;
  let afterPoint = -1;
  for (; at < to; at++) {
    const code = text.charCodeAt(at);
    if (code >= ZERO && code <= NINE) {
      digits = digits * 10 + (code - ZERO);
      if (digits !== 0) significant += 1;
      if (afterPoint >= 0) afterPoint += 1;
    } else if (code === POINT && afterPoint < 0) {
      afterPoint = 0;
    } else {
      // An exponent (or anything else): read as Number reads it.
      return Number(text.slice(from, to));
    }
  }
  if (significant > 15 || afterPoint > 22) return Number(text.slice(from, to));
  const magnitude = afterPoint > 0 ? digits / (POWERS_OF_TEN[afterPoint] as number) : digits;
  return negative ? -magnitude : magnitude;
}

const MINUS = 0x2d;
const POINT = 0x2e;
const ZERO = 0x30;
const NINE = 0x39;

/** 10^0 … 10^22, each exactly a double: made by multiplying, which is exact while they fit. */
const POWERS_OF_TEN = [1];
for (let power = 1; power <= 22; power++)
  POWERS_OF_TEN.push((POWERS_OF_TEN[power - 1] as number) * 10);

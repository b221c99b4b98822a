import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { numberAt } from '../../src/json/number-text.js';

/** JSON number text of every shape the grammar allows: sign, leading zero, fraction, exponent. */
const numberTexts = fc
  .tuple(
    fc.boolean(),
    fc.oneof(fc.constant('0'), fc.stringMatching(/^[1-9][0-9]{0,24}$/)),
    // Zeros first too, so few significant digits meet many places after the point.
    fc.option(fc.stringMatching(/^0{0,24}[0-9]{1,8}$/), { nil: undefined }),
    fc.option(fc.stringMatching(/^[eE][+-]?[0-9]{1,3}$/), { nil: undefined }),
  )
  .map(
    ([negative, whole, fraction, exponent]) =>
      `${negative ? '-' : ''}${whole}${fraction === undefined ? '' : `.${fraction}`}${exponent ?? ''}`,
  );

describe('numberAt', () => {
  it('reads a JSON number in place exactly as Number reads its text, -0 included', () => {
    fc.assert(
      fc.property(numberTexts, fc.string(), fc.string(), (text, before, after) => {
        const around = `${before}${text}${after}`;
        expect(
          Object.is(numberAt(around, before.length, before.length + text.length), Number(text)),
        ).toBe(true);
      }),
      { numRuns: 2000 },
    );
  });

  it('reads the texts at the edges of the in-place reading as Number does', () => {
    for (const text of [
      '0',
      '-0',
      '-0.000',
      '0.1',
      '0.3',
      '1.25',
      // 15 significant digits are read in place; 16 and more by Number.
      '123456789012345',
      '1234567890123456',
      '9007199254740993',
      '0.1234567890123456789012',
      // Few significant digits, many places: 22 after the point in place, 23 by Number.
      '0.0000000000000000000001',
      '0.00000000000000000000001',
      '-0.0000000000000000000000123',
      '1e21',
      '5e-324',
      '1.7976931348623157e308',
    ]) {
      expect(Object.is(numberAt(text, 0, text.length), Number(text)), text).toBe(true);
    }
  });
});

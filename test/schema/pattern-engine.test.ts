import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { createAjv } from '../../src/schema/ajv-runtime.js';
import { checkArguments } from '../../src/schema/index.js';

const matches = (pattern: string, text: string) =>
  checkArguments({ type: 'string', pattern }, text).kind === 'valid';

describe('pattern: the engine chosen never changes what matches', () => {
  // Anchored patterns with at most one varying quantifier run on V8's usual engine; the rest on
  // the linear one. Either way the answer must be the `u`-flag answer Ajv would give.
  const patterns = [
    '^SKU-[0-9]+$',
    '^\\d{4}-\\d{2}-\\d{2}$',
    '^[a-z0-9_-]{1,64}$',
    '^.$',
    '^a{2,}',
    'b+$',
    '^[a-z]+[0-9]+$',
    '^(ab)+$',
    '^x|y$',
  ];

  test.each(patterns)('%s agrees with new RegExp(pattern, "u")', (pattern) => {
    const reference = new RegExp(pattern, 'u');
    fc.assert(
      fc.property(
        fc.oneof(
          fc.string({
            unit: fc.constantFrom('a', 'b', 'x', 'y', 'z', '0', '9', '-', '_', 'S', 'K', 'U'),
          }),
          fc.string({ unit: 'grapheme' }),
        ),
        (text) => {
          expect(matches(pattern, text)).toBe(reference.test(text));
        },
      ),
      { numRuns: 200 },
    );
    expect(matches(pattern, '😀')).toBe(reference.test('😀'));
  });

  test('an anchored single-quantifier pattern that fails at the very end is still a violation', () => {
    expect(checkArguments({ type: 'string', pattern: '^a*$' }, `${'a'.repeat(100_000)}b`)).toEqual({
      kind: 'invalid',
      problems: [`arguments: "${'a'.repeat(37)}…" does not match the pattern ^a*$`],
    });
  });
});

describe('createAjv: one set of options for every Ajv instance', () => {
  test.each(['draft-2020-12', 'draft-07'] as const)(
    '%s: every error, own properties, formats, and patterns through the safe engine',
    (dialect) => {
      for (const flavour of ['fast', 'verbose'] as const) {
        const ajv = createAjv(dialect, flavour);
        expect(ajv.opts).toMatchObject({ allErrors: true, ownProperties: true, strict: false });
        expect(ajv.opts.verbose === true).toBe(flavour === 'verbose');
        expect(ajv.compile({ type: 'string', format: 'email' })('not an email')).toBe(false);
        // Inherited fields are not there: a `toString` the schema requires is missing.
        expect(ajv.compile({ type: 'object', required: ['toString'] })({})).toBe(false);
        expect(() => ajv.compile({ type: 'string', pattern: '(?<=a)(b+)+$' })).toThrow(
          /repeats a group that itself repeats/,
        );
      }
    },
  );
});

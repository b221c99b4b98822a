import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  escapePointerToken,
  fragmentTokens,
  pointerTokens,
  unescapePointerToken,
} from '../../src/schema/json-pointer.js';

describe('JSON Pointer tokens (RFC 6901)', () => {
  it('unescapes what it escapes, any token', () => {
    fc.assert(
      fc.property(fc.string({ unit: fc.constantFrom('~', '/', '0', '1', 'a') }), (token) => {
        expect(unescapePointerToken(escapePointerToken(token))).toBe(token);
        expect(pointerTokens(`/${escapePointerToken(token)}/x`)).toEqual([token, 'x']);
      }),
    );
  });

  it('unescapes ~1 before ~0, so ~01 is the token ~1, not /', () => {
    expect(unescapePointerToken('~01')).toBe('~1');
    expect(pointerTokens('')).toEqual([]);
    expect(pointerTokens('/')).toEqual(['']);
  });

  it('reads a $ref fragment percent-decoded, then unescaped; null for no pointer or broken encoding', () => {
    expect(fragmentTokens('#')).toEqual([]);
    expect(fragmentTokens('#/$defs/a~1b%20c')).toEqual(['$defs', 'a/b c']);
    expect(fragmentTokens('#/$defs/%7E0')).toEqual(['$defs', '~']);
    expect(fragmentTokens('#anchor')).toBeNull();
    expect(fragmentTokens('other.json#/a')).toBeNull();
    expect(fragmentTokens('#/a%E0%A4%A')).toBeNull();
  });
});

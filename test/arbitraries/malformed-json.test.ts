import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  argumentsFor,
  MALFORMED_FAMILIES,
  type MalformedFamily,
  malformedJson,
  malformedJsonSample,
} from '../../src/arbitraries/index.js';
import { describeJson, jsonState } from '../../src/json/index.js';
import { ISSUE_REFUND, LOOKUP_ORDER, runs, SEED } from './support.js';

/** What each family's text must show, beyond being malformed. */
const LOOKS_LIKE: Record<MalformedFamily, RegExp> = {
  'trailing-comma': /,\s*\}$/,
  'unquoted-key': /[{,]\s*[A-Za-z_$][\w$]*:/,
  'single-quotes': /'[^']*'\s*:/,
  comment: /\/\/|\/\*/,
  'missing-colon': /"\s+["\d\-tfn[{]/,
  'missing-comma': /["\d\]e}l]\s+"/,
  'extra-closer': /\}[}\]]+$/,
  'concatenated-documents': /\}\s*\{/,
  'python-literals': /\b(True|False|None)\b/,
  'non-finite-number': /\b(NaN|Infinity)\b/,
  'markdown-fence': /^```(json|JSON)?\n[\s\S]*\n```$/,
  'prose-before': /^[A-Z][^{]*\{/,
};

describe('malformedJson', () => {
  it('every sample is malformed, never truncated, empty or parseable', () => {
    fc.assert(
      fc.property(malformedJsonSample(), ({ text, family }) => {
        const description = describeJson(text);
        expect(description.state, `${family}: ${text}`).toBe('malformed');
        expect(description.offset).toBeTypeOf('number');
        expect(text, family).toMatch(LOOKS_LIKE[family]);
      }),
      runs(3000),
    );
  });

  it('breaks the arguments it is given', () => {
    fc.assert(
      fc.property(malformedJson({ value: argumentsFor(ISSUE_REFUND) }), (text) => {
        expect(jsonState(text)).toBe('malformed');
      }),
      runs(1000),
    );
  });

  it('draws every family, and only the families asked for', () => {
    const seen = new Set(
      fc
        .sample(malformedJsonSample(), { seed: SEED, numRuns: 2000 })
        .map((sample) => sample.family),
    );
    expect([...seen].sort()).toEqual([...MALFORMED_FAMILIES].sort());
    const chosen: MalformedFamily[] = ['python-literals', 'markdown-fence'];
    const only = fc.sample(malformedJsonSample({ families: chosen }), { seed: SEED, numRuns: 300 });
    expect(new Set(only.map((sample) => sample.family))).toEqual(new Set(chosen));
  });

  it('adds a member a family needs when the object has none', () => {
    // One string member: no literal, no number, no second key to drop a comma between.
    const single = fc.constant({ order_id: 'A-1001' });
    for (const family of MALFORMED_FAMILIES) {
      for (const { text } of fc.sample(malformedJsonSample({ families: [family], value: single }), {
        seed: SEED,
        numRuns: 30,
      })) {
        expect(jsonState(text), `${family}: ${text}`).toBe('malformed');
      }
    }
  });

  it('breaks an empty object in every family: a tool with no required keys gets {} (found by test:stress)', () => {
    for (const family of MALFORMED_FAMILIES) {
      for (const { text } of fc.sample(
        malformedJsonSample({ families: [family], value: fc.constant({}) }),
        { seed: SEED, numRuns: 30 },
      )) {
        expect(jsonState(text), `${family}: ${text}`).toBe('malformed');
        expect(text, family).toMatch(LOOKS_LIKE[family]);
      }
    }
  });

  it('refuses an unknown family, no family, and values that are not objects', () => {
    expect(() => malformedJson({ families: ['typo' as MalformedFamily] })).toThrow(
      /^tool-call-health: malformedJson has no family "typo"/,
    );
    expect(() => malformedJson({ families: [] })).toThrow(/at least one family/);
    expect(() => fc.sample(malformedJson({ value: fc.constant([1, 2]) }), 1)).toThrow(
      /malformedJson needs objects in `value`/,
    );
  });

  it('gives the same values for the same seed, and other values for another seed', () => {
    const first = fc.sample(malformedJsonSample(), { seed: SEED, numRuns: 50 });
    expect(fc.sample(malformedJsonSample(), { seed: SEED, numRuns: 50 })).toEqual(first);
    expect(fc.sample(malformedJsonSample(), { seed: SEED + 1, numRuns: 50 })).not.toEqual(first);
  });

  it('shrinks to a short text of the failing family', () => {
    const result = fc.check(
      fc.property(
        malformedJsonSample({ value: argumentsFor(LOOKUP_ORDER) }),
        ({ family }) => family !== 'trailing-comma',
      ),
      runs(500),
    );
    expect(result.failed).toBe(true);
    const shrunk = result.counterexample?.[0];
    expect(shrunk?.family).toBe('trailing-comma');
    expect(shrunk?.text).toMatch(/^\{"order_id":".{0,6}","include_items":(true|false),\}$/);
  });
});

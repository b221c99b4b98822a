import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { argumentsFor, jsonText, truncatedJson } from '../../src/arbitraries/index.js';
import { describeJson, jsonCompletion, jsonState } from '../../src/json/index.js';
import { ISSUE_REFUND, runs, SEED } from './support.js';

/** Where a cut fell, read from the scanner's own words and the last characters. */
function cutKind(text: string): string {
  const reason = describeJson(text).reason ?? '';
  const last = text.charCodeAt(text.length - 1);
  if (last >= 0xd800 && last <= 0xdbff) return 'between surrogate halves';
  if (reason.includes("'\\u' escape")) return 'inside a \\u escape';
  if (reason.includes('escape sequence')) return 'inside an escape';
  if (reason.includes('ends inside a string') || reason.includes('ends inside an object key')) {
    return 'inside a string';
  }
  if (reason.includes('number') || /\d$/.test(text)) return 'inside a number';
  if (reason.includes('literal')) return 'inside a literal';
  return 'between tokens';
}

describe('truncatedJson', () => {
  it('every sample is truncated', () => {
    fc.assert(
      fc.property(truncatedJson(), (text) => {
        expect(jsonState(text)).toBe('truncated');
        // The witness: some continuation makes it a whole document.
        expect(() => JSON.parse(`${text}${jsonCompletion(text)}`)).not.toThrow();
      }),
      runs(1500),
    );
  });

  it('cuts the given documents, at proper prefixes only', () => {
    const documents = jsonText({
      value: fc.dictionary(fc.string(), fc.jsonValue({ maxDepth: 2 })),
    });
    fc.assert(
      fc.property(documents, (document) => {
        const cuts = fc.sample(truncatedJson({ document: fc.constant(document) }), {
          seed: SEED,
          numRuns: 10,
        });
        for (const cut of cuts) {
          expect(document.startsWith(cut)).toBe(true);
          expect(cut.length).toBeLessThan(document.length);
          expect(jsonState(cut)).toBe('truncated');
        }
      }),
      runs(150),
    );
  });

  it('cuts tool arguments from argumentsFor', () => {
    const documents = argumentsFor(ISSUE_REFUND).map((value) => JSON.stringify(value));
    fc.assert(
      fc.property(
        truncatedJson({ document: documents }),
        (text) => jsonState(text) === 'truncated',
      ),
      runs(500),
    );
  });

  it('cuts everywhere: strings, escapes, surrogate pairs, numbers, literals, between tokens', () => {
    const kinds = new Map<string, number>();
    for (const text of fc.sample(truncatedJson(), { seed: SEED, numRuns: 1500 })) {
      const kind = cutKind(text);
      kinds.set(kind, (kinds.get(kind) ?? 0) + 1);
    }
    for (const kind of [
      'between surrogate halves',
      'inside a \\u escape',
      'inside an escape',
      'inside a string',
      'inside a number',
      'inside a literal',
      'between tokens',
    ]) {
      expect(kinds.get(kind) ?? 0, kind).toBeGreaterThan(5);
    }
  });

  it('never yields a prefix that parses, is empty or only whitespace', () => {
    // '123' has prefixes '1' and '12' that parse, and '  ' is empty: none is drawn.
    const cuts = fc.sample(truncatedJson({ document: fc.constant('  [123, -4.5e+7, "x"]  ') }), {
      seed: SEED,
      numRuns: 500,
    });
    expect(cuts.every((cut) => jsonState(cut) === 'truncated')).toBe(true);
    expect(new Set(cuts).size).toBeGreaterThan(10);
  });

  it('throws, naming the document, when a document has no truncated prefix', () => {
    expect(() => fc.sample(truncatedJson({ document: fc.constant('7') }), 1)).toThrow(
      /^tool-call-health: truncatedJson was given a document with no truncated prefix: "7"/,
    );
  });

  it('gives the same values for the same seed, and other values for another seed', () => {
    const first = fc.sample(truncatedJson(), { seed: SEED, numRuns: 50 });
    expect(fc.sample(truncatedJson(), { seed: SEED, numRuns: 50 })).toEqual(first);
    expect(fc.sample(truncatedJson(), { seed: SEED + 1, numRuns: 50 })).not.toEqual(first);
  });

  it('shrinks a failing property to a short cut', () => {
    const result = fc.check(
      fc.property(truncatedJson(), (text) => !text.includes(':')),
      runs(1000),
    );
    expect(result.failed).toBe(true);
    const shrunk = result.counterexample?.[0] ?? '';
    expect(shrunk).toContain(':');
    // The shortest such cut is `{"":`; documents of hundreds of characters shrink near it.
    expect(shrunk.length).toBeLessThanOrEqual(10);
  });
});

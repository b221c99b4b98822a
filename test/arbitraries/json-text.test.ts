import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { jsonText } from '../../src/arbitraries/index.js';
import { describeJson, jsonState } from '../../src/json/index.js';
import { runs, SEED } from './support.js';

describe('jsonText', () => {
  it('every sample parses', () => {
    fc.assert(
      fc.property(jsonText(), (text) => {
        expect(jsonState(text)).toBe('parses');
        expect(describeJson(text)).toEqual({ state: 'parses' });
      }),
      runs(2000),
    );
  });

  it('every layout of a value parses back to that value', () => {
    fc.assert(
      fc.property(fc.jsonValue({ maxDepth: 3 }), (value) => {
        const texts = fc.sample(jsonText({ value: fc.constant(value) }), {
          seed: SEED,
          numRuns: 8,
        });
        for (const text of texts)
          expect(JSON.parse(text)).toEqual(JSON.parse(JSON.stringify(value)));
      }),
      runs(300),
    );
  });

  it('varies whitespace, escapes, astral characters and number forms', () => {
    const texts = fc.sample(jsonText(), { seed: SEED, numRuns: 1500 });
    const count = (test: (text: string) => boolean) => texts.filter(test).length;
    expect(count((text) => /\\u[0-9a-f]{4}/.test(text))).toBeGreaterThan(50);
    // A surrogate pair written as two escapes, and one written as itself.
    expect(count((text) => /\\ud[89ab][0-9a-f]{2}\\ud[c-f][0-9a-f]{2}/.test(text))).toBeGreaterThan(
      10,
    );
    expect(count((text) => /[\ud800-\udbff][\udc00-\udfff]/.test(text))).toBeGreaterThan(10);
    expect(count((text) => /\\[/nt"\\]/.test(text))).toBeGreaterThan(20);
    expect(count((text) => /\d[eE][+-]\d/.test(text))).toBeGreaterThan(20);
    for (const gap of ['\n', '\t', '\r\n', ' '])
      expect(count((text) => text.includes(gap))).toBeGreaterThan(20);
    expect(count((text) => text === JSON.stringify(JSON.parse(text)))).toBeGreaterThan(20);
  });

  it('gives the same values for the same seed', () => {
    const first = fc.sample(jsonText(), { seed: SEED, numRuns: 50 });
    expect(fc.sample(jsonText(), { seed: SEED, numRuns: 50 })).toEqual(first);
    expect(fc.sample(jsonText(), { seed: SEED + 1, numRuns: 50 })).not.toEqual(first);
  });

  it('shrinks to a small compact document', () => {
    const result = fc.check(
      fc.property(jsonText(), (text) => !text.includes('[')),
      runs(500),
    );
    expect(result.failed).toBe(true);
    const shrunk = result.counterexample?.[0] ?? '';
    expect(shrunk).toContain('[');
    expect(shrunk.length).toBeLessThanOrEqual(8);
  });

  it('shrinks a compact text given as an example, through its unmapper', () => {
    const result = fc.check(
      fc.property(jsonText(), (text) => !text.includes('true')),
      { ...runs(1), examples: [['{"order":{"id":"A-1001","gift":true},"qty":[1,2,3]}']] },
    );
    expect(result.failed).toBe(true);
    // Without the unmapper fast-check could not shrink a value it did not generate.
    const shrunk = result.counterexample?.[0] ?? '';
    expect(shrunk).toContain('true');
    expect(shrunk.length).toBeLessThanOrEqual('{"":{"":true}}'.length);
  });
});

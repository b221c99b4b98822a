import { describe, expect, it } from 'vitest';
import { describeJson, JsonScanner, jsonCompletion, jsonState } from '../../src/json/index.js';

describe('JsonScanner.reset', () => {
  it('forgets a malformed text entirely, so the next text gets its own verdict and offsets', () => {
    const scanner = new JsonScanner();
    scanner.push('{"a" 1}');
    expect(scanner.describe().state).toBe('malformed');
    expect(scanner.reset().push('[1, "b').describe()).toEqual({
      state: 'truncated',
      reason: 'ends inside a string; 1 unclosed container',
    });
    expect(scanner.length).toBe(6);
  });

  it('forgets a split surrogate awaiting its low half', () => {
    const scanner = new JsonScanner();
    scanner.push('[1 \ud83d');
    scanner.reset().push('\ude00');
    expect(scanner.describe()).toEqual({
      state: 'malformed',
      offset: 0,
      reason: 'expected a value but found U+DE00',
    });
  });

  it('scans a shallow text after a deep one with a fresh stack', () => {
    const scanner = new JsonScanner();
    expect(scanner.push('['.repeat(100_000)).state).toBe('truncated');
    expect(scanner.reset().push('{"a": [1]}').state).toBe('parses');
  });
});

describe('jsonState reuses one scanner, and no verdict leaks into the next call', () => {
  it('alternating texts keep their own verdicts', () => {
    const texts = ['{"a": 1}', '{"a" 1}', '{"a": [1, 2', '  ', '[1]]', '"x"'];
    const verdicts = texts.map((text) => [jsonState(text), describeJson(text)]);
    for (let round = 0; round < 3; round++) {
      for (const [index, text] of texts.entries()) {
        expect([jsonState(text), describeJson(text)]).toEqual(verdicts[index]);
      }
    }
    expect(verdicts.map(([state]) => state)).toEqual([
      'parses',
      'malformed',
      'truncated',
      'empty',
      'malformed',
      'parses',
    ]);
    expect(jsonCompletion('{"a": [1, 2')).toBe(']}');
  });
});

import { describe, expect, it } from 'vitest';
import {
  type JsonDescription,
  JsonScanner,
  jsonCompletion,
  jsonState,
} from '../../src/json/index.js';
import { expectCompletionParses } from './witness.js';

function scanWhole(text: string): JsonScanner {
  return new JsonScanner().push(text);
}

function scanInChunks(chunks: readonly string[]): JsonScanner {
  const scanner = new JsonScanner();
  for (const chunk of chunks) scanner.push(chunk);
  return scanner;
}

interface Snapshot {
  description: JsonDescription;
  completion: string | null;
  length: number;
}

function snapshot(scanner: JsonScanner): Snapshot {
  return {
    description: scanner.describe(),
    completion: scanner.completion(),
    length: scanner.length,
  };
}

// Texts whose chunk boundaries can fall inside every kind of token.
const trickyTexts = [
  '{"a": "esc\\"aped \\\\ \\u00e9 \\uD83D\\uDE00", "b": [-1.5e+10, 0, true, false, null]}',
  '["\ud83d\ude00 raw pair", "\\ud83d", -0.0E-0, 12345]',
  '{"a": "esc\\',
  '{"a": [1, 2,',
  '"\\u00',
  '"\\uD83D\\uDE',
  '[1.5e',
  '{"k": fals',
  '{"a" 1}',
  '["\\x"]',
  '"\\u12g"',
  '[1] [2]',
  '[😀]',
  '  \n ',
  '01',
];

describe('JsonScanner: reading the verdict while text arrives', () => {
  it('reports the state of everything pushed so far', () => {
    const scanner = new JsonScanner();
    expect(scanner.state).toBe('empty');
    scanner.push('  ');
    expect(scanner.state).toBe('empty');
    scanner.push('{"city": "Par');
    expect(scanner.state).toBe('truncated');
    expect(scanner.completion()).toBe('"}');
    scanner.push('is"}');
    expect(scanner.state).toBe('parses');
    expect(scanner.completion()).toBeNull();
    scanner.push(' \n');
    expect(scanner.state).toBe('parses');
    scanner.push(',');
    expect(scanner.describe()).toEqual({
      state: 'malformed',
      offset: 21,
      reason: "unexpected ',' after the document ended",
    });
  });

  it('keeps the first error and only counts text pushed after it', () => {
    const scanner = new JsonScanner().push('[1,,').push('2]');
    expect(scanner.describe()).toEqual({
      state: 'malformed',
      offset: 3,
      reason: "expected a value but found ','",
    });
    expect(scanner.length).toBe(6);
  });

  it('push returns the scanner so calls chain', () => {
    expect(new JsonScanner().push('[').push('1').push(']').state).toBe('parses');
  });

  it('ignores empty chunks', () => {
    expect(scanInChunks(['', '[', '', '"\\', '', 'n"', '', ']', '']).state).toBe('parses');
  });

  it('a top-level number is whole until a character proves otherwise', () => {
    const scanner = new JsonScanner().push('12');
    expect(scanner.state).toBe('parses');
    scanner.push('.');
    expect(scanner.state).toBe('truncated');
    scanner.push('5');
    expect(scanner.state).toBe('parses');
  });
});

describe('JsonScanner: a chunk boundary anywhere gives the same verdict', () => {
  it.each(trickyTexts.map((text) => [JSON.stringify(text), text]))(
    '%s split at every index',
    (_, text) => {
      const whole = snapshot(scanWhole(text));
      for (let cut = 0; cut <= text.length; cut++) {
        const split = snapshot(scanInChunks([text.slice(0, cut), text.slice(cut)]));
        expect(split, `cut at ${cut}`).toEqual(whole);
      }
    },
  );

  it.each(trickyTexts.map((text) => [JSON.stringify(text), text]))(
    '%s one code unit at a time',
    (_, text) => {
      const units = Array.from({ length: text.length }, (__, index) => text.charAt(index));
      expect(snapshot(scanInChunks(units))).toEqual(snapshot(scanWhole(text)));
    },
  );

  it('names a misplaced astral character even when its surrogate halves arrive apart', () => {
    const halves = scanInChunks(['[\ud83d', '\ude00]']);
    expect(halves.describe()).toEqual({
      state: 'malformed',
      offset: 1,
      reason: "expected a value but found '😀'",
    });
  });

  it('names a lone high surrogate by its code point when no low half follows', () => {
    expect(scanInChunks(['[\ud83d', 'x]']).describe().reason).toBe(
      'expected a value but found U+D83D',
    );
  });
});

describe('JsonScanner: depth costs memory, never stack', () => {
  const depth = 1_000_000;

  // V8 needs a few hundred milliseconds per JSON.parse of a million-deep document, so each
  // shape is parsed once: its completed form is both the witness and the closed version.
  it.each([
    ['arrays', '['.repeat(depth), ']'.repeat(depth), '1,000,000 unclosed containers'],
    [
      'objects',
      '{"a":'.repeat(depth),
      `0${'}'.repeat(depth)}`,
      "ends after ':', before the value; 1,000,000 unclosed containers",
    ],
  ])(
    'a million unclosed %s are truncated; closed, V8 (Node 20) parses them',
    (_, text, closing, reason) => {
      expect(jsonState(text)).toBe('truncated');
      expect(scanWhole(text).describe()).toEqual({ state: 'truncated', reason });
      const completion = jsonCompletion(text);
      expect(completion).toBe(closing);
      const closed = text + completion;
      // V8's JSON.parse is iterative and accepts this depth, and so does jsonState.
      expect(() => JSON.parse(closed)).not.toThrow();
      expect(jsonState(closed)).toBe('parses');
    },
  );

  it('mixed nesting remembers which closer each level needs', () => {
    const text = '[{"a":'.repeat(1000);
    expect(scanWhole(text).completion()).toBe(`0${'}]'.repeat(1000)}`);
    expectCompletionParses(text);
  });
});

// Speed is measured by the benchmarks (npm run bench); this only proves a large text scans to the right verdict.
describe('JsonScanner: large input', () => {
  it('scans a 10 MB truncated document to truncated', () => {
    const row =
      '{"id": 12345, "name": "a \\"quoted\\" name \\u00e9", "tags": [true, false, null, -1.5e3]},';
    const text = `[${row.repeat(Math.ceil(10_000_000 / row.length))}{"id": 1, "name": "cut he`;
    expect(text.length).toBeGreaterThanOrEqual(10_000_000);
    expect(scanWhole(text).state).toBe('truncated');
  });
});

describe('JsonScanner: input guard', () => {
  it('rejects a non-string chunk with a named TypeError', () => {
    // An untyped stream delta, as a provider payload might carry it.
    const delta = 42 as unknown as string;
    expect(() => new JsonScanner().push(delta)).toThrow(
      new TypeError('tool-call-health: JsonScanner.push expects a string, got number'),
    );
  });
});

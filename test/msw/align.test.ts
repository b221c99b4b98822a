/** alignSequences: same items anchor the alignment; what is left is paired by cost. */
import { describe, expect, test } from 'vitest';
import { type AlignedStep, alignSequences } from '../../src/msw/align.js';
import { fc, property } from '../support/property.js';

/**
 * Aligns two lists of letters as the body comparison weighs items: a lone letter costs 10,
 * pairing two different letters 10 and a bit (cheaper than leaving both alone).
 */
function align(recorded: string, sent: string, pairCost = (_r: string, _s: string) => 11) {
  return alignSequences(recorded.length, sent.length, {
    same: (r, s) => recorded[r] === sent[s],
    paired: (r, s) => (recorded[r] === sent[s] ? 0 : pairCost(recorded[r] ?? '', sent[s] ?? '')),
    recordedOnly: () => 10,
    sentOnly: () => 10,
  });
}

/** An alignment in short: `a=a` same, `a~x` paired, `-a` recording only, `+a` request only. */
function shown(recorded: string, sent: string, steps: AlignedStep[]): string {
  return steps
    .map((step) => {
      if (step.recorded === undefined) return `+${sent[step.sent]}`;
      if (step.sent === undefined) return `-${recorded[step.recorded]}`;
      return `${recorded[step.recorded]}${step.same ? '=' : '~'}${sent[step.sent]}`;
    })
    .join(' ');
}

const run = (recorded: string, sent: string, pairCost?: (r: string, s: string) => number) =>
  shown(recorded, sent, align(recorded, sent, pairCost));

describe('alignSequences', () => {
  test('an insertion, a deletion and a replacement', () => {
    expect(run('abcd', 'abXcd')).toBe('a=a b=b +X c=c d=d');
    expect(run('abcd', 'abd')).toBe('a=a b=b -c d=d');
    expect(run('abcd', 'abXd')).toBe('a=a b=b c~X d=d');
  });

  test('edits scattered in the middle are found between same items (Myers)', () => {
    expect(run('axbycz', 'abcQ')).toBe('a=a -x b=b -y c=c z~Q');
    expect(run('abc', 'cba')).toBe('-a -b c=c +b +a');
  });

  test('every index of each side appears once, in order', () => {
    const steps = align('kitten', 'sitting');
    expect(steps.flatMap((step) => (step.recorded === undefined ? [] : [step.recorded]))).toEqual([
      0, 1, 2, 3, 4, 5,
    ]);
    expect(steps.flatMap((step) => (step.sent === undefined ? [] : [step.sent]))).toEqual([
      0, 1, 2, 3, 4, 5, 6,
    ]);
  });

  test('among equally cheap pairings the earlier pairs win, and lone items go last', () => {
    expect(run('a', 'XY')).toBe('a~X +Y');
    expect(run('ab', 'X')).toBe('a~X -b');
  });

  test('a leftover item pairs with the one it resembles most, by cost', () => {
    // "u" resembles "U" more than "D": D stands alone.
    const cost = (r: string, s: string) => (r.toUpperCase() === s ? 11 : 13);
    expect(run('u', 'DU', cost)).toBe('+D u~U');
  });

  test('empty sides', () => {
    expect(run('', '')).toBe('');
    expect(run('ab', '')).toBe('-a -b');
    expect(run('', 'ab')).toBe('+a +b');
  });
});

/** The length of a longest common subsequence, by the textbook table. */
function lcsLength(a: string, b: string): number {
  let previous = new Array<number>(b.length + 1).fill(0);
  for (const x of a) {
    const row = [0];
    for (const [j, y] of [...b].entries()) {
      row.push(x === y ? (previous[j] ?? 0) + 1 : Math.max(previous[j + 1] ?? 0, row[j] ?? 0));
    }
    previous = row;
  }
  return previous[b.length] ?? 0;
}

describe('alignSequences keeps as many same items paired as any alignment can', () => {
  // Up to 60 letters: past the stretch paired by cost, so Myers' diff finds the same pairs.
  const letters = fc.string({ unit: fc.constantFrom('a', 'b', 'c'), maxLength: 60 });

  property([letters, letters], { numRuns: 500 })(
    'its same pairs are equal, each index appears once, and they are a longest common subsequence',
    (recorded, sent) => {
      const steps = align(recorded, sent);
      const paired = steps.filter(
        (step): step is { recorded: number; sent: number; same: boolean } =>
          step.recorded !== undefined && step.sent !== undefined,
      );
      for (const step of paired.filter(({ same }) => same)) {
        expect(recorded[step.recorded]).toBe(sent[step.sent]);
      }
      const equal = paired.filter((step) => recorded[step.recorded] === sent[step.sent]);
      expect(equal).toHaveLength(lcsLength(recorded, sent));
      expect(steps.flatMap((step) => step.recorded ?? [])).toEqual([...recorded].map((_, i) => i));
      expect(steps.flatMap((step) => step.sent ?? [])).toEqual([...sent].map((_, i) => i));
    },
  );
});

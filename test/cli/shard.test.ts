import { describe, expect, test } from 'vitest';
import {
  type Piece,
  parseShard,
  planShards,
  type SizedRecording,
  shareOf,
} from '../../src/cli/shard.js';

const MB = 1024 * 1024;

/** A folder of many small files of every kind, and one large JSONL of independent lines. */
const week: SizedRecording[] = [
  ...Array.from({ length: 300 }, (_, day) => ({
    path: `traffic/day-${day % 7}/exchange-${day}.json`,
    size: 2_000 + ((day * 7919) % 9_000),
    splittable: false,
  })),
  ...Array.from({ length: 24 }, (_, hour) => ({
    path: `traffic/har/hour-${hour}.har`,
    size: 150_000 + hour * 1_000,
    splittable: false,
  })),
  { path: 'traffic/big.jsonl', size: 40 * MB, splittable: true },
  { path: 'traffic/archive.jsonl.gz', size: 3 * MB, splittable: false },
  { path: 'traffic/readme.md', size: -1, splittable: false },
];

function load(pieces: readonly Piece[], recordings: readonly SizedRecording[]): number {
  return pieces.reduce(
    (sum, { recording, part }) =>
      sum + (part === null ? Math.max(0, recordings[recording]?.size ?? 0) : part.end - part.start),
    0,
  );
}

describe('parseShard', () => {
  test('i/n, 1-based', () => {
    expect(parseShard('1/3')).toEqual({ index: 1, count: 3 });
    expect(parseShard(' 3 / 3 ')).toEqual({ index: 3, count: 3 });
    expect(parseShard('1/1')).toEqual({ index: 1, count: 1 });
    for (const bad of ['0/3', '4/3', '1/0', '1', '1/3/5', 'a/b', '-1/3', '1.5/3', '1/99999']) {
      expect(parseShard(bad)).toBe(
        `--shard takes i/n with 1 <= i <= n, like 1/3; got ${JSON.stringify(bad)}`,
      );
    }
  });
});

describe('planShards', () => {
  test.each([1, 2, 3, 5, 16])(
    '%i shards: every file whole in exactly one shard, or every byte of it in exactly one part',
    (count) => {
      const plan = planShards(week, count);
      expect(plan).toHaveLength(count);
      const pieces = plan.flat();
      for (const [index, recording] of week.entries()) {
        const mine = pieces.filter((piece) => piece.recording === index);
        if (mine.length === 1 && mine[0]?.part === null) continue;
        // The parts tile the file: from byte 0 to its size, each starting where one ends.
        const parts = mine
          .map((piece) => piece.part)
          .sort((a, b) => (a?.start ?? 0) - (b?.start ?? 0));
        expect(parts.every((part) => part !== null && part.of === parts.length)).toBe(true);
        expect(parts[0]?.start).toBe(0);
        expect(parts.at(-1)?.end).toBe(recording.size);
        for (let at = 1; at < parts.length; at++) expect(parts[at]?.start).toBe(parts[at - 1]?.end);
        expect(parts.map((part) => part?.index)).toEqual(parts.map((_, at) => at));
      }
      expect(new Set(pieces.map((piece) => piece.recording)).size).toBe(week.length);
    },
  );

  test('one shard reads every file whole, in the order found', () => {
    expect(planShards(week, 1)).toEqual([week.map((_, recording) => ({ recording, part: null }))]);
  });

  test('each shard lists its pieces in the order found, parts in file order', () => {
    for (const pieces of planShards(week, 3)) {
      const order = pieces.map(({ recording, part }) => recording * 1000 + (part?.index ?? 0));
      expect(order).toEqual([...order].sort((a, b) => a - b));
    }
  });

  test.each([2, 3, 5])('%i shards get about 1/n of the bytes each', (count) => {
    const total = week.reduce((sum, { size }) => sum + Math.max(0, size), 0);
    const loads = planShards(week, count).map((pieces) => load(pieces, week));
    for (const bytes of loads) expect(Math.abs(bytes - total / count)).toBeLessThan(total * 0.05);
  });

  test('a large JSONL is cut in parts; a HAR, a gzipped file and a small JSONL go whole', () => {
    const plan = planShards(
      [
        { path: 'big.jsonl', size: 20 * MB, splittable: true },
        { path: 'big.har', size: 20 * MB, splittable: false },
        { path: 'small.jsonl', size: 100_000, splittable: true },
      ],
      2,
    ).flat();
    expect(plan.filter((piece) => piece.recording === 0).length).toBeGreaterThan(1);
    expect(plan.filter((piece) => piece.recording === 1)).toEqual([{ recording: 1, part: null }]);
    expect(plan.filter((piece) => piece.recording === 2)).toEqual([{ recording: 2, part: null }]);
  });

  test('two large files that cannot be cut go to different shards', () => {
    const plan = planShards(
      [
        { path: 'a.har', size: 90 * MB, splittable: false },
        { path: 'b.har', size: 80 * MB, splittable: false },
        ...Array.from({ length: 50 }, (_, at) => ({
          path: `s${at}.json`,
          size: 1_000,
          splittable: false,
        })),
      ],
      2,
    );
    expect(plan.map((pieces) => pieces.filter((piece) => piece.recording < 2).length)).toEqual([
      1, 1,
    ]);
  });

  test('the plan depends on the paths and sizes only: the same on every machine', () => {
    const windows = week.map((recording) => ({
      ...recording,
      path: recording.path.replaceAll('/', '\\'),
    }));
    expect(planShards(windows, 3)).toEqual(planShards(week, 3));
    expect(planShards(week, 3)).toEqual(planShards(structuredClone(week), 3));
  });
});

describe('shareOf', () => {
  test("a shard's share and the others' add up to every file and part", () => {
    const plan = planShards(week, 3);
    const shares = [1, 2, 3].map((index) => shareOf(plan, week, index));
    const total = week.reduce((sum, { size }) => sum + Math.max(0, size), 0);
    const parts = plan.flat().filter((piece) => piece.part !== null).length;
    for (const share of shares) {
      expect(share.files + share.otherShards.files).toBe(week.length - 1);
      expect(share.parts + share.otherShards.parts).toBe(parts);
      expect(share.bytes + share.otherShards.bytes).toBe(total);
    }
    expect(shares.reduce((sum, share) => sum + share.bytes, 0)).toBe(total);
  });
});

import { describe, expect, test } from 'vitest';
import { inShard, parseShard, type Shard, shardOf } from '../../src/cli/shard.js';

const locations = [
  ...Array.from({ length: 3000 }, (_, line) => `logs/day-1.jsonl:${line + 1}`),
  ...Array.from({ length: 40 }, (_, entry) => `recordings/chat.har:entries[${entry}]`),
  'fixtures/manifest.json',
  'streams/cut.sse',
];

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

describe('sharding', () => {
  test.each([1, 2, 3, 7, 16])('%i shards: every entry lands in exactly one', (count) => {
    const shards: Shard[] = Array.from({ length: count }, (_, index) => ({
      index: index + 1,
      count,
    }));
    const taken = shards.map((shard) => locations.filter((location) => inShard(location, shard)));
    expect(taken.flat().sort()).toEqual([...locations].sort());
    expect(new Set(taken.flat()).size).toBe(locations.length);
  });

  test('by a stable hash of the location, not by position: pinned values', () => {
    // FNV-1a over the UTF-8 bytes; if these change, every CI matrix reshuffles its corpus.
    expect(shardOf('fixtures/openai-chat/healthy-call.har:entries[0]', 3)).toBe(
      shardOf('fixtures/openai-chat/healthy-call.har:entries[0]', 3),
    );
    expect(['a', 'b', 'logs/x.jsonl:1', 'é'].map((location) => shardOf(location, 1000))).toEqual([
      221, 78, 909, 218,
    ]);
    expect(shardOf('logs\\x.jsonl:1', 1000)).toBe(shardOf('logs/x.jsonl:1', 1000));
  });

  test('adding entries moves no other entry', () => {
    const before = locations.map((location) => shardOf(location, 5));
    const after = [...locations, 'logs/day-2.jsonl:1'].map((location) => shardOf(location, 5));
    expect(after.slice(0, locations.length)).toEqual(before);
  });

  test('shards are roughly even', () => {
    const sizes = [1, 2, 3, 4].map(
      (index) => locations.filter((location) => inShard(location, { index, count: 4 })).length,
    );
    for (const size of sizes) expect(size).toBeGreaterThan(locations.length / 4 - 150);
  });
});

/**
 * Splitting one corpus across machines (`--shard i/n`). An entry's shard is picked by a stable
 * hash of its location, not by its position, so adding a file moves no other entry to another
 * shard, and every machine agrees without talking to the others.
 */

/** One shard of a split: `index` is 1-based, as CI matrices count. */
export interface Shard {
  index: number;
  count: number;
}

/** The most shards a corpus may be split into; far beyond any CI matrix. */
const MAX_SHARDS = 10_000;

/**
 * Reads `i/n` (`1/3`, `2/3`, `3/3`), or returns what is wrong with it.
 *
 * @example
 * parseShard('2/3'); // { index: 2, count: 3 }
 * parseShard('0/3'); // '--shard takes i/n with 1 <= i <= n, like 1/3; got "0/3"'
 */
export function parseShard(text: string): Shard | string {
  const match = /^\s*(\d{1,6})\s*\/\s*(\d{1,6})\s*$/.exec(text);
  const index = Number(match?.[1]);
  const count = Number(match?.[2]);
  if (match === null || index < 1 || count < 1 || index > count || count > MAX_SHARDS) {
    return `--shard takes i/n with 1 <= i <= n, like 1/3; got ${JSON.stringify(text)}`;
  }
  return { index, count };
}

/**
 * The 1-based shard a location belongs to among `count`: FNV-1a (32-bit) over the UTF-8 bytes
 * of the location with `/` separators, so Windows and POSIX machines agree.
 *
 * @example
 * shardOf('fixtures/chat.har:entries[0]', 3); // 1, 2 or 3, the same on every machine
 */
export function shardOf(location: string, count: number): number {
  let hash = 0x811c9dc5;
  for (const byte of new TextEncoder().encode(location.replaceAll('\\', '/'))) {
    hash ^= byte;
    hash = Math.imul(hash, 0x01000193);
  }
  return ((hash >>> 0) % count) + 1;
}

/**
 * Whether an entry at `location` is audited by this shard; every entry is in exactly one.
 *
 * @example
 * ['1/3', '2/3', '3/3'].filter((s) => inShard('a.jsonl:7', parseShard(s) as Shard)).length; // 1
 */
export function inShard(location: string, shard: Shard): boolean {
  return shardOf(location, shard.count) === shard.index;
}

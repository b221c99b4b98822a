/**
 * Splitting one audit across machines (`--shard i/n`) so that each shard reads only its share:
 * whole files where there are many, and byte ranges ("parts") of a large JSONL of independent
 * lines where there are few. Every shard computes the same plan alone, from the list of
 * recordings found and their sizes, so the machines agree without talking to each other; every
 * file, and every line of a file cut in parts, is read by exactly one shard. Pure.
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
 * A byte range of a file cut in parts: it holds the lines that *start* in `[start, end)`, so a
 * line cut by a boundary belongs to the part it starts in. `index` counts from 0 of `of`.
 */
export interface FilePart {
  index: number;
  of: number;
  start: number;
  end: number;
}

/** A recording as the plan sees it: its path, its size (`-1` when unknown), and whether its lines may be read apart. */
export interface SizedRecording {
  path: string;
  size: number;
  splittable: boolean;
}

/** One piece of the work: a recording (its index in the list), whole or one of its parts. */
export interface Piece {
  recording: number;
  part: FilePart | null;
}

/** The settings of a plan; the defaults are what `audit` uses. */
export interface PlanOptions {
  /** No part is smaller than this: below it, reading a file whole costs less than cutting it. */
  minPart: number;
  /** What opening a file costs, in bytes read, so that a folder of small files is split evenly too. */
  fileCost: number;
}

const PLAN_DEFAULTS: PlanOptions = { minPart: 1024 * 1024, fileCost: 16 * 1024 };

/** Parts per shard a large file is cut into at most: enough for the shards to even out. */
const PARTS_PER_SHARD = 4;

/**
 * The pieces of each shard, in the order the recordings were found (`plan[i - 1]` for shard i).
 * A splittable recording larger than a part is cut into parts of equal bytes; then every piece,
 * the largest first, goes to the shard with the least work so far (the lowest-numbered among
 * equals). Ties between pieces are broken by path and part, so the plan depends only on the
 * paths and sizes given, never on the machine.
 *
 * @example
 * planShards([{ path: 'a.har', size: 10, splittable: false }, { path: 'b.jsonl', size: 30e6, splittable: true }], 2);
 * // [[{ recording: 0, part: null }, { recording: 1, part: { index: 1, of: 8, ... } }, ...], [...]]
 */
export function planShards(
  recordings: readonly SizedRecording[],
  count: number,
  options: Partial<PlanOptions> = {},
): Piece[][] {
  const { minPart, fileCost } = { ...PLAN_DEFAULTS, ...options };
  const total = recordings.reduce((sum, { size }) => sum + Math.max(0, size), 0);
  const partSize = Math.max(minPart, Math.ceil(total / (count * PARTS_PER_SHARD)));
  const weighed: { piece: Piece; weight: number; path: string }[] = [];
  for (const [index, { path, size, splittable }] of recordings.entries()) {
    const bytes = Math.max(0, size);
    const of = count > 1 && splittable && bytes > partSize ? Math.ceil(bytes / partSize) : 1;
    const where = path.replaceAll('\\', '/');
    if (of === 1) {
      weighed.push({
        piece: { recording: index, part: null },
        weight: bytes + fileCost,
        path: where,
      });
      continue;
    }
    for (let part = 0; part < of; part++) {
      const start = Math.floor((part * bytes) / of);
      const end = Math.floor(((part + 1) * bytes) / of);
      weighed.push({
        piece: { recording: index, part: { index: part, of, start, end } },
        weight: end - start,
        path: where,
      });
    }
  }
  weighed.sort(
    (a, b) =>
      b.weight - a.weight ||
      (a.path < b.path ? -1 : a.path > b.path ? 1 : 0) ||
      (a.piece.part?.index ?? 0) - (b.piece.part?.index ?? 0) ||
      a.piece.recording - b.piece.recording,
  );
  const plan: Piece[][] = Array.from({ length: count }, () => []);
  const loads = new LeastLoaded(count);
  for (const { piece, weight } of weighed) plan[loads.take(weight)]?.push(piece);
  for (const pieces of plan) {
    pieces.sort((a, b) => a.recording - b.recording || (a.part?.index ?? 0) - (b.part?.index ?? 0));
  }
  return plan;
}

/**
 * The shards by the work given to each, as a binary heap: `take(weight)` gives the index of the
 * least loaded (the lowest among equals) and adds `weight` to it. A heap, not a scan, as a plan
 * may have thousands of files and shards.
 */
class LeastLoaded {
  private readonly heap: { load: number; shard: number }[];

  constructor(count: number) {
    this.heap = Array.from({ length: count }, (_, shard) => ({ load: 0, shard }));
  }

  take(weight: number): number {
    const top = this.heap[0] as { load: number; shard: number };
    top.load += weight;
    this.siftDown(0);
    return top.shard;
  }

  private before(a: number, b: number): boolean {
    const x = this.heap[a] as { load: number; shard: number };
    const y = this.heap[b] as { load: number; shard: number };
    return x.load < y.load || (x.load === y.load && x.shard < y.shard);
  }

  private siftDown(from: number): void {
    let at = from;
    while (true) {
      const left = 2 * at + 1;
      const right = left + 1;
      let least = at;
      if (left < this.heap.length && this.before(left, least)) least = left;
      if (right < this.heap.length && this.before(right, least)) least = right;
      if (least === at) return;
      const swap = this.heap[at] as { load: number; shard: number };
      this.heap[at] = this.heap[least] as { load: number; shard: number };
      this.heap[least] = swap;
      at = least;
    }
  }
}

/** What one shard was given of the recordings found, and what it left to the other shards. */
export interface ShardShare {
  /** Whole files (and paths listed as skipped or unreadable) given to this shard. */
  files: number;
  /** Parts of files cut in parts given to this shard. */
  parts: number;
  /** The bytes of those files and parts. */
  bytes: number;
  /** The same counts, of the pieces the other shards read. */
  otherShards: { files: number; parts: number; bytes: number };
}

/**
 * The counts of a shard's share in a plan, for the summary.
 *
 * @example
 * shareOf(plan, recordings, 1); // { files: 120, parts: 2, bytes: 48_000_000, otherShards: { ... } }
 */
export function shareOf(
  plan: readonly (readonly Piece[])[],
  recordings: readonly SizedRecording[],
  index: number,
): ShardShare {
  const count = (pieces: readonly Piece[]) => {
    let files = 0;
    let parts = 0;
    let bytes = 0;
    for (const { recording, part } of pieces) {
      if (part === null) {
        files += 1;
        bytes += Math.max(0, recordings[recording]?.size ?? 0);
      } else {
        parts += 1;
        bytes += part.end - part.start;
      }
    }
    return { files, parts, bytes };
  };
  const mine = count(plan[index - 1] ?? []);
  const others = count(plan.filter((_, at) => at !== index - 1).flat());
  return { ...mine, otherShards: others };
}

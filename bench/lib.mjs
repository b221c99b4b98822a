// What every group shares: timing through mitata, a seeded random source, and formatting.
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { do_not_optimize, measure } from 'mitata';

/** The repository, the built CLI the whole-process groups run, and what they time it with. */
export const ROOT = fileURLToPath(new URL('..', import.meta.url));
export const CLI = join(ROOT, 'bin/tool-call-health.js');
export const TIME = '/usr/bin/time';
export const MB = 1024 ** 2;

// The seeded generator the fixture builder shares, so every input is the same from run to run.
export { seededRandom } from '../scripts/seeded-random.mjs';
export { do_not_optimize };

/**
 * Uses a result without keeping it: holding a parsed 10 MB document until the next call would
 * make the collector promote it, a cost no caller pays.
 */
export const discard = (value) => do_not_optimize(value === undefined);

/**
 * The median time of one call of `fn`, in nanoseconds: mitata samples it (batching calls that
 * are shorter than 65 µs) until both `minSamples` and `budgetMs` of run time are reached. The
 * heap is collected first (the bench runs with `--expose-gc`), so no function pays for the
 * garbage of the one measured before it, and then `fn` runs for at least `warmupMs`, so the
 * JIT has settled and the heap has grown back. mitata would collect just before its samples:
 * the calls after a full collection ran up to 40 times slower while the young generation grew
 * back (measured: a 0.4 ms watcher call took 3-17 ms for its first dozen calls), and the
 * samples of a function that allocates were all taken in that dip.
 */
export async function median(fn, { budgetMs = 100, minSamples = 6, warmupMs = 60 } = {}) {
  globalThis.gc?.();
  await warmUp(fn, Math.max(warmupMs, MIN_WARMUP_MS));
  const stats = await measure(fn, {
    gc: false,
    min_cpu_time: budgetMs * 1e6,
    min_samples: minSamples,
    // 256 calls per sample rather than 4,096: enough to time a 1 µs call, and cheap enough
    // that a few dozen samples fit the budget.
    batch_samples: 256,
  });
  return stats.p50;
}

/** The least warm-up after a collection: the dip above lasted up to 75 ms. */
const MIN_WARMUP_MS = 100;

async function warmUp(fn, ms) {
  const until = performance.now() + ms;
  let runs = 0;
  while (performance.now() < until || runs < 1) {
    const result = fn();
    if (result instanceof Promise) await result;
    runs++;
  }
}

const middle = (values) => values.toSorted((a, b) => a - b)[Math.floor((values.length - 1) / 2)];

/**
 * A baseline and its contenders measured turn about, `rounds` times, each round a short mitata
 * run of every function. A ratio is taken within each round, between measurements seconds
 * apart, and the median of those ratios is kept: on a machine shared with other work, load
 * that comes and goes then lands on both sides instead of on whichever ran at the wrong time.
 * Returns the baseline's median time and, per contender, its median time and median ratio.
 */
export async function compare(baseline, contenders, options = {}) {
  const { rounds = 4, budgetMs = 100, minSamples = 6, warmupMs = 60 } = options;
  const all = [baseline, ...contenders];
  for (const fn of all) await warmUp(fn, warmupMs);
  const times = all.map(() => []);
  const per = { budgetMs: budgetMs / 2, minSamples, warmupMs: 0 };
  for (let round = 0; round < rounds; round++) {
    for (const [index, fn] of all.entries()) times[index].push(await median(fn, per));
  }
  const [base, ...others] = times;
  return {
    baselineNs: middle(base),
    contenders: others.map((own) => ({
      ns: middle(own),
      ratio: middle(own.map((time, round) => time / base[round])),
    })),
  };
}

/** Budget for inputs that take tens of milliseconds per call: fewer, longer samples. */
export function optionsFor(bytes) {
  if (bytes >= 5e6) return { budgetMs: 200, minSamples: 3, warmupMs: 200, rounds: 3 };
  if (bytes >= 5e5) return { budgetMs: 150, minSamples: 4, warmupMs: 120, rounds: 4 };
  return { budgetMs: 100, minSamples: 6, warmupMs: 60, rounds: 4 };
}

export function formatTime(ns) {
  if (ns >= 1e9) return `${(ns / 1e9).toFixed(2)} s`;
  if (ns >= 1e6) return `${(ns / 1e6).toFixed(2)} ms`;
  if (ns >= 1e3) return `${(ns / 1e3).toFixed(2)} µs`;
  return `${ns.toFixed(0)} ns`;
}

export function formatBytes(bytes) {
  if (bytes >= 1024 ** 3) return `${(bytes / 1024 ** 3).toFixed(2)} GB`;
  if (bytes >= 1024 ** 2)
    return `${(bytes / 1024 ** 2).toFixed(bytes >= 10 * 1024 ** 2 ? 0 : 1)} MB`;
  if (bytes >= 1024) return `${(bytes / 1024).toFixed(bytes >= 10 * 1024 ? 0 : 1)} KB`;
  return `${bytes} B`;
}

export const round = (value, digits = 2) => Number(value.toFixed(digits));

/**
 * One row of the results: what was measured, the numbers, and the verdict against its target.
 * `ratio` rows compare to `target` as "at most"; `absolute` rows compare a time in ns.
 */
export function row(group, name, fields) {
  const { value, target, unit = 'x' } = fields;
  const pass = target === undefined ? null : value <= target;
  return { group, name, ...fields, unit, value: round(value, unit === 'x' ? 2 : 3), pass };
}

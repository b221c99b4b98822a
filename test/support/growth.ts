/**
 * Linear work proved by growth, not by a timeout: the same operation on four times the input
 * must take about four times the CPU time, where quadratic work takes sixteen times as long or
 * more. A timeout cannot tell the two apart at the sizes a test can afford: quadratic work on
 * 10,000 items is about 10^8 cheap steps, well inside any hang guard. Used by the stream
 * linearity tests and the hardening growth tests (test/hardening/growth.timed.test.ts).
 */
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

/** How many times the larger input is the smaller: linear work grows 4x, quadratic 16x. */
export const GROWTH_FACTOR = 4;
/** Well under the 16 of quadratic work, with room above the 4 of linear work for noise. */
export const MOST_GROWTH = 8;
/** Timed runs of each size, after a warm-up. */
const ROUNDS = 5;
/**
 * The most rounds a ratio over the limit gets: a run that one noisy moment pushed past it gets
 * more chances at a quiet one, and work that really grows too fast stays over it every time.
 */
const MOST_ROUNDS = 10;

/**
 * The CPU time this process has used, in milliseconds. Unlike the wall clock, it does not count
 * the time other processes had the cores: on a loaded machine a long run is interrupted more
 * often than a short one, which alone pushed wall-clock ratios of linear work past 8. Vitest
 * runs each test file in a process of its own (the forks pool), and the tests of a file one at
 * a time, so no other test is counted.
 */
function cpuMs(): number {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
}

/**
 * A full collection, run before each timed read (and not timed) so that no run pays for the
 * garbage of the run before it, young or old: with only the young generation collected, a
 * marking of the old one that an earlier run had made due could land in either size's timing.
 * The `gc` function is exposed to this process only, the way jest's leak detector does it. The
 * timed project also runs with its young generation fixed at 64 MB (vitest.config.ts), so that
 * the sizes a test times fit in it alike: left to grow from its default, the cost per item of
 * one long message stepped up 2.6x between 4,000 and 8,000 items; fixed, it is flat to 32,000.
 * A test keeps its larger size under the next step (about 64,000 such items).
 */
const collectGarbage: () => void = (() => {
  setFlagsFromString('--expose-gc');
  const gc = runInNewContext('gc') as () => void;
  return () => gc();
})();

/** What {@link growth} measured: the fastest CPU time of each size, and their ratio. */
export interface Growth<Output> {
  /** The smaller size; the larger is {@link GROWTH_FACTOR} times it. */
  size: number;
  /** Milliseconds of CPU time on the smaller input, and on the larger. */
  small: number;
  large: number;
  ratio: number;
  /** What `read` made of the larger input, for the test to check the work was done. */
  output: Output;
}

/**
 * How many times more CPU time `read` takes on `build(4 * size)` than on `build(size)`. Sizes
 * alternate, and each size keeps its fastest run: a collection of garbage left by an earlier
 * run, or a busy memory bus, only ever adds time. Building and collecting are not timed.
 *
 * @example
 * const measured = growth(1_000, (count) => ({ tools: toolsNamed(count) }), readTurn);
 * expect(measured.ratio, describeGrowth(measured, 'tools')).toBeLessThan(MOST_GROWTH);
 */
export function growth<Input, Output>(
  size: number,
  build: (size: number) => Input,
  read: (input: Input) => Output,
): Growth<Output> {
  const small = build(size);
  const large = build(GROWTH_FACTOR * size);
  // After a warm-up on both sizes, what is timed is compiled code, not the interpreter's first
  // pass, and the heap has already grown to hold the larger size: warmed on the smaller alone,
  // linear reading of 1,000 and 4,000 calls measured 9x to 10x; warmed on both, and with a
  // collection before each run, about 5x.
  read(small);
  read(large);
  const fastest = { small: Number.POSITIVE_INFINITY, large: Number.POSITIVE_INFINITY };
  let output: Output | undefined;
  for (let round = 0; round < MOST_ROUNDS; round += 1) {
    if (round >= ROUNDS && fastest.large < MOST_GROWTH * fastest.small) break;
    collectGarbage();
    let start = cpuMs();
    read(small);
    fastest.small = Math.min(fastest.small, cpuMs() - start);
    collectGarbage();
    start = cpuMs();
    output = read(large);
    fastest.large = Math.min(fastest.large, cpuMs() - start);
    // No quieter round brings a run this slow back under the limit: fail now, not in minutes.
    if (fastest.large > 4 * MOST_GROWTH * fastest.small) break;
  }
  return { size, ...fastest, ratio: fastest.large / fastest.small, output: output as Output };
}

/**
 * `read`, run `times` times over the same input; returns the last result. A single read of a
 * few thousand calls takes a fraction of a millisecond, short enough for one pause of the
 * collector to decide a ratio: repeating it lengthens each timing without making the data
 * outgrow the CPU caches.
 */
export function repeated<Input, Output>(
  times: number,
  read: (input: Input) => Output,
): (input: Input) => Output {
  return (input) => {
    let output = read(input);
    for (let run = 1; run < times; run += 1) output = read(input);
    return output;
  };
}

/** The growth line a failure prints: both sizes, in `unit`, and their CPU times. */
export function describeGrowth(
  { size, small, large, ratio }: Omit<Growth<unknown>, 'output'>,
  unit: string,
): string {
  const count = (items: number) => `${items.toLocaleString('en-US')} ${unit}`;
  return `${count(size)}: ${small.toFixed(1)} ms, ${count(GROWTH_FACTOR * size)}: ${large.toFixed(1)} ms (${ratio.toFixed(1)}x)`;
}

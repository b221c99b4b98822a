/**
 * The seeded interpreter of the generator algebra: each generator is a function of a seeded
 * `Random`, so the same seed draws the same values, with no fast-check loaded. What fault
 * injection writes comes from here; the arbitraries run the same builders through fast-check.
 */
import type { JsonValue } from '../model/narrow.js';
import type { Gen, Gens, Lengths, Weighted } from './gen.js';
import { type Random, seededRandom } from './random.js';
import { sampleRegex } from './regex-sample.js';

type Draw<T> = (random: Random) => T;

const gen = <T>(draw: Draw<T>): Gen<T> => ({ draw }) as unknown as Gen<T>;
const drawOf = <T>(made: Gen<T>): Draw<T> => (made as unknown as { draw: Draw<T> }).draw;

/**
 * A value of a seeded generator.
 *
 * @example
 * sample(SEEDED.integer({ min: 1, max: 6 }), seededRandom(7)); // the same every run
 */
export function sample<T>(made: Gen<T>, random: Random): T {
  return drawOf(made)(random);
}

/** How many tries a filter or a unique list makes before it gives up. */
const TRIES = 100;
/** A fixed seed: what is probed at build time never depends on the run. */
const PROBE_SEED = 20_240_601;
/** How many items an unbounded list or string gets past its least length. */
const OPEN_LENGTH = 4;
const WORDS = ['order', 'refund', 'parcel', 'invoice', 'status', 'customer', 'late', 'express'];

const lengthIn = (random: Random, lengths: Lengths | undefined, cap: number) => {
  const min = lengths?.minLength ?? 0;
  const max = Math.min(lengths?.maxLength ?? min + OPEN_LENGTH, min + cap);
  return random.int(min, Math.max(min, max));
};

function weightedPick<T>(random: Random, choices: readonly Weighted<T>[]): Gen<T> {
  const weighted = choices.map((choice) =>
    'weight' in choice ? choice : { weight: 1, arbitrary: choice },
  );
  const total = weighted.reduce((sum, choice) => sum + choice.weight, 0);
  let point = random.next() * total;
  for (const choice of weighted) {
    point -= choice.weight;
    if (point < 0) return choice.arbitrary;
  }
  return (weighted.at(-1) as { arbitrary: Gen<T> }).arbitrary;
}

function shuffle<T>(values: readonly T[], random: Random): T[] {
  const out = [...values];
  for (let index = out.length - 1; index > 0; index -= 1) {
    const other = random.int(0, index);
    [out[index], out[other]] = [out[other] as T, out[index] as T];
  }
  return out;
}

function jsonValue(random: Random, depth: number, binary: boolean): JsonValue {
  const kind = random.int(0, depth > 0 ? 6 : 4);
  switch (kind) {
    case 0:
      return null;
    case 1:
      return random.chance(0.5);
    case 2:
      return random.chance(0.5) ? random.int(-1000, 1000) : Math.round(random.next() * 1e4) / 100;
    case 3:
    case 4:
      return binary
        ? String.fromCodePoint(random.int(0x20, 0x2fff))
        : random.pick(WORDS) + (random.chance(0.3) ? ` ${random.pick(WORDS)}` : '');
    case 5:
      return Array.from({ length: random.int(0, 3) }, () => jsonValue(random, depth - 1, binary));
    default: {
      const object: Record<string, JsonValue> = {};
      for (let index = random.int(0, 3); index > 0; index -= 1)
        object[random.pick(WORDS)] = jsonValue(random, depth - 1, binary);
      return object;
    }
  }
}

/**
 * The algebra as seeded draws.
 *
 * @example
 * sample(SEEDED.tuple(SEEDED.boolean(), SEEDED.constant('x')), seededRandom(1)); // [true, 'x']
 */
export const SEEDED: Gens = {
  constant: (value) => gen(() => value),
  constantFrom: (...values) => gen((random) => random.pick(values)),
  boolean: () => gen((random) => random.chance(0.5)),
  integer: ({ min, max }) => gen((random) => random.int(min, max)),
  double: ({ min, max }) =>
    gen((random) => {
      // A window too wide to subtract in floating point is drawn near zero.
      const [low, high] = Number.isFinite(max - min)
        ? [min, max]
        : [Math.max(min, -1e6), Math.min(max, 1e6)];
      return Math.min(high, Math.max(low, low + random.next() * (high - low)));
    }),
  oneof: (...choices) => gen((random) => drawOf(weightedPick(random, choices))(random)),
  tuple: ((...gens: Gen<unknown>[]) =>
    gen((random) => gens.map((item) => drawOf(item)(random)))) as Gens['tuple'],
  array: (item, lengths) =>
    gen((random) =>
      Array.from({ length: lengthIn(random, lengths, 8) }, () => drawOf(item)(random)),
    ),
  uniqueArray: (item, { selector, ...lengths }) =>
    gen((random) => {
      const target = lengthIn(random, lengths, 8);
      const seen = new Set<unknown>();
      const out = [];
      for (let tries = 0; out.length < target && tries < TRIES * Math.max(1, target); tries += 1) {
        const value = drawOf(item)(random);
        const key = selector(value);
        if (seen.has(key)) continue;
        seen.add(key);
        out.push(value);
      }
      return out;
    }),
  shuffledSubarray: (values, lengths) =>
    gen((random) => {
      const count = Math.min(values.length, lengthIn(random, lengths, values.length));
      return shuffle(values, random).slice(0, count);
    }),
  subarray: (values, lengths) =>
    gen((random) => {
      const count = Math.min(values.length, lengthIn(random, lengths, values.length));
      const chosen = new Set(shuffle([...values.keys()], random).slice(0, count));
      return values.filter((_, index) => chosen.has(index));
    }),
  option: (made, { nil }) => gen((random) => (random.chance(0.25) ? nil : drawOf(made)(random))),
  string: ({ unit, ...lengths }) =>
    gen((random) =>
      Array.from({ length: lengthIn(random, lengths, 24) }, () => drawOf(unit)(random)).join(''),
    ),
  stringMatching: (regex) => gen((random) => sampleRegex(regex, random)),
  jsonValue: ({ maxDepth, stringUnit }) =>
    gen((random) => jsonValue(random, maxDepth, stringUnit === 'binary')),
  uuid: () =>
    gen((random) => {
      const hex = (count: number) =>
        Array.from({ length: count }, () => random.int(0, 15).toString(16)).join('');
      return `${hex(8)}-${hex(4)}-4${hex(3)}-${random.pick(['8', '9', 'a', 'b'])}${hex(3)}-${hex(12)}`;
    }),
  map: (made, change) => gen((random) => change(drawOf(made)(random))),
  filter: (made, keep) =>
    gen((random) => {
      for (let tries = 0; tries < TRIES; tries += 1) {
        const value = drawOf(made)(random);
        if (keep(value)) return value;
      }
      throw new Error(`no value passed a filter in ${TRIES} draws`);
    }),
  probe: (made, count) => {
    const random = seededRandom(PROBE_SEED);
    return Array.from({ length: count }, () => drawOf(made)(random));
  },
};

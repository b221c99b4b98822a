/**
 * The generator algebra (`src/values/gen.ts`) as fast-check itself: every operation is
 * fast-check's own combinator, so what the arbitraries generate shrinks as fast-check shrinks.
 *
 * @internal
 */
import fc from 'fast-check';
import type { Gen, Gens } from '../../values/gen.js';

const arb = <T>(made: Gen<T>): fc.Arbitrary<T> => made as unknown as fc.Arbitrary<T>;
const gen = <T>(made: fc.Arbitrary<T>): Gen<T> => made as unknown as Gen<T>;

/** A fixed seed: what is probed at build time never depends on the run. */
const PROBE_SEED = 20_240_601;

/**
 * The arbitrary behind a generator the fast-check interpreter made.
 *
 * @example
 * const digits: fc.Arbitrary<number> = arbitraryOf(FAST_CHECK.integer({ min: 0, max: 9 }));
 */
export const arbitraryOf = arb;

/**
 * A user's arbitrary as a generator of the fast-check interpreter.
 *
 * @example
 * const objects: Gen<JsonValue> = genOf(argumentsFor(schema));
 */
export const genOf = gen;

/**
 * The algebra as fast-check arbitraries.
 *
 * @example
 * fc.sample(arbitraryOf(FAST_CHECK.constantFrom('a', 'b')), 2); // e.g. ['b', 'a']
 */
export const FAST_CHECK: Gens = {
  constant: (value) => gen(fc.constant(value)),
  constantFrom: (...values) => gen(fc.constantFrom(...values)),
  boolean: () => gen(fc.boolean()),
  integer: (range) => gen(fc.integer(range)),
  double: ({ min, max }) => gen(fc.double({ min, max, noNaN: true, noDefaultInfinity: true })),
  oneof: (...choices) =>
    gen(
      fc.oneof(
        ...choices.map((choice) =>
          'weight' in choice
            ? { weight: choice.weight, arbitrary: arb(choice.arbitrary) }
            : arb(choice),
        ),
      ),
    ),
  tuple: ((...gens: Gen<unknown>[]) => gen(fc.tuple(...gens.map(arb)))) as Gens['tuple'],
  array: (item, lengths) => gen(fc.array(arb(item), lengths)),
  uniqueArray: (item, options) => gen(fc.uniqueArray(arb(item), options)),
  shuffledSubarray: (values, lengths) => gen(fc.shuffledSubarray([...values], lengths)),
  subarray: (values, lengths) => gen(fc.subarray([...values], lengths)),
  option: (made, options) => gen(fc.option(arb(made), options)),
  string: ({ unit, ...lengths }) => gen(fc.string({ unit: arb(unit), ...lengths })),
  stringMatching: (regex) => gen(fc.stringMatching(regex)),
  jsonValue: (options) => gen(fc.jsonValue(options)),
  uuid: () => gen(fc.uuid()),
  map: (made, change) => gen(arb(made).map(change)),
  filter: (made, keep) => gen(arb(made).filter(keep)),
  probe: (made, count) => fc.sample(arb(made), { seed: PROBE_SEED, numRuns: count }),
};

/**
 * The one way values are generated: a small algebra of generators (constants, numbers, strings,
 * tuples, arrays, choices, maps), in which the schema-driven builders, the violations and the
 * malformed text are written once. Two interpreters run it: fast-check's (the arbitraries, which
 * keep fast-check's shrinking: each operation is fast-check's own combinator) and a seeded one
 * that loads no fast-check (fault injection, whose answers must be the same for the same seed in
 * a project without fast-check). A `Gen` only ever goes back to the interpreter that made it.
 */
import type { JsonValue } from '../model/narrow.js';

declare const GEN: unique symbol;

/**
 * A generator of `T` values, opaque: what it is belongs to the interpreter that made it.
 *
 * @example
 * const digit: Gen<number> = g.integer({ min: 0, max: 9 });
 */
export interface Gen<T> {
  readonly [GEN]: T;
}

/** A choice of generators, each with a weight (1 when given bare). */
export type Weighted<T> = Gen<T> | { weight: number; arbitrary: Gen<T> };

/** Bounds of a generated list or string, in items or code points. */
export interface Lengths {
  minLength?: number;
  maxLength?: number;
}

/**
 * The generators the builders are written in, named and shaped as fast-check's, so the
 * fast-check interpreter is fast-check itself.
 *
 * @example
 * const pair = g.tuple(g.constantFrom('a', 'b'), g.integer({ min: 1, max: 3 })); // ['b', 2]
 */
export interface Gens {
  constant<T>(value: T): Gen<T>;
  constantFrom<T>(...values: T[]): Gen<T>;
  boolean(): Gen<boolean>;
  /** An integer in [min, max]. */
  integer(range: { min: number; max: number }): Gen<number>;
  /** A finite double in [min, max]. */
  double(range: { min: number; max: number }): Gen<number>;
  oneof<T>(...choices: Weighted<T>[]): Gen<T>;
  tuple<T extends unknown[]>(...gens: { [K in keyof T]: Gen<T[K]> }): Gen<T>;
  array<T>(item: Gen<T>, lengths?: Lengths): Gen<T[]>;
  /** Items distinct by `selector`; may come out shorter than `minLength` where too few exist. */
  uniqueArray<T>(item: Gen<T>, options: Lengths & { selector: (item: T) => unknown }): Gen<T[]>;
  /** A subset of `values` in a random order. */
  shuffledSubarray<T>(values: readonly T[], lengths?: Lengths): Gen<T[]>;
  /** A subset of `values` in their order. */
  subarray<T>(values: readonly T[], lengths?: Lengths): Gen<T[]>;
  option<T, N>(gen: Gen<T>, options: { nil: N }): Gen<T | N>;
  string(options: Lengths & { unit: Gen<string> }): Gen<string>;
  /** Strings the expression matches (it throws where the interpreter cannot write them). */
  stringMatching(regex: RegExp): Gen<string>;
  /** Any small JSON value; `binary` strings hold any code point. */
  jsonValue(options: { maxDepth: number; stringUnit?: 'binary' }): Gen<JsonValue>;
  uuid(): Gen<string>;
  map<T, U>(gen: Gen<T>, change: (value: T) => U): Gen<U>;
  filter<T>(gen: Gen<T>, keep: (value: T) => boolean): Gen<T>;
  /**
   * `count` values drawn now with a fixed seed: what a builder checks before it commits to a
   * generator (do the strings of a pattern fit a length window?).
   */
  probe<T>(gen: Gen<T>, count: number): T[];
}

/**
 * A small seeded generator (mulberry32): fault injection must give the same response for the
 * same seed without fast-check, which the msw face does not load.
 */

/** Draws from one seed; every draw advances it. */
export interface Random {
  /** A float in [0, 1). */
  next(): number;
  /** An integer in [min, max]. */
  int(min: number, max: number): number;
  /** One item of a non-empty list. */
  pick<T>(items: readonly T[]): T;
  /** `true` with probability `p`. */
  chance(p: number): boolean;
}

/**
 * A generator whose draws depend only on `seed` and `stream` (a request's index, so the n-th
 * request of a handler set is the same each run).
 *
 * @example
 * ```ts
 * seededRandom(7).int(1, 6) === seededRandom(7).int(1, 6); // true
 * ```
 */
export function seededRandom(seed: number, stream = 0): Random {
  let state = (Math.imul(seed | 0, 0x9e3779b1) ^ Math.imul(stream + 1, 0x85ebca6b)) >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  return {
    next,
    int,
    pick: <T>(items: readonly T[]) => items[int(0, items.length - 1)] as T,
    chance: (p: number) => next() < p,
  };
}

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
const HEX = '0123456789abcdef';

/**
 * `length` characters of `alphabet` (base62 by default), as providers' ids are made.
 *
 * @example
 * ```ts
 * randomId(seededRandom(1), 24); // 'aZ3...'
 * ```
 */
export function randomId(random: Random, length: number, alphabet = BASE62): string {
  let out = '';
  for (let index = 0; index < length; index += 1)
    out += alphabet[Math.floor(random.next() * alphabet.length)];
  return out;
}

/** `length` lower-case hex characters. */
export const randomHex = (random: Random, length: number): string => randomId(random, length, HEX);

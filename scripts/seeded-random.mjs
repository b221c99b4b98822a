/**
 * The one seeded generator of the repository's scripts: mulberry32, seeded by a number, or by a
 * string hashed with FNV-1a. bench/ draws its inputs from it, and the fixture builder its ids,
 * times and sizes (seeded by each scenario's name, so one scenario's ids stay the same when
 * another is added or changed). Neither may change its sequence: fixtures/ is compared byte for
 * byte with what the builder writes.
 */

/** FNV-1a over the code points of a string: a 32-bit seed. */
function fnv1a(text) {
  let hash = 0x811c9dc5;
  for (const char of text) {
    hash ^= char.codePointAt(0) ?? 0;
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash;
}

/**
 * A generator of numbers in [0, 1), the same sequence for the same seed, with the draws the
 * scripts need on it.
 *
 * @example
 * const random = seededRandom('openai-chat/healthy-call');
 * random(); // 0.73...
 * random.int(10); // 0..9
 * random.pick(['a', 'b']);
 * random.between(20, 60); // 20..60, both included
 * random.chars('0123456789abcdef', 8); // 8 hex characters
 */
export function seededRandom(seed) {
  let state = typeof seed === 'string' ? fnv1a(seed) : seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  next.int = (below) => Math.floor(next() * below);
  next.pick = (list) => list[Math.floor(next() * list.length)];
  next.between = (low, high) => low + Math.floor(next() * (high - low + 1));
  next.chars = (alphabet, length) =>
    Array.from({ length }, () => alphabet[Math.floor(next() * alphabet.length)]).join('');
  return next;
}

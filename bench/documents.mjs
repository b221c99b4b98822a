// JSON documents of a given size and shape, and their truncated and malformed variants.
import { seededRandom } from './lib.mjs';

const WORDS =
  'order refund invoice shipment customer address parcel warehouse courier ticket receipt balance'.split(
    ' ',
  );
// Characters above U+00FF make V8 store the whole text as a two-byte string.
const WIDE_WORDS = ['Привет', '東京', 'Ωμέγα', 'Zürich', 'naïve', '😀', 'مرحبا', 'ÅngströM'];

function words(random, count, pool) {
  const out = [];
  for (let i = 0; i < count; i++) out.push(random.pick(pool));
  return out.join(' ');
}

function record(random, index, pool) {
  return {
    id: `ord_${index.toString(36)}`,
    customer: words(random, 2, pool),
    email: `customer${index}@example.com`,
    active: random() < 0.5,
    amount_cents: random.int(100_000),
    rate: Math.round(random() * 1e4) / 100,
    tags: [random.pick(pool), random.pick(pool)],
    address: { street: `${random.int(200)} ${words(random, 2, pool)}`, zip: '75001' },
    note: null,
  };
}

function prose(random, length) {
  let text = '';
  while (text.length < length) {
    text += `${words(random, 8, WORDS)}. `;
    // Escapes inside strings: the slow path of every scanner.
    if (random() < 0.2) text += 'She said "ship it"\n\t';
  }
  return text.slice(0, length);
}

/** `depth` levels of objects and arrays, alternating: {"level":0,"next":[{"level":1,...}]}. */
function chain(depth) {
  let open = '';
  let close = '';
  for (let level = 0; level < depth; level++) {
    open += `{"level":${level},"next":[`;
    close = `]}${close}`;
  }
  return `${open}{"leaf":true}${close}`;
}

const ELEMENTS = {
  'one-byte': (random, index) => JSON.stringify(record(random, index, WORDS)),
  'two-byte': (random, index) => JSON.stringify(record(random, index, WIDE_WORDS)),
  'string-heavy': (random, index) =>
    JSON.stringify({ id: index, title: words(random, 4, WORDS), body: prose(random, 2000) }),
  'deeply-nested': (_random, _index, target) => chain(Math.max(2, Math.min(200, target / 25))),
};

export const SHAPES = Object.keys(ELEMENTS);

/** A top-level array of elements of `shape`, grown until it is at least `bytes` long. */
export function documentOf(shape, bytes, seed = 1) {
  const random = seededRandom(seed);
  const make = ELEMENTS[shape];
  const parts = [];
  let length = 2;
  for (let index = 0; length < bytes; index++) {
    let element = make(random, index, bytes);
    if (shape === 'string-heavy' && bytes < 4000) {
      // Keep small documents small: one string that fills the budget.
      element = JSON.stringify({ id: index, body: prose(random, Math.max(16, bytes - 24)) });
    }
    parts.push(element);
    length += element.length + 1;
  }
  return `[${parts.join(',')}]`;
}

/**
 * `count` random points in [0, length), one in each of `count` equal strata: random, yet spread
 * over the whole range even when `count` is small, so their mean cost is the mean over the text.
 */
function spread(length, count, random) {
  const points = [];
  for (let i = 0; i < count; i++) {
    points.push(Math.floor(((i + random()) * length) / count));
  }
  return points;
}

/** `count` proper prefixes of `text`, cut at random points (never empty or whole). */
export function truncationsOf(text, count, seed = 7) {
  const random = seededRandom(seed);
  return spread(text.length - 1, count, random).map((at) => text.slice(0, at + 1));
}

/** Indexes of ':' and ',' outside strings: where a mistake breaks the grammar. */
function structuralIndexes(text) {
  const found = [];
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (inString) {
      if (code === 0x5c) i++;
      else if (code === 0x22) inString = false;
    } else if (code === 0x22) inString = true;
    else if (code === 0x3a || code === 0x2c) found.push(i);
  }
  return found;
}

/**
 * `count` malformed variants of `text`, each with one mistake at a random structural point: a missing ':' (`{"a" 1`) or a stray closer after a ',' (`[1,}` / `{"a":1,}`).
 */
export function malformationsOf(text, count, seed = 11) {
  const random = seededRandom(seed);
  const points = structuralIndexes(text);
  return spread(points.length, count, random).map((index) => {
    const at = points[index];
    return text.slice(0, at) + (text[at] === ':' ? ' ' : ',}') + text.slice(at + 1);
  });
}

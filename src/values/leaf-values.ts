/**
 * Scalar values that look like what models send: words and ids rather than noise, the odd
 * accent, emoji or quote, and numbers that are mostly small, whole or two-decimal. Each
 * builder honours its bounds exactly, by construction or by a map onto a value known to be
 * valid, never by a filter that could run dry.
 */
import type { JsonValue } from '../model/narrow.js';
import type { Gen, Gens } from './gen.js';
import type { NumberRules } from './leaf-plan.js';

/** The default span of numbers when a schema bounds them on one side or not at all. */
const DEFAULT_SPAN = 100_000;

const LOWER = 'abcdefghijklmnopqrstuvwxyz';
const WORDS = [
  'order',
  'refund',
  'the',
  'parcel',
  'arrived',
  'late',
  'please',
  'check',
  'status',
  'customer',
  'invoice',
  'damaged',
  'and',
  'item',
  'café',
  'Zürich',
  'naïve',
  'São',
  'Paulo',
  '東京',
  '📦',
  '🚚',
  'it’s',
  '"quoted"',
  'back\\slash',
  'tab\there',
  'line\nbreak',
  '𝄞',
];

/** One code point: mostly letters and spaces, sometimes digits, punctuation, accents, emoji. */
const textUnit = (g: Gens): Gen<string> =>
  g.oneof(
    { weight: 30, arbitrary: g.constantFrom(...LOWER) },
    { weight: 6, arbitrary: g.constant(' ') },
    { weight: 4, arbitrary: g.constantFrom(...'0123456789') },
    { weight: 3, arbitrary: g.constantFrom(...'ABCDEFGHIJKLMNOPQRSTUVWXYZ') },
    { weight: 2, arbitrary: g.constantFrom(...'-_.,:;!?\'"/\\()#@&') },
    { weight: 2, arbitrary: g.constantFrom('é', 'ü', 'ß', 'ñ', 'ø', 'ç', 'Ω', 'ж', '中', '日') },
    { weight: 1, arbitrary: g.constantFrom('😀', '📦', '🚚', '𝄞', '🇫', '👍') },
    { weight: 1, arbitrary: g.constantFrom('\n', '\t', '\u0000', '\u001f', '\u2028', '\u00a0') },
  );

const codePoints = (text: string): string[] => [...text];

/** Cuts or pads a text to a number of code points, padding with `padding` (repeated). */
function fitLength(text: string, padding: string, minLength: number, maxLength: number): string {
  const points = codePoints(text);
  if (points.length > maxLength) return points.slice(0, maxLength).join('');
  if (points.length >= minLength) return text;
  const pad = codePoints(padding.length > 0 ? padding : 'x');
  while (points.length < minLength) points.push(pad[points.length % pad.length] ?? 'x');
  return points.join('');
}

/**
 * Strings of `minLength` to `maxLength` code points (as Ajv counts them): sentences of
 * words, ids like `A-1001`, or free text with the odd accent, emoji, quote or control char.
 *
 * @example
 * ```ts
 * g.probe(plainString(g, 2, 6), 3); // e.g. ['order', 'A-1001', 'café']
 * ```
 */
export function plainString(g: Gens, minLength: number, maxLength: number): Gen<string> {
  const cap = Math.min(maxLength, Math.max(minLength, minLength + 24));
  const units = g.string({ unit: textUnit(g), minLength, maxLength: cap });
  const sentence = g.map(
    g.tuple(g.array(g.constantFrom(...WORDS), { minLength: 1, maxLength: 6 }), units),
    ([words, padding]) => fitLength(words.join(' '), padding, minLength, maxLength),
  );
  const identifier = g.map(
    g.tuple(
      g.constantFrom('A', 'B', 'ORD', 'acct', 'sku', 'INV', 'usr'),
      g.constantFrom('-', '_'),
      g.integer({ min: 1, max: 99_999 }),
      units,
    ),
    ([prefix, separator, number, padding]) =>
      fitLength(`${prefix}${separator}${number}`, padding, minLength, maxLength),
  );
  return g.oneof(
    { weight: 3, arbitrary: units },
    { weight: 2, arbitrary: sentence },
    { weight: 2, arbitrary: identifier },
  );
}

/**
 * A JSON value of any type, small, for schemas that say nothing about a place.
 *
 * @example
 * ```ts
 * g.probe(anyJsonValue(g, 2), 2); // e.g. [{ a: [1, null] }, 'x']
 * ```
 */
export function anyJsonValue(g: Gens, maxDepth: number): Gen<JsonValue> {
  return g.oneof(
    { weight: 3, arbitrary: g.jsonValue({ maxDepth: Math.min(maxDepth, 2) }) },
    {
      weight: 1,
      arbitrary: g.jsonValue({ maxDepth: Math.min(maxDepth, 2), stringUnit: 'binary' }),
    },
  );
}

/**
 * A key for an undeclared property: snake_case, never one of `reserved`, never `__proto__`.
 *
 * @example
 * ```ts
 * g.probe(extraKey(g, new Set(['note'])), 2); // e.g. ['k2_a', 'notes']: never 'note'
 * ```
 */
export function extraKey(g: Gens, reserved: ReadonlySet<string>): Gen<string> {
  return g.map(
    g.tuple(
      g.constantFrom(...LOWER),
      g.string({ unit: g.constantFrom(...`${LOWER}0123456789_`), maxLength: 10 }),
    ),
    ([first, rest]) => {
      let key = `${first}${rest}`;
      while (reserved.has(key)) key = `${key}_`;
      return key;
    },
  );
}

/** Whether Ajv's `multipleOf` accepts `value`: it checks `value / m` against `parseInt` of itself. */
function isAjvMultiple(value: number, multipleOf: number): boolean {
  const quotient = value / multipleOf;
  return quotient === Number.parseInt(String(quotient), 10);
}

/** Whether a number meets every numeric rule exactly as Ajv checks them. */
function meetsNumberRules(rules: NumberRules, integerOnly: boolean, value: number): boolean {
  if (!Number.isFinite(value)) return false;
  if (integerOnly && !Number.isInteger(value)) return false;
  if (rules.lowExclusive ? !(value > rules.low) : !(value >= rules.low)) return false;
  if (rules.highExclusive ? !(value < rules.high) : !(value <= rules.high)) return false;
  return rules.multipleOf.every((multipleOf) => isAjvMultiple(value, multipleOf));
}

/** The window generation draws from: the bounds, or a span beside the one bound given. */
function window(rules: NumberRules): [number, number] {
  const { low, high } = rules;
  if (Number.isFinite(low) && Number.isFinite(high)) return [low, high];
  if (Number.isFinite(low)) return [low, low + DEFAULT_SPAN];
  if (Number.isFinite(high)) return [high - DEFAULT_SPAN, high];
  return [-DEFAULT_SPAN, DEFAULT_SPAN];
}

const MAX_SAFE = Number.MAX_SAFE_INTEGER;

/** Decimal places of a number written plainly (`0.05` has 2), capped for exponent forms. */
function decimals(value: number): number {
  const text = String(value);
  const exponent = /e-(\d+)$/.exec(text);
  if (exponent !== null)
    return Math.min(20, Number(exponent[1]) + (text.split('e')[0]?.split('.')[1]?.length ?? 0));
  return text.split('.')[1]?.length ?? 0;
}

function greatestCommonDivisor(left: bigint, right: bigint): bigint {
  let a = left < 0n ? -left : left;
  let b = right < 0n ? -right : right;
  while (b !== 0n) [a, b] = [b, a % b];
  return a;
}

/**
 * The smallest step every `multipleOf` divides (and 1 when integers are required), as a
 * fraction of scaled integers so 0.1 and 0.25 give 0.5 rather than floating-point dust.
 */
function commonStep(multiples: readonly number[], integerOnly: boolean): number | null {
  const all = integerOnly ? [...multiples, 1] : [...multiples];
  if (all.length === 0) return null;
  const places = Math.max(...all.map(decimals));
  if (places > 15) return Math.max(...all);
  const scale = 10n ** BigInt(places);
  let step = 1n;
  for (const multiple of all) {
    const scaled = BigInt(Math.round(multiple * Number(scale)));
    if (scaled === 0n) return Math.max(...all);
    step = (step * scaled) / greatestCommonDivisor(step, scaled);
  }
  return Number(step) / Number(scale);
}

/**
 * Numbers meeting the rules, or the reason there are none. Without `multipleOf`: whole
 * numbers, two-decimal amounts and arbitrary doubles in the bounds. With it: `k * step` for
 * whole `k`, nudged to the nearest `k` whose product Ajv's floating-point check accepts.
 *
 * @example
 * ```ts
 * numberInRules({ low: 0, lowExclusive: true, high: 10, highExclusive: false, multipleOf: [0.5] }, false);
 * // an arbitrary of 0.5, 1, ... 10
 * ```
 */
export function numberInRules(
  g: Gens,
  rules: NumberRules,
  integerOnly: boolean,
): Gen<number> | string {
  const meets = (value: number) => meetsNumberRules(rules, integerOnly, value);
  const [from, to] = window(rules);
  if (!(from <= to)) return 'the lower bound is above the upper bound';
  const step = commonStep(rules.multipleOf, integerOnly);
  if (step !== null && (rules.multipleOf.length > 0 || integerOnly)) {
    return multiples(g, rules, step, from, to, meets);
  }
  const fallback = [
    (from + to) / 2,
    from,
    to,
    Math.ceil(from),
    Math.floor(to),
    Math.round((from + to) / 2),
  ].find(meets);
  if (fallback === undefined) return 'no number lies within the bounds';
  const orFallback = (value: number) => (meets(value) ? value : fallback);
  const lowInteger = Math.max(Math.ceil(from), -MAX_SAFE);
  const highInteger = Math.min(Math.floor(to), MAX_SAFE);
  const options: Gen<number>[] = [
    g.map(
      g.double({ min: Math.max(from, -Number.MAX_VALUE), max: Math.min(to, Number.MAX_VALUE) }),
      orFallback,
    ),
  ];
  if (lowInteger <= highInteger) {
    options.unshift(g.map(g.integer({ min: lowInteger, max: highInteger }), orFallback));
    const lowCents = Math.max(Math.ceil(from * 100), -MAX_SAFE);
    const highCents = Math.min(Math.floor(to * 100), MAX_SAFE);
    if (lowCents <= highCents) {
      options.splice(
        1,
        0,
        g.map(g.integer({ min: lowCents, max: highCents }), (cents) => orFallback(cents / 100)),
      );
    }
  }
  return g.oneof(...options);
}

function multiples(
  g: Gens,
  rules: NumberRules,
  step: number,
  from: number,
  to: number,
  meets: (value: number) => boolean,
): Gen<number> | string {
  const lowK = Math.max(Math.ceil(from / step), -MAX_SAFE);
  const highK = Math.min(Math.floor(to / step), MAX_SAFE);
  if (lowK > highK) return `no multiple of ${step} lies within the bounds`;
  const places = decimals(step);
  const valueAt = (k: number): number | undefined => {
    const plain = k * step;
    // The rounded form reads like what a person writes (6.02, not 6.0200000000000005).
    const rounded = Number(plain.toFixed(Math.min(places, 20)));
    if (meets(rounded)) return rounded;
    return meets(plain) ? plain : undefined;
  };
  const nearest = (k: number): number | undefined => {
    for (let distance = 0; distance <= 64; distance += 1) {
      for (const candidate of [k + distance, k - distance]) {
        if (candidate < lowK || candidate > highK) continue;
        const value = valueAt(candidate);
        if (value !== undefined) return value;
      }
    }
    return undefined;
  };
  const middle = Math.round((lowK + highK) / 2);
  const fallback = nearest(Math.min(Math.max(0, lowK), highK)) ?? nearest(middle) ?? nearest(lowK);
  if (fallback === undefined) {
    return `no multiple of ${rules.multipleOf.join(' and ')} within the bounds passes Ajv's floating-point check`;
  }
  return g.map(g.integer({ min: lowK, max: highK }), (k) => nearest(k) ?? fallback);
}

/** Two-digit zero padding for dates and times. */
const pad = (value: number, width = 2) => String(value).padStart(width, '0');

/**
 * A value per supported format, each passing ajv-formats in full mode.
 *
 * @example
 * ```ts
 * g.probe(formatValues(g).date, 1); // e.g. ['2031-07-14']
 * ```
 */
export function formatValues(g: Gens): Readonly<Record<string, Gen<string>>> {
  const label = g.map(
    g.tuple(
      g.constantFrom(...LOWER),
      g.string({ unit: g.constantFrom(...`${LOWER}0123456789`), maxLength: 8 }),
    ),
    ([first, rest]) => `${first}${rest}`,
  );
  const hostname = g.map(
    g.tuple(
      g.array(label, { minLength: 1, maxLength: 2 }),
      g.constantFrom('example', 'northwind', 'acme', 'contoso'),
      g.constantFrom('com', 'org', 'io', 'co.uk', 'dev'),
    ),
    ([labels, name, tld]) => [...labels.slice(1), name, tld].join('.'),
  );
  const dateText = g.map(
    g.tuple(
      g.integer({ min: 1970, max: 2099 }),
      g.integer({ min: 1, max: 12 }),
      g.integer({ min: 1, max: 28 }),
    ),
    ([year, month, day]) => `${year}-${pad(month)}-${pad(day)}`,
  );
  const timeText = g.map(
    g.tuple(
      g.integer({ min: 0, max: 23 }),
      g.integer({ min: 0, max: 59 }),
      g.integer({ min: 0, max: 59 }),
      g.option(g.integer({ min: 0, max: 999 }), { nil: undefined }),
      g.constantFrom('Z', '+00:00', '+02:00', '-05:00', '+05:30', 'z'),
    ),
    ([hour, minute, second, millis, zone]) =>
      `${pad(hour)}:${pad(minute)}:${pad(second)}${millis === undefined ? '' : `.${pad(millis, 3)}`}${zone}`,
  );
  const hex = (count: number) =>
    g.string({ unit: g.constantFrom(...'0123456789abcdef'), minLength: count, maxLength: count });
  return {
    date: dateText,
    time: timeText,
    'date-time': g.map(g.tuple(dateText, timeText), ([date, time]) => `${date}T${time}`),
    email: g.map(
      g.tuple(
        g.array(label, { minLength: 1, maxLength: 2 }),
        g.option(label, { nil: undefined }),
        hostname,
      ),
      ([names, tag, host]) => `${names.join('.')}${tag === undefined ? '' : `+${tag}`}@${host}`,
    ),
    uri: g.map(
      g.tuple(
        g.constantFrom('https', 'http'),
        hostname,
        g.array(label, { maxLength: 3 }),
        g.option(g.tuple(label, label), { nil: undefined }),
      ),
      ([scheme, host, segments, query]) =>
        `${scheme}://${host}/${segments.join('/')}${query === undefined ? '' : `?${query[0]}=${query[1]}`}`,
    ),
    uuid: g.uuid(),
    ipv4: g.map(
      g.tuple(
        g.integer({ min: 0, max: 255 }),
        g.integer({ min: 0, max: 255 }),
        g.integer({ min: 0, max: 255 }),
        g.integer({ min: 0, max: 255 }),
      ),
      (octets) => octets.join('.'),
    ),
    ipv6: g.oneof(
      g.map(g.array(hex(4), { minLength: 8, maxLength: 8 }), (groups) => groups.join(':')),
      g.map(
        g.tuple(
          g.array(hex(4), { minLength: 1, maxLength: 3 }),
          g.array(hex(4), { minLength: 1, maxLength: 3 }),
        ),
        ([head, tail]) => `${head.join(':')}::${tail.join(':')}`,
      ),
      g.constantFrom('::1', 'fe80::1'),
    ),
    hostname,
  };
}

import fc, { type JsonValue } from 'fast-check';

/**
 * Options for {@link jsonText}.
 *
 * @example
 * ```ts
 * const constraints: JsonTextConstraints = { maxDepth: 2 };
 * ```
 */
export interface JsonTextConstraints {
  /** How deep the default values nest. Default 3. Ignored when `value` is given. */
  maxDepth?: number;
  /** The values to serialise; by default any JSON value, strings ASCII or full Unicode. */
  value?: fc.Arbitrary<JsonValue>;
}

/**
 * How one document is written, apart from its value: the whitespace between tokens, how
 * each string character is written, and how each number is written. Each list is cycled
 * through, so a short list still varies along the document; every list shrinks towards
 * the compact `JSON.stringify` form.
 */
interface JsonLayout {
  gaps: readonly string[];
  characters: readonly CharacterForm[];
  numbers: readonly NumberForm[];
}

/** `literal` writes the character itself (escaping only what JSON requires), `unicode` as `\uXXXX` (a surrogate pair for astral characters), `short` as `\n`, `\/`, `\"` where JSON has one. */
type CharacterForm = 'literal' | 'unicode' | 'short';
/** `plain` is JSON.stringify's form; `exponent` is `1.2e+3`; `upper-exponent` is `1.2E+3`. */
type NumberForm = 'plain' | 'exponent' | 'upper-exponent';

/** The layout that writes exactly what JSON.stringify writes. */
const COMPACT_LAYOUT: JsonLayout = {
  gaps: [''],
  characters: ['literal'],
  numbers: ['plain'],
};

const SHORT_ESCAPES: Readonly<Record<string, string>> = {
  '"': '\\"',
  '\\': '\\\\',
  '/': '\\/',
  '\b': '\\b',
  '\f': '\\f',
  '\n': '\\n',
  '\r': '\\r',
  '\t': '\\t',
};

function unicodeEscape(code: number): string {
  return `\\u${code.toString(16).padStart(4, '0')}`;
}

/** One character (a code point, or a lone surrogate) written in the chosen form. */
function writeCharacter(character: string, form: CharacterForm): string {
  const code = character.codePointAt(0) ?? 0;
  const lone = character.length === 1 && code >= 0xd800 && code <= 0xdfff;
  if (form === 'unicode' || lone) {
    // Astral characters become their two UTF-16 halves, as JSON writes them.
    return [...Array(character.length).keys()]
      .map((index) => unicodeEscape(character.charCodeAt(index)))
      .join('');
  }
  const short = SHORT_ESCAPES[character];
  if (form === 'short' && short !== undefined) return short;
  if (character === '"' || character === '\\') return short ?? character;
  // Control characters must be escaped even when written "as themselves".
  if (code < 0x20) return short ?? unicodeEscape(code);
  return character;
}

function writeNumber(value: number, form: NumberForm): string {
  if (form === 'plain' || !Number.isFinite(value)) return JSON.stringify(value);
  const exponent = value.toExponential();
  return form === 'upper-exponent' ? exponent.toUpperCase() : exponent;
}

/**
 * Writes a JSON value with a layout. `JSON.parse` of the text gives the value back (with
 * `-0` read as `0`, as JSON.stringify would also write it).
 *
 * @example
 * ```ts
 * writeJson({ a: [1, 'é'] }, { gaps: [' '], characters: ['unicode'], numbers: ['exponent'] });
 * // ' { "\u0061" : [ 1e+0 , "\u00e9" ] } '
 * ```
 */
function writeJson(value: JsonValue, layout: JsonLayout): string {
  let gapIndex = 0;
  let characterIndex = 0;
  let numberIndex = 0;
  const gap = () => layout.gaps[gapIndex++ % layout.gaps.length] ?? '';
  const string = (text: string) => {
    let out = '"';
    for (const character of text) {
      out += writeCharacter(
        character,
        layout.characters[characterIndex++ % layout.characters.length] ?? 'literal',
      );
    }
    return `${out}"`;
  };
  const write = (item: JsonValue | undefined): string => {
    if (item === null || item === undefined) return 'null';
    if (typeof item === 'string') return string(item);
    if (typeof item === 'number')
      return writeNumber(item, layout.numbers[numberIndex++ % layout.numbers.length] ?? 'plain');
    if (typeof item === 'boolean') return String(item);
    if (Array.isArray(item)) {
      if (item.length === 0) return `[${gap()}]`;
      return `[${gap()}${item.map((element) => `${write(element)}${gap()}`).join(`,${gap()}`)}]`;
    }
    const members = Object.entries(item).flatMap(([key, member]) =>
      member === undefined ? [] : [`${string(key)}${gap()}:${gap()}${write(member)}${gap()}`],
    );
    if (members.length === 0) return `{${gap()}}`;
    return `{${gap()}${members.join(`,${gap()}`)}}`;
  };
  return `${gap()}${write(value)}${gap()}`;
}

const whitespace = fc.string({
  unit: fc.constantFrom(' ', '\n', '  ', '\t', '\r\n'),
  maxLength: 3,
});

/**
 * Layouts from compact to loose: spaces, newlines, tabs and CRLF between tokens; some string
 * characters escaped as `\u` or short escapes; some numbers in exponent form.
 *
 * @example
 * ```ts
 * fc.sample(jsonLayout(), 1); // [{ gaps: ['', ' '], characters: ['literal'], numbers: ['plain'] }]
 * ```
 */
function jsonLayout(): fc.Arbitrary<JsonLayout> {
  return fc.record({
    gaps: fc.array(whitespace, { minLength: 1, maxLength: 8 }),
    characters: fc.array(
      fc.oneof(
        { weight: 6, arbitrary: fc.constant('literal' as const) },
        fc.constantFrom('unicode' as const, 'short' as const),
      ),
      { minLength: 1, maxLength: 6 },
    ),
    numbers: fc.array(
      fc.oneof(
        { weight: 6, arbitrary: fc.constant('plain' as const) },
        fc.constantFrom('exponent' as const, 'upper-exponent' as const),
      ),
      { minLength: 1, maxLength: 4 },
    ),
  });
}

/**
 * Default values: ASCII strings shrink well; `binary` strings bring astral characters, so
 * documents hold surrogate pairs (and their `\u` escapes).
 */
function defaultJsonValue(maxDepth: number): fc.Arbitrary<JsonValue> {
  return fc.oneof(fc.jsonValue({ maxDepth }), fc.jsonValue({ maxDepth, stringUnit: 'binary' }));
}

/**
 * Valid JSON documents as text: `jsonState(text)` is `'parses'` for every sample. The same
 * values are written many ways: whitespace between any two tokens (spaces, tabs, CRLF),
 * characters as themselves or as `\uXXXX` (astral ones as surrogate-pair escapes) or short
 * escapes (`\/`, `\n`), numbers plain or in exponent form. Shrinks towards the compact
 * `JSON.stringify` text of a smaller value; a compact text passed as an example shrinks too.
 *
 * @example
 * ```ts
 * import fc from 'fast-check';
 * import { jsonText } from 'tool-call-health/arbitraries';
 *
 * fc.assert(fc.property(jsonText(), (text) => myParser(text).ok));
 * fc.assert(fc.property(jsonText({ value: fc.record({ city: fc.string() }) }), (text) => readCity(text) !== undefined));
 * ```
 */
export function jsonText(constraints: JsonTextConstraints = {}): fc.Arbitrary<string> {
  const value = constraints.value ?? defaultJsonValue(constraints.maxDepth ?? 3);
  return fc.tuple(value, jsonLayout()).map(
    ([item, layout]) => writeJson(item, layout),
    (text): [JsonValue, JsonLayout] => {
      if (typeof text !== 'string') throw new TypeError('not a string');
      const item = JSON.parse(text) as JsonValue;
      if (writeJson(item, COMPACT_LAYOUT) !== text) throw new Error('not in compact layout');
      return [item, COMPACT_LAYOUT];
    },
  );
}

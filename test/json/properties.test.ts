import fc, { type JsonValue } from 'fast-check';
import { describe, expect, it } from 'vitest';
import { describeJson, JsonScanner, jsonCompletion, jsonState } from '../../src/json/index.js';
import { expectCompletionParses } from './witness.js';

/** Serialises like JSON.stringify, with the next gap from `gaps` between every two tokens. */
function stringifyWithGaps(value: JsonValue, gaps: readonly string[]): string {
  let next = 0;
  const gap = (): string => gaps[next++ % gaps.length] ?? '';
  const write = (item: JsonValue): string => {
    if (Array.isArray(item)) {
      if (item.length === 0) return `[${gap()}]`;
      return `[${gap()}${item.map((element) => `${write(element)}${gap()}`).join(`,${gap()}`)}]`;
    }
    if (item !== null && typeof item === 'object') {
      const members = Object.entries(item).flatMap(([key, member]) =>
        member === undefined
          ? []
          : [`${JSON.stringify(key)}${gap()}:${gap()}${write(member)}${gap()}`],
      );
      if (members.length === 0) return `{${gap()}}`;
      return `{${gap()}${members.join(`,${gap()}`)}}`;
    }
    return JSON.stringify(item);
  };
  return `${gap()}${write(value)}${gap()}`;
}

const whitespaceGap = fc.string({ unit: fc.constantFrom(' ', '\t', '\n', '\r'), maxLength: 3 });

// ASCII strings shrink well; 'binary' strings bring astral characters, so prefixes get cut
// between the halves of a surrogate pair.
const jsonValues = fc.oneof(
  fc.jsonValue({ maxDepth: 4 }),
  fc.jsonValue({ maxDepth: 4, stringUnit: 'binary' }),
);

/** Documents in the three layouts the brief names: compact, indented, and gaps between tokens. */
const documents: fc.Arbitrary<string> = fc.oneof(
  jsonValues.map((value) => JSON.stringify(value)),
  fc
    .tuple(jsonValues, fc.constantFrom(2, 4, '\t'))
    .map(([value, indent]) => JSON.stringify(value, null, indent)),
  fc
    .tuple(jsonValues, fc.array(whitespaceGap, { minLength: 1, maxLength: 8 }))
    .map(([value, gaps]) => stringifyWithGaps(value, gaps)),
);

/** Characters that can start, continue or break a JSON token. */
const jsonishCharacter = fc.constantFrom(
  ...'{}[],:"\\/ubfnrt0123456789-+.eEalsx \t\n\r'.split(''),
  '\u0000',
  '\u001f',
  '\ud83d',
  '\ude00',
  '\u00a0',
  '\ufeff',
);

/** A document with one character replaced, inserted or removed: usually broken, sometimes not. */
const mutatedDocuments: fc.Arbitrary<string> = fc
  .tuple(documents, fc.nat(), jsonishCharacter, fc.constantFrom('replace', 'insert', 'remove'))
  .map(([text, position, character, edit]) => {
    const at = text.length === 0 ? 0 : position % text.length;
    const after = edit === 'insert' ? at : at + 1;
    const inserted = edit === 'remove' ? '' : character;
    return text.slice(0, at) + inserted + text.slice(after);
  });

const jsonishNoise = fc.string({ unit: jsonishCharacter, maxLength: 24 });

const anyText = fc.oneof(documents, mutatedDocuments, jsonishNoise);

/** Split points for a text, as sorted, de-duplicated indices. */
function chunksAt(text: string, cuts: readonly number[]): string[] {
  const indices = [
    ...new Set(cuts.map((cut) => (text.length === 0 ? 0 : cut % (text.length + 1)))),
  ];
  indices.sort((left, right) => left - right);
  const chunks: string[] = [];
  let start = 0;
  for (const index of indices) {
    chunks.push(text.slice(start, index));
    start = index;
  }
  chunks.push(text.slice(start));
  return chunks;
}

function parsesWithJsonParse(text: string): boolean {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}

describe('properties over serialised JSON values', () => {
  it('every proper prefix of a document is parses, truncated or empty, never malformed', () => {
    fc.assert(
      fc.property(documents, (text) => {
        expect(jsonState(text)).toBe('parses');
        // Plain checks in the loop: an expect per prefix would dominate the running time.
        for (let end = 0; end < text.length; end++) {
          const prefix = text.slice(0, end);
          const state = jsonState(prefix);
          if (state === 'malformed') {
            expect.fail(`prefix ${JSON.stringify(prefix)} is malformed`);
          }
          if (state === 'truncated' && !parsesWithJsonParse(prefix + jsonCompletion(prefix))) {
            expect.fail(`the completion of ${JSON.stringify(prefix)} does not parse`);
          }
        }
      }),
      { numRuns: 200 },
    );
  });

  it("a stray '}', ']', ',' or 'x' after a document is malformed, right at that character", () => {
    fc.assert(
      fc.property(documents, fc.constantFrom('}', ']', ',', 'x'), (text, stray) => {
        expect(describeJson(text + stray)).toMatchObject({
          state: 'malformed',
          offset: text.length,
        });
      }),
      { numRuns: 300 },
    );
  });

  it('feeding the scanner in random chunks gives the same verdict as scanning whole', () => {
    fc.assert(
      fc.property(anyText, fc.array(fc.nat(), { maxLength: 6 }), (text, cuts) => {
        const whole = new JsonScanner().push(text);
        const streamed = new JsonScanner();
        for (const chunk of chunksAt(text, cuts)) streamed.push(chunk);
        expect(streamed.describe()).toEqual(whole.describe());
        expect(streamed.completion()).toBe(whole.completion());
        expect(streamed.length).toBe(text.length);
      }),
      { numRuns: 500 },
    );
  });
});

describe('properties over arbitrary JSON-like text', () => {
  it('the scanner alone says parses exactly when JSON.parse succeeds', () => {
    fc.assert(
      fc.property(anyText, (text) => {
        const scanned = new JsonScanner().push(text).state;
        expect(scanned === 'parses', JSON.stringify(text)).toBe(parsesWithJsonParse(text));
        expect(scanned === 'empty').toBe(/^[ \t\n\r]*$/.test(text));
      }),
      { numRuns: 1000 },
    );
  });

  it('a truncated verdict always comes with a completion that parses', () => {
    fc.assert(
      fc.property(anyText, (text) => {
        if (jsonState(text) === 'truncated') expectCompletionParses(text);
      }),
      { numRuns: 1000 },
    );
  });

  it('the malformed offset is the first character that breaks the text', () => {
    fc.assert(
      fc.property(anyText, (text) => {
        const description = describeJson(text);
        if (description.state !== 'malformed' || description.offset === undefined) return;
        const before = text.slice(0, description.offset);
        expect(jsonState(before), JSON.stringify(before)).not.toBe('malformed');
        // A misplaced astral character is named whole, so keep both of its halves.
        const offending = text.codePointAt(description.offset) ?? 0;
        const end = description.offset + (offending > 0xffff ? 2 : 1);
        expect(describeJson(text.slice(0, end))).toEqual(description);
      }),
      { numRuns: 1000 },
    );
  });
});

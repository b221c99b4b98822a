import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { describeJson, JsonScanner, jsonCompletion, jsonState } from '../../src/json/index.js';

// Nicolas Seriot's JSONTestSuite lives beside the project, not in it; a fresh clone without
// it skips these tests and says so in their names.
const corpus = fileURLToPath(
  new URL('../../../shared/corpora/JSONTestSuite/test_parsing', import.meta.url),
);
const corpusExists = existsSync(corpus);

function readCorpus(prefix: 'y_' | 'n_' | 'i_'): Array<[string, string]> {
  if (!corpusExists) return [];
  return readdirSync(corpus)
    .filter((name) => name.startsWith(prefix) && name.endsWith('.json'))
    .sort()
    .map((name) => [name, readFileSync(`${corpus}/${name}`, 'utf8')]);
}

function parsesWithJsonParse(text: string): boolean {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}

function completionParses(text: string): boolean {
  const completion = jsonCompletion(text);
  return completion !== null && parsesWithJsonParse(text + completion);
}

// Files read as UTF-8 whose verdict is not what their name promises, with the reason:
// Every y_ file is valid UTF-8 and JSON.parse accepts all of them.
const acceptedFilesJsonParseRejects: string[] = [];
// Whitespace-only texts are 'empty', a state of their own, not 'malformed' or 'truncated'.
const rejectedFilesThatAreEmpty = ['n_single_space.json', 'n_structure_no_data.json'];

describe.skipIf(!corpusExists)(
  `JSONTestSuite${corpusExists ? '' : ' (skipped: ../shared/corpora/JSONTestSuite not found)'}`,
  () => {
    const accepted = readCorpus('y_');
    const rejected = readCorpus('n_');
    const undecided = readCorpus('i_');

    it('has the files this test expects', () => {
      expect(accepted.length).toBe(95);
      expect(rejected.length).toBe(188);
      expect(undecided.length).toBe(35);
    });

    it('JSON.parse rejects exactly the known y_ files', () => {
      const rejectedByJsonParse = accepted
        .filter(([, text]) => !parsesWithJsonParse(text))
        .map(([name]) => name);
      expect(rejectedByJsonParse).toEqual(acceptedFilesJsonParseRejects);
    });

    describe('y_ files: must be accepted', () => {
      it.each(accepted.filter(([name]) => !acceptedFilesJsonParseRejects.includes(name)))(
        '%s parses, and every proper prefix is truncated (or empty) with a witness',
        (_, text) => {
          expect(jsonState(text)).toBe('parses');
          expect(new JsonScanner().push(text).state).toBe('parses');
          for (let end = 0; end < text.length; end++) {
            const prefix = text.slice(0, end);
            if (parsesWithJsonParse(prefix)) continue;
            const state = jsonState(prefix);
            const allowed = /^[ \t\n\r]*$/.test(prefix) ? 'empty' : 'truncated';
            expect(state, JSON.stringify(prefix)).toBe(allowed);
            if (state === 'truncated') {
              expect(completionParses(prefix), JSON.stringify(prefix)).toBe(true);
            }
          }
        },
      );
    });

    describe('n_ files: must be rejected', () => {
      it.each(rejected.filter(([name]) => !rejectedFilesThatAreEmpty.includes(name)))(
        '%s is malformed, or truncated with a witness',
        (_, text) => {
          const state = jsonState(text);
          expect(['malformed', 'truncated']).toContain(state);
          if (state === 'truncated') expect(completionParses(text)).toBe(true);
        },
      );

      it('these n_ files are prefixes of valid JSON, each with what it still owes', () => {
        const prefixes = rejected
          .filter(([, text]) => jsonState(text) === 'truncated')
          .map(([name, text]) => `${name}: ${describeJson(text).reason}`);
        expect(prefixes).toMatchInlineSnapshot(`
          [
            "n_array_incomplete.json: 1 unclosed container",
            "n_array_newlines_unclosed.json: ends after ',', before the next element; 1 unclosed container",
            "n_array_unclosed.json: 1 unclosed container",
            "n_array_unclosed_trailing_comma.json: ends after ',', before the next element; 1 unclosed container",
            "n_array_unclosed_with_new_lines.json: 1 unclosed container",
            "n_array_unclosed_with_object_inside.json: 1 unclosed container",
            "n_object_missing_value.json: ends after ':', before the value; 1 unclosed container",
            "n_object_no-colon.json: ends after an object key, before its ':'; 1 unclosed container",
            "n_object_unterminated-value.json: ends inside a string; 1 unclosed container",
            "n_string_1_surrogate_then_escape.json: ends inside a string; 1 unclosed container",
            "n_string_escaped_backslash_bad.json: ends inside a string; 1 unclosed container",
            "n_string_incomplete_escape.json: ends inside a string; 1 unclosed container",
            "n_string_single_doublequote.json: ends inside a string",
            "n_string_start_escape_unclosed.json: ends inside an escape sequence in a string; 1 unclosed container",
            "n_structure_100000_opening_arrays.json: 100,000 unclosed containers",
            "n_structure_array_with_unclosed_string.json: ends inside a string; 1 unclosed container",
            "n_structure_comma_instead_of_closing_brace.json: ends after ',', before the next key; 1 unclosed container",
            "n_structure_lone-open-bracket.json: 1 unclosed container",
            "n_structure_object_unclosed_no_value.json: ends after ':', before the value; 1 unclosed container",
            "n_structure_open_array_object.json: ends after ':', before the value; 100,000 unclosed containers",
            "n_structure_open_array_open_object.json: 2 unclosed containers",
            "n_structure_open_array_open_string.json: ends inside a string; 1 unclosed container",
            "n_structure_open_array_string.json: 1 unclosed container",
            "n_structure_open_object.json: 1 unclosed container",
            "n_structure_open_object_open_string.json: ends inside an object key; 1 unclosed container",
            "n_structure_unclosed_array.json: 1 unclosed container",
            "n_structure_unclosed_array_partial_null.json: ends inside the literal 'null'; 1 unclosed container",
            "n_structure_unclosed_array_unfinished_false.json: ends inside the literal 'false'; 1 unclosed container",
            "n_structure_unclosed_array_unfinished_true.json: ends inside the literal 'true'; 1 unclosed container",
            "n_structure_unclosed_object.json: 1 unclosed container",
          ]
        `);
      });

      it.each(rejectedFilesThatAreEmpty)('%s is empty', (name) => {
        expect(jsonState(readFileSync(`${corpus}/${name}`, 'utf8'))).toBe('empty');
      });
    });

    describe('i_ files: either verdict is allowed, but the scanner must agree with JSON.parse', () => {
      it.each(undecided)('%s', (_, text) => {
        const scanned = new JsonScanner().push(text).state;
        expect(scanned === 'parses').toBe(parsesWithJsonParse(text));
        expect(jsonState(text)).toBe(scanned);
      });
    });
  },
);

import { describe, expect, it } from 'vitest';
import { describeJson, jsonCompletion, jsonState } from '../../src/json/index.js';
import { expectTruncatedWithWitness } from './witness.js';

// JSON.stringify labels keep control characters and surrogates visible in test names.
const shown = (text: string): string => JSON.stringify(text);

describe('jsonState: parses exactly when JSON.parse succeeds', () => {
  const documents = [
    // every number form
    '0',
    '-0',
    '7',
    '-7',
    '10',
    '1234567890',
    '0.5',
    '-0.5',
    '1.25',
    '1e5',
    '1E5',
    '1e+5',
    '1e-5',
    '1E+05',
    '0e0',
    '-0.0e-0',
    '1.5e10',
    '123456789012345678901234567890',
    // every escape
    '"plain"',
    '""',
    '"\\""',
    '"\\\\"',
    '"\\/"',
    '"\\b\\f\\n\\r\\t"',
    '"\\u0041"',
    '"\\uD83D\\uDE00"',
    '"\\ud83d"',
    '"\\uDE00"',
    '"\ud83d"',
    '"😀 é \u2028 \u007f"',
    // literals
    'true',
    'false',
    'null',
    // containers
    '[]',
    '{}',
    '[1,2,3]',
    '{"a":1,"b":[true,false,null],"c":{"d":"e"}}',
    '[[[[]]]]',
    '[{},{"":[]}]',
    // whitespace everywhere
    ' \t\n\r{ "a" : [ 1 , 2 ] , "b" : { } } \r\n\t ',
    '\n1\n',
    ' "x" ',
  ];

  it.each(documents.map((text) => [shown(text), text]))('%s parses', (_, text) => {
    expect(() => JSON.parse(text)).not.toThrow();
    expect(jsonState(text)).toBe('parses');
    expect(describeJson(text)).toEqual({ state: 'parses' });
    expect(jsonCompletion(text)).toBeNull();
  });
});

describe('jsonState: empty is nothing but JSON whitespace', () => {
  it.each([
    ['the empty string', '', 'the text is empty'],
    ['one space', ' ', 'the text is only whitespace'],
    ['every whitespace character', ' \t\n\r', 'the text is only whitespace'],
  ])('%s is empty', (_, text, reason) => {
    expect(jsonState(text)).toBe('empty');
    expect(describeJson(text)).toEqual({ state: 'empty', reason });
    expect(jsonCompletion(text)).toBeNull();
  });

  it.each([
    ['a no-break space', '\u00a0'],
    ['a vertical tab', '\u000b'],
    ['a form feed', '\f'],
    ['a byte-order mark', '\ufeff'],
  ])('%s is not JSON whitespace, so it is malformed', (_, text) => {
    expect(jsonState(text)).toBe('malformed');
  });
});

describe('jsonState: truncated is a proper prefix of some valid document', () => {
  const prefixes: Array<[string, string[]]> = [
    ['the examples that motivate it', ['{"a": "esc\\', '{"a": tru', '{"a": -', '[1, 2,']],
    ['open containers', ['{', '[', '  [', '[[{"a":[{', '{"a":{"b":[', '[1', '[{}', '{"a":1']],
    ['owed keys, colons and values', ['{"a"', '{"a":', '{"a" :', '{"a":1,', '[1,', '[1,2,']],
    ['numbers cut before a digit', ['-', '1.', '1e', '1E', '1e+', '1e-', '-1.5e', '0.', '-0e']],
    ['numbers inside containers', ['[1', '[-', '[0.', '[1e', '{"a":12', '{"a":1.5e+3']],
    ['true cut at each letter', ['t', 'tr', 'tru']],
    ['false cut at each letter', ['f', 'fa', 'fal', 'fals']],
    ['null cut at each letter', ['n', 'nu', 'nul']],
    ['literals inside containers', ['[t', '[fals', '{"a":nu', '[true,f']],
    ['open strings', ['"', '"abc', '["abc', '{"key', '{"a":"value', '"😀']],
    ['cut inside an escape', ['"\\', '["\\', '{"a\\', '"ab\\"cd']],
    ['cut inside a \\u escape', ['"\\u', '"\\u0', '"\\u00', '"\\u004', '{"\\u00']],
    [
      'cut after an escaped high surrogate',
      ['"\\ud83d', '"\\uD83D\\', '"\\uD83D\\u', '"\\uD83D\\uDE0'],
    ],
    ['cut between the halves of a raw surrogate pair', ['"\ud83d', '["\ud83d', '{"\ud83d']],
    ['whitespace everywhere', ['[ ', '{ "a" ', '{ "a" : ', '[ 1 , ', '\n{\n"a"\n:\n[\n', ' \t"x']],
  ];

  for (const [group, texts] of prefixes) {
    it.each(texts.map((text) => [shown(text), text]))(`${group}: %s is truncated`, (_, text) => {
      expectTruncatedWithWitness(text);
    });
  }

  it('a top-level number that could go on is already a whole document', () => {
    expect(jsonState('12')).toBe('parses');
    expect(jsonState('1.5')).toBe('parses');
    expect(jsonState('1e5')).toBe('parses');
  });
});

describe('jsonState: malformed means no continuation can ever parse', () => {
  const broken: Array<[string, string]> = [
    ['{"a" 1', 'a missing colon'],
    ['{"a": 1}}', 'an extra closer after the document'],
    ['{"a": 1,}', 'a trailing comma in an object'],
    ['[1,]', 'a trailing comma in an array'],
    ['[1] [2]', 'two documents'],
    ['1 2', 'two numbers'],
    ['01', 'a leading zero'],
    ['-01', 'a leading zero after a minus'],
    ['trux', 'a misspelled literal'],
    ['True', 'a capitalised literal'],
    ['nulll', 'a literal with an extra letter'],
    ['{"a":1]', 'a mismatched closer'],
    ['"\\x"', 'a bad escape'],
    ['"\\u12g"', 'a bad hex digit'],
    ['"a\nb"', 'a raw line feed inside a string'],
    ['"\u0000"', 'a raw NUL inside a string'],
    ['"\u001f"', 'a raw U+001F inside a string'],
    ['[,', 'a comma before any element'],
    ['{,', 'a comma before any key'],
    ['{a:1}', 'an unquoted key'],
    ["{'a':1}", 'a single-quoted key'],
    ["['a']", 'a single-quoted string'],
    ['+1', 'a plus sign'],
    ['.5', 'a missing integer part'],
    ['1.e5', 'a missing fraction digit'],
    ['1e+e', 'a missing exponent digit'],
    ['-a', 'a minus without digits'],
    ['NaN', 'NaN'],
    ['[1 2]', 'a missing comma'],
    ['}', 'a closer before any value'],
    ['\ufeff{}', 'a leading byte-order mark'],
    ['{"a":1} x', 'trailing garbage'],
    ['// comment\n{}', 'a comment'],
  ];

  it.each(broken.map(([text, why]) => [why, shown(text), text]))(
    '%s: %s is malformed',
    (_, __, text) => {
      expect(jsonState(text)).toBe('malformed');
      expect(jsonCompletion(text)).toBeNull();
    },
  );
});

describe('describeJson: malformed texts name the first character that cannot be continued', () => {
  it.each<[string, number, string]>([
    ['{"a" 1', 5, "expected ':' after an object key but found '1'"],
    ['{"a": 1}}', 8, "unexpected '}' after the document ended"],
    ['{"a": 1,}', 8, "a trailing ',' before '}'"],
    ['[1, 2,]', 6, "a trailing ',' before ']'"],
    ['[1] [2]', 4, 'a second value after the document ended'],
    ['01', 1, 'a number cannot have a leading zero'],
    ['trux', 3, "expected the literal 'true' but found 'x' after 'tru'"],
    ['tr ue', 2, "expected the literal 'true' but found a space after 'tr'"],
    ['{"a":1]', 6, "']' does not close the open '{'"],
    ['[}', 1, "'}' does not close the open '['"],
    ['{]', 1, "']' does not close the open '{'"],
    ['"\\x"', 2, "invalid escape '\\x'"],
    ['"\\ "', 2, "invalid escape: '\\' followed by a space"],
    ['"\\u12g"', 5, "invalid hex digit 'g' in a '\\u' escape"],
    ['"a\nb"', 2, 'control character U+000A inside a string (it must be escaped)'],
    ['"\t"', 1, 'control character U+0009 inside a string (it must be escaped)'],
    ['[,', 1, "expected a value but found ','"],
    ['{"a":}', 5, "expected a value but found '}'"],
    ['{a:1}', 1, "expected a double-quoted object key but found 'a'"],
    ['{"a":1,]', 7, "expected a double-quoted object key but found ']'"],
    ["['a']", 1, 'expected a value but found "\'" (strings need double quotes)'],
    ['+1', 0, "a number cannot start with '+'"],
    ['.5', 0, "a number must start with a digit, not '.'"],
    ['-a', 1, "expected a digit after '-' but found 'a'"],
    ['1.e5', 2, "expected a digit after the decimal point but found 'e'"],
    ['1e+e', 3, "expected a digit in the exponent but found 'e'"],
    ['1ex', 2, "expected a sign or digit in the exponent but found 'x'"],
    ['[1 2]', 3, "expected ',' or ']' after an array element but found '2'"],
    ['{"a":1 "b":2}', 7, "expected ',' or '}' after an object value but found '\"'"],
    ['}', 0, "unexpected '}' before any value"],
    ['\ufeff{}', 0, 'a byte-order mark (U+FEFF) before the document'],
    ['[😀]', 1, "expected a value but found '😀'"],
    ['[\ud83d]', 1, 'expected a value but found U+D83D'],
    ['[\u00a0]', 1, 'expected a value but found U+00A0'],
    ['1 x', 2, "unexpected 'x' after the document ended"],
  ])('%j at offset %i: %s', (text, offset, reason) => {
    expect(describeJson(text)).toEqual({ state: 'malformed', offset, reason });
  });
});

describe('describeJson: truncated texts say what is still owed', () => {
  it.each<[string, string]>([
    ['{', '1 unclosed container'],
    ['[[{', '3 unclosed containers'],
    ['"abc', 'ends inside a string'],
    ['{"ab', 'ends inside an object key; 1 unclosed container'],
    ['{"a": "esc\\', 'ends inside an escape sequence in a string; 1 unclosed container'],
    ['"\\u00', "ends inside a '\\u' escape in a string"],
    ['1.', 'ends inside a number'],
    ['[1e+', 'ends inside a number; 1 unclosed container'],
    ['{"a": tru', "ends inside the literal 'true'; 1 unclosed container"],
    ['{"a"', "ends after an object key, before its ':'; 1 unclosed container"],
    ['{"a":', "ends after ':', before the value; 1 unclosed container"],
    ['[1, 2,', "ends after ',', before the next element; 1 unclosed container"],
    ['{"a":1,', "ends after ',', before the next key; 1 unclosed container"],
    ['[1, 2', '1 unclosed container'],
  ])('%j: %s', (text, reason) => {
    expect(describeJson(text)).toEqual({ state: 'truncated', reason });
    expectTruncatedWithWitness(text);
  });
});

describe('jsonCompletion: the shortest sensible witness', () => {
  it.each<[string, string]>([
    ['{"a": [1, tr', 'ue]}'],
    ['{"a":', '0}'],
    ['{"a"', ':0}'],
    ['{"a":1,', '"":0}'],
    ['{"ke', '":0}'],
    ['"esc\\', 'n"'],
    ['"\\u0', '000"'],
    ['"\\ud83d', '"'],
    ['-', '0'],
    ['1e-', '0'],
    ['[{"a":[{', '}]}]'],
  ])('%j is completed by %j', (text, completion) => {
    expect(jsonCompletion(text)).toBe(completion);
    expectTruncatedWithWitness(text);
  });
});

describe('non-string input is malformed, never an exception', () => {
  it.each<[string, unknown, string]>([
    ['a number', 42, 'number'],
    ['null', null, 'null'],
    ['undefined', undefined, 'undefined'],
    ['an object', { a: 1 }, 'object'],
    ['an array', ['{}'], 'an array'],
  ])('%s', (_, value, kind) => {
    // Untyped callers can pass anything; the cast reproduces that.
    const untyped = value as string;
    expect(jsonState(untyped)).toBe('malformed');
    expect(describeJson(untyped)).toEqual({
      state: 'malformed',
      offset: 0,
      reason: `expected a string of JSON text but got ${kind}`,
    });
    expect(jsonCompletion(untyped)).toBeNull();
  });
});

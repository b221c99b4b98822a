import { describe, expect, test } from 'vitest';
import { plural } from '../../src/text/plural.js';
import { endsSentence, lowerFirst, upperFirst } from '../../src/text/sentence.js';

describe('plural', () => {
  test('singular for exactly one, plural for every other count', () => {
    expect(plural(1, 'tool')).toBe('1 tool');
    expect(plural(0, 'call')).toBe('0 calls');
    expect(plural(3, 'place')).toBe('3 places');
  });

  test('takes an irregular plural', () => {
    expect(plural(1, 'entry', 'entries')).toBe('1 entry');
    expect(plural(2, 'entry', 'entries')).toBe('2 entries');
  });

  test('groups the digits of large counts', () => {
    expect(plural(100_000, 'declared value')).toBe('100,000 declared values');
  });
});

describe('endsSentence', () => {
  test('a text ending in . ! ? or … ends its sentence', () => {
    for (const text of ['I can’t help with that.', 'No!', 'Why?', 'I can’t…']) {
      expect(endsSentence(text)).toBe(true);
    }
  });

  test('a text ending in anything else does not', () => {
    for (const text of ['max_tokens: Field required', '', 'a list:', 'v1.2 (beta)']) {
      expect(endsSentence(text)).toBe(false);
    }
  });
});

describe('upperFirst and lowerFirst', () => {
  test('change the first letter only, so a phrase can start or continue a sentence', () => {
    expect(upperFirst('the OpenAI Responses API rejected it')).toBe(
      'The OpenAI Responses API rejected it',
    );
    expect(lowerFirst('The text was cut mid-answer.')).toBe('the text was cut mid-answer.');
    expect(upperFirst('')).toBe('');
  });
});

import { describe, expect, test } from 'vitest';
import { batchIdProblem, parseIdList, responseIdProblem } from '../../src/cli/ids.js';

describe('parseIdList', () => {
  test('ids in first-seen order; comments, blanks and duplicates dropped; bad lines numbered', () => {
    const text = [
      '# nightly sample', // 1
      'resp_68af40c2f5c88190a1b2', // 2
      '', // 3
      '  resp_second-id_2  # trailing comment', // 4
      'resp_68af40c2f5c88190a1b2', // 5: repeated
      'https://api.openai.com/v1/responses/resp_1', // 6
      'resp_../../files', // 7
      'resp_', // 8
      'sk-proj-abcdefghijklmnop1234', // 9: a pasted key is reported, never echoed
      'msg_01abc', // 10
    ].join('\r\n');
    const list = parseIdList(`\uFEFF${text}`);
    expect(list.ids).toEqual(['resp_68af40c2f5c88190a1b2', 'resp_second-id_2']);
    expect(list.duplicates).toBe(1);
    expect(list.invalid.map((invalid) => invalid.line)).toEqual([6, 7, 8, 9, 10]);
    expect(JSON.stringify(list.invalid)).not.toContain('sk-proj');
    expect(list.invalid[0]?.problem).toBe(
      'not a response id: expected resp_ followed by letters, digits, _ or - only',
    );
  });

  test('an empty file has no ids and no problems', () => {
    expect(parseIdList('\n\n# only comments\n')).toEqual({ ids: [], invalid: [], duplicates: 0 });
  });
});

describe('id shapes', () => {
  test('only the provider id alphabet reaches a URL', () => {
    expect(responseIdProblem('resp_abcXYZ019_-')).toBeNull();
    for (const bad of [
      'resp_a/b',
      'resp_a?b',
      'resp_a%2F',
      'resp_a b',
      'resp_é',
      'RESP_a',
      'resp_a#',
    ]) {
      expect(responseIdProblem(bad)).not.toBeNull();
    }
    expect(responseIdProblem(`resp_${'a'.repeat(300)}`)).toBe(
      'longer than 200 characters: not an id',
    );
    expect(batchIdProblem('msgbatch_01xXx6BZr1ZHB2jcYcWh4NbA')).toBeNull();
    expect(batchIdProblem('msgbatch_01/../x')).not.toBeNull();
  });
});

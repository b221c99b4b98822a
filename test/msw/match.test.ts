/** The matching rules of recordedHandlers, as pure functions. */
import { describe, expect, test } from 'vitest';
import { describeDifference } from '../../src/msw/body-diff.js';
import { ignoredPaths } from '../../src/msw/ignored-paths.js';
import {
  apiPath,
  bodyDifferences,
  chooseRecording,
  nearestRecording,
  pathMatches,
} from '../../src/msw/match.js';

const lines = (recorded: unknown, sent: unknown, ignore?: string[]) =>
  bodyDifferences(recorded, sent, ignoredPaths(ignore, 'test')).map(describeDifference);

describe('apiPath: a recorded path from its first API version segment', () => {
  test.each([
    ['/v1/chat/completions', '/v1/chat/completions'],
    ['/openai/v1/responses', '/v1/responses'],
    [
      '/v1beta/models/gemini-2.5-flash:generateContent',
      '/v1beta/models/gemini-2.5-flash:generateContent',
    ],
    ['/google/v1alpha/models/x:generateContent', '/v1alpha/models/x:generateContent'],
    ['/openai/deployments/gpt/chat/completions', '/openai/deployments/gpt/chat/completions'],
    // The first version segment wins: a base path with its own version keeps it.
    ['/api/v2/proxy/v1/messages', '/v2/proxy/v1/messages'],
  ])('%s -> %s', (recorded, expected) => {
    expect(apiPath(recorded)).toBe(expected);
  });
});

describe('pathMatches: the recorded API path behind any base path', () => {
  test.each([
    ['/v1/chat/completions', '/v1/chat/completions', true],
    ['/v1/chat/completions', '/gateway/openai/v1/chat/completions', true],
    ['/proxy/v1/messages', '/v1/messages', true],
    ['/v1/chat/completions', '/v1/completions', false],
    ['/v1/responses', '/v1/responses/resp_1', false],
    ['/v1/messages', '/v1/messages/batches', false],
    ['/', '/v1/anything/', false],
  ])('%s answers %s: %s', (recorded, requested, matches) => {
    expect(pathMatches(recorded, requested)).toBe(matches);
  });
});

describe('bodyDifferences: the identifying fields, leaf by leaf', () => {
  const recorded = {
    model: 'gpt-4.1',
    messages: [{ role: 'user', content: 'Charge acct_9.' }],
    temperature: 0,
  };

  test('equal identifying fields match; other fields and key order are ignored', () => {
    expect(
      lines(recorded, {
        temperature: 1,
        messages: [{ content: 'Charge acct_9.', role: 'user' }],
        model: 'gpt-4.1',
        tools: [],
      }),
    ).toEqual([]);
  });

  test('each differing leaf path is one line; a value on one side only is one line at its path', () => {
    expect(
      lines(recorded, {
        model: 'gpt-4o',
        messages: [
          { role: 'user', content: 'Charge acct_8.' },
          { role: 'user', content: 'Hi' },
        ],
        stream: true,
      }),
    ).toEqual([
      'model: recorded "gpt-4.1", sent "gpt-4o"',
      'messages[0].content: recorded "Charge acct_9.", sent "Charge acct_8."',
      'messages[1]: sent an item the recording does not have: an object with keys "role", "content"',
      'stream: recorded false, sent true',
    ]);
    expect(lines({ input: 'hi', stream: true }, {})).toEqual([
      'input: recorded "hi", sent nothing',
      'stream: recorded true, sent false',
    ]);
  });

  test('values of different kinds are described; scalars of one kind are shown as JSON', () => {
    expect(lines({ input: 'hi' }, { input: [{ role: 'user', content: 'hi' }] })).toEqual([
      'input: recorded the string "hi", sent an array of 1 item',
    ]);
    expect(lines({ messages: [{ n: 1, ok: true }] }, { messages: [{ n: 2, ok: 1 }] })).toEqual([
      'messages[0].n: recorded 1, sent 2',
      'messages[0].ok: recorded the boolean true, sent the integer 1',
    ]);
    expect(lines({ messages: [{}] }, { messages: [] })).toEqual([
      'messages[0]: the recording has an item the request does not: an empty object',
    ]);
  });

  test('two long strings are shown around their first differing character, however deep it is', () => {
    const prompt = (amount: string) =>
      `You are the billing assistant of Acme. Confirm every amount before charging. Charge acct_9 ${amount} dollars for the August invoice, then stop and report.`;
    expect(
      lines(
        { messages: [{ content: prompt('twelve') }] },
        { messages: [{ content: prompt('twenty') }] },
      ),
    ).toMatchInlineSnapshot(`
      [
        "messages[0].content: recorded "…rging. Charge acct_9 twelve dollars for the Augu…", sent "…rging. Charge acct_9 twenty dollars for the Augu…"",
      ]
    `);
    // A long string against a short one: the window starts where they part, at the start here.
    expect(lines({ model: prompt('x') }, { model: 'gpt' })).toEqual([
      'model: recorded "You are the billing assi…", sent "gpt"',
    ]);
  });

  test('a window never splits a surrogate pair', () => {
    const text = (last: string) => `${'😀'.repeat(30)}${last}`;
    const [line] = lines({ model: text('a') }, { model: text('b') });
    expect(line).not.toMatch(/\\u[dD][89a-fA-F]/);
    expect(line).toContain('😀');
  });

  test('a recording without a JSON object body matches any body', () => {
    expect(lines(undefined, { model: 'x' })).toEqual([]);
    expect(lines('raw text', undefined)).toEqual([]);
  });

  test('contents (Gemini) and input (Responses) identify too', () => {
    expect(lines({ contents: [{ parts: [{ text: 'a' }] }] }, { contents: [] })).toEqual([
      'contents[0]: the recording has an item the request does not: an object with keys "parts"',
    ]);
    expect(lines({ input: [{ role: 'user', content: 'a' }] }, { input: 'a' })).toHaveLength(1);
  });

  test('undefined and absent are the same; object key order does not matter, array order does', () => {
    expect(lines({ messages: [{ a: 1, b: undefined }] }, { messages: [{ a: 1 }] })).toEqual([]);
    expect(lines({ messages: [{ a: 1, b: 2 }] }, { messages: [{ b: 2, a: 1 }] })).toEqual([]);
    expect(lines({ messages: [1, 2] }, { messages: [2, 1] })).toHaveLength(2);
  });
});

describe('bodyDifferences with ignored paths', () => {
  const recorded = {
    model: 'gpt-4.1',
    messages: [
      { role: 'system', content: 'Today is 2025-08-27.' },
      { role: 'user', content: 'Charge acct_9.', id: 'msg_1' },
    ],
    metadata: { trace_id: 'a' },
  };
  const sent = {
    model: 'gpt-4.1',
    messages: [
      { role: 'system', content: 'Today is 2026-01-05.' },
      { role: 'user', content: 'Charge acct_9.', id: 'msg_2' },
    ],
  };

  test('an ignored path is compared on neither side, with all below it', () => {
    expect(lines(recorded, sent)).toHaveLength(2);
    expect(lines(recorded, sent, ['messages[0].content', 'messages[1].id'])).toEqual([]);
    expect(lines(recorded, sent, ['messages[0]', 'messages[*].id'])).toEqual([]);
    expect(lines(recorded, sent, ['messages[*].content'])).toEqual([
      'messages[1].id: recorded "msg_1", sent "msg_2"',
    ]);
  });

  test('a value present on one side only is ignored when all it holds is ignored', () => {
    const withOptions = {
      model: 'm',
      messages: [{ role: 'user', content: 'a', extra: { id: 1 } }],
    };
    const without = { model: 'm', messages: [{ role: 'user', content: 'a' }] };
    expect(lines(withOptions, without, ['messages[0].extra.id'])).toEqual([]);
    expect(lines(without, withOptions, ['messages[0].extra.id'])).toEqual([]);
    expect(lines(withOptions, without, ['messages[0].extra.other'])).toEqual([
      'messages[0].extra: recorded an object with keys "id", sent nothing',
    ]);
  });

  test('a whole identifying field can be ignored, and an index path never matches a key', () => {
    expect(lines({ model: 'a' }, { model: 'b' }, ['model'])).toEqual([]);
    expect(lines({ messages: { 0: 'a' } }, { messages: { 0: 'b' } }, ['messages[0]'])).toEqual([
      'messages["0"]: recorded "a", sent "b"',
    ]);
    expect(lines({ messages: { 0: 'a' } }, { messages: { 0: 'b' } }, ['messages["0"]'])).toEqual(
      [],
    );
  });
});

describe('chooseRecording: of those that match, the one whose other fields differ least', () => {
  const attempt = { model: 'gpt-5', input: 'Plan the trip.', max_output_tokens: 512 };
  const retry = { ...attempt, max_output_tokens: 4096 };

  test('a retry that changed only max_output_tokens gets the recorded retry', () => {
    expect(chooseRecording([attempt, retry], attempt)).toBe(0);
    expect(chooseRecording([attempt, retry], retry)).toBe(1);
    // The same in the other file order.
    expect(chooseRecording([retry, attempt], retry)).toBe(0);
  });

  test('among equally far recordings the first wins; identifying fields must still match', () => {
    expect(chooseRecording([attempt, retry], { ...attempt, max_output_tokens: 9 })).toBe(0);
    expect(chooseRecording([attempt, retry], { ...retry, temperature: 1 })).toBe(1);
    expect(chooseRecording([attempt, retry], { ...retry, input: 'Other.' })).toBeUndefined();
  });

  test('fewer differing paths beat fewer characters; then characters decide', () => {
    const one = { ...attempt, metadata: { note: 'a much longer note than the other one' } };
    const two = { ...attempt, temperature: 0, top_p: 1 };
    const sent = { ...attempt, metadata: { note: 'b' } };
    expect(chooseRecording([two, one], sent)).toBe(1);
    expect(
      chooseRecording(
        [
          { ...attempt, user: 'abcdef' },
          { ...attempt, user: 'abcxyz' },
        ],
        { ...attempt, user: 'abcxyq' },
      ),
    ).toBe(1);
  });

  test('ignoring a field takes it out of the choice', () => {
    expect(chooseRecording([attempt, retry], retry, ignoredPaths(['max_output_tokens'], 't'))).toBe(
      0,
    );
  });
});

describe('nearestRecording: fewest differing paths, then characters, then the first', () => {
  const at = (path: string, size: number) => ({ path: [path], recorded: 1, sent: 2, size });
  test.each([
    [[[at('a', 1), at('b', 1)], [at('a', 50)]], 1],
    [[[at('a', 9)], [at('a', 2)]], 1],
    [[[at('a', 2)], [at('a', 2)]], 0],
  ])('%j -> %i', (candidates, nearest) => {
    expect(nearestRecording(candidates)).toBe(nearest);
  });
});

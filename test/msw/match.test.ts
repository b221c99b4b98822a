/** The matching rules of recordedHandlers, as pure functions. */
import { describe, expect, test } from 'vitest';
import { apiPath, bodyDifferences, pathMatches, sameJson } from '../../src/msw/match.js';

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

describe('bodyDifferences: the identifying fields', () => {
  const recorded = {
    model: 'gpt-4.1',
    messages: [{ role: 'user', content: 'Charge acct_9.' }],
    temperature: 0,
  };

  test('equal identifying fields match; other fields and key order are ignored', () => {
    expect(
      bodyDifferences(recorded, {
        temperature: 1,
        messages: [{ content: 'Charge acct_9.', role: 'user' }],
        model: 'gpt-4.1',
        tools: [],
      }),
    ).toEqual([]);
  });

  test('each differing field is one line', () => {
    expect(bodyDifferences(recorded, { model: 'gpt-4o', messages: [], stream: true })).toEqual([
      'model differs: recorded "gpt-4.1", sent "gpt-4o"',
      'messages differs: recorded [{"role":"user","content":"Charge acct_9."}], sent []',
      'stream differs: recorded false, sent true',
    ]);
    expect(bodyDifferences({ input: 'hi', stream: true }, {})).toEqual([
      'input is missing (recorded "hi")',
      'stream differs: recorded true, sent false',
    ]);
  });

  test('a recording without a JSON object body matches any body', () => {
    expect(bodyDifferences(undefined, { model: 'x' })).toEqual([]);
    expect(bodyDifferences('raw text', undefined)).toEqual([]);
  });

  test('contents (Gemini) and input (Responses) identify too', () => {
    expect(
      bodyDifferences({ contents: [{ parts: [{ text: 'a' }] }] }, { contents: [] }),
    ).toHaveLength(1);
    expect(
      bodyDifferences({ input: [{ role: 'user', content: 'a' }] }, { input: 'a' }),
    ).toHaveLength(1);
  });
});

describe('sameJson', () => {
  test.each([
    [{ a: 1, b: [1, 2] }, { b: [1, 2], a: 1 }, true],
    [[1, 2], [2, 1], false],
    [{ a: 1 }, { a: 1, b: 2 }, false],
    [{ a: undefined }, {}, true],
    [null, {}, false],
    ['1', 1, false],
  ])('%j and %j: %s', (a, b, same) => {
    expect(sameJson(a, b)).toBe(same);
  });
});

/**
 * The matchers' record for a test reporter: nothing is built while nobody listens, and what a
 * listener hears is what the matcher returned.
 */
import { afterEach, describe, expect, test } from 'vitest';
import { listenForVerdicts, recordVerdict } from '../../src/matchers/record.js';
import type { RecordedVerdict } from '../../src/report/verdicts.js';
import { CUT_CHARGE, chatRequest, chatResponse, GOOD_CHARGE } from '../support/payloads.js';
import './support.js';

afterEach(() => listenForVerdicts(null));

const context = { isNot: false } as Parameters<typeof recordVerdict>[0];

describe('recording verdicts', () => {
  test('with no listener, the verdict is never built', () => {
    let built = 0;
    recordVerdict(context, 'toNotBeTruncated', true, () => {
      built += 1;
      return { turns: [], results: [] };
    });
    expect(built).toBe(0);
  });

  test('a listener hears each assertion: the matcher, its pass, the turns and the results it judged', () => {
    const heard: RecordedVerdict[] = [];
    listenForVerdicts((verdict) => heard.push(verdict));
    const good = {
      request: { ...chatRequest(), model: 'gpt-4.1' },
      response: chatResponse({ calls: [{ name: 'charge', arguments: GOOD_CHARGE }] }),
    };
    const cut = {
      request: chatRequest({ maxOutputTokens: 64 }),
      response: chatResponse({
        calls: [{ name: 'charge', arguments: CUT_CHARGE }],
        ending: 'ceiling',
        outputTokens: 64,
      }),
    };
    expect(good).toBeDispatchable();
    expect(cut).not.toBeDispatchable();
    expect(cut).not.toNotBeTruncated();
    expect(heard.map(({ matcher, pass, isNot }) => ({ matcher, pass, isNot }))).toEqual([
      { matcher: 'toBeDispatchable', pass: true, isNot: false },
      { matcher: 'toBeDispatchable', pass: false, isNot: true },
      { matcher: 'toNotBeTruncated', pass: false, isNot: true },
    ]);
    expect(
      heard[0]?.results.map(({ state, severity, call }) => ({ state, severity, tool: call?.name })),
    ).toEqual([{ state: 'dispatchable', severity: 'healthy', tool: 'charge' }]);
    expect(heard[1]?.results.map(({ state, severity }) => ({ state, severity }))).toEqual([
      { state: 'arguments-truncated', severity: 'finding' },
    ]);
    expect(heard[2]?.turns).toEqual([
      { model: expect.any(String), outputTokens: 64, maxOutputTokens: 64, tools: ['charge'] },
    ]);
  });
});

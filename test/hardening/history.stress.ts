/**
 * 100,000 messages on every surface, as issue #23 names: checked in one pass, and timed. Run
 * by `npm run test:stress`; linearity itself is proved by growth in history.test.ts.
 */
import { performance } from 'node:perf_hooks';
import { describe, expect, test } from 'vitest';
import { diagnoseHistory } from '../../src/index.js';
import { HISTORY_SURFACES, longHistory, messageCount } from './history-bodies.js';

describe('100,000 messages', () => {
  test.each(HISTORY_SURFACES)('%s: the one unanswered call at the end is found', (surface) => {
    // Rounds of a call and its result: two messages each on most surfaces, two items on Responses.
    const body = longHistory(surface, 50_000, true);
    expect(messageCount(body)).toBeGreaterThanOrEqual(100_000);
    const started = performance.now();
    const verdict = diagnoseHistory(body);
    const took = performance.now() - started;
    console.log(
      `${surface}: ${messageCount(body).toLocaleString('en-US')} messages in ${took.toFixed(0)} ms`,
    );
    expect(verdict.state).toBe('unanswered-call');
    expect(verdict.problems).toHaveLength(1);
  });
});

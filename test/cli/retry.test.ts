import { describe, expect, test } from 'vitest';
import {
  backoffMs,
  DEFAULT_RETRY_POLICY,
  isRetryableStatus,
  retryAfterMs,
  waitBeforeRetry,
} from '../../src/cli/retry.js';

const now = Date.parse('2025-06-01T12:00:00Z');
const headers = (values: Record<string, string>) => new Headers(values);

describe('retryAfterMs', () => {
  test('seconds, decimals, HTTP dates (past means now), retry-after-ms first', () => {
    expect(retryAfterMs(headers({ 'retry-after': '0' }), now)).toBe(0);
    expect(retryAfterMs(headers({ 'retry-after': '2' }), now)).toBe(2000);
    expect(retryAfterMs(headers({ 'retry-after': '1.5' }), now)).toBe(1500);
    expect(retryAfterMs(headers({ 'retry-after': 'Sun, 01 Jun 2025 12:00:07 GMT' }), now)).toBe(
      7000,
    );
    expect(retryAfterMs(headers({ 'retry-after': 'Sun, 01 Jun 2025 11:00:00 GMT' }), now)).toBe(0);
    expect(retryAfterMs(headers({ 'retry-after-ms': '250', 'retry-after': '9' }), now)).toBe(250);
  });

  test('nothing readable asks for nothing', () => {
    expect(retryAfterMs(headers({}), now)).toBeNull();
    expect(retryAfterMs(headers({ 'retry-after': 'soon' }), now)).toBeNull();
    expect(retryAfterMs(headers({ 'retry-after': '-3' }), now)).toBeNull();
  });
});

describe('the schedule', () => {
  test('exponential from the base, jitter taking off at most a quarter', () => {
    expect([1, 2, 3, 4].map((retry) => backoffMs(retry, DEFAULT_RETRY_POLICY, () => 0))).toEqual([
      500, 1000, 2000, 4000,
    ]);
    expect(backoffMs(1, DEFAULT_RETRY_POLICY, () => 0.999)).toBeCloseTo(375, 0);
    expect(backoffMs(30, DEFAULT_RETRY_POLICY, () => 0)).toBe(60_000);
  });

  test('the server is obeyed, up to the cap', () => {
    const policy = { ...DEFAULT_RETRY_POLICY, maxWaitMs: 5_000 };
    expect(waitBeforeRetry(1, 3_000, policy, () => 0)).toBe(3_000);
    expect(waitBeforeRetry(1, 120_000, policy, () => 0)).toBe(5_000);
    expect(waitBeforeRetry(2, null, policy, () => 0)).toBe(1_000);
    expect(waitBeforeRetry(1, 0, policy, () => 0)).toBe(0);
  });

  test('only timeouts, rate limits and server errors are retried', () => {
    expect([408, 429, 500, 502, 503, 529].every(isRetryableStatus)).toBe(true);
    expect([400, 401, 403, 404, 409, 422].some(isRetryableStatus)).toBe(false);
  });
});

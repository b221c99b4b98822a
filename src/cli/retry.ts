/**
 * When to try a request again, and how long to wait first. Pure: the clock and the dice are
 * passed in, so the schedule can be tested exactly.
 */

/** How persistent `fetch` is. */
export interface RetryPolicy {
  /** Retries after the first try; `4` means at most 5 tries. */
  maxRetries: number;
  /** The longest single wait, whatever the server asks for (`--max-wait`). */
  maxWaitMs: number;
  /** The first backoff wait, doubled on each retry. */
  baseDelayMs: number;
}

/** Five tries, waits from 0.5 s doubling up to a minute. */
export const DEFAULT_RETRY_POLICY: RetryPolicy = {
  maxRetries: 4,
  maxWaitMs: 60_000,
  baseDelayMs: 500,
};

/**
 * Whether a status is worth trying again: a timeout, a rate limit, or a server error. Anything
 * else (400, 401, 403, 404, ...) will answer the same way next time.
 *
 * @example
 * isRetryableStatus(429); // true
 * isRetryableStatus(404); // false
 */
export function isRetryableStatus(status: number): boolean {
  return status === 408 || status === 429 || status >= 500;
}

/**
 * The wait a response asks for, in milliseconds: `retry-after-ms` (OpenAI), or `retry-after`
 * as seconds or as an HTTP date (RFC 9110 §10.2.3); `null` when it asks for nothing readable.
 * A date in the past means now.
 *
 * @example
 * retryAfterMs({ get: (name) => (name === 'retry-after' ? '2' : null) }, Date.now()); // 2000
 */
export function retryAfterMs(
  headers: { get(name: string): string | null },
  now: number,
): number | null {
  const milliseconds = Number.parseFloat(headers.get('retry-after-ms') ?? '');
  if (Number.isFinite(milliseconds) && milliseconds >= 0) return milliseconds;
  const value = headers.get('retry-after')?.trim();
  if (value === undefined || value === '') return null;
  if (/^\d+(\.\d+)?$/.test(value)) return Number(value) * 1000;
  // Only a date names a day in letters; Date.parse would read "-3" as the year -3.
  if (!/[A-Za-z]{3}/.test(value)) return null;
  const date = Date.parse(value);
  return Number.isNaN(date) ? null : Math.max(0, date - now);
}

/**
 * The wait before retry number `retry` (1-based) when the server asked for none: exponential
 * from `baseDelayMs`, with up to 25% jitter taken off so clients that failed together do not
 * retry together.
 *
 * @example
 * backoffMs(3, DEFAULT_RETRY_POLICY, () => 0); // 2000
 */
export function backoffMs(retry: number, policy: RetryPolicy, random: () => number): number {
  const exponential = policy.baseDelayMs * 2 ** Math.max(0, retry - 1);
  return Math.min(policy.maxWaitMs, exponential) * (1 - random() * 0.25);
}

/**
 * The wait before retry number `retry`: what the server asked for when it said, the backoff
 * otherwise; never longer than `maxWaitMs`.
 *
 * @example
 * waitBeforeRetry(1, 1000, DEFAULT_RETRY_POLICY, Math.random); // 1000
 */
export function waitBeforeRetry(
  retry: number,
  askedMs: number | null,
  policy: RetryPolicy,
  random: () => number,
): number {
  return Math.min(policy.maxWaitMs, askedMs ?? backoffMs(retry, policy, random));
}

/**
 * What both fetchers share: the plan, a provider's connection, GET with retries, and the words
 * for every way a request can fail. Keys travel only in the headers of the configured host.
 */
import { isRecord } from '../model/narrow.js';
import { plural } from '../text/plural.js';
import { baseUrlProblem } from './args.js';
import type { Say } from './audit-run.js';
import { type CliIo, FatalError } from './io.js';
import type { FetchReport } from './json-report.js';
import { isRetryableStatus, type RetryPolicy, retryAfterMs, waitBeforeRetry } from './retry.js';
import { bodyText, secondsText, type Watchdog, watchdog } from './timeout.js';

/** One provider's connection: where to send, what to send with it. */
export interface Provider {
  name: 'OpenAI' | 'Anthropic';
  /** The API root, without a trailing slash. */
  base: string;
  headers: Record<string, string>;
  keyVariable: string;
}

/** What the fetcher hands on: a body, a line of one, or why there is none. */
export type Fetched =
  | { kind: 'response'; id: string; text: string }
  | { kind: 'batch-line'; batchId: string; line: number; text: string }
  | { kind: 'batch-end'; batchId: string }
  | { kind: 'missing'; id: string; detail: string }
  | { kind: 'failed'; location: string; batchId: string | null; detail: string };

/** Everything a fetch needs, resolved from the command and the environment. */
export interface FetchPlan {
  ids: string[];
  batches: string[];
  openai: Provider | null;
  anthropic: Provider | null;
  policy: RetryPolicy;
  /** How long a server may stay silent before a request is given up (`--timeout`). */
  timeoutMs: number;
  report: FetchReport;
}

export type Env = Readonly<Record<string, string | undefined>>;

/** The key in `variable`, trimmed; a missing one stops the fetch before any request. */
export function requiredKey(env: Env, variable: string, what: string): string {
  const key = env[variable];
  if (key === undefined || key.trim() === '') {
    throw new FatalError(`${variable} is not set; fetch reads ${what} with it`);
  }
  return key.trim();
}

/** The API root from the flag, else the environment, else the default; no trailing slash. */
export function baseFrom(
  flag: string | null,
  env: Env,
  variable: string,
  fallback: string,
): string {
  const fromEnv = env[variable];
  const base = flag ?? (fromEnv === undefined || fromEnv === '' ? fallback : fromEnv);
  if (flag === null && fromEnv !== undefined && fromEnv !== '') {
    const problem = baseUrlProblem(fromEnv, variable);
    if (problem !== null) throw new FatalError(problem);
  }
  return base.replace(/\/+$/, '');
}

/**
 * The outcome of one GET after its retries. A response comes with the watch on its server's
 * silence, which the caller keeps touching while it reads the body, and ends once it is read.
 */
export type Answer =
  | { ok: true; response: Response; watch: Watchdog }
  | { ok: false; problem: string };

/**
 * GET with retries on 408, 429, 5xx and dropped connections, waiting as the server asks
 * (`retry-after`, `retry-after-ms`) or backing off exponentially; every wait capped. Any other
 * status is returned as it is. Redirects are not followed: a key must not travel to a host
 * nobody configured.
 */
export async function getWithRetries(
  url: string,
  headers: Record<string, string>,
  label: string,
  plan: FetchPlan,
  io: CliIo,
  signal: AbortSignal,
  say: Say,
): Promise<Answer> {
  const { policy } = plan;
  for (let attempt = 0; ; attempt += 1) {
    let response: Response | null = null;
    let problem: string;
    const watch = watchdog(signal, plan.timeoutMs);
    try {
      response = await io.fetch(url, { headers, signal: watch.signal, redirect: 'manual' });
      if (!isRetryableStatus(response.status)) return { ok: true, response, watch };
      problem = `HTTP ${response.status}`;
    } catch (error) {
      if (signal.aborted) throw error;
      problem = watch.timedOut() ? silence(plan) : networkProblem(error);
    } finally {
      if (response === null || isRetryableStatus(response.status)) watch.done();
    }
    const tries = attempt + 1;
    if (attempt >= policy.maxRetries) {
      await response?.body?.cancel().catch(() => {});
      return { ok: false, problem: `${problem} after ${plural(tries, 'try', 'tries')}` };
    }
    const asked = response === null ? null : retryAfterMs(response.headers, io.now());
    const wait = waitBeforeRetry(tries, asked, policy, io.random);
    await response?.body?.cancel().catch(() => {});
    plan.report.retries += 1;
    await say(
      `${label}: ${problem}; retry ${tries} of ${policy.maxRetries} in ${(wait / 1000).toFixed(1)} s`,
    );
    await io.sleep(wait, signal);
  }
}

/** A refused key stops everything: every later request would be refused too. */
export function refusedKey(provider: Provider, status: number, label: string): FatalError {
  const why =
    status === 401
      ? `the key in ${provider.keyVariable} is missing, invalid or revoked`
      : `the key in ${provider.keyVariable} has no access to this (check its project, organization or workspace and its permissions)`;
  return new FatalError(
    `${provider.name} answered ${status} for ${label}: ${why}. Nothing more was fetched.`,
  );
}

/** Records a request given up on in the report, and says so to the caller. */
export function failed(
  plan: FetchPlan,
  location: string,
  batchId: string | null,
  detail: string,
): Fetched {
  plan.report.failed.push({ id: location, problem: detail });
  return { kind: 'failed', location, batchId, detail };
}

/**
 * A status nobody planned for, with the provider's own message when it sent one. A body that
 * is not JSON (a proxy's HTML error page) is named by its type, never quoted.
 */
export async function unexpected(response: Response, watch: Watchdog): Promise<string> {
  let message = ` (${bodyKind(response)})`;
  try {
    const body: unknown = JSON.parse(await bodyText(response, watch));
    const error = isRecord(body) ? body.error : undefined;
    const said = isRecord(error) ? error.message : undefined;
    // Its closing period goes: the message is a clause here, followed by "; retry" or " after 3 tries".
    message = typeof said === 'string' ? `: ${said.slice(0, 200).replace(/\.$/, '')}` : '';
  } catch {
    // No JSON error body; the status says enough.
  }
  return `HTTP ${response.status}${message}`;
}

/** What a body is by its content type, for a message: `an HTML page`, `text/plain`. */
export function bodyKind(response: Response): string {
  const type = (response.headers.get('content-type') ?? '').split(';')[0]?.trim().toLowerCase();
  if (type === 'text/html') return 'an HTML page, not JSON: is the base URL an API root?';
  return type ? `a ${type} body` : 'a body without a content type';
}

/** The words for a server that went quiet. */
export function silence(plan: FetchPlan): string {
  return `the server sent nothing for ${secondsText(plan.timeoutMs)} (--timeout)`;
}

/** A network failure in words, without the URL (which could carry a proxy's credentials). */
export function networkProblem(error: unknown): string {
  const cause = (error as { cause?: { code?: unknown; message?: unknown } } | null)?.cause;
  if (typeof cause?.code === 'string') return `connection failed (${cause.code})`;
  if (typeof cause?.message === 'string') return `connection failed (${cause.message})`;
  return `connection failed (${error instanceof Error ? error.message : String(error)})`;
}

/** A file-system error in words: its code (`ENOENT`) when it has one. */
export function codeOf(error: unknown): string {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' ? code : error instanceof Error ? error.message : String(error);
}

/** One JSON document to GET: where, what its 404 means, and what its body is called. */
export interface DocumentRequest {
  provider: Provider;
  url: string;
  /** The id or batch id, for messages and the report. */
  label: string;
  /** The batch the document belongs to, `null` for a stored response. */
  batchId: string | null;
  /** What the progress line says for a 404, and the detail the entry carries. */
  notFound: { said: string; detail: string };
  /** The body in a message: `the body`, `the batch answer`. */
  bodyName: string;
}

/**
 * GETs one document with retries and reads its body whole. A refused key stops everything
 * (thrown); a 404 is `missing`; any other status, or a body that breaks off, is `failed`.
 */
export async function getDocument(
  request: DocumentRequest,
  plan: FetchPlan,
  io: CliIo,
  signal: AbortSignal,
  say: Say,
): Promise<{ kind: 'document'; text: string; response: Response } | Fetched> {
  const { provider, label, batchId } = request;
  const answer = await getWithRetries(request.url, provider.headers, label, plan, io, signal, say);
  if (!answer.ok) return failed(plan, label, batchId, answer.problem);
  const { response, watch } = answer;
  try {
    if (response.status === 401 || response.status === 403) {
      await response.body?.cancel().catch(() => {});
      throw refusedKey(provider, response.status, label);
    }
    if (response.status === 404) {
      await response.body?.cancel().catch(() => {});
      plan.report.notFound.push(label);
      await say(`${label}: 404, ${request.notFound.said}; skipped`);
      return { kind: 'missing', id: label, detail: request.notFound.detail };
    }
    if (response.status !== 200) {
      return failed(plan, label, batchId, await unexpected(response, watch));
    }
    try {
      return { kind: 'document', text: await bodyText(response, watch), response };
    } catch (error) {
      if (signal.aborted) throw error;
      const why = watch.timedOut() ? silence(plan) : networkProblem(error);
      return failed(plan, label, batchId, `${request.bodyName} broke off: ${why}`);
    }
  } finally {
    watch.done();
  }
}

/**
 * `fetch --batch`: Anthropic Message Batch results. The batch is looked up until it has ended,
 * then its results are streamed line by line, never held whole.
 */
import { createInterface } from 'node:readline';
import { Readable } from 'node:stream';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import { isRecord } from '../model/narrow.js';
import type { Say } from './audit-run.js';
import {
  baseFrom,
  bodyKind,
  type Env,
  type Fetched,
  type FetchPlan,
  failed,
  getDocument,
  getWithRetries,
  networkProblem,
  type Provider,
  refusedKey,
  requiredKey,
  silence,
  unexpected,
} from './fetch-http.js';
import type { CliIo } from './io.js';
import type { Watchdog } from './timeout.js';

const ANTHROPIC_DEFAULT_BASE = 'https://api.anthropic.com/v1';

const ANTHROPIC_VERSION = '2023-06-01';

/** Anthropic's connection: the key from ANTHROPIC_API_KEY, the base always ending in /v1. */
export function anthropicProvider(flag: string | null, env: Env): Provider {
  const key = requiredKey(env, 'ANTHROPIC_API_KEY', 'Message Batch results');
  let base = baseFrom(flag, env, 'ANTHROPIC_BASE_URL', ANTHROPIC_DEFAULT_BASE);
  // The Anthropic SDK's ANTHROPIC_BASE_URL is the host root; its paths start with /v1.
  if (!/\/v1$/.test(new URL(base).pathname)) base = `${base}/v1`;
  return {
    name: 'Anthropic',
    base,
    headers: { 'x-api-key': key, 'anthropic-version': ANTHROPIC_VERSION },
    keyVariable: 'ANTHROPIC_API_KEY',
  };
}

export async function* fetchBatch(
  anthropic: Provider,
  batchId: string,
  plan: FetchPlan,
  io: CliIo,
  signal: AbortSignal,
  say: Say,
): AsyncGenerator<Fetched> {
  const found = await findResults(anthropic, batchId, plan, io, signal, say);
  if (typeof found !== 'string') {
    yield found;
    return;
  }
  const results = await getWithRetries(
    found,
    { ...anthropic.headers, accept: 'application/binary' },
    `${batchId} results`,
    plan,
    io,
    signal,
    say,
  );
  if (!results.ok) {
    yield failed(plan, batchId, batchId, results.problem);
    return;
  }
  const { response, watch } = results;
  try {
    yield* batchLines(anthropic, batchId, response, watch, plan, signal);
  } finally {
    watch.done();
  }
}

async function* batchLines(
  anthropic: Provider,
  batchId: string,
  response: Response,
  watch: Watchdog,
  plan: FetchPlan,
  signal: AbortSignal,
): AsyncGenerator<Fetched> {
  if (response.status === 401 || response.status === 403) {
    await response.body?.cancel().catch(() => {});
    throw refusedKey(anthropic, response.status, batchId);
  }
  if (response.status !== 200 || response.body === null) {
    yield failed(plan, batchId, batchId, await unexpected(response, watch));
    return;
  }
  // Streamed: a batch holds up to 100,000 results and is never held whole.
  const lines = createInterface({
    input: Readable.fromWeb(response.body as WebReadableStream<Uint8Array>),
    crlfDelay: Number.POSITIVE_INFINITY,
  });
  let line = 0;
  try {
    for await (const text of lines) {
      watch.touch();
      line += 1;
      if (text.trim() === '') continue;
      plan.report.fetched.batchLines += 1;
      yield { kind: 'batch-line', batchId, line, text };
    }
  } catch (error) {
    if (signal.aborted) throw error;
    const why = watch.timedOut() ? silence(plan) : networkProblem(error);
    const detail = `the results stream broke after line ${line}: ${why}`;
    yield failed(plan, `${batchId}:${line + 1}`, batchId, detail);
    return;
  } finally {
    lines.close();
  }
  yield { kind: 'batch-end', batchId };
}

/** The batch's results URL once it has ended, or why there is none to read. */
async function findResults(
  anthropic: Provider,
  batchId: string,
  plan: FetchPlan,
  io: CliIo,
  signal: AbortSignal,
  say: Say,
): Promise<string | Fetched> {
  const got = await getDocument(
    {
      provider: anthropic,
      url: `${anthropic.base}/messages/batches/${encodeURIComponent(batchId)}`,
      label: batchId,
      batchId,
      notFound: {
        said: 'no such batch',
        detail: 'Anthropic answered 404: no such batch (a typo, another workspace, or deleted)',
      },
      bodyName: 'the batch answer',
    },
    plan,
    io,
    signal,
    say,
  );
  if (got.kind !== 'document') return got;
  const { text, response } = got;
  let batch: unknown;
  try {
    batch = JSON.parse(text);
  } catch {
    return failed(plan, batchId, batchId, `the batch answer is not JSON (${bodyKind(response)})`);
  }
  const status = isRecord(batch) ? batch.processing_status : undefined;
  const resultsUrl = isRecord(batch) ? batch.results_url : undefined;
  if (status !== 'ended' || typeof resultsUrl !== 'string') {
    const detail = `the batch has not ended (processing_status ${JSON.stringify(status ?? null)}), so it has no results yet`;
    return failed(plan, batchId, batchId, detail);
  }
  return resultsLocation(resultsUrl, anthropic.base, batchId);
}

/**
 * Where to read a batch's results: its `results_url` when it is on the configured host; the
 * documented path under the base otherwise (behind a proxy, `results_url` names the upstream
 * host, and the key must go only where it was configured to go).
 */
function resultsLocation(resultsUrl: string, base: string, batchId: string): string {
  const fallback = `${base}/messages/batches/${encodeURIComponent(batchId)}/results`;
  if (!URL.canParse(resultsUrl)) return fallback;
  return new URL(resultsUrl).origin === new URL(base).origin ? resultsUrl : fallback;
}

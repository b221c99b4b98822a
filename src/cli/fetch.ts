/**
 * `fetch`: OpenAI stored responses and Anthropic batch results, read only, then audited or
 * saved. The network edge lives here; ids are validated before they reach a URL, and keys are
 * sent only to the configured API host and never written anywhere.
 */
import { createWriteStream } from 'node:fs';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { Readable } from 'node:stream';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import { isRecord } from '../model/narrow.js';
import { libraryMessage } from '../text/library-message.js';
import { plural } from '../text/plural.js';
import { baseUrlProblem, type FetchCommand } from './args.js';
import type { PendingEntry } from './audit-entry.js';
import { EXIT, runAudit, type Say } from './audit-run.js';
import { parseIdList } from './ids.js';
import { type CliIo, FatalError } from './io.js';
import type { FetchReport } from './json-report.js';
import { jsonlLineEntry, textEntry } from './recordings.js';
import {
  DEFAULT_RETRY_POLICY,
  isRetryableStatus,
  type RetryPolicy,
  retryAfterMs,
  waitBeforeRetry,
} from './retry.js';
import { keysIn, scrub, withoutSecrets } from './secrets.js';
import { bodyText, DEFAULT_TIMEOUT_MS, secondsText, type Watchdog, watchdog } from './timeout.js';

const OPENAI_DEFAULT_BASE = 'https://api.openai.com/v1';
const ANTHROPIC_DEFAULT_BASE = 'https://api.anthropic.com/v1';
const ANTHROPIC_VERSION = '2023-06-01';

/** One provider's connection: where to send, what to send with it. */
interface Provider {
  name: 'OpenAI' | 'Anthropic';
  /** The API root, without a trailing slash. */
  base: string;
  headers: Record<string, string>;
  keyVariable: string;
}

/** What the fetcher hands on: a body, a line of one, or why there is none. */
type Fetched =
  | { kind: 'response'; id: string; text: string }
  | { kind: 'batch-line'; batchId: string; line: number; text: string }
  | { kind: 'batch-end'; batchId: string }
  | { kind: 'missing'; id: string; detail: string }
  | { kind: 'failed'; location: string; batchId: string | null; detail: string };

/** Everything a fetch needs, resolved from the command and the environment. */
interface FetchPlan {
  ids: string[];
  batches: string[];
  openai: Provider | null;
  anthropic: Provider | null;
  policy: RetryPolicy;
  /** How long a server may stay silent before a request is given up (`--timeout`). */
  timeoutMs: number;
  report: FetchReport;
}

/**
 * Runs `fetch` and returns its exit code.
 *
 * @example
 * process.exitCode = await runFetch(command, io, signal, '0.1.0');
 */
export async function runFetch(
  command: FetchCommand,
  io: CliIo,
  signal: AbortSignal,
  version: string,
): Promise<number> {
  const secrets = keysIn(io.env);
  // Everything written goes through scrub: a body or an error may echo a key.
  const safeIo = withoutSecrets(io, secrets);
  let plan: FetchPlan;
  try {
    plan = await planFetch(command, safeIo);
  } catch (error) {
    if (!(error instanceof FatalError)) throw error;
    await safeIo.stderr.write(`${libraryMessage(error.message)}\n`);
    return EXIT.usage;
  }
  if (command.saveTo !== null) return saveAll(plan, command.saveTo, safeIo, signal, secrets);
  return runAudit(
    (say) => fetchedEntries(fetchAll(plan, safeIo, signal, say)),
    { command: 'fetch', version, output: command.output, shard: null },
    safeIo,
    signal,
    () => plan.report,
  );
}

async function planFetch(command: FetchCommand, io: CliIo): Promise<FetchPlan> {
  const report: FetchReport = {
    requested: { responses: 0, batches: command.batches.length },
    invalidIds: [],
    duplicateIds: 0,
    fetched: { responses: 0, batchLines: 0 },
    notFound: [],
    failed: [],
    retries: 0,
  };
  let ids: string[] = [];
  if (command.idsFile !== null) {
    let text: string;
    try {
      text = await readFile(command.idsFile, 'utf8');
    } catch (error) {
      throw new FatalError(`cannot read the ids file ${command.idsFile}: ${codeOf(error)}`);
    }
    const list = parseIdList(text);
    for (const invalid of list.invalid) {
      await io.stderr.write(`${command.idsFile}:${invalid.line}: ${invalid.problem}; skipped\n`);
    }
    if (list.duplicates > 0) {
      await io.stderr.write(
        `${command.idsFile}: ${plural(list.duplicates, 'repeated id')} dropped\n`,
      );
    }
    ids = list.ids;
    report.invalidIds = list.invalid;
    report.duplicateIds = list.duplicates;
    report.requested.responses = ids.length;
  }
  if (ids.length === 0 && command.batches.length === 0) {
    throw new FatalError(`no valid id to fetch in ${command.idsFile}`);
  }
  return {
    ids,
    batches: command.batches,
    openai: ids.length === 0 ? null : openAiProvider(command.baseUrl, io.env),
    anthropic: command.batches.length === 0 ? null : anthropicProvider(command.baseUrl, io.env),
    policy: {
      ...DEFAULT_RETRY_POLICY,
      maxRetries: command.maxRetries,
      maxWaitMs: command.maxWaitMs,
    },
    timeoutMs: command.timeoutMs ?? DEFAULT_TIMEOUT_MS,
    report,
  };
}

type Env = Readonly<Record<string, string | undefined>>;

function openAiProvider(flag: string | null, env: Env): Provider {
  const key = requiredKey(env, 'OPENAI_API_KEY', 'stored responses');
  const headers: Record<string, string> = {
    authorization: `Bearer ${key}`,
    accept: 'application/json',
  };
  if (env.OPENAI_ORG_ID) headers['openai-organization'] = env.OPENAI_ORG_ID;
  if (env.OPENAI_PROJECT_ID) headers['openai-project'] = env.OPENAI_PROJECT_ID;
  return {
    name: 'OpenAI',
    base: baseFrom(flag, env, 'OPENAI_BASE_URL', OPENAI_DEFAULT_BASE),
    headers,
    keyVariable: 'OPENAI_API_KEY',
  };
}

function anthropicProvider(flag: string | null, env: Env): Provider {
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

function requiredKey(env: Env, variable: string, what: string): string {
  const key = env[variable];
  if (key === undefined || key.trim() === '') {
    throw new FatalError(`${variable} is not set; fetch reads ${what} with it`);
  }
  return key.trim();
}

function baseFrom(flag: string | null, env: Env, variable: string, fallback: string): string {
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
type Answer = { ok: true; response: Response; watch: Watchdog } | { ok: false; problem: string };

/**
 * GET with retries on 408, 429, 5xx and dropped connections, waiting as the server asks
 * (`retry-after`, `retry-after-ms`) or backing off exponentially; every wait capped. Any other
 * status is returned as it is. Redirects are not followed: a key must not travel to a host
 * nobody configured.
 */
async function getWithRetries(
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
function refusedKey(provider: Provider, status: number, label: string): FatalError {
  const why =
    status === 401
      ? `the key in ${provider.keyVariable} is missing, invalid or revoked`
      : `the key in ${provider.keyVariable} has no access to this (check its project, organization or workspace and its permissions)`;
  return new FatalError(
    `${provider.name} answered ${status} for ${label}: ${why}. Nothing more was fetched.`,
  );
}

async function* fetchAll(
  plan: FetchPlan,
  io: CliIo,
  signal: AbortSignal,
  say: Say,
): AsyncGenerator<Fetched> {
  if (plan.openai !== null) {
    for (const id of plan.ids) yield await fetchResponse(plan.openai, id, plan, io, signal, say);
  }
  if (plan.anthropic !== null) {
    for (const batchId of plan.batches)
      yield* fetchBatch(plan.anthropic, batchId, plan, io, signal, say);
  }
}

async function fetchResponse(
  openai: Provider,
  id: string,
  plan: FetchPlan,
  io: CliIo,
  signal: AbortSignal,
  say: Say,
): Promise<Fetched> {
  const url = `${openai.base}/responses/${encodeURIComponent(id)}`;
  const answer = await getWithRetries(url, openai.headers, id, plan, io, signal, say);
  if (!answer.ok) return failed(plan, id, null, answer.problem);
  try {
    return await readResponse(openai, id, answer, plan, signal, say);
  } finally {
    answer.watch.done();
  }
}

async function readResponse(
  openai: Provider,
  id: string,
  { response, watch }: { response: Response; watch: Watchdog },
  plan: FetchPlan,
  signal: AbortSignal,
  say: Say,
): Promise<Fetched> {
  if (response.status === 401 || response.status === 403) {
    await response.body?.cancel().catch(() => {});
    throw refusedKey(openai, response.status, id);
  }
  if (response.status === 404) {
    await response.body?.cancel().catch(() => {});
    plan.report.notFound.push(id);
    await say(`${id}: 404, expired or never stored; skipped`);
    return {
      kind: 'missing',
      id,
      detail:
        'OpenAI answered 404: the stored response expired, was never stored (store: false), or belongs to another project',
    };
  }
  if (response.status !== 200) {
    return failed(plan, id, null, await unexpected(response, watch));
  }
  let text: string;
  try {
    text = await bodyText(response, watch);
  } catch (error) {
    if (signal.aborted) throw error;
    const why = watch.timedOut() ? silence(plan) : networkProblem(error);
    return failed(plan, id, null, `the body broke off: ${why}`);
  }
  plan.report.fetched.responses += 1;
  return { kind: 'response', id, text };
}

async function* fetchBatch(
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
  const url = `${anthropic.base}/messages/batches/${encodeURIComponent(batchId)}`;
  const answer = await getWithRetries(url, anthropic.headers, batchId, plan, io, signal, say);
  if (!answer.ok) return failed(plan, batchId, batchId, answer.problem);
  try {
    return await readBatch(anthropic, batchId, answer, plan, signal, say);
  } finally {
    answer.watch.done();
  }
}

async function readBatch(
  anthropic: Provider,
  batchId: string,
  { response, watch }: { response: Response; watch: Watchdog },
  plan: FetchPlan,
  signal: AbortSignal,
  say: Say,
): Promise<string | Fetched> {
  if (response.status === 401 || response.status === 403) {
    await response.body?.cancel().catch(() => {});
    throw refusedKey(anthropic, response.status, batchId);
  }
  if (response.status === 404) {
    await response.body?.cancel().catch(() => {});
    plan.report.notFound.push(batchId);
    await say(`${batchId}: 404, no such batch; skipped`);
    return {
      kind: 'missing',
      id: batchId,
      detail: 'Anthropic answered 404: no such batch (a typo, another workspace, or deleted)',
    };
  }
  if (response.status !== 200) {
    return failed(plan, batchId, batchId, await unexpected(response, watch));
  }
  let text: string;
  try {
    text = await bodyText(response, watch);
  } catch (error) {
    if (signal.aborted) throw error;
    const why = watch.timedOut() ? silence(plan) : networkProblem(error);
    return failed(plan, batchId, batchId, `the batch answer broke off: ${why}`);
  }
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

function failed(
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
async function unexpected(response: Response, watch: Watchdog): Promise<string> {
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
function bodyKind(response: Response): string {
  const type = (response.headers.get('content-type') ?? '').split(';')[0]?.trim().toLowerCase();
  if (type === 'text/html') return 'an HTML page, not JSON: is the base URL an API root?';
  return type ? `a ${type} body` : 'a body without a content type';
}

/** The words for a server that went quiet. */
function silence(plan: FetchPlan): string {
  return `the server sent nothing for ${secondsText(plan.timeoutMs)} (--timeout)`;
}

/** A network failure in words, without the URL (which could carry a proxy's credentials). */
function networkProblem(error: unknown): string {
  const cause = (error as { cause?: { code?: unknown; message?: unknown } } | null)?.cause;
  if (typeof cause?.code === 'string') return `connection failed (${cause.code})`;
  if (typeof cause?.message === 'string') return `connection failed (${cause.message})`;
  return `connection failed (${error instanceof Error ? error.message : String(error)})`;
}

function codeOf(error: unknown): string {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' ? code : error instanceof Error ? error.message : String(error);
}

/** Fetched items as audit entries, located by id (and line, for a batch). */
async function* fetchedEntries(items: AsyncIterable<Fetched>): AsyncGenerator<PendingEntry> {
  for await (const item of items) {
    switch (item.kind) {
      case 'response':
        yield textEntry(item.text, item.id, 'the body');
        break;
      case 'batch-line': {
        const entry = jsonlLineEntry(item.text, item.line, item.batchId);
        if (entry !== null) yield entry;
        break;
      }
      case 'missing':
        yield problemEntry(item.id, 'not-found', item.detail);
        break;
      case 'failed':
        yield problemEntry(item.location, 'fetch-failed', item.detail);
        break;
      case 'batch-end':
        break;
    }
  }
}

function problemEntry(
  location: string,
  state: 'not-found' | 'fetch-failed',
  detail: string,
): PendingEntry {
  return { location, open: () => ({ location, kind: 'problem', state, detail }) };
}

/**
 * `--save DIR`: every response as `DIR/<id>.json`, every batch as `DIR/<batch id>.jsonl`,
 * redacted. A batch is written to a `.partial` file and renamed only once complete, so a
 * broken download never looks like a whole one.
 */
async function saveAll(
  plan: FetchPlan,
  folder: string,
  io: CliIo,
  signal: AbortSignal,
  secrets: readonly string[],
): Promise<number> {
  const interrupted = new AbortController();
  const stop = () => interrupted.abort();
  signal.addEventListener('abort', stop, { once: true });
  const say: Say = (line) => io.stderr.write(`${line}\n`);
  const saved: string[] = [];
  const open = new Map<string, { path: string; stream: ReturnType<typeof createWriteStream> }>();
  try {
    await mkdir(folder, { recursive: true });
    for await (const item of fetchAll(plan, io, signal, say)) {
      switch (item.kind) {
        case 'response': {
          const path = join(folder, `${item.id}.json`);
          await writeFile(path, scrub(item.text, secrets));
          saved.push(path);
          break;
        }
        case 'batch-line': {
          let file = open.get(item.batchId);
          if (file === undefined) {
            const path = join(folder, `${item.batchId}.jsonl`);
            file = { path, stream: createWriteStream(`${path}.partial`) };
            open.set(item.batchId, file);
          }
          const { stream } = file;
          if (!stream.write(`${scrub(item.text, secrets)}\n`)) {
            await new Promise<void>((resolve) => stream.once('drain', () => resolve()));
          }
          break;
        }
        case 'batch-end': {
          const file = open.get(item.batchId);
          if (file === undefined) break;
          open.delete(item.batchId);
          await new Promise<void>((resolve, reject) =>
            file.stream.end((error?: Error | null) => (error ? reject(error) : resolve())),
          );
          await rename(`${file.path}.partial`, file.path);
          saved.push(file.path);
          break;
        }
        case 'failed': {
          await say(`${item.location}: ${item.detail}`);
          const file = item.batchId === null ? undefined : open.get(item.batchId);
          if (file !== undefined && item.batchId !== null) {
            open.delete(item.batchId);
            file.stream.destroy();
            await rm(`${file.path}.partial`, { force: true });
          }
          break;
        }
        case 'missing':
          break;
      }
    }
  } catch (error) {
    for (const file of open.values()) {
      file.stream.destroy();
      await rm(`${file.path}.partial`, { force: true });
    }
    if (signal.aborted) {
      await io.stderr.write(
        `Interrupted: ${plural(saved.length, 'file')} saved to ${folder} before Ctrl-C.\n`,
      );
      return EXIT.interrupted;
    }
    if (error instanceof FatalError) {
      await io.stderr.write(`${libraryMessage(error.message)}\n`);
      return EXIT.usage;
    }
    throw error;
  } finally {
    signal.removeEventListener('abort', stop);
  }
  const { report } = plan;
  await io.stdout.write(
    `Saved ${plural(saved.length, 'file')} to ${folder}: ${plural(report.fetched.responses, 'response')}, ${plural(report.fetched.batchLines, 'batch results line')}` +
      `${report.notFound.length > 0 ? `; ${report.notFound.length} not found` : ''}` +
      `${report.failed.length > 0 ? `; ${report.failed.length} given up on` : ''}` +
      `${report.retries > 0 ? `; ${plural(report.retries, 'retry', 'retries')}` : ''}.\n` +
      `Audit them with: tool-call-health audit ${folder}\n`,
  );
  if (saved.length === 0) return EXIT.usage;
  return report.failed.length > 0 ? EXIT.findings : EXIT.clean;
}

/**
 * `fetch`: OpenAI stored responses and Anthropic batch results, read only, then audited or
 * saved. The network edge lives here; ids are validated before they reach a URL, and keys are
 * sent only to the configured API host and never written anywhere.
 */
import { createWriteStream } from 'node:fs';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { libraryMessage } from '../text/library-message.js';
import { plural } from '../text/plural.js';
import type { FetchCommand } from './args.js';
import { EXIT, inThisThread, runAudit, type Say, stoppedCode } from './audit-run.js';
import type { PendingEntry } from './entry.js';
import { anthropicProvider, fetchBatch } from './fetch-anthropic.js';
import type { Fetched, FetchPlan } from './fetch-http.js';
import { fetchResponse, openAiProvider } from './fetch-openai.js';
import { parseIdList } from './ids.js';
import { type CliIo, FatalError } from './io.js';
import type { FetchReport } from './json-report.js';
import { jsonlLineEntry, textEntry } from './recordings.js';
import { DEFAULT_RETRY_POLICY } from './retry.js';
import { keysIn, scrub, withoutSecrets } from './secrets.js';
import { DEFAULT_TIMEOUT_MS } from './timeout.js';
import { reasonOf } from './walk.js';

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
    inThisThread(
      (say) => fetchedEntries(fetchAll(plan, safeIo, signal, say)),
      { output: command.output },
      signal,
    ),
    { command: 'fetch', version, output: command.output, shard: null, paths: [] },
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
      throw new FatalError(`cannot read the ids file ${command.idsFile}: ${reasonOf(error)}`);
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
        `Interrupted: ${plural(saved.length, 'file')} saved to ${folder} before ${signal.reason === 'SIGTERM' ? 'SIGTERM' : 'Ctrl-C'}.\n`,
      );
      return stoppedCode(signal);
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

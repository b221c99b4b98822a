/**
 * The `tool-call-health` command: argument parsing, then `audit` or `fetch`. `main` takes its
 * world as a {@link CliIo}, so it runs in tests as it runs in a shell; `runCli` binds it to
 * this process (the bin shim calls it).
 */

import { readFile, writeFile } from 'node:fs/promises';
import { Worker } from 'node:worker_threads';
import { libraryMessage } from '../text/library-message.js';
import { type AuditCommand, parseCommandLine } from './args.js';
import { inJobs } from './audit-jobs.js';
import { EXIT, inThisThread, runAudit } from './audit-run.js';
import { type Baseline, readBaseline } from './baseline.js';
import { runFetch } from './fetch.js';
import { shardOfRecordings } from './file-parts.js';
import { helpHint, helpText } from './help.js';
import { type CliIo, processIo, STOP_SIGNALS, type StopSignal } from './io.js';
import { runMerge } from './merge-run.js';
import { bytesRead, readMeter, withSizes } from './read-meter.js';
import { recordingEntries } from './recording-entries.js';
import { keysIn, redactedKeysNotice, withoutSecrets } from './secrets.js';
import { packageVersion } from './version.js';
import { findRecordings, reasonOf } from './walk.js';

/**
 * Runs one command line and returns its exit code: 0 no finding, 1 findings, 2 usage error or
 * nothing readable, 130 interrupted.
 *
 * @example
 * const code = await main(['audit', '--json', 'recordings/'], processIo());
 */
export async function main(argv: readonly string[], io: CliIo): Promise<number> {
  const parsed = parseCommandLine(argv);
  if (!parsed.ok) {
    await io.stderr.write(`${libraryMessage(parsed.error)}\n${helpHint(parsed.topic)}\n`);
    return EXIT.usage;
  }
  const command = parsed.value;
  switch (command.command) {
    case 'help':
      await io.stdout.write(helpText(command.topic, packageVersion()));
      return EXIT.clean;
    case 'version':
      await io.stdout.write(`${packageVersion()}\n`);
      return EXIT.clean;
    case 'audit': {
      // A recording may hold a key (an error body echoing it): audit never prints one either.
      const safeIo = withoutSecrets(io, keysIn(io.env));
      const code = await interruptible(safeIo, (signal) => audit(command, safeIo, signal));
      const redacted = safeIo.redactedKeys();
      if (redacted > 0) await io.stderr.write(`${libraryMessage(redactedKeysNotice(redacted))}\n`);
      return code;
    }
    case 'fetch':
      return interruptible(io, (signal) => runFetch(command, io, signal, packageVersion()));
    case 'merge':
      return runMerge(command, io);
  }
}

async function audit(command: AuditCommand, io: CliIo, signal: AbortSignal): Promise<number> {
  const found = await findRecordings(command.paths);
  if (!found.ok) {
    await io.stderr.write(`${libraryMessage(found.error)}\n`);
    return EXIT.usage;
  }
  const { output, shard } = command;
  let baseline: Baseline | null = null;
  if (command.baseline !== null) {
    let read: Baseline | string;
    try {
      read = readBaseline(await readFile(command.baseline, 'utf8'), command.baseline);
    } catch (error) {
      read = `cannot read --baseline ${command.baseline}: ${reasonOf(error)}`;
    }
    if (typeof read === 'string') {
      await io.stderr.write(`${libraryMessage(read)}\n`);
      return EXIT.usage;
    }
    baseline = read;
  }
  // Sized once, here: the shard plan, the progress meter and the walk all read the sizes.
  const all = await withSizes(found.found);
  // With --shard, only this shard's files and parts are read at all.
  const { found: recordings, share } =
    shard === null ? { found: all, share: null } : await shardOfRecordings(all, shard);
  const jobs = command.jobs ?? 1;
  // Bytes read, for the progress line; the jobs read in their own threads, and count entries.
  const inWorkers = jobs > 1 && io.startWorker !== null;
  const meter = inWorkers || output.quiet ? null : await readMeter(recordings);
  const source =
    inWorkers && io.startWorker !== null
      ? // Runs, their totals added up in the jobs, unless each entry is wanted here: judged
        // against a baseline, or kept for the page.
        inJobs(
          recordings,
          { output },
          jobs,
          io.startWorker,
          io.stdout.color,
          baseline === null && output.html === null,
        )
      : inThisThread(() => recordingEntries(recordings, signal, meter), { output }, signal);
  return runAudit(
    source,
    {
      command: 'audit',
      version: packageVersion(),
      output,
      shard,
      paths: command.paths,
      share,
      baseline,
      bytesRead: meter === null ? null : () => bytesRead(meter),
      writePage: output.html === null ? null : (html) => writeFile(output.html as string, html),
    },
    io,
    signal,
    null,
  );
}

/**
 * Runs `work` with a signal that Ctrl-C or SIGTERM aborts (its reason the signal's name), so it
 * can stop and still print its summary.
 */
async function interruptible(
  io: CliIo,
  work: (signal: AbortSignal) => Promise<number>,
): Promise<number> {
  const controller = new AbortController();
  const stopListening = io.onInterrupt((name) => controller.abort(name));
  try {
    return await work(controller.signal);
  } finally {
    stopListening();
  }
}

/**
 * Runs the command line of this process and sets its exit code. After Ctrl-C or SIGTERM it exits
 * as soon as the summary is out, because a read it abandoned (a pipe, a FIFO) would keep it
 * alive; a second signal exits at once.
 *
 * @example
 * // bin/tool-call-health.js
 * import { runCli } from '../dist/cli/main.js';
 * await runCli();
 */
export async function runCli(): Promise<void> {
  let interrupts = 0;
  const impatient = (name: StopSignal) => {
    interrupts += 1;
    if (interrupts > 1) process.exit(name === 'SIGTERM' ? EXIT.terminated : EXIT.interrupted);
  };
  for (const name of STOP_SIGNALS) process.on(name, impatient);
  // The worker beside this module: dist/cli/audit-worker.js, bundled as its own entry point.
  const worker = new URL('./audit-worker.js', import.meta.url);
  const io = processIo((job) => new Worker(worker, { workerData: job }));
  const code = await main(process.argv.slice(2), io);
  for (const name of STOP_SIGNALS) process.off(name, impatient);
  process.exitCode = code;
  if (code === EXIT.interrupted || code === EXIT.terminated) {
    // Flush what was written, then leave without waiting for abandoned reads.
    await new Promise<void>((resolve) => process.stdout.write('', () => resolve()));
    process.exit(code);
  }
}

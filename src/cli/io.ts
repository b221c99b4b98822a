/**
 * Everything the CLI does to the world, behind one interface: the real process in `main`, a
 * recording double in tests.
 */
import { setTimeout as delay } from 'node:timers/promises';
import type { Worker } from 'node:worker_threads';
import type { AuditJob } from './audit-job.js';
import { wantsColor } from './style.js';

/** An output stream as the CLI uses it. */
export interface Output {
  /** Writes text; resolves when the stream can take more, so a slow pipe holds the audit back instead of filling memory. */
  write(text: string): Promise<void>;
  /** A terminal (progress lines are drawn only on one). */
  isTTY: boolean;
  /** Terminal width; 80 when unknown. */
  columns: number;
  /** Whether to colour what is written here. */
  color: boolean;
}

/** The signals that stop a run early, its summary still printed. */
export type StopSignal = 'SIGINT' | 'SIGTERM';

/** The signals that stop a run early, its summary still printed. */
export const STOP_SIGNALS: readonly StopSignal[] = ['SIGINT', 'SIGTERM'];

/** The CLI's view of the process. */
export interface CliIo {
  stdout: Output;
  stderr: Output;
  env: Readonly<Record<string, string | undefined>>;
  fetch: typeof globalThis.fetch;
  now(): number;
  random(): number;
  /** Waits, or rejects as soon as `signal` aborts. */
  sleep(ms: number, signal: AbortSignal): Promise<void>;
  /**
   * Calls `handler` on Ctrl-C (SIGINT) or SIGTERM (a CI job cancelled, `kill`), with the
   * signal's name; returns the way to stop listening.
   */
  onInterrupt(handler: (signal: StopSignal) => void): () => void;
  /** Starts a worker thread auditing one job's share; `null` where there are none (one job only). */
  startWorker: ((job: AuditJob) => Worker) | null;
}

/**
 * An error that ends a command with exit code 2 and its message on stderr: a key the provider
 * refused, a missing key, an ids file that cannot be read. Its message never holds a secret.
 */
export class FatalError extends Error {
  override name = 'FatalError';
}

/**
 * The real process's streams, environment, clock and signals.
 *
 * @example
 * process.exitCode = await main(process.argv.slice(2), processIo());
 */
export function processIo(startWorker: CliIo['startWorker'] = null): CliIo {
  const env = process.env;
  return {
    stdout: outputOf(process.stdout, env),
    stderr: outputOf(process.stderr, env),
    env,
    fetch: globalThis.fetch,
    now: Date.now,
    random: Math.random,
    sleep: (ms, signal) => delay(ms, undefined, { signal }),
    onInterrupt(handler) {
      const listeners = STOP_SIGNALS.map((name) => [name, () => handler(name)] as const);
      for (const [name, listener] of listeners) process.on(name, listener);
      return () => {
        for (const [name, listener] of listeners) process.off(name, listener);
      };
    },
    startWorker,
  };
}

function outputOf(stream: NodeJS.WriteStream, env: NodeJS.ProcessEnv): Output {
  const isTTY = stream.isTTY === true;
  // The reader went away (`| head`): stop as a pipeline expects, as if killed by SIGPIPE.
  stream.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code === 'EPIPE') process.exit(128 + 13);
    throw error;
  });
  return {
    write: (text) =>
      new Promise((resolve, reject) => {
        if (text === '') return resolve();
        const ready = stream.write(text, (error) => {
          if (error) reject(error);
        });
        if (ready) resolve();
        else stream.once('drain', () => resolve());
      }),
    isTTY,
    columns: stream.columns ?? 80,
    color: wantsColor({
      isTTY,
      hasColors: isTTY && typeof stream.hasColors === 'function' && stream.hasColors(),
      env,
    }),
  };
}

/**
 * Helpers for the CLI tests: an in-memory `CliIo` for running `main` in-process, and a private
 * build of the CLI run as a child process, exactly as `node bin/tool-call-health.js` runs.
 */
import { execFileSync, spawn } from 'node:child_process';
import {
  closeSync,
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  openSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { inject } from 'vitest';
import type { CliIo, Output } from '../../src/cli/io.js';

export const root = fileURLToPath(new URL('../../', import.meta.url));
export const fixtures = join(root, 'fixtures');

/** An output that keeps what was written. */
export interface MemoryOutput extends Output {
  text(): string;
}

export function memoryOutput(options: Partial<Omit<Output, 'write'>> = {}): MemoryOutput {
  let written = '';
  return {
    write: async (text) => {
      written += text;
    },
    isTTY: false,
    columns: 80,
    color: false,
    ...options,
    text: () => written,
  };
}

/** A `CliIo` in memory; `fetch`, `sleep` and `env` can be replaced. */
export function memoryIo(overrides: Partial<CliIo> = {}): CliIo & {
  stdout: MemoryOutput;
  stderr: MemoryOutput;
} {
  return {
    stdout: memoryOutput(),
    stderr: memoryOutput(),
    env: {},
    fetch: () => Promise.reject(new Error('no network in this test')),
    now: () => Date.parse('2025-06-01T12:00:00Z'),
    random: () => 0,
    sleep: async () => {},
    onInterrupt: () => () => {},
    startWorker: null,
    ...(overrides as object),
  } as CliIo & { stdout: MemoryOutput; stderr: MemoryOutput };
}

/** A built CLI in its own folder, so a concurrent `npm run build` elsewhere cannot tear it. */
export interface BuiltCli {
  /** The path of the bin shim, a byte-for-byte copy of bin/tool-call-health.js. */
  bin: string;
  remove(): void;
}

/**
 * Compiles src/ with tsconfig.build.json into a temporary package folder laid out like the
 * published one (bin/, dist/, package.json), with the repository's node_modules linked in.
 *
 * Under `vitest run`, one build serves the whole run (test/setup/shared-build.ts gives the
 * folder): the first file to ask compiles, the others wait for it, and `remove` leaves the
 * build to the run's end. Outside a run that provides the folder, each call builds its own.
 */
export function buildCli(): BuiltCli {
  const shared = inject('sharedBuild');
  if (shared === undefined) {
    const work = mkdtempSync(join(tmpdir(), 'tool-call-health-cli-'));
    compileInto(work);
    return {
      bin: join(work, 'bin/tool-call-health.js'),
      remove: () => rmSync(work, { recursive: true, force: true }),
    };
  }
  const work = join(shared, 'package');
  const done = join(shared, 'done');
  const failed = join(shared, 'failed');
  let builder = false;
  try {
    // Exclusive creation: one file of the run wins and builds.
    closeSync(openSync(join(shared, 'lock'), 'wx'));
    builder = true;
  } catch {}
  if (builder) {
    try {
      compileInto(work);
      writeFileSync(done, '');
    } catch (error) {
      writeFileSync(failed, String((error as Error).stack ?? error));
      throw error;
    }
  } else {
    const waitFor = new Int32Array(new SharedArrayBuffer(4));
    const until = Date.now() + SHARED_BUILD_WAIT_MS;
    while (!existsSync(done)) {
      if (existsSync(failed)) {
        throw new Error(
          `the shared build failed in another file:\n${readFileSync(failed, 'utf8')}`,
        );
      }
      if (Date.now() > until) throw new Error(`no shared build in ${work} after waiting for it`);
      Atomics.wait(waitFor, 0, 0, 100);
    }
  }
  return { bin: join(work, 'bin/tool-call-health.js'), remove: () => {} };
}

/** How long a file waits for another to finish the shared build: well past a compilation. */
const SHARED_BUILD_WAIT_MS = 150_000;

/** The package laid out in `work`: dist/ compiled from src/, the bin shim, package.json. */
function compileInto(work: string): void {
  try {
    execFileSync('npx', ['tsc', '-p', 'tsconfig.build.json', '--outDir', join(work, 'dist')], {
      cwd: root,
      stdio: 'pipe',
    });
  } catch (error) {
    // tsc emits despite type errors; those are `npm run typecheck`'s to report (and may be in
    // code another change is halfway through). Only a build that emitted no CLI is fatal here.
    if (!existsSync(join(work, 'dist/cli/main.js'))) {
      rmSync(work, { recursive: true, force: true });
      throw error;
    }
  }
  mkdirSync(join(work, 'bin'));
  copyFileSync(join(root, 'bin/tool-call-health.js'), join(work, 'bin/tool-call-health.js'));
  copyFileSync(join(root, 'package.json'), join(work, 'package.json'));
  symlinkSync(join(root, 'node_modules'), join(work, 'node_modules'), 'dir');
}

/** What a child process left behind. */
export interface Ran {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
}

/** The environment of a child: this one's, without anything that would change colour or keys. */
export function cleanEnv(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const env = { ...process.env };
  for (const name of [
    'NO_COLOR',
    'FORCE_COLOR',
    'OPENAI_API_KEY',
    'OPENAI_BASE_URL',
    'OPENAI_ORG_ID',
    'OPENAI_PROJECT_ID',
    'ANTHROPIC_API_KEY',
    'ANTHROPIC_BASE_URL',
  ]) {
    delete env[name];
  }
  return { ...env, ...extra };
}

/**
 * Runs the built bin as a child process without blocking this one (a test server in this
 * process must keep answering). `onStdout` sees the output as it arrives.
 */
export function runBin(
  bin: string,
  args: readonly string[],
  options: {
    cwd?: string;
    env?: NodeJS.ProcessEnv;
    onStdout?: (soFar: string, child: ReturnType<typeof spawn>) => void;
  } = {},
): Promise<Ran> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [bin, ...args], {
      cwd: options.cwd ?? root,
      env: options.env ?? cleanEnv(),
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      stdout += chunk;
      options.onStdout?.(stdout, child);
    });
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
      stderr += chunk;
    });
    child.on('error', reject);
    child.on('close', (code, signal) => resolve({ code, signal, stdout, stderr }));
  });
}

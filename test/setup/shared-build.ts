/**
 * Global setup: one folder per run for the built package that the CLI and README tests run as a
 * child process (`buildCli` in test/cli/support.ts). The first test file to need it compiles
 * src/ there, and every other file of the run uses that build, instead of each compiling its own
 * (five compilations a run, each 3 to 4 seconds of a core). The folder is made here, empty, so a
 * run of files that need no build compiles nothing; it goes when the run ends.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The run's folder for the one shared build of the package; empty until a file needs it. */
    sharedBuild: string;
  }
}

export default function setup(project: TestProject): () => void {
  const folder = mkdtempSync(join(tmpdir(), 'tool-call-health-build-'));
  project.provide('sharedBuild', folder);
  return () => rmSync(folder, { recursive: true, force: true });
}

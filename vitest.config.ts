import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { configDefaults, defineConfig } from 'vitest/config';

const source = (path: string) => fileURLToPath(new URL(`./src/${path}`, import.meta.url));

/**
 * The test files that time themselves, named `*.timed.test.ts`: they measure how CPU time grows
 * with the input (test/support/growth.ts). They run one at a time, after the rest and with no
 * other test file running beside them, as they did when the whole suite ran in one worker: a
 * second worker filling the memory bus or the heap's neighbour cores skews a ratio of four into
 * one of eight. test/architecture/test-layout.test.ts holds every file that times to the name.
 */
const TIMED = ['test/**/*.timed.test.ts'];

/**
 * The test files that replace a module (`vi.mock`), named `*.isolated.test.ts`: the only files
 * that need a module graph of their own. Every other file shares its worker's modules with the
 * files that ran there before it (`isolate: false`): importing the package, msw and the SDKs
 * again for each of 200 files was half the suite's time (import 105 s of 210 s, measured). No
 * file may depend on what another left: CI shuffles the order of files and of tests, and
 * test/architecture/test-layout.test.ts holds every file that mocks to the name.
 */
const ISOLATED = ['test/**/*.isolated.test.ts'];

export default defineConfig({
  // Examples import the package by its public name, as a user would; here it resolves to src/.
  resolve: {
    alias: [
      { find: /^tool-call-health$/, replacement: source('index.ts') },
      { find: /^tool-call-health\/vitest$/, replacement: source('vitest.ts') },
      { find: /^tool-call-health\/matchers$/, replacement: source('matchers/index.ts') },
      { find: /^tool-call-health\/msw$/, replacement: source('msw/index.ts') },
      { find: /^tool-call-health\/har$/, replacement: source('har/index.ts') },
      { find: /^tool-call-health\/arbitraries$/, replacement: source('arbitraries/index.ts') },
      { find: /^tool-call-health\/ai-sdk$/, replacement: source('ai-sdk/index.ts') },
      { find: /^tool-call-health\/reporter$/, replacement: source('reporter/index.ts') },
    ],
  },
  test: {
    // Files, and the tests in each file, run in a new random order every time, so a test that
    // passes only after another has run fails somewhere. The run prints its order's seed
    // ("Running tests with seed …"): `npx vitest run --sequence.seed=<seed>` repeats it.
    sequence: { shuffle: true },
    // One build of the package for the files that run it as a child process (test/cli/support.ts).
    globalSetup: ['test/setup/shared-build.ts'],
    // Each project names its own files: a project's include would be added to a top-level one.
    projects: [
      {
        extends: true,
        test: {
          name: 'tests',
          include: ['test/**/*.test.ts', 'examples/**/*.test.ts'],
          exclude: [...configDefaults.exclude, ...TIMED, ...ISOLATED],
          // Every core: vitest's default leaves one to its own process, which on two cores runs
          // the files one at a time while that process sits idle. Two workers share no state.
          maxWorkers: Math.max(2, availableParallelism() - 1),
          isolate: false,
        },
      },
      {
        extends: true,
        test: {
          name: 'isolated',
          include: ISOLATED,
          maxWorkers: Math.max(2, availableParallelism() - 1),
        },
      },
      {
        extends: true,
        test: {
          name: 'timed',
          include: TIMED,
          // One worker for this project puts its files in vitest's last group, run one at a time.
          maxWorkers: 1,
          // A young generation fixed at a size the timed inputs fit in (test/support/growth.ts).
          execArgv: ['--min-semi-space-size=64', '--max-semi-space-size=64'],
        },
      },
    ],
  },
});

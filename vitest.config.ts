import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const source = (path: string) => fileURLToPath(new URL(`./src/${path}`, import.meta.url));

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
    ],
  },
  test: {
    include: ['test/**/*.test.ts', 'examples/**/*.test.ts'],
    // Files, and the tests in each file, run in a new random order every time, so a test that
    // passes only after another has run fails somewhere. The run prints its order's seed
    // ("Running tests with seed …"): `npx vitest run --sequence.seed=<seed>` repeats it.
    sequence: { shuffle: true },
  },
});

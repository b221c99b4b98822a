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
  },
});

import { defineConfig } from 'vitest/config';
import base from './vitest.config.js';

/**
 * `npm run test:stress`: the hardening checks at their heaviest sizes (1,000,000 levels deep,
 * 100 MB strings, 100,000 files), kept out of `npm test` by their `.stress.ts` names. The
 * include replaces the base one (mergeConfig would add to it), and so does the absence of
 * `npm test`'s projects, whose includes would otherwise stand in for it.
 */
export default defineConfig({
  ...base,
  test: {
    ...base.test,
    projects: undefined,
    include: ['test/hardening/**/*.stress.ts'],
    testTimeout: 600_000,
    hookTimeout: 600_000,
    // One file at a time: each wants most of the memory and both cores.
    fileParallelism: false,
  },
});

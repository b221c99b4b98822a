/**
 * Runs the recorder, not a test suite:
 *   npx vitest run -c examples/order-support-agent/record/vitest.config.ts
 * It borrows the repository's aliases, so `tool-call-health` resolves as in the tests.
 */
import { defineConfig } from 'vitest/config';
import repository from '../../../vitest.config.js';

export default defineConfig({
  resolve: repository.resolve,
  test: {
    root: new URL('../../../', import.meta.url).pathname,
    include: ['examples/order-support-agent/record/record-scenarios.ts'],
  },
});

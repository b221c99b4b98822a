/**
 * The examples under vitest with the reporter beside vitest's own, as a user's config lists it,
 * and a spy on what each matcher returns (spy-setup.ts). The paths come from the test.
 */
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import { ToolCallHealthReporter } from '../../src/reporter/index.js';
import base from '../../vitest.config.js';

const root = fileURLToPath(new URL('../../', import.meta.url));

export default defineConfig({
  resolve: base.resolve,
  test: {
    root,
    include: ['examples/**/*.test.ts'],
    setupFiles: ['test/reporter/spy-setup.ts'],
    reporters: ['default', new ToolCallHealthReporter({ json: process.env.TCH_REPORT_JSON })],
  },
});

/** The README's setup file for Jest with TypeScript, as written. */
// jest.setup.ts: registers the matchers, and types them on the expect of @jest/globals
import { expect } from '@jest/globals';
import { matchers, type ToolCallHealthMatchers } from 'tool-call-health/matchers';

expect.extend(matchers);

declare module 'expect' {
  interface Matchers<R extends void | Promise<void>, T = unknown>
    extends ToolCallHealthMatchers<R> {}
  interface AsymmetricMatchers extends ToolCallHealthMatchers<void> {}
}

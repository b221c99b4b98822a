/**
 * Compiled by tsc, never run: a Jest user types the matchers with the exported
 * `ToolCallHealthMatchers`, repeating the declaration of Jest 30's `expect` module.
 */
import { expect } from '@jest/globals';
import type { ToolCallHealthMatchers } from 'tool-call-health/matchers';
import { matchers } from 'tool-call-health/matchers';

declare module 'expect' {
  interface AsymmetricMatchers extends ToolCallHealthMatchers<void> {}
  interface Matchers<R extends void | Promise<void>, T = unknown>
    extends ToolCallHealthMatchers<R> {}
}

declare const response: unknown;

expect.extend(matchers);
expect(response).toBeDispatchable({ requireStrict: true });
expect(response).not.toNotBeTruncated();
expect([response]).toContainEqual(expect.toCallTool('lookup_order'));
const resolved: Promise<void> = expect(Promise.resolve(response)).resolves.toKeepStrictGuarantee();
void resolved;
expect(response).toHaveConsistentToolHistory({ surface: 'gemini' });

// @ts-expect-error a misspelt matcher does not exist
expect(response).toBeDispatchible();
// @ts-expect-error only the providers with a strict mode
expect(response).toBeStrictCompatible({ provider: 'gemini' });

/**
 * Compiled by `npm run typecheck` (tsc) against vitest 4, never run: proves the
 * `tool-call-health/vitest` augmentation types the matchers and rejects what is not one.
 * compat/node24/types/vitest5.typecheck.ts holds the same checks against vitest 5.
 */
import { expect, expectTypeOf } from 'vitest';
import '../../src/vitest.js';
import { matchers } from '../../src/matchers/index.js';

declare const response: unknown;
declare const pending: Promise<unknown>;

expect(response).toBeDispatchable();
expect(response).toBeDispatchable({ requireStrict: true, tools: [] });
expect(response).not.toNotBeTruncated();
expect(response).toKeepStrictGuarantee({ parallelToolCalls: false });
expect(response).toBeStrictCompatible({ provider: 'anthropic' });
expect(response).toCallTool('lookup_order', { order_id: expect.any(String) });
expect([response]).toEqual([expect.toBeDispatchable()]);
expect([response]).toEqual([expect.not.toCallTool('issue_refund')]);
expect.soft(response).toNotBeTruncated();
expect(response).toHaveConsistentToolHistory({ surface: 'anthropic-messages' });
expect([response]).toEqual([expect.toHaveConsistentToolHistory()]);
expect.extend(matchers);

// A matcher returns what vitest's own return on the same assertion.
expectTypeOf(expect(response).toBeDispatchable()).toEqualTypeOf<void>();
expectTypeOf(expect(response).not.toCallTool('lookup_order')).toEqualTypeOf<void>();
expectTypeOf(expect(pending).resolves.toNotBeTruncated()).toEqualTypeOf<Promise<void>>();
expectTypeOf(expect(pending).rejects.toBeDispatchable()).toEqualTypeOf<Promise<void>>();

// @ts-expect-error a misspelt matcher does not exist
expect(response).toBeDispatchible();
// @ts-expect-error options are typed
expect(response).toBeDispatchable({ requireStrict: 'yes' });
// @ts-expect-error only the providers with a strict mode
expect(response).toBeStrictCompatible({ provider: 'gemini' });
// @ts-expect-error a history is read as one of the wire surfaces
expect(response).toHaveConsistentToolHistory({ surface: 'openai' });
// @ts-expect-error the tool name is required
expect(response).toCallTool();
// @ts-expect-error asymmetric forms are typed too
expect.not.toCallTool(42);

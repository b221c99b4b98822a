/**
 * Compiled by `npm run typecheck` (tsc), never run: proves the `tool-call-health/vitest`
 * augmentation types the matchers and rejects what is not one.
 */
import { expect } from 'vitest';
import '../../src/vitest.js';

declare const response: unknown;

expect(response).toBeDispatchable();
expect(response).toBeDispatchable({ requireStrict: true, tools: [] });
expect(response).not.toNotBeTruncated();
expect(response).toKeepStrictGuarantee({ parallelToolCalls: false });
expect(response).toBeStrictCompatible({ provider: 'anthropic' });
expect(response).toCallTool('lookup_order', { order_id: expect.any(String) });
expect([response]).toEqual([expect.toBeDispatchable()]);

// @ts-expect-error a misspelt matcher does not exist
expect(response).toBeDispatchible();
// @ts-expect-error options are typed
expect(response).toBeDispatchable({ requireStrict: 'yes' });
// @ts-expect-error only the providers with a strict mode
expect(response).toBeStrictCompatible({ provider: 'gemini' });
// @ts-expect-error the tool name is required
expect(response).toCallTool();

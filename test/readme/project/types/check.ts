/**
 * Type-checked (never run) beside the README's tsconfig.json, which names the matchers' types in
 * `types` and imports no setup file: the matchers type-check, a misspelt one does not.
 */
import { expect } from 'vitest';

declare const response: unknown;

expect(response).toBeDispatchable();
// @ts-expect-error a misspelt matcher does not type-check
expect(response).toBeDispatchible();

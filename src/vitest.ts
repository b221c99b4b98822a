/**
 * `import 'tool-call-health/vitest'` in a setup file registers the matchers on vitest's
 * `expect` and types them on vitest's `Assertion` and asymmetric matchers.
 */
import 'vitest';
import { expect } from 'vitest';
import { matchers } from './matchers/index.js';
import type { ToolCallHealthMatchers } from './matchers/types.js';

expect.extend(matchers);

declare module 'vitest' {
  // vitest declares `Matchers<T = any>`; the augmentation must repeat that signature exactly.
  // biome-ignore lint/suspicious/noExplicitAny: must match vitest's own declaration
  interface Matchers<T = any> extends ToolCallHealthMatchers {}
}

export type { ToolCallHealthMatchers };

/**
 * The matchers as a plain object, for `expect.extend(matchers)` in vitest or Jest. Each matcher
 * is synchronous, so each also works as an asymmetric matcher (`expect.toCallTool('x')`).
 */
import { toBeDispatchable } from './toBeDispatchable.js';
import { toBeStrictCompatible } from './toBeStrictCompatible.js';
import { toCallTool } from './toCallTool.js';
import { toHaveConsistentToolHistory } from './toHaveConsistentToolHistory.js';
import { toKeepStrictGuarantee } from './toKeepStrictGuarantee.js';
import { toMatchOutputSchema } from './toMatchOutputSchema.js';
import { toNotBeTruncated } from './toNotBeTruncated.js';

export type { MatcherContext, MatcherResult } from './context.js';
export { MatcherInputError } from './guard.js';
export type { DispatchableOptions } from './toBeDispatchable.js';
export type { StrictCompatibleOptions } from './toBeStrictCompatible.js';
export type { OutputSchemaOptions } from './toMatchOutputSchema.js';
export {
  toBeDispatchable,
  toBeStrictCompatible,
  toCallTool,
  toHaveConsistentToolHistory,
  toKeepStrictGuarantee,
  toMatchOutputSchema,
  toNotBeTruncated,
};

/**
 * Every matcher, keyed by its name.
 *
 * @example
 * import { expect } from '@jest/globals';
 * import { matchers } from 'tool-call-health/matchers';
 * expect.extend(matchers);
 */
export const matchers = {
  toBeDispatchable,
  toNotBeTruncated,
  toKeepStrictGuarantee,
  toBeStrictCompatible,
  toCallTool,
  toHaveConsistentToolHistory,
  toMatchOutputSchema,
};
export type { ToolCallHealthMatchers } from './types.js';

import type { HistoryOptions } from '../diagnose/history.js';
import type { ReadOptions } from '../model/model.js';
import type { DispatchableOptions } from './toBeDispatchable.js';
import type { StrictCompatibleOptions } from './toBeStrictCompatible.js';
import type { OutputSchemaOptions } from './toMatchOutputSchema.js';

/**
 * The matchers' call signatures, for a framework's type augmentation. `R` is what the framework's
 * assertion returns (`void`, or a Promise under `.resolves`). `tool-call-health/vitest` types
 * vitest itself; with Jest, repeat `expect`'s own declaration.
 *
 * @example
 * declare module 'expect' {
 *   interface AsymmetricMatchers extends ToolCallHealthMatchers<void> {}
 *   interface Matchers<R extends void | Promise<void>, T = unknown> extends ToolCallHealthMatchers<R> {}
 * }
 */
export interface ToolCallHealthMatchers<R = unknown> {
  /** Every tool call in the turn parses, names a declared tool, and matches its schema. */
  toBeDispatchable(options?: DispatchableOptions): R;
  /** The output was not cut off by its ceiling, by reasoning, or mid-object; or the string is not a JSON prefix. */
  toNotBeTruncated(options?: ReadOptions): R;
  /** Strict is declared and parallel calls are off, so every call is held to its schema. */
  toKeepStrictGuarantee(options?: ReadOptions): R;
  /** The tool definitions would be accepted by the provider's strict mode as written. */
  toBeStrictCompatible(options?: StrictCompatibleOptions): R;
  /** Some call names the tool and, if given, has arguments equal to `expectedArguments`. */
  toCallTool(name: string, expectedArguments?: unknown): R;
  /** The MCP tool's structuredContent matches the outputSchema its tools/list declares. */
  toMatchOutputSchema(options?: OutputSchemaOptions): R;
  /** Every tool call the request sends back is answered where its provider requires, and every result answers a call. */
  toHaveConsistentToolHistory(options?: HistoryOptions): R;
}

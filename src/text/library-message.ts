/**
 * The library's name as every message it throws, warns or prints starts with it.
 *
 * @example
 * ```ts
 * new RegExp(`^${LIBRARY_PREFIX}`).test(libraryMessage('x')); // true
 * ```
 */
export const LIBRARY_PREFIX = 'tool-call-health: ';

/**
 * A message prefixed with the library's name, so a reader of a stack trace, a test failure or a
 * terminal knows which package spoke. The one place the prefix is written, as msw's `devUtils`
 * does for msw: every thrown error, matcher input error and CLI error line goes through it.
 *
 * @example
 * ```ts
 * throw new TypeError(libraryMessage('truncatedJson needs documents'));
 * // TypeError: tool-call-health: truncatedJson needs documents
 * ```
 */
export function libraryMessage(text: string): string {
  return `${LIBRARY_PREFIX}${text}`;
}

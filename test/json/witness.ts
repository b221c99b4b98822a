import { expect } from 'vitest';
import { jsonCompletion, jsonState } from '../../src/json/index.js';

// Failure labels stay short even for megabyte inputs.
function label(text: string): string {
  const shown = text.length > 80 ? `${text.slice(0, 77)}...` : text;
  return JSON.stringify(shown);
}

/**
 * Asserts that `text` is truncated and proves it: appending `jsonCompletion(text)` must give a
 * text that `JSON.parse` accepts. Every truncated verdict in these tests goes through here.
 *
 * @example
 * ```ts
 * expectTruncatedWithWitness('{"a": [1, tr'); // completion 'ue]}' makes it parse
 * ```
 */
export function expectTruncatedWithWitness(text: string): void {
  expect(jsonState(text), label(text)).toBe('truncated');
  expectCompletionParses(text);
}

/**
 * Asserts that the completion of an already-truncated `text` exists and makes it parse.
 *
 * @example
 * ```ts
 * expectCompletionParses('[1, 2,'); // '[1, 2,0]' parses
 * ```
 */
export function expectCompletionParses(text: string): void {
  const completion = jsonCompletion(text);
  expect(completion, `completion of ${label(text)}`).not.toBeNull();
  expect(
    () => JSON.parse(text + completion),
    `${label(text)} + ${label(completion ?? '')}`,
  ).not.toThrow();
}

import { stripVTControlCharacters } from 'node:util';
import '../../src/vitest.js';

/** The message a failing assertion throws, without colour, for inline snapshots. */
export function failureOf(assertion: () => void): string {
  try {
    assertion();
  } catch (error) {
    return stripVTControlCharacters(error instanceof Error ? error.message : String(error));
  }
  throw new Error('expected the assertion to fail, and it passed');
}

/**
 * Types for scripts/build-fixtures.mjs, so TypeScript tests can rebuild the corpus in memory.
 */

/**
 * Every fixture file, built in memory: path under fixtures/ to its exact text.
 *
 * @example
 * const files = buildFixtures();
 * files.get('manifest.json');
 */
export function buildFixtures(): Map<string, string>;

/**
 * Builds every fixture and writes it under `root` (the fixtures folder).
 *
 * @example
 * writeFixtures('fixtures/');
 */
export function writeFixtures(root: string): Map<string, string>;

/** The package's own version, read from its package.json (shipped beside `dist/`). */
import { readFileSync } from 'node:fs';

/**
 * The version in package.json, or `unknown` when it cannot be read (a bundled copy).
 *
 * @example
 * packageVersion(); // '0.1.0'
 */
export function packageVersion(): string {
  try {
    // src/cli/ and dist/cli/ both sit two levels below the package root.
    const text = readFileSync(new URL('../../package.json', import.meta.url), 'utf8');
    const version: unknown = (JSON.parse(text) as { version?: unknown }).version;
    return typeof version === 'string' ? version : 'unknown';
  } catch {
    return 'unknown';
  }
}

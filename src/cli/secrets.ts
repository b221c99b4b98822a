/**
 * Keeping keys out of everything the CLI writes: stdout, stderr and saved recordings.
 */
import { REDACTED, redact } from '../msw/redact.js';

/** Shorter values are not replaced literally: a short word would be blanked wherever it occurs. */
const MIN_LITERAL_SECRET = 8;

/**
 * Replaces every key-shaped string (`redact`: `sk-…`, `sk-ant-…`, `AIza…`, bearer tokens) and
 * every literal occurrence of the given secrets (keys in any format, e.g. a proxy's) with
 * `[REDACTED]`. Pure.
 *
 * @example
 * scrub('key tch-fake-key-0001 used', ['tch-fake-key-0001']); // 'key [REDACTED] used'
 */
export function scrub(text: string, secrets: readonly string[]): string {
  let out = text;
  for (const secret of secrets) {
    if (secret.length >= MIN_LITERAL_SECRET) out = out.replaceAll(secret, REDACTED);
  }
  return redact(out);
}

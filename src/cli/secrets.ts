/**
 * Keeping keys out of everything the CLI writes: stdout, stderr and saved recordings.
 */
import { REDACTED, redact } from '../har/redact.js';
import type { CliIo, Output } from './io.js';

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

/** The environment variables whose values are keys, whatever their shape. */
const KEY_VARIABLES = ['OPENAI_API_KEY', 'ANTHROPIC_API_KEY', 'GEMINI_API_KEY', 'GOOGLE_API_KEY'];

/**
 * The keys in the environment, trimmed as they are sent (a key read from a file often ends in
 * a newline); empty values dropped.
 *
 * @example
 * keysIn({ OPENAI_API_KEY: 'sk-proj-…\n' }); // ['sk-proj-…']
 */
export function keysIn(env: Readonly<Record<string, string | undefined>>): string[] {
  return KEY_VARIABLES.map((name) => env[name]?.trim() ?? '').filter((value) => value !== '');
}

/**
 * The same world with everything written to stdout and stderr passed through {@link scrub}:
 * a recording, a provider's error body or a proxy's page may echo a key, and the CLI must
 * never be the one to print it.
 *
 * @example
 * const safeIo = withoutSecrets(io, keysIn(io.env));
 */
export function withoutSecrets(io: CliIo, secrets: readonly string[]): CliIo {
  const scrubbed = (output: Output): Output => ({
    ...output,
    write: (text) => output.write(scrub(text, secrets)),
  });
  return { ...io, stdout: scrubbed(io.stdout), stderr: scrubbed(io.stderr) };
}

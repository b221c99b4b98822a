/**
 * Keeping keys out of everything the CLI writes: stdout, stderr and saved recordings.
 */
import { REDACTED, redact, secretsFoundIn } from '../har/redact.js';
import { plural } from '../text/plural.js';
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
export function withoutSecrets(
  io: CliIo,
  secrets: readonly string[],
): CliIo & { redactedKeys(): number } {
  // The keys redacted, to count them: held here only, never written anywhere.
  const found = new Set<string>();
  const scrubbed = (output: Output): Output => ({
    ...output,
    write: (text) => {
      const clean = scrub(text, secrets);
      if (clean !== text) for (const key of keysSeen(text, secrets)) found.add(key);
      return output.write(clean);
    },
  });
  return {
    ...io,
    stdout: scrubbed(io.stdout),
    stderr: scrubbed(io.stderr),
    redactedKeys: () => found.size,
  };
}

/** The keys {@link scrub} would replace in `text`: the given secrets, and key-shaped strings. */
function keysSeen(text: string, secrets: readonly string[]): string[] {
  const keys = secrets.filter(
    (secret) => secret.length >= MIN_LITERAL_SECRET && text.includes(secret),
  );
  return [...keys, ...secretsFoundIn(text)];
}

/**
 * What to tell the team when keys were found in what was audited: they were kept out of the
 * output, but they sit in the recordings, so they may be anyone's who can read them.
 *
 * @example
 * redactedKeysNotice(2); // '2 keys were found in what was read and written as [REDACTED] here; …'
 */
export function redactedKeysNotice(count: number): string {
  const them = count === 1 ? 'it' : 'them';
  return `${plural(count, 'key')} ${count === 1 ? 'was' : 'were'} found in what was read and written as ${REDACTED} here; the recordings still hold ${them}, so rotate ${them}, and redact the recordings (redact from tool-call-health/har finds the same keys).`;
}

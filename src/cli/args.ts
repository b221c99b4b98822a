/**
 * The command line, read into data. Pure: `argv` in, a command or a usage error out; nothing
 * here reads a file, the environment or the clock.
 */
import { parseArgs } from 'node:util';
import { DIAGNOSES, type Diagnosis } from './findings.js';
import { batchIdProblem } from './ids.js';
import { DEFAULT_RETRY_POLICY } from './retry.js';
import { parseShard, type Shard } from './shard.js';

/** The commands that have help of their own. */
export type HelpTopic = 'main' | 'audit' | 'fetch' | 'merge';

/** How the report is printed; shared by `audit` and `fetch`. */
export interface OutputOptions {
  /** One JSON document instead of text (`--json`, or `--format json`). */
  json: boolean;
  /** One line per result, for grep (`--format lines`). */
  lines: boolean;
  /** No progress on stderr (`--quiet`). */
  quiet: boolean;
  /** Notes and healthy results too, not only findings. */
  showAll: boolean;
  /** The diagnoses to run, in report order. */
  only: Diagnosis[];
  /** `--html FILE`: also write the report as one self-contained page there; `null` when not asked. */
  html: string | null;
}

/** `tool-call-health audit [options] <paths...>` */
export interface AuditCommand {
  command: 'audit';
  paths: string[];
  output: OutputOptions;
  shard: Shard | null;
  /** `--jobs N`: worker threads to audit with; `null` when not given (one job, in this thread). */
  jobs: number | null;
  /** `--baseline FILE`: a previous run's `--json` report to compare with; `null` when not given. */
  baseline: string | null;
}

/** The most `--jobs` takes: more threads than this only queue for the same cores. */
export const MAX_JOBS = 64;

/** `tool-call-health fetch [options]` */
export interface FetchCommand {
  command: 'fetch';
  /** The ids file (`--ids`), or `null`. */
  idsFile: string | null;
  /** Message Batch ids (`--batch`), validated, duplicates dropped. */
  batches: string[];
  /** `--base-url`, validated; `null` means the environment or the provider's default. */
  baseUrl: string | null;
  /** `--save DIR`: write recordings instead of auditing. */
  saveTo: string | null;
  maxRetries: number;
  maxWaitMs: number;
  /**
   * `--timeout`: how long a server may send nothing before the request is given up; absent
   * when not given, which means the default (60 s).
   */
  timeoutMs?: number;
  output: OutputOptions;
}

/** Anything the command line can ask for. */
/** `merge REPORT.json...`: the `--json` reports of `audit --shard i/n` runs made one. */
export interface MergeCommand {
  command: 'merge';
  reports: string[];
  json: boolean;
  /** `--html FILE`, or `null`. */
  html: string | null;
}

export type CliCommand =
  | { command: 'help'; topic: HelpTopic }
  | { command: 'version' }
  | AuditCommand
  | MergeCommand
  | FetchCommand;

/** A parsed command line, or why it is not one (and which help to point to). */
export type ParsedCommandLine =
  | { ok: true; value: CliCommand }
  | { ok: false; error: string; topic: HelpTopic };

const OUTPUT_OPTIONS = {
  json: { type: 'boolean' },
  format: { type: 'string' },
  quiet: { type: 'boolean', short: 'q' },
  'show-all': { type: 'boolean' },
  only: { type: 'string', multiple: true },
  help: { type: 'boolean', short: 'h' },
} as const;

const AUDIT_OPTIONS = {
  ...OUTPUT_OPTIONS,
  shard: { type: 'string' },
  jobs: { type: 'string' },
  baseline: { type: 'string' },
  html: { type: 'string' },
} as const;

const MERGE_OPTIONS = {
  json: { type: 'boolean' },
  html: { type: 'string' },
  help: { type: 'boolean', short: 'h' },
} as const;

const FETCH_OPTIONS = {
  ...OUTPUT_OPTIONS,
  ids: { type: 'string' },
  batch: { type: 'string', multiple: true },
  'base-url': { type: 'string' },
  save: { type: 'string' },
  'max-retries': { type: 'string' },
  'max-wait': { type: 'string' },
  timeout: { type: 'string' },
} as const;

/** A usage error found while reading one command's options. */
class UsageError extends Error {}

/**
 * Reads the arguments after `node bin/tool-call-health.js`.
 *
 * @example
 * parseCommandLine(['audit', '--only', 'strict', 'recordings/']);
 * // { ok: true, value: { command: 'audit', paths: ['recordings/'], shard: null,
 * //   output: { json: false, showAll: false, only: ['strict'] } } }
 */
export function parseCommandLine(argv: readonly string[]): ParsedCommandLine {
  const [first, ...rest] = argv;
  switch (first) {
    case undefined:
      return usage('no command given', 'main');
    case '-h':
    case '--help':
      return { ok: true, value: { command: 'help', topic: 'main' } };
    case '-v':
    case '--version':
      return { ok: true, value: { command: 'version' } };
    case 'help':
      return helpFor(rest);
    case 'audit':
      return guarded('audit', () => parseAudit(rest));
    case 'fetch':
      return guarded('fetch', () => parseFetch(rest));
    case 'merge':
      return guarded('merge', () => parseMerge(rest));
    default:
      return usage(
        first.startsWith('-')
          ? `unknown option ${first}`
          : `unknown command ${JSON.stringify(first)}; the commands are audit, fetch and merge`,
        'main',
      );
  }
}

function helpFor(rest: readonly string[]): ParsedCommandLine {
  const [topic] = rest;
  if (topic === undefined) return { ok: true, value: { command: 'help', topic: 'main' } };
  if (topic === 'audit' || topic === 'fetch' || topic === 'merge')
    return { ok: true, value: { command: 'help', topic } };
  return usage(
    `no help for ${JSON.stringify(topic)}; the commands are audit, fetch and merge`,
    'main',
  );
}

function usage(error: string, topic: HelpTopic): ParsedCommandLine {
  return { ok: false, error, topic };
}

function guarded(topic: 'audit' | 'fetch' | 'merge', parse: () => CliCommand): ParsedCommandLine {
  try {
    return { ok: true, value: parse() };
  } catch (error) {
    if (error instanceof UsageError) return usage(error.message, topic);
    return usage(parseArgsMessage(error), topic);
  }
}

/** `util.parseArgs` errors, reworded to name the option without its advice about `--`. */
function parseArgsMessage(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  const code = (error as { code?: unknown } | null)?.code;
  const option = /'(-[^' ]+)/.exec(message)?.[1];
  if (code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION' && option !== undefined) {
    return `unknown option ${option}`;
  }
  if (code === 'ERR_PARSE_ARGS_INVALID_OPTION_VALUE' && option !== undefined) {
    // `--only --json x`: the next argument is an option, so this one was given no value.
    if (message.includes('argument is ambiguous')) {
      return `${option} needs a value, and the argument after it is another option`;
    }
    return message.includes('argument missing')
      ? `${option} needs a value`
      : `${option} takes no value`;
  }
  return message;
}

function parseMerge(args: readonly string[]): CliCommand {
  const { values, positionals, tokens } = parseArgs({
    args: [...args],
    options: MERGE_OPTIONS,
    strict: true,
    allowPositionals: true,
    tokens: true,
  });
  givenOnce(tokens, ['html']);
  if (values.help) return { command: 'help', topic: 'merge' };
  if (positionals.length === 0) {
    throw new UsageError('merge needs the --json reports of the shards to merge');
  }
  return {
    command: 'merge',
    reports: positionals,
    json: values.json ?? false,
    html: values.html ?? null,
  };
}

function parseAudit(args: readonly string[]): CliCommand {
  const { values, positionals, tokens } = parseArgs({
    args: [...args],
    options: AUDIT_OPTIONS,
    strict: true,
    allowPositionals: true,
    tokens: true,
  });
  givenOnce(tokens, ['shard', 'jobs', 'format', 'baseline', 'html']);
  if (values.help) return { command: 'help', topic: 'audit' };
  if (positionals.length === 0) {
    // `audit --only traffic/2025-10-06`: the only path given went to the option.
    const taken = (values.only ?? []).find((value) => /[/\\.]/.test(value));
    throw new UsageError(
      taken === undefined
        ? 'audit needs at least one file or folder to read'
        : `audit needs at least one file or folder to read; --only took ${JSON.stringify(taken)}, which looks like a path: put the diagnosis names after --only, and the paths after them`,
    );
  }
  let shard: Shard | null = null;
  if (values.shard !== undefined) {
    const parsed = parseShard(values.shard);
    if (typeof parsed === 'string') throw new UsageError(parsed);
    shard = parsed;
  }
  let jobs: number | null = null;
  if (values.jobs !== undefined) {
    jobs = /^\s*\d{1,3}\s*$/.test(values.jobs) ? Number(values.jobs) : 0;
    if (jobs < 1 || jobs > MAX_JOBS) {
      throw new UsageError(
        `--jobs takes a whole number from 1 to ${MAX_JOBS}; got ${JSON.stringify(values.jobs)}`,
      );
    }
  }
  return {
    command: 'audit',
    paths: positionals,
    output: outputOptions(values),
    shard,
    jobs,
    baseline: values.baseline ?? null,
  };
}

/**
 * Refuses an option of one value given twice (`--shard 1/2 --shard 2/2`): parseArgs keeps the
 * last in silence, and which one was meant is not ours to guess.
 */
function givenOnce(
  tokens: ReadonlyArray<{ kind: string; name?: string; value?: string | undefined }>,
  names: readonly string[],
): void {
  for (const name of names) {
    const given = tokens.filter((token) => token.kind === 'option' && token.name === name);
    if (given.length > 1) {
      const values = given.map((token) => JSON.stringify(token.value ?? '')).join(' and ');
      throw new UsageError(`--${name} was given ${given.length} times (${values}); give it once`);
    }
  }
}

function parseFetch(args: readonly string[]): CliCommand {
  const { values, positionals } = parseArgs({
    args: [...args],
    options: FETCH_OPTIONS,
    strict: true,
    allowPositionals: true,
  });
  if (values.help) return { command: 'help', topic: 'fetch' };
  if (positionals.length > 0) {
    throw new UsageError(
      `fetch takes no paths (got ${JSON.stringify(positionals[0])}); list response ids in a file and pass --ids FILE`,
    );
  }
  const idsFile = values.ids ?? null;
  const batches = [...new Set(values.batch ?? [])];
  if (idsFile === null && batches.length === 0) {
    throw new UsageError('fetch needs --ids FILE (OpenAI response ids) or --batch ID (Anthropic)');
  }
  for (const batch of batches) {
    const problem = batchIdProblem(batch);
    if (problem !== null) throw new UsageError(`--batch ${JSON.stringify(batch)}: ${problem}`);
  }
  const saveTo = values.save ?? null;
  if (saveTo !== null && (values.json || values['show-all'] || values.only !== undefined)) {
    throw new UsageError(
      '--save writes recordings and audits nothing, so --json, --show-all and --only do not apply; run audit on the folder afterwards',
    );
  }
  return {
    command: 'fetch',
    idsFile,
    batches,
    baseUrl: values['base-url'] === undefined ? null : baseUrl(values['base-url']),
    saveTo,
    maxRetries: wholeNumber(
      '--max-retries',
      values['max-retries'],
      DEFAULT_RETRY_POLICY.maxRetries,
    ),
    maxWaitMs: seconds('--max-wait', values['max-wait'], DEFAULT_RETRY_POLICY.maxWaitMs),
    ...(values.timeout === undefined ? {} : { timeoutMs: timeout(values.timeout) }),
    output: outputOptions(values),
  };
}

/** The formats `--format` takes. */
const FORMATS = ['text', 'lines', 'json'] as const;

function outputOptions(values: {
  json?: boolean;
  format?: string;
  quiet?: boolean;
  'show-all'?: boolean;
  only?: string[];
  html?: string;
}): OutputOptions {
  const format = values.format ?? (values.json === true ? 'json' : 'text');
  if (!(FORMATS as readonly string[]).includes(format)) {
    throw new UsageError(`--format takes ${FORMATS.join(', ')}; got ${JSON.stringify(format)}`);
  }
  if (values.json === true && format !== 'json') {
    throw new UsageError(`--json and --format ${format} ask for two formats; give one`);
  }
  return {
    json: format === 'json',
    lines: format === 'lines',
    quiet: values.quiet ?? false,
    showAll: values['show-all'] ?? false,
    only: values.only === undefined ? [...DIAGNOSES] : parseOnly(values.only),
    html: values.html ?? null,
  };
}

/** `--only` values, repeated or comma-separated, in report order. */
function parseOnly(values: readonly string[]): Diagnosis[] {
  const asked = values.flatMap((value) => value.split(',')).map((name) => name.trim());
  for (const name of asked) {
    if (!(DIAGNOSES as readonly string[]).includes(name)) {
      // `--only traffic/2025-10-06` took the path as the option's value.
      const path = /[/\\.]/.test(name)
        ? '; it looks like a path, given where the names go: put the names after --only'
        : '';
      throw new UsageError(
        `--only takes ${DIAGNOSES.join(', ')} (repeat it or separate with commas); got ${JSON.stringify(name)}${path}`,
      );
    }
  }
  return DIAGNOSES.filter((diagnosis) => asked.includes(diagnosis));
}

/** At most 20 retries: beyond that a provider is down, and waiting longer will not help. */
const MAX_RETRIES = 20;

function wholeNumber(option: string, text: string | undefined, fallback: number): number {
  if (text === undefined) return fallback;
  const value = Number(text);
  if (!/^\d+$/.test(text.trim()) || value > MAX_RETRIES) {
    throw new UsageError(
      `${option} takes a whole number from 0 to ${MAX_RETRIES}; got ${JSON.stringify(text)}`,
    );
  }
  return value;
}

/** An hour: a longer wait is a stuck job, not a retry. */
const MAX_WAIT_SECONDS = 3600;

function seconds(option: string, text: string | undefined, fallbackMs: number): number {
  if (text === undefined) return fallbackMs;
  const value = Number(text);
  if (text.trim() === '' || !Number.isFinite(value) || value < 0 || value > MAX_WAIT_SECONDS) {
    throw new UsageError(
      `${option} takes seconds from 0 to ${MAX_WAIT_SECONDS} (decimals allowed); got ${JSON.stringify(text)}`,
    );
  }
  return Math.round(value * 1000);
}

/** A silent server is given up after `--timeout` seconds; 0 would give up at once. */
function timeout(text: string): number {
  const value = Number(text);
  if (text.trim() === '' || !Number.isFinite(value) || value <= 0 || value > MAX_WAIT_SECONDS) {
    throw new UsageError(
      `--timeout takes seconds above 0 and up to ${MAX_WAIT_SECONDS} (decimals allowed); got ${JSON.stringify(text)}`,
    );
  }
  return Math.max(1, Math.round(value * 1000));
}

function baseUrl(text: string): string {
  const problem = baseUrlProblem(text, '--base-url');
  if (problem !== null) throw new UsageError(problem);
  return text;
}

/**
 * What is wrong with a base URL (from `--base-url` or `*_BASE_URL`), or `null`. The URL itself
 * is never quoted back: a proxy URL may carry credentials.
 *
 * @example
 * baseUrlProblem('http://127.0.0.1:8080/v1', '--base-url'); // null
 * baseUrlProblem('ftp://proxy/v1', '--base-url'); // '--base-url must be http: or https:, not ftp:'
 */
export function baseUrlProblem(text: string, name: string): string | null {
  if (!URL.canParse(text)) return `${name} is not an absolute URL (like https://api.openai.com/v1)`;
  const url = new URL(text);
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    return `${name} must be http: or https:, not ${url.protocol}`;
  }
  if (url.username !== '' || url.password !== '') {
    return `${name} must not carry credentials; keys come from OPENAI_API_KEY and ANTHROPIC_API_KEY`;
  }
  if (url.search !== '' || url.hash !== '') return `${name} must not have a query or a fragment`;
  return null;
}

import { describe, expect, test } from 'vitest';
import { baseUrlProblem, parseCommandLine } from '../../src/cli/args.js';

const ALL = ['dispatch', 'truncation', 'strict', 'result', 'history'];

function usageError(argv: string[]): string {
  const parsed = parseCommandLine(argv);
  if (parsed.ok) throw new Error(`expected a usage error, got ${JSON.stringify(parsed.value)}`);
  return parsed.error;
}

describe('parseCommandLine: the top level', () => {
  test('help and version, however they are asked for', () => {
    for (const argv of [['--help'], ['-h'], ['help']]) {
      expect(parseCommandLine(argv)).toEqual({
        ok: true,
        value: { command: 'help', topic: 'main' },
      });
    }
    expect(parseCommandLine(['help', 'fetch'])).toEqual({
      ok: true,
      value: { command: 'help', topic: 'fetch' },
    });
    expect(parseCommandLine(['audit', '--help'])).toEqual({
      ok: true,
      value: { command: 'help', topic: 'audit' },
    });
    expect(parseCommandLine(['fetch', '-h'])).toEqual({
      ok: true,
      value: { command: 'help', topic: 'fetch' },
    });
    expect(parseCommandLine(['--version'])).toEqual({ ok: true, value: { command: 'version' } });
    expect(parseCommandLine(['-v'])).toEqual({ ok: true, value: { command: 'version' } });
  });

  test('no command, an unknown command or option, help for nothing: usage errors', () => {
    expect(parseCommandLine([])).toEqual({ ok: false, error: 'no command given', topic: 'main' });
    expect(usageError(['lint'])).toBe(
      'unknown command "lint"; the commands are audit, fetch and merge',
    );
    expect(usageError(['--verbose'])).toBe('unknown option --verbose');
    expect(usageError(['help', 'lint'])).toBe(
      'no help for "lint"; the commands are audit, fetch and merge',
    );
  });
});

describe('parseCommandLine: audit', () => {
  test('paths and defaults', () => {
    expect(parseCommandLine(['audit', 'fixtures/', 'more.jsonl'])).toEqual({
      ok: true,
      value: {
        command: 'audit',
        paths: ['fixtures/', 'more.jsonl'],
        shard: null,
        jobs: null,
        baseline: null,
        output: { json: false, lines: false, quiet: false, showAll: false, only: ALL, html: null },
      },
    });
  });

  test('--html takes the file to write the page to, once, beside any format', () => {
    expect(parseCommandLine(['audit', '--json', '--html', 'report.html', 'x'])).toMatchObject({
      ok: true,
      value: { output: { json: true, html: 'report.html' } },
    });
    expect(parseCommandLine(['audit', '--html', 'a.html', '--html', 'b.html', 'x'])).toEqual({
      ok: false,
      error: '--html was given 2 times ("a.html" and "b.html"); give it once',
      topic: 'audit',
    });
  });

  test('--only, repeated or comma-separated, comes back in report order without repeats', () => {
    const parsed = parseCommandLine([
      'audit',
      '--only',
      'strict,dispatch',
      '--only',
      'strict',
      '--json',
      '--show-all',
      'x',
    ]);
    expect(parsed).toMatchObject({
      ok: true,
      value: { output: { json: true, showAll: true, only: ['dispatch', 'strict'] } },
    });
  });

  test('--jobs n takes 1 to 64 threads, and names anything else', () => {
    expect(parseCommandLine(['audit', '--jobs', '4', 'x'])).toMatchObject({
      ok: true,
      value: { jobs: 4 },
    });
    for (const given of ['0', '65', 'two', '1.5', '7x', '']) {
      expect(parseCommandLine(['audit', '--jobs', given, 'x'])).toMatchObject({
        ok: false,
        error: `--jobs takes a whole number from 1 to 64; got ${JSON.stringify(given)}`,
      });
    }
  });

  test('an option of one value given twice, or given an option for its value, is named', () => {
    expect(parseCommandLine(['audit', '--shard', '1/2', '--shard', '2/2', 'x'])).toMatchObject({
      ok: false,
      error: '--shard was given 2 times ("1/2" and "2/2"); give it once',
    });
    expect(parseCommandLine(['audit', '--jobs', '2', '--jobs', '3', 'x'])).toMatchObject({
      ok: false,
      error: '--jobs was given 2 times ("2" and "3"); give it once',
    });
    expect(parseCommandLine(['audit', '--only', '--json', 'x'])).toMatchObject({
      ok: false,
      error: '--only needs a value, and the argument after it is another option',
    });
    expect(parseCommandLine(['audit', '--shard', '--help'])).toMatchObject({
      ok: false,
      error: '--shard needs a value, and the argument after it is another option',
    });
  });

  test('--only given a path says the path went to it', () => {
    expect(parseCommandLine(['audit', '--only', 'traffic/2025-10-06'])).toMatchObject({
      ok: false,
      error:
        'audit needs at least one file or folder to read; --only took "traffic/2025-10-06", which looks like a path: put the diagnosis names after --only, and the paths after them',
    });
    expect(parseCommandLine(['audit', '--only', 'traffic/2025-10-06', 'more/'])).toMatchObject({
      ok: false,
      error:
        '--only takes dispatch, truncation, strict, result, history (repeat it or separate with commas); got "traffic/2025-10-06"; it looks like a path, given where the names go: put the names after --only',
    });
  });

  test('--format text, lines or json; --json is --format json, and two formats are refused', () => {
    expect(parseCommandLine(['audit', '--format', 'lines', 'x'])).toMatchObject({
      ok: true,
      value: { output: { json: false, lines: true } },
    });
    expect(parseCommandLine(['audit', '--format', 'json', 'x'])).toMatchObject({
      ok: true,
      value: { output: { json: true, lines: false } },
    });
    expect(parseCommandLine(['audit', '--format', 'csv', 'x'])).toMatchObject({
      ok: false,
      error: '--format takes text, lines, json; got "csv"',
    });
    expect(parseCommandLine(['audit', '--json', '--format', 'lines', 'x'])).toMatchObject({
      ok: false,
      error: '--json and --format lines ask for two formats; give one',
    });
  });

  test('--shard i/n', () => {
    expect(parseCommandLine(['audit', '--shard', '2/3', 'x'])).toMatchObject({
      ok: true,
      value: { shard: { index: 2, count: 3 } },
    });
  });

  test('usage errors say what was wrong and what is accepted', () => {
    expect(usageError(['audit'])).toBe('audit needs at least one file or folder to read');
    expect(usageError(['audit', '--only', 'calls', 'x'])).toBe(
      '--only takes dispatch, truncation, strict, result, history (repeat it or separate with commas); got "calls"',
    );
    expect(usageError(['audit', '--shard', '4/3', 'x'])).toBe(
      '--shard takes i/n with 1 <= i <= n, like 1/3; got "4/3"',
    );
    expect(usageError(['audit', 'x', '--shard'])).toBe('--shard needs a value');
    expect(usageError(['audit', '--fix', 'x'])).toBe('unknown option --fix');
    expect(usageError(['audit', '--json=yes', 'x'])).toBe('--json takes no value');
    expect(parseCommandLine(['audit'])).toMatchObject({ ok: false, topic: 'audit' });
  });
});

describe('parseCommandLine: fetch', () => {
  test('ids, batches, and the retry policy with its defaults', () => {
    expect(parseCommandLine(['fetch', '--ids', 'ids.txt'])).toEqual({
      ok: true,
      value: {
        command: 'fetch',
        idsFile: 'ids.txt',
        batches: [],
        baseUrl: null,
        saveTo: null,
        maxRetries: 4,
        maxWaitMs: 60_000,
        output: { json: false, lines: false, quiet: false, showAll: false, only: ALL, html: null },
      },
    });
    expect(
      parseCommandLine([
        'fetch',
        '--batch',
        'msgbatch_01',
        '--batch',
        'msgbatch_01',
        '--base-url',
        'http://127.0.0.1:8080/v1',
        '--max-retries',
        '0',
        '--max-wait',
        '0.25',
        '--timeout',
        '0.5',
        '--save',
        'out',
      ]),
    ).toMatchObject({
      ok: true,
      value: {
        batches: ['msgbatch_01'],
        baseUrl: 'http://127.0.0.1:8080/v1',
        maxRetries: 0,
        maxWaitMs: 250,
        timeoutMs: 500,
        saveTo: 'out',
      },
    });
    expect(usageError(['fetch', '--ids', 'x', '--timeout', '0'])).toMatch(
      /^--timeout takes seconds above 0/,
    );
  });

  test('usage errors', () => {
    expect(usageError(['fetch'])).toBe(
      'fetch needs --ids FILE (OpenAI response ids) or --batch ID (Anthropic)',
    );
    expect(usageError(['fetch', 'resp_1'])).toBe(
      'fetch takes no paths (got "resp_1"); list response ids in a file and pass --ids FILE',
    );
    expect(usageError(['fetch', '--batch', '../../admin'])).toBe(
      '--batch "../../admin": not a Message Batch id: expected msgbatch_ followed by letters, digits, _ or - only',
    );
    expect(usageError(['fetch', '--ids', 'x', '--max-retries', '-1'])).toMatch(/^--max-retries/);
    expect(usageError(['fetch', '--ids', 'x', '--max-retries', '21'])).toBe(
      '--max-retries takes a whole number from 0 to 20; got "21"',
    );
    expect(usageError(['fetch', '--ids', 'x', '--max-wait', 'soon'])).toBe(
      '--max-wait takes seconds from 0 to 3600 (decimals allowed); got "soon"',
    );
    expect(usageError(['fetch', '--ids', 'x', '--save', 'out', '--json'])).toMatch(
      /^--save writes recordings and audits nothing/,
    );
    expect(usageError(['fetch', '--ids', 'x', '--base-url', 'api.openai.com'])).toBe(
      '--base-url is not an absolute URL (like https://api.openai.com/v1)',
    );
  });

  test('a base URL with credentials is refused without being quoted back', () => {
    const error = usageError(['fetch', '--ids', 'x', '--base-url', 'https://me:hunter22@proxy/v1']);
    expect(error).toBe(
      '--base-url must not carry credentials; keys come from OPENAI_API_KEY and ANTHROPIC_API_KEY',
    );
    expect(error).not.toContain('hunter22');
    expect(baseUrlProblem('ftp://proxy/v1', 'OPENAI_BASE_URL')).toBe(
      'OPENAI_BASE_URL must be http: or https:, not ftp:',
    );
    expect(baseUrlProblem('https://proxy/v1?key=1', '--base-url')).toBe(
      '--base-url must not have a query or a fragment',
    );
    expect(baseUrlProblem('https://proxy.internal/openai/v1', '--base-url')).toBeNull();
  });
});

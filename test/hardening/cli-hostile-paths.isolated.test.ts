/**
 * The CLI on hostile paths and hostile servers: every one ends in a clear line, in bounded
 * time, and never in a stack trace. Files that cannot be read are listed as unreadable with
 * the reason; ids that could leave their URL path are refused before any request; a server
 * that hangs is given up after --timeout; a server that answers HTML is named as such.
 */
import { chmodSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import type { AuditReport } from '../../src/cli/json-report.js';
import { type CliRun, type LocalServer, runCli, startServer } from './local-server.js';
import { deepObjectText } from './support.js';

/**
 * Paths the file system refuses with EACCES, as it refuses anyone but root a folder or file
 * under chmod 000. Injected rather than made with chmod, because root (as in CI) reads through
 * chmod 000; the errors are worded as Node words them, call and path included.
 */
const refused = vi.hoisted(() => new Set<string>());

vi.mock('node:fs/promises', async (importOriginal) => {
  const actual = await importOriginal<typeof import('node:fs/promises')>();
  type PathCall = (path: unknown, ...rest: unknown[]) => Promise<unknown>;
  const refusing =
    (syscall: string, call: PathCall): PathCall =>
    (path, ...rest) =>
      refused.has(String(path))
        ? Promise.reject(
            Object.assign(new Error(`EACCES: permission denied, ${syscall} '${String(path)}'`), {
              errno: -13,
              code: 'EACCES',
              syscall,
              path: String(path),
            }),
          )
        : call(path, ...rest);
  return {
    ...actual,
    readdir: refusing('scandir', actual.readdir as PathCall),
    readFile: refusing('open', actual.readFile as PathCall),
  };
});

/**
 * The timeout of the tests below whose failure would be a hang: a link loop followed round
 * and round, a 10 MB line scanned again for every character, a stalled server waited on
 * forever. It is the hang guard, generous on purpose for a loaded 2-core CI machine; speed
 * itself is measured by `npm run bench`, never here.
 */
const HANG_GUARD_MS = 50_000;

const work = mkdtempSync(join(tmpdir(), 'tool-call-health-hostile-'));
afterAll(() => {
  // chmod back, or rm cannot clear what a test locked.
  try {
    chmodSync(join(work, 'locked'), 0o755);
  } catch {
    // Not created (running as root).
  }
  rmSync(work, { recursive: true, force: true });
});

/** A fresh folder under the work folder, with these files written into it. */
function folderWith(name: string, files: Record<string, string | Uint8Array> = {}): string {
  const folder = join(work, name);
  mkdirSync(folder, { recursive: true });
  for (const [file, content] of Object.entries(files)) writeFileSync(join(folder, file), content);
  return folder;
}

/** The --json --show-all report of an audit, with its run. */
async function auditReport(paths: string[]): Promise<{ run: CliRun; report: AuditReport }> {
  const run = await runCli(['audit', '--json', '--show-all', ...paths]);
  return { run, report: JSON.parse(run.stdout) as AuditReport };
}

/** Each entry's location (relative to the folder) and status, with the input detail if any. */
function statuses(report: AuditReport, folder: string): Array<[string, string, string]> {
  return report.entries.map((entry) => [
    entry.location.slice(folder.length + 1),
    entry.status,
    entry.results.find((result) => result.diagnosis === 'input')?.detail ?? '',
  ]);
}

/** No escape, NUL, or other control character but newline reaches the terminal. */
function expectPrintable(text: string): void {
  expect(text.replaceAll('\n', '')).not.toMatch(/\p{Cc}/u);
}

const isRoot = process.getuid?.() === 0;
const response = JSON.stringify({
  id: 'resp_ok',
  object: 'response',
  status: 'completed',
  output: [
    {
      type: 'function_call',
      id: 'fc_1',
      call_id: 'call_1',
      name: 'probe',
      arguments: '{}',
      status: 'completed',
    },
  ],
  tools: [{ type: 'function', name: 'probe', parameters: { type: 'object' }, strict: true }],
  parallel_tool_calls: false,
});

describe('audit on hostile files', () => {
  test(
    'links: loops listed, dangling ones unreadable, the rest followed once by the path they reach',
    async () => {
      const folder = folderWith('links', { 'good.json': response });
      const elsewhere = folderWith('elsewhere', { 'far.json': response });
      mkdirSync(join(folder, 'day-7'));
      writeFileSync(join(folder, 'day-7', 'day.json'), response);
      symlinkSync('.', join(folder, 'loop'));
      symlinkSync('self.json', join(folder, 'self.json'));
      symlinkSync('..', join(folder, 'up.json'));
      symlinkSync('missing.har', join(folder, 'dangling.har'));
      symlinkSync('day-7', join(folder, 'latest'));
      symlinkSync('good.json', join(folder, 'same.json'));
      symlinkSync(elsewhere, join(folder, 'outside'));
      const { run, report } = await auditReport([folder]);
      expect(run.code).toBe(1);
      expect(statuses(report, folder)).toEqual([
        ['dangling.har', 'unreadable', 'cannot read the file: ENOENT: no such file or directory'],
        ['day-7/day.json', 'read', ''],
        ['good.json', 'read', ''],
        [
          'latest',
          'skipped',
          `a link to ${join(folder, 'day-7')}, walked already: its files are audited once`,
        ],
        ['loop', 'skipped', `a link back to ${folder}, which holds it (a loop): not followed`],
        ['outside/far.json', 'read', ''],
        ['same.json', 'skipped', `the same file as ${join(folder, 'good.json')}, audited there`],
        [
          'self.json',
          'unreadable',
          'cannot read the file: ELOOP: too many symbolic links encountered',
        ],
        ['up.json', 'skipped', `a link back to ${work}, which holds it (a loop): not followed`],
      ]);
      const direct = await runCli(['audit', join(folder, 'self.json')]);
      expect(direct).toEqual({
        code: 2,
        stdout: '',
        stderr: `tool-call-health: cannot read ${join(folder, 'self.json')}: ELOOP: too many symbolic links encountered\n`,
      });
    },
    HANG_GUARD_MS,
  );

  test('a folder that cannot be listed and a file that cannot be read are reported as unreadable, with the reason', async () => {
    const folder = folderWith('refused', { 'secret.json': response, 'open.json': response });
    mkdirSync(join(folder, 'sealed'));
    writeFileSync(join(folder, 'sealed', 'inside.json'), response);
    refused.add(join(folder, 'sealed'));
    refused.add(join(folder, 'secret.json'));
    try {
      const { run, report } = await auditReport([folder]);
      expect(run.code).toBe(1);
      expect(statuses(report, folder)).toEqual([
        ['open.json', 'read', ''],
        ['sealed', 'unreadable', 'cannot list the folder: EACCES: permission denied'],
        ['secret.json', 'unreadable', 'cannot read the file: EACCES: permission denied'],
      ]);
    } finally {
      refused.clear();
    }
  });

  test.skipIf(isRoot)(
    'the same with the refusals of the system itself, by chmod 000 (skipped as root, where chmod 000 does not stop reads)',
    async () => {
      const folder = folderWith('locked', { 'secret.json': response, 'open.json': response });
      mkdirSync(join(folder, 'sealed'));
      writeFileSync(join(folder, 'sealed', 'inside.json'), response);
      chmodSync(join(folder, 'secret.json'), 0o000);
      chmodSync(join(folder, 'sealed'), 0o000);
      const { run, report } = await auditReport([folder]);
      chmodSync(join(folder, 'sealed'), 0o755);
      expect(run.code).toBe(1);
      expect(statuses(report, folder)).toEqual([
        ['open.json', 'read', ''],
        ['sealed', 'unreadable', 'cannot list the folder: EACCES: permission denied'],
        ['secret.json', 'unreadable', 'cannot read the file: EACCES: permission denied'],
      ]);
    },
  );

  test('binary files are unreadable, and no control character reaches the terminal', async () => {
    const bytes = new Uint8Array(512).map((_, index) => (index * 37 + 11) % 256);
    bytes[0] = 0x1b;
    bytes[1] = 0;
    const folder = folderWith('binary', {
      'blob.json': bytes,
      'blob.har': bytes,
      'blob.jsonl': bytes,
      'blob.sse': bytes,
      'name-\u001b[31mred.json': response,
    });
    const text = await runCli(['audit', '--show-all', folder]);
    expect(text.code).toBe(1);
    expectPrintable(text.stdout + text.stderr);
    expect(text.stdout).toContain('name-\\u001b[31mred.json');
    const { report } = await auditReport([folder]);
    expect(report.summary.entries.unreadable).toBeGreaterThanOrEqual(4);
    expect(report.summary.entries.read).toBe(1);
  });

  test('empty files: every kind alike, skipped and listed', async () => {
    const folder = folderWith('empty', {
      'a.json': '',
      'b.har': '',
      'c.jsonl': '',
      'd.sse': '',
      'e.txt': '',
      'f.json': '\uFEFF',
    });
    const { run, report } = await auditReport([folder]);
    // Every empty file alike, whatever its kind: listed as skipped, and counted.
    const empty = 'an empty file (0 bytes)';
    expect(statuses(report, folder)).toEqual([
      ['a.json', 'skipped', empty],
      ['b.har', 'skipped', empty],
      ['c.jsonl', 'skipped', empty],
      ['d.sse', 'skipped', empty],
      ['e.txt', 'skipped', empty],
      ['f.json', 'skipped', 'an empty file (nothing but white space)'],
    ]);
    expect(report.summary.entries).toMatchObject({ audited: 6, skipped: 6 });
    // Nothing was read: 2.
    expect(run.code).toBe(2);
  });

  test('nothing at all to read is a usage error with the reason', async () => {
    const folder = folderWith('only-empty-jsonl', { 'c.jsonl': '\n\n' });
    expect(await runCli(['audit', folder])).toMatchObject({
      code: 2,
      stderr:
        'tool-call-health: nothing readable: the one entry found could not be diagnosed: 1 skipped, not a model payload (--show-all says why)\n',
    });
  });

  test(
    'a 10 MB single-line JSONL entry and a line nested 1,000,000 deep',
    async () => {
      const big = JSON.stringify({
        custom_id: 'big',
        result: {
          type: 'succeeded',
          message: {
            id: 'msg_1',
            type: 'message',
            role: 'assistant',
            stop_reason: 'tool_use',
            content: [
              {
                type: 'tool_use',
                id: 'toolu_1',
                name: 'probe',
                input: { note: 'x'.repeat(10_000_000) },
              },
            ],
          },
        },
      });
      const folder = folderWith('huge-lines', {
        'batch.jsonl': `${big}\n${deepObjectText(1_000_000)}\n${big.slice(0, 5_000_000)}\n`,
      });
      const { report } = await auditReport([folder]);
      expect(statuses(report, folder).map(([location, status]) => [location, status])).toEqual([
        ['batch.jsonl:1', 'read'],
        ['batch.jsonl:2', 'skipped'],
        ['batch.jsonl:3', 'unreadable'],
      ]);
      expect(statuses(report, folder)[2]?.[2]).toMatch(
        /^line 3 is cut short \(ends inside a string/,
      );
    },
    3 * HANG_GUARD_MS,
  );
});

describe('fetch on hostile ids and servers', () => {
  let server: LocalServer;
  const env = {
    OPENAI_API_KEY: 'tch-hardening-key-0001',
    ANTHROPIC_API_KEY: 'tch-hardening-key-0002',
  };
  beforeAll(async () => {
    server = await startServer(() => {});
  });
  afterAll(() => server.close());

  function idsFile(name: string, lines: string[]): string {
    const file = join(work, name);
    writeFileSync(file, `${lines.join('\n')}\n`);
    return file;
  }

  test('ids that could leave their path are refused before any request, and never echoed', async () => {
    server.paths.length = 0;
    server.route = (_request, answer) => {
      answer.writeHead(200, { 'content-type': 'application/json' });
      answer.end(response);
    };
    const hostile = [
      '../responses/resp_ok',
      'resp_x/../../admin',
      'resp_%2e%2e',
      '%2e%2e/resp_ok',
      'resp_x/..',
      'resp_x?include=all',
      'resp_x%23frag',
      'resp_x\\..\\..',
      'resp_ｘ',
      `resp_${'a'.repeat(300)}`,
    ];
    const file = idsFile('hostile-ids.txt', ['resp_ok', ...hostile]);
    const run = await runCli(['fetch', '--ids', file, '--base-url', server.base], env);
    expect(server.paths).toEqual(['/v1/responses/resp_ok']);
    expect(run.code).toBe(0);
    const refusals = run.stderr.split('\n').filter((line) => line.startsWith(`${file}:`));
    expect(refusals).toHaveLength(hostile.length);
    for (const line of refusals)
      expect(line).toMatch(/: (not a response id|longer than 200 characters)/);
    for (const id of hostile) expect(run.stderr).not.toContain(id);
    for (const batch of ['msgbatch_../x', 'msgbatch_%2e%2e', '../msgbatch_1']) {
      const refused = await runCli(['fetch', '--batch', batch, '--base-url', server.base], env);
      expect(refused.code).toBe(2);
      expect(refused.stderr).toMatch(/not a Message Batch id/);
    }
    expect(server.paths).toEqual(['/v1/responses/resp_ok']);
  });

  test(
    'a server that never answers is given up after --timeout, with the reason',
    async () => {
      server.route = () => {
        // Reads the request and never answers.
      };
      const file = idsFile('hang.txt', ['resp_hang']);
      const run = await runCli(
        [
          'fetch',
          '--ids',
          file,
          '--base-url',
          server.base,
          '--timeout',
          '0.3',
          '--max-retries',
          '1',
        ],
        env,
      );
      expect(run.code).toBe(2);
      expect(run.stderr).toContain(
        'resp_hang: the server sent nothing for 0.3 s (--timeout); retry 1 of 1',
      );
      expect(run.stdout).toContain('the server sent nothing for 0.3 s (--timeout) after 2 tries');
    },
    HANG_GUARD_MS,
  );

  test('a body that stops half-way is given up too', async () => {
    server.route = (_request, answer) => {
      answer.writeHead(200, { 'content-type': 'application/json' });
      answer.write(response.slice(0, 40));
    };
    const file = idsFile('stall.txt', ['resp_stall']);
    const run = await runCli(
      ['fetch', '--ids', file, '--base-url', server.base, '--timeout', '0.3'],
      env,
    );
    expect(run.code).toBe(2);
    expect(run.stdout).toContain(
      'the body broke off: the server sent nothing for 0.3 s (--timeout)',
    );
  });

  test('a batch results stream that stops after a line: the line is audited, the rest reported', async () => {
    const line = JSON.stringify({
      custom_id: 'a',
      result: {
        type: 'succeeded',
        message: {
          id: 'msg_1',
          type: 'message',
          role: 'assistant',
          stop_reason: 'end_turn',
          content: [],
        },
      },
    });
    server.route = (request, answer) => {
      answer.writeHead(200, { 'content-type': 'application/json' });
      if (request.url?.endsWith('/results')) answer.write(`${line}\n`);
      else
        answer.end(
          JSON.stringify({
            id: 'msgbatch_stall',
            processing_status: 'ended',
            results_url: `${server.base}/messages/batches/msgbatch_stall/results`,
          }),
        );
    };
    const run = await runCli(
      [
        'fetch',
        '--batch',
        'msgbatch_stall',
        '--base-url',
        server.base,
        '--timeout',
        '0.3',
        '--json',
        '--show-all',
      ],
      env,
    );
    const report = JSON.parse(run.stdout) as AuditReport;
    expect(report.entries.map((entry) => [entry.location, entry.status])).toEqual([
      ['msgbatch_stall:1', 'read'],
      ['msgbatch_stall:2', 'fetch-failed'],
    ]);
    expect(report.fetch?.failed).toEqual([
      {
        id: 'msgbatch_stall:2',
        problem:
          'the results stream broke after line 1: the server sent nothing for 0.3 s (--timeout)',
      },
    ]);
  });

  test('--timeout takes seconds above 0', async () => {
    for (const value of ['0', '-1', 'soon', '']) {
      const run = await runCli(['fetch', '--ids', 'x', `--timeout=${value}`]);
      expect(run.code).toBe(2);
      expect(run.stderr).toContain(
        `--timeout takes seconds above 0 and up to 3600 (decimals allowed); got ${JSON.stringify(value)}`,
      );
    }
  });

  test('a server that answers HTML instead of JSON is named as such', async () => {
    server.route = (request, answer) => {
      const page = '<!doctype html><html><body>Welcome to the proxy</body></html>';
      const status = request.url?.endsWith('resp_teapot') ? 418 : 200;
      answer.writeHead(status, { 'content-type': 'text/html; charset=utf-8' });
      answer.end(page);
    };
    const file = idsFile('html.txt', ['resp_page', 'resp_teapot']);
    const run = await runCli(
      [
        'fetch',
        '--ids',
        file,
        '--batch',
        'msgbatch_page',
        '--base-url',
        server.base,
        '--json',
        '--show-all',
      ],
      env,
    );
    const report = JSON.parse(run.stdout) as AuditReport;
    const details = report.entries.map((entry) => [entry.location, entry.results[0]?.detail]);
    expect(details).toEqual([
      ['resp_page', expect.stringMatching(/^the body is not JSON: /)],
      ['resp_teapot', 'HTTP 418 (an HTML page, not JSON: is the base URL an API root?)'],
      [
        'msgbatch_page',
        'the batch answer is not JSON (an HTML page, not JSON: is the base URL an API root?)',
      ],
    ]);
    // Nothing could be read, so exit code 2.
    expect(run.code).toBe(2);
  });
});

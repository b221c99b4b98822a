import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, describe, expect, test } from 'vitest';
import type { StopSignal } from '../../src/cli/io.js';
import { main } from '../../src/cli/main.js';
import { packageVersion } from '../../src/cli/version.js';
import { memoryIo, memoryOutput, root } from './support.js';

const work = mkdtempSync(join(tmpdir(), 'tool-call-health-main-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

describe('main, in-process', () => {
  test('--version prints the package version', async () => {
    const io = memoryIo();
    expect(await main(['--version'], io)).toBe(0);
    expect(io.stdout.text()).toBe(`${packageVersion()}\n`);
    expect(packageVersion()).toMatch(/^\d+\.\d+\.\d+/);
  });

  test('a path that does not exist among others is reported unreadable, and the rest audited', async () => {
    const io = memoryIo();
    const missing = join(work, 'traffic/2025-10-06');
    const code = await main(
      ['audit', '--json', missing, join(root, 'fixtures/openai-chat/healthy-call.har')],
      io,
    );
    expect(code).toBe(1);
    const report = JSON.parse(io.stdout.text());
    expect(report.summary.entries).toMatchObject({ audited: 2, read: 1, unreadable: 1 });
    expect(report.entries[0]).toMatchObject({
      location: missing,
      status: 'unreadable',
      results: [{ detail: expect.stringMatching(/^cannot read it: ENOENT/) }],
    });
  });

  test("a browser's HAR: the page's HTML, styles, scripts and images are skipped, not findings", async () => {
    const model = JSON.parse(
      readFileSync(join(root, 'fixtures/openai-chat/healthy-call.har'), 'utf8'),
    ).log.entries[0];
    const asset = (url: string, mimeType: string, text: string, encoding?: string) => ({
      ...model,
      request: {
        method: 'GET',
        url,
        httpVersion: 'HTTP/1.1',
        headers: [],
        queryString: [],
        cookies: [],
        headersSize: -1,
        bodySize: 0,
      },
      response: {
        ...model.response,
        content: { size: text.length, mimeType, text, ...(encoding ? { encoding } : {}) },
      },
    });
    const har = {
      log: {
        version: '1.2',
        creator: { name: 'WebInspector', version: '537.36' },
        entries: [
          asset('https://app.example/', 'text/html; charset=utf-8', '<!doctype html><html></html>'),
          asset('https://app.example/app.css', 'text/css', 'body { margin: 0 }'),
          asset('https://app.example/app.js', 'application/javascript', 'console.log(1)'),
          asset('https://app.example/logo.png', 'image/png', 'iVBORw0KGgo=', 'base64'),
          model,
        ],
      },
    };
    const file = join(work, 'devtools.har');
    writeFileSync(file, JSON.stringify(har));
    const io = memoryIo();
    expect(await main(['audit', '--json', '--show-all', file], io)).toBe(0);
    const report = JSON.parse(io.stdout.text());
    expect(report.summary.entries).toMatchObject({
      audited: 5,
      read: 1,
      skipped: 4,
      unreadable: 0,
    });
    expect(report.entries[0].results[0]).toMatchObject({
      severity: 'note',
      detail: 'not model traffic: a text/html answer, not JSON',
    });
  });

  test('--format lines: one line per finding, its location first, so grep keeps where', async () => {
    const io = memoryIo();
    const file = join(root, 'fixtures/openai-chat/schema-violation.har');
    expect(await main(['audit', '--format', 'lines', file], io)).toBe(1);
    const [finding, ...rest] = io.stdout.text().split('\n');
    expect(finding).toBe(
      `${file}:entries[0]  finding  dispatch  arguments-violate-schema  "issue_refund" (call_j6Vol2WiugX41NUOEj5LDhwb)  Parses, and breaks the schema of "issue_refund" in 2 places.`,
    );
    // The summary follows, as in text.
    expect(rest.join('\n')).toMatch(/^\n?1 entry audited: 1 read/m);
  });

  test('--baseline compares findings by what they are, not where: lines deleted above change nothing', async () => {
    const lines = readFileSync(join(root, 'fixtures/anthropic-batch/results.jsonl'), 'utf8')
      .split('\n')
      .filter(Boolean);
    const junk = ['not json', '{"cut":', 'also not json'];
    const log = join(work, 'baseline.jsonl');
    const previous = join(work, 'monday.json');
    writeFileSync(log, `${[...junk, ...lines, ...lines].join('\n')}\n`);
    const first = memoryIo();
    const findings = await main(['audit', '--json', log], first);
    expect(findings).toBe(1);
    writeFileSync(previous, first.stdout.text());
    const before = JSON.parse(first.stdout.text()).summary.findings as number;

    // The junk lines go: every other line moves up three, and its findings stay the same ones.
    writeFileSync(log, `${[...lines, ...lines].join('\n')}\n`);
    const same = memoryIo();
    expect(await main(['audit', '--baseline', previous, log], same)).toBe(0);
    expect(same.stdout.text()).toMatch(
      new RegExp(
        `^against ${previous.replaceAll('/', '\\/')}: 0 new findings, 3 fixed, ${before - 3} remaining$`,
        'm',
      ),
    );
    expect(same.stdout.text()).not.toContain(`${log}:`);

    // A new broken line is new, listed, and fails the run.
    writeFileSync(log, `${[...lines, ...lines, '{"broken":'].join('\n')}\n`);
    const worse = memoryIo();
    expect(await main(['audit', '--json', '--baseline', previous, log], worse)).toBe(1);
    const report = JSON.parse(worse.stdout.text());
    expect(report.summary.baseline).toEqual({
      file: previous,
      new: 1,
      fixed: 3,
      remaining: before - 3,
    });
    expect(report.entries.map((entry: { location: string }) => entry.location)).toEqual([
      `${log}:${2 * lines.length + 1}`,
    ]);
  });

  test('a baseline that is no report of this version is a usage error naming why', async () => {
    const old = join(work, 'old.json');
    writeFileSync(old, JSON.stringify({ version: 1, entries: [{ location: 'a', results: [] }] }));
    const io = memoryIo();
    expect(await main(['audit', '--baseline', old, join(root, 'fixtures/openai-chat')], io)).toBe(
      2,
    );
    expect(io.stderr.text()).toBe(
      `tool-call-health: --baseline ${old} has entries without a "key" (made before entries had one): make the baseline again\n`,
    );
  });

  test('a usage error goes to stderr with the way to the help, and exits 2', async () => {
    const io = memoryIo();
    expect(await main(['audit', '--only', 'everything', 'fixtures'], io)).toBe(2);
    expect(io.stdout.text()).toBe('');
    expect(io.stderr.text()).toBe(
      'tool-call-health: --only takes dispatch, truncation, strict, result, history (repeat it or separate with commas); got "everything"\n' +
        "Run 'tool-call-health audit --help' for usage.\n",
    );
  });

  test('a path that does not exist, or a file audit does not read, is a usage error', async () => {
    const io = memoryIo();
    expect(await main(['audit', join(work, 'missing')], io)).toBe(2);
    expect(io.stderr.text()).toMatch(/cannot read .*missing: ENOENT/);
    const notes = join(work, 'notes.md');
    writeFileSync(notes, 'x');
    const again = memoryIo();
    expect(await main(['audit', notes], again)).toBe(2);
    expect(again.stderr.text()).toContain('is not a recording audit reads');
  });

  test('a folder of logs: gzipped, rotated, .ndjson and .log read by content; every other file listed', async () => {
    const folder = join(work, 'week');
    mkdirSync(folder, { recursive: true });
    const batch = readFileSync(join(root, 'fixtures/anthropic-batch/results.jsonl'));
    const lines = batch.toString('utf8').split('\n').filter(Boolean).length;
    writeFileSync(join(folder, 'day-1.jsonl.gz'), gzipSync(batch));
    writeFileSync(join(folder, 'worker.jsonl.1'), batch);
    writeFileSync(join(folder, 'events.ndjson'), batch);
    writeFileSync(join(folder, 'app.log'), batch);
    writeFileSync(join(folder, 'server.log'), '2025-10-06T12:00:00Z INFO started\n');
    writeFileSync(join(folder, 'notes.md'), '# notes\n');
    writeFileSync(join(folder, 'logo.png'), Buffer.from([0x89, 0x50, 0x4e, 0x47]));
    writeFileSync(join(folder, 'cut.json.gz'), gzipSync('{"id":"msg_').subarray(0, 12));
    const io = memoryIo();
    await main(['audit', '--json', '--show-all', folder], io);
    const report = JSON.parse(io.stdout.text());
    const byFile = new Map<string, { status: string; detail: string }[]>();
    for (const entry of report.entries) {
      const file = entry.location.slice(folder.length + 1).split(':')[0];
      byFile.set(file, [
        ...(byFile.get(file) ?? []),
        { status: entry.status, detail: entry.results[0]?.detail ?? '' },
      ]);
    }
    for (const file of ['day-1.jsonl.gz', 'worker.jsonl.1', 'events.ndjson', 'app.log']) {
      expect(
        byFile.get(file)?.map(({ status }) => status),
        file,
      ).toEqual(Array(lines).fill('read'));
    }
    expect(byFile.get('server.log')).toEqual([
      {
        status: 'skipped',
        detail:
          'a text log, not a recording: its first line, "2025-10-06T12:00:00Z INFO started", is neither JSON nor an SSE field',
      },
    ]);
    expect(byFile.get('notes.md')).toEqual([
      { status: 'skipped', detail: 'not a recording audit reads (.md files are not read)' },
    ]);
    expect(byFile.get('logo.png')?.[0]?.detail).toBe(
      'not a recording audit reads (.png files are not read)',
    );
    expect(byFile.get('cut.json.gz')?.[0]).toMatchObject({
      status: 'unreadable',
      detail: expect.stringMatching(/^cannot read the file: /),
    });
    expect(report.summary.entries.audited).toBe(4 * lines + 4);
  });

  test('Ctrl-C stops the audit, prints the summary so far, and exits 130', async () => {
    const lines = `${Array.from({ length: 200 }, () => '{"custom_id":"a","result":{"type":"expired"}}').join('\n')}\n`;
    const file = join(work, 'many.jsonl');
    writeFileSync(file, lines);
    let interrupt: (signal: StopSignal) => void = () => {};
    const stdout = memoryOutput();
    const io = memoryIo({
      onInterrupt: (handler) => {
        interrupt = handler;
        return () => {};
      },
      stdout: {
        ...stdout,
        // At a terminal, which sees each finding as it is audited (a pipe gets them in batches),
        // Ctrl-C arrives as soon as the first one is printed.
        isTTY: true,
        write: async (text) => {
          await stdout.write(text);
          interrupt('SIGINT');
        },
      },
    });
    expect(await main(['audit', file], io)).toBe(130);
    const output = stdout.text();
    expect(output).toContain(`${file}:1 anthropic-messages\n`);
    expect(output).toContain('Interrupted: this summary covers only the entries audited so far.');
    expect(output).toMatch(/^1 entry audited: 1 read/m);
  });

  test('a pipe gets the output in pieces of about 64 KB, a terminal entry by entry, and both the same text', async () => {
    const lines = `${Array.from({ length: 400 }, () => '{"custom_id":"a","result":{"type":"expired"}}').join('\n')}\n`;
    const file = join(work, 'batched.jsonl');
    writeFileSync(file, lines);
    const run = async (isTTY: boolean) => {
      const writes: string[] = [];
      const stdout = memoryOutput({ isTTY });
      const io = memoryIo({
        stdout: {
          ...stdout,
          write: async (text) => {
            writes.push(text);
            await stdout.write(text);
          },
        },
      });
      await main(['audit', file], io);
      return { writes, text: stdout.text() };
    };
    const piped = await run(false);
    const terminal = await run(true);
    expect(piped.text).toBe(terminal.text);
    expect(terminal.writes.length).toBeGreaterThan(400);
    expect(piped.writes.length).toBeLessThan(terminal.writes.length / 20);
    for (const piece of piped.writes.slice(0, -1))
      expect(piece.length).toBeGreaterThanOrEqual(64 * 1024);
  });

  test.each([
    ['SIGINT', 130],
    ['SIGTERM', 143],
  ] as const)(
    'with --json, a run %s stops is a report marked incomplete, exit %i',
    async (signal, code) => {
      let stop: (signal: StopSignal) => void = () => {};
      const io = memoryIo({
        onInterrupt: (handler) => {
          stop = handler;
          return () => {};
        },
      });
      const running = main(['audit', '--json', join(root, 'fixtures')], io);
      stop(signal);
      expect(await running).toBe(code);
      expect(JSON.parse(io.stdout.text())).toMatchObject({ complete: false });
    },
  );
});

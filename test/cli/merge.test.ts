/**
 * `merge`: the --json reports of `audit --shard i/n` over the shipped fixtures, made one, are
 * the report of one unsharded run (entries, their order, every total; the text and the exit
 * code too), for 2 and for 5 shards given in any order; and reports that are no shards of one
 * run are refused, naming them.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import type { AuditReport } from '../../src/cli/json-report.js';
import { main } from '../../src/cli/main.js';
import { memoryIo, root } from './support.js';

const work = mkdtempSync(join(tmpdir(), 'tool-call-health-merge-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

/** The CLI in this process, from the repository root, as `tool-call-health <argv>`. */
async function cli(argv: string[]) {
  const io = memoryIo();
  const cwd = process.cwd();
  process.chdir(root);
  try {
    const code = await main(argv, io);
    return { code, stdout: io.stdout.text(), stderr: io.stderr.text() };
  } finally {
    process.chdir(cwd);
  }
}

/** Each shard's --json report, written to a file as CI would keep it; their paths. */
async function shardReports(count: number, extra: string[] = []): Promise<string[]> {
  const files: string[] = [];
  for (let index = 1; index <= count; index++) {
    const ran = await cli([
      'audit',
      '--json',
      '--shard',
      `${index}/${count}`,
      ...extra,
      'fixtures/',
    ]);
    const file = join(work, `shard-${index}-of-${count}${extra.join('')}.json`);
    writeFileSync(file, ran.stdout);
    files.push(file);
  }
  return files;
}

describe('merge makes the shards one run', () => {
  test.each([2, 5])('%i shards, given in any order, equal one unsharded run', async (count) => {
    const whole = await cli(['audit', '--json', 'fixtures/']);
    const files = (await shardReports(count)).reverse();
    const merged = await cli(['merge', '--json', ...files]);
    expect(merged.stderr).toBe('');
    expect(merged.code).toBe(whole.code);
    const one = JSON.parse(whole.stdout) as AuditReport;
    const made = JSON.parse(merged.stdout) as AuditReport;
    expect(made.entries.map((entry) => entry.location)).toEqual(
      one.entries.map((entry) => entry.location),
    );
    expect(made).toEqual(one);
    // As text too: the same entries, then the same summary.
    const text = await cli(['merge', ...files]);
    expect(text.stdout).toBe((await cli(['audit', 'fixtures/'])).stdout);
  });

  test('paths given out of sorted order keep their order, as the walk takes them', async () => {
    const paths = ['./fixtures/openai-chat/', 'fixtures/anthropic-messages'];
    const whole = await cli(['audit', '--json', ...paths]);
    const files: string[] = [];
    for (const index of [1, 2, 3]) {
      const ran = await cli(['audit', '--json', '--shard', `${index}/3`, ...paths]);
      files.push(join(work, `two-roots-${index}.json`));
      writeFileSync(files[files.length - 1] as string, ran.stdout);
    }
    const merged = JSON.parse((await cli(['merge', '--json', ...files])).stdout) as AuditReport;
    const one = JSON.parse(whole.stdout) as AuditReport;
    expect(one.entries[0]?.location).toMatch(/^fixtures\/openai-chat\//);
    expect(merged).toEqual(one);
  });

  test('writes the merged page with --html', async () => {
    const files = await shardReports(2);
    const page = join(work, 'merged.html');
    const merged = await cli(['merge', '--html', page, ...files]);
    expect(merged.code).toBe(1);
    expect(readFileSync(page, 'utf8')).toMatch(/^<!doctype html>/i);
  });
});

describe('merge refuses reports that are no shards of one run, naming them', () => {
  test('a gap, an overlap, another count of shards', async () => {
    const [first, second, third] = await shardReports(3);
    const gap = await cli(['merge', first as string, third as string]);
    expect(gap.code).toBe(2);
    expect(gap.stderr).toBe(
      'tool-call-health: merge: the shards leave a gap: 2/3 missing; merge all 3 shards\n',
    );
    const overlap = await cli([
      'merge',
      first as string,
      second as string,
      third as string,
      first as string,
    ]);
    expect(overlap.stderr).toContain(
      `the shards overlap: shard 1/3 (${first}, ${first}) given more than once`,
    );
    const [half] = await shardReports(2);
    const counts = await cli(['merge', half as string, second as string]);
    expect(counts.stderr).toContain('the reports differ in the number of shards');
    expect(counts.stderr).toContain(`${half}: 2`);
  });

  test('other --only, another report version, a whole run, a baseline, not JSON', async () => {
    const [first] = await shardReports(2);
    const [strictOnly] = await shardReports(2, ['--only', 'strict']);
    const only = await cli(['merge', first as string, strictOnly as string]);
    expect(only.stderr).toContain('the reports differ in --only');

    const report = JSON.parse(readFileSync(first as string, 'utf8')) as AuditReport;
    const write = (name: string, value: unknown) => {
      const file = join(work, name);
      writeFileSync(file, JSON.stringify(value));
      return file;
    };
    const older = write('older.json', { ...report, version: 1, shard: { index: 2, count: 2 } });
    expect((await cli(['merge', first as string, older])).stderr).toContain(
      'the reports differ in report version',
    );
    const whole = write('whole.json', { ...report, shard: null });
    expect((await cli(['merge', whole])).stderr).toBe(
      `tool-call-health: merge: ${whole} is the report of a whole run, not of a --shard i/n\n`,
    );
    const compared = write('compared.json', {
      ...report,
      summary: { ...report.summary, baseline: { new: 0, fixed: 0, remaining: 0 } },
    });
    expect((await cli(['merge', compared])).stderr).toContain('merge the shards first');
    const text = write('text.json', 'not a report');
    writeFileSync(text, 'fixtures/a.har:entries[0] openai-chat');
    expect((await cli(['merge', text])).stderr).toContain(`${text} is not JSON`);
  });

  test('warns, and merges, when only the tool-call-health versions differ', async () => {
    const [first, second] = await shardReports(2);
    const report = JSON.parse(readFileSync(second as string, 'utf8')) as AuditReport;
    const newer = join(work, 'newer.json');
    writeFileSync(
      newer,
      JSON.stringify({ ...report, generator: { ...report.generator, version: '9.9.9' } }),
    );
    const merged = await cli(['merge', '--json', first as string, newer]);
    expect(merged.code).toBe(1);
    expect(merged.stderr).toMatch(/different tool-call-health versions \(.*9\.9\.9\)/);
  });
});

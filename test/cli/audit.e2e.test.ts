import {
  copyFileSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { severityOf } from '../../src/cli/findings.js';
import type { AuditReport } from '../../src/cli/json-report.js';
import type { CallState, StrictState, TruncationState } from '../../src/index.js';
import { type BuiltCli, buildCli, fixtures, root, runBin } from './support.js';

/**
 * The built CLI as a user runs it: `node bin/tool-call-health.js audit ...` in a child process,
 * on the shipped corpus and on corpora made for one behaviour each.
 */
let cli: BuiltCli;
const work = mkdtempSync(join(tmpdir(), 'tool-call-health-audit-'));
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching ANSI escapes is the point
const ANSI = /\u001b\[/;

interface Expected {
  calls: CallState[];
  truncation: TruncationState;
  strict: StrictState;
}
const manifest: { scenarios: Array<{ file: string; expect: Expected | { lines: Expected[] } }> } =
  JSON.parse(readFileSync(join(fixtures, 'manifest.json'), 'utf8'));

const audit = (args: string[], options?: Parameters<typeof runBin>[2]) =>
  runBin(cli.bin, ['audit', ...args], options);
const report = (stdout: string): AuditReport => JSON.parse(stdout);

beforeAll(() => {
  cli = buildCli();
}, 120_000);
afterAll(() => {
  cli?.remove();
  rmSync(work, { recursive: true, force: true });
});

describe('audit, on the shipped corpus', () => {
  test('finds the findings, prints them like a linter, then the summary; exit code 1', async () => {
    const ran = await audit(['fixtures/']);
    expect(ran.code).toBe(1);
    expect(ran.stderr).toBe('');
    expect(ran.stdout).not.toMatch(ANSI);
    expect(ran.stdout).toContain(
      'fixtures/openai-chat/schema-violation.har:entries[0] openai-chat\n' +
        '  finding  dispatch    arguments-violate-schema  "issue_refund" (call_j6Vol2WiugX41NUOEj5LDhwb)\n',
    );
    expect(ran.stdout).toContain('fixtures/anthropic-batch/results.jsonl:1 anthropic-messages\n');
    expect(ran.stdout).toContain('fixtures/streams/openai-chat-cut-mid-arguments.har:entries[0]');
    // A ConverseStream recording is binary: read from the HAR's base64 bytes, never its text.
    expect(ran.stdout).toContain(
      'fixtures/bedrock-converse/stream-cut-before-message-stop.har:entries[0] bedrock-converse\n' +
        '  finding  dispatch    arguments-truncated  "lookup_order" (tooluse_uxJ1GvfVgAI5dqy7aucaMx)\n' +
        "           Cut mid-write: the connection ended before the stream's terminal event",
    );
    // fixtures/history/ holds requests the provider answered with a 400: their history is why.
    expect(ran.stdout).toContain(
      'fixtures/history/openai-chat.unanswered-call.json openai-chat\n' +
        '  finding  history     unanswered-call\n',
    );
    expect(ran.stdout).toMatch(/^85 entries audited: 83 read, 0 unreadable, 2 skipped$/m);
    expect(ran.stdout).toMatch(
      /^strict exposure: 3 of 12 at-risk turns voided the guarantee \(25%\)$/m,
    );
    expect(ran.stdout).toMatch(
      /^no guarantee: 8 argument objects came back in strict-void turns$/m,
    );
    expect(ran.stdout.trimEnd().split('\n').at(-1)).toMatch(
      /^\d+ findings in \d+ entries \(\d+ notes not shown/,
    );
  });

  test('--json: a stable report whose counts agree with the manifest', async () => {
    const ran = await audit(['--json', 'fixtures']);
    expect(ran.code).toBe(1);
    const parsed = report(ran.stdout);
    expect(parsed).toMatchObject({
      version: 2,
      command: 'audit',
      complete: true,
      shard: null,
      fetch: null,
    });
    expect(parsed.generator.name).toBe('tool-call-health');
    const expected = manifest.scenarios.flatMap((scenario) =>
      'lines' in scenario.expect ? scenario.expect.lines : [scenario.expect],
    );
    // The batch results appear twice in the corpus: as a .jsonl file and inside results.har.
    const batchLines = manifest.scenarios.flatMap((scenario) =>
      'lines' in scenario.expect ? scenario.expect.lines : [],
    );
    const all = [...expected, ...batchLines];
    expect(parsed.summary.states.strict['strict-void']).toBe(
      all.filter((e) => e.strict === 'strict-void').length,
    );
    expect(parsed.summary.calls).toBe(all.reduce((sum, e) => sum + e.calls.length, 0));
    const findings = all.reduce(
      (sum, e) =>
        sum +
        e.calls.filter((state) => severityOf('dispatch', state) === 'finding').length +
        (severityOf('truncation', e.truncation) === 'finding' ? 1 : 0) +
        (severityOf('strict', e.strict) === 'finding' ? 1 : 0),
      0,
    );
    // Each request of fixtures/history/ carries one history finding, the state its file names.
    const histories = readdirSync(join(fixtures, 'history')).map(
      (file) => JSON.parse(readFileSync(join(fixtures, 'history', file), 'utf8')).state as string,
    );
    expect(Object.values(parsed.summary.states.history).reduce((sum, n) => sum + n, 0)).toBe(
      histories.length,
    );
    expect(parsed.summary.findings).toBe(findings + histories.length);
    // Every turn counts in the totals by model and tool, findings or not.
    const { turns } = parsed.summary;
    const sum = (counts: number[]) => counts.reduce((total, n) => total + n, 0);
    expect(sum(turns.tools.map((tool) => tool.calls))).toBe(parsed.summary.calls);
    expect(sum(turns.models.map((model) => model.cut))).toBe(
      sum(
        Object.entries(parsed.summary.states.truncation)
          .filter(([state]) => severityOf('truncation', state as never) === 'finding')
          .map(([, count]) => count),
      ),
    );
    expect(sum(turns.outputShare.turns) + turns.outputShare.unknown).toBe(
      sum(turns.models.map((model) => model.turns)),
    );
    for (const entry of parsed.entries) {
      expect(entry.results.length).toBeGreaterThan(0);
      for (const result of entry.results) expect(result.severity).toBe('finding');
    }
  });

  test('--only strict: only the strict diagnosis runs, and only its findings count', async () => {
    const ran = await audit(['--only', 'strict', '--json', 'fixtures']);
    const parsed = report(ran.stdout);
    expect(parsed.only).toEqual(['strict']);
    expect(
      new Set(parsed.entries.flatMap((entry) => entry.results.map((r) => r.diagnosis))),
    ).toEqual(new Set(['strict']));
    expect(parsed.summary.states.dispatch).toEqual({});
    expect(parsed.summary.findings).toBe(15);
    const human = await audit(['--only', 'dispatch,truncation', 'fixtures']);
    expect(human.stdout).not.toMatch(/^ {2}finding {2}strict/m);
    expect(human.stdout).not.toContain('strict exposure');
  });

  test('--shard 1/3, 2/3, 3/3: together the whole corpus, with no entry twice', async () => {
    const whole = report((await audit(['--json', '--show-all', 'fixtures'])).stdout);
    const shards = await Promise.all(
      ['1/3', '2/3', '3/3'].map(async (shard) => {
        const ran = await audit(['--json', '--show-all', '--shard', shard, 'fixtures']);
        expect([0, 1]).toContain(ran.code);
        return report(ran.stdout);
      }),
    );
    const locations = shards.map((shard) => shard.entries.map((entry) => entry.location));
    expect(locations.flat().sort()).toEqual(whole.entries.map((entry) => entry.location).sort());
    expect(new Set(locations.flat()).size).toBe(whole.entries.length);
    expect(locations.every((taken) => taken.length > 0)).toBe(true);
    // A shard reads only its share of the files, so the shards' counts add up to the whole.
    expect(shards.reduce((sum, shard) => sum + shard.summary.entries.audited, 0)).toBe(
      whole.summary.entries.audited,
    );
    expect(shards.reduce((sum, shard) => sum + shard.summary.findings, 0)).toBe(
      whole.summary.findings,
    );
  });

  test('--help, audit --help and --version', async () => {
    const help = await runBin(cli.bin, ['--help']);
    expect(help.code).toBe(0);
    expect(help.stdout).toMatch(/^tool-call-health \d+\.\d+\.\d+/);
    const auditHelp = await runBin(cli.bin, ['audit', '--help']);
    expect(auditHelp.stdout).toMatch(/^Usage: tool-call-health audit \[options\] <paths\.\.\.>/);
    const version = await runBin(cli.bin, ['--version']);
    expect(version.stdout).toBe(
      `${JSON.parse(readFileSync(join(dirname(cli.bin), '../package.json'), 'utf8')).version}\n`,
    );
  });
});

describe('audit, on corpora made for one behaviour each', () => {
  test('a folder of only healthy recordings exits 0', async () => {
    const healthy = manifest.scenarios.filter((scenario) => {
      if ('lines' in scenario.expect) return false;
      const { calls, truncation, strict } = scenario.expect;
      return (
        calls.every((state) => severityOf('dispatch', state) !== 'finding') &&
        severityOf('truncation', truncation) !== 'finding' &&
        severityOf('strict', strict) !== 'finding'
      );
    });
    expect(healthy.length).toBeGreaterThanOrEqual(8);
    const folder = join(work, 'healthy');
    for (const scenario of healthy) {
      mkdirSync(dirname(join(folder, scenario.file)), { recursive: true });
      copyFileSync(join(fixtures, scenario.file), join(folder, scenario.file));
    }
    const ran = await audit([folder]);
    expect(ran.code).toBe(0);
    expect(ran.stdout).toMatch(
      new RegExp(`^${healthy.length} entries audited: ${healthy.length} read`, 'm'),
    );
    expect(ran.stdout).toMatch(/^No findings \(\d+ notes not shown; --show-all lists them\)\.$/m);
  });

  test('a JSONL with a bad line in the middle: reported with its line number, the rest audited', async () => {
    const lines = readFileSync(join(fixtures, 'anthropic-batch/results.jsonl'), 'utf8')
      .trimEnd()
      .split('\n');
    const file = join(work, 'batch-with-a-cut-line.jsonl');
    writeFileSync(
      file,
      [lines[1], lines[0]?.slice(0, 180), '', lines[2], 'not json', lines[3]].join('\n'),
    );
    const ran = await audit(['--show-all', file]);
    expect(ran.code).toBe(1);
    expect(ran.stdout).toContain(
      `${file}:2\n  finding  input       unreadable\n           line 2 is cut short (`,
    );
    expect(ran.stdout).toContain(
      `${file}:5\n  finding  input       unreadable\n           line 5 is not JSON: `,
    );
    for (const line of [1, 4, 6])
      expect(ran.stdout).toContain(`${file}:${line} anthropic-messages\n`);
    expect(ran.stdout).not.toContain(`${file}:3`);
    expect(ran.stdout).toMatch(/^5 entries audited: 3 read, 2 unreadable, 0 skipped$/m);
  });

  test('an SSE transcript cut mid-stream is stream-cut, its open call arguments-truncated', async () => {
    const har = JSON.parse(
      readFileSync(join(fixtures, 'streams/openai-chat-cut-mid-arguments.har'), 'utf8'),
    );
    const sse: string = har.log.entries[0].response.content.text;
    const file = join(work, 'cut.sse');
    writeFileSync(file, sse);
    const ran = await audit(['--json', file]);
    expect(ran.code).toBe(1);
    const [entry] = report(ran.stdout).entries;
    expect(entry?.location).toBe(file);
    expect(entry?.results.map((r) => [r.diagnosis, r.state])).toEqual([
      ['dispatch', 'arguments-truncated'],
      ['truncation', 'stream-cut'],
    ]);
    const whole = join(work, 'whole.txt');
    writeFileSync(whole, harText('streams/openai-responses-function-call.har'));
    expect((await audit([whole])).code).toBe(0);
  });

  test('nothing readable, or a path that does not exist: exit code 2', async () => {
    const missing = await audit([join(work, 'no-such-folder')]);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toMatch(/^tool-call-health: cannot read .*no-such-folder: ENOENT/);
    const folder = join(work, 'no-recordings');
    mkdirSync(folder);
    writeFileSync(join(folder, 'notes.txt'), 'nothing streamed here\n');
    writeFileSync(join(folder, 'package.json'), '{"name": "x"}');
    const nothing = await audit([folder]);
    expect(nothing.code).toBe(2);
    expect(nothing.stderr).toBe(
      'tool-call-health: nothing readable: none of the 2 entries found could be diagnosed: 2 skipped, not a model payload (--show-all says why)\n',
    );
    const empty = join(work, 'empty-folder');
    mkdirSync(empty);
    expect((await audit([empty])).stderr).toBe(
      'tool-call-health: nothing readable: no entries were found\n',
    );
  });

  test('Ctrl-C prints the summary so far and exits 130', async () => {
    const file = longJsonl('large.jsonl');
    const ran = await auditStoppedAt([file], `${file}:1 `, 'SIGINT');
    expect(ran.code).toBe(130);
    expect(ran.stdout).toContain(
      'Interrupted: this summary covers only the entries audited so far.',
    );
    // Counts are written with thousands separators; under load the signal may land late.
    const audited = Number(
      /^([\d,]+) entr(?:y|ies) audited/m.exec(ran.stdout)?.[1]?.replaceAll(',', ''),
    );
    expect(audited).toBeGreaterThan(0);
    expect(audited).toBeLessThan(LONG_RUN_LINES);
  }, 60_000);
});

describe('audit --jobs', () => {
  /** The shipped corpus, the MCP logs, and a JSONL long enough for several batches per job. */
  function mixedCorpus(): string {
    const folder = join(work, 'jobs');
    mkdirSync(folder, { recursive: true });
    const lines = readFileSync(join(fixtures, 'anthropic-batch/results.jsonl'), 'utf8')
      .split('\n')
      .filter(Boolean);
    const many = Array.from({ length: 1500 }, (_, index) => lines[index % lines.length]);
    writeFileSync(join(folder, 'many.jsonl'), `${many.join('\n')}\n`);
    // First in the folder: more than a block of entries with nothing to list.
    const har = JSON.parse(
      readFileSync(join(fixtures, 'openai-responses/healthy-call.har'), 'utf8'),
    );
    const healthy = JSON.stringify(JSON.parse(har.log.entries[0].response.content.text));
    writeFileSync(join(folder, 'a-healthy.jsonl'), `${Array(300).fill(healthy).join('\n')}\n`);
    for (const log of readdirSync(join(root, 'test/cli/fixtures/mcp'))) {
      if (log.endsWith('.jsonl'))
        copyFileSync(join(root, 'test/cli/fixtures/mcp', log), join(folder, log));
    }
    return folder;
  }

  test('any number of jobs writes what one job writes: entries, order, summary, exit code', async () => {
    const corpus = mixedCorpus();
    const previous = join(work, 'jobs-baseline.json');
    writeFileSync(previous, (await audit(['--json', '--jobs', '1', corpus])).stdout);
    for (const options of [
      [],
      // The first entry listed comes in a later block than the first.
      ['--json'],
      ['--format', 'lines'],
      ['--json', '--show-all', '--shard', '2/3'],
      // Each entry back on the main thread: judged against a baseline, kept for a page.
      ['--baseline', previous, '--html', join(work, 'jobs-page.html')],
    ]) {
      const one = await audit([...options, '--jobs', '1', corpus, 'fixtures/']);
      for (const jobs of options.length === 0 ? ['2', '3'] : ['3']) {
        const many = await audit([...options, '--jobs', jobs, corpus, 'fixtures/']);
        expect(many.stderr, `${options.join(' ')} --jobs ${jobs}`).toBe('');
        expect(many.code).toBe(one.code);
        expect(many.stdout === one.stdout, `${options.join(' ')} --jobs ${jobs}`).toBe(true);
      }
    }
  }, 120_000);

  test('SIGTERM (a cancelled CI job) stops the run with the summary so far, exit code 143', async () => {
    const file = longJsonl('terminated.jsonl');
    const ran = await auditStoppedAt(['--json', file], '"entries": [', 'SIGTERM');
    expect(ran.code).toBe(143);
    const parsed = report(ran.stdout);
    expect(parsed.complete).toBe(false);
    expect(parsed.summary.entries.audited).toBeGreaterThan(0);
    expect(parsed.summary.entries.audited).toBeLessThan(LONG_RUN_LINES);
  }, 60_000);

  test('Ctrl-C stops every job, and the report is still one JSON document', async () => {
    const file = longJsonl('jobs-interrupted.jsonl');
    const ran = await auditStoppedAt(['--json', '--jobs', '2', file], '"entries": [', 'SIGINT');
    expect(ran.code).toBe(130);
    const parsed = report(ran.stdout);
    expect(parsed.complete).toBe(false);
    expect(parsed.summary.entries.audited).toBeLessThan(LONG_RUN_LINES);
    expect(parsed.entries).toHaveLength(parsed.summary.entries.withFindings);
  }, 60_000);
});

/** Lines in a file long enough that a signal sent at its first output stops the run midway. */
const LONG_RUN_LINES = 40_000;

/** A JSONL of {@link LONG_RUN_LINES} copies of one batch results line. */
function longJsonl(name: string): string {
  const line = readFileSync(join(fixtures, 'anthropic-batch/results.jsonl'), 'utf8').split('\n')[0];
  const file = join(work, name);
  writeFileSync(file, `${Array.from({ length: LONG_RUN_LINES }, () => line).join('\n')}\n`);
  return file;
}

/** Runs the audit, sending `signal` once, as soon as stdout holds `marker`. */
async function auditStoppedAt(args: string[], marker: string, signal: NodeJS.Signals) {
  let sent = false;
  const ran = await audit(args, {
    onStdout: (soFar, child) => {
      if (!sent && soFar.includes(marker)) {
        sent = true;
        child.kill(signal);
      }
    },
  });
  expect(sent).toBe(true);
  return ran;
}

function harText(file: string): string {
  return JSON.parse(readFileSync(join(fixtures, file), 'utf8')).log.entries[0].response.content
    .text;
}

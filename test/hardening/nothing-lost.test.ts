/**
 * Nothing lost: in an audit every input entry is accounted for. The report lists one entry per
 * HAR entry, JSONL line, JSON array element and stream file, whether it could be read or not;
 * the summary's totals add up to the entries found; unreadable ones are listed with why, even
 * without --show-all; and shards split a corpus without dropping or doubling an entry.
 */
import {
  copyFileSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { AuditReport } from '../../src/cli/json-report.js';
import { type LocalServer, runCli, startServer } from './local-server.js';
import { filesUnder, fixturesFolder, root } from './support.js';

const work = mkdtempSync(join(tmpdir(), 'tool-call-health-nothing-lost-'));
const corpus = join(work, 'corpus');
afterAll(() => rmSync(work, { recursive: true, force: true }));

interface HarLike {
  log: { entries: Array<{ response?: { content?: { mimeType?: string; text?: string } } }> };
}

/**
 * How many entries a file holds, counted here independently of the CLI: one per HAR entry (one
 * per non-blank line of a JSONL body), per JSONL line that is not blank, per JSON array element,
 * one for any other file, and one for a file that cannot be read at all.
 */
function expectedEntries(path: string): number {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch {
    return 1;
  }
  const nonBlank = (lines: string) =>
    lines.split(/\r?\n/).filter((line) => line.trim() !== '').length;
  if (path.endsWith('.jsonl')) return nonBlank(text);
  if (path.endsWith('.sse') || path.endsWith('.txt')) return 1;
  let document: unknown;
  try {
    document = JSON.parse(text);
  } catch {
    return 1;
  }
  const entries = (document as Partial<HarLike>)?.log?.entries;
  if (Array.isArray(entries)) {
    return entries.reduce((sum, entry) => {
      const content = entry?.response?.content;
      return sum + (/jsonl/.test(content?.mimeType ?? '') ? nonBlank(content?.text ?? '') : 1);
    }, 0);
  }
  return path.endsWith('.json') && Array.isArray(document) ? document.length : 1;
}

const goodHar = readFileSync(join(fixturesFolder, 'openai-chat/healthy-call.har'), 'utf8');
const goodResponse = (JSON.parse(goodHar) as HarLike).log.entries[0]?.response?.content?.text ?? '';

beforeAll(() => {
  mkdirSync(corpus, { recursive: true });
  for (const file of filesUnder(fixturesFolder)) {
    if (/\.(har|jsonl)$/.test(file))
      copyFileSync(
        join(root, file),
        join(corpus, `${basename(file, '.har')}-${file.split('/')[1]}.${file.split('.').pop()}`),
      );
  }
  const har = JSON.parse(goodHar) as HarLike;
  writeFileSync(
    join(corpus, 'one-bad-entry.har'),
    JSON.stringify({
      log: { entries: [har.log.entries[0], { request: {} }, 42, har.log.entries[0]] },
    }),
  );
  writeFileSync(
    join(corpus, 'mixed.jsonl'),
    [
      goodResponse.replaceAll('\n', ''),
      '',
      '{"cut": ',
      '   ',
      'not json',
      '{"custom_id":"x","result":{"type":"errored"}}\r',
      '[]',
    ].join('\n'),
  );
  writeFileSync(
    join(corpus, 'array.json'),
    JSON.stringify([JSON.parse(goodResponse), null, 'text', {}, [1]]),
  );
  writeFileSync(join(corpus, 'empty.json'), '');
  writeFileSync(join(corpus, 'binary.har'), new Uint8Array([0, 1, 2, 0xff, 0xfe]));
  writeFileSync(join(corpus, 'no-data.txt'), 'just some notes\n');
  writeFileSync(
    join(corpus, 'cut.sse'),
    'data: {"object":"chat.completion.chunk","choices":[{"index":0,"delta":{"content":"Hi"}}]}\n\n',
  );
  symlinkSync('nowhere.json', join(corpus, 'dangling.json'));
  writeFileSync(join(corpus, 'ignored.csv'), 'a,b\n');
});

function corpusEntries(): number {
  return (
    filesUnder(corpus)
      .concat(['dangling.json'].map((name) => join(corpus, name)))
      // Every file is an entry at least: a file that is no recording (ignored.csv) is listed as
      // skipped, with why.
      .reduce(
        (sum, file) => sum + expectedEntries(file.startsWith('/') ? file : join(root, file)),
        0,
      )
  );
}

describe('an audit accounts for every entry', () => {
  test('the report lists every entry found, and the totals add up to them', async () => {
    const expected = corpusEntries();
    expect(expected).toBeGreaterThan(60);
    const run = await runCli(['audit', '--json', '--show-all', corpus]);
    const report = JSON.parse(run.stdout) as AuditReport;
    const { entries } = report.summary;
    expect(report.entries).toHaveLength(expected);
    expect(entries.audited).toBe(expected);
    expect(
      entries.read + entries.unreadable + entries.skipped + entries.notFound + entries.fetchFailed,
    ).toBe(entries.audited);
    expect(new Set(report.entries.map((entry) => entry.location)).size).toBe(expected);
    for (const status of ['read', 'unreadable', 'skipped'] as const) {
      expect(report.entries.filter((entry) => entry.status === status)).toHaveLength(
        entries[status],
      );
    }
    expect(run.code).toBe(1);
  });

  test('unreadable entries are listed with why, without --show-all too', async () => {
    const all = JSON.parse(
      (await runCli(['audit', '--json', '--show-all', corpus])).stdout,
    ) as AuditReport;
    const findingsOnly = JSON.parse(
      (await runCli(['audit', '--json', corpus])).stdout,
    ) as AuditReport;
    const unreadable = (report: AuditReport) =>
      report.entries
        .filter((entry) => entry.status === 'unreadable')
        .map((entry) => [entry.location.slice(corpus.length + 1), entry.results[0]?.detail]);
    expect(unreadable(findingsOnly)).toEqual(unreadable(all));
    expect(unreadable(all)).toEqual([
      ['binary.har', 'the file is not JSON: expected a value but found U+0000 (at character 0)'],
      ['dangling.json', 'cannot read the file: ENOENT: no such file or directory'],
      [
        'mixed.jsonl:3',
        "line 3 is cut short (ends after ':', before the value; 1 unclosed container): a prefix of JSON, as a write or a download that stopped early leaves it.",
      ],
      [
        'mixed.jsonl:5',
        "line 5 is not JSON: expected the literal 'null' but found 'o' after 'n' (at character 1)",
      ],
      ['one-bad-entry.har:entries[1]', 'response is missing'],
      ['one-bad-entry.har:entries[2]', 'the entry is not an object'],
    ]);
    expect(findingsOnly.summary).toEqual(all.summary);
  });

  test('the text summary states the same totals', async () => {
    const report = JSON.parse((await runCli(['audit', '--json', corpus])).stdout) as AuditReport;
    const { audited, read, unreadable, skipped } = report.summary.entries;
    const text = await runCli(['audit', corpus]);
    expect(text.stdout).toContain(
      `${audited} entries audited: ${read} read, ${unreadable} unreadable, ${skipped} skipped`,
    );
  });

  test('three shards together audit every entry exactly once', async () => {
    const expected = corpusEntries();
    const seen: string[] = [];
    let audited = 0;
    for (const shard of ['1/3', '2/3', '3/3']) {
      const report = JSON.parse(
        (await runCli(['audit', '--json', '--show-all', '--shard', shard, corpus])).stdout,
      ) as AuditReport;
      audited += report.summary.entries.audited;
      seen.push(...report.entries.map((entry) => entry.location));
    }
    expect(audited).toBe(expected);
    expect(seen).toHaveLength(expected);
    expect(new Set(seen).size).toBe(expected);
  });
});

describe('a fetch accounts for every id', () => {
  let server: LocalServer;
  beforeAll(async () => {
    server = await startServer((request, response) => {
      const id = request.url?.split('/').pop();
      if (id === 'resp_ok') {
        response.writeHead(200, { 'content-type': 'application/json' });
        response.end(goodResponse);
      } else if (id === 'resp_gone') {
        response.writeHead(404, { 'content-type': 'application/json' });
        response.end('{"error":{"message":"not found"}}');
      } else {
        response.writeHead(503, { 'content-type': 'application/json' });
        response.end('{"error":{"message":"down"}}');
      }
    });
  });
  afterAll(() => server.close());

  test('requested = fetched + not found + failed; invalid lines and repeats are listed', async () => {
    const ids = join(work, 'ids.txt');
    writeFileSync(
      ids,
      ['resp_ok', 'resp_gone', 'resp_down', 'resp_ok', 'nonsense', '', '# note'].join('\n'),
    );
    const run = await runCli(
      [
        'fetch',
        '--ids',
        ids,
        '--base-url',
        server.base,
        '--max-retries',
        '0',
        '--json',
        '--show-all',
      ],
      { OPENAI_API_KEY: 'tch-hardening-key-0001' },
    );
    const report = JSON.parse(run.stdout) as AuditReport;
    const fetch = report.fetch;
    expect(fetch?.requested.responses).toBe(3);
    expect(
      (fetch?.fetched.responses ?? 0) + (fetch?.notFound.length ?? 0) + (fetch?.failed.length ?? 0),
    ).toBe(3);
    expect(fetch?.invalidIds).toEqual([
      { line: 5, problem: expect.stringMatching(/^not a response id/) },
    ]);
    expect(fetch?.duplicateIds).toBe(1);
    expect(report.entries.map((entry) => [entry.location, entry.status])).toEqual([
      ['resp_ok', 'read'],
      ['resp_gone', 'not-found'],
      ['resp_down', 'fetch-failed'],
    ]);
    expect(report.summary.entries.audited).toBe(3);
  });
});

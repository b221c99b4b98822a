import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { AuditReport } from '../../src/cli/json-report.js';
import { type BuiltCli, buildCli, cleanEnv, fixtures, type Ran, runBin } from './support.js';

/**
 * `fetch` end to end: the built CLI in a child process against a local server playing OpenAI
 * and Anthropic, with recognisable fake keys that must never show up in any output or file.
 */
const OPENAI_KEY = 'sk-proj-TCHfakeKEYdoNOTleak000111';
// Not key-shaped, so only the literal scrub can catch it.
const ANTHROPIC_KEY = 'tch-fake-anthropic-key-999';
const BATCH = 'msgbatch_01xXx6BZr1ZHB2jcYcWh4NbA';

let cli: BuiltCli;
let server: Server;
let base: string;
const work = mkdtempSync(join(tmpdir(), 'tool-call-health-fetch-e2e-'));
const requests: Array<{ path: string; headers: IncomingMessage['headers'] }> = [];
const served = new Map<string, number>();

const har = (file: string, index = 0): string =>
  JSON.parse(readFileSync(join(fixtures, file), 'utf8')).log.entries[index].response.content.text;
// The stored response echoes a key in its metadata, as a careless app might: --save must redact it.
const stored = JSON.stringify({
  ...JSON.parse(har('openai-responses/strict-void-fanout.har')),
  metadata: { debug: `called with ${OPENAI_KEY}` },
});
const batchResults = readFileSync(join(fixtures, 'anthropic-batch/results.jsonl'), 'utf8');

/** What the provider answers: a status and a JSON body, or a JSONL body streamed in pieces. */
type Answer =
  | { status: number; body: unknown; headers?: Record<string, string> }
  | { status: 200; jsonl: string };

/** The provider: each path's answer, by how many times it has been asked. */
function answer(path: string, headers: IncomingMessage['headers'], times: number): Answer {
  if (path.startsWith('/v1/responses/')) {
    if (headers.authorization !== `Bearer ${OPENAI_KEY}`) {
      // OpenAI echoes part of a wrong key; the CLI must not pass any of it on.
      const message = `Incorrect API key provided: ${headers.authorization}`;
      return { status: 401, body: { error: { message, type: 'invalid_request_error' } } };
    }
    const id = path.slice('/v1/responses/'.length);
    const found = { status: 200, body: JSON.parse(stored) };
    switch (id) {
      case 'resp_known':
        return found;
      case 'resp_rate_limited':
        return times > 1
          ? found
          : {
              status: 429,
              body: { error: { message: 'Rate limit reached' } },
              headers: { 'retry-after': '1' },
            };
      case 'resp_overloaded':
        return times > 1 ? found : { status: 503, body: { error: { message: 'overloaded' } } };
      case 'resp_down':
        return { status: 503, body: { error: { message: 'down' } } };
      default:
        return {
          status: 404,
          body: {
            error: { message: `No response found with id '${id}'.`, type: 'invalid_request_error' },
          },
        };
    }
  }
  if (headers['x-api-key'] !== ANTHROPIC_KEY || headers['anthropic-version'] !== '2023-06-01') {
    return {
      status: 401,
      body: {
        type: 'error',
        error: { type: 'authentication_error', message: 'invalid x-api-key' },
      },
    };
  }
  if (path === `/v1/messages/batches/${BATCH}`) {
    const results_url = `${base}/messages/batches/${BATCH}/results`;
    return {
      status: 200,
      body: { id: BATCH, type: 'message_batch', processing_status: 'ended', results_url },
    };
  }
  if (path === `/v1/messages/batches/${BATCH}/results`) return { status: 200, jsonl: batchResults };
  return {
    status: 404,
    body: { type: 'error', error: { type: 'not_found_error', message: 'not found' } },
  };
}

function play(request: IncomingMessage, response: ServerResponse): void {
  const path = request.url ?? '';
  requests.push({ path, headers: request.headers });
  const times = (served.get(path) ?? 0) + 1;
  served.set(path, times);
  const reply = answer(path, request.headers, times);
  if ('jsonl' in reply) {
    response.writeHead(200, { 'content-type': 'application/x-jsonl' });
    // In pieces that split lines, as a network delivers them.
    response.write(reply.jsonl.slice(0, 700));
    setTimeout(() => response.end(reply.jsonl.slice(700)), 20);
    return;
  }
  response.writeHead(reply.status, { 'content-type': 'application/json', ...reply.headers });
  response.end(JSON.stringify(reply.body));
}

/** The keys, and the recognisable part of the OpenAI one, are in none of these texts. */
function expectNoKeys(...texts: string[]): void {
  for (const text of texts) {
    expect(text).not.toContain(OPENAI_KEY);
    expect(text).not.toContain(ANTHROPIC_KEY);
    expect(text).not.toContain('TCHfakeKEY');
  }
}

/** Runs `fetch` against the local server; every run's output is checked for the keys too. */
async function fetchCli(args: string[], env: Record<string, string> = {}): Promise<Ran> {
  const ran = await runBin(cli.bin, ['fetch', ...args, '--base-url', base, '--max-wait', '0.05'], {
    env: cleanEnv({ OPENAI_API_KEY: OPENAI_KEY, ANTHROPIC_API_KEY: ANTHROPIC_KEY, ...env }),
    cwd: work,
  });
  expectNoKeys(ran.stdout, ran.stderr);
  return ran;
}

function idsFile(name: string, lines: string[]): string {
  const file = join(work, name);
  writeFileSync(file, `${lines.join('\n')}\n`);
  return file;
}

beforeAll(async () => {
  cli = buildCli();
  server = createServer(play);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
}, 120_000);

afterAll(async () => {
  if (server !== undefined) await new Promise<void>((resolve) => server.close(() => resolve()));
  cli?.remove();
  rmSync(work, { recursive: true, force: true });
});

describe('fetch --ids, against a local OpenAI', () => {
  test('audits what it fetched: 200s audited, a 404 reported, 429 and 503 retried', async () => {
    served.clear();
    const ids = idsFile('ids.txt', [
      '# sampled from production, 2025-06-01',
      'resp_known',
      'resp_known',
      '',
      'resp_expired',
      'https://api.openai.com/v1/responses/resp_known',
      'resp_rate_limited',
      'resp_overloaded',
    ]);
    const ran = await fetchCli(['--ids', ids]);
    expect(ran.code).toBe(1);
    expect(ran.stderr).toContain(
      `${ids}:6: not a response id: expected resp_ followed by letters, digits, _ or - only; skipped`,
    );
    expect(ran.stderr).toContain(`${ids}: 1 repeated id dropped`);
    expect(ran.stderr).toContain('resp_expired: 404, expired or never stored; skipped');
    expect(ran.stderr).toMatch(/resp_rate_limited: HTTP 429; retry 1 of 4 in \d+\.\d s/);
    expect(ran.stderr).toMatch(/resp_overloaded: HTTP 503; retry 1 of 4 in \d+\.\d s/);
    for (const id of ['resp_known', 'resp_rate_limited', 'resp_overloaded']) {
      expect(ran.stdout).toContain(`${id} openai-responses\n`);
    }
    expect(ran.stdout).toMatch(/^ {2}finding {2}strict {6}strict-void$/m);
    expect(ran.stdout).toMatch(
      /^4 entries audited: 3 read, 0 unreadable, 0 skipped, 1 not found$/m,
    );
    expect(served.get('/v1/responses/resp_rate_limited')).toBe(2);
    expect(served.get('/v1/responses/resp_overloaded')).toBe(2);
    expect(served.get('/v1/responses/resp_known')).toBe(1);
  });

  test('--json carries the fetch section: what was asked, got, missed and retried', async () => {
    const ids = idsFile('ids-json.txt', [
      'resp_known',
      'resp_expired',
      'resp_rate_limited',
      'not-an-id',
    ]);
    served.clear();
    const ran = await fetchCli(['--ids', ids, '--json']);
    expect(ran.code).toBe(1);
    const report: AuditReport = JSON.parse(ran.stdout);
    expect(report.command).toBe('fetch');
    expect(report.fetch).toEqual({
      requested: { responses: 3, batches: 0 },
      invalidIds: [
        {
          line: 4,
          problem: 'not a response id: expected resp_ followed by letters, digits, _ or - only',
        },
      ],
      duplicateIds: 0,
      fetched: { responses: 2, batchLines: 0 },
      notFound: ['resp_expired'],
      failed: [],
      retries: 1,
    });
  });

  test('retries run out: the id is given up on, as a finding', async () => {
    const ids = idsFile('ids-down.txt', ['resp_known', 'resp_down']);
    served.clear();
    const ran = await fetchCli(['--ids', ids, '--max-retries', '2']);
    expect(ran.code).toBe(1);
    expect(served.get('/v1/responses/resp_down')).toBe(3);
    expect(ran.stdout).toContain(
      'resp_down\n  finding  input       fetch-failed\n           HTTP 503 after 3 tries\n',
    );
  });

  test('a refused key: exit code 2, a clear message, and not a character of the key', async () => {
    const ids = idsFile('ids-401.txt', ['resp_known', 'resp_expired']);
    const ran = await fetchCli(['--ids', ids], {
      OPENAI_API_KEY: 'sk-proj-WRONGkeyALSOfake123456',
    });
    expect(ran.code).toBe(2);
    expect(ran.stdout).toBe('');
    expect(ran.stderr).toBe(
      'tool-call-health: OpenAI answered 401 for resp_known: the key in OPENAI_API_KEY is missing, invalid or revoked. Nothing more was fetched.\n',
    );
    expect(ran.stderr).not.toContain('WRONGkey');
  });

  test('no key set: exit code 2 before any request', async () => {
    const before = requests.length;
    const ran = await fetchCli(['--ids', idsFile('ids-nokey.txt', ['resp_known'])], {
      OPENAI_API_KEY: '',
    });
    expect(ran.code).toBe(2);
    expect(ran.stderr).toBe(
      'tool-call-health: OPENAI_API_KEY is not set; fetch reads stored responses with it\n',
    );
    expect(requests.length).toBe(before);
  });
});

describe('fetch --batch, against a local Anthropic', () => {
  test('streams the results JSONL and audits each line: the cut tool_use line is found', async () => {
    const ran = await fetchCli(['--batch', BATCH]);
    expect(ran.code).toBe(1);
    expect(ran.stdout).toContain(
      `${BATCH}:1 anthropic-messages\n  finding  dispatch    arguments-truncated  "create_ticket" (toolu_01fZEDEWzB3so8kYBn9z1XGt)\n`,
    );
    expect(ran.stdout).toMatch(/^ {2}finding {2}truncation {2}truncated-tool-use$/m);
    expect(ran.stdout).toMatch(/^4 entries audited: 4 read/m);
    const batchRequests = requests.filter((request) =>
      request.path.startsWith('/v1/messages/batches/'),
    );
    expect(batchRequests.at(-1)?.headers).toMatchObject({ 'anthropic-version': '2023-06-01' });
  });

  test('an unknown batch is reported as not found', async () => {
    const ran = await fetchCli(['--batch', 'msgbatch_nope']);
    expect(ran.code).toBe(2);
    expect(ran.stderr).toContain('msgbatch_nope: 404, no such batch; skipped');
  });
});

describe('fetch --save', () => {
  test('writes redacted recordings that audit reads', async () => {
    const folder = join(work, 'saved');
    const ids = idsFile('ids-save.txt', ['resp_known', 'resp_expired']);
    const ran = await fetchCli(['--ids', ids, '--batch', BATCH, '--save', folder]);
    expect(ran.code).toBe(0);
    expect(ran.stdout).toBe(
      `Saved 2 files to ${folder}: 1 response, 4 batch results lines; 1 not found.\n` +
        `Audit them with: tool-call-health audit ${folder}\n`,
    );
    expect(readdirSync(folder).sort()).toEqual([`${BATCH}.jsonl`, 'resp_known.json']);
    const saved = JSON.parse(readFileSync(join(folder, 'resp_known.json'), 'utf8'));
    expect(saved.metadata.debug).toBe('called with [REDACTED]');
    expect(readFileSync(join(folder, `${BATCH}.jsonl`), 'utf8')).toBe(batchResults);

    const audited = await runBin(cli.bin, ['audit', '--json', folder]);
    expectNoKeys(audited.stdout, audited.stderr);
    expect(audited.code).toBe(1);
    const report: AuditReport = JSON.parse(audited.stdout);
    expect(report.summary.entries).toMatchObject({ audited: 5, read: 5 });
  });
});

describe('keys', () => {
  // Every fetch above checks its own output; this run, which saves, checks what it leaves behind
  // too, whatever order the tests run in.
  test('never appear in any output or saved file', async () => {
    const folder = join(work, 'saved-for-keys');
    const ids = idsFile('ids-keys.txt', ['resp_known', 'resp_expired']);
    const ran = await fetchCli(['--ids', ids, '--batch', BATCH, '--save', folder]);
    expect(ran.code).toBe(0);
    const audited = await runBin(cli.bin, ['audit', '--json', folder]);
    const files = readdirSync(folder, { recursive: true, withFileTypes: true })
      .filter((item) => item.isFile())
      .map((item) => readFileSync(join(item.parentPath, item.name), 'utf8'));
    expect(files).toHaveLength(2);
    // The stored response echoes the key in its metadata: the saved copy must not.
    expect(files.join('\n')).toContain('[REDACTED]');
    expectNoKeys(ran.stdout, ran.stderr, audited.stdout, audited.stderr, ...files);
  });
});

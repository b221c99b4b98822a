import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import type { AuditReport } from '../../src/cli/json-report.js';
import { main } from '../../src/cli/main.js';
import { fixtures, memoryIo } from './support.js';

/**
 * `fetch` in-process against a fake `fetch`, to see what a real server cannot show: how long
 * each wait was, and exactly which requests were made with which headers.
 */
const OPENAI_KEY = 'sk-proj-FAKEKEYforTESTSonly0123456789';
const ANTHROPIC_KEY = 'tch-fake-anthropic-key-4242';
const work = mkdtempSync(join(tmpdir(), 'tool-call-health-fetch-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

function harResponse(file: string, index = 0): string {
  const har = JSON.parse(readFileSync(join(fixtures, file), 'utf8'));
  return har.log.entries[index].response.content.text;
}
const storedResponse = harResponse('openai-responses/strict-void-fanout.har');
const batchResults = readFileSync(join(fixtures, 'anthropic-batch/results.jsonl'), 'utf8');

type Reply = { status: number; body?: string; headers?: Record<string, string> } | 'refused';

/** A fake fetch that plays each URL's replies in turn and records every request. */
function fakeFetch(script: Record<string, Reply[]>) {
  const requests: Array<{ url: string; headers: Record<string, string>; redirect?: string }> = [];
  const fetch = (async (input: string | URL | Request, init?: RequestInit) => {
    const url = String(input);
    requests.push({
      url,
      headers: Object.fromEntries(new Headers(init?.headers).entries()),
      redirect: init?.redirect,
    });
    const reply = script[url]?.shift();
    if (reply === undefined)
      return new Response('{"error":{"message":"unscripted"}}', { status: 418 });
    if (reply === 'refused') {
      throw Object.assign(new TypeError('fetch failed'), {
        cause: Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:1'), {
          code: 'ECONNREFUSED',
        }),
      });
    }
    return new Response(reply.body ?? '', { status: reply.status, headers: reply.headers });
  }) as typeof globalThis.fetch;
  return { fetch, requests };
}

function idsFile(lines: string[]): string {
  const file = join(work, `ids-${Math.random().toString(36).slice(2)}.txt`);
  writeFileSync(file, `${lines.join('\n')}\n`);
  return file;
}

const BASE = 'https://proxy.test/v1';
const ok = (body: string = storedResponse): Reply => ({
  status: 200,
  body,
  headers: { 'content-type': 'application/json' },
});

describe('fetch --ids', () => {
  test('retries wait as the server asks, back off otherwise, and are capped', async () => {
    const { fetch, requests } = fakeFetch({
      [`${BASE}/responses/resp_a`]: [{ status: 429, headers: { 'retry-after': '1' } }, ok()],
      [`${BASE}/responses/resp_b`]: [{ status: 503 }, { status: 502 }, ok()],
      [`${BASE}/responses/resp_c`]: [
        { status: 429, headers: { 'retry-after': 'Sun, 01 Jun 2025 12:00:07 GMT' } },
        ok(),
      ],
      [`${BASE}/responses/resp_d`]: [{ status: 429, headers: { 'retry-after': '120' } }, ok()],
      [`${BASE}/responses/resp_e`]: ['refused', { status: 503 }, { status: 503 }],
    });
    const waits: number[] = [];
    const io = memoryIo({
      fetch,
      env: { OPENAI_API_KEY: OPENAI_KEY },
      sleep: async (ms) => {
        waits.push(ms);
      },
    });
    const ids = idsFile(['resp_a', 'resp_b', 'resp_c', 'resp_d', 'resp_e']);
    const argv = [
      'fetch',
      '--ids',
      ids,
      '--base-url',
      BASE,
      '--max-wait',
      '5',
      '--max-retries',
      '2',
      '--json',
    ];
    expect(await main(argv, io)).toBe(1);
    // resp_a: retry-after 1 s; resp_b: backoff 0.5 s then 1 s; resp_c: an HTTP date 7 s ahead,
    // capped at 5 s; resp_d: 120 s capped at 5 s; resp_e: backoff twice, then given up on.
    expect(waits).toEqual([1000, 500, 1000, 5000, 5000, 500, 1000]);
    const report: AuditReport = JSON.parse(io.stdout.text());
    expect(report.fetch).toMatchObject({
      requested: { responses: 5, batches: 0 },
      fetched: { responses: 4, batchLines: 0 },
      retries: 7,
      failed: [{ id: 'resp_e', problem: 'HTTP 503 after 3 tries' }],
    });
    expect(report.entries.map((entry) => [entry.location, entry.results[0]?.state])).toContainEqual(
      ['resp_e', 'fetch-failed'],
    );
    expect(io.stderr.text()).toContain(
      'resp_e: connection failed (ECONNREFUSED); retry 1 of 2 in 0.5 s',
    );
    expect(io.stderr.text()).toContain('resp_a: HTTP 429; retry 1 of 2 in 1.0 s');
    // The key travels in the header only, and never follows a redirect.
    for (const request of requests) {
      expect(request.headers.authorization).toBe(`Bearer ${OPENAI_KEY}`);
      expect(request.redirect).toBe('manual');
      expect(request.url).not.toContain(OPENAI_KEY);
    }
    expect(io.stdout.text() + io.stderr.text()).not.toContain(OPENAI_KEY);
  });

  test('invalid lines are reported by number and never requested; 404 is expired or never stored', async () => {
    const { fetch, requests } = fakeFetch({
      [`${BASE}/responses/resp_ok`]: [ok()],
      [`${BASE}/responses/resp_gone`]: [
        { status: 404, body: '{"error":{"message":"Response with id \'resp_gone\' not found."}}' },
      ],
    });
    const io = memoryIo({ fetch, env: { OPENAI_API_KEY: OPENAI_KEY, OPENAI_BASE_URL: BASE } });
    const ids = idsFile([
      '# sample',
      'resp_ok',
      'resp_ok',
      '../../admin',
      'resp_gone',
      'resp_a?x=1',
    ]);
    expect(await main(['fetch', '--ids', ids, '--show-all'], io)).toBe(1);
    expect(requests.map((request) => request.url)).toEqual([
      `${BASE}/responses/resp_ok`,
      `${BASE}/responses/resp_gone`,
    ]);
    const stderr = io.stderr.text();
    expect(stderr).toContain(
      `${ids}:4: not a response id: expected resp_ followed by letters, digits, _ or - only; skipped`,
    );
    expect(stderr).toContain(`${ids}:6: not a response id`);
    expect(stderr).toContain(`${ids}: 1 repeated id dropped`);
    expect(stderr).toContain('resp_gone: 404, expired or never stored; skipped');
    expect(io.stdout.text()).toContain('resp_gone\n  note     input       not-found');
    expect(io.stdout.text()).toContain('resp_ok openai-responses\n');
  });

  test('a refused key stops the run with exit code 2 and names the variable, never the key', async () => {
    const { fetch, requests } = fakeFetch({
      [`${BASE}/responses/resp_1`]: [
        { status: 401, body: `{"error":{"message":"Incorrect API key provided: ${OPENAI_KEY}"}}` },
      ],
    });
    const io = memoryIo({ fetch, env: { OPENAI_API_KEY: OPENAI_KEY } });
    const ids = idsFile(['resp_1', 'resp_2']);
    expect(await main(['fetch', '--ids', ids, '--base-url', BASE], io)).toBe(2);
    expect(requests).toHaveLength(1);
    expect(io.stderr.text()).toContain(
      'tool-call-health: OpenAI answered 401 for resp_1: the key in OPENAI_API_KEY is missing, invalid or revoked. Nothing more was fetched.',
    );
    expect(io.stdout.text() + io.stderr.text()).not.toContain(OPENAI_KEY);
  });

  test('no key, or no valid id: exit code 2 before any request', async () => {
    const { fetch, requests } = fakeFetch({});
    const noKey = memoryIo({ fetch, env: {} });
    expect(await main(['fetch', '--ids', idsFile(['resp_1'])], noKey)).toBe(2);
    expect(noKey.stderr.text()).toBe(
      'tool-call-health: OPENAI_API_KEY is not set; fetch reads stored responses with it\n',
    );
    const noIds = memoryIo({ fetch, env: { OPENAI_API_KEY: OPENAI_KEY } });
    expect(await main(['fetch', '--ids', idsFile(['# nothing yet'])], noIds)).toBe(2);
    expect(noIds.stderr.text()).toMatch(/no valid id to fetch in /);
    const missingFile = memoryIo({ fetch, env: { OPENAI_API_KEY: OPENAI_KEY } });
    expect(await main(['fetch', '--ids', join(work, 'nope.txt')], missingFile)).toBe(2);
    // Named in words, as audit names a file it cannot read, not by the bare errno code.
    expect(missingFile.stderr.text()).toBe(
      `tool-call-health: cannot read the ids file ${join(work, 'nope.txt')}: ENOENT: no such file or directory\n`,
    );
    expect(requests).toEqual([]);
  });

  test('all ids expired: nothing to audit, exit code 2', async () => {
    const { fetch } = fakeFetch({ [`${BASE}/responses/resp_1`]: [{ status: 404 }] });
    const io = memoryIo({ fetch, env: { OPENAI_API_KEY: OPENAI_KEY } });
    expect(await main(['fetch', '--ids', idsFile(['resp_1']), '--base-url', BASE], io)).toBe(2);
    expect(io.stderr.text()).toContain(
      'nothing readable: the one entry found could not be diagnosed: 1 not found',
    );
  });
});

describe('fetch --batch', () => {
  const batch = 'msgbatch_01xXx6BZr1ZHB2jcYcWh4NbA';
  const ended = (resultsUrl: string) =>
    ok(
      JSON.stringify({
        id: batch,
        type: 'message_batch',
        processing_status: 'ended',
        results_url: resultsUrl,
      }),
    );

  test('reads the batch, then its results_url, with the Anthropic headers; lines are located', async () => {
    const resultsUrl = `https://proxy.test/v1/messages/batches/${batch}/results`;
    const { fetch, requests } = fakeFetch({
      [`https://proxy.test/v1/messages/batches/${batch}`]: [ended(resultsUrl)],
      [resultsUrl]: [
        { status: 200, body: batchResults, headers: { 'content-type': 'application/x-jsonl' } },
      ],
    });
    // ANTHROPIC_BASE_URL is the host root in the Anthropic SDK; /v1 is added.
    const io = memoryIo({
      fetch,
      env: { ANTHROPIC_API_KEY: ANTHROPIC_KEY, ANTHROPIC_BASE_URL: 'https://proxy.test' },
    });
    expect(await main(['fetch', '--batch', batch, '--json'], io)).toBe(1);
    expect(requests.map((request) => request.url)).toEqual([
      `https://proxy.test/v1/messages/batches/${batch}`,
      resultsUrl,
    ]);
    for (const request of requests) {
      expect(request.headers).toMatchObject({
        'x-api-key': ANTHROPIC_KEY,
        'anthropic-version': '2023-06-01',
      });
    }
    const report: AuditReport = JSON.parse(io.stdout.text());
    expect(
      report.entries.map((entry) => [entry.location, entry.results.map((r) => r.state)]),
    ).toEqual([
      [`${batch}:1`, ['arguments-truncated', 'truncated-tool-use']],
      [`${batch}:3`, ['not-succeeded']],
      [`${batch}:4`, ['not-succeeded']],
    ]);
    expect(report.fetch?.fetched.batchLines).toBe(4);
    expect(io.stdout.text() + io.stderr.text()).not.toContain(ANTHROPIC_KEY);
  });

  test('a results_url on another host is not followed with the key: the path under the base is read', async () => {
    const { fetch, requests } = fakeFetch({
      [`${BASE}/messages/batches/${batch}`]: [
        ended(`https://elsewhere.example/v1/messages/batches/${batch}/results`),
      ],
      [`${BASE}/messages/batches/${batch}/results`]: [{ status: 200, body: batchResults }],
    });
    const io = memoryIo({ fetch, env: { ANTHROPIC_API_KEY: ANTHROPIC_KEY } });
    expect(await main(['fetch', '--batch', batch, '--base-url', BASE], io)).toBe(1);
    expect(requests.map((request) => new URL(request.url).host)).toEqual([
      'proxy.test',
      'proxy.test',
    ]);
  });

  test('a batch still processing has no results yet: reported, exit code 2 as nothing was read', async () => {
    const { fetch } = fakeFetch({
      [`${BASE}/messages/batches/${batch}`]: [
        ok(JSON.stringify({ id: batch, processing_status: 'in_progress', results_url: null })),
      ],
    });
    const io = memoryIo({ fetch, env: { ANTHROPIC_API_KEY: ANTHROPIC_KEY } });
    expect(await main(['fetch', '--batch', batch, '--base-url', BASE], io)).toBe(2);
    expect(io.stdout.text()).toContain(
      'the batch has not ended (processing_status "in_progress"), so it has no results yet',
    );
  });
});

/**
 * `audit` on a HAR of MCP's Streamable HTTP traffic: its JSON-RPC messages, answered by JSON or
 * by SSE, are paired and judged as an MCP log's are. The HAR is real SDK traffic
 * (test/cli/fixtures/mcp-http/, rebuilt and compared here).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { auditEntry } from '../../src/cli/audit-entry.js';
import type { AuditedEntry, PendingEntry } from '../../src/cli/entry.js';
import { DIAGNOSES } from '../../src/cli/findings.js';
import { jsonlReader } from '../../src/cli/mcp-log-detect.js';
import { documentEntries } from '../../src/cli/recordings.js';
import { mcpMessages } from '../../src/har/mcp.js';
import { harExchanges } from '../../src/har/read.js';
import { harOf } from '../msw/support.js';
import { chatRequest, chatResponse } from '../support/payloads.js';
import { recordStreamableHttpHar } from './fixtures/mcp-http/record-har.mjs';
import { root } from './support.js';

const file = 'test/cli/fixtures/mcp-http/streamable-http.har';
const text = readFileSync(join(root, file), 'utf8');

async function audited(pending: PendingEntry[]): Promise<AuditedEntry[]> {
  return Promise.all(pending.map(async (entry) => auditEntry(await entry.open(), DIAGNOSES)));
}

const statesOf = (entries: AuditedEntry[]) =>
  entries.map((entry) => entry.results.map((result) => `${result.diagnosis}:${result.state}`));

describe('the committed HAR is real SDK traffic', () => {
  /** The recording without what the clock and the system decide: times, dates, the port. */
  const steady = (document: unknown) =>
    JSON.parse(
      JSON.stringify(document)
        .replace(/127\.0\.0\.1:\d+/g, '127.0.0.1:PORT')
        .replace(/"startedDateTime":"[^"]*"/g, '"startedDateTime":""')
        .replace(/"(time|wait)":[\d.]+/g, '"$1":0')
        .replace(/\{"name":"date","value":"[^"]*"\}/g, '{"name":"date","value":""}'),
    );

  test('recording again gives the committed file, but for the clock and the port', async () => {
    expect(steady(await recordStreamableHttpHar())).toEqual(steady(JSON.parse(text)));
  });
});

describe('audit <file.har> of Streamable HTTP traffic', () => {
  test('each tools/call is paired with its answer and its session tools/list, JSON or SSE alike', async () => {
    const entries = await audited(documentEntries(text, file, 'har'));
    expect(
      Object.fromEntries(
        entries.map((entry) => [entry.location, entry.results.map((result) => result.state)]),
      ),
    ).toEqual({
      [`${file}:entries[4] (session sse-session, id 2, answered in entries[4] response event 1)`]: [
        'dispatchable',
        'matches-output-schema',
      ],
      // McpServer refuses the number and answers with isError: the call broke the inputSchema,
      // and the answer says so in the SDK's own words (an input validation error).
      [`${file}:entries[5] (session sse-session, id 3, answered in entries[5] response event 1)`]: [
        'arguments-violate-schema',
        'arguments-violate-schema',
      ],
      // Its answer is the stream's second event, after notifications/tools/list_changed.
      [`${file}:entries[6] (session sse-session, id 4, answered in entries[6] response event 2)`]: [
        'dispatchable',
        'no-output-schema',
      ],
      // Added by the change, called before listing again: not an unknown tool.
      [`${file}:entries[7] (session sse-session, id 5, answered in entries[7] response event 1)`]: [
        'dispatchable-unconstrained',
      ],
      [`${file}:entries[8] (session sse-session, id 6, answered in entries[8] response event 1)`]: [
        'dispatchable',
        'matches-output-schema',
      ],
      [`${file}:entries[10] (session sse-session, id 8, answered in entries[10] response event 1)`]:
        ['arguments-violate-schema', 'arguments-violate-schema'],
      [`${file}:entries[15] (session json-session, id 2, answered in entries[15] response)`]: [
        'dispatchable',
        'matches-output-schema',
      ],
      [`${file}:entries[16] (session json-session, id 3, answered in entries[16] response)`]: [
        'unknown-tool',
        'unknown-tool',
      ],
      [`${file}:entries[17] (session json-session, id 4, answered in entries[17] response)`]: [
        'dispatchable',
        'no-output-schema',
      ],
      [file]: ['all-paired'],
    });
    expect(entries[3]?.results[0]?.detail).toMatch(
      /^No tool named "issue_refund" is in the tools\/list of entries\[3\] response event 1, but the server said its tools changed \(notifications\/tools\/list_changed, entries\[6\] response event 1\)/,
    );
    expect(entries.at(-1)?.mcpLog).toEqual({
      logs: 1,
      messages: 32,
      exchanges: 9,
      toolLists: 3,
      unpaired: {},
    });
  });

  test('judged as the same messages written as an MCP log would be', async () => {
    const lines = mcpMessages(harExchanges(JSON.parse(text))).map(
      ({ session, direction, message }) => JSON.stringify({ session, direction, message }),
    );
    const reader = jsonlReader('log.jsonl');
    const pending = lines.flatMap((line, index) => reader.line(line, index + 1));
    pending.push(...reader.end());
    const fromLog = await audited(pending);
    const fromHar = await audited(documentEntries(text, file, 'har'));
    expect(statesOf(fromHar)).toEqual(statesOf(fromLog));
    expect(fromHar.at(-1)?.mcpLog).toEqual(fromLog.at(-1)?.mcpLog);
  });

  test('beside a model API exchange, each is read as what it is', async () => {
    const model = harOf({
      url: 'https://api.openai.com/v1/chat/completions',
      request: chatRequest(),
      response: chatResponse({ text: 'hi' }),
    });
    const har = JSON.parse(text);
    har.log.entries.unshift(model.log.entries[0]);
    const entries = await audited(documentEntries(JSON.stringify(har), 'mixed.har', 'har'));
    expect(entries[0]).toMatchObject({
      location: 'mixed.har:entries[0]',
      surface: 'openai-chat',
      subject: 'model-output',
    });
    expect(entries.slice(1).every((entry) => entry.surface === 'mcp')).toBe(true);
    expect(entries[1]?.location).toBe(
      'mixed.har:entries[5] (session sse-session, id 2, answered in entries[5] response event 1)',
    );
    expect(entries.at(-1)?.location).toBe('mixed.har');
  });

  test('what is no JSON-RPC in an MCP exchange is named, never dropped', async () => {
    const har = JSON.parse(text);
    const entry = har.log.entries[4];
    entry.response.content.text = 'event: message\ndata: {"cut": \n\n';
    const entries = await audited(documentEntries(JSON.stringify(har), 'cut.har', 'har'));
    expect(entries.at(-1)?.results[0]?.detail).toBe(
      '1 body or event of the MCP exchanges is not JSON, so the message it held was neither paired nor audited.',
    );
    expect(entries.at(-1)?.results.map((result) => [result.state, result.problems])).toEqual([
      ['unparseable-line', [expect.stringMatching(/^entries\[4\] response event 1: cut short/)]],
      [
        'unanswered-request',
        ['entries[4] request: tools/call "get_order" (session sse-session, id 2)'],
      ],
    ]);
  });
});

/**
 * The MCP-log reader in process: how a JSONL file's kind is decided, how messages pair, and
 * what is named when they do not. The logs are the committed recordings of real SDK traffic
 * (test/cli/fixtures/mcp/, rebuilt and compared here), or lines cut from them.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { auditEntry } from '../../src/cli/audit-entry.js';
import type { AuditedEntry, PendingEntry } from '../../src/cli/entry.js';
import { DIAGNOSES } from '../../src/cli/findings.js';
import { formatEntry, PLAIN } from '../../src/cli/format.js';
import { mcpLogReader } from '../../src/cli/mcp-log.js';
import { jsonlReader } from '../../src/cli/mcp-log-detect.js';
import { addToTally, createTally, summarise } from '../../src/cli/summary.js';
import { recordMcpLogs } from './fixtures/mcp/record-logs.mjs';
import { root } from './support.js';

const folder = join(root, 'test/cli/fixtures/mcp');
const logText = (name: string) => readFileSync(join(folder, name), 'utf8');
const linesOf = (text: string) => text.split('\n').slice(0, -1);

/** Every entry of a JSONL text, audited, as `audit` would. */
async function audit(
  text: string | string[],
  file = 'log.jsonl',
  only = DIAGNOSES,
): Promise<AuditedEntry[]> {
  const reader = jsonlReader(file);
  const lines = typeof text === 'string' ? linesOf(text) : text;
  const pending: PendingEntry[] = [];
  for (const [index, line] of lines.entries()) pending.push(...reader.line(line, index + 1));
  pending.push(...reader.end());
  return Promise.all(pending.map(async (entry) => auditEntry(await entry.open(), only)));
}

const states = (entries: AuditedEntry[]) =>
  entries.flatMap((entry) => entry.results.map((result) => `${result.diagnosis}:${result.state}`));
const closing = (entries: AuditedEntry[]) => entries.at(-1)!;

describe('the committed logs are real SDK traffic', () => {
  test('recording again gives the committed files byte for byte', async () => {
    const fresh = await recordMcpLogs();
    for (const [name, text] of Object.entries(fresh)) expect(logText(name), name).toBe(text);
  });
});

describe('a JSONL file is read as an MCP log from its first lines', () => {
  test('JSON-RPC lines, and the proxy form, are a log: one entry per tools/call and a closing one', async () => {
    const entries = await audit(logText('healthy.jsonl'));
    expect(entries.map((entry) => entry.location)).toEqual([
      'log.jsonl:10 (id 4, answered on line 11)',
      'log.jsonl:12 (id 5, answered on line 13)',
      'log.jsonl:16 (id 6, answered on line 17)',
      'log.jsonl:18 (id 7, answered on line 19)',
      'log.jsonl',
    ]);
    expect(entries.every((entry) => entry.surface === 'mcp')).toBe(true);
    const proxy = await audit(logText('proxy.jsonl'));
    expect(proxy.at(-1)?.mcpLog).toMatchObject({ logs: 1, messages: 28, exchanges: 5 });
  });

  test('batch results, responses and exchanges stay one entry a line', async () => {
    const batch = readFileSync(join(root, 'fixtures/anthropic-batch/results.jsonl'), 'utf8');
    const entries = await audit(batch, 'results.jsonl');
    expect(entries.map((entry) => entry.location)).toEqual(
      linesOf(batch).map((_, index) => `results.jsonl:${index + 1}`),
    );
    expect(entries.every((entry) => entry.surface === 'anthropic-messages')).toBe(true);
  });

  test('a payload among the first lines keeps the file one entry a line, JSON-RPC or not', async () => {
    const [initialize] = linesOf(logText('healthy.jsonl'));
    const batchLine = linesOf(
      readFileSync(join(root, 'fixtures/anthropic-batch/results.jsonl'), 'utf8'),
    )[0]!;
    const entries = await audit([initialize!, batchLine]);
    expect(entries.map((entry) => entry.location)).toEqual(['log.jsonl:1', 'log.jsonl:2']);
    expect(entries[0]?.status).toBe('skipped');
  });

  test('MCP exchanges { tools, call, result } one a line are payloads, judged by dispatch and result', async () => {
    const messages = linesOf(logText('faults.jsonl')).map((line) => JSON.parse(line));
    const list = messages.find((message) => message.result?.tools !== undefined);
    const call = messages.find((message) => message.params?.name === 'get_invoice');
    const answer = messages.find((message) => message.id === call.id && message.result);
    const entries = await audit([JSON.stringify({ tools: list, call, result: answer })]);
    expect(entries[0]?.location).toBe('log.jsonl:1');
    expect(states(entries)).toEqual(['dispatch:dispatchable', 'result:violates-output-schema']);
  });

  // A real capture logged an application's own events, {"type":"request","method":"call_tool"}:
  // they were read as JSON-RPC notifications and the log reported "every one paired".
  const events = [
    '{"type":"request","count":3,"method":"call_tool","params":{"name":"get_weather"}}',
    '{"type":"response","count":3,"result":{"content":[]}}',
    '{"type":"request","count":4,"method":"list_tools"}',
  ];

  test('lines with a method but no "jsonrpc": "2.0" are no log: each is its own entry, none healthy', async () => {
    const entries = await audit(events);
    expect(entries.map((entry) => [entry.location, entry.status])).toEqual([
      ['log.jsonl:1', 'skipped'],
      ['log.jsonl:2', 'skipped'],
      ['log.jsonl:3', 'skipped'],
    ]);
  });

  test('among JSON-RPC lines, they are counted and named as not-json-rpc, and the log is not all-paired', async () => {
    const log = closing(await audit([...linesOf(logText('healthy.jsonl')), ...events]));
    const named = log.results.find((result) => result.state === 'not-json-rpc');
    expect(named?.problems).toEqual([
      'line 20: an object with keys "type", "count", "method", "params": no "jsonrpc": "2.0", which every JSON-RPC message carries',
      'line 21: an object with keys "type", "count", "result": no method, and no result or error with an id',
      'line 22: an object with keys "type", "count", "method": no "jsonrpc": "2.0", which every JSON-RPC message carries',
    ]);
    expect(log.results.map((result) => result.state)).not.toContain('all-paired');
    expect(log.mcpLog).toMatchObject({ messages: 19, unpaired: { 'not-json-rpc': 3 } });
  });

  test('an unparseable opening decides nothing; a file of junk is still one entry a line', async () => {
    const entries = await audit(['{"jsonrpc":', 'not json', '{"a":1}']);
    expect(entries.map((entry) => entry.status)).toEqual(['unreadable', 'unreadable', 'skipped']);
    const log = await audit(['{"jsonrpc":', ...linesOf(logText('healthy.jsonl'))]);
    expect(closing(log).results[0]).toMatchObject({
      state: 'unparseable-line',
      problems: [expect.stringMatching(/^line 1: cut short/)],
    });
  });
});

describe('pairing', () => {
  test('every state of both diagnoses in one log of faults, each exchange named by its lines', async () => {
    const entries = await audit(logText('faults.jsonl'), 'faults.jsonl');
    expect(
      Object.fromEntries(
        entries.map((entry) => [entry.location, entry.results.map((result) => result.state)]),
      ),
    ).toEqual({
      'faults.jsonl:4 (id 1, answered on line 5)': ['dispatchable-unconstrained'],
      'faults.jsonl:8 (id 3, answered on line 9)': ['dispatchable', 'violates-output-schema'],
      'faults.jsonl:10 (id 4, answered on line 11)': ['dispatchable', 'structured-content-missing'],
      'faults.jsonl:12 (id 5, answered on line 13)': ['dispatchable', 'schema-invalid'],
      'faults.jsonl:14 (id 6, answered on line 15)': ['dispatchable', 'protocol-error'],
      'faults.jsonl:16 (id 7, answered on line 17)': ['unknown-tool', 'unknown-tool'],
      'faults.jsonl:18 (id 8, answered on line 19)': [
        'arguments-violate-schema',
        'matches-output-schema',
      ],
      'faults.jsonl:20 (id 9, answered on line 21)': ['arguments-unparseable', 'protocol-error'],
      'faults.jsonl:22 (id 10, answered on line 23)': ['schema-invalid', 'no-output-schema'],
      'faults.jsonl:24 (id 11, cancelled)': ['dispatchable'],
      'faults.jsonl:26 (id 12, never answered)': ['dispatchable'],
      'faults.jsonl': ['unanswered-request', 'cancelled-request', 'call-before-tools-list'],
    });
    const log = closing(entries);
    expect(log.results.map((result) => [result.state, result.severity, result.problems])).toEqual([
      ['unanswered-request', 'finding', ['line 26: tools/call "wait_for_stock" (id 12)']],
      ['cancelled-request', 'note', ['line 24: tools/call "wait_for_stock" (id 11)']],
      ['call-before-tools-list', 'note', ['line 4: tools/call "get_order" (id 1)']],
    ]);
    // The call made before tools/list is judged with its tools unknown, and says so.
    expect(entries[0]?.results[0]?.detail).toMatch(/no tools\/list came with this MCP call/);
  });

  test('the healthy session: tool errors and tools with no outputSchema are notes; a paged tools/list is read whole', async () => {
    const entries = await audit(logText('healthy.jsonl'));
    expect(states(entries)).toEqual([
      'dispatch:dispatchable',
      'result:matches-output-schema',
      'dispatch:dispatchable',
      'result:matches-output-schema',
      'dispatch:dispatchable',
      'result:no-output-schema',
      'dispatch:dispatchable',
      'result:tool-error',
      'mcp-log:all-paired',
    ]);
    expect(closing(entries).mcpLog).toEqual({
      logs: 1,
      messages: 19,
      exchanges: 4,
      toolLists: 3,
      unpaired: {},
    });
  });

  test("the SDK's McpServer: its own validation errors are findings, each for whoever broke the schema", async () => {
    const entries = await audit(logText('mcp-server.jsonl'), 'mcp-server.jsonl');
    expect(
      Object.fromEntries(
        entries.map((entry) => [
          entry.location,
          entry.results.map((result) => `${result.diagnosis}:${result.state}:${result.severity}`),
        ]),
      ),
    ).toEqual({
      'mcp-server.jsonl:6 (id 2, answered on line 7)': [
        'dispatch:dispatchable:healthy',
        'result:matches-output-schema:healthy',
      ],
      'mcp-server.jsonl:8 (id 3, answered on line 9)': [
        'dispatch:dispatchable:healthy',
        'result:violates-output-schema:finding',
      ],
      'mcp-server.jsonl:10 (id 4, answered on line 11)': [
        'dispatch:dispatchable:healthy',
        'result:structured-content-missing:finding',
      ],
      // The tool's own failure, sent by the McpServer in the same form, stays a note.
      'mcp-server.jsonl:12 (id 5, answered on line 13)': [
        'dispatch:dispatchable:healthy',
        'result:tool-error:note',
      ],
      'mcp-server.jsonl:14 (id 6, answered on line 15)': [
        'dispatch:arguments-violate-schema:finding',
        'result:arguments-violate-schema:finding',
      ],
      'mcp-server.jsonl': ['mcp-log:all-paired:healthy'],
    });
    expect(entries[1]?.results[1]).toMatchObject({
      problems: [
        'structuredContent: Invalid input: expected number, received string at amount_cents',
      ],
      repairs: [expect.stringMatching(/^Fix the tool behind "get_invoice"/)],
    });
    expect(entries[4]?.results[1]?.repairs[0]).toMatch(
      /^Check the arguments of each call to "get_invoice" against its inputSchema before sending it/,
    );
  });

  test('by session: the same id in two sessions, each call judged against its own tools/list', async () => {
    const entries = await audit(logText('proxy.jsonl'), 'proxy.jsonl');
    const byLocation = Object.fromEntries(
      entries.map((entry) => [entry.location, entry.results.map((result) => result.state)]),
    );
    expect(byLocation).toMatchObject({
      'proxy.jsonl:11 (session a, id 2, answered on line 13)': [
        'dispatchable',
        'matches-output-schema',
      ],
      // Session b runs the legacy server, whose get_order takes `id`.
      'proxy.jsonl:12 (session b, id 2, answered on line 14)': [
        'arguments-violate-schema',
        'matches-output-schema',
      ],
    });
  });

  test("by direction: the server's ping id 3 and the client's tools/call id 3 in flight at once pair apart", async () => {
    const entries = await audit(logText('proxy.jsonl'), 'proxy.jsonl');
    expect(entries[2]?.location).toBe('proxy.jsonl:15 (session a, id 3, answered on line 24)');
    expect(entries[2]?.results.map((result) => result.state)).toEqual([
      'dispatchable',
      'no-output-schema',
    ]);
    expect(closing(entries).results.map((result) => result.state)).toEqual(['all-paired']);
  });

  test('1 and "1" are different ids: an answer with its id retyped answers nothing', async () => {
    const entries = await audit(logText('damaged.jsonl'), 'damaged.jsonl');
    const log = closing(entries);
    expect(log.results.map((result) => [result.state, result.problems])).toEqual([
      [
        'unparseable-line',
        [
          'line 8: cut short (ends inside a string; 4 unclosed containers): a prefix of JSON, as a write or a download that stopped early leaves it.',
        ],
      ],
      [
        'not-json-rpc',
        [
          'line 4: an object with keys "level", "msg", "pid": no method, and no result or error with an id',
        ],
      ],
      [
        'orphan-response',
        [
          'line 1: a result for id 1, read as a tools/list result by its shape',
          'line 3: a result for id "2"',
          'line 7: a result for id 3',
        ],
      ],
      ['unanswered-request', ['line 2: tools/call "get_order" (id 2)']],
    ]);
    // The tools/list read by its shape still gives the later calls their schemas.
    expect(states(entries)).toContain('result:matches-output-schema');
  });

  test('1 and "1" in one session are two requests: each pairs with its own answer, and every label tells them apart', async () => {
    const lines = linesOf(logText('healthy.jsonl')).map((line) => JSON.parse(line));
    const callAt = lines.findIndex((message) => message.params?.name === 'get_order');
    const call = lines[callAt];
    const answer = lines.find((message) => message.id === call.id && 'result' in message);
    const retyped = (message: Record<string, unknown>) => ({ ...message, id: String(call.id) });
    // Both ids in flight at once: the string-id call answered first, the number-id one after.
    const log = [
      ...lines.slice(0, callAt),
      call,
      retyped({ ...call, params: { name: 'get_order', arguments: { order_id: 1001 } } }),
      retyped(answer),
      answer,
    ].map((message) => JSON.stringify(message));
    const entries = await audit(log);
    const at = callAt + 1;
    expect(entries.slice(0, 2).map((entry) => entry.location)).toEqual([
      `log.jsonl:${at + 1} (id "${call.id}", answered on line ${at + 2})`,
      `log.jsonl:${at} (id ${call.id}, answered on line ${at + 3})`,
    ]);
    expect(entries.slice(0, 2).map((entry) => entry.results[0]?.call?.callId)).toEqual([
      `"${call.id}"`,
      `${call.id}`,
    ]);
    expect(entries[0]?.results[0]?.state).toBe('arguments-violate-schema');
    expect(entries[1]?.results[0]?.state).toBe('dispatchable');
    expect(formatEntry(entries[0]!, PLAIN)).toContain(`"get_order" ("${call.id}")`);
    expect(formatEntry(entries[1]!, PLAIN)).toContain(`"get_order" (${call.id})`);
    expect(closing(entries).results.map((result) => result.state)).toEqual(['all-paired']);
  });

  test('after notifications/tools/list_changed, calls are judged against a list marked stale until the next tools/list', async () => {
    const entries = await audit(logText('changed.jsonl'), 'changed.jsonl');
    const byLocation = Object.fromEntries(
      entries.map((entry) => [entry.location, entry.results.map((result) => result.state)]),
    );
    expect(byLocation).toEqual({
      'changed.jsonl:6 (id 2, answered on line 7)': ['dispatchable', 'matches-output-schema'],
      // issue_refund came with the change: missing from the stale list, so not "unknown".
      'changed.jsonl:9 (id 3, answered on line 10)': ['dispatchable-unconstrained'],
      // get_order is judged against its old schema, which now asks for a region too.
      'changed.jsonl:11 (id 4, answered on line 12)': ['dispatchable', 'matches-output-schema'],
      // Listed again on line 14: the fresh list holds issue_refund, whose minimum is 1.
      'changed.jsonl:15 (id 6, answered on line 16)': [
        'arguments-violate-schema',
        'no-output-schema',
      ],
      'changed.jsonl': ['all-paired'],
    });
    const [first, added, kept, fresh] = entries;
    const stale =
      'the server said its tools changed (notifications/tools/list_changed, line 8) after it, and the session listed none again before this call';
    expect(first?.results[0]?.detail).toBe('Matches the inputSchema of "get_order".');
    expect(added?.results[0]).toMatchObject({
      severity: 'note',
      detail: `No tool named "issue_refund" is in the tools/list of line 5, but ${stale}: the tool may have been added since, so neither its arguments nor its result were checked against a schema.`,
      repairs: [
        'List the tools again (tools/list) after notifications/tools/list_changed and before calling, so each call is checked against the schemas the server declares now.',
      ],
    });
    for (const result of kept?.results ?? []) {
      expect(result.detail).toMatch(
        new RegExp(
          `Judged against a stale list: ${stale.replace(/[()/]/g, '\\$&')}, so the schemas of "get_order" may have changed since the tools/list of line 5\\.$`,
        ),
      );
    }
    expect(fresh?.results.map((result) => result.detail).join(' ')).not.toMatch(/stale/);
  });

  test('a JSON-RPC batch line is its messages; an answer that is no CallToolResult is unreadable', async () => {
    const lines = linesOf(logText('healthy.jsonl')).map((line) => JSON.parse(line));
    const callAt = lines.findIndex((message) => message.params?.name === 'get_order');
    const call = lines[callAt];
    const batch = [...lines.slice(0, callAt).map((line) => JSON.stringify(line))];
    batch.push(
      JSON.stringify([call, { jsonrpc: '2.0', method: 'notifications/progress', params: {} }]),
    );
    batch.push(JSON.stringify({ jsonrpc: '2.0', id: call.id, result: 5 }));
    const entries = await audit(batch);
    expect(states(entries)).toEqual([
      'dispatch:dispatchable',
      'result:unreadable',
      'mcp-log:all-paired',
    ]);
  });
});

describe('never dropped silently, in bounded memory', () => {
  const healthy = () => linesOf(logText('healthy.jsonl'));

  test('at most 10 of a kind are named, and the rest counted', async () => {
    const junk = Array.from({ length: 25 }, (_, index) => `{"cut": "line ${index}`);
    const entries = await audit([...healthy(), ...junk]);
    const result = closing(entries).results[0]!;
    expect(result.state).toBe('unparseable-line');
    expect(result.detail).toMatch(/^25 lines of the log are not JSON/);
    expect(result.problems).toHaveLength(11);
    expect(result.problems.at(-1)).toBe('… and 15 more (the first 10 are named)');
  });

  test('past the pending limit the oldest request is given up, named, and its call still judged', async () => {
    const reader = mcpLogReader('log.jsonl', { pending: 2, sessions: 10, distinctToolLists: 4 });
    const call = (id: number) =>
      JSON.stringify({
        jsonrpc: '2.0',
        id,
        method: 'tools/call',
        params: { name: 't', arguments: {} },
      });
    const pending = [1, 2, 3].flatMap((id) => reader.line(call(id), id));
    expect(pending.map((entry) => entry.location)).toEqual(['log.jsonl:1 (id 1, never answered)']);
    const answer = reader.line(JSON.stringify({ jsonrpc: '2.0', id: 1, result: {} }), 4);
    expect(answer).toEqual([]);
    const end = reader.end();
    const log = auditEntry(await end.at(-1)!.open(), DIAGNOSES);
    expect(log.results.map((result) => [result.state, result.problems])).toEqual([
      ['orphan-response', ['line 4: a result for id 1']],
      [
        'unanswered-request',
        [
          'line 1: tools/call "t" (id 1): given up after 2 later requests went unanswered',
          'line 2: tools/call "t" (id 2)',
          'line 3: tools/call "t" (id 3)',
        ],
      ],
      ['call-before-tools-list', expect.any(Array)],
    ]);
    expect(log.results[1]?.detail).toMatch(/1 request of them was given up before the end/);
  });

  test('past the session limit the session that listed its tools longest ago forgets them, and says so', async () => {
    const reader = mcpLogReader('log.jsonl', { pending: 10, sessions: 2, distinctToolLists: 4 });
    const list = JSON.stringify({ tools: [{ name: 't', inputSchema: { type: 'object' } }] });
    const lines = ['a', 'b', 'c'].flatMap((session, index) => [
      `{"session":"${session}","message":{"jsonrpc":"2.0","id":1,"method":"tools/list"}}`,
      `{"session":"${session}","message":{"jsonrpc":"2.0","id":1,"result":${list}}}`,
      index === 2
        ? '{"session":"a","message":{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"t"}}}'
        : '',
    ]);
    for (const [index, line] of lines.entries()) reader.line(line, index + 1);
    const log = auditEntry(await reader.end().at(-1)!.open(), DIAGNOSES);
    expect(log.results.at(-1)?.problems).toEqual([
      // Calling in session a brings it back, which forgets b: two forgotten by then.
      'line 9: tools/call "t" (session a, id 2); the tools of 2 sessions had been forgotten by then, past 2 sessions at once',
    ]);
  });

  test('an id sent again before its answer gives the first request up', async () => {
    const call = JSON.stringify({ jsonrpc: '2.0', id: 'x', method: 'ping' });
    const reader = mcpLogReader('log.jsonl');
    reader.line(call, 1);
    reader.line(call, 2);
    reader.line(JSON.stringify({ jsonrpc: '2.0', id: 'x', result: {} }), 3);
    const log = auditEntry(await reader.end().at(-1)!.open(), DIAGNOSES);
    expect(log.results.map((result) => result.problems)).toEqual([
      ['line 1: ping (id "x"): its id was sent again on line 2'],
    ]);
  });

  test('the summary adds up the logs', async () => {
    const tally = createTally();
    for (const name of ['healthy.jsonl', 'faults.jsonl', 'damaged.jsonl']) {
      for (const entry of await audit(logText(name), name)) addToTally(tally, entry);
    }
    expect(summarise(tally).mcpLogs).toEqual({
      logs: 3,
      messages: 19 + 26 + 8,
      exchanges: 4 + 9 + 2,
      toolLists: 3 + 1 + 1,
      unpaired: {
        'unanswered-request': 2,
        'cancelled-request': 1,
        'call-before-tools-list': 1,
        'unparseable-line': 1,
        'not-json-rpc': 1,
        'orphan-response': 3,
      },
    });
  });
});

/**
 * `tool-call-health audit` on logs of real MCP traffic (test/cli/fixtures/mcp/, recorded from
 * @modelcontextprotocol/sdk), run as a user runs it: the built bin in a child process.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { AuditReport } from '../../src/cli/json-report.js';
import { type BuiltCli, buildCli, runBin } from './support.js';

const LOGS = 'test/cli/fixtures/mcp';
let cli: BuiltCli;
const audit = (args: string[]) => runBin(cli.bin, ['audit', ...args]);

beforeAll(() => {
  cli = buildCli();
}, 120_000);
afterAll(() => cli?.remove());

// Each test runs the CLI as a child process, some twice: on a loaded machine that outlasts 5 s.
describe('audit <log.jsonl> of MCP traffic', { timeout: 60_000 }, () => {
  test('a healthy session: exit 0, and the summary counts the log', async () => {
    const ran = await audit([`${LOGS}/healthy.jsonl`]);
    expect(ran.stderr).toBe('');
    expect(ran.code).toBe(0);
    expect(ran.stdout).toMatch(/^5 entries audited: 5 read, 0 unreadable, 0 skipped$/m);
    expect(ran.stdout).toMatch(
      /^result {6}2 matches-output-schema, 1 no-output-schema, 1 tool-error$/m,
    );
    expect(ran.stdout).toMatch(
      /^mcp-log {5}1 log: 19 messages, 4 tools\/call paired with their answers; nothing unpaired$/m,
    );
    expect(ran.stdout).toMatch(/^No findings \(2 notes not shown/m);
  });

  test('findings name the log lines, session and id, like any other finding; exit 1', async () => {
    const ran = await audit([`${LOGS}/proxy.jsonl`, `${LOGS}/faults.jsonl`]);
    expect(ran.code).toBe(1);
    expect(ran.stdout).toContain(
      `${LOGS}/proxy.jsonl:12 (session b, id 2, answered on line 14) mcp\n` +
        '  finding  dispatch    arguments-violate-schema  "get_order" (2)\n' +
        '           Breaks the inputSchema of "get_order" in 2 places.',
    );
    expect(ran.stdout).toContain(
      `${LOGS}/faults.jsonl:8 (id 3, answered on line 9) mcp\n` +
        '  finding  result      violates-output-schema  "get_invoice" (3)\n' +
        '           The structuredContent of "get_invoice" breaks its outputSchema in 1 place.\n' +
        '           - structuredContent.amount_cents: expected integer, got string\n',
    );
    expect(ran.stdout).toContain(
      `${LOGS}/faults.jsonl mcp\n` +
        '  finding  mcp-log     unanswered-request\n' +
        '           1 request got no answer by the end of the log.',
    );
    expect(ran.stdout).toMatch(
      /^mcp-log {5}2 logs: 54 messages, 14 tools\/call paired with their answers, 1 unanswered-request,\n {12}1 cancelled-request, 1 call-before-tools-list$/m,
    );
  });

  test("the SDK's McpServer: its own validation errors are findings, quoted, the repair for whoever broke the schema", async () => {
    const ran = await audit([`${LOGS}/mcp-server.jsonl`]);
    expect(ran.code).toBe(1);
    expect(ran.stdout).toContain(
      `${LOGS}/mcp-server.jsonl:8 (id 3, answered on line 9) mcp\n` +
        '  finding  result      violates-output-schema  "get_invoice" (3)\n' +
        `           The TypeScript SDK's McpServer found that the structuredContent of "get_invoice" breaks its outputSchema, and sent this error in place of the result (isError: true): "MCP error -32602: Output validation error: Invalid structured content for tool get_invoice: Invalid input: expected number, received string at amount_cents".\n` +
        '           - structuredContent: Invalid input: expected number, received string at amount_cents\n' +
        '           repair 1: Fix the tool behind "get_invoice"',
    );
    expect(ran.stdout).toContain(
      '  finding  result      arguments-violate-schema  "get_invoice" (6)\n' +
        `           The TypeScript SDK's McpServer refused the arguments of the call to "get_invoice"`,
    );
    expect(ran.stdout).toMatch(
      /^4 findings in 3 entries \(1 note not shown; --show-all lists it\)\.$/m,
    );
  });

  test('--json: every state of both diagnoses, and the unpaired messages, counted', async () => {
    const ran = await audit(['--json', '--show-all', LOGS]);
    expect(ran.code).toBe(1);
    const report = JSON.parse(ran.stdout) as AuditReport;
    expect(report.only).toEqual(['dispatch', 'truncation', 'strict', 'result', 'history']);
    expect(report.summary.states.result).toEqual({
      'matches-output-schema': 9,
      'no-output-schema': 6,
      'structured-content-missing': 2,
      'violates-output-schema': 3,
      'arguments-violate-schema': 1,
      'tool-error': 2,
      'protocol-error': 2,
      'unknown-tool': 1,
      'schema-invalid': 1,
    });
    expect(report.summary.states.dispatch).toEqual({
      dispatchable: 23,
      'dispatchable-unconstrained': 2,
      'arguments-violate-schema': 4,
      'arguments-unparseable': 1,
      'unknown-tool': 1,
      'schema-invalid': 1,
    });
    // A tools/call is no model output: neither truncation nor strict runs on one.
    expect(report.summary.states.truncation).toEqual({});
    expect(report.summary.states.strict).toEqual({});
    expect(report.summary.mcpLogs).toEqual({
      logs: 6,
      messages: 19 + 26 + 28 + 8 + 15 + 16,
      exchanges: 4 + 9 + 5 + 2 + 5 + 4,
      toolLists: 3 + 1 + 2 + 1 + 1 + 2,
      unpaired: {
        'unparseable-line': 1,
        'not-json-rpc': 1,
        'orphan-response': 3,
        'unanswered-request': 2,
        'cancelled-request': 1,
        'call-before-tools-list': 1,
      },
    });
    const closing = report.entries.find((entry) => entry.location === `${LOGS}/damaged.jsonl`);
    expect(closing?.mcpLog?.unpaired).toEqual({
      'unparseable-line': 1,
      'not-json-rpc': 1,
      'orphan-response': 3,
      'unanswered-request': 1,
    });
  });

  test('a HAR of Streamable HTTP traffic is audited as a log; the summary speaks only of what it read', async () => {
    const har = 'test/cli/fixtures/mcp-http/streamable-http.har';
    const ran = await audit([har]);
    expect(ran.stderr).toBe('');
    expect(ran.code).toBe(1);
    expect(ran.stdout).toContain(
      `${har}:entries[16] (session json-session, id 3, answered in entries[16] response) mcp\n` +
        '  finding  dispatch    unknown-tool  "get_ordr" (3)\n',
    );
    expect(ran.stdout).toMatch(
      /^mcp-log {5}1 log: 32 messages, 9 tools\/call paired with their answers; nothing unpaired$/m,
    );
    // An audit of MCP traffic alone: nothing about model output or strict decoding.
    expect(ran.stdout).not.toMatch(/^(truncation|strict|no guarantee)/m);
    expect(ran.stdout).toMatch(/^dispatch {4}5 dispatchable, 1 dispatchable-unconstrained/m);
  });

  test('--only picks the diagnoses; what paired with nothing is reported whatever it says', async () => {
    const ran = await audit(['--json', '--only', 'result', `${LOGS}/faults.jsonl`]);
    const report = JSON.parse(ran.stdout) as AuditReport;
    const kinds = new Set(report.entries.flatMap((entry) => entry.results.map((r) => r.diagnosis)));
    expect([...kinds].sort()).toEqual(['mcp-log', 'result']);
    const dispatchOnly = JSON.parse(
      (await audit(['--json', '--only', 'dispatch', `${LOGS}/faults.jsonl`])).stdout,
    ) as AuditReport;
    expect(dispatchOnly.summary.states.result).toEqual({});
    expect(dispatchOnly.summary.states.dispatch).toMatchObject({ 'unknown-tool': 1 });
  });
});

/**
 * A log of 1,000,000 MCP messages (built from one session of real @modelcontextprotocol/sdk
 * traffic, four sessions at a time) audited by the built CLI in a child process, with its heap
 * capped: it finishes, every message is counted, and peak RSS stays flat. Run by
 * `npm run test:stress`.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { AuditReport } from '../../src/cli/json-report.js';
import { writeLargeMcpLog } from '../cli/fixtures/mcp/record-logs.mjs';
import { type BuiltCli, buildCli } from '../cli/support.js';
import { auditWithCappedHeap } from './capped-audit.js';

const MESSAGES = 1_000_000;
/** A heap this small holds no array of a million lines, nor of half a million exchanges. */
const HEAP_MB = 64;
const RSS_LIMIT_MB = 200;

const folder = mkdtempSync(join(tmpdir(), 'tool-call-health-mcp-log-'));
const log = join(folder, 'traffic.jsonl');
let cli: BuiltCli;
let written: Awaited<ReturnType<typeof writeLargeMcpLog>>;

beforeAll(async () => {
  cli = buildCli();
  written = await writeLargeMcpLog(log, MESSAGES);
}, 600_000);
afterAll(() => {
  cli?.remove();
  rmSync(folder, { recursive: true, force: true });
});

/** The CLI with a capped heap. */
const audit = (args: string[]) => auditWithCappedHeap(cli, args, HEAP_MB);

test('1,000,000 messages: every one counted, each broken answer found, in a 64 MB heap', async () => {
  const started = performance.now();
  const run = await audit(['--json', log]);
  const seconds = (performance.now() - started) / 1000;
  const report = JSON.parse(run.stdout) as AuditReport;
  expect(report.summary.mcpLogs).toEqual({
    logs: 1,
    messages: written.messages,
    exchanges: written.exchanges,
    toolLists: expect.any(Number),
    unpaired: {},
  });
  expect(report.summary.states.result['violates-output-schema']).toBe(written.broken);
  expect(run.code).toBe(1);
  console.log(
    `${written.messages.toLocaleString('en-US')} messages (${(written.bytes / 1024 ** 2).toFixed(0)} MB) in ${seconds.toFixed(1)} s: ${Math.round(written.messages / seconds).toLocaleString('en-US')} messages/s, peak RSS ${run.peakMb.toFixed(0)} MB`,
  );
  expect(run.peakMb).toBeLessThan(RSS_LIMIT_MB);
});

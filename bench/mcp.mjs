// MCP: the built CLI over a JSONL log of 1,000,000 MCP messages (messages a second, peak RSS),
// and a tools/list of 10,000 tools read and judged in process. Both are made of real
// @modelcontextprotocol/sdk traffic (test/cli/fixtures/mcp/record-logs.mjs).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { diagnoseCalls, diagnoseToolResult, readTurn } from '../dist/index.js';
import { recordHealthySession, writeLargeMcpLog } from '../test/cli/fixtures/mcp/record-logs.mjs';
import { runCli } from './audit.mjs';
import { discard, formatTime, median, round, row } from './lib.mjs';

const MESSAGES = 1_000_000;
const TOOLS = 10_000;
const RSS_LIMIT_MB = 200;
/** Judging one call against a list of 10,000 tools: a tenth of a second at most. */
const TEN_THOUSAND_TOOLS_NS = 100e6;

/** The audit of a million-message log, as a user runs it. */
async function auditLog(log) {
  const dir = mkdtempSync(join(tmpdir(), 'tool-call-health-bench-mcp-'));
  const cleanUp = () => {
    rmSync(dir, { recursive: true, force: true });
    process.exit(130);
  };
  process.once('SIGINT', cleanUp);
  process.once('SIGTERM', cleanUp);
  try {
    const path = join(dir, 'traffic.jsonl');
    const written = await writeLargeMcpLog(path, MESSAGES);
    const run = await runCli(['audit', '--json', path]);
    const perSecond = Math.round(written.messages / run.seconds);
    const note = run.error
      ? `exit ${run.code}: ${run.error.split('\n').filter(Boolean).at(-1)}`
      : `${perSecond.toLocaleString('en-US')} messages/s (${written.exchanges.toLocaleString('en-US')} exchanges), ${round(run.seconds, 1)} s, exit ${run.code}`;
    const rows = [
      row(
        'MCP log audit, peak RSS',
        `audit --json, ${written.messages.toLocaleString('en-US')} messages`,
        {
          value: run.error ? Number.POSITIVE_INFINITY : round(run.peakRssMb, 0),
          unit: 'MB',
          target: RSS_LIMIT_MB,
          bytes: written.bytes,
          note,
        },
      ),
      row(
        'MCP log audit, throughput',
        `audit --json, ${written.messages.toLocaleString('en-US')} messages`,
        {
          value: perSecond,
          unit: 'messages/s',
          bytes: written.bytes,
          note: `${round(written.bytes / 1024 ** 2 / run.seconds, 1)} MB/s`,
        },
      ),
    ];
    for (const line of rows) log(line);
    return {
      rows,
      run: {
        ...written,
        seconds: round(run.seconds, 1),
        peakRssMb: round(run.peakRssMb, 0),
        exitCode: run.code,
      },
    };
  } finally {
    process.off('SIGINT', cleanUp);
    process.off('SIGTERM', cleanUp);
    rmSync(dir, { recursive: true, force: true });
  }
}

/** A tools/list answer of `count` tools, copies of the real server's, and a call to the last. */
async function manyTools(count) {
  const session = await recordHealthySession();
  const listed = session.find((message) => Array.isArray(message.result?.tools));
  const call = session.find((message) => message.method === 'tools/call');
  const answer = session.find((message) => message.id === call.id && 'result' in message);
  const real = listed.result.tools;
  const tools = Array.from({ length: count }, (_, index) => {
    const tool = real[index % real.length];
    return index === count - 1 ? tool : { ...tool, name: `${tool.name}_${index}` };
  });
  return {
    tools: { ...listed, result: { tools } },
    call,
    result: answer,
  };
}

async function judgeManyTools(log) {
  const exchange = await manyTools(TOOLS);
  const cases = [
    [
      'readTurn({ tools, call })',
      () => discard(readTurn({ tools: exchange.tools, call: exchange.call })),
    ],
    [
      'diagnoseCalls({ tools, call })',
      () => discard(diagnoseCalls({ tools: exchange.tools, call: exchange.call })),
    ],
    ['diagnoseToolResult({ tools, call, result })', () => discard(diagnoseToolResult(exchange))],
  ];
  // The verdicts must be the healthy ones, or the figures time an early exit.
  const [verdict] = diagnoseCalls({ tools: exchange.tools, call: exchange.call });
  const judged = diagnoseToolResult(exchange);
  if (verdict?.state !== 'dispatchable' || judged.state !== 'matches-output-schema') {
    throw new Error(`bench: 10,000 tools judged ${verdict?.state} and ${judged.state}`);
  }
  const rows = [];
  for (const [name, fn] of cases) {
    const ns = await median(fn, { budgetMs: 1500, minSamples: 5, warmupMs: 300 });
    const result = row(`MCP, ${TOOLS.toLocaleString('en-US')} tools`, name, {
      value: ns,
      unit: 'ns',
      target: name.startsWith('diagnose') ? TEN_THOUSAND_TOOLS_NS : undefined,
      bytes: Buffer.byteLength(JSON.stringify(exchange.tools)),
      note: `${formatTime(ns / TOOLS)} per listed tool`,
    });
    log(result);
    rows.push(result);
  }
  return rows;
}

export async function benchMcp(log) {
  const tools = await judgeManyTools(log);
  const audit = await auditLog(log);
  return { rows: [...tools, ...audit.rows], mcpLog: audit.run };
}

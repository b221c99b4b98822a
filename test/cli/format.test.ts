import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { auditEntry, problemEntry } from '../../src/cli/audit-entry.js';
import type { AuditedEntry } from '../../src/cli/entry.js';
import { DIAGNOSES } from '../../src/cli/findings.js';
import { callLabel, formatEntry, formatSummary, PLAIN } from '../../src/cli/format.js';
import {
  jsonReport,
  REPORT_VERSION,
  reportEntry,
  reportHead,
  reportTail,
  visibleEntry,
} from '../../src/cli/json-report.js';
import { jsonlReader } from '../../src/cli/mcp-log-detect.js';
import { documentEntries } from '../../src/cli/recordings.js';
import { paletteFor } from '../../src/cli/style.js';
import { addTally, addToTally, createTally, fileOf, summarise } from '../../src/cli/summary.js';
import { fixtures, root } from './support.js';

async function audited(file: string): Promise<AuditedEntry[]> {
  const pending = documentEntries(
    readFileSync(join(fixtures, file), 'utf8'),
    `fixtures/${file}`,
    'har',
  );
  return Promise.all(pending.map(async (entry) => auditEntry(await entry.open(), DIAGNOSES)));
}

async function first(file: string): Promise<AuditedEntry> {
  const [entry] = await audited(file);
  if (entry === undefined) throw new Error(`${file} has no entry`);
  return entry;
}

const context = { only: DIAGNOSES, shard: null, complete: true, showAll: false };

describe('formatEntry', () => {
  test('a schema violation: location, severity, diagnosis, state, call, evidence, repairs', async () => {
    const entry = visibleEntry(await first('openai-chat/schema-violation.har'), false);
    expect(formatEntry(entry!, PLAIN)).toMatchInlineSnapshot(`
      "fixtures/openai-chat/schema-violation.har:entries[0] openai-chat
        finding  dispatch    arguments-violate-schema  "issue_refund" (call_j6Vol2WiugX41NUOEj5LDhwb)
                 Parses, and breaks the schema of "issue_refund" in 2 places. The tool is not strict, so the schema was a request, not a constraint.
                 - arguments.currency: "gbp" is not one of the 2 declared values: "usd", "eur"
                 - arguments.note: not declared, and the schema forbids extra keys
                 repair: Validate the arguments against the tool schema before dispatch, and return the errors to the model as the tool result so it can correct the call (one or two retries, then give up).
                 repair: Declare "issue_refund" with strict: true, additionalProperties: false on every object and every property listed in required, so decoding is held to the schema.

      "
    `);
  });

  test('a strict fan-out, with --show-all: healthy results and notes too', async () => {
    const entry = visibleEntry(await first('openai-chat/strict-void-fanout.har'), true);
    expect(formatEntry(entry!, PLAIN)).toMatchInlineSnapshot(`
      "fixtures/openai-chat/strict-void-fanout.har:entries[0] openai-chat
        healthy  dispatch    dispatchable  "lookup_order" (call_0vvDs0UlrVnnreZe2sfhHzc3)
                 Parses and matches the schema of strict tool "lookup_order".
        healthy  dispatch    dispatchable  "lookup_order" (call_JYuArZ0XVAdSN7JPHJgjM9ws)
                 Parses and matches the schema of strict tool "lookup_order".
        healthy  dispatch    dispatchable  "create_ticket" (call_fBWFiEYubGtvzILki2jBKYVD)
                 Parses and matches the schema of strict tool "create_ticket".
        healthy  truncation  complete
                 It finished (finish_reason "tool_calls") with 3 tool calls; diagnoseCalls judges each of them.
        finding  strict      strict-void
                 3 calls in one turn ("lookup_order", "lookup_order", "create_ticket"), with strict declared and parallel_tool_calls not set (it defaults to true). Strict schemas are not enforced on parallel calls, so none of these arguments is guaranteed.
                 repair: Set parallel_tool_calls: false wherever strict schemas matter; it defaults to true, so nobody chose this.
                 repair: If the fan-out is worth its latency, drop strict and validate the arguments yourself: do not rely on a guarantee that is not held.
                 repair: Key tool handlers on the call id and make them idempotent, so a repeated call cannot apply twice ("lookup_order" 2 times in this turn).

      "
    `);
  });

  test('an entry that could not be read has no surface', () => {
    const entry = problemEntry('logs/day-1.jsonl:7', 'unreadable', 'line 7 is not JSON: ...');
    expect(formatEntry(entry, PLAIN)).toMatchInlineSnapshot(`
      "logs/day-1.jsonl:7
        finding  input       unreadable
                 line 7 is not JSON: ...
                 repair: Fix or remove this recording: what does not parse cannot be checked, and it hides whatever it held.

      "
    `);
  });

  test('colour paints severity and state, and only when asked for', async () => {
    const entry = visibleEntry(await first('openai-chat/strict-void-fanout.har'), false)!;
    const plain = formatEntry(entry, paletteFor(false));
    const coloured = formatEntry(entry, paletteFor(true));
    // biome-ignore lint/suspicious/noControlCharactersInRegex: matching ANSI escapes is the point
    const ansi = /\u001b\[[0-9;]*m/g;
    expect(plain).not.toMatch(ansi);
    expect(coloured).toContain('\u001b[31mstrict-void\u001b[39m');
    expect(coloured.replace(ansi, '')).toBe(plain);
  });

  test('a call without an id is named by where it sits', () => {
    expect(
      callLabel({ name: 'create_ticket', callId: null, at: 'candidates[0].content.parts[0]' }),
    ).toBe('"create_ticket" at candidates[0].content.parts[0]');
    expect(callLabel({ name: '', callId: 'call_1', at: 'output[0]' })).toBe('(no name) (call_1)');
  });
});

describe('addTally', () => {
  test('runs of entries added up apart and then together make the totals of adding each, in the same order', async () => {
    const entries = [];
    for (const file of [
      'openai-chat/schema-violation.har',
      'openai-chat/strict-void-fanout.har',
      'anthropic-batch/results.har',
      'openai-responses/healthy-call.har',
      'bedrock-converse/unknown-tool.har',
    ]) {
      entries.push(...(await audited(file)));
    }
    const one = createTally();
    for (const entry of entries) addToTally(one, entry);
    for (const cut of [1, 3, entries.length - 1]) {
      const runs = [entries.slice(0, cut), entries.slice(cut)].map((run) => {
        const tally = createTally();
        for (const entry of run) addToTally(tally, entry);
        return tally;
      });
      const joined = createTally();
      for (const run of runs) addTally(joined, run);
      // Key order too: the report lists the tables as the entries first named them.
      expect(JSON.stringify(summarise(joined))).toBe(JSON.stringify(summarise(one)));
    }
  });
});

describe('formatSummary', () => {
  test('counts per diagnosis, the strict exposure, the unguaranteed arguments, the verdict', async () => {
    const tally = createTally();
    for (const file of [
      'openai-chat/schema-violation.har',
      'openai-chat/strict-void-fanout.har',
      'openai-chat/strict-at-risk.har',
      'openai-responses/healthy-call.har',
      'anthropic-batch/results.har',
    ]) {
      for (const entry of await audited(file)) addToTally(tally, entry);
    }
    expect(formatSummary(summarise(tally), context, PLAIN)).toMatchInlineSnapshot(`
      "9 entries audited: 8 read, 0 unreadable, 1 skipped
      8 calls checked
      dispatch    5 dispatchable, 1 dispatchable-unconstrained, 1 arguments-violate-schema,
                  1 arguments-truncated
      truncation  5 complete, 1 truncated-tool-use, 2 not-succeeded
      strict      4 no-tools, 1 no-strict-declared, 1 strict-serialised, 1 strict-void, 1 strict-at-risk
      input       1 skipped
      strict exposure: 1 of 2 at-risk turns voided the guarantee (50%)
      no guarantee: 3 argument objects came back in strict-void turns
      findings by tool: "create_ticket" 1, "issue_refund" 1
      findings by model: "gpt-4.1-2025-04-14" 3, (no model named) 2, "claude-haiku-4-5-20251001" 2
      findings by file: fixtures/anthropic-batch/results.har 4,
                        fixtures/openai-chat/schema-violation.har 1,
                        fixtures/openai-chat/strict-at-risk.har 1,
                        fixtures/openai-chat/strict-void-fanout.har 1
      7 findings in 6 entries (7 notes not shown; --show-all lists them).
      "
    `);
  });

  test('findings by tool: most first, ten named and the rest counted, any name alike', () => {
    const tally = createTally();
    const finding = (tool: string) => ({
      location: 'calls.jsonl:1',
      key: `at:${tool}`,
      status: 'read' as const,
      subject: 'model-output' as const,
      calls: 1,
      unguaranteedArguments: 0,
      results: [
        {
          diagnosis: 'dispatch' as const,
          state: 'unknown-tool' as const,
          severity: 'finding' as const,
          call: { name: tool },
        },
      ],
      turn: null,
    });
    const tools = ['__proto__', 'constructor', ...Array.from({ length: 10 }, (_, i) => `t${i}`)];
    for (const [index, tool] of tools.entries()) {
      for (let times = 0; times <= tools.length - index; times += 1)
        addToTally(tally, finding(tool));
    }
    const line = formatSummary(summarise(tally), context, PLAIN)
      .split('\n')
      .filter((text) => text.startsWith('findings by tool') || text.startsWith('  '))
      .join(' ');
    expect(line.replace(/\s+/g, ' ')).toBe(
      'findings by tool: "__proto__" 13, "constructor" 12, "t0" 11, "t1" 10, "t2" 9, "t3" 8, "t4" 7, "t5" 6, "t6" 5, "t7" 4, and 2 more tools',
    );
    expect(Object.hasOwn(summarise(tally).findingsByTool, '__proto__')).toBe(true);
  });

  test('a finding counts for the file that holds it, whatever its place there', () => {
    expect(
      [
        'logs/day-1.jsonl:17',
        'logs/day-1.jsonl:17 (session a, id 7, answered on line 19)',
        'rec/chat.har:entries[2]',
        'rec/batch.har:entries[1]:3',
        'rec/array.json:[4]',
        'C:\\logs\\a.json',
        'resp_68af40',
      ].map(fileOf),
    ).toEqual([
      'logs/day-1.jsonl',
      'logs/day-1.jsonl',
      'rec/chat.har',
      'rec/batch.har',
      'rec/array.json',
      'C:\\logs\\a.json',
      'resp_68af40',
    ]);
  });

  test('every count is written alike, with thousands separators', async () => {
    const tally = createTally();
    const [entry] = await audited('openai-chat/schema-violation.har');
    if (entry === undefined) throw new Error('openai-chat/schema-violation.har has no entry');
    for (let copy = 0; copy < 1234; copy += 1) addToTally(tally, entry);
    const [head, , dispatch] = formatSummary(summarise(tally), context, PLAIN).split('\n');
    expect(head).toBe('1,234 entries audited: 1,234 read, 0 unreadable, 0 skipped');
    expect(dispatch).toMatch(/^dispatch {4}1,234 \S+$/);
  });

  /** Every entry of an MCP log from test/cli/fixtures/mcp/, audited. */
  async function auditedLog(name: string): Promise<AuditedEntry[]> {
    const reader = jsonlReader(name);
    const text = readFileSync(join(root, 'test/cli/fixtures/mcp', name), 'utf8');
    const pending = text
      .split('\n')
      .slice(0, -1)
      .flatMap((line, index) => reader.line(line, index + 1));
    pending.push(...reader.end());
    return Promise.all(pending.map(async (entry) => auditEntry(await entry.open(), DIAGNOSES)));
  }

  test('an audit of MCP traffic alone speaks of what it audited: no truncation, strict or guarantee line', async () => {
    const tally = createTally();
    for (const entry of await auditedLog('healthy.jsonl')) addToTally(tally, entry);
    expect(formatSummary(summarise(tally), context, PLAIN)).toMatchInlineSnapshot(`
      "5 entries audited: 5 read, 0 unreadable, 0 skipped
      4 calls checked
      dispatch    4 dispatchable
      result      2 matches-output-schema, 1 no-output-schema, 1 tool-error
      mcp-log     1 log: 19 messages, 4 tools/call paired with their answers; nothing unpaired
      No findings (2 notes not shown; --show-all lists them).
      "
    `);
  });

  test('model turns with no strict tool still hear about strict; beside MCP traffic, every line shows', async () => {
    const tally = createTally();
    for (const entry of await audited('gemini/function-call.har')) addToTally(tally, entry);
    const modelOnly = formatSummary(summarise(tally), context, PLAIN);
    expect(modelOnly).toMatch(/^strict {6}1 no-strict-declared$/m);
    expect(modelOnly).toContain('strict exposure: no turn at risk\n');
    expect(modelOnly).toContain('no guarantee: 0 argument objects came back in strict-void turns');
    expect(modelOnly).not.toMatch(/^result/m);
    for (const entry of await auditedLog('healthy.jsonl')) addToTally(tally, entry);
    const both = formatSummary(summarise(tally), context, PLAIN);
    for (const line of [
      'dispatch',
      'truncation',
      'strict',
      'result',
      'mcp-log',
      'strict exposure',
    ]) {
      expect(both).toMatch(new RegExp(`^${line}`, 'm'));
    }
  });

  test('no finding, nothing read to speak of, a shard, and an interrupted run', () => {
    const summary = {
      ...summarise(createTally()),
      shard: {
        files: 3,
        parts: 1,
        bytes: 2_000_000,
        otherShards: { files: 5, parts: 2, bytes: 4_200_000 },
      },
    };
    expect(
      formatSummary(summary, { ...context, shard: { index: 2, count: 3 }, complete: false }, PLAIN),
    ).toMatchInlineSnapshot(`
      "Interrupted: this summary covers only the entries audited so far.
      0 entries audited in shard 2/3: 0 read, 0 unreadable, 0 skipped
      its share: 3 files and 1 part of a larger file (1.9 MB); 5 files and 2 parts (4.0 MB) left to the other shards
      0 calls checked
      No findings.
      "
    `);
  });
});

describe('the JSON report', () => {
  test('its shape: stable keys, a version, findings only without --show-all', async () => {
    const tally = createTally();
    const listed: AuditedEntry[] = [];
    for (const entry of [
      ...(await audited('openai-chat/strict-void-fanout.har')),
      ...(await audited('openai-chat/healthy-call.har')),
    ]) {
      addToTally(tally, entry);
      const visible = visibleEntry(entry, false);
      if (visible !== null) listed.push(visible);
    }
    const report = jsonReport(
      {
        command: 'audit',
        version: '9.9.9',
        complete: true,
        shard: null,
        paths: ['fixtures/'],
        output: { showAll: false, only: [...DIAGNOSES] },
      },
      listed,
      summarise(tally),
      null,
    );
    const parsed = JSON.parse(JSON.stringify(report));
    expect(Object.keys(parsed)).toEqual([
      'version',
      'generator',
      'command',
      'shard',
      'paths',
      'only',
      'showAll',
      'entries',
      'complete',
      'summary',
      'fetch',
    ]);
    // Streamed part by part, the text is exactly the report's, entry for entry.
    const run = {
      command: 'audit' as const,
      version: '9.9.9',
      shard: null,
      paths: ['fixtures/'],
      output: { showAll: false, only: [...DIAGNOSES] },
    };
    for (const shown of [[], listed, [...listed, ...listed]]) {
      const streamed =
        reportHead(run) +
        shown.map((entry, index) => reportEntry(entry, index)).join('') +
        reportTail(shown.length, true, summarise(tally), null);
      expect(streamed).toBe(
        `${JSON.stringify(jsonReport({ ...run, complete: true }, shown, summarise(tally), null), null, 2)}\n`,
      );
    }
    expect(parsed.version).toBe(REPORT_VERSION);
    expect(parsed.generator).toEqual({ name: 'tool-call-health', version: '9.9.9' });
    expect(parsed.entries).toHaveLength(1);
    expect(Object.keys(parsed.entries[0])).toEqual([
      'location',
      'key',
      'status',
      'surface',
      'subject',
      'results',
      'calls',
      'unguaranteedArguments',
      'turn',
    ]);
    expect(parsed.entries[0].results).toEqual([
      {
        diagnosis: 'strict',
        state: 'strict-void',
        severity: 'finding',
        call: null,
        detail: expect.stringContaining('3 calls in one turn'),
        problems: [],
        repairs: expect.arrayContaining([expect.stringContaining('parallel_tool_calls: false')]),
      },
    ]);
    expect(parsed.summary).toEqual({
      entries: {
        audited: 2,
        read: 2,
        unreadable: 0,
        skipped: 0,
        notFound: 0,
        fetchFailed: 0,
        withFindings: 1,
      },
      subjects: { 'model-output': 2, 'model-request': 0, 'mcp-call': 0 },
      calls: 4,
      findings: 1,
      notes: 0,
      states: {
        input: {},
        dispatch: { dispatchable: 4 },
        truncation: { complete: 2 },
        strict: { 'strict-serialised': 1, 'strict-void': 1 },
        result: {},
        history: {},
        'mcp-log': {},
      },
      exposure: { atRisk: 1, void: 1, rate: 1 },
      unguaranteedArguments: 3,
      mcpLogs: { logs: 0, messages: 0, exchanges: 0, toolLists: 0, unpaired: {} },
      findingsByTool: {},
      findingsByFile: { 'fixtures/openai-chat/strict-void-fanout.har': 1 },
      turns: {
        models: [{ model: 'gpt-4.1-2025-04-14', turns: 2, calls: 4, findings: 1, cut: 0 }],
        tools: [
          { tool: 'lookup_order', calls: 3, findings: 0 },
          { tool: 'create_ticket', calls: 1, findings: 0 },
        ],
        // Neither recording sent a ceiling (max_tokens), so no share of it is known.
        outputShare: { turns: Array(21).fill(0), cut: Array(21).fill(0), unknown: 2 },
      },
    });
  });

  test('states are listed in each diagnosis vocabulary order, whatever order they were met in', async () => {
    const tally = createTally();
    for (const file of [
      'openai-chat/strict-at-risk.har',
      'openai-chat/strict-void-fanout.har',
      'openai-chat/schema-violation.har',
    ]) {
      for (const entry of await audited(file)) addToTally(tally, entry);
    }
    expect(Object.keys(summarise(tally).states.strict)).toEqual([
      'no-strict-declared',
      'strict-void',
      'strict-at-risk',
    ]);
  });
});

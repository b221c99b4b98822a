/**
 * `--shard i/n` over a folder built here with the mess of a week of logging: each shard reads
 * only its share (whole files, or parts of a large JSONL), and the shards together give exactly
 * the entries and totals of one unsharded run, whatever n.
 */
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
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { AuditReport } from '../../src/cli/json-report.js';
import { main } from '../../src/cli/main.js';
import type { AuditSummary } from '../../src/cli/summary.js';
import { CUT_CALL, genAiAttributes, otlpJson, tracing } from '../traces/support.js';
import { fixtures, memoryIo, root } from './support.js';

const work = mkdtempSync(join(tmpdir(), 'tool-call-health-shards-'));
const week = join(work, 'week');
afterAll(() => rmSync(work, { recursive: true, force: true }));

/** Every response body of the shipped HARs that is JSON, as one compact line each. */
function payloadLines(): string[] {
  const lines: string[] = [];
  for (const folder of ['openai-chat', 'openai-responses', 'anthropic-messages', 'gemini']) {
    for (const name of readdirNames(join(fixtures, folder))) {
      if (!name.endsWith('.har')) continue;
      const har = JSON.parse(readFileSync(join(fixtures, folder, name), 'utf8'));
      for (const entry of har.log.entries) {
        try {
          lines.push(JSON.stringify(JSON.parse(entry.response.content.text)));
        } catch {
          // A stream or an empty body: not one line of JSON.
        }
      }
    }
  }
  return lines;
}

function readdirNames(folder: string): string[] {
  return readdirSync(folder).sort();
}

/** About `bytes` of JSONL: payloads, with a cut line, a timestamped text line and blank lines among them. */
function bigJsonl(bytes: number, end: '\n' | '\r\n', bom: boolean): string {
  const payloads = payloadLines();
  const lines: string[] = [];
  let size = 0;
  for (let at = 0; size < bytes; at++) {
    const payload = payloads[at % payloads.length] as string;
    const line =
      at % 97 === 13
        ? payload.slice(0, payload.length / 2)
        : at % 89 === 7
          ? `2025-10-06T12:00:00Z INFO ${payload}`
          : at % 31 === 5
            ? ''
            : payload;
    lines.push(line);
    size += line.length + end.length;
  }
  return `${bom ? '\uFEFF' : ''}${lines.join(end)}${end}`;
}

beforeAll(() => {
  mkdirSync(join(week, 'day-1'), { recursive: true });
  mkdirSync(join(week, 'day-2'), { recursive: true });
  // Many small files of every kind.
  for (const folder of [
    'openai-chat',
    'anthropic-messages',
    'gemini',
    'streams',
    'anthropic-batch',
  ]) {
    for (const name of readdirNames(join(fixtures, folder))) {
      copyFileSync(join(fixtures, folder, name), join(week, 'day-1', `${folder}-${name}`));
    }
  }
  const results = readFileSync(join(fixtures, 'anthropic-batch/results.jsonl'));
  writeFileSync(join(week, 'day-2', 'results.jsonl.gz'), gzipSync(results));
  writeFileSync(
    join(week, 'day-2', 'chat.har.gz'),
    gzipSync(readFileSync(join(fixtures, 'openai-chat/healthy-call.har'))),
  );
  writeFileSync(join(week, 'day-2', 'empty.jsonl'), '');
  writeFileSync(join(week, 'day-2', '502.html'), '<html><body>502 Bad Gateway</body></html>');
  writeFileSync(join(week, 'day-2', 'worker.log'), 'INFO started\nINFO stopped\n');
  // Large files, cut in parts: CRLF with a BOM, plain LF, and a .log of JSON lines.
  writeFileSync(join(week, 'big-crlf.jsonl'), bigJsonl(2_600_000, '\r\n', true));
  writeFileSync(join(week, 'day-2', 'big.ndjson'), bigJsonl(1_800_000, '\n', false));
  writeFileSync(join(week, 'day-2', 'api.log'), bigJsonl(1_300_000, '\n', false));
  // A large JSONL of OTLP documents, as the collector's file exporter writes them: each line
  // stands alone, so it is cut in parts like any JSONL.
  const { span, exporter } = tracing();
  span('chat gpt-4.1-mini', genAiAttributes(CUT_CALL));
  span('GET /weather', { 'http.request.method': 'GET' });
  const otlp = `${JSON.stringify(otlpJson(exporter.getFinishedSpans()))}\n`;
  writeFileSync(join(week, 'traces.jsonl'), otlp.repeat(Math.ceil(1_200_000 / otlp.length)));
  // A large MCP log: its lines pair requests with answers, so one shard reads it whole.
  const mcp = readFileSync(join(root, 'test/cli/fixtures/mcp/healthy.jsonl'), 'utf8');
  writeFileSync(join(week, 'mcp-traffic.jsonl'), mcp.repeat(Math.ceil(1_400_000 / mcp.length)));
});

async function auditJson(args: string[]): Promise<AuditReport> {
  const io = memoryIo();
  const code = await main(['audit', '--json', '--show-all', '--quiet', ...args, week], io);
  expect([0, 1]).toContain(code);
  return JSON.parse(io.stdout.text()) as AuditReport;
}

/** An entry as a comparison sees it: everything but its place in the report. */
const described = (entry: AuditReport['entries'][number]) => JSON.stringify(entry);

/** Totals that add up across shards. */
function totals(summary: AuditSummary) {
  const { entries, calls, findings, notes, states, mcpLogs, findingsByTool, findingsByFile } =
    summary;
  return { entries, calls, findings, notes, states, mcpLogs, findingsByTool, findingsByFile };
}

function added(a: unknown, b: unknown): unknown {
  if (typeof a === 'number' && typeof b === 'number') return a + b;
  if (typeof a === 'object' && a !== null && typeof b === 'object' && b !== null) {
    const out: Record<string, unknown> = { ...(a as Record<string, unknown>) };
    for (const [key, value] of Object.entries(b)) {
      out[key] = key in out ? added(out[key], value) : value;
    }
    return out;
  }
  return b;
}

/** Objects compared without the order of their keys (findings by tool are listed most first). */
function sortedKeys(value: unknown): unknown {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return value;
  return Object.fromEntries(
    Object.entries(value)
      .sort(([a], [b]) => (a < b ? -1 : 1))
      .map(([key, inner]) => [key, sortedKeys(inner)]),
  );
}

describe('--shard over a week of traffic', () => {
  let whole: AuditReport;
  beforeAll(async () => {
    whole = await auditJson([]);
  });

  test('the folder holds what the test is about: parts, MCP lines, CRLF, gzip, cut and text lines', () => {
    const locations = whole.entries.map((entry) => entry.location);
    expect(locations.some((at) => /big-crlf\.jsonl:\d+$/.test(at))).toBe(true);
    expect(locations.some((at) => /mcp-traffic\.jsonl:\d+ \(id/.test(at))).toBe(true);
    expect(locations.some((at) => /traces\.jsonl:\d+:trace\[/.test(at))).toBe(true);
    expect(locations.some((at) => at.endsWith('results.jsonl.gz:1'))).toBe(true);
    expect(locations.some((at) => at.endsWith('chat.har.gz:entries[0]'))).toBe(true);
    const details = whole.entries.flatMap((entry) => entry.results.map((result) => result.detail));
    expect(details.some((detail) => /cut short/.test(detail))).toBe(true);
    expect(details.some((detail) => /text before/.test(detail))).toBe(true);
    expect(whole.summary.entries.audited).toBeGreaterThan(5_000);
  });

  test.each([2, 3, 5])(
    '%i shards: every entry in exactly one shard, the same as unsharded, and the totals add up',
    async (count) => {
      const shards: AuditReport[] = [];
      for (let index = 1; index <= count; index++) {
        shards.push(await auditJson(['--shard', `${index}/${count}`]));
      }
      const sharded = shards.flatMap((shard) => shard.entries.map(described));
      expect(sharded.sort()).toEqual(whole.entries.map(described).sort());
      const sum = shards.map((shard): unknown => totals(shard.summary)).reduce(added);
      expect(sortedKeys(sum)).toEqual(sortedKeys(totals(whole.summary)));
      // A gzipped file cannot be cut: all its entries are in one shard.
      const holding = (file: string) =>
        shards.filter((shard) => shard.entries.some((entry) => entry.location.includes(file)));
      expect(holding('results.jsonl.gz')).toHaveLength(1);
      expect(holding('chat.har.gz')).toHaveLength(1);
      expect(holding('mcp-traffic.jsonl')).toHaveLength(1);
      // Each shard read a share, and the large files were cut: no shard read them all.
      for (const shard of shards) {
        expect(shard.summary.entries.audited).toBeLessThan(whole.summary.entries.audited);
        expect(shard.summary.shard?.parts).toBeGreaterThan(0);
      }
      const [first] = shards;
      const share = first?.summary.shard;
      expect(share === undefined ? 0 : share.bytes + share.otherShards.bytes).toBe(
        shards.reduce((sum, shard) => sum + (shard.summary.shard?.bytes ?? 0), 0),
      );
    },
  );

  test('a line keeps its number in the file, in whatever part it is read', async () => {
    const lines = readFileSync(join(week, 'big-crlf.jsonl'), 'utf8').split('\r\n');
    const report = await auditJson(['--shard', '2/3']);
    const numbers = report.entries
      .map((entry) => /big-crlf\.jsonl:(\d+)$/.exec(entry.location)?.[1])
      .filter((number) => number !== undefined)
      .map(Number);
    expect(numbers.length).toBeGreaterThan(0);
    // Shard 2 starts inside the file, so its first line is not line 1, and each line it lists
    // is the line of that number: a cut line is said to be cut, a whole one is read.
    expect(Math.min(...numbers)).toBeGreaterThan(1);
    for (const entry of report.entries) {
      const number = Number(/big-crlf\.jsonl:(\d+)$/.exec(entry.location)?.[1] ?? 0);
      if (number === 0) continue;
      const line = lines[number - 1] as string;
      const cut = entry.results.some((result) => /cut short|text before/.test(result.detail));
      let parses = true;
      try {
        JSON.parse(line.replace(/^\uFEFF/, ''));
      } catch {
        parses = false;
      }
      expect(cut, `line ${number}`).toBe(!parses);
    }
  });

  test('the text summary says what the shard read and what it left to the others', async () => {
    const io = memoryIo();
    await main(['audit', '--quiet', '--shard', '1/2', week], io);
    expect(io.stdout.text()).toMatch(
      /^\S+ entries audited in shard 1\/2: .*\nits share: \d+ files and \d+ parts? of (a )?larger files? \([\d.]+ MB\); \d+ files and \d+ parts? \([\d.]+ MB\) left to the other shards$/m,
    );
  });
});

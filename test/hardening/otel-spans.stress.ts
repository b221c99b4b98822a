/**
 * A JSONL export of 100,000 OTLP documents, one model-call span each (the collector's file
 * exporter writes one document a line), audited by the built CLI in a child process with its
 * heap capped: every span is counted, every cut call found, and peak RSS stays flat. Run by
 * `npm run test:stress`.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { AuditReport } from '../../src/cli/json-report.js';
import { type BuiltCli, buildCli } from '../cli/support.js';
import { auditWithCappedHeap } from './capped-audit.js';

const SPANS = 100_000;
/** A heap this small holds no array of 100,000 spans. */
const HEAP_MB = 64;
const RSS_LIMIT_MB = 200;

const TOOLS = JSON.stringify([
  {
    type: 'function',
    name: 'lookup_order',
    parameters: {
      type: 'object',
      properties: { order_id: { type: 'string' } },
      required: ['order_id'],
      additionalProperties: false,
    },
  },
]);

/** One OTLP document of one chat span; every tenth cut by its ceiling mid-arguments. */
function documentOf(index: number): string {
  const cut = index % 10 === 0;
  const attribute = (key: string, value: Record<string, unknown>) => ({ key, value });
  const span = {
    traceId: index.toString(16).padStart(32, '0'),
    spanId: index.toString(16).padStart(16, '0'),
    name: 'chat gpt-4.1',
    kind: 3,
    startTimeUnixNano: '1759858305000000000',
    endTimeUnixNano: '1759858306000000000',
    attributes: [
      attribute('gen_ai.operation.name', { stringValue: 'chat' }),
      attribute('gen_ai.provider.name', { stringValue: 'openai' }),
      attribute('gen_ai.request.model', { stringValue: 'gpt-4.1' }),
      attribute('gen_ai.tool.definitions', { stringValue: TOOLS }),
      attribute('gen_ai.output.messages', {
        stringValue: JSON.stringify([
          {
            role: 'assistant',
            parts: [
              {
                type: 'tool_call',
                id: `call_${index}`,
                name: 'lookup_order',
                arguments: cut ? '{"order_id":' : `{"order_id":"A-${index}"}`,
              },
            ],
            finish_reason: cut ? 'length' : 'tool_calls',
          },
        ]),
      }),
      attribute('gen_ai.usage.output_tokens', { intValue: cut ? 1024 : 20 }),
      attribute('gen_ai.request.max_tokens', { intValue: 1024 }),
    ],
  };
  return JSON.stringify({
    resourceSpans: [
      { resource: { attributes: [] }, scopeSpans: [{ scope: { name: 'app' }, spans: [span] }] },
    ],
  });
}

const folder = mkdtempSync(join(tmpdir(), 'tool-call-health-spans-'));
const log = join(folder, 'collector-export.jsonl');
let cli: BuiltCli;

beforeAll(() => {
  cli = buildCli();
  const lines: string[] = [];
  for (let index = 0; index < SPANS; index++) lines.push(documentOf(index));
  writeFileSync(log, `${lines.join('\n')}\n`);
}, 600_000);
afterAll(() => {
  cli?.remove();
  rmSync(folder, { recursive: true, force: true });
});

test('100,000 spans: every one a turn, each cut call found, in a 64 MB heap', async () => {
  const started = performance.now();
  const run = await auditWithCappedHeap(cli, ['--json', log], HEAP_MB);
  const seconds = (performance.now() - started) / 1000;
  const report = JSON.parse(run.stdout) as AuditReport;
  expect(report.summary.entries).toMatchObject({
    audited: SPANS,
    read: SPANS,
    withFindings: SPANS / 10,
  });
  expect(report.summary.states.dispatch['arguments-truncated']).toBe(SPANS / 10);
  expect(run.code).toBe(1);
  console.log(
    `${SPANS.toLocaleString('en-US')} spans in ${seconds.toFixed(1)} s: ${Math.round(SPANS / seconds).toLocaleString('en-US')} spans/s, peak RSS ${run.peakMb.toFixed(0)} MB`,
  );
  expect(run.peakMb).toBeLessThan(RSS_LIMIT_MB);
});

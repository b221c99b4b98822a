/**
 * A folder of 100,000 small files: every one audited and counted, the broken ones listed, in
 * bounded time and memory. Run by `npm run test:stress`.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { AuditReport } from '../../src/cli/json-report.js';
import { runCli } from './local-server.js';

const FILES = 100_000;
/** Every 10,000th file is cut short, so the report has something to list. */
const BROKEN_EVERY = 10_000;
const folder = mkdtempSync(join(tmpdir(), 'tool-call-health-many-files-'));

beforeAll(() => {
  for (let index = 0; index < FILES; index += 1) {
    const body = JSON.stringify({
      id: `resp_${index}`,
      object: 'response',
      status: 'completed',
      parallel_tool_calls: false,
      output: [
        {
          type: 'message',
          role: 'assistant',
          content: [{ type: 'output_text', text: `answer ${index}` }],
        },
      ],
    });
    const name = `r${String(index).padStart(6, '0')}.json`;
    writeFileSync(join(folder, name), index % BROKEN_EVERY === 0 ? body.slice(0, 30) : body);
  }
});
afterAll(() => rmSync(folder, { recursive: true, force: true }));

// The hang guard is vitest.stress.config.ts's 10-minute testTimeout: an audit that did work
// quadratic in the number of files would not finish within it. Speed is `npm run bench`'s.
test('100,000 files: each audited once, the 10 broken ones listed, memory flat', async () => {
  const heapBefore = process.memoryUsage().heapUsed;
  const run = await runCli(['audit', '--json', folder]);
  const heapGrowth = process.memoryUsage().heapUsed - heapBefore;
  const report = JSON.parse(run.stdout) as AuditReport;
  expect(report.summary.entries).toMatchObject({
    audited: FILES,
    read: FILES - FILES / BROKEN_EVERY,
    unreadable: FILES / BROKEN_EVERY,
  });
  expect(report.entries.map((entry) => entry.status)).toEqual(
    Array.from({ length: FILES / BROKEN_EVERY }, () => 'unreadable'),
  );
  expect(run.code).toBe(1);
  console.log(`100,000 files audited; heap grew ${(heapGrowth / 1e6).toFixed(0)} MB`);
  // The paths found are held (about 100 bytes each); what is audited is not.
  expect(heapGrowth).toBeLessThan(300_000_000);
});

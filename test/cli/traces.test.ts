/**
 * `audit` over trace exports, in process: an OTLP/JSON file and a JSONL file of OTLP documents
 * (as the collector's file exporter writes them, one a line), from spans the OpenTelemetry SDK
 * produced. Each model-call span is an entry named by its trace and span ids; the spans that are
 * no model call are counted in one skipped entry; a malformed file is unreadable while the rest
 * is audited.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from 'vitest';
import { auditEntry } from '../../src/cli/audit-entry.js';
import { DIAGNOSES } from '../../src/cli/findings.js';
import { recordingEntries } from '../../src/cli/recording-entries.js';
import { findRecordings } from '../../src/cli/walk.js';
import {
  CUT_CALL,
  genAiAttributes,
  openInferenceAttributes,
  otlpJson,
  tracing,
} from '../traces/support.js';

/** An export of one trace: a cut call, a schema-breaking call, an agent span and an HTTP span. */
function oneTrace() {
  const { span, exporter } = tracing();
  span('chat gpt-4.1-mini', genAiAttributes(CUT_CALL));
  span(
    'ChatCompletion',
    openInferenceAttributes({
      calls: [{ id: 'call_2', name: 'get_weather', arguments: { city: 7 } }],
    }),
  );
  span('invoke_agent weather', { 'gen_ai.operation.name': 'invoke_agent' });
  span('GET /weather', { 'http.request.method': 'GET' });
  return exporter.getFinishedSpans();
}

async function auditFolder(files: Record<string, string>) {
  const folder = mkdtempSync(join(tmpdir(), 'tch-traces-'));
  for (const [name, text] of Object.entries(files)) writeFileSync(join(folder, name), text);
  const found = await findRecordings([folder]);
  if (!found.ok) throw new Error(found.error);
  const entries = [];
  for await (const pending of recordingEntries(found.found, new AbortController().signal)) {
    entries.push(auditEntry(await pending.open(), DIAGNOSES));
  }
  return entries.map((entry) => ({
    at: entry.location.slice(folder.length + 1).replace(/[0-9a-f]{32}\]\.span\[[0-9a-f]{16}/, 'ID'),
    status: entry.status,
    states: entry.results.map((result) => `${result.diagnosis}:${result.state}`),
  }));
}

test('an OTLP/JSON file, a JSONL of OTLP documents and a malformed file', async () => {
  const spans = oneTrace();
  const document = JSON.stringify(otlpJson(spans));
  const entries = await auditFolder({
    'a-traces.json': document,
    'b-traces.jsonl': `${document}\n${JSON.stringify(otlpJson(spans.slice(0, 1)))}\n`,
    'c-broken.json': '{"resourceSpans": [{"scopeSpans": 3}]}',
  });
  const cut = [
    'dispatch:arguments-truncated',
    'truncation:truncated-by-length',
    'strict:strict-unrecorded',
  ];
  const broken = [
    'dispatch:arguments-violate-schema',
    'truncation:complete',
    'strict:strict-unrecorded',
  ];
  const skipped = { status: 'skipped', states: ['input:skipped'] };
  expect(entries).toEqual([
    { at: 'a-traces.json:trace[ID]', status: 'read', states: cut },
    { at: 'a-traces.json:trace[ID]', status: 'read', states: broken },
    { at: 'a-traces.json', ...skipped },
    { at: 'b-traces.jsonl:1:trace[ID]', status: 'read', states: cut },
    { at: 'b-traces.jsonl:1:trace[ID]', status: 'read', states: broken },
    { at: 'b-traces.jsonl:1', ...skipped },
    { at: 'b-traces.jsonl:2:trace[ID]', status: 'read', states: cut },
    {
      at: 'c-broken.json:resourceSpans[0]',
      status: 'unreadable',
      states: ['input:unreadable'],
    },
  ]);
});

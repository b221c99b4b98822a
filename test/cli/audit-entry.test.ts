import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { auditEntry, problemEntry } from '../../src/cli/audit-entry.js';
import type { AuditedEntry } from '../../src/cli/entry.js';
import { DIAGNOSES, SEVERITY, severityOf, statesWith } from '../../src/cli/findings.js';
import { documentEntries } from '../../src/cli/recordings.js';
import { fixtures } from './support.js';

interface Expected {
  calls: string[];
  truncation: string;
  strict: string;
}
interface Scenario {
  name: string;
  file: string;
  expect: Expected | { lines: Array<Expected & { custom_id: string }> };
}
const manifest: { scenarios: Scenario[] } = JSON.parse(
  readFileSync(join(fixtures, 'manifest.json'), 'utf8'),
);

async function auditHar(file: string): Promise<AuditedEntry[]> {
  const pending = documentEntries(readFileSync(join(fixtures, file), 'utf8'), file, 'har');
  return Promise.all(pending.map(async (entry) => auditEntry(await entry.open(), DIAGNOSES)));
}

function statesOf(entry: AuditedEntry): Expected {
  return {
    calls: entry.results.filter((r) => r.diagnosis === 'dispatch').map((r) => r.state),
    truncation: entry.results.find((r) => r.diagnosis === 'truncation')?.state ?? 'none',
    strict: entry.results.find((r) => r.diagnosis === 'strict')?.state ?? 'none',
  };
}

describe('auditEntry over the shipped corpus', () => {
  test.each(manifest.scenarios.map((scenario) => [scenario.name, scenario] as const))(
    '%s: the states of its manifest, each with the severity of the policy',
    async (_name, scenario) => {
      const entries = await auditHar(scenario.file);
      const read = entries.filter((entry) => entry.status === 'read');
      const expected = 'lines' in scenario.expect ? scenario.expect.lines : [scenario.expect];
      expect(read.map(statesOf)).toEqual(
        expected.map(({ calls, truncation, strict }) => ({ calls, truncation, strict })),
      );
      for (const result of read.flatMap((entry) => entry.results)) {
        expect(result.severity).toBe(severityOf(result.diagnosis, result.state));
      }
      // Only a batch's metadata entry is skipped: it is no model payload.
      for (const entry of entries.filter((one) => one.status !== 'read')) {
        expect(entry).toMatchObject({ status: 'skipped', location: `${scenario.file}:entries[0]` });
      }
    },
  );

  test('strict-void turns count their calls as arguments with no guarantee', async () => {
    const [entry] = await auditHar('openai-responses/strict-void-fanout.har');
    expect(entry).toMatchObject({ calls: 3, unguaranteedArguments: 3 });
    const [serialised] = await auditHar('openai-responses/strict-serialised.har');
    expect(serialised?.unguaranteedArguments).toBe(0);
  });

  test('a whole call in a cut turn, and a ceiling reached unreported, are findings (#17)', async () => {
    const [cut] = await auditHar('openai-responses/max-output-tokens-after-a-whole-call.har');
    expect(cut?.results.filter((r) => r.diagnosis === 'dispatch')).toMatchObject([
      { state: 'turn-cut', severity: 'finding' },
      { state: 'arguments-truncated', severity: 'finding' },
    ]);
    const [unreported] = await auditHar('gemini/ceiling-unreported.har');
    expect(unreported?.results.map((r) => [r.diagnosis, r.state, r.severity])).toEqual([
      ['dispatch', 'turn-cut', 'finding'],
      ['truncation', 'ceiling-unreported', 'finding'],
      ['strict', 'no-strict-declared', 'note'],
    ]);
  });

  test('--only runs only the diagnoses asked for', async () => {
    const pending = documentEntries(
      readFileSync(join(fixtures, 'openai-chat/length-mid-arguments.har'), 'utf8'),
      'x.har',
      'har',
    );
    const opened = await pending[0]!.open();
    expect(auditEntry(opened, ['strict']).results.map((r) => r.diagnosis)).toEqual(['strict']);
    expect(auditEntry(opened, ['dispatch', 'truncation']).results.map((r) => r.diagnosis)).toEqual([
      'dispatch',
      'truncation',
    ]);
  });

  test('a request body gets the strict diagnosis only: it has no output yet', () => {
    const request = {
      model: 'gpt-4.1',
      input: 'Where is A-1001?',
      tools: [
        {
          type: 'function',
          name: 'lookup_order',
          strict: true,
          parameters: { type: 'object', properties: {}, additionalProperties: false, required: [] },
        },
      ],
    };
    const entry = auditEntry(
      { location: 'request.json', kind: 'payload', payload: request },
      DIAGNOSES,
    );
    expect(entry.results.map((r) => [r.diagnosis, r.state, r.severity])).toEqual([
      ['strict', 'strict-at-risk', 'finding'],
    ]);
  });

  test('JSON that is no model payload is skipped, with a short reason', () => {
    const entry = auditEntry(
      {
        location: 'fixtures/manifest.json',
        kind: 'payload',
        payload: { version: 1, scenarios: [] },
      },
      DIAGNOSES,
    );
    expect(entry).toEqual(
      problemEntry(
        'fixtures/manifest.json',
        'skipped',
        'not a model response, exchange, batch results line or request body: got an object with keys "version", "scenarios"',
      ),
    );
    expect(entry.results[0]?.severity).toBe('note');
  });

  test('an API error body is skipped with what it is, and the accepted kinds named once, in brief', () => {
    const entry = auditEntry(
      {
        location: 'errors/400.json',
        kind: 'payload',
        payload: {
          error: { type: 'invalid_request_error', message: 'max_tokens: Field required' },
        },
      },
      DIAGNOSES,
    );
    expect(entry.results[0]?.detail).toBe(
      'not a model response, exchange, batch results line or request body: got an API error response (invalid_request_error): max_tokens: Field required; it holds no model output',
    );
  });
});

describe('the finding policy', () => {
  test('what is a finding, a note, and healthy', () => {
    expect(statesWith('dispatch', 'finding')).toEqual([
      'arguments-violate-schema',
      'arguments-unparseable',
      'arguments-truncated',
      'turn-cut',
      'duplicate-call',
      'unknown-tool',
      'schema-invalid',
    ]);
    expect(statesWith('dispatch', 'note')).toEqual(['dispatchable-unconstrained']);
    expect(statesWith('truncation', 'healthy')).toEqual(['complete']);
    expect(statesWith('truncation', 'finding')).toContain('ceiling-unreported');
    expect(statesWith('truncation', 'note')).toEqual(['refused']);
    expect(statesWith('strict', 'finding')).toEqual([
      'fanout-no-strict',
      'strict-void',
      'strict-at-risk',
    ]);
    expect(statesWith('strict', 'note')).toEqual([
      'no-tools',
      'no-strict-declared',
      'strict-unrecorded',
    ]);
    expect(statesWith('strict', 'healthy')).toEqual(['strict-serialised', 'strict-held']);
    expect(statesWith('input', 'finding')).toEqual(['unreadable', 'fetch-failed']);
  });

  test('every state of every diagnosis has a severity', () => {
    for (const table of Object.values(SEVERITY)) {
      for (const severity of Object.values(table)) {
        expect(['finding', 'note', 'healthy']).toContain(severity);
      }
    }
  });
});

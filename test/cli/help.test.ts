import { describe, expect, test } from 'vitest';
import { DIAGNOSES, DIAGNOSIS_TABLE, statesWith } from '../../src/cli/findings.js';
import { helpHint, helpText } from '../../src/cli/help.js';

describe('help', () => {
  test('the main help names the commands and the exit codes', () => {
    const text = helpText('main', '1.2.3');
    expect(text.split('\n')[0]).toBe('tool-call-health 1.2.3');
    for (const words of ['audit [options] <paths...>', 'fetch [options]', '--version', '130']) {
      expect(text).toContain(words);
    }
  });

  test('audit --help counts and names the diagnoses the report runs, from the table the audit runs them from', () => {
    const text = helpText('audit', '1.2.3').replace(/\s+/g, ' ');
    expect(DIAGNOSES).toEqual(['dispatch', 'truncation', 'strict', 'result', 'history']);
    expect(text).toContain(
      `runs ${DIAGNOSES.length} diagnoses, each on the entries it applies to:`,
    );
    for (const name of DIAGNOSES) {
      expect(text).toContain(`${name} (${DIAGNOSIS_TABLE[name].judges}; on `);
    }
    expect(text).toContain(`--only <names> run only these diagnoses (${DIAGNOSES.join(', ')});`);
    expect(text).not.toMatch(/three diagnoses/);
  });

  test('audit --help lists every finding state and every note, from the policy itself', () => {
    const text = helpText('audit', '1.2.3');
    const findings = text.slice(text.indexOf('What counts as a finding'), text.indexOf('Notes ('));
    const notes = text.slice(text.indexOf('Notes ('), text.indexOf('Healthy ('));
    for (const kind of [
      'input',
      'dispatch',
      'truncation',
      'strict',
      'result',
      'mcp-log',
    ] as const) {
      for (const state of statesWith(kind, 'finding')) expect(findings).toContain(state);
      for (const state of statesWith(kind, 'note')) expect(notes).toContain(state);
    }
    expect(notes).toContain('dispatchable-unconstrained');
    expect(notes).toContain('no-strict-declared');
  });

  test('audit --help documents every field of the JSON report', () => {
    const text = helpText('audit', '1.2.3');
    for (const field of [
      '"version"',
      '"generator"',
      '"command"',
      '"complete"',
      '"shard"',
      '"only"',
      '"showAll"',
      '"entries"',
      '"location"',
      '"status"',
      '"surface"',
      '"subject"',
      '"subjects"',
      '"results"',
      '"diagnosis"',
      '"state"',
      '"severity"',
      '"call"',
      '"detail"',
      '"problems"',
      '"repairs"',
      '"calls"',
      '"unguaranteedArguments"',
      '"summary"',
      '"audited"',
      '"otherShards"',
      '"findings"',
      '"notes"',
      '"states"',
      '"exposure"',
      '"fetch"',
    ]) {
      expect(text).toContain(field);
    }
  });

  test('fetch --help documents the sources, the retries and the fetch section', () => {
    const text = helpText('fetch', '1.2.3');
    for (const words of [
      'resp_ followed by letters, digits, _ or - only',
      'anthropic-version: 2023-06-01',
      'retry-after',
      '--max-retries',
      '--max-wait',
      '--save DIR',
      '"notFound"',
      '"retries"',
      '"invalidIds"',
      '"duplicateIds"',
    ]) {
      expect(text).toContain(words);
    }
  });

  test('no line is wider than a terminal', () => {
    for (const topic of ['main', 'audit', 'fetch'] as const) {
      for (const line of helpText(topic, '1.2.3').split('\n')) {
        expect(line.length, line).toBeLessThanOrEqual(100);
      }
    }
  });

  test('a usage error points to the right help', () => {
    expect(helpHint('fetch')).toBe("Run 'tool-call-health fetch --help' for usage.");
    expect(helpHint('main')).toBe("Run 'tool-call-health --help' for usage.");
  });
});

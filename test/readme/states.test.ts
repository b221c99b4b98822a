import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { type Diagnosis, SEVERITY } from '../../src/cli/findings.js';
import { root } from './readme.js';

/**
 * The README's States tables name every state of each diagnosis, and their `audit` column is
 * how the CLI counts it: both are read from the same place in the code (`SEVERITY`), so a state
 * added, renamed or recounted without its row fails here.
 */
const TABLES: Record<string, Diagnosis> = {
  diagnoseCalls: 'dispatch',
  diagnoseTruncation: 'truncation',
  diagnoseStrictGuarantee: 'strict',
  diagnoseToolResult: 'result',
  diagnoseHistory: 'history',
};

/** Each States table under a `### \`diagnoseX\`` heading: its rows as state → audit column. */
function statesTables(): Map<string, Map<string, string>> {
  const lines = readFileSync(join(root, 'README.md'), 'utf8').split('\n');
  const tables = new Map<string, Map<string, string>>();
  let current: Map<string, string> | null = null;
  for (const line of lines) {
    const heading = /^### `(diagnose\w+)`/.exec(line);
    if (heading) {
      current = new Map();
      tables.set(heading[1] as string, current);
      continue;
    }
    if (line.startsWith('#')) current = null;
    const row = /^\| `([a-z-]+)` .*\| (healthy|note|finding) +\|$/.exec(line);
    if (current !== null && row) current.set(row[1] as string, row[2] as string);
  }
  return tables;
}

describe("the README's States tables", () => {
  const tables = statesTables();

  test('there is one for each diagnosis the CLI runs', () => {
    expect([...tables.keys()].sort()).toEqual(Object.keys(TABLES).sort());
  });

  test.each(Object.entries(TABLES))(
    '%s lists every state, each counted as audit counts it',
    (heading, diagnosis) => {
      const table = Object.fromEntries(tables.get(heading) ?? []);
      expect(table).toEqual({ ...SEVERITY[diagnosis] });
    },
  );
});

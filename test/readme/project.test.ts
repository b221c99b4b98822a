import {
  copyFileSync,
  cpSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  renameSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { stripVTControlCharacters } from 'node:util';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { type BuiltCli, buildCli, cleanEnv, type Ran, runBin } from '../cli/support.js';
import { readmeBlock, root } from './readme.js';

/**
 * The README's whole-file samples, run the way a user runs them: a new project laid out as the
 * README says (its vitest.config.ts, test/setup.ts, test files and recordings/, all copied from
 * test/readme/project/), the package built from src/ and linked in by its name, and a real
 * vitest run there. Two of the samples fail on purpose; their failures are what is checked.
 */
let built: BuiltCli;
let vitest: Ran;
let types: Ran;
const work = mkdtempSync(join(tmpdir(), 'tool-call-health-readme-'));
const project = join(work, 'project');

/** What the new project borrows from this repository's node_modules, by name. */
const LINKED = ['vitest', 'msw', 'openai', 'fast-check', '@fast-check/vitest'];

beforeAll(async () => {
  built = buildCli();
  cpSync(join(root, 'test/readme/project'), project, { recursive: true });
  for (const name of ['refund', 'recorded', 'property', 'record']) {
    renameSync(join(project, `test/${name}.sample.ts`), join(project, `test/${name}.test.ts`));
  }
  copyFileSync(
    join(root, 'examples/property-testing/parse-arguments.ts'),
    join(project, 'src/parse-arguments.ts'),
  );
  mkdirSync(join(project, 'recordings'));
  copyFileSync(
    join(root, 'fixtures/openai-chat/schema-violation.har'),
    join(project, 'recordings/schema-violation.har'),
  );
  writeFileSync(
    join(project, 'package.json'),
    JSON.stringify({ name: 'agent-under-test', private: true, type: 'module' }),
  );
  mkdirSync(join(project, 'node_modules/@fast-check'), { recursive: true });
  for (const name of LINKED) {
    symlinkSync(join(root, 'node_modules', name), join(project, 'node_modules', name), 'dir');
  }
  symlinkSync(join(built.bin, '../..'), join(project, 'node_modules/tool-call-health'), 'dir');

  const env = cleanEnv({ CI: 'true', NO_COLOR: '1' });
  // The type check reads only types/, so it runs beside the suite.
  [vitest, types] = await Promise.all([
    // One file at a time: the recorder writes into recordings/, which the msw sample reads.
    runBin(
      join(project, 'node_modules/vitest/vitest.mjs'),
      [
        'run',
        '--no-file-parallelism',
        '--reporter=default',
        '--reporter=json',
        '--outputFile=report.json',
      ],
      { cwd: project, env },
    ),
    runBin(join(root, 'node_modules/typescript/bin/tsc'), ['-p', 'types', '--noEmit'], {
      cwd: project,
      env,
    }),
  ]);
}, 180_000);

afterAll(() => {
  built?.remove();
  rmSync(work, { recursive: true, force: true });
});

interface JsonReport {
  testResults: {
    name: string;
    assertionResults: { title: string; status: string; failureMessages: string[] }[];
  }[];
}

/** The one test of a sample file, as the JSON reporter saw it. */
function resultOf(file: string) {
  const report: JsonReport = JSON.parse(readFileSync(join(project, 'report.json'), 'utf8'));
  const results = report.testResults.find((result) => result.name.endsWith(`/test/${file}`));
  expect(results?.assertionResults, `${file} ran one test`).toHaveLength(1);
  return results?.assertionResults[0];
}

/** The failure the default reporter printed for a test, from its FAIL line to its location. */
function printedFailure(file: string, output: string): string {
  const lines = stripVTControlCharacters(output).split('\n');
  const start = lines.findIndex((line) => line.trim().startsWith(`FAIL  test/${file} > `));
  const end = lines.findIndex(
    (line, index) => index > start && line.trim().startsWith(`❯ test/${file}:`),
  );
  expect(start, `a FAIL line for ${file} in:\n${output}`).toBeGreaterThanOrEqual(0);
  return lines
    .slice(start, end)
    .map((line) => line.trimEnd())
    .join('\n')
    .trim();
}

describe('the README samples in a new project, under a real vitest', () => {
  test('the run fails on the two samples that fail on purpose, and on nothing else', () => {
    expect(vitest.stderr).not.toMatch(/Error: Cannot find|Invalid Chai property/);
    expect(vitest.code, vitest.stdout + vitest.stderr).toBe(1);
    expect(resultOf('refund.test.ts')?.status).toBe('failed');
    expect(resultOf('recorded.test.ts')?.status).toBe('failed');
    expect(resultOf('property.test.ts')?.status).toBe('passed');
    expect(resultOf('record.test.ts')?.status).toBe('passed');
  });

  test('Your first failing assertion: the failure is printed as the README shows it', () => {
    const shown = readmeBlock(
      'Your first failing assertion › FAIL  test/refund.test.ts > the refund call can be dispatched',
    );
    // The default reporter prints failures on stderr.
    expect(printedFailure('refund.test.ts', vitest.stderr)).toBe(shown.text);
  });

  test('the msw sample fails on the schema violation in the recording, as its comment says', () => {
    const [message] = resultOf('recorded.test.ts')?.failureMessages ?? [];
    expect(stripVTControlCharacters(message ?? '')).toContain(
      '"issue_refund" (call_j6Vol2WiugX41NUOEj5LDhwb) at choices[0].message.tool_calls[0]: arguments-violate-schema',
    );
  });

  test('`types` in tsconfig.json, as written, types the matchers without the setup file', () => {
    expect(types.stdout + types.stderr).toBe('');
    expect(types.code).toBe(0);
  });
});

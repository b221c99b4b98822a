import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, test } from 'vitest';

/**
 * The arrows ARCHITECTURE.md forbids are enforced by biome's noRestrictedImports, one override
 * per folder in biome.json, so `npm test` (which lints) fails on any of them. This proves each
 * rule still fires: each import below is written into a scratch mirror of the tree, beside a
 * copy of the project's biome.json, and linted in one run.
 */
const FORBIDDEN: Array<[arrow: string, file: string, source: string]> = [
  ['reading -> diagnosing', 'src/read/a.ts', "import { x } from '../diagnose/turn.js';"],
  [
    'reading -> the strict lint',
    'src/read/b.ts',
    "import { x } from '../schema/strict-lint/walk.js';",
  ],
  [
    'a surface -> diagnosing',
    'src/surfaces/gemini/a.ts',
    "import { x } from '../../diagnose/turn.js';",
  ],
  ['a surface -> the registry', 'src/surfaces/gemini/b.ts', "import { x } from '../index.js';"],
  ['a surface -> fast-check', 'src/surfaces/gemini/c.ts', "import x from 'fast-check';"],
  ['the model -> a surface', 'src/model/a.ts', "import { x } from '../surfaces/index.js';"],
  ['diagnoses -> matchers', 'src/diagnose/a.ts', "import { x } from '../matchers/index.js';"],
  ['diagnoses -> the CLI', 'src/diagnose/b.ts', "import { x } from '../cli/main.js';"],
  ['the CLI -> the msw face', 'src/cli/a.ts', "import { x } from '../msw/index.js';"],
  ['the CLI -> the msw package', 'src/cli/b.ts', "import { x } from 'msw';"],
  ['matchers -> arbitraries', 'src/matchers/a.ts', "import { x } from '../arbitraries/index.js';"],
  ['msw -> the CLI', 'src/msw/a.ts', "import { x } from '../cli/main.js';"],
  ['arbitraries -> msw', 'src/arbitraries/a.ts', "import { x } from '../msw/index.js';"],
  ['har -> the msw package', 'src/har/a.ts', "import { x } from 'msw';"],
  ['the root entry -> vitest', 'src/index.ts', "import { x } from 'vitest';"],
  [
    'a framework adapter -> diagnosing',
    'src/frameworks/ai-sdk/a.ts',
    "import { x } from '../../diagnose/turn.js';",
  ],
  [
    'a framework adapter -> the registry',
    'src/frameworks/ai-sdk/b.ts',
    "import { x } from '../../surfaces/index.js';",
  ],
  ['a framework adapter -> its framework', 'src/frameworks/ai-sdk/c.ts', "import { x } from 'ai';"],
  ['faults -> the msw face', 'src/faults/a.ts', "import { x } from '../msw/index.js';"],
  ['the ai-sdk face -> ai', 'src/ai-sdk/a.ts', "import { x } from 'ai';"],
  ['the ai-sdk face -> the msw face', 'src/ai-sdk/b.ts', "import { x } from '../msw/index.js';"],
  ['faults -> msw', 'src/faults/b.ts', "import { x } from 'msw';"],
  [
    'a surface -> the MCP SDK',
    'src/surfaces/mcp/a.ts',
    "import { x } from '@modelcontextprotocol/sdk/types.js';",
  ],
];

const ALLOWED: Array<[arrow: string, file: string, source: string]> = [
  ['a diagnosis -> the reader', 'src/diagnose/ok.ts', "import { x } from '../read/index.js';"],
  ['the reader -> the registry', 'src/read/ok.ts', "import { x } from '../surfaces/index.js';"],
  [
    'a surface -> the model',
    'src/surfaces/gemini/ok.ts',
    "import { x } from '../../model/turn.js';",
  ],
  ['the CLI -> har', 'src/cli/ok.ts', "import { x } from '../har/index.js';"],
  [
    'a framework adapter -> the adapter interface',
    'src/frameworks/ai-sdk/ok.ts',
    "import { x } from '../../surfaces/types.js';",
  ],
];

const project = fileURLToPath(new URL('../../', import.meta.url));
const scratch = mkdtempSync(join(tmpdir(), 'tch-import-rules-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** The files biome reported a restricted import in, linting every case in one run. */
function restrictedIn(): Set<string> {
  const config = JSON.parse(readFileSync(join(project, 'biome.json'), 'utf8'));
  config.vcs = { enabled: false };
  writeFileSync(join(scratch, 'biome.json'), JSON.stringify(config));
  for (const [, file, source] of [...FORBIDDEN, ...ALLOWED]) {
    mkdirSync(dirname(join(scratch, file)), { recursive: true });
    writeFileSync(join(scratch, file), `${source}\n\nexport const used = x;\n`);
  }
  const biome = join(project, 'node_modules/@biomejs/biome/bin/biome');
  const run = spawnSync(
    process.execPath,
    [biome, 'lint', '--reporter=json', '--max-diagnostics=none', 'src'],
    { cwd: scratch, encoding: 'utf8' },
  );
  const report = JSON.parse(run.stdout) as {
    diagnostics: Array<{ category: string; location: { path: string } }>;
  };
  return new Set(
    report.diagnostics
      .filter((diagnostic) => diagnostic.category === 'lint/style/noRestrictedImports')
      .map((diagnostic) => diagnostic.location.path),
  );
}

describe('import rules (biome noRestrictedImports in biome.json)', () => {
  const refused = restrictedIn();

  test.each(FORBIDDEN)('%s is refused', (_arrow, file) => {
    expect(refused.has(file)).toBe(true);
  });

  test.each(ALLOWED)('%s is allowed', (_arrow, file) => {
    expect(refused.has(file)).toBe(false);
  });
});

import { execFile, execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';

/**
 * A new user's first ten minutes, for real: pack the package, install the tarball into an empty
 * project beside vitest and typescript, add the setup file, and run a typed suite there. A second
 * project installs the tarball alone, with no peer, and reads a recording through
 * `tool-call-health/har`, which must load without msw.
 */
const root = fileURLToPath(new URL('../../', import.meta.url));
const work = mkdtempSync(join(tmpdir(), 'tool-call-health-e2e-'));
const project = join(work, 'project');
const bare = join(work, 'bare');
const options = (cwd: string) => ({
  cwd,
  encoding: 'utf8' as const,
  env: { ...process.env, CI: 'true', NO_COLOR: '1' },
});
const run = (command: string, args: string[], cwd: string) =>
  execFileSync(command, args, { ...options(cwd), stdio: 'pipe' });
/** `run` without blocking: the two projects install at the same time. */
const runAside = (command: string, args: string[], cwd: string) =>
  promisify(execFile)(command, args, { ...options(cwd), maxBuffer: 64 * 1024 * 1024 });

const files: Record<string, string> = {
  'package.json': JSON.stringify({ name: 'agent-under-test', private: true, type: 'module' }),
  'tsconfig.json': JSON.stringify({
    compilerOptions: {
      target: 'ES2022',
      module: 'NodeNext',
      moduleResolution: 'NodeNext',
      strict: true,
      // Off, so a clash between the shipped .d.ts and vitest's own declarations would show.
      skipLibCheck: false,
      noEmit: true,
      types: [],
    },
    include: ['*.ts'],
  }),
  'vitest.config.ts': `import { defineConfig } from 'vitest/config';
export default defineConfig({ test: { setupFiles: ['./setup.ts'] } });
`,
  'setup.ts': `import 'tool-call-health/vitest';\n`,
  'agent.test.ts': `import { expect, test } from 'vitest';
import fc from 'fast-check';
import { diagnoseCalls, jsonState } from 'tool-call-health';
import { truncatedJson } from 'tool-call-health/arbitraries';
import { matchers } from 'tool-call-health/matchers';
import { readHar } from 'tool-call-health/har';

const response = {
  id: 'resp_1', object: 'response', status: 'completed', parallel_tool_calls: false,
  tools: [{ type: 'function', name: 'lookup_order', strict: true, parameters: {
    type: 'object', additionalProperties: false, required: ['order_id'], properties: { order_id: { type: 'string' } } } }],
  output: [{ type: 'function_call', id: 'fc_1', call_id: 'call_1', name: 'lookup_order', arguments: '{"order_id":"A-1"}', status: 'completed' }],
};

test('the matchers are registered and typed', () => {
  expect(response).toBeDispatchable({ requireStrict: true });
  expect(response).toNotBeTruncated();
  expect(response).toKeepStrictGuarantee();
  expect(response.tools).toBeStrictCompatible({ provider: 'openai' });
  expect(response).toCallTool('lookup_order', { order_id: expect.any(String) });
  expect(Object.keys(matchers).sort()).toEqual([
    'toBeDispatchable', 'toBeStrictCompatible', 'toCallTool', 'toHaveConsistentToolHistory',
    'toKeepStrictGuarantee', 'toMatchOutputSchema', 'toNotBeTruncated',
  ]);
  expect(diagnoseCalls(response)[0]?.state).toBe('dispatchable');
});

test('the other entries load beside their peers', () => {
  expect(fc.sample(truncatedJson(), { numRuns: 20, seed: 1 }).every((text) => jsonState(text) === 'truncated')).toBe(true);
  expect(typeof readHar).toBe('function');
});

test('a failure is clear', () => {
  const bad = { ...response, output: [{ ...response.output[0], arguments: '{"order_id":7}' }] };
  expect(() => expect(bad).toBeDispatchable()).toThrow('arguments.order_id: expected string, got integer');
});
`,
  'types-check.ts': `import { expect, expectTypeOf } from 'vitest';
import 'tool-call-health/vitest';
declare const response: unknown;
expect(response).toBeDispatchable({ requireStrict: true });
expectTypeOf(expect(response).toCallTool('lookup_order')).toEqualTypeOf<void>();
expectTypeOf(expect(Promise.resolve(response)).resolves.toNotBeTruncated()).toEqualTypeOf<Promise<void>>();
// @ts-expect-error a misspelt matcher does not compile
expect(response).toBeDispatchible();
// @ts-expect-error options are typed
expect(response).toBeStrictCompatible({ provider: 'cohere' });
`,
};

/** The project without peers: a script using `tool-call-health/har`, and a typed use of it. */
const bareFiles: Record<string, string> = {
  'package.json': JSON.stringify({ name: 'recordings-only', private: true, type: 'module' }),
  'tsconfig.json': files['tsconfig.json'] ?? '',
  // Type-checked only: the shipped declarations of the entry must stand without msw's.
  'types-check.ts': `import { type HarSource, type RecordedExchange, readHar, redact } from 'tool-call-health/har';
const source: HarSource = ['recordings/', { log: { entries: [] } }];
const exchanges: RecordedExchange[] = readHar(source);
const text: string = redact(exchanges[0]?.response.text ?? '', { patterns: [/acct_[a-z0-9]+/g] });
// @ts-expect-error a HAR source is a path, a parsed document or a list of them
readHar(42);
`,
  // Run as it is. An msw in a folder above the temporary one would still resolve, so msw is
  // refused outright (refuse-msw.mjs) while it runs.
  'read.mjs': `import { existsSync } from 'node:fs';
import { readHar, redact, REDACTED } from 'tool-call-health/har';

const installed = existsSync('node_modules/msw') ? 'installed' : 'not installed';
const refused = await import('msw').then(() => 'importable', () => 'refused');
const [exchange] = readHar({
  log: {
    entries: [
      {
        request: { method: 'post', url: 'https://api.openai.com/v1/responses' },
        response: { status: 200, content: { mimeType: 'application/json', text: '{"note":"sk-proj-abc123def456ghi789"}' } },
      },
    ],
  },
});
const text = redact(exchange.response.text);
if (text !== \`{"note":"\${REDACTED}"}\`) throw new Error(\`unexpected: \${text}\`);
console.log(\`msw \${installed}, \${refused}; \${exchange.request.method} \${text}\`);
`,
  'refuse-msw.mjs': `import { register } from 'node:module';

register('./refuse-msw-hooks.mjs', import.meta.url);
`,
  'refuse-msw-hooks.mjs': `export async function resolve(specifier, context, next) {
  if (specifier === 'msw' || specifier.startsWith('msw/')) throw new Error(\`msw imported: \${specifier}\`);
  return next(specifier, context);
}
`,
};

describe('the packed package, installed into a new project', () => {
  beforeAll(async () => {
    mkdirSync(project);
    run('npm', ['pack', '--silent', '--pack-destination', work], root);
    const tarball = readdirSync(work).find((name) => name.endsWith('.tgz'));
    if (tarball === undefined) throw new Error('npm pack wrote no tarball');
    for (const [name, content] of Object.entries(files))
      writeFileSync(join(project, name), content);
    // The versions this repository installed, read where `require` from the root finds them.
    const versions = ['vitest', 'vite', 'typescript', 'fast-check', 'msw'].map((name) => {
      const manifest = join(root, 'node_modules', name, 'package.json');
      return `${name}@${JSON.parse(readFileSync(manifest, 'utf8')).version}`;
    });
    // Alone: optional peers are not installed, so this project has no msw, vitest or fast-check.
    mkdirSync(bare);
    for (const [name, content] of Object.entries(bareFiles))
      writeFileSync(join(bare, name), content);
    const install = ['install', '--no-audit', '--no-fund', '--prefer-offline', join(work, tarball)];
    await Promise.all([
      runAside('npm', [...install, ...versions], project),
      runAside('npm', install, bare),
    ]);
  }, 300_000);

  // Two installed projects to delete: more than the default 10 s on a busy disk.
  afterAll(() => rmSync(work, { recursive: true, force: true }), 60_000);

  test('type-checks: matchers typed, a misspelt one rejected', () => {
    expect(() => run('npx', ['tsc', '-p', 'tsconfig.json'], project)).not.toThrow();
  }, 120_000);

  test('runs a suite with the setup file', () => {
    const output = run('npx', ['vitest', 'run'], project);
    expect(output).toMatch(/Tests\s+3 passed/);
  }, 120_000);

  test('installs the tool-call-health command, which audits a folder', () => {
    const version = JSON.parse(
      run('node', ['-p', 'JSON.stringify(require("./package.json").version)'], root),
    );
    expect(run('npx', ['tool-call-health', '--version'], project).trim()).toContain(version);
    // The shipped corpus, as installed, has findings on purpose: exit code 1, with the summary.
    let output = '';
    try {
      run(
        'npx',
        ['tool-call-health', 'audit', 'node_modules/tool-call-health/fixtures/openai-chat'],
        project,
      );
    } catch (error) {
      expect((error as { status?: number }).status).toBe(1);
      output = String((error as { stdout?: string }).stdout);
    }
    expect(output).toMatch(/entries audited/);
  }, 120_000);

  test('tool-call-health/har reads and redacts a recording in a project without msw', () => {
    expect(run('node', ['--import', './refuse-msw.mjs', 'read.mjs'], bare).trim()).toBe(
      'msw not installed, refused; POST {"note":"[REDACTED]"}',
    );
    // Its types too: the project's own resolution, the compiler borrowed from the other project.
    const tsc = join(project, 'node_modules', 'typescript', 'bin', 'tsc');
    expect(() => run('node', [tsc, '-p', 'tsconfig.json'], bare)).not.toThrow();
  }, 120_000);

  test('the recordings of every state ship, and resolve by the package name', () => {
    const script = `import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { readHar } from 'tool-call-health/har';
const manifest = fileURLToPath(import.meta.resolve('tool-call-health/fixtures/manifest.json'));
const { scenarios } = JSON.parse(readFileSync(manifest, 'utf8'));
const entries = scenarios.flatMap(({ file }) => readHar(fileURLToPath(import.meta.resolve('tool-call-health/fixtures/' + file))));
console.log(scenarios.length > 40 && entries.length >= scenarios.length ? 'replayable' : 'missing');`;
    expect(run('node', ['--input-type=module', '-e', script], bare).trim()).toBe('replayable');
  });

  test('ships only dist, the bin shim, the fixtures, the README, the changelog and the licence', () => {
    const listing = run(
      'tar',
      ['-tzf', join(work, readdirSync(work).find((name) => name.endsWith('.tgz')) ?? '')],
      work,
    );
    const shipped = listing.split('\n').filter(Boolean);
    expect(
      shipped.every((path) =>
        /^package\/(dist\/|bin\/|fixtures\/|README\.md$|CHANGELOG\.md$|LICENSE$|package\.json$)/.test(
          path,
        ),
      ),
    ).toBe(true);
    expect(shipped).toContain('package/dist/vitest.d.ts');
    expect(shipped).toContain('package/CHANGELOG.md');
    expect(shipped).toContain('package/fixtures/manifest.json');
  });
});

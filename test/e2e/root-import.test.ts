/**
 * What `import 'tool-call-health'` costs a test file: the built package's root loads Node's own
 * modules and eventsource-parser, nothing else (no writer, no fault code, no codec package, no
 * framework), and Ajv only once a schema is compiled. Reads dist/, which `npm test` builds first.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, test } from 'vitest';

const project = fileURLToPath(new URL('../../', import.meta.url));
const dist = join(project, 'dist');

/** Every file an entry loads by static import, and the packages they name. */
function staticGraph(entry: string): { files: string[]; packages: Set<string> } {
  const files: string[] = [];
  const packages = new Set<string>();
  const visit = (file: string) => {
    if (files.includes(file)) return;
    files.push(file);
    const code = readFileSync(file, 'utf8');
    for (const [, specifier] of code.matchAll(/^(?:import|export)\b[^'"]*?['"]([^'"]+)['"];?$/gm)) {
      if (specifier === undefined) continue;
      if (specifier.startsWith('.')) visit(join(dirname(file), specifier));
      else packages.add(specifier);
    }
  };
  visit(join(dist, entry));
  return { files: files.map((file) => relative(dist, file)), packages };
}

describe.skipIf(!existsSync(join(dist, 'index.js')))('the built root entry', () => {
  test('loads Node and eventsource-parser only: no Ajv, no codec, no framework', () => {
    const { files, packages } = staticGraph('index.js');
    expect([...packages].filter((name) => !name.startsWith('node:')).sort()).toEqual([
      'eventsource-parser',
    ]);
    // A handful of files, not one per module: the bundle is what keeps the import cheap.
    expect(files.length).toBeLessThanOrEqual(12);
  });

  test('/vitest adds vitest and the matchers, nothing else', () => {
    const root = staticGraph('index.js');
    const { packages } = staticGraph('vitest.js');
    const added = [...packages].filter(
      (name) => !root.packages.has(name) && !name.startsWith('node:'),
    );
    expect(added).toEqual(['vitest']);
  });

  test('Ajv loads when the first schema is compiled, not before', () => {
    const script = `
      import { createRequire } from 'node:module';
      const cache = createRequire(import.meta.url).cache;
      const ajvLoaded = () => Object.keys(cache).some((path) => path.includes('/node_modules/ajv/'));
      const { diagnoseCalls } = await import('tool-call-health');
      const before = ajvLoaded();
      const tools = [{ type: 'function', function: { name: 'lookup', parameters: { type: 'object', properties: { id: { type: 'string' } }, required: ['id'] } } }];
      const response = { object: 'chat.completion', choices: [{ index: 0, finish_reason: 'tool_calls', message: { role: 'assistant', content: null, tool_calls: [{ id: 'call_1', type: 'function', function: { name: 'lookup', arguments: '{"id":7}' } }] } }] };
      const [call] = diagnoseCalls({ request: { model: 'gpt-4.1', messages: [], tools }, response });
      console.log(JSON.stringify({ before, after: ajvLoaded(), state: call.state }));
    `;
    const printed = execFileSync(process.execPath, ['--input-type=module', '-e', script], {
      cwd: project,
      encoding: 'utf8',
    });
    expect(JSON.parse(printed)).toEqual({
      before: false,
      after: true,
      state: 'arguments-violate-schema',
    });
  });
});

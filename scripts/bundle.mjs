// Writes dist/, what the package ships, from build/, what tsc emitted: the JavaScript bundled into
// one file per entry point and shared chunks in dist/chunks/, so an import reads a few files
// instead of about 140 modules (resolving and linking them was most of the package's own import
// time), and the declarations copied as tsc wrote them, one per module. build/ keeps the modules
// one per file for the scripts and benchmarks that reach inside. Run by `npm run build`.
import { copyFileSync, mkdirSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, isAbsolute, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'rolldown';

const emitted = fileURLToPath(new URL('../build/', import.meta.url));
const dist = fileURLToPath(new URL('../dist/', import.meta.url));

/** The entry points: package.json's exports, the CLI the bin shim runs, and its worker thread. */
const ENTRIES = {
  index: 'index.js',
  vitest: 'vitest.js',
  'matchers/index': 'matchers/index.js',
  'msw/index': 'msw/index.js',
  'har/index': 'har/index.js',
  'arbitraries/index': 'arbitraries/index.js',
  'ai-sdk/index': 'ai-sdk/index.js',
  'reporter/index': 'reporter/index.js',
  'cli/main': 'cli/main.js',
  'cli/audit-worker': 'cli/audit-worker.js',
};

/** Every file under a folder. */
function filesUnder(folder) {
  return readdirSync(folder).flatMap((name) => {
    const path = join(folder, name);
    return statSync(path).isDirectory() ? filesUnder(path) : [path];
  });
}

const { output } = await build({
  input: Object.fromEntries(
    Object.entries(ENTRIES).map(([name, file]) => [name, join(emitted, file)]),
  ),
  platform: 'node',
  // Packages (dependencies, peers and Node's own) load from node_modules as the user installed them.
  external: (id) => !id.startsWith('.') && !isAbsolute(id) && !id.startsWith('\0'),
  write: false,
  output: {
    format: 'esm',
    entryFileNames: '[name].js',
    // Two folders deep, like dist/cli/ and dist/msw/, so `new URL('../../package.json',
    // import.meta.url)` finds the package root from a chunk too.
    chunkFileNames: 'chunks/[name]-[hash].js',
  },
});

for (const piece of output) {
  const code = piece.type === 'chunk' ? piece.code : String(piece.source);
  if (!piece.fileName.includes('/') && code.includes('../../package.json')) {
    throw new Error(
      `bundle: ${piece.fileName} sits one folder deep but reads ../../package.json, which is outside the package from there`,
    );
  }
}

rmSync(dist, { recursive: true, force: true });
for (const piece of output) {
  const target = join(dist, piece.fileName);
  mkdirSync(dirname(target), { recursive: true });
  writeFileSync(target, piece.type === 'chunk' ? piece.code : piece.source);
}
const declarations = filesUnder(emitted).filter((file) => file.endsWith('.d.ts'));
for (const file of declarations) {
  const target = join(dist, relative(emitted, file));
  mkdirSync(dirname(target), { recursive: true });
  copyFileSync(file, target);
}
const modules = filesUnder(emitted).filter((file) => file.endsWith('.js')).length;
console.log(
  `dist/: ${modules} modules bundled into ${output.length} files for ${Object.keys(ENTRIES).length} entry points, and ${declarations.length} declarations`,
);

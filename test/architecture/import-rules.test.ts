/**
 * The layers of src/ are one table (scripts/architecture/layers.json). From it come biome's
 * import rules and ARCHITECTURE.md's table; here, from it too, every arrow it forbids and every
 * arrow it allows. Each case is a scratch file importing across a pair of folders, written into
 * a mirror of src/ beside a copy of biome.json and linted in one run: every lower -> higher
 * pair, every face -> face pair and every guarded package must be refused, every higher ->
 * lower pair allowed. Then the real tree's imports are resolved and held to the same table, and
 * every folder of src/ must have a row, so a new folder is covered the day it is made.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, normalize, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, test } from 'vitest';
// @ts-expect-error: a plain ES module of the repository's scripts, with no type declarations.
import * as layers from '../../scripts/architecture/layers.mjs';

interface Unit {
  name: string;
  rank: number;
  face: boolean;
  folders: string[];
  files: string[];
  packages: string[];
  alsoForbids: string[];
}
interface Table {
  entry: { file: string; alsoForbids: string[] };
  guardedPackages: string[];
}

const table = layers.readLayers() as Table;
const units = layers.unitsOf(table) as Unit[];
const mayImport = layers.mayImport as (from: Unit, to: Unit) => boolean;

const project = fileURLToPath(new URL('../../', import.meta.url));
const src = join(project, 'src');

/** The unit a path under src/ belongs to (`surfaces/gemini/read.ts`), `undefined` for the entry. */
function unitOf(path: string): Unit | undefined {
  const top = path.split('/')[0] ?? '';
  return units.find((unit) => unit.folders.includes(top) || unit.files.includes(path));
}

interface Case {
  arrow: string;
  file: string;
  source: string;
}

/** A scratch importer in `from`, at `depth` folders below src/, importing `target`. */
function probe(from: Unit, target: string, depth: number, label: string): Case {
  const folder = from.folders[0] ?? '';
  const nested = Array.from({ length: depth - 1 }, (_, index) => `sub${index}`);
  const file = join('src', folder, ...nested, `probe-${label.replace(/[^a-z0-9]+/gi, '-')}.ts`);
  return { arrow: label, file, source: `import { x } from '${target}';` };
}

/** The specifier from a file `depth` folders below src/ to a unit's first folder. */
const toFolder = (to: Unit, depth: number) =>
  `${'../'.repeat(depth)}${to.folders[0] ?? to.files[0]?.replace(/\.ts$/, '')}${to.folders[0] === undefined ? '.js' : '/x.js'}`;

const packageSpec = (guarded: string) => guarded.replace(/\*$/, 'anything');

const FORBIDDEN: Case[] = [];
const ALLOWED: Case[] = [];
for (const from of units) {
  if (from.folders.length === 0) continue;
  for (const to of units) {
    if (to === from) continue;
    const refusedByName = to.folders.some((folder) => from.alsoForbids.includes(folder));
    const list = mayImport(from, to) && !refusedByName ? ALLOWED : FORBIDDEN;
    for (const depth of [1, 2]) {
      list.push(probe(from, toFolder(to, depth), depth, `${from.name} d${depth} -> ${to.name}`));
    }
  }
  for (const guarded of table.guardedPackages) {
    const spec = packageSpec(guarded);
    const allowed = from.packages.some((name) => name === guarded || name === spec);
    (allowed ? ALLOWED : FORBIDDEN).push(probe(from, spec, 1, `${from.name} -> ${spec}`));
    if (!allowed) FORBIDDEN.push(probe(from, `${spec}/sub`, 1, `${from.name} -> ${spec} sub`));
  }
  for (const allowed of from.packages.filter((name) => !table.guardedPackages.includes(name))) {
    ALLOWED.push(probe(from, allowed, 1, `${from.name} -> ${allowed}`));
  }
  for (const name of from.alsoForbids) {
    FORBIDDEN.push(probe(from, `../${name}/x.js`, 1, `${from.name} -> ${name} (also forbidden)`));
  }
}
// The root entry is one file: its cases are the lines of one scratch `index.ts`, told apart by
// the line biome reports.
const entryCase = (target: string, label: string): Case => ({
  arrow: label,
  file: join('src', table.entry.file),
  source: `import { x } from '${target}';`,
});
const ENTRY_FORBIDDEN = [
  ...units
    .filter((unit) => unit.face)
    .map((face) => entryCase(`./${face.folders[0]}/x.js`, `entry -> ${face.name}`)),
  ...table.entry.alsoForbids.map((name) => entryCase(`./${name}/x.js`, `entry -> ${name}`)),
];
const ENTRY_ALLOWED = units
  .filter((unit) => !unit.face && !table.entry.alsoForbids.includes(unit.folders[0] ?? ''))
  .map((unit) => entryCase(`./${unit.folders[0]}/x.js`, `entry -> ${unit.name}`));
const ENTRY_CASES = [...ENTRY_FORBIDDEN, ...ENTRY_ALLOWED];

const scratch = mkdtempSync(join(tmpdir(), 'tch-import-rules-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** The files biome reports a restricted import in, linting every case in one run. */
function restrictedIn(cases: readonly Case[]): Set<string> {
  const config = JSON.parse(readFileSync(join(project, 'biome.json'), 'utf8'));
  config.vcs = { enabled: false };
  writeFileSync(join(scratch, 'biome.json'), JSON.stringify(config));
  for (const { file, source } of cases) {
    mkdirSync(dirname(join(scratch, file)), { recursive: true });
    writeFileSync(join(scratch, file), `${source}\n\nexport const used = x;\n`);
  }
  // The entry's cases, one import a line, each under its own name.
  const entryLines = ENTRY_CASES.map(({ source }, index) =>
    source.replace('{ x }', `{ x as x${index} }`),
  );
  const used = ENTRY_CASES.map((_, index) => `x${index}`).join(', ');
  writeFileSync(
    join(scratch, 'src', table.entry.file),
    `${entryLines.join('\n')}\n\nexport const used = [${used}];\n`,
  );
  const biome = join(project, 'node_modules/@biomejs/biome/bin/biome');
  const run = spawnSync(
    process.execPath,
    [biome, 'lint', '--reporter=json', '--max-diagnostics=none', 'src'],
    { cwd: scratch, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 },
  );
  const report = JSON.parse(run.stdout) as {
    diagnostics: Array<{
      category: string;
      location: { path: string; start?: { line: number } };
    }>;
  };
  const entryPath = normalize(join('src', table.entry.file));
  return new Set(
    report.diagnostics
      .filter((diagnostic) => diagnostic.category === 'lint/style/noRestrictedImports')
      .map(({ location }) =>
        normalize(location.path) === entryPath
          ? `${entryPath}:${location.start?.line ?? 0}`
          : normalize(location.path),
      ),
  );
}

describe('the import rules biome enforces, derived from the table of layers', () => {
  const refused = restrictedIn([...FORBIDDEN, ...ALLOWED]);
  /** Where biome reports a case: its file, or for the entry's, its line of the one file. */
  const placeOf = (item: Case) => {
    const line = ENTRY_CASES.indexOf(item);
    return line < 0 ? normalize(item.file) : `${normalize(item.file)}:${line + 1}`;
  };
  const verdicts = (cases: readonly Case[]) =>
    cases.map((item) => `${item.arrow}: ${refused.has(placeOf(item)) ? 'refused' : 'allowed'}`);

  test(`every forbidden arrow is refused (${FORBIDDEN.length + ENTRY_FORBIDDEN.length} of them)`, () => {
    const cases = [...FORBIDDEN, ...ENTRY_FORBIDDEN];
    expect(verdicts(cases)).toEqual(cases.map(({ arrow }) => `${arrow}: refused`));
  });

  test(`every allowed arrow is allowed (${ALLOWED.length + ENTRY_ALLOWED.length} of them)`, () => {
    const cases = [...ALLOWED, ...ENTRY_ALLOWED];
    expect(verdicts(cases)).toEqual(cases.map(({ arrow }) => `${arrow}: allowed`));
  });

  test('the arrows the issue of the house named are among the refused', () => {
    const named = [
      'diagnose d1 -> ai-sdk',
      'matchers d1 -> ai-sdk',
      'cli d1 -> ai-sdk',
      'model d1 -> frameworks',
      'text d1 -> faults',
      'har d1 -> surfaces',
      'surfaces d2 -> faults',
      'frameworks d2 -> faults',
      'surfaces d2 -> frameworks',
      'har d1 -> diagnose',
    ];
    const cases = FORBIDDEN.filter(({ arrow }) => named.includes(arrow));
    expect(cases.map(({ arrow }) => arrow).sort()).toEqual([...named].sort());
    expect(verdicts(cases)).toEqual(cases.map(({ arrow }) => `${arrow}: refused`));
  });
});

describe('the table covers the tree, and the tree keeps to it', () => {
  const entries = readdirSync(src, { withFileTypes: true });

  test('every folder and file at the top of src/ has a row in the table', () => {
    const rowless = entries
      .filter((entry) =>
        entry.isDirectory()
          ? unitOf(entry.name) === undefined
          : entry.name !== table.entry.file && unitOf(entry.name) === undefined,
      )
      .map((entry) => entry.name);
    expect(rowless).toEqual([]);
  });

  test('biome.json and ARCHITECTURE.md are what `npm run layers` writes from the table', () => {
    const biome = JSON.parse(readFileSync(join(project, 'biome.json'), 'utf8'));
    const written = biome.overrides.filter(
      (override: { linter?: { rules?: { style?: { noRestrictedImports?: unknown } } } }) =>
        override.linter?.rules?.style?.noRestrictedImports !== undefined,
    );
    expect(written).toEqual(layers.lintOverrides(table));
    // The table as rows of cells: biome pads the columns.
    const rows = (text: string) =>
      text
        .split('\n')
        .filter((line) => line.startsWith('|') && !/^\|[\s|-]+\|$/.test(line))
        .map((line) => line.split('|').map((cell) => cell.trim()));
    const architecture = readFileSync(join(project, 'ARCHITECTURE.md'), 'utf8');
    const block = architecture.slice(
      architecture.indexOf('<!-- layers:'),
      architecture.indexOf('<!-- layers: end -->'),
    );
    expect(rows(block)).toEqual(rows(layers.layerTable(table)));
  });

  test('every import of the real tree keeps to the table, and nothing in src/ imports the root entry', () => {
    const files = readdirSync(src, { recursive: true, encoding: 'utf8' }).filter((file) =>
      file.endsWith('.ts'),
    );
    const broken: string[] = [];
    for (const file of files) {
      const from = file === table.entry.file ? undefined : unitOf(file);
      const text = readFileSync(join(src, file), 'utf8');
      for (const match of text.matchAll(/^(?:import|export)[^;]*?from '([^']+)'/gms)) {
        const specifier = match[1] ?? '';
        if (!specifier.startsWith('.')) {
          if (specifier.startsWith('node:') || from === undefined) continue;
          const guarded = table.guardedPackages.find((spec) =>
            spec.endsWith('*')
              ? specifier.startsWith(spec.slice(0, -1))
              : specifier === spec || specifier.startsWith(`${spec}/`),
          );
          const allowed = from.packages.some(
            (name) => specifier === name || specifier.startsWith(`${name}/`),
          );
          if (guarded !== undefined && !allowed) broken.push(`${file} loads ${specifier}`);
          continue;
        }
        const target = relative(src, join(src, dirname(file), specifier)).replace(/\.js$/, '.ts');
        if (target === table.entry.file) {
          broken.push(`${file} imports the root entry`);
          continue;
        }
        const to = unitOf(target);
        if (from === undefined) {
          if (to?.face || table.entry.alsoForbids.includes(target.split('/')[0] ?? '')) {
            broken.push(`the root entry imports ${target}`);
          }
          continue;
        }
        if (to === undefined) broken.push(`${file} imports ${target}, which has no row`);
        else if (!mayImport(from, to))
          broken.push(`${file} (${from.name}) imports ${target} (${to.name})`);
        else if (from.alsoForbids.includes(target.split('/')[0] ?? ''))
          broken.push(`${file} imports ${target}`);
      }
    }
    expect(broken).toEqual([]);
  });
});

describe('each module stays small and its folder acyclic', () => {
  const files = readdirSync(src, { recursive: true, encoding: 'utf8' }).filter((file) =>
    file.endsWith('.ts'),
  );

  test('no file of src/ is over 500 lines, the JSON scanner aside', () => {
    const long = files
      .filter((file) => file !== 'json/scanner.ts')
      .map((file) => [file, readFileSync(join(src, file), 'utf8').split('\n').length - 1] as const)
      .filter(([, lines]) => lines > 500);
    expect(long).toEqual([]);
  });

  test('no import circle among the modules of a folder', () => {
    // The relative imports of each module that stay inside its folder.
    const graph = new Map<string, string[]>();
    for (const file of files) {
      const text = readFileSync(join(src, file), 'utf8');
      const targets = [...text.matchAll(/^(?:import|export)[^;]*?from '(\.[^']+)'/gms)]
        .map((match) =>
          relative(src, join(src, dirname(file), match[1] ?? '')).replace(/\.js$/, '.ts'),
        )
        .filter((target) => dirname(target) === dirname(file));
      graph.set(file, targets);
    }
    // Depth-first search: a module met again on the current path closes a circle.
    const circles: string[] = [];
    const done = new Set<string>();
    const path: string[] = [];
    const visit = (file: string) => {
      if (done.has(file)) return;
      const at = path.indexOf(file);
      if (at >= 0) {
        circles.push([...path.slice(at), file].join(' -> '));
        return;
      }
      path.push(file);
      for (const target of graph.get(file) ?? []) visit(target);
      path.pop();
      done.add(file);
    };
    for (const file of graph.keys()) visit(file);
    expect(circles).toEqual([]);
  });
});

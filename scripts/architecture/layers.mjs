/**
 * The one table of layers (./layers.json) made into what enforces and shows it: biome's import
 * rules, one override per layer and face, and ARCHITECTURE.md's table. `npm run layers` writes
 * both; test/architecture/ checks that they are what this file makes, that every folder of src/
 * has a row, and that every forbidden arrow the table implies fails the lint.
 */
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../../', import.meta.url));
const TABLE_START =
  '<!-- layers: written by `npm run layers` from scripts/architecture/layers.json -->';
const TABLE_END = '<!-- layers: end -->';

/** The table, as written. */
export function readLayers() {
  return JSON.parse(readFileSync(join(root, 'scripts/architecture/layers.json'), 'utf8'));
}

/**
 * Every unit of the table in order, lowest first: a layer, or a face (all faces share the top
 * rank). `rank` orders them; faces are told apart by `face`.
 */
export function unitsOf(table) {
  const units = [];
  table.layers.forEach((layer, rank) => {
    if (layer.faces === undefined) {
      units.push({
        name: layer.layer,
        rank,
        face: false,
        folders: layer.folders,
        files: [],
        ...pick(layer),
      });
      return;
    }
    for (const face of layer.faces) {
      units.push({
        name: face.face,
        rank,
        face: true,
        folders: face.folders,
        files: face.files ?? [],
        ...pick(face),
      });
    }
  });
  return units;
}

function pick(row) {
  return { packages: row.packages ?? [], alsoForbids: row.alsoForbids ?? [], holds: row.holds };
}

/** Whether `from` may import `to`: a lower layer, or itself. Faces never import each other. */
export function mayImport(from, to) {
  if (from === to) return true;
  if (from.face && to.face) return false;
  return to.rank < from.rank;
}

/** Folders under src/ at any depth, as paths (`frameworks/ai-sdk`). */
function nestedFolders() {
  return readdirSync(join(root, 'src'), { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) =>
      join(entry.parentPath ?? entry.path, entry.name).slice(join(root, 'src').length + 1),
    );
}

/**
 * The patterns that match imports of a top folder from anywhere: `**‍/name/**`, except where the
 * name is also a folder nested elsewhere (`frameworks/ai-sdk` beside the face `ai-sdk/`).
 */
function folderPatterns(name, nested) {
  const alike = nested.filter((path) => path !== name && path.split('/').at(-1) === name);
  return [`**/${name}/**`, ...alike.map((path) => `!**/${path}/**`)];
}

/** The specifiers of a package and its subpaths. */
function packagePatterns(spec) {
  return spec.endsWith('/*') ? [`${spec}*`] : [spec, `${spec}/**`];
}

/** The noRestrictedImports patterns of one unit: the higher units, its extra refusals, packages. */
function patternsOf(unit, units, table, nested) {
  const higher = units.filter((other) => other !== unit && !mayImport(unit, other));
  // The last pattern an import matches decides, as in .gitignore: a name that is also a nested
  // folder (`ai-sdk`, with its exception `frameworks/ai-sdk`) goes first, so a forbidden parent
  // (`frameworks`) listed after it still catches the nested folder.
  const groups = higher.flatMap((other) =>
    other.folders.map((folder) => folderPatterns(folder, nested)),
  );
  const folders = [
    ...groups.filter((group) => group.length > 1).flat(),
    ...groups.filter((group) => group.length === 1).flat(),
    ...higher.flatMap((other) => other.files.map((file) => `**/${file.replace(/\.ts$/, '.js')}`)),
  ];
  const patterns = [];
  if (folders.length > 0) {
    patterns.push({
      group: folders,
      message: unit.face
        ? `Faces never import each other, nor any layer above them: ${unit.name} stands on the layers below (scripts/architecture/layers.json).`
        : `Data flows one way: ${unit.name} imports only the layers listed before it in scripts/architecture/layers.json.`,
    });
  }
  if (unit.alsoForbids.length > 0) {
    patterns.push({
      group: unit.alsoForbids.flatMap((name) => [`**/${name}/**`, `**/${name}.js`]),
      message: `${unit.name} never loads ${unit.alsoForbids.join(', ')} (scripts/architecture/layers.json says why).`,
    });
  }
  const refused = table.guardedPackages.filter((spec) => !unit.packages.includes(spec));
  // A package allowed by name under a guarded scope (one `@scope/name` where `@scope/*` is guarded).
  const excepted = unit.packages.filter((spec) => !table.guardedPackages.includes(spec));
  patterns.push({
    group: [
      ...refused.flatMap(packagePatterns),
      ...excepted.flatMap((spec) => [`!${spec}`, `!${spec}/**`]),
    ],
    message: `${unit.name} loads none of these packages: each is imported only by the layer that owns it (scripts/architecture/layers.json), and test frameworks and agent frameworks only where a user brings them.`,
  });
  return patterns;
}

/**
 * The root entry as a unit: above every layer, below the faces (which may import it), refusing
 * what its row says it never loads. It is no import target in the patterns: `**‍/index.js` would
 * match every barrel, so the scan in test/architecture/ holds that nothing below imports it.
 */
function entryUnit(table) {
  return {
    name: 'the root entry',
    rank: table.layers.length - 1.5,
    face: false,
    folders: [],
    files: [],
    includes: [`src/${table.entry.file}`],
    packages: [],
    alsoForbids: table.entry.alsoForbids,
    holds: table.entry.holds,
  };
}

/** The biome overrides that enforce the table, in table order, the entry last. */
export function lintOverrides(table = readLayers()) {
  const units = [...unitsOf(table), entryUnit(table)];
  const nested = nestedFolders();
  return units.map((unit) => ({
    includes: unit.includes ?? [
      ...unit.folders.map((folder) => `src/${folder}/**`),
      ...unit.files.map((file) => `src/${file}`),
    ],
    linter: {
      rules: {
        style: {
          noRestrictedImports: {
            level: 'error',
            options: { patterns: patternsOf(unit, units, table, nested) },
          },
        },
      },
    },
  }));
}

/** ARCHITECTURE.md's table of layers, lowest first. */
export function layerTable(table = readLayers()) {
  const rows = [['layer', 'folder', 'what it holds']];
  for (const layer of table.layers) {
    if (layer.faces === undefined) {
      rows.push([
        layer.layer,
        layer.folders.map((folder) => `\`src/${folder}/\``).join(', '),
        layer.holds,
      ]);
      continue;
    }
    for (const face of layer.faces) {
      const where = [
        ...face.folders.map((folder) => `\`src/${folder}/\``),
        ...(face.files ?? []).map((file) => `\`src/${file}\``),
      ];
      rows.push([`face: ${face.face}`, where.join(', '), face.holds]);
    }
  }
  rows.push(['entry', `\`src/${table.entry.file}\``, table.entry.holds]);
  const line = (cells) => `| ${cells.join(' | ')} |`;
  return [line(rows[0]), line(rows[0].map(() => '---')), ...rows.slice(1).map(line)].join('\n');
}

/** biome.json with its layer overrides made from the table; other overrides kept first. */
export function biomeConfig(table = readLayers()) {
  const config = JSON.parse(readFileSync(join(root, 'biome.json'), 'utf8'));
  const kept = config.overrides.filter(
    (override) => override.linter?.rules?.style?.noRestrictedImports === undefined,
  );
  return { ...config, overrides: [...kept, ...lintOverrides(table)] };
}

/** ARCHITECTURE.md with its table of layers made from the table. */
export function architectureText(table = readLayers()) {
  const text = readFileSync(join(root, 'ARCHITECTURE.md'), 'utf8');
  const start = text.indexOf(TABLE_START);
  const end = text.indexOf(TABLE_END);
  if (start < 0 || end < start)
    throw new Error(`ARCHITECTURE.md has no ${TABLE_START} ... ${TABLE_END} block`);
  return `${text.slice(0, start + TABLE_START.length)}\n\n${layerTable(table)}\n\n${text.slice(end)}`;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  writeFileSync(join(root, 'biome.json'), `${JSON.stringify(biomeConfig(), null, 2)}\n`);
  writeFileSync(join(root, 'ARCHITECTURE.md'), architectureText());
  console.log('wrote biome.json (import rules) and ARCHITECTURE.md (table of layers)');
}

// Runs every benchmark group against the built library (dist/), prints the table, and writes
// bench/results.json and the table in bench/README.md. `--only a,b` runs some groups and
// writes nothing. Usage: npm run build && node --expose-gc bench/run.mjs
import { spawnSync } from 'node:child_process';
import {
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { plural } from '../build/text/plural.js';

const here = (path) => fileURLToPath(new URL(path, import.meta.url));

if (typeof globalThis.gc !== 'function') {
  // Heap figures need a real collection; run again with it exposed.
  const again = spawnSync(process.execPath, ['--expose-gc', ...process.argv.slice(1)], {
    stdio: 'inherit',
  });
  process.exit(again.status ?? 1);
}
if (!existsSync(here('../dist/index.js'))) {
  console.error('bench: dist/ is missing; run `npm run build` first');
  process.exit(2);
}

const newestSource = readdirSync(here('../src'), { recursive: true })
  .filter((file) => file.endsWith('.ts'))
  .reduce((newest, file) => Math.max(newest, statSync(here(`../src/${file}`)).mtimeMs), 0);
if (newestSource > statSync(here('../dist/index.js')).mtimeMs) {
  console.warn('bench: src/ changed after the last build; these figures are for the older dist/');
}

const { benchJsonState } = await import('./json-state.mjs');
const { benchDispatch } = await import('./dispatch.mjs');
const { benchSurfaces } = await import('./surfaces.mjs');
const { benchStreams } = await import('./streams.mjs');
const { benchAudit } = await import('./audit.mjs');
const { benchLight } = await import('./light.mjs');
const { benchPeers } = await import('./peers.mjs');
const { benchMcp } = await import('./mcp.mjs');
const { benchAiSdk } = await import('./ai-sdk.mjs');
const { benchFaults } = await import('./faults.mjs');
const { benchWatch } = await import('./watch.mjs');
const { benchTraces } = await import('./traces.mjs');
const { benchWeek } = await import('./week.mjs');
const { formatBytes, formatTime } = await import('./lib.mjs');

const GROUPS = {
  'json-state': benchJsonState,
  dispatch: benchDispatch,
  surfaces: benchSurfaces,
  streams: benchStreams,
  audit: benchAudit,
  light: benchLight,
  peers: benchPeers,
  mcp: benchMcp,
  'ai-sdk': benchAiSdk,
  faults: benchFaults,
  watch: benchWatch,
  traces: benchTraces,
  week: benchWeek,
};

const onlyAt = process.argv.indexOf('--only');
const only = onlyAt === -1 ? null : process.argv[onlyAt + 1].split(',');
// `--rows-to FILE`: write the measured rows as JSON to FILE (how a group runs in a child).
const rowsToAt = process.argv.indexOf('--rows-to');
const rowsTo = rowsToAt === -1 ? null : process.argv[rowsToAt + 1];

/**
 * Groups whose figures depend on how V8 happened to optimise the code in one process: measured
 * in this many fresh processes, and reported as the median with the range. jsonState after a
 * mixed warm-up was measured at 0.7x in one process and 2.7x in the next, same code, same input.
 */
const FRESH_PROCESSES = { 'json-state': 3 };
for (const name of only ?? []) {
  if (!(name in GROUPS)) throw new Error(`bench: no group ${name} (${Object.keys(GROUPS)})`);
}

function machine() {
  const cpuinfo = existsSync('/proc/cpuinfo') ? readFileSync('/proc/cpuinfo', 'utf8') : '';
  const model = /^model name\s*:\s*(.+)$/m.exec(cpuinfo)?.[1] ?? os.cpus()[0]?.model ?? 'unknown';
  return {
    cpu: model.trim(),
    cores: os.availableParallelism(),
    memoryGiB: Math.round(os.totalmem() / 1024 ** 3),
    node: process.version,
    v8: process.versions.v8,
    platform: `${os.platform()} ${os.release()}`,
    date: new Date().toISOString(),
    // Other work on the machine shows up here; the medians are only as quiet as the machine.
    loadAverage: os.loadavg().map((load) => Number(load.toFixed(2))),
  };
}

function shown(result) {
  if (result.unit === 'ns') return formatTime(result.value);
  if (result.unit === 'MB') return `${result.value} MB`;
  if (result.unit === 'x') return `${result.value.toFixed(2)}x`;
  return `${result.value} ${result.unit}`;
}

function target(result) {
  if (result.target === undefined) return '';
  if (result.unit === 'ns') return `<= ${formatTime(result.target)}`;
  if (result.unit === 'x') return `<= ${result.target}x`;
  return `<= ${result.target} ${result.unit}`;
}

function detail(result) {
  const spread =
    result.processes === undefined
      ? ''
      : `; ${result.processes.length} processes: ${result.processes.map((value) => (result.unit === 'ns' ? formatTime(value) : `${value.toFixed(2)}x`)).join(', ')}`;
  if (result.unit === 'x' && result.oursNs !== undefined) {
    return `${formatTime(result.oursNs)} vs ${formatTime(result.baselineNs)}${spread}`;
  }
  if (result.baselineNs !== undefined) {
    // JSON.parse failing with the stack trace it captures and without (as jsonState asks it),
    // and the scanner alone reaching its verdict on the same texts.
    const floor =
      result.throwFloorNs === undefined
        ? ''
        : ` (${formatTime(result.throwFloorNs)} untraced; the scanner alone ${formatTime(result.scanNs)})`;
    return `JSON.parse throws in ${formatTime(result.baselineNs)}${floor}${spread}`;
  }
  return result.note ?? '';
}

const verdict = (result) => (result.pass === null ? '' : result.pass ? 'ok' : 'MISSED');

function line(result) {
  const size = result.bytes === undefined ? '' : formatBytes(result.bytes);
  return [
    result.group,
    result.name,
    size,
    shown(result),
    target(result),
    verdict(result),
    detail(result),
  ];
}

function printRow(result) {
  console.log(line(result).join(' | '));
}

function markdownTable(rows) {
  const head = ['group', 'case', 'size', 'measured', 'target', 'verdict', 'detail (median)'];
  const body = rows.map((result) =>
    line(result).map((cell) => String(cell).replaceAll('|', '\\|')),
  );
  return [head, head.map(() => '---'), ...body]
    .map((cells) => `| ${cells.join(' | ')} |`)
    .join('\n');
}

const started = performance.now();
const info = machine();
console.log(`bench on ${info.cpu}, ${info.cores} cores, Node ${info.node}, ${info.date}`);
const rows = [];
const extra = {};
const sections = [];
/** Runs one group in `count` fresh processes and keeps, per row, the median process. */
function inFreshProcesses(name, count) {
  const runs = [];
  for (let run = 1; run <= count; run++) {
    console.log(`   (process ${run} of ${count})`);
    const file = join(mkdtempSync(join(os.tmpdir(), 'bench-')), 'rows.json');
    const child = spawnSync(
      process.execPath,
      ['--expose-gc', here('./run.mjs'), '--only', name, '--rows-to', file],
      { stdio: ['ignore', 'ignore', 'inherit'] },
    );
    if (child.status !== 0) throw new Error(`bench: ${name} failed in process ${run}`);
    runs.push(JSON.parse(readFileSync(file, 'utf8')));
  }
  const rows = runs[0].map((_, index) => {
    const all = runs.map((rows) => rows[index]);
    const byValue = [...all].sort((a, b) => a.value - b.value);
    const median = byValue[Math.floor(byValue.length / 2)];
    return { ...median, processes: all.map((row) => row.value) };
  });
  for (const row of rows) printRow(row);
  return rows;
}

for (const [name, bench] of Object.entries(GROUPS)) {
  if (only !== null && !only.includes(name)) continue;
  console.log(`\n== ${name}`);
  const groupStart = performance.now();
  const fresh = rowsTo === null ? FRESH_PROCESSES[name] : undefined;
  const result = fresh === undefined ? await bench(printRow) : inFreshProcesses(name, fresh);
  const { rows: groupRows, markdown, ...more } = Array.isArray(result) ? { rows: result } : result;
  rows.push(...groupRows);
  if (markdown) sections.push(markdown);
  Object.assign(extra, more);
  console.log(`   (${((performance.now() - groupStart) / 1000).toFixed(0)} s)`);
}
const seconds = Math.round((performance.now() - started) / 1000);
const missed = rows.filter((result) => result.pass === false);

console.log(`\n${markdownTable(rows)}\n\n${sections.join('\n')}`);
console.log(
  `${rows.length} measurements in ${seconds} s; ${plural(missed.length, 'target')} missed.`,
);

if (rowsTo !== null) writeFileSync(rowsTo, JSON.stringify(rows));

if (only === null) {
  const loadAfter = os.loadavg().map((load) => Number(load.toFixed(2)));
  const results = { machine: { ...info, loadAverageAfter: loadAfter }, seconds, rows, ...extra };
  writeFileSync(here('./results.json'), `${JSON.stringify(results, null, 2)}\n`);
  const readme = here('./README.md');
  const text = readFileSync(readme, 'utf8');
  const start = '<!-- results:start -->';
  const end = '<!-- results:end -->';
  const machineLine = `Measured on ${info.cpu} (${info.cores} cores, ${info.memoryGiB} GiB), Node ${info.node} (V8 ${info.v8}), ${info.platform}, ${info.date}; the whole run took ${seconds} s; load average ${info.loadAverage[0]} at the start, ${loadAfter[0]} at the end.`;
  const section = [start, machineLine, '', markdownTable(rows), '', ...sections, end].join('\n');
  writeFileSync(
    readme,
    text.replace(new RegExp(`${start}[\\s\\S]*${end}`), () => section),
  );
  // `npm test` lints bench/ too: leave the written files as biome formats them.
  const biome = here('../node_modules/.bin/biome');
  if (existsSync(biome)) {
    spawnSync(biome, ['format', '--write', here('./results.json'), readme], { stdio: 'ignore' });
  }
  console.log('wrote bench/results.json and the table in bench/README.md');
}

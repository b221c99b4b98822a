// Light and fast, as whole processes: the package's import against `node -e 0`, the audit
// against a read-and-parse loop over the same JSONL, and `--jobs 2` against `--jobs 1`. Each is
// a ratio of medians of runs taken turn about, so load that comes and goes lands on both sides.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { templates } from './audit.mjs';
import { CLI, MB, ROOT, row } from './lib.mjs';

/** Seconds one whole process takes to run `args` with node, from the repository root. */
function seconds(args) {
  const started = performance.now();
  const ran = spawnSync(process.execPath, args, { cwd: ROOT, stdio: ['ignore', 'ignore', 'pipe'] });
  if (ran.status !== 0 && ran.status !== 1) {
    throw new Error(`bench: node ${args.join(' ')} exited ${ran.status}: ${ran.stderr}`);
  }
  return (performance.now() - started) / 1000;
}

const middle = (values) => values.toSorted((a, b) => a - b)[Math.floor((values.length - 1) / 2)];

/** Medians of `runs` rounds, each running every command once, in turn. */
function turnAbout(commands, runs) {
  const times = commands.map(() => []);
  for (let round = 0; round < runs; round++) {
    for (const [index, args] of commands.entries()) times[index].push(seconds(args));
  }
  return times.map(middle);
}

/** The shipped fixtures' exchanges, one a line, repeated until the file holds `bytes`. */
function jsonlOf(path, bytes) {
  const lines = templates().map((line) => JSON.stringify(JSON.parse(line)));
  const block = `${lines.join('\n')}\n`;
  const copies = Math.max(1, Math.ceil(bytes / Buffer.byteLength(block)));
  writeFileSync(path, block.repeat(copies));
  return { bytes: statSync(path).size, lines: copies * lines.length };
}

const READ_AND_PARSE = `
  import { createReadStream } from 'node:fs';
  import { createInterface } from 'node:readline';
  let parsed = 0;
  for await (const line of createInterface({ input: createReadStream(process.argv[1]), crlfDelay: Infinity })) {
    if (line !== '') { JSON.parse(line); parsed += 1; }
  }`;

export async function benchLight(log) {
  const rows = [];
  const add = (result) => {
    rows.push(result);
    log(result);
  };

  const [bare, rootImport, vitestAlone, vitestEntry] = turnAbout(
    [
      ['-e', '0'],
      ['-e', "import('tool-call-health')"],
      ['-e', "import('vitest')"],
      ['-e', "import('vitest').then(() => import('tool-call-health/vitest'))"],
    ],
    9,
  );
  add(
    row('light', "import('tool-call-health') / node -e 0", {
      value: rootImport / bare,
      target: 1.6,
      note: `${(rootImport * 1000).toFixed(0)} ms vs ${(bare * 1000).toFixed(0)} ms`,
    }),
  );
  add(
    row('light', "import('tool-call-health/vitest') after vitest / node -e 0", {
      value: (bare + vitestEntry - vitestAlone) / bare,
      note: `vitest alone ${(vitestAlone * 1000).toFixed(0)} ms, then the entry ${((vitestEntry - vitestAlone) * 1000).toFixed(0)} ms (the root: ${((rootImport - bare) * 1000).toFixed(0)} ms)`,
    }),
  );

  const dir = mkdtempSync(join(tmpdir(), 'tool-call-health-light-'));
  try {
    const file = join(dir, 'exchanges.jsonl');
    const small = jsonlOf(file, 32 * MB);
    const [loop, audit] = turnAbout(
      [
        ['--input-type=module', '-e', READ_AND_PARSE, file],
        [CLI, 'audit', '--json', file],
      ],
      5,
    );
    // Lower is better: the audit's time over the loop's is the loop's throughput over the
    // audit's, and a throughput of at least half the loop's is a ratio of at most 2.
    add(
      row('light', 'audit --json / read-and-parse loop', {
        value: audit / loop,
        target: 2,
        bytes: small.bytes,
        note: `${audit.toFixed(2)} s vs ${loop.toFixed(2)} s for ${small.lines.toLocaleString('en-US')} lines (${(loop / audit).toFixed(2)}x the loop's throughput)`,
      }),
    );

    // A file one job takes at least 5 s on, so starting a worker does not decide the ratio: the
    // 32 MB time holds the start-up and the first compiles, so the size is checked, and grown.
    let large = jsonlOf(file, Math.max(small.bytes, (small.bytes * 5.5) / audit));
    for (let tries = 0; tries < 3; tries++) {
      const once = seconds([CLI, 'audit', '--json', '--jobs', '1', file]);
      if (once >= 5) break;
      large = jsonlOf(file, (large.bytes * 5.5) / once);
    }
    const [one, two] = turnAbout(
      [
        [CLI, 'audit', '--json', '--jobs', '1', file],
        [CLI, 'audit', '--json', '--jobs', '2', file],
      ],
      3,
    );
    add(
      row('light', 'audit --jobs 2 / --jobs 1', {
        value: two / one,
        target: 0.625,
        bytes: large.bytes,
        note: `${two.toFixed(2)} s vs ${one.toFixed(2)} s (${(one / two).toFixed(2)}x faster; the target, 0.625, is 1.6x)`,
      }),
    );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  return { rows };
}

// A week of traffic, rebuilt from the shipped fixtures with the mess real logging leaves (HARs
// with 429s, {request, response} files, JSONL with cut lines, text lines, a BOM and CRLF, SSE
// dumps, .gz files, empty files, a saved HTML 502 page, a large JSONL, a link loop and a
// `latest ->` link), audited as issue #33 asks: nothing skipped in silence, two shards in
// parallel (each --jobs 1) against one --jobs 1 run, a 91 MB HAR's peak RSS, and --baseline
// against the previous run of the unchanged folder. Modest sizes by default (about a minute);
// BENCH_WEEK_FULL=1 builds the issue's sizes (2,100 exchange files, a 100 MB JSONL).
import { spawn } from 'node:child_process';
import {
  closeSync,
  createWriteStream,
  existsSync,
  mkdirSync,
  mkdtempSync,
  openSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
  writeSync,
} from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { gzipSync } from 'node:zlib';
import { templates } from './audit.mjs';
import { CLI, formatBytes, MB, ROOT, row, seededRandom, TIME } from './lib.mjs';

const FULL = process.env.BENCH_WEEK_FULL === '1';
const SIZES = FULL
  ? { exchangesPerDay: 300, dayLogBytes: 2 * MB, bigJsonlBytes: 100 * MB }
  : { exchangesPerDay: 100, dayLogBytes: 1 * MB, bigJsonlBytes: 24 * MB };
const HAR_BYTES = 91 * MB;
const ROUNDS = 3;

const ID = /"((?:call_|toolu_|msg_|resp_|fc_|rs_|chatcmpl-)[A-Za-z0-9]+)"/g;

/** The exchanges of the fixtures as compact lines, each with fresh ids for `n`. */
function exchanges() {
  const lines = templates().map((line) => JSON.stringify(JSON.parse(line)));
  return (n) =>
    lines[n % lines.length].replace(
      ID,
      (_, id) => `"${id.replace(/[A-Za-z0-9]{6}$/, n.toString(36).padStart(6, '0'))}"`,
    );
}

/** The HAR entries of the fixtures, by their answer: JSON bodies, and SSE ones. */
function harEntries() {
  const json = [];
  const sse = [];
  for (const surface of readdirSync(join(ROOT, 'fixtures'), { withFileTypes: true })) {
    if (!surface.isDirectory()) continue;
    for (const file of readdirSync(join(ROOT, 'fixtures', surface.name))) {
      if (!file.endsWith('.har')) continue;
      const har = JSON.parse(readFileSync(join(ROOT, 'fixtures', surface.name, file), 'utf8'));
      for (const entry of har.log.entries) {
        if (/event-stream/.test(entry.response.content.mimeType)) sse.push(entry);
        else if (/json/.test(entry.response.content.mimeType)) json.push(entry);
      }
    }
  }
  return { json, sse };
}

const tooMany = (entry) => ({
  ...entry,
  response: {
    ...entry.response,
    status: 429,
    statusText: 'Too Many Requests',
    content: {
      mimeType: 'application/json',
      text: '{"error":{"message":"Rate limit reached","type":"rate_limit_error"}}',
    },
  },
});

/** A JSONL of about `bytes`: exchanges, with cut lines, text lines and blank lines among them. */
function messyJsonl(bytes, exchange, from, end, random) {
  const lines = [];
  let size = 0;
  for (let n = from; size < bytes; n++) {
    const line = exchange(n);
    const roll = random();
    const written =
      roll < 0.02
        ? line.slice(0, 1 + random.int(line.length - 1))
        : roll < 0.03
          ? `2025-10-06T12:00:00.000Z INFO request done ${line}`
          : roll < 0.035
            ? ''
            : line;
    lines.push(written);
    size += written.length + end.length;
  }
  return lines.join(end) + end;
}

/** Writes the week under `folder`; returns its size in bytes and files. */
export function buildWeek(folder) {
  const random = seededRandom(33);
  const exchange = exchanges();
  const { json, sse } = harEntries();
  let n = 0;
  for (let day = 1; day <= 7; day++) {
    const dir = join(folder, `day-${day}`);
    mkdirSync(join(dir, 'exchanges'), { recursive: true });
    for (let at = 0; at < SIZES.exchangesPerDay; at++) {
      const line = exchange(n++);
      // Loggers pair the two as {request, response}, or as {input, output}.
      const text =
        at % 10 === 9
          ? line.replace('{"request":', '{"input":').replace(',"response":', ',"output":')
          : line;
      writeFileSync(join(dir, 'exchanges', `${String(at).padStart(4, '0')}.json`), text);
    }
    for (let at = 0; at < 3; at++) {
      const entries = Array.from(
        { length: 12 },
        (_, k) => json[(day * 31 + at * 12 + k) % json.length],
      );
      entries.splice(3, 0, tooMany(entries[2]), tooMany(entries[5]));
      writeFileSync(
        join(dir, `session-${at}.har`),
        JSON.stringify({ log: { version: '1.2', entries } }),
      );
    }
    for (const [at, entry] of sse.entries()) {
      writeFileSync(join(dir, `stream-${at}.sse`), entry.response.content.text);
    }
    const log = messyJsonl(SIZES.dayLogBytes, exchange, n, day % 2 === 0 ? '\r\n' : '\n', random);
    n += 10_000;
    writeFileSync(join(dir, 'app.jsonl'), day === 3 ? `\uFEFF${log}` : log);
    writeFileSync(
      join(dir, 'app.jsonl.1.gz'),
      gzipSync(messyJsonl(SIZES.dayLogBytes / 4, exchange, n, '\n', random)),
    );
    n += 10_000;
    writeFileSync(join(dir, 'worker.log'), 'INFO worker started\nINFO 12 jobs done\n');
    writeFileSync(join(dir, 'empty.jsonl'), '');
  }
  writeFileSync(
    join(folder, 'day-4', 'response-502.json'),
    '<html><head><title>502 Bad Gateway</title></head><body><h1>502 Bad Gateway</h1></body></html>\n',
  );
  mkdirSync(join(folder, 'archive'), { recursive: true });
  const big = openSync(join(folder, 'archive', 'big.jsonl'), 'w');
  try {
    const block = messyJsonl(4 * MB, exchange, n, '\n', random);
    for (let written = 0; written < SIZES.bigJsonlBytes; ) written += writeSync(big, block);
  } finally {
    closeSync(big);
  }
  symlinkSync('..', join(folder, 'archive', 'loop'));
  symlinkSync('day-7', join(folder, 'latest'));
  let bytes = 0;
  let files = 0;
  for (const file of filesUnder(folder)) {
    bytes += statSync(join(folder, file)).size;
    files += 1;
  }
  return { bytes, files };
}

/** The regular files under `folder`, not through links. */
function filesUnder(folder) {
  return readdirSync(folder, { recursive: true, withFileTypes: true })
    .filter((item) => item.isFile())
    .map((item) => relative(folder, join(item.parentPath ?? item.path, item.name)));
}

/** Runs the CLI with stdout into `out`: its wall time, CPU time and peak RSS (time -f). */
function runCli(args, out) {
  const useTime = existsSync(TIME);
  const command = useTime ? TIME : process.execPath;
  const argv = useTime ? ['-f', '%M %U %S', process.execPath, CLI, ...args] : [CLI, ...args];
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const stdout = openSync(out, 'w');
    const child = spawn(command, argv, { stdio: ['ignore', stdout, 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk) => {
      stderr += chunk;
    });
    child.on('error', reject);
    child.on('close', (code) => {
      closeSync(stdout);
      const seconds = (performance.now() - started) / 1000;
      if (code !== 0 && code !== 1) {
        reject(new Error(`bench: audit ${args.join(' ')} exited ${code}: ${stderr.slice(-2000)}`));
        return;
      }
      const [peakKb, user, system] = useTime
        ? (/(\d+) ([\d.]+) ([\d.]+)\s*$/.exec(stderr)?.slice(1).map(Number) ?? [0, 0, 0])
        : [0, Number.NaN, 0];
      resolve({ seconds, cpuSeconds: user + system, peakRssMb: Math.round(peakKb / 1024) });
    });
  });
}

const middle = (values) => values.toSorted((a, b) => a - b)[Math.floor((values.length - 1) / 2)];

/** A 91 MB HAR of the fixtures' JSON exchanges, a 429 every 50 entries, written as it grows. */
async function writeBigHar(path) {
  const { json } = harEntries();
  const out = createWriteStream(path);
  out.write('{"log":{"version":"1.2","creator":{"name":"bench","version":"1"},"entries":[\n');
  let size = 0;
  for (let at = 0; size < HAR_BYTES; at++) {
    const entry = at % 50 === 49 ? tooMany(json[at % json.length]) : json[at % json.length];
    const text = `${at === 0 ? '' : ',\n'}${JSON.stringify(entry)}`;
    size += text.length;
    if (!out.write(text)) await new Promise((resolve) => out.once('drain', resolve));
  }
  await new Promise((resolve) => out.end('\n]}}\n', resolve));
}

export async function benchWeek(log) {
  const rows = [];
  const add = (result) => {
    rows.push(result);
    log(result);
  };
  const dir = mkdtempSync(join(tmpdir(), 'tool-call-health-week-'));
  try {
    const week = join(dir, 'week');
    const built = buildWeek(week);
    const flags = ['--json', '--show-all', '--quiet', '--jobs', '1'];
    const report = (name) => JSON.parse(readFileSync(join(dir, name), 'utf8'));

    // One run, then both shards at once, turn about: load that comes and goes falls on both.
    const one = [];
    const pair = [];
    const shardSeconds = [];
    const cpu = { one: [], shards: [] };
    for (let round = 0; round < ROUNDS; round++) {
      const alone = await runCli(['audit', ...flags, week], join(dir, 'whole.json'));
      one.push(alone.seconds);
      cpu.one.push(alone.cpuSeconds);
      const started = performance.now();
      const shards = await Promise.all(
        [1, 2].map((index) =>
          runCli(
            ['audit', ...flags, '--shard', `${index}/2`, week],
            join(dir, `shard-${index}.json`),
          ),
        ),
      );
      pair.push((performance.now() - started) / 1000);
      shardSeconds.push(shards.map((shard) => shard.seconds));
      cpu.shards.push(shards.map((shard) => shard.cpuSeconds));
    }
    // The work each shard does, whatever else the machine runs: its CPU time against one run's.
    const [oneCpu, shardCpu] = [
      middle(cpu.one),
      middle(cpu.shards.map((pair) => Math.max(...pair))),
    ];
    add(
      row('week', 'CPU time of the larger shard (of 2) / one run', {
        value: shardCpu / oneCpu,
        target: 0.6,
        note: `${shardCpu.toFixed(2)} s vs ${oneCpu.toFixed(2)} s; both shards ${middle(cpu.shards.map(([a, b]) => a + b)).toFixed(2)} s`,
      }),
    );
    const whole = report('whole.json');
    const shards = [report('shard-1.json'), report('shard-2.json')];
    const [oneRun, bothShards] = [middle(one), middle(pair)];
    add(
      row('week', 'two shards in parallel (each --jobs 1) / one --jobs 1 run', {
        value: bothShards / oneRun,
        target: 0.6,
        bytes: built.bytes,
        note: `${bothShards.toFixed(2)} s vs ${oneRun.toFixed(2)} s (load average ${loadavg()[0].toFixed(1)} on ${availableParallelism()} cores); shards ${shardSeconds.map((s) => s.map((x) => x.toFixed(1)).join(' + ')).join(', ')} s; ${built.files.toLocaleString('en-US')} files, ${whole.summary.entries.audited.toLocaleString('en-US')} entries`,
      }),
    );

    // Nothing in silence: every file under the folder is named by an entry, and the shards
    // together list exactly the entries of one run.
    const locations = whole.entries.map((entry) => entry.location);
    const named = new Set(
      locations.map((at) => at.replace(/:(entries\[\d+\].*|\d+.*|\[\d+\])$/, '')),
    );
    const unnamed = filesUnder(week).filter((file) => !named.has(join(week, file)));
    const sharded = shards.flatMap((shard) => shard.entries.map((entry) => JSON.stringify(entry)));
    const unsharded = whole.entries.map((entry) => JSON.stringify(entry));
    const same =
      sharded.length === unsharded.length &&
      sharded.toSorted().every((entry, at) => entry === unsharded.toSorted()[at]);
    add(
      row('week', 'files no entry names, and entries the shards differ on', {
        value: unnamed.length + (same ? 0 : 1),
        unit: 'files',
        target: 0,
        note: `${unnamed.length} unnamed${unnamed.length > 0 ? ` (${unnamed.slice(0, 3).join(', ')})` : ''}; the shards' ${sharded.length.toLocaleString('en-US')} entries ${same ? 'equal' : 'differ from'} one run's; skipped ${whole.summary.entries.skipped}, unreadable ${whole.summary.entries.unreadable}`,
      }),
    );

    // The previous run of the unchanged folder as a baseline: nothing is new.
    await runCli(
      ['audit', '--json', '--quiet', '--baseline', join(dir, 'whole.json'), week],
      join(dir, 'again.json'),
    );
    const again = report('again.json').summary.baseline;
    add(
      row('week', '--baseline against the previous run: new findings', {
        value: again.new,
        unit: 'findings',
        target: 0,
        note: `${again.new} new, ${again.fixed} fixed, ${again.remaining.toLocaleString('en-US')} remaining`,
      }),
    );

    rmSync(week, { recursive: true, force: true });
    const har = join(dir, 'big.har');
    await writeBigHar(har);
    const harRun = await runCli(['audit', '--quiet', '--jobs', '1', har], join(dir, 'har.txt'));
    add(
      row('week', `audit of a ${formatBytes(statSync(har).size)} HAR, peak RSS`, {
        value: harRun.peakRssMb,
        unit: 'MB',
        target: 200,
        bytes: statSync(har).size,
        note: `${harRun.seconds.toFixed(1)} s`,
      }),
    );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  return { rows };
}

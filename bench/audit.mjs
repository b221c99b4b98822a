// The built CLI over a large JSONL of recordings: throughput, and peak RSS as the file grows.
import { spawn } from 'node:child_process';
import {
  closeSync,
  existsSync,
  mkdtempSync,
  openSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CLI, formatBytes, MB, ROOT, round, row, seededRandom, TIME } from './lib.mjs';

const RSS_LIMIT_MB = 200;
const SMALL_BYTES = 64 * MB;
const LARGEST_BYTES = 1024 * MB;
/** Seconds each large run may take; its size is chosen from the small run's throughput. */
const LARGE_RUN_SECONDS = Number(process.env.BENCH_AUDIT_SECONDS ?? 90);

/** Every JSON exchange recorded in fixtures/*.har, as one JSONL line each. */
export function templates() {
  const lines = [];
  const folder = join(ROOT, 'fixtures');
  for (const surface of readdirSync(folder, { withFileTypes: true })) {
    if (!surface.isDirectory()) continue;
    for (const file of readdirSync(join(folder, surface.name))) {
      const path = join(folder, surface.name, file);
      if (file.endsWith('.jsonl')) {
        lines.push(...readFileSync(path, 'utf8').split('\n').filter(Boolean));
        continue;
      }
      if (!file.endsWith('.har')) continue;
      for (const entry of JSON.parse(readFileSync(path, 'utf8')).log.entries) {
        const body = entry.response.content;
        const sent = entry.request.postData?.text;
        if (body.mimeType !== 'application/json' || sent === undefined) continue;
        lines.push(`{"request":${sent},"response":${body.text}}`);
      }
    }
  }
  return lines;
}

const ID = /"((?:call_|toolu_|msg_|resp_|fc_|rs_|chatcmpl-)[A-Za-z0-9]+)"/g;

/** Variants of the templates with fresh ids, and a few lines cut short as a crashed writer leaves them. */
function pool(size = 400) {
  const random = seededRandom(13);
  const bases = templates().map((line) => JSON.stringify(JSON.parse(line)));
  const lines = [];
  for (let i = 0; i < size; i++) {
    const base = bases[i % bases.length];
    const line = base.replace(
      ID,
      (_, id) => `"${id.replace(/[A-Za-z0-9]{6}$/, i.toString(36).padStart(6, '0'))}"`,
    );
    lines.push(random() < 0.02 ? line.slice(0, 1 + random.int(line.length - 1)) : line);
  }
  return { lines, templates: bases.length };
}

/** Writes whole copies of the pool until the file holds at least `bytes`; returns lines written. */
function writeJsonl(path, bytes, lines) {
  const block = Buffer.from(`${lines.join('\n')}\n`);
  const fd = openSync(path, 'w');
  let written = 0;
  let count = 0;
  try {
    while (written < bytes) {
      written += writeSync(fd, block);
      count += lines.length;
    }
  } finally {
    closeSync(fd);
  }
  return { bytes: written, records: count };
}

/** Runs the CLI as a user would, counting (not keeping) its output; peak RSS from time -v or /proc. */
export function runCli(args) {
  const useTime = existsSync(TIME);
  const command = useTime ? TIME : process.execPath;
  const argv = useTime ? ['-v', process.execPath, CLI, ...args] : [CLI, ...args];
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const child = spawn(command, argv, { stdio: ['ignore', 'pipe', 'pipe'] });
    let stdoutBytes = 0;
    let stderr = '';
    let polledKb = 0;
    const poll = useTime
      ? null
      : setInterval(() => {
          try {
            const status = readFileSync(`/proc/${child.pid}/status`, 'utf8');
            polledKb = Math.max(polledKb, Number(/VmHWM:\s+(\d+)/.exec(status)?.[1] ?? 0));
          } catch {}
        }, 20);
    child.stdout.on('data', (chunk) => {
      stdoutBytes += chunk.length;
    });
    child.stderr.on('data', (chunk) => {
      stderr += chunk;
    });
    child.on('error', reject);
    child.on('close', (code) => {
      if (poll) clearInterval(poll);
      const seconds = (performance.now() - started) / 1000;
      const timedKb = Number(/Maximum resident set size \(kbytes\): (\d+)/.exec(stderr)?.[1] ?? 0);
      const failed = !/^[01]$/.test(String(code));
      resolve({
        code,
        seconds,
        peakRssMb: (useTime ? timedKb : polledKb) / 1024,
        stdoutBytes,
        error: failed ? stderr.split('\n').slice(-12).join('\n') : undefined,
      });
    });
  });
}

async function audit(dir, name, bytes, lines, mode) {
  const path = join(dir, name);
  const file = writeJsonl(path, bytes, lines);
  try {
    const args = mode === 'json' ? ['audit', '--json', path] : ['audit', path];
    const run = await runCli(args);
    return {
      mode,
      fileBytes: file.bytes,
      records: file.records,
      exitCode: run.code,
      seconds: round(run.seconds, 1),
      mbPerSecond: round(file.bytes / MB / run.seconds, 1),
      recordsPerSecond: Math.round(file.records / run.seconds),
      peakRssMb: round(run.peakRssMb, 0),
      reportBytes: run.stdoutBytes,
      error: run.error,
    };
  } finally {
    rmSync(path, { force: true });
  }
}

function rssRow(run) {
  const name = `audit ${run.mode === 'json' ? '--json' : '(text)'}, ${formatBytes(run.fileBytes)}`;
  const note = run.error
    ? `exit ${run.exitCode}: ${run.error.split('\n').filter(Boolean).at(-1)}`
    : `${run.mbPerSecond} MB/s, ${run.recordsPerSecond.toLocaleString('en-US')} records/s, ${run.seconds} s, exit ${run.exitCode}`;
  return row('audit CLI, peak RSS', name, {
    value: run.error ? Number.POSITIVE_INFINITY : run.peakRssMb,
    unit: 'MB',
    target: RSS_LIMIT_MB,
    bytes: run.fileBytes,
    note,
    ...run,
  });
}

export async function benchAudit(log) {
  const { lines, templates: count } = pool();
  const dir = mkdtempSync(join(tmpdir(), 'tool-call-health-bench-'));
  // A gigabyte must not outlive a Ctrl-C.
  const cleanUp = () => {
    rmSync(dir, { recursive: true, force: true });
    process.exit(130);
  };
  process.once('SIGINT', cleanUp);
  process.once('SIGTERM', cleanUp);
  const runs = [];
  try {
    for (const mode of ['json', 'text']) {
      const small = await audit(dir, `small-${mode}.jsonl`, SMALL_BYTES, lines, mode);
      runs.push(small);
      log(rssRow(small));
      // The largest size that fits the time budget at the throughput just measured.
      const affordable = small.mbPerSecond * MB * LARGE_RUN_SECONDS;
      const bytes = Math.min(LARGEST_BYTES, Math.max(2 * SMALL_BYTES, affordable));
      const large = await audit(dir, `large-${mode}.jsonl`, bytes, lines, mode);
      runs.push(large);
      log(rssRow(large));
    }
  } finally {
    process.off('SIGINT', cleanUp);
    process.off('SIGTERM', cleanUp);
    rmSync(dir, { recursive: true, force: true });
  }
  return { rows: runs.map(rssRow), audit: { templates: count, poolLines: lines.length, runs } };
}

/**
 * The built CLI's audit in a child process with its heap capped, and its peak RSS: from
 * `/usr/bin/time -v` where it exists, else polled from /proc. For the stress checks that a
 * large log streams in bounded memory.
 */
import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import type { BuiltCli } from '../cli/support.js';

export interface CappedAudit {
  code: number | null;
  stdout: string;
  peakMb: number;
}

export function auditWithCappedHeap(
  cli: BuiltCli,
  args: string[],
  heapMb: number,
): Promise<CappedAudit> {
  const time = existsSync('/usr/bin/time');
  const node = [`--max-old-space-size=${heapMb}`, cli.bin, 'audit', ...args];
  const child = spawn(
    time ? '/usr/bin/time' : process.execPath,
    time ? ['-v', process.execPath, ...node] : node,
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let stdout = '';
  let stderr = '';
  let polledKb = 0;
  const poll = setInterval(() => {
    try {
      const status = readFileSync(`/proc/${child.pid}/status`, 'utf8');
      polledKb = Math.max(polledKb, Number(/VmHWM:\s+(\d+)/.exec(status)?.[1] ?? 0));
    } catch {}
  }, 50);
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
    stdout += chunk;
  });
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
    stderr += chunk;
  });
  return new Promise((resolve, reject) => {
    child.on('error', reject);
    child.on('close', (code) => {
      clearInterval(poll);
      const timedKb = Number(/Maximum resident set size \(kbytes\): (\d+)/.exec(stderr)?.[1] ?? 0);
      resolve({ code, stdout, peakMb: (time ? timedKb : polledKb) / 1024 });
    });
  });
}

/**
 * The sizes of the recordings found, and how much of them a run has read, for the progress line
 * and the shards' plan.
 */
import { stat } from 'node:fs/promises';
import type { FoundRecording } from './recordings.js';

/**
 * How much of the recordings has been read, for the progress line: the files done, and the
 * bytes the stream of the file being read has read.
 */
export interface ReadMeter {
  total: number;
  read: number;
  reading: { bytesRead: number } | null;
}

/**
 * A meter for the recordings found, their sizes added up.
 *
 * @example
 * const meter = await readMeter(found);
 * recordingEntries(found, signal, meter); // bytesRead(meter) as it goes
 */
export async function readMeter(found: readonly FoundRecording[]): Promise<ReadMeter> {
  let total = 0;
  for (const recording of found) total += readSize(recording, await sizeOfRecording(recording));
  return { total, read: 0, reading: null };
}

/** Stat calls in flight at once while sizing: enough to keep the thread pool busy. */
const STATS_AT_ONCE = 16;

/**
 * The recordings with their sizes, each taken once and several at a time. The shard plan, the
 * progress meter and the walk all need them, and taking them one by one, three times, left a
 * shard of a 2,500-file folder idle for 0.7 s on round trips to the thread pool.
 *
 * @example
 * const found = await withSizes((await findRecordings(['logs/'])).found);
 */
export async function withSizes(found: readonly FoundRecording[]): Promise<FoundRecording[]> {
  const out = [...found];
  let next = 0;
  const sizeNext = async (): Promise<void> => {
    while (next < out.length) {
      const at = next++;
      const recording = out[at] as FoundRecording;
      if (recording.kind === 'unlistable' || recording.kind === 'skipped') continue;
      out[at] = { ...recording, size: await sizeOf(recording.path) };
    }
  };
  await Promise.all(Array.from({ length: STATS_AT_ONCE }, sizeNext));
  return out;
}

/**
 * A recording's size: the one `withSizes` took when it was more than 0, else read now.
 *
 * @example
 * await sizeOfRecording({ path: 'day-1.jsonl', kind: 'jsonl', size: 4096 }); // 4096
 */
export async function sizeOfRecording(recording: FoundRecording): Promise<number> {
  // Only a size with something in it is trusted: a log empty when the run began (just created,
  // just rotated) may hold lines by the time it is read.
  return 'size' in recording && recording.size !== undefined && recording.size > 0
    ? recording.size
    : sizeOf(recording.path);
}

/**
 * The bytes a meter has seen read, of its total.
 *
 * @example
 * bytesRead(meter); // { read: 47_185_920, total: 125_829_120 }
 */
export function bytesRead(meter: ReadMeter): { read: number; total: number } {
  return { read: meter.read + (meter.reading?.bytesRead ?? 0), total: meter.total };
}

/**
 * The bytes a recording's reading covers: its part's, or the whole file's.
 *
 * @example
 * readSize({ path: 'a.jsonl', kind: 'jsonl', part: { index: 1, of: 2, start: 10, end: 20 } }, 20); // 10
 */
export function readSize(recording: FoundRecording, size: number): number {
  return 'part' in recording && recording.part !== undefined
    ? recording.part.end - recording.part.start
    : Math.max(0, size);
}

/**
 * A file's size; `-1` when it cannot be read (reading it says why), and for a folder.
 *
 * @example
 * await sizeOf('day-1.jsonl'); // 104_857_600
 */
export async function sizeOf(path: string): Promise<number> {
  try {
    const found = await stat(path);
    return found.isFile() ? found.size : -1;
  } catch {
    return -1;
  }
}

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
  for (const recording of found) total += readSize(recording, await sizeOf(recording.path));
  return { total, read: 0, reading: null };
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

/**
 * Each recording found, read into entries: JSONL files streamed line by line and HAR files
 * entry by entry, so memory stays flat however large they are; a `.json` file is one document,
 * read whole (small ones a few ahead of the one being audited); a gzipped file read through
 * gunzip as it streams; with `--shard`, one part of a file cut in parts.
 */
import { createReadStream } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { pipeline, type Readable } from 'node:stream';
import { createGunzip } from 'node:zlib';
import { reassembleStreamAsync } from '../read/reassemble.js';
import type { PendingEntry } from './entry.js';
import { howToRead, type LineStart, lineStartAt, partLines, untilLineEnd } from './file-parts.js';
import { textLines } from './lines.js';
import { jsonlReader } from './mcp-log-detect.js';
import { type ReadMeter, readSize, sizeOfRecording } from './read-meter.js';
import {
  documentEntries,
  type FoundRecording,
  harStreamEntries,
  isGzipped,
  lineEntries,
  type RecordingKind,
  streamEntry,
} from './recordings.js';
import type { FilePart } from './shard.js';
import { reasonOf } from './walk.js';

/**
 * Every entry of the recordings found, in order, read lazily: a JSONL line is read only when
 * the one before it has been audited. Never throws on a file: what cannot be read becomes an
 * `unreadable` entry at its location, and the walk goes on. Aborting `signal` stops reading.
 *
 * @example
 * for await (const entry of recordingEntries(found, signal)) auditEntry(await entry.open(), only);
 */
export async function* recordingEntries(
  found: readonly FoundRecording[],
  signal: AbortSignal,
  meter: ReadMeter | null = null,
): AsyncGenerator<PendingEntry> {
  // Where each file cut in parts was left: the line start after this walk's last part of it.
  const resumeAt = new Map<string, LineStart>();
  const ahead = new Map<number, Promise<TextRead>>();
  for (const [at, recording] of found.entries()) {
    if (signal.aborted) return;
    readAhead(found, at + 1, ahead, signal);
    const size = await sizeOfRecording(recording);
    if ('part' in recording && recording.part !== undefined) {
      yield* partOf(recording, recording.part, size, signal, meter, resumeAt);
    } else {
      const early = ahead.get(at);
      ahead.delete(at);
      yield* recordingOf(recording, size, signal, meter, early);
    }
    if (meter !== null) {
      meter.read += readSize(recording, size);
      meter.reading = null;
    }
  }
}

/** A whole file's text as read, or why it could not be; never a rejected promise. */
type TextRead = { text: string } | { error: unknown };

/** Small JSON files read ahead of the one being audited, and the most one may weigh. */
const READ_AHEAD_FILES = 4;
const READ_AHEAD_BYTES = 4 * 1024 * 1024;

/**
 * Starts reading the small JSON files among the next few, so a folder of thousands of them
 * does not wait on the disk (four round trips to the thread pool) once per file while the
 * CPU idles: measured, 0.5 s of a 3.4 s shard of a 2,500-file folder.
 */
function readAhead(
  found: readonly FoundRecording[],
  from: number,
  ahead: Map<number, Promise<TextRead>>,
  signal: AbortSignal,
): void {
  for (let at = from; at < Math.min(found.length, from + READ_AHEAD_FILES); at++) {
    const recording = found[at] as FoundRecording;
    if (ahead.has(at) || recording.kind !== 'json' || recording.part !== undefined) continue;
    const size = recording.size ?? -1;
    if (size <= 0 || size > READ_AHEAD_BYTES || isGzipped(recording.path)) continue;
    ahead.set(
      at,
      readFile(recording.path, { encoding: 'utf8', signal }).then(
        (text) => ({ text }),
        (error: unknown) => ({ error }),
      ),
    );
  }
}

/**
 * One recording's entries: an empty file is one skipped entry, whatever its kind. `early` is
 * its text, when it was read ahead.
 */
async function* recordingOf(
  recording: FoundRecording,
  size: number,
  signal: AbortSignal,
  meter: ReadMeter | null,
  early?: Promise<TextRead>,
): AsyncGenerator<PendingEntry> {
  if (recording.kind !== 'unlistable' && recording.kind !== 'skipped' && size === 0) {
    // Every empty file alike, whatever its kind: listed as skipped, never a finding.
    yield skippedAt(recording.path, 'an empty file (0 bytes)');
    return;
  }
  switch (recording.kind) {
    case 'unlistable':
      yield unreadableAt(recording.path, recording.problem);
      break;
    case 'skipped':
      yield skippedAt(recording.path, recording.reason);
      break;
    case 'log':
      yield* logFile(recording.path, size, signal, meter);
      break;
    case 'har':
      yield* harFile(recording.path, signal, meter);
      break;
    case 'json':
      yield* documentFile(recording.path, recording.kind, signal, meter, early);
      break;
    case 'jsonl':
      yield* jsonlFile(recording.path, size, signal, meter);
      break;
    case 'sse':
    case 'txt':
      yield streamFile(recording.path, recording.kind, signal, meter);
      break;
  }
}

async function* documentFile(
  path: string,
  kind: 'json',
  signal: AbortSignal,
  meter: ReadMeter | null,
  early?: Promise<TextRead>,
): AsyncGenerator<PendingEntry> {
  let text: string;
  try {
    if (early !== undefined) {
      const read = await early;
      if ('error' in read) throw read.error;
      text = read.text;
    } else {
      text = isGzipped(path)
        ? await textOf(bytesOf(path, signal, meter))
        : await readFile(path, { encoding: 'utf8', signal });
    }
  } catch (error) {
    if (!signal.aborted) yield unreadableAt(path, `cannot read the file: ${reasonOf(error)}`);
    return;
  }
  if (text.replace(/^\uFEFF/, '').trim() === '') {
    yield skippedAt(path, 'an empty file (nothing but white space)');
    return;
  }
  yield* documentEntries(text, path, kind);
}

/**
 * A `.har` file read as it streams, one HAR entry at a time: a HAR of any size costs about one
 * entry's memory, where reading it whole cost five times its size.
 */
async function* harFile(
  path: string,
  signal: AbortSignal,
  meter: ReadMeter | null,
): AsyncGenerator<PendingEntry> {
  const input = bytesOf(path, signal, meter);
  try {
    yield* harStreamEntries(textPieces(input), path);
  } catch (error) {
    if (!signal.aborted) yield unreadableAt(path, `cannot read the file: ${reasonOf(error)}`);
  } finally {
    input.destroy();
  }
}

/** A byte stream as UTF-8 text pieces, a character split between chunks kept whole, a BOM kept. */
async function* textPieces(bytes: AsyncIterable<Uint8Array>): AsyncGenerator<string> {
  const decoder = new TextDecoder('utf-8', { ignoreBOM: true });
  for await (const chunk of bytes) yield decoder.decode(chunk, { stream: true });
  const rest = decoder.decode();
  if (rest !== '') yield rest;
}

/**
 * A file's bytes as they stream, through gunzip when its name ends in `.gz`. Pieces of 256 KB:
 * fewer reads than the default 64 KB, and peak memory stays flat (1 MB pieces left 30 MB more
 * resident on a 480 MB file, for no gain in speed). An error of either stream ends the other.
 */
function bytesOf(path: string, signal: AbortSignal, meter: ReadMeter | null): Readable {
  const input = createReadStream(path, { signal, highWaterMark: 256 * 1024 });
  if (meter !== null) meter.reading = input;
  if (!isGzipped(path)) return input;
  const gunzip = createGunzip({ chunkSize: 256 * 1024 });
  pipeline(input, gunzip, () => {});
  return gunzip;
}

/** A whole stream as UTF-8 text. */
async function textOf(bytes: Readable): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of bytes) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

/**
 * A `.log` file, read by its first line that holds anything: JSON starts JSON Lines, an SSE field
 * starts a transcript, and anything else is a text log, listed as no recording.
 */
async function* logFile(
  path: string,
  size: number,
  signal: AbortSignal,
  meter: ReadMeter | null,
): AsyncGenerator<PendingEntry> {
  let first: string | undefined;
  const input = bytesOf(path, signal, null);
  try {
    for await (const line of textLines(input)) {
      if (line.trim() === '') continue;
      first = line;
      break;
    }
  } catch (error) {
    if (!signal.aborted) yield unreadableAt(path, `cannot read the file: ${reasonOf(error)}`);
    return;
  } finally {
    input.destroy();
  }
  if (first === undefined) {
    yield skippedAt(path, 'an empty log');
  } else if (/^\uFEFF?\s*[[{]/.test(first)) {
    yield* jsonlFile(path, size, signal, meter);
  } else if (/^(?:data|event|id|retry)?:/.test(first)) {
    yield streamFile(path, 'sse', signal, meter);
  } else {
    const shown = first.length > 60 ? `${first.slice(0, 59)}…` : first;
    yield skippedAt(
      path,
      `a text log, not a recording: its first line, ${JSON.stringify(shown)}, is neither JSON nor an SSE field`,
    );
  }
}

/**
 * A JSON Lines file, read as it was when the run began: the lines that start within its first
 * `size` bytes (the size taken then), each to its end. A log written to during the run keeps
 * its new lines for the next run: the progress line never passes 100%, and the jobs of
 * `--jobs N`, which each walk the file at their own pace, all see the same lines. A gzipped
 * file is read to its end: its size is not its text's.
 */
async function* jsonlFile(
  path: string,
  size: number,
  signal: AbortSignal,
  meter: ReadMeter | null,
): AsyncGenerator<PendingEntry> {
  const input = bytesOf(path, signal, meter);
  const lines = textLines(size > 0 && !isGzipped(path) ? untilLineEnd(input, 0, size) : input);
  // One entry a line, or an MCP log read as a whole: decided from the first lines.
  const reader = jsonlReader(path);
  let lineNumber = 0;
  let blank = true;
  try {
    for await (const line of lines) {
      lineNumber += 1;
      blank &&= line.replace(/^\uFEFF/, '').trim() === '';
      yield* reader.line(line, lineNumber);
    }
    if (blank) yield skippedAt(path, 'an empty file (nothing but white space)');
    else yield* reader.end();
  } catch (error) {
    if (signal.aborted) return;
    yield lineNumber === 0
      ? unreadableAt(path, `cannot read the file: ${reasonOf(error)}`)
      : unreadableAt(
          `${path}:${lineNumber + 1}`,
          `reading stopped after line ${lineNumber}: ${reasonOf(error)}`,
        );
    // What was read still counts: held lines, unanswered requests, the log's closing entry.
    if (lineNumber > 0) yield* reader.end();
  } finally {
    input.destroy();
  }
}

/**
 * One part of a JSONL (or `.log`) file cut in parts: its lines, each at its number in the file,
 * when the file's first lines say they are independent; otherwise the whole file, read by the
 * shard given its first part, and nothing by the others.
 */
async function* partOf(
  recording: { path: string; kind: RecordingKind },
  part: FilePart,
  size: number,
  signal: AbortSignal,
  meter: ReadMeter | null,
  resumeAt: Map<string, LineStart>,
): AsyncGenerator<PendingEntry> {
  const { path, kind } = recording;
  let reading: 'lines' | 'whole';
  let first: LineStart | null = null;
  const head = bytesOf(path, signal, null);
  try {
    reading = await howToRead(textLines(head), kind === 'log' ? 'log' : 'jsonl', path);
    if (reading === 'lines')
      first = await lineStartAt(path, part.start, signal, resumeAt.get(path));
  } catch (error) {
    // The first part's shard says it, once, as the whole read would.
    if (!signal.aborted && part.index === 0) {
      yield unreadableAt(path, `cannot read the file: ${reasonOf(error)}`);
    }
    return;
  } finally {
    head.destroy();
  }
  if (reading === 'whole') {
    if (part.index === 0) yield* recordingOf(recording, size, signal, meter);
    return;
  }
  if (first === null) return;
  if (first.offset >= part.end) {
    // No line starts in this part; where the next one starts is still worth keeping.
    resumeAt.set(path, first);
    return;
  }
  let lineNumber = first.line - 1;
  const after: { next: LineStart | null } = { next: null };
  try {
    for await (const [line, number] of partLines(path, first, part.end, signal, meter, after)) {
      lineNumber = number;
      yield* lineEntries(line, number, path);
    }
    if (after.next !== null) resumeAt.set(path, after.next);
  } catch (error) {
    if (signal.aborted) return;
    yield unreadableAt(
      `${path}:${lineNumber + 1}`,
      `reading stopped after line ${lineNumber}: ${reasonOf(error)}`,
    );
  }
}

function streamFile(
  path: string,
  kind: 'sse' | 'txt',
  signal: AbortSignal,
  meter: ReadMeter | null,
): PendingEntry {
  return {
    location: path,
    open: async () => {
      try {
        // Reassembled as it is read, so a long transcript is never held as one string.
        const stream = await reassembleStreamAsync(bytesOf(path, signal, meter));
        return streamEntry(stream, path, kind);
      } catch (error) {
        return {
          location: path,
          kind: 'problem',
          state: 'unreadable',
          detail: `cannot read the file: ${reasonOf(error)}`,
        };
      }
    },
  };
}

function unreadableAt(location: string, detail: string): PendingEntry {
  return { location, open: () => ({ location, kind: 'problem', state: 'unreadable', detail }) };
}

function skippedAt(location: string, detail: string): PendingEntry {
  return { location, open: () => ({ location, kind: 'problem', state: 'skipped', detail }) };
}

/**
 * Reading one part of a file cut in parts (`--shard`): where its first line starts and which
 * line number that is, the bytes up to the end of its last line, and whether the file's lines
 * may be read apart at all. A part holds the lines that start inside its byte range, so the
 * parts of a file hold each of its lines once, and each line keeps its number in the file.
 */
import { createReadStream } from 'node:fs';
import { textLines } from './lines.js';
import { jsonlReader } from './mcp-log-detect.js';
import { sizeOfRecording } from './read-meter.js';
import { type FoundRecording, isGzipped } from './recordings.js';
import { planShards, type Shard, type ShardShare, type SizedRecording, shareOf } from './shard.js';

const LF = 0x0a;
const CR = 0x0d;

/** Pieces read at a time: as the rest of the walk reads. */
const PIECE = 256 * 1024;

/** Where a line starts in a file, and its number there (1-based). */
export interface LineStart {
  offset: number;
  line: number;
}

const FILE_START: LineStart = { offset: 0, line: 1 };

/**
 * Where the first line that starts at or after byte `from` starts, and its number in the file
 * (1-based): the line ends before it are counted, not parsed, so it costs a read of the bytes
 * before the part (from `known`, a line start before it, when one is known) and no more. A line ends at `\n`, `\r\n` or a lone `\r`, as `textLines` splits
 * them; a part starts only after a `\n`, so a `\r\n` is never cut. `null` when no line starts
 * there (the file ends first).
 *
 * @example
 * await lineStartAt('day-1.jsonl', 4096, signal); // { offset: 4133, line: 17 }
 */
export async function lineStartAt(
  path: string,
  from: number,
  signal: AbortSignal,
  known: LineStart = FILE_START,
): Promise<LineStart | null> {
  // Counting resumes at a line start already known before `from` (where this shard's previous
  // part of the file ended), so the parts of a file cost one read of it, not one each.
  const start = known.offset <= from ? known : FILE_START;
  if (from === start.offset) return start;
  const counter = lineEndCounter();
  let position = start.offset;
  // The line that holds byte `from - 1` ends at the first `\n` at or after it.
  for await (const chunk of createReadStream(path, {
    signal,
    highWaterMark: PIECE,
    start: start.offset,
  })) {
    const bytes = chunk as Buffer;
    const lf = bytes.indexOf(LF, Math.max(0, from - 1 - position));
    if (lf !== -1) {
      counter.add(bytes, lf + 1);
      return { offset: position + lf + 1, line: start.line + counter.ends() };
    }
    counter.add(bytes, bytes.length);
    position += bytes.length;
  }
  return null;
}

/**
 * Counts line ends over bytes given in order: each `\n`, and each `\r` not followed by `\n`
 * (a `\r` ending one chunk is judged by the first byte of the next).
 */
export function lineEndCounter(): { add(bytes: Uint8Array, end: number): void; ends(): number } {
  let ends = 0;
  let crPending = false;
  return {
    add(bytes, end) {
      if (end === 0) return;
      const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, end);
      if (crPending && buffer[0] !== LF) ends += 1;
      for (let at = buffer.indexOf(LF); at !== -1; at = buffer.indexOf(LF, at + 1)) ends += 1;
      for (let at = buffer.indexOf(CR); at !== -1; at = buffer.indexOf(CR, at + 1)) {
        if (at + 1 < end ? buffer[at + 1] !== LF : false) ends += 1;
      }
      crPending = buffer[end - 1] === CR;
    },
    ends: () => ends + (crPending ? 1 : 0),
  };
}

/**
 * The bytes of `chunks` (which start at byte `position` of the file) up to and including the
 * first `\n` at or after byte `end - 1`: the end of the last line that starts before `end`.
 *
 * @example
 * textLines(untilLineEnd(createReadStream(path, { start: 4133 }), 4133, 8192));
 */
export async function* untilLineEnd(
  chunks: AsyncIterable<Uint8Array>,
  position: number,
  end: number,
): AsyncGenerator<Buffer> {
  let at = position;
  for await (const chunk of chunks) {
    const bytes = Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
    const from = end - 1 - at;
    const lf = from < bytes.length ? bytes.indexOf(LF, Math.max(0, from)) : -1;
    if (lf !== -1) {
      yield bytes.subarray(0, lf + 1);
      return;
    }
    yield bytes;
    at += bytes.length;
  }
}

/**
 * Whether a file's lines may be read apart (`lines`), or must be read whole by one shard
 * (`whole`), judged from its first lines as the whole read judges them: an MCP log (its lines
 * pair requests with answers), a `.log` that does not start with JSON (an SSE transcript or a
 * text log), and a file of nothing but blank lines (one skipped entry for the whole file) are
 * read whole.
 *
 * @example
 * await howToRead(textLines(createReadStream('day-1.jsonl')), 'jsonl', 'day-1.jsonl'); // 'lines'
 */
export async function howToRead(
  lines: AsyncIterable<string>,
  kind: 'jsonl' | 'log',
  path: string,
): Promise<'lines' | 'whole'> {
  const reader = jsonlReader(path);
  let lineNumber = 0;
  let content = false;
  for await (const line of lines) {
    lineNumber += 1;
    const blank = line.replace(/^\uFEFF/, '').trim() === '';
    if (kind === 'log' && !content && !blank && !/^\uFEFF?\s*[[{]/.test(line)) return 'whole';
    content ||= !blank;
    reader.line(line, lineNumber);
    const decided = reader.kind();
    if (content && decided !== null) return decided === 'mcp-log' ? 'whole' : 'lines';
  }
  if (!content) return 'whole';
  reader.end();
  return reader.kind() === 'mcp-log' ? 'whole' : 'lines';
}

/**
 * The lines of one part, from the line start `first` (see {@link lineStartAt}) to the end of
 * the last line that starts before `end`, each with its number in the file. `meter.reading`
 * is pointed at the stream, for the progress line. A read error is thrown, after the lines
 * read before it. Once every line is read, `after.next` is the line start after the part.
 *
 * @example
 * for await (const [line, number] of partLines(path, first, part.end, signal, null)) ...
 */
export async function* partLines(
  path: string,
  first: LineStart,
  end: number,
  signal: AbortSignal,
  meter: { reading: { bytesRead: number } | null } | null,
  after: { next: LineStart | null } = { next: null },
): AsyncGenerator<[string, number]> {
  const input = createReadStream(path, { signal, highWaterMark: PIECE, start: first.offset });
  if (meter !== null) meter.reading = input;
  let number = first.line;
  let offset = first.offset;
  const counted = async function* () {
    for await (const bytes of untilLineEnd(input, first.offset, end)) {
      offset += bytes.length;
      yield bytes;
    }
  };
  try {
    for await (const line of textLines(counted())) {
      yield [line, number];
      number += 1;
    }
    // The part ended on a `\n` (or the file ended): the next line starts here, numbered so.
    after.next = { offset, line: number };
  } finally {
    input.destroy();
  }
}

/**
 * What this shard reads of the recordings found (`--shard`): the plan of {@link planShards}
 * over their sizes, as whole files and parts, in the order found; and the counts of its share
 * for the summary. A JSONL or `.log` file that is not gzipped may be cut in parts, as its
 * lines are independent unless it is an MCP log, which its first part's shard then reads whole.
 *
 * @example
 * const { found: mine, share } = await shardOfRecordings(found, { index: 1, count: 2 });
 */
export async function shardOfRecordings(
  found: readonly FoundRecording[],
  shard: Shard,
): Promise<{ found: FoundRecording[]; share: ShardShare }> {
  const sized: SizedRecording[] = [];
  for (const recording of found) {
    sized.push({
      path: recording.path,
      size: await sizeOfRecording(recording),
      splittable:
        (recording.kind === 'jsonl' || recording.kind === 'log') && !isGzipped(recording.path),
    });
  }
  const plan = planShards(sized, shard.count);
  const mine = (plan[shard.index - 1] ?? []).map(({ recording, part }) => {
    const whole = found[recording] as FoundRecording;
    return part === null ? whole : { ...whole, part };
  });
  return { found: mine, share: shareOf(plan, sized, shard.index) };
}

/**
 * The file-system edge of `audit`: the paths given, walked into recordings, and each recording
 * read into entries. JSONL files are streamed line by line, so memory stays flat however large
 * they are; `.har` and `.json` files are single documents and are read whole. A gzipped file is
 * read through gunzip as it streams; a file of a folder that is no recording is listed, never
 * passed over in silence.
 */
import { createReadStream, type Dirent } from 'node:fs';
import { readdir, readFile, stat } from 'node:fs/promises';
import { join, normalize } from 'node:path';
import { pipeline, type Readable } from 'node:stream';
import { createGunzip } from 'node:zlib';
import { reassembleStreamAsync } from '../read/reassemble.js';
import type { PendingEntry } from './entry.js';
import { textLines } from './lines.js';
import { jsonlReader } from './mcp-log-detect.js';
import {
  documentEntries,
  isGzipped,
  notARecording,
  RECORDING_EXTENSIONS,
  type RecordingKind,
  recordingKindOf,
  streamEntry,
} from './recordings.js';

/** A file to read, a folder that could not be listed, or a file of a folder that is no recording. */
export type FoundRecording =
  | { path: string; kind: RecordingKind }
  | { path: string; kind: 'unlistable'; problem: string }
  | { path: string; kind: 'not-a-recording' };

/** Folders a walk never enters: installed packages and hidden folders (`.git`, `.cache`). */
function isSkippedFolder(name: string): boolean {
  return name === 'node_modules' || name.startsWith('.');
}

/**
 * The recordings under the given paths: each file as named, each folder walked recursively in
 * sorted order. A path that cannot be read among others that can is found as `unlistable`, so
 * the audit reports it as unreadable and goes on with the rest; when none can be read, or a
 * file is not one `audit` reads by its extension, it is a usage error, better said at once.
 *
 * @example
 * await findRecordings(['fixtures/']); // { ok: true, found: [{ path: 'fixtures/anthropic-batch/results.har', kind: 'har' }, ...] }
 */
export async function findRecordings(
  paths: readonly string[],
): Promise<{ ok: true; found: FoundRecording[] } | { ok: false; error: string }> {
  const found: FoundRecording[] = [];
  const seen = new Set<string>();
  const missing: string[] = [];
  for (const given of paths) {
    const path = normalize(given);
    let isFolder: boolean;
    try {
      isFolder = (await stat(path)).isDirectory();
    } catch (error) {
      missing.push(`cannot read ${given}: ${reasonOf(error)}`);
      found.push({ path, kind: 'unlistable', problem: `cannot read it: ${reasonOf(error)}` });
      continue;
    }
    if (!isFolder) {
      const kind = recordingKindOf(path);
      if (kind === null) {
        return {
          ok: false,
          error: `${given} is not a recording audit reads (by its extension: ${RECORDING_EXTENSIONS})`,
        };
      }
      if (!seen.has(path)) found.push({ path, kind });
      seen.add(path);
      continue;
    }
    for (const recording of await walk(path)) {
      if (!seen.has(recording.path)) found.push(recording);
      seen.add(recording.path);
    }
  }
  if (missing.length === paths.length) return { ok: false, error: missing.join('; ') };
  return { ok: true, found };
}

async function walk(folder: string): Promise<FoundRecording[]> {
  let items: Dirent[];
  try {
    items = await readdir(folder, { withFileTypes: true });
  } catch (error) {
    return [
      { path: folder, kind: 'unlistable', problem: `cannot list the folder: ${reasonOf(error)}` },
    ];
  }
  const found: FoundRecording[] = [];
  for (const item of items.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))) {
    const path = join(folder, item.name);
    // Symbolic links to folders are not followed: a link back up would never end.
    if (item.isDirectory()) {
      if (!isSkippedFolder(item.name)) found.push(...(await walk(path)));
      continue;
    }
    if (!item.isFile() && !item.isSymbolicLink()) continue;
    const kind = recordingKindOf(item.name);
    if (kind !== null) found.push({ path, kind });
    // A link named like no recording is most often a link to a folder (`latest -> day-7`),
    // which is not followed; a file is listed as what it is not.
    else if (item.isFile()) found.push({ path, kind: 'not-a-recording' });
  }
  return found;
}

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
): AsyncGenerator<PendingEntry> {
  for (const recording of found) {
    if (signal.aborted) return;
    switch (recording.kind) {
      case 'unlistable':
        yield unreadableAt(recording.path, recording.problem);
        break;
      case 'not-a-recording':
        yield skippedAt(recording.path, notARecording(recording.path));
        break;
      case 'log':
        yield* logFile(recording.path, signal);
        break;
      case 'har':
      case 'json':
        yield* documentFile(recording.path, recording.kind, signal);
        break;
      case 'jsonl':
        yield* jsonlFile(recording.path, signal);
        break;
      case 'sse':
      case 'txt':
        yield streamFile(recording.path, recording.kind, signal);
        break;
    }
  }
}

async function* documentFile(
  path: string,
  kind: 'har' | 'json',
  signal: AbortSignal,
): AsyncGenerator<PendingEntry> {
  let text: string;
  try {
    text = isGzipped(path)
      ? await textOf(bytesOf(path, signal))
      : await readFile(path, { encoding: 'utf8', signal });
  } catch (error) {
    if (!signal.aborted) yield unreadableAt(path, `cannot read the file: ${reasonOf(error)}`);
    return;
  }
  yield* documentEntries(text, path, kind);
}

/**
 * A file's bytes as they stream, through gunzip when its name ends in `.gz`. Pieces of 256 KB:
 * fewer reads than the default 64 KB, and peak memory stays flat (1 MB pieces left 30 MB more
 * resident on a 480 MB file, for no gain in speed). An error of either stream ends the other.
 */
function bytesOf(path: string, signal: AbortSignal): Readable {
  const input = createReadStream(path, { signal, highWaterMark: 256 * 1024 });
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
async function* logFile(path: string, signal: AbortSignal): AsyncGenerator<PendingEntry> {
  let first: string | undefined;
  const input = bytesOf(path, signal);
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
    yield* jsonlFile(path, signal);
  } else if (/^(?:data|event|id|retry)?:/.test(first)) {
    yield streamFile(path, 'sse', signal);
  } else {
    const shown = first.length > 60 ? `${first.slice(0, 59)}…` : first;
    yield skippedAt(
      path,
      `a text log, not a recording: its first line, ${JSON.stringify(shown)}, is neither JSON nor an SSE field`,
    );
  }
}

async function* jsonlFile(path: string, signal: AbortSignal): AsyncGenerator<PendingEntry> {
  const input = bytesOf(path, signal);
  const lines = textLines(input);
  // One entry a line, or an MCP log read as a whole: decided from the first lines.
  const reader = jsonlReader(path);
  let lineNumber = 0;
  try {
    for await (const line of lines) {
      lineNumber += 1;
      yield* reader.line(line, lineNumber);
    }
    yield* reader.end();
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

function streamFile(path: string, kind: 'sse' | 'txt', signal: AbortSignal): PendingEntry {
  return {
    location: path,
    open: async () => {
      try {
        // Reassembled as it is read, so a long transcript is never held as one string.
        const stream = await reassembleStreamAsync(bytesOf(path, signal));
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

/** An fs error as people read it: `ENOENT: no such file or directory`, without the path twice. */
export function reasonOf(error: unknown): string {
  if (error instanceof Error) {
    const code = (error as NodeJS.ErrnoException).code;
    // Node appends the call and the path (`, open '/x/y.json'`), or the call alone (`, read`).
    const message = error.message.replace(/,? (open|stat|lstat|scandir|read)( '.*')?$/, '');
    return code !== undefined && !message.startsWith(code) ? `${code}: ${message}` : message;
  }
  return String(error);
}

/**
 * The file-system edge of `audit`: the paths given, walked into recordings (folders in sorted
 * order, links followed once by their real path, loops listed). A file of a folder that is no
 * recording is listed, never passed over in silence; `recording-entries.ts` reads them.
 */
import type { Dirent } from 'node:fs';
import { readdir, realpath, stat } from 'node:fs/promises';
import { join, normalize, sep } from 'node:path';
import {
  type FoundRecording,
  notARecording,
  RECORDING_EXTENSIONS,
  type RecordingKind,
  recordingKindOf,
} from './recordings.js';

/** Folders a walk never enters: installed packages and hidden folders (`.git`, `.cache`). */
function isSkippedFolder(name: string): boolean {
  return name === 'node_modules' || name.startsWith('.');
}

/**
 * The recordings under the given paths: each file as named, each folder walked recursively in
 * sorted order. A link is followed once, by the real path it reaches: a file reached twice (a
 * `latest -> day-7` link beside `day-7`) is audited once and the second way is listed, and a link
 * back to a folder the walk is in (a loop) is listed, never followed. A path that cannot be read
 * among others that can is found as `unlistable`, so the audit reports it as unreadable and goes
 * on with the rest; when none can be read, or a file is not one `audit` reads by its extension,
 * it is a usage error, better said at once.
 *
 * @example
 * await findRecordings(['fixtures/']); // { ok: true, found: [{ path: 'fixtures/anthropic-batch/results.har', kind: 'har' }, ...] }
 */
export async function findRecordings(
  paths: readonly string[],
): Promise<{ ok: true; found: FoundRecording[] } | { ok: false; error: string }> {
  const walked: Walked = { found: [], files: new Map(), folders: new Set() };
  const missing: string[] = [];
  for (const given of paths) {
    const path = normalize(given);
    let isFolder: boolean;
    try {
      isFolder = (await stat(path)).isDirectory();
    } catch (error) {
      missing.push(`cannot read ${given}: ${reasonOf(error)}`);
      walked.found.push({
        path,
        kind: 'unlistable',
        problem: `cannot read it: ${reasonOf(error)}`,
      });
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
      await addFile(walked, path, kind);
      continue;
    }
    await walk(walked, path, []);
  }
  if (missing.length === paths.length) return { ok: false, error: missing.join('; ') };
  return { ok: true, found: walked.found };
}

/** What a walk has found so far, and the real paths it has been through. */
interface Walked {
  found: FoundRecording[];
  /** Each file found, by its real path, with the path it was found at first. */
  files: Map<string, string>;
  /** The real path of every folder walked. */
  folders: Set<string>;
}

/**
 * A file, unless its real path was found before under another name. `real` is its real path,
 * when the caller has already asked for it (`null` when that failed).
 */
async function addFile(
  walked: Walked,
  path: string,
  kind: RecordingKind,
  real: Promise<string | null> = realpathOrNull(path),
): Promise<void> {
  const resolved = await real;
  if (resolved === null) {
    // Dangling, or a loop of links: reading it says which, as an unreadable entry.
    walked.found.push({ path, kind });
    return;
  }
  const first = walked.files.get(resolved);
  if (first === path) return;
  if (first !== undefined) {
    walked.found.push({
      path,
      kind: 'skipped',
      reason: `the same file as ${first}, audited there`,
    });
    return;
  }
  walked.files.set(resolved, path);
  walked.found.push({ path, kind });
}

/** Real paths asked for ahead of the file being added. */
const REALPATHS_AHEAD = 64;

function realpathOrNull(path: string): Promise<string | null> {
  return realpath(path).catch(() => null);
}

/**
 * Walks a folder in sorted order. `within` holds the real paths of the folders the walk is
 * inside, so a link back to one of them is a loop.
 */
async function walk(walked: Walked, folder: string, within: readonly string[]): Promise<void> {
  let real: string;
  let items: Dirent[];
  try {
    real = await realpath(folder);
    items = await readdir(folder, { withFileTypes: true });
  } catch (error) {
    walked.found.push({
      path: folder,
      kind: 'unlistable',
      problem: `cannot list the folder: ${reasonOf(error)}`,
    });
    return;
  }
  if (walked.folders.has(real)) return;
  walked.folders.add(real);
  const inside = [...within, real];
  items.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  // The real paths of the next recordings are asked for while this one is added, so a folder of
  // thousands of files does not wait on the thread pool once per file; a window, not all at
  // once, as 100,000 requests in flight held 100 MB.
  const reals = new Map<number, Promise<string | null>>();
  let asked = 0;
  const askAhead = (upTo: number) => {
    for (; asked < Math.min(items.length, upTo); asked++) {
      const item = items[asked] as Dirent;
      if ((item.isFile() || item.isSymbolicLink()) && recordingKindOf(item.name) !== null) {
        reals.set(asked, realpathOrNull(join(folder, item.name)));
      }
    }
  };
  for (const [at, item] of items.entries()) {
    askAhead(at + REALPATHS_AHEAD);
    const real = reals.get(at);
    reals.delete(at);
    const path = join(folder, item.name);
    if (item.isDirectory()) {
      if (!isSkippedFolder(item.name)) await walk(walked, path, inside);
      continue;
    }
    if (item.isSymbolicLink() && (await isFolder(path))) {
      await followFolderLink(walked, path, inside);
      continue;
    }
    if (!item.isFile() && !item.isSymbolicLink()) continue;
    const kind = recordingKindOf(item.name);
    if (kind !== null) await addFile(walked, path, kind, real);
    else walked.found.push({ path, kind: 'skipped', reason: notARecording(path) });
  }
}

/** A link to a folder: walked once, unless it leads back to a folder the walk is in. */
async function followFolderLink(
  walked: Walked,
  path: string,
  within: readonly string[],
): Promise<void> {
  const target = await realpath(path);
  if (within.some((folder) => folder === target || folder.startsWith(`${target}${sep}`))) {
    walked.found.push({
      path,
      kind: 'skipped',
      reason: `a link back to ${target}, which holds it (a loop): not followed`,
    });
    return;
  }
  if (walked.folders.has(target)) {
    walked.found.push({
      path,
      kind: 'skipped',
      reason: `a link to ${target}, walked already: its files are audited once`,
    });
    return;
  }
  await walk(walked, path, within);
}

/** Whether a path leads to a folder (through links); `false` for a dangling or looping link. */
async function isFolder(path: string): Promise<boolean> {
  try {
    return (await stat(path)).isDirectory();
  } catch {
    return false;
  }
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

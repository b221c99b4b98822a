import { mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import type { EntryInput } from '../../src/cli/entry.js';
import { bytesRead, readMeter, withSizes } from '../../src/cli/read-meter.js';
import { recordingEntries } from '../../src/cli/recording-entries.js';
import { findRecordings } from '../../src/cli/walk.js';

const work = mkdtempSync(join(tmpdir(), 'tool-call-health-walk-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

function write(path: string, text: string): string {
  const file = join(work, path);
  mkdirSync(join(file, '..'), { recursive: true });
  writeFileSync(file, text);
  return file;
}

describe('findRecordings', () => {
  test('folders are walked in sorted order, skipping node_modules and hidden folders, listing other files', async () => {
    const root = join(work, 'corpus');
    write('corpus/b/two.jsonl', '');
    write('corpus/a.har', '{}');
    write('corpus/b/one.SSE', '');
    write('corpus/b/readme.md', '');
    write('corpus/node_modules/pkg/x.json', '{}');
    write('corpus/.git/objects/x.json', '{}');
    write('corpus/c/deep/er/z.txt', '');
    const found = await findRecordings([root, join(root, 'a.har')]);
    expect(found).toEqual({
      ok: true,
      found: [
        { path: join(root, 'a.har'), kind: 'har' },
        { path: join(root, 'b/one.SSE'), kind: 'sse' },
        {
          path: join(root, 'b/readme.md'),
          kind: 'skipped',
          reason: 'not a recording audit reads (.md files are not read)',
        },
        { path: join(root, 'b/two.jsonl'), kind: 'jsonl' },
        { path: join(root, 'c/deep/er/z.txt'), kind: 'txt' },
      ],
    });
  });

  test('a missing path, or a named file of another kind, is a usage error', async () => {
    expect(await findRecordings([join(work, 'nope')])).toEqual({
      ok: false,
      error: `cannot read ${join(work, 'nope')}: ENOENT: no such file or directory`,
    });
    const notes = write('notes.md', '');
    expect(await findRecordings([notes])).toEqual({
      ok: false,
      error: `${notes} is not a recording audit reads (by its extension: .har, .json, .jsonl, .ndjson, .log, .sse or .txt; gzipped (.gz) or rotated (.1, .2025-10-06) too)`,
    });
  });
});

describe('recordingEntries', () => {
  test('JSONL is read line by line, CRLF and all; every entry opens to a payload or a problem', async () => {
    const jsonl = write('lines.jsonl', '{"a":1}\r\n\r\n{"b":\r\n{"c":3}');
    const har = write('broken.har', '{"log": ');
    const found = await findRecordings([jsonl, har]);
    if (!found.ok) throw new Error(found.error);
    const opened: EntryInput[] = [];
    for await (const entry of recordingEntries(found.found, new AbortController().signal)) {
      opened.push(await entry.open());
    }
    expect(opened.map((entry) => [entry.location, entry.kind])).toEqual([
      [`${jsonl}:1`, 'payload'],
      [`${jsonl}:3`, 'problem'],
      [`${jsonl}:4`, 'payload'],
      [har, 'problem'],
    ]);
  });

  test('an aborted walk stops', async () => {
    const jsonl = write('stop.jsonl', '{"a":1}\n{"a":2}\n');
    const controller = new AbortController();
    const seen: string[] = [];
    for await (const entry of recordingEntries(
      [
        { path: jsonl, kind: 'jsonl' },
        { path: jsonl, kind: 'jsonl' },
      ],
      controller.signal,
    )) {
      seen.push(entry.location);
      controller.abort();
    }
    expect(seen.length).toBeLessThanOrEqual(2);
  });
});

describe('readMeter', () => {
  test('counts the bytes of every file as it is read, up to the total', async () => {
    const jsonl = write('meter/lines.jsonl', `${'{"a":1}\n'.repeat(1000)}`);
    const json = write('meter/one.json', '{"b":2}');
    const found = await findRecordings([join(work, 'meter')]);
    if (!found.ok) throw new Error(found.error);
    const meter = await readMeter(found.found);
    expect(meter.total).toBe(statSync(jsonl).size + statSync(json).size);
    const seen: number[] = [];
    for await (const _entry of recordingEntries(found.found, new AbortController().signal, meter)) {
      seen.push(bytesRead(meter).read);
    }
    expect(bytesRead(meter)).toEqual({ read: meter.total, total: meter.total });
    // Never more than all, and never going back.
    expect(seen.every((read, index) => read <= meter.total && read >= (seen[index - 1] ?? 0))).toBe(
      true,
    );
  });
});

describe('sizes taken when the run begins', () => {
  test('a log empty then and written to before it is read is read, not skipped as empty', async () => {
    const path = write('late/z.jsonl', '');
    const found = await findRecordings([join(work, 'late')]);
    if (!found.ok) throw new Error(found.error);
    const sized = await withSizes(found.found);
    expect(sized[0]).toMatchObject({ path, size: 0 });
    // A logger writes its first line between the walk and the read.
    writeFileSync(path, '{"not":"a model payload"}\n');
    const entries: EntryInput[] = [];
    for await (const pending of recordingEntries(sized, new AbortController().signal)) {
      entries.push(await pending.open());
    }
    expect(entries.map((entry) => entry.location)).toEqual([`${path}:1`]);
  });

  test('a log written to during the run is read as it was: each line begun by then, to its end', async () => {
    const path = write('growing/app.jsonl', '{"a":1}\n{"a":');
    const found = await findRecordings([join(work, 'growing')]);
    if (!found.ok) throw new Error(found.error);
    const sized = await withSizes(found.found);
    // The logger finishes the line it was writing, and writes two more.
    writeFileSync(path, '{"a":1}\n{"a":2}\n{"a":3}\n{"a":4}\n');
    const entries: EntryInput[] = [];
    for await (const pending of recordingEntries(sized, new AbortController().signal)) {
      entries.push(await pending.open());
    }
    expect(entries.map((entry) => [entry.location, entry.kind])).toEqual([
      [`${path}:1`, 'payload'],
      [`${path}:2`, 'payload'],
    ]);
  });
});

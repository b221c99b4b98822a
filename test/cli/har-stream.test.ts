/**
 * A HAR read as it streams, one entry at a time: the same entries at the same locations as the
 * HAR read whole, however its text is cut into pieces; and a HAR that stops being JSON keeps
 * what came before the break, with the break as one unreadable entry.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import fc from 'fast-check';
import { afterAll, describe, expect, test } from 'vitest';
import type { EntryInput, PendingEntry } from '../../src/cli/entry.js';
import { recordingEntries } from '../../src/cli/recording-entries.js';
import { documentEntries, harStreamEntries } from '../../src/cli/recordings.js';
import { describeJson } from '../../src/json/json-state.js';
import { fixtures, root } from './support.js';

const work = mkdtempSync(join(tmpdir(), 'tool-call-health-har-stream-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

/** Every HAR the project ships, and the recorded MCP Streamable HTTP traffic. */
const hars = [
  ...readdirSync(fixtures, { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.har'))
    .sort()
    .map((file) => join(fixtures, file)),
  join(root, 'test/cli/fixtures/mcp-http/streamable-http.har'),
];

async function* inPieces(text: string, cuts: readonly number[]): AsyncGenerator<string> {
  let from = 0;
  for (const cut of [...cuts].sort((a, b) => a - b)) {
    yield text.slice(from, cut);
    from = cut;
  }
  yield text.slice(from);
}

async function opened(
  entries: AsyncIterable<PendingEntry> | PendingEntry[],
): Promise<EntryInput[]> {
  const out: EntryInput[] = [];
  for await (const entry of entries) out.push(await entry.open());
  return out;
}

const streamed = (text: string, file: string, cuts: readonly number[] = []) =>
  opened(harStreamEntries(inPieces(text, cuts), file));

const entry = (index: number) => ({
  request: { method: 'POST', url: 'https://api.openai.com/v1/chat/completions', headers: [] },
  response: {
    status: 200,
    statusText: 'OK',
    headers: [],
    content: {
      mimeType: 'application/json',
      text: JSON.stringify({
        id: `chatcmpl-${index}`,
        object: 'chat.completion',
        choices: [
          {
            index: 0,
            finish_reason: 'stop',
            message: { role: 'assistant', content: 'Hi "there" \\' },
          },
        ],
      }),
    },
  },
});
const threeEntries = JSON.stringify({ log: { version: '1.2', entries: [0, 1, 2].map(entry) } });

describe('a HAR streamed equals the HAR read whole', () => {
  test.each(hars.map((file) => [file.slice(root.length)]))('%s', async (name) => {
    const text = readFileSync(join(root, name), 'utf8');
    const whole = await opened(documentEntries(text, name, 'har'));
    expect(whole.length).toBeGreaterThan(0);
    expect(await streamed(text, name)).toEqual(whole);
    // Pieces as small as one character: a key, an escape, an entry split anywhere.
    const everyFew = Array.from({ length: Math.floor(text.length / 7) }, (_, at) => (at + 1) * 7);
    expect(await streamed(text, name, everyFew)).toEqual(whole);
  });

  test('cut anywhere, a HAR reads the same', async () => {
    const text = JSON.stringify(
      {
        log: {
          version: '1.2',
          creator: { name: 'devtools', entries: ['not these'] },
          pages: [{ id: 'p', entries: [{ deep: ['[', '{', '"\\'] }] }],
          entries: [0, 1].map(entry),
          comment: 'after',
        },
      },
      null,
      1,
    );
    const whole = await opened(documentEntries(text, 'a.har', 'har'));
    expect(whole.map((item) => item.location)).toEqual(['a.har:entries[0]', 'a.har:entries[1]']);
    await fc.assert(
      fc.asyncProperty(fc.array(fc.nat(text.length), { maxLength: 12 }), async (cuts) => {
        expect(await streamed(text, 'a.har', cuts)).toEqual(whole);
      }),
      { numRuns: 150 },
    );
  });

  test('a BOM, an escaped key, and entries that are no objects read as whole', async () => {
    const texts = [
      `\uFEFF${threeEntries}`,
      threeEntries.replace('"log"', '"\\u006cog"'),
      JSON.stringify({ log: { entries: [entry(0), 42, 'text', null, [1], entry(1)] } }),
    ];
    for (const text of texts) {
      expect(await streamed(text, 'a.har', [1, 2, 3, 50])).toEqual(
        await opened(documentEntries(text, 'a.har', 'har')),
      );
    }
  });

  test('through the walk: a .har and a .har.gz file', async () => {
    const text = readFileSync(hars[0] as string, 'utf8');
    const plain = join(work, 'one.har');
    const gzipped = join(work, 'one.har.gz');
    writeFileSync(plain, text);
    writeFileSync(gzipped, gzipSync(text));
    for (const path of [plain, gzipped]) {
      const walked = await opened(
        recordingEntries([{ path, kind: 'har' }], new AbortController().signal),
      );
      expect(walked).toEqual(await opened(documentEntries(text, path, 'har')));
    }
  });
});

describe('a HAR that stops being JSON', () => {
  const problems = (entries: EntryInput[]) =>
    entries.map((item) =>
      item.kind === 'problem'
        ? [item.location, item.state, item.detail]
        : [item.location, 'payload'],
    );

  test('cut inside an entry: the entries before it, then that entry, said to be cut', async () => {
    const cutAt = threeEntries.indexOf('chatcmpl-2') + 4;
    const entries = await streamed(threeEntries.slice(0, cutAt), 'cut.har', [100, 900]);
    expect(problems(entries)).toEqual([
      ['cut.har:entries[0]', 'payload'],
      ['cut.har:entries[1]', 'payload'],
      [
        'cut.har:entries[2]',
        'unreadable',
        'the file ends inside entries[2], which is cut short (ends inside a string; 3 unclosed containers): a prefix of JSON, as a write or a download that stopped early leaves it.',
      ],
    ]);
  });

  test('cut after an entry, or broken around the entries: the entries before it, then the file, at its own character', async () => {
    const afterTwo = threeEntries.indexOf(',', threeEntries.indexOf('chatcmpl-1'));
    const cut = threeEntries.slice(
      0,
      threeEntries.lastIndexOf('}', threeEntries.indexOf('{"request"', afterTwo)) + 1,
    );
    expect(problems(await streamed(cut, 'cut.har'))).toEqual([
      ['cut.har:entries[0]', 'payload'],
      ['cut.har:entries[1]', 'payload'],
      [
        'cut.har',
        'unreadable',
        'the file is cut short (3 unclosed containers): a prefix of JSON, as a write or a download that stopped early leaves it.; the 2 entries before it are read',
      ],
    ]);
    const junk = `${threeEntries.slice(0, -2)} x}}`;
    const at = describeJson(junk).offset;
    expect(at).toBe(junk.length - 3);
    expect(problems(await streamed(junk, 'junk.har', [17]))).toEqual([
      ['junk.har:entries[0]', 'payload'],
      ['junk.har:entries[1]', 'payload'],
      ['junk.har:entries[2]', 'payload'],
      [
        'junk.har',
        'unreadable',
        `the file is not JSON: expected ',' or '}' after an object value but found 'x' (at character ${at}); the 3 entries before it are read`,
      ],
    ]);
  });

  test('an entry that is not JSON is unreadable alone; the entries after it are read', async () => {
    const text = threeEntries.replace('{"request"', '{"oops": [1,], "request"');
    expect(problems(await streamed(text, 'bad.har'))).toMatchObject([
      ['bad.har:entries[0]', 'unreadable', expect.stringMatching(/^entries\[0\] is not JSON: /)],
      ['bad.har:entries[1]', 'payload'],
      ['bad.har:entries[2]', 'payload'],
    ]);
  });

  test('before any entry, it is said as of the whole file, as when read whole', async () => {
    for (const text of [
      '{"log": {',
      '\u0000\u0001binary',
      '{"a": 1}',
      '  \n ',
      '2025-10-06 INFO {"log":1}',
    ]) {
      expect(problems(await streamed(text, 'x.har', [3]))).toEqual(
        problems(await opened(documentEntries(text, 'x.har', 'har'))).map((item) =>
          text.trim() === ''
            ? ['x.har', 'skipped', 'an empty file (nothing but white space)']
            : item,
        ),
      );
    }
  });
});

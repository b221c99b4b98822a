/**
 * Reading one part of a file: where its first line starts and which number it has, where its
 * last line ends, and which files must be read whole.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, describe, expect, test } from 'vitest';
import {
  howToRead,
  type LineStart,
  lineEndCounter,
  lineStartAt,
  partLines,
  untilLineEnd,
} from '../../src/cli/file-parts.js';
import { textLines } from '../../src/cli/lines.js';

const work = mkdtempSync(join(tmpdir(), 'tool-call-health-parts-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));
const signal = new AbortController().signal;

function file(name: string, text: string | Buffer): string {
  const path = join(work, name);
  writeFileSync(path, text);
  return path;
}

async function collect<T>(items: AsyncIterable<T>): Promise<T[]> {
  const out: T[] = [];
  for await (const item of items) out.push(item);
  return out;
}

async function* chunksOf(bytes: Buffer, cuts: number[]): AsyncGenerator<Buffer> {
  let from = 0;
  for (const cut of [...cuts].sort((a, b) => a - b)) {
    yield bytes.subarray(from, cut);
    from = cut;
  }
  yield bytes.subarray(from);
}

/**
 * Every line of a file, read in parts cut at `cuts`, with its number: as the shards read it,
 * each part counting from the file's start, or (`resume`) from where the part before it ended.
 */
async function linesInParts(
  path: string,
  size: number,
  cuts: number[],
  resume: boolean,
): Promise<[string, number][]> {
  const bounds = [0, ...cuts.filter((cut) => cut > 0 && cut < size).sort((a, b) => a - b), size];
  const out: [string, number][] = [];
  let known: LineStart | undefined;
  for (let at = 0; at + 1 < bounds.length; at++) {
    const [start, end] = [bounds[at] as number, bounds[at + 1] as number];
    const first = await lineStartAt(path, start, signal, resume ? known : undefined);
    if (first === null) continue;
    known = first;
    if (first.offset >= end) continue;
    const after: { next: LineStart | null } = { next: null };
    out.push(...(await collect(partLines(path, first, end, signal, null, after))));
    known = after.next ?? undefined;
  }
  return out;
}

describe('lineStartAt', () => {
  const path = file('three.jsonl', '{"a":1}\n{"b":2}\r\n{"c":3}\n');

  test('a part starting mid-line owns the next line, by its true number', async () => {
    expect(await lineStartAt(path, 0, signal)).toEqual({ offset: 0, line: 1 });
    expect(await lineStartAt(path, 3, signal)).toEqual({ offset: 8, line: 2 });
    // Byte 8 starts line 2: a part from there owns it.
    expect(await lineStartAt(path, 8, signal)).toEqual({ offset: 8, line: 2 });
    // Inside `\r\n`: the line after it.
    expect(await lineStartAt(path, 16, signal)).toEqual({ offset: 17, line: 3 });
    expect(await lineStartAt(path, 24, signal)).toEqual({ offset: 25, line: 4 });
    expect(await lineStartAt(file('no-end.jsonl', '{"a":1}'), 3, signal)).toBeNull();
  });

  test('a lone \\r ends a line, as textLines reads it', async () => {
    const lone = file('lone-cr.jsonl', '{"a":1}\r{"b":2}\n{"c":3}\n');
    expect(await lineStartAt(lone, 10, signal)).toEqual({ offset: 16, line: 3 });
  });
});

describe('parts of a file', () => {
  test('read in any parts, every line once, with its number, as the whole file reads, counted from the start or resumed where the part before ended', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(
          fc.oneof(
            fc.constantFrom('\n', '\r\n', '\r', '{"a":1}', '\uFEFF', 'é', '', ' '),
            fc.string({ maxLength: 5 }),
          ),
          { maxLength: 30 },
        ),
        fc.array(fc.nat(200), { maxLength: 5 }),
        async (pieces, cuts) => {
          const bytes = Buffer.from(pieces.join(''));
          const path = file('property.jsonl', bytes);
          const whole = (await collect(textLines(chunksOf(bytes, [])))).map(
            (line, at): [string, number] => [line, at + 1],
          );
          expect(await linesInParts(path, bytes.length, cuts, false)).toEqual(whole);
          expect(await linesInParts(path, bytes.length, cuts, true)).toEqual(whole);
        },
      ),
      { numRuns: 200 },
    );
  });

  test('untilLineEnd stops at the end of the last line that starts before the end', async () => {
    const bytes = Buffer.from('ab\ncd\nef\n');
    const read = async (position: number, end: number) =>
      Buffer.concat(
        await collect(untilLineEnd(chunksOf(bytes.subarray(position), [1, 2]), position, end)),
      ).toString();
    expect(await read(0, 4)).toBe('ab\ncd\n');
    expect(await read(0, 3)).toBe('ab\n');
    expect(await read(3, 9)).toBe('cd\nef\n');
  });

  test('line ends are counted alike however the bytes are cut', () => {
    fc.assert(
      fc.property(
        fc.array(fc.constantFrom('\n', '\r', '\r\n', 'x', 'é'), { maxLength: 40 }),
        fc.array(fc.nat(80), { maxLength: 6 }),
        (pieces, cuts) => {
          const bytes = Buffer.from(`${pieces.join('')}\n`);
          const whole = lineEndCounter();
          whole.add(bytes, bytes.length);
          const cutUp = lineEndCounter();
          let from = 0;
          for (const cut of [...cuts.map((c) => Math.min(c, bytes.length)), bytes.length].sort(
            (a, b) => a - b,
          )) {
            cutUp.add(bytes.subarray(from, cut), cut - from);
            from = cut;
          }
          expect(cutUp.ends()).toBe(whole.ends());
        },
      ),
    );
  });
});

describe('howToRead', () => {
  const lines = async function* (text: string) {
    yield* text.split('\n');
  };
  const mcp = [
    '{"jsonrpc":"2.0","id":1,"method":"initialize","params":{}}',
    '{"jsonrpc":"2.0","id":1,"result":{}}',
  ].join('\n');
  const payload = '{"id":"chatcmpl-1","object":"chat.completion","choices":[]}';

  test('independent lines may be read apart; an MCP log, a text log and a blank file go whole', async () => {
    expect(await howToRead(lines(`\n${payload}\n${payload}`), 'jsonl', 'a.jsonl')).toBe('lines');
    expect(await howToRead(lines(mcp), 'jsonl', 'mcp.jsonl')).toBe('whole');
    expect(await howToRead(lines('not json\n{"a":1}'), 'jsonl', 'a.jsonl')).toBe('lines');
    expect(await howToRead(lines(`\n\n${payload}`), 'log', 'api.log')).toBe('lines');
    expect(await howToRead(lines('INFO started\n{"a":1}'), 'log', 'api.log')).toBe('whole');
    expect(await howToRead(lines('data: {}\n'), 'log', 'api.log')).toBe('whole');
    expect(await howToRead(lines('\n \n\uFEFF\n'), 'jsonl', 'blank.jsonl')).toBe('whole');
  });

  test('a file of blank lines past the first lines still goes whole: only then is it one skipped entry', async () => {
    expect(await howToRead(lines('\n'.repeat(50)), 'jsonl', 'blank.jsonl')).toBe('whole');
    expect(await howToRead(lines(`${'\n'.repeat(50)}${payload}`), 'jsonl', 'a.jsonl')).toBe(
      'lines',
    );
  });
});

import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { type BuiltCli, buildCli, type Ran, runBin } from '../cli/support.js';
import { readmeBlock } from './readme.js';

/**
 * The README's CLI command, run as written on the shipped corpus through a private build of the
 * bin, and its output blocks compared with what the command really prints.
 */
const COMMAND = 'npx tool-call-health audit fixtures/';

let cli: BuiltCli;
let audit: Ran;

beforeAll(async () => {
  cli = buildCli();
  audit = await runBin(cli.bin, COMMAND.replace(/^npx tool-call-health /, '').split(' '));
}, 120_000);
afterAll(() => cli?.remove());

/** A marker the README trims output with: `[… 19 entries …]` stands for 19 paragraphs. */
const TRIMMED = /^\[… (\d+) entr(?:y|ies) …\]$/;

/**
 * Matches the real output paragraph by paragraph (entries are separated by blank lines): a
 * marker skips as many entries as it says, and every other paragraph must be the next one.
 */
function compareTrimmed(shown: string, real: string): string[] {
  const shownParagraphs = shown.split(/\n\n+/);
  const realParagraphs = real.trimEnd().split(/\n\n+/);
  const problems: string[] = [];
  let at = 0;
  for (const paragraph of shownParagraphs) {
    const trimmed = TRIMMED.exec(paragraph);
    if (trimmed) {
      at += Number(trimmed[1]);
      continue;
    }
    const actual = realParagraphs[at];
    if (actual !== paragraph) {
      const shownLines = paragraph.split('\n');
      const realLines = actual?.split('\n') ?? [];
      const line = shownLines.findIndex((text, index) => text !== realLines[index]);
      problems.push(
        `paragraph ${at + 1} of the output (${realLines[0] ?? 'none'}), line ${line + 1}:\n` +
          `README: ${shownLines[line] ?? '(nothing)'}\nreal:   ${realLines[line] ?? '(nothing)'}`,
      );
    }
    at += 1;
  }
  if (at !== realParagraphs.length) {
    problems.push(
      `the README accounts for ${at} paragraphs; the output has ${realParagraphs.length}`,
    );
  }
  return problems;
}

describe(`README: ${COMMAND}`, () => {
  test('exits with 1, as most fixtures carry a finding', () => {
    expect(audit.stderr).toBe('');
    expect(audit.code).toBe(1);
  });

  test('prints what the README shows, trimmed only where marked […]', () => {
    const shown = readmeBlock('From a fresh clone › [… 19 entries …]');
    expect(compareTrimmed(shown.text, audit.stdout)).toEqual([]);
  });

  test('the comparison fails on a changed line and on a miscounted marker', () => {
    const real = 'a\n\nb\nc\n\nd';
    expect(compareTrimmed('a\n\nb\nc\n\nd', real)).toEqual([]);
    expect(compareTrimmed('[… 2 entries …]\n\nd', real)).toEqual([]);
    expect(compareTrimmed('[… 1 entry …]\n\nd', real)).toHaveLength(2);
    expect(compareTrimmed('a\n\nb\nX\n\nd', real)).toHaveLength(1);
  });

  test('help prints the usage the CLI section shows', async () => {
    const help = await runBin(cli.bin, ['help']);
    expect(help.code).toBe(0);
    expect(help.stdout.trimEnd()).toBe(readmeBlock('CLI › tool-call-health 0.1.0').text);
  });
});

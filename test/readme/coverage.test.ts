import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { type BlockCoverage, README_BLOCKS } from './blocks.js';
import { holdsVerbatim, markedRegions, type ReadmeBlock, readmeBlocks, root } from './readme.js';

/**
 * Every fenced block of README.md is run as written by a test, compared with real output, or
 * listed in blocks.ts with the reason nothing runs it; a new block fails here until it is.
 */
const blocks = readmeBlocks();
const read = (path: string) => readFileSync(join(root, path), 'utf8');

/** What is wrong with a block's entry, or null when the entry holds. */
function problemWith(block: ReadmeBlock, coverage: BlockCoverage | undefined): string | null {
  const where = `README.md line ${block.line}, the ${block.lang || 'plain'} block starting "${block.firstLine}"`;
  if (!coverage) {
    return `${where} is neither run by a test nor listed as not runnable: add it to README_BLOCKS in test/readme/blocks.ts under the key ${JSON.stringify(block.key)}, with the test that runs it or why none does`;
  }
  if ('notRunnable' in coverage) {
    const reason = coverage.notRunnable.trim();
    return reason === '' || reason.includes('\n') ? `${where}: give a one-line reason` : null;
  }
  if ('checkedBy' in coverage) {
    if (!existsSync(join(root, coverage.checkedBy)))
      return `${where}: ${coverage.checkedBy} is missing`;
    return read(coverage.checkedBy).includes(block.key)
      ? null
      : `${where}: ${coverage.checkedBy} does not look the block up by its key ${JSON.stringify(block.key)}`;
  }
  const held = coverage.heldIn ?? coverage.runBy;
  for (const path of [coverage.runBy, held]) {
    if (!existsSync(join(root, path))) return `${where}: ${path} is missing`;
  }
  return holdsVerbatim(read(held), block)
    ? null
    : `${where}: ${held} no longer holds it as written; paste the README's text there (between "// --- README: ${block.heading} ---" and "// --- end ---" where it sits inside other code)`;
}

describe('README.md blocks', () => {
  test('there are blocks, each under a heading', () => {
    expect(blocks.length).toBeGreaterThan(20);
    expect(blocks.filter((block) => block.heading === '')).toEqual([]);
  });

  test.for(blocks.map((block) => [`line ${block.line}: ${block.firstLine}`, block] as const))(
    'README.md %s is run, checked, or listed as not runnable',
    ([, block]) => {
      const problem = problemWith(block, README_BLOCKS[block.key]);
      if (problem !== null) expect.fail(problem);
    },
  );

  test('each entry of README_BLOCKS names a block the README has', () => {
    const keys = new Set(blocks.map((block) => block.key));
    expect(Object.keys(README_BLOCKS).filter((key) => !keys.has(key))).toEqual([]);
  });

  test('no two blocks share a key', () => {
    const keys = blocks.map((block) => block.key);
    expect(keys.filter((key, index) => keys.indexOf(key) !== index)).toEqual([]);
  });
});

describe('the checks themselves', () => {
  const block: ReadmeBlock = {
    lang: 'ts',
    text: "expect(a).toBe(1);\nif (a) {\n  run('x');\n}",
    line: 7,
    heading: 'Example',
    firstLine: 'expect(a).toBe(1);',
    key: 'Example › expect(a).toBe(1);',
  };

  test('a block pasted between markers is found at any indentation, and a changed one is not', () => {
    const pasted = (text: string, heading = 'Example') =>
      `test('x', () => {\n  // --- README: ${heading} ---\n${text
        .split('\n')
        .map((line) => `  ${line}`)
        .join('\n')}\n  // --- end ---\n});\n`;
    expect(markedRegions(pasted(block.text))).toEqual([{ heading: 'Example', text: block.text }]);
    expect(holdsVerbatim(pasted(block.text), block)).toBe(true);
    expect(holdsVerbatim(pasted(block.text.replace("'x'", "'y'")), block)).toBe(false);
    expect(holdsVerbatim(pasted(block.text, 'Elsewhere'), block)).toBe(false);
    expect(holdsVerbatim(`// a header\n${block.text}\n`, block)).toBe(true);
  });

  test('a block with no entry fails, naming its first line and line number', () => {
    expect(problemWith(block, undefined)).toMatch(
      /^README\.md line 7, the ts block starting "expect\(a\)\.toBe\(1\);" is neither run by a test nor listed as not runnable/,
    );
    expect(problemWith(block, { notRunnable: 'needs a live API key' })).toBeNull();
    expect(problemWith(block, { notRunnable: '' })).toMatch(/one-line reason/);
    expect(problemWith(block, { runBy: 'test/readme/coverage.test.ts' })).toMatch(
      /no longer holds it as written/,
    );
  });
});

import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, test } from 'vitest';
import { LIBRARY_PREFIX, libraryMessage } from '../../src/text/library-message.js';

const src = fileURLToPath(new URL('../../src/', import.meta.url));

function sourceFiles(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return entry.name.endsWith('.ts') ? [path] : [];
  });
}

describe('libraryMessage', () => {
  test("prefixes the library's name", () => {
    expect(libraryMessage('truncatedJson needs documents')).toBe(
      'tool-call-health: truncatedJson needs documents',
    );
    expect(libraryMessage('x').startsWith(LIBRARY_PREFIX)).toBe(true);
  });

  test('is the one place the prefix is written: no message in src spells it inline', () => {
    const inline = sourceFiles(src).flatMap((file) =>
      readFileSync(file, 'utf8')
        .split('\n')
        .map((line, index) => ({ line, at: `${relative(src, file)}:${index + 1}` }))
        // Doc comments may say what a message starts with; code may not build one by hand.
        .filter(({ line }) => line.includes('tool-call-health: ') && !/^\s*(\*|\/\/)/.test(line))
        .map(({ at }) => at),
    );
    expect(inline).toEqual(['text/library-message.ts:9']);
  });
});

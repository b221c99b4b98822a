import { readdirSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { describe, expect, test } from 'vitest';
import * as entry from '../../src/matchers/index.js';

const folder = fileURLToPath(new URL('../../src/matchers/', import.meta.url));
const matcherFiles = readdirSync(folder)
  .filter((file) => /^to[A-Z]\w*\.ts$/.test(file))
  .map((file) => file.replace(/\.ts$/, ''));

describe('every matcher file is exported', () => {
  test('the folder has the seven matchers, one per file', () => {
    expect(matcherFiles.sort()).toEqual([
      'toBeDispatchable',
      'toBeStrictCompatible',
      'toCallTool',
      'toHaveConsistentToolHistory',
      'toKeepStrictGuarantee',
      'toMatchOutputSchema',
      'toNotBeTruncated',
    ]);
  });

  test.each(matcherFiles)(
    '%s is in `matchers` and exported by name, as the same function',
    async (name) => {
      // Imported by file URL, so a file added to the folder is checked without being listed here.
      const module = await import(pathToFileURL(`${folder}${name}.ts`).href);
      expect(typeof module[name]).toBe('function');
      expect(entry.matchers).toHaveProperty(name, module[name]);
      expect(entry).toHaveProperty(name, module[name]);
    },
  );
});

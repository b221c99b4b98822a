/**
 * The tests are laid out as the code is: each wire surface and fault injection has a folder
 * of tests named as its folder in src/, and a test that times itself (or replaces a module)
 * says so in its name, so vitest runs it alone (or isolated; vitest.config.ts) without anyone
 * reading its imports.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';

const root = join(import.meta.dirname, '../..');
const folders = (path: string) =>
  readdirSync(join(root, path)).filter((name) => statSync(join(root, path, name)).isDirectory());
const testFiles = (path: string) =>
  readdirSync(join(root, path), { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.test.ts'))
    .map((file) => `${path}/${file.split('\\').join('/')}`);

describe('test/ has the folders of src/ where a reader looks for them', () => {
  test('each surface folder of src/surfaces/ has a folder of tests', () => {
    const missing = folders('src/surfaces').filter(
      (surface) =>
        !folders('test/surfaces').includes(surface) ||
        testFiles(`test/surfaces/${surface}`).length === 0,
    );
    expect(missing).toEqual([]);
  });

  test('fault injection (src/faults/) has test/faults/', () => {
    expect(testFiles('test/faults').length).toBeGreaterThan(0);
  });
});

describe('a test that times itself, or replaces a module, is named for it', () => {
  const all = [...testFiles('test'), ...testFiles('examples')];

  test('every file that measures growth is a .timed.test.ts, and every .timed.test.ts does', () => {
    const measures = (file: string) =>
      /from '(\.\.\/)+support\/growth\.js'/.test(readFileSync(join(root, file), 'utf8'));
    const misnamed = all.filter((file) => measures(file) !== file.endsWith('.timed.test.ts'));
    expect(misnamed).toEqual([]);
    expect(all.filter((file) => file.endsWith('.timed.test.ts')).length).toBeGreaterThan(0);
  });

  test('every file that replaces a module is an .isolated.test.ts, and every .isolated.test.ts does', () => {
    // The rest share their worker's modules (vitest.config.ts): a mock there would not apply.
    const mocks = (file: string) =>
      /\bvi\.(do)?[mM]ock\(/.test(readFileSync(join(root, file), 'utf8'));
    const misnamed = all.filter((file) => mocks(file) !== file.endsWith('.isolated.test.ts'));
    expect(misnamed).toEqual([]);
  });
});

/**
 * One home per provider: a wire surface's id is named inside its own folder, and outside it
 * only where surfaces are listed (the model's union, the registries, data written from them)
 * or where a framework maps its own provider names onto them. Anywhere else, code that names a
 * surface is code that switches on it, holding that provider's knowledge away from its folder.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from 'vitest';
import { SURFACE_IDS } from '../../src/registry/index.js';

const SRC = new URL('../../src/', import.meta.url).pathname;

/** Where listing the surfaces is the point, and why. */
const LISTS: Record<string, string> = {
  'model/model.ts': 'the WireSurfaceId union',
  'writers/index.ts': 'the writers registry',
  'surfaces/stop-words.ts': 'the registry of stop tables the framework adapters read',
  'arbitraries/_internals/wire-map.ts': "the arbitraries' typed map of wire shapes",
  'frameworks/ai-sdk/providers.ts': "the AI SDK's provider ids, mapped to surfaces",
};

/** The lines of a file that are code: comment lines dropped. */
const codeOf = (file: string) =>
  readFileSync(join(SRC, file), 'utf8')
    .split('\n')
    .map((line, index) => [index + 1, line] as const)
    .filter(([, line]) => !/^\s*(\*|\/\/|\/\*)/.test(line));

test('no code outside a surface folder names a wire surface, but the lists of them', () => {
  const files = readdirSync(SRC, { recursive: true, encoding: 'utf8' }).filter((file) =>
    file.endsWith('.ts'),
  );
  const named: string[] = [];
  for (const file of files) {
    if (Object.hasOwn(LISTS, file)) continue;
    for (const [line, text] of codeOf(file)) {
      for (const id of SURFACE_IDS) {
        if (file.startsWith(`surfaces/${id}/`)) continue;
        // Quoted, or as an object key (`gemini:`).
        if (
          text.includes(`'${id}'`) ||
          text.includes(`"${id}"`) ||
          new RegExp(`^\\s*${id}:`).test(text)
        ) {
          named.push(`src/${file}:${line}: ${text.trim()}`);
        }
      }
    }
  }
  expect(named).toEqual([]);
});

test('every listed file still lists them: an exemption nobody needs is removed', () => {
  for (const file of Object.keys(LISTS)) {
    const code = codeOf(file)
      .map(([, text]) => text)
      .join('\n');
    expect(
      SURFACE_IDS.some((id) => code.includes(`'${id}'`) || code.includes(`${id}:`)),
      file,
    ).toBe(true);
  }
});

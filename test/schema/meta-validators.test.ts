/**
 * The meta-schema validators Ajv generated ahead of time (scripts/meta-validators.mjs) answer
 * as the runtime's own Ajv instance answers `validateSchema`, on every schema of the
 * JSON-Schema-Test-Suite (read in place from ../shared/corpora) and on each of them broken one
 * keyword at a time, and the committed file is what the installed Ajv generates today.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { GENERATED, generatedSource } from '../../scripts/meta-validators.mjs';
import { createAjv, metaValid } from '../../src/schema/ajv-runtime.js';
import { type Dialect, prepareForDialect } from '../../src/schema/dialect.js';
import type { JsonObject } from '../../src/schema/json-type.js';

const SUITE = fileURLToPath(
  new URL('../../../shared/corpora/JSON-Schema-Test-Suite/tests/', import.meta.url),
);
const FOLDERS: Record<Dialect, string> = { 'draft-2020-12': 'draft2020-12', 'draft-07': 'draft7' };
const ABSENT = existsSync(SUITE) ? '' : ' (skipped: no ../shared/corpora/JSON-Schema-Test-Suite)';

/** Every object schema in a suite folder, optional cases included. */
function suiteSchemas(folder: string): JsonObject[] {
  const schemas: JsonObject[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (entry.name.endsWith('.json')) {
        for (const group of JSON.parse(readFileSync(path, 'utf8')) as { schema: unknown }[]) {
          if (typeof group.schema === 'object' && group.schema !== null)
            schemas.push(group.schema as JsonObject);
        }
      }
    }
  };
  walk(join(SUITE, folder));
  return schemas;
}

/** Wrong values a keyword may meet: each kind of JSON value, and a few that are nearly right. */
const WRONG = [5, -1, 1.5, 'x', '', true, null, [], [5], {}, { type: 'strnig' }];

/** The schema with the keyword at each place, one at a time, given each wrong value. */
function* brokenOnce(schema: JsonObject): Generator<JsonObject> {
  for (const key of Object.keys(schema)) {
    for (const wrong of WRONG) yield { ...schema, [key]: wrong };
    const value = schema[key];
    if (typeof value === 'object' && value !== null && !Array.isArray(value)) {
      for (const inner of brokenOnce(value as JsonObject)) yield { ...schema, [key]: inner };
    }
  }
}

describe('the generated meta-schema validators', () => {
  it('are what the installed Ajv generates (npm run meta-validators writes them)', () => {
    expect(readFileSync(GENERATED, 'utf8')).toBe(generatedSource());
  });

  for (const folder of Object.values(FOLDERS)) {
    it.skipIf(ABSENT !== '')(
      `answer as Ajv's validateSchema on the ${folder} suite's schemas, each also broken one keyword at a time${ABSENT}`,
      () => {
        const ajv = {
          'draft-2020-12': createAjv('draft-2020-12'),
          'draft-07': createAjv('draft-07'),
        };
        const schemas = suiteSchemas(folder);
        const disagreements: string[] = [];
        let valid = 0;
        let invalid = 0;
        for (const original of schemas) {
          for (const schema of [original, ...brokenOnce(original)]) {
            // As the runtime does: the dialect from $schema, on a copy prepared for it; a
            // $schema it refuses never reaches a meta-schema.
            const prepared = prepareForDialect(structuredClone(schema));
            if (!prepared.ok) continue;
            const expected = ajv[prepared.dialect].validateSchema(prepared.schema) === true;
            if (metaValid(prepared.dialect, prepared.schema) !== expected)
              disagreements.push(`${prepared.dialect} ${JSON.stringify(schema)}`);
            if (expected) valid += 1;
            else invalid += 1;
          }
        }
        expect(disagreements.slice(0, 5)).toEqual([]);
        // Both answers are well represented, so agreement is not agreement on one answer.
        expect(schemas.length).toBeGreaterThan(300);
        expect(valid).toBeGreaterThan(1000);
        expect(invalid).toBeGreaterThan(1000);
      },
    );
  }
});

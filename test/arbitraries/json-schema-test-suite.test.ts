/**
 * argumentsFor against the official JSON-Schema-Test-Suite (draft 2020-12, read in place from
 * ../shared/corpora, never copied): every schema it accepts yields samples that checkArguments
 * and a bare Ajv2020 both call valid; every schema it refuses is refused for a stated reason.
 * The counts are pinned, so a change in coverage is a reviewed change.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { argumentsFor, UnsupportedSchemaError } from '../../src/arbitraries/index.js';
import { checkArguments } from '../../src/schema/index.js';
import { plainValidator, SEED } from './support.js';

const SUITE = fileURLToPath(
  new URL('../../../shared/corpora/JSON-Schema-Test-Suite/tests/draft2020-12/', import.meta.url),
);
const present = existsSync(SUITE);

interface Group {
  description: string;
  schema: unknown;
}

/** Samples checked per accepted schema. */
const SAMPLES = 25;

/** Files whose schemas a bare Ajv2020 cannot compile: they need custom meta-schemas from remotes/. */
const NO_PLAIN_AJV = new Set(['vocabulary.json']);

/** Why a schema was not generated for: the keyword named by the error, or the error's kind. */
function exclusionReason(error: unknown): string {
  if (error instanceof UnsupportedSchemaError) return `unsupported: ${error.keyword}`;
  const message = error instanceof Error ? error.message : String(error);
  if (message.includes('found no value the schema accepts'))
    return 'no value is valid (false schemas)';
  if (message.includes('needs a usable schema'))
    return 'not a usable schema (checkArguments says schema-invalid)';
  return `unexpected: ${message}`;
}

function readGroups(folder: string): { file: string; group: Group }[] {
  return readdirSync(folder)
    .filter((file) => file.endsWith('.json'))
    .sort()
    .flatMap((file) =>
      (JSON.parse(readFileSync(`${folder}${file}`, 'utf8')) as Group[]).map((group) => ({
        file,
        group,
      })),
    );
}

function survey(folder: string) {
  const excluded = new Map<string, string[]>();
  const invalidSamples: string[] = [];
  let covered = 0;
  for (const { file, group } of readGroups(folder)) {
    const where = `${file}: ${group.description}`;
    let values: unknown[];
    try {
      values = fc.sample(argumentsFor(group.schema), { seed: SEED, numRuns: SAMPLES });
    } catch (error) {
      const reason = exclusionReason(error);
      excluded.set(reason, [...(excluded.get(reason) ?? []), where]);
      continue;
    }
    covered += 1;
    const plain = NO_PLAIN_AJV.has(file) ? null : plainValidator(group.schema);
    for (const value of values) {
      const check = checkArguments(group.schema, value);
      if (check.kind !== 'valid' || (plain !== null && plain(value) !== true)) {
        invalidSamples.push(`${where}: ${JSON.stringify(value)} ${JSON.stringify(check)}`);
        break;
      }
    }
  }
  const counts = Object.fromEntries(
    [...excluded].map(([reason, groups]) => [reason, groups.length]),
  );
  return { covered, counts, excluded, invalidSamples };
}

describe.skipIf(!present)(
  `argumentsFor on JSON-Schema-Test-Suite draft2020-12${present ? '' : ` (skipped: no corpus at ${SUITE})`}`,
  () => {
    it('generates valid values for every schema it accepts, and names why it refuses the rest', () => {
      const { covered, counts, excluded, invalidSamples } = survey(SUITE);
      expect(invalidSamples).toEqual([]);
      expect(covered).toBe(160);
      expect(counts).toEqual({
        'unsupported: unevaluatedProperties': 35,
        'unsupported: $id': 32,
        'unsupported: unevaluatedItems': 22,
        'unsupported: contains': 20,
        'unsupported: $ref': 20,
        'unsupported: if': 16,
        'unsupported: patternProperties': 11,
        'unsupported: not': 11,
        'unsupported: format': 10,
        'unsupported: propertyNames': 8,
        'unsupported: dependentSchemas': 7,
        'unsupported: oneOf': 5,
        'unsupported: dependentRequired': 4,
        'unsupported: $dynamicRef': 3,
        'unsupported: maxProperties': 3,
        'unsupported: then': 2,
        'unsupported: minProperties': 2,
        'unsupported: uniqueItems': 2,
        'unsupported: else': 1,
        'unsupported: maxContains': 1,
        'unsupported: minContains': 1,
        'no value is valid (false schemas)': 6,
        'not a usable schema (checkArguments says schema-invalid)': 1,
      });
      // Each oneOf refused is one whose branches really overlap (a value could match two).
      expect(excluded.get('unsupported: oneOf')).toEqual([
        'oneOf.json: oneOf',
        'oneOf.json: oneOf with base schema',
        'oneOf.json: oneOf with boolean schemas, all true',
        'oneOf.json: oneOf with boolean schemas, more than one true',
        'oneOf.json: oneOf with empty schema',
      ]);
      expect(excluded.get('not a usable schema (checkArguments says schema-invalid)')).toEqual([
        'enum.json: empty enum',
      ]);
    });
  },
);

const FORMATS = `${SUITE}optional/format/`;
const formatsPresent = existsSync(FORMATS);

describe.skipIf(!formatsPresent)(
  `argumentsFor on the suite's optional format schemas${formatsPresent ? '' : ` (skipped: no corpus at ${FORMATS})`}`,
  () => {
    it('generates values ajv-formats accepts for every format it supports', () => {
      const { covered, counts, invalidSamples } = survey(FORMATS);
      expect(invalidSamples).toEqual([]);
      // date, date-time, time, email, hostname (2 groups), ipv4, ipv6, uri, uuid; the other
      // formats (duration, iri, regex, json-pointer, uri-template, ...) are refused by name.
      expect({ covered, counts }).toEqual({ covered: 10, counts: { 'unsupported: format': 18 } });
    });
  },
);

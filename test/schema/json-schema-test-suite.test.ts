/**
 * checkArguments against the official JSON-Schema-Test-Suite (read in place from
 * ../shared/corpora, never copied): for every case, the check is `valid` when the suite
 * says valid and `invalid` when it says invalid. A `schema-invalid` or `too-deep` answer
 * counts as a failure: every schema in the suite is usable.
 *
 * Nothing is dropped silently: every skipped folder, file, group or case is listed below
 * with its reason, and each run checks that checked + skipped = all cases and that every
 * listed skip still names a real case.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { checkArguments } from '../../src/schema/index.js';

const SUITE_FOLDER = '../shared/corpora/JSON-Schema-Test-Suite/tests';
const suitePath = fileURLToPath(new URL(`../../${SUITE_FOLDER}/`, import.meta.url));
const suiteExists = existsSync(suitePath);

interface SuiteCase {
  description: string;
  data: unknown;
  valid: boolean;
}
interface SuiteGroup {
  description: string;
  schema: unknown;
  tests: SuiteCase[];
}

/** A skipped group: all its cases, or only those listed. */
interface Skip {
  reason: string;
  cases?: readonly string[];
}

/** Not read at all, in any run. */
const SKIPPED_FOLDERS: Readonly<Record<string, string>> = {
  'optional/':
    'optional behaviour (bignum, ecmascript-regex, format assertion, cross-draft...), out of scope here',
};

const REMOTES =
  'every case $refs a document from remotes/; checkArguments never fetches (it says schema-invalid)';
const DYNAMIC_REF = 'Ajv 8.20 implements $dynamicRef only partly: a bare Ajv2020 fails this too';
const UNEVALUATED = 'a bare Ajv2020 fails this too: it misses some annotations unevaluated* needs';
const FORMAT_ASSERTED =
  'we assert format on purpose (a malformed date in a tool call is a finding); 2020-12 makes it an annotation by default';
const REF_SIBLINGS_07 =
  'draft-07 ignores keywords beside $ref; Ajv applies them (a bare Ajv fails this too)';
const DRAFT07_META =
  '$refs the draft-07 meta-schema; read as 2020-12 (no $schema), only the 2020-12 meta-schemas are known';

const SKIPPED_FILES_2020: Readonly<Record<string, string>> = {
  'refRemote.json': REMOTES,
  'vocabulary.json':
    'needs custom meta-schemas from remotes/; an unknown $schema is read as 2020-12, never fetched',
};

const SKIPPED_2020: Readonly<Record<string, Readonly<Record<string, Skip>>>> = {
  'dynamicRef.json': {
    'A $dynamicRef to a $dynamicAnchor in the same schema resource behaves like a normal $ref to an $anchor':
      { reason: DYNAMIC_REF, cases: ['An array of strings is valid'] },
    'A $dynamicRef to an $anchor in the same schema resource behaves like a normal $ref to an $anchor':
      { reason: DYNAMIC_REF, cases: ['An array of strings is valid'] },
    'A $dynamicRef resolves to the first $dynamicAnchor still in scope that is encountered when the schema is evaluated':
      { reason: DYNAMIC_REF, cases: ['An array of strings is valid'] },
    'A $dynamicRef without anchor in fragment behaves identical to $ref': {
      reason: DYNAMIC_REF,
      cases: ['An array of numbers is valid'],
    },
    "A $dynamicRef with intermediate scopes that don't include a matching $dynamicAnchor does not affect dynamic scope resolution":
      { reason: DYNAMIC_REF, cases: ['An array of strings is valid'] },
    'An $anchor with the same name as a $dynamicAnchor is not used for dynamic scope resolution': {
      reason: DYNAMIC_REF,
    },
    'A $dynamicRef without a matching $dynamicAnchor in the same schema resource behaves like a normal $ref to $anchor':
      { reason: DYNAMIC_REF },
    'A $dynamicRef with a non-matching $dynamicAnchor in the same schema resource behaves like a normal $ref to $anchor':
      { reason: DYNAMIC_REF },
    'A $dynamicRef that initially resolves to a schema with a matching $dynamicAnchor resolves to the first $dynamicAnchor in the dynamic scope':
      { reason: DYNAMIC_REF },
    'A $dynamicRef that initially resolves to a schema without a matching $dynamicAnchor behaves like a normal $ref to $anchor':
      { reason: DYNAMIC_REF },
    'multiple dynamic paths to the $dynamicRef keyword': {
      reason: DYNAMIC_REF,
      cases: ['number list with string values', 'string list with number values'],
    },
    'after leaving a dynamic scope, it is not used by a $dynamicRef': { reason: DYNAMIC_REF },
    'strict-tree schema, guards against misspelled properties': { reason: REMOTES },
    'tests for implementation dynamic anchor and reference link': { reason: REMOTES },
    '$ref and $dynamicAnchor are independent of order - $defs first': { reason: REMOTES },
    '$ref and $dynamicAnchor are independent of order - $ref first': { reason: REMOTES },
    '$ref to $dynamicRef finds detached $dynamicAnchor': { reason: REMOTES },
    '$dynamicRef points to a boolean schema': {
      reason: DYNAMIC_REF,
      cases: ['follow $dynamicRef to a false schema'],
    },
    '$dynamicRef skips over intermediate resources - direct reference': {
      reason: DYNAMIC_REF,
      cases: ['integer property passes'],
    },
    '$dynamicRef avoids the root of each schema, but scopes are still registered': {
      reason: `${DYNAMIC_REF} (it overflows the stack)`,
    },
  },
  'enum.json': {
    'empty enum': {
      reason:
        'Ajv refuses enum: [] at compile time ("enum must have non-empty array"): schema-invalid',
    },
  },
  'format.json': Object.fromEntries(
    [
      'email',
      'regex',
      'ipv4',
      'ipv6',
      'hostname',
      'date',
      'date-time',
      'time',
      'json-pointer',
      'relative-json-pointer',
      'uri',
      'uri-reference',
      'uri-template',
      'uuid',
      'duration',
    ].map((format) => [
      `${format} format`,
      {
        reason: FORMAT_ASSERTED,
        cases: [`invalid ${format} string is only an annotation by default`],
      },
    ]),
  ),
  'ref.json': {
    'refs with relative uris and defs': {
      reason: 'a bare Ajv2020 overflows the stack compiling this nested-$id schema: schema-invalid',
    },
    'relative refs with absolute uris and defs': {
      reason: 'a bare Ajv2020 overflows the stack compiling this nested-$id schema: schema-invalid',
    },
    'URN ref with nested pointer ref': {
      reason: 'a bare Ajv2020 overflows the stack compiling this URN-$id schema: schema-invalid',
    },
  },
  'unevaluatedItems.json': {
    'unevaluatedItems with nested items': {
      reason: UNEVALUATED,
      cases: ['with no additional items', 'with invalid additional item'],
    },
    'unevaluatedItems with $dynamicRef': { reason: `${DYNAMIC_REF} (it overflows the stack)` },
    'unevaluatedItems depends on adjacent contains': {
      reason: UNEVALUATED,
      cases: ['contains passes, second item is not evaluated'],
    },
    'unevaluatedItems depends on multiple nested contains': {
      reason: UNEVALUATED,
      cases: ['7 not evaluated, fails unevaluatedItems'],
    },
    'unevaluatedItems and contains interact to control item dependency relationship': {
      reason: UNEVALUATED,
      cases: [
        "only b's are invalid",
        "only c's are invalid",
        "only b's and c's are invalid",
        "only a's and c's are invalid",
      ],
    },
    'unevaluatedItems with minContains = 0': {
      reason: UNEVALUATED,
      cases: ['all items evaluated by contains'],
    },
    'unevaluatedItems can see annotations from if without then and else': {
      reason: UNEVALUATED,
      cases: ['valid in case if is evaluated'],
    },
  },
  'unevaluatedProperties.json': {
    'unevaluatedProperties with if/then/else, then not defined': {
      reason: UNEVALUATED,
      cases: [
        'when if is true and has no unevaluated properties',
        'when if is false and has unevaluated properties',
      ],
    },
    'unevaluatedProperties with $dynamicRef': { reason: `${DYNAMIC_REF} (it overflows the stack)` },
    'unevaluatedProperties can see annotations from if without then and else': {
      reason: UNEVALUATED,
      cases: ['valid in case if is evaluated'],
    },
  },
};

const SKIPPED_FILES_07: Readonly<Record<string, string>> = { 'refRemote.json': REMOTES };

const SKIPPED_07: Readonly<Record<string, Readonly<Record<string, Skip>>>> = {
  'ref.json': {
    'ref overrides any sibling keywords': {
      reason: REF_SIBLINGS_07,
      cases: ['ref valid, maxItems ignored'],
    },
    '$ref prevents a sibling $id from changing the base uri': { reason: REF_SIBLINGS_07 },
  },
};

/** The draft7 files with no $schema: what tool schemas in the wild look like. */
const SKIPPED_07_AS_2020: Readonly<Record<string, Readonly<Record<string, Skip>>>> = {
  'definitions.json': { 'validate definition against metaschema': { reason: DRAFT07_META } },
  'ref.json': {
    ...SKIPPED_07['ref.json'],
    'remote ref, containing refs itself': { reason: DRAFT07_META },
    'relative pointer ref to array': {
      reason:
        '$ref "#/items/0" points into a tuple items array, which the rewrite moves to prefixItems',
    },
  },
};

interface Run {
  title: string;
  folder: string;
  skippedFiles: Readonly<Record<string, string>>;
  skipped: Readonly<Record<string, Readonly<Record<string, Skip>>>>;
  prepare: (schema: unknown) => unknown;
}

const asDraft07 = (schema: unknown): unknown =>
  typeof schema === 'object' && schema !== null && !Array.isArray(schema) && !('$schema' in schema)
    ? { $schema: 'http://json-schema.org/draft-07/schema#', ...schema }
    : schema;

const RUNS: readonly Run[] = [
  {
    title: 'draft2020-12',
    folder: 'draft2020-12',
    skippedFiles: SKIPPED_FILES_2020,
    skipped: SKIPPED_2020,
    prepare: (schema) => schema,
  },
  {
    title: 'draft7, with $schema draft-07 added',
    folder: 'draft7',
    skippedFiles: SKIPPED_FILES_07,
    skipped: SKIPPED_07,
    prepare: asDraft07,
  },
  {
    title: 'draft7, as written (no $schema: read as 2020-12 with draft-07 shapes)',
    folder: 'draft7',
    skippedFiles: SKIPPED_FILES_07,
    skipped: SKIPPED_07_AS_2020,
    prepare: (schema) => schema,
  },
];

interface PlannedFile {
  file: string;
  groups: SuiteGroup[];
  checked: number;
  skipped: number;
}

function isSkipped(skips: Run['skipped'], file: string, group: string, testCase: string): boolean {
  const skip = skips[file]?.[group];
  return skip !== undefined && (skip.cases === undefined || skip.cases.includes(testCase));
}

function plan(run: Run): PlannedFile[] {
  const files = readdirSync(`${suitePath}${run.folder}`, { withFileTypes: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.json'))
    .map((entry) => entry.name)
    .sort();
  return files.map((file) => {
    const groups = JSON.parse(
      readFileSync(`${suitePath}${run.folder}/${file}`, 'utf8'),
    ) as SuiteGroup[];
    let checked = 0;
    let skipped = 0;
    for (const group of groups) {
      for (const testCase of group.tests) {
        const skip =
          file in run.skippedFiles ||
          isSkipped(run.skipped, file, group.description, testCase.description);
        if (skip) skipped += 1;
        else checked += 1;
      }
    }
    return { file, groups, checked, skipped };
  });
}

const countText = (checked: number, skipped: number): string =>
  `${checked} cases checked, ${skipped} skipped`;

describe.skipIf(!suiteExists)(
  suiteExists
    ? 'JSON-Schema-Test-Suite'
    : `JSON-Schema-Test-Suite (skipped: ${SUITE_FOLDER} not found)`,
  () => {
    it('leaves out only the folders listed, each with a reason', () => {
      const folders = readdirSync(`${suitePath}draft2020-12`, { withFileTypes: true })
        .filter((entry) => entry.isDirectory())
        .map((entry) => `${entry.name}/`);
      expect(folders).toEqual(Object.keys(SKIPPED_FOLDERS));
    });

    for (const run of RUNS) {
      const planned = suiteExists ? plan(run) : [];
      const checked = planned.reduce((sum, file) => sum + file.checked, 0);
      const skipped = planned.reduce((sum, file) => sum + file.skipped, 0);

      describe(`${run.title}: ${countText(checked, skipped)}`, () => {
        for (const { file, groups, checked: fileChecked, skipped: fileSkipped } of planned) {
          const title = `${file}: ${countText(fileChecked, fileSkipped)}`;
          it.skipIf(fileChecked === 0)(title, () => {
            const wrong: string[] = [];
            for (const group of groups) {
              const schema = run.prepare(group.schema);
              for (const testCase of group.tests) {
                if (isSkipped(run.skipped, file, group.description, testCase.description)) continue;
                const check = checkArguments(schema, testCase.data);
                const expected = testCase.valid ? 'valid' : 'invalid';
                if (check.kind !== expected) {
                  wrong.push(
                    `${group.description} › ${testCase.description}: ${JSON.stringify(check)}`,
                  );
                }
              }
            }
            expect(wrong).toEqual([]);
          });
        }

        it('names only real files, groups and cases in its skip lists', () => {
          const stale: string[] = [];
          const byFile = new Map(planned.map((entry) => [entry.file, entry.groups]));
          for (const file of Object.keys(run.skippedFiles)) {
            if (!byFile.has(file)) stale.push(file);
          }
          for (const [file, skips] of Object.entries(run.skipped)) {
            for (const [group, skip] of Object.entries(skips)) {
              const found = byFile.get(file)?.find((entry) => entry.description === group);
              if (found === undefined) stale.push(`${file} › ${group}`);
              for (const testCase of skip.cases ?? []) {
                if (!found?.tests.some((entry) => entry.description === testCase)) {
                  stale.push(`${file} › ${group} › ${testCase}`);
                }
              }
            }
          }
          expect(stale).toEqual([]);
          const total = planned.reduce(
            (sum, file) => sum + file.groups.flatMap((group) => group.tests).length,
            0,
          );
          expect(checked + skipped).toBe(total);
          console.info(`JSON-Schema-Test-Suite ${run.title}: ${countText(checked, skipped)}`);
        });
      });
    }
  },
);

/**
 * The watcher's guarantees as properties, over schemas from a generator of this file's own
 * (every keyword a prefix can break, combinators and $refs among them) and documents from
 * argumentsFor (some with one value replaced, some cut or broken), written in random pieces:
 * - sound: every prefix of a valid document is feasible;
 * - monotone: infeasible stays infeasible until the text stops being JSON, malformed stays;
 * - chunk-blind: the verdict and its offset do not depend on how the text was split;
 * - agrees at the end: end() is valid exactly when checkArguments accepts the parsed text, and
 *   a call once infeasible never ends valid.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { argumentsFor } from '../../src/arbitraries/index.js';
import { checkArguments } from '../../src/schema/index.js';
import { type PrefixVerdict, watchArguments } from '../../src/schema/watch/index.js';
import { runs } from '../arbitraries/support.js';
import { fc, property } from '../support/property.js';

type Schema = Record<string, unknown>;

/** A hang guard for a loaded 2-core machine; each of these takes 1-2 s alone. */
const TIMEOUT_MS = 30_000;

const key = fc.constantFrom('id', 'amount_cents', 'currency', 'note', 'tags', 'é', 'a b', 'x-1');
const word = fc.constantFrom('usd', 'eur', 'us', 'e', '', 'é', '😀', 'a"b', 'line\nbreak');

/** Schemas over the keywords a prefix can break, and a few it cannot (judged at the end). */
const schemas: fc.Arbitrary<Schema> = fc.letrec<{ schema: Schema }>((tie) => ({
  schema: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    fc.record(
      {
        type: fc.constant('string'),
        maxLength: fc.nat(6),
        minLength: fc.nat(2),
        enum: fc.uniqueArray(word, { minLength: 1, maxLength: 4 }),
      },
      { requiredKeys: ['type'] },
    ),
    fc.record(
      {
        type: fc.constantFrom('integer', 'number'),
        minimum: fc.integer({ min: -50, max: 0 }),
        maximum: fc.integer({ min: 1, max: 50 }),
        exclusiveMaximum: fc.integer({ min: 60, max: 99 }),
        multipleOf: fc.constantFrom(1, 2, 5, 0.5),
      },
      { requiredKeys: ['type'] },
    ),
    fc.record({ type: fc.constantFrom('boolean', 'null') }),
    fc.record({
      const: fc.oneof(word, fc.integer({ min: -3, max: 3 }), fc.boolean(), fc.constant(null)),
    }),
    fc.record({
      enum: fc.uniqueArray(fc.oneof(word, fc.integer({ min: -3, max: 3 }), fc.boolean()), {
        minLength: 1,
        maxLength: 4,
      }),
    }),
    fc
      .record(
        {
          properties: fc.dictionary(key, tie('schema'), { maxKeys: 4 }),
          additionalProperties: fc.oneof(fc.constant(false), fc.constant(true), tie('schema')),
          maxProperties: fc.integer({ min: 1, max: 5 }),
          required: fc.constant(true),
        },
        { requiredKeys: ['properties'] },
      )
      .map(({ required, ...object }) => ({
        type: 'object',
        ...object,
        ...(required === true ? { required: Object.keys(object.properties).slice(0, 1) } : {}),
      })),
    fc.record(
      {
        type: fc.constant('array'),
        items: tie('schema'),
        prefixItems: fc.array(tie('schema'), { maxLength: 2 }),
        maxItems: fc.integer({ min: 2, max: 4 }),
      },
      { requiredKeys: ['type', 'items'] },
    ),
    fc.record({ anyOf: fc.array(tie('schema'), { minLength: 1, maxLength: 3 }) }),
    fc.record({ allOf: fc.array(tie('schema'), { minLength: 1, maxLength: 2 }) }),
  ),
})).schema;

/** Schemas with a shared definition reached by $ref, beside the plain ones. */
const rootSchemas = fc.oneof(
  schemas,
  fc.tuple(schemas, schemas).map(([defined, object]) => ({
    $defs: { shared: defined },
    type: 'object',
    properties: {
      first: { $ref: '#/$defs/shared' },
      second: { $ref: '#/$defs/shared' },
      rest: object,
    },
  })),
);

/** A schema with an arbitrary of its valid documents, where argumentsFor supports it. */
const withDocuments = rootSchemas.chain((schema) => {
  try {
    return fc.tuple(fc.constant(schema), argumentsFor(schema, { maxDepth: 2, maxItems: 3 }));
  } catch {
    return fc.constant(null);
  }
});

/** Where to cut a text into pieces. */
const cuts = fc.array(fc.nat(400), { maxLength: 8 });

function pieces(text: string, at: number[]): string[] {
  const points = [...new Set(at.map((cut) => cut % (text.length + 1)))].sort((a, b) => a - b);
  const split: string[] = [];
  let from = 0;
  for (const point of points) {
    split.push(text.slice(from, point));
    from = point;
  }
  split.push(text.slice(from));
  return split;
}

/** Every verdict along the way, and the end. */
function watch(
  schema: unknown,
  parts: readonly string[],
): { along: PrefixVerdict[]; end: PrefixVerdict } {
  const watcher = watchArguments(schema);
  const along = parts.map((part) => watcher.write(part));
  return { along, end: watcher.end() };
}

/** The document with the value at one place (counted depth first, by `where`) replaced. */
function replaced(document: unknown, where: number, replacement: unknown): unknown {
  const places: { parent: Record<string, unknown> | unknown[]; key: string | number }[] = [];
  const visit = (value: unknown) => {
    if (Array.isArray(value)) {
      value.forEach((item, index) => {
        places.push({ parent: value, key: index });
        visit(item);
      });
    } else if (typeof value === 'object' && value !== null) {
      for (const [key, item] of Object.entries(value)) {
        places.push({ parent: value as Record<string, unknown>, key });
        visit(item);
      }
    }
  };
  const copy = structuredClone(document);
  visit(copy);
  if (places.length === 0) return replacement;
  const { parent, key } = places[where % places.length] as (typeof places)[number];
  (parent as Record<string | number, unknown>)[key] = replacement;
  return copy;
}

function characters(text: string): string[] {
  return text.split('');
}

/** The checks every text must pass, whatever it is. */
function expectGuarantees(schema: unknown, text: string, at: number[]): void {
  const byPieces = watch(schema, pieces(text, at));
  const byCharacter = watch(schema, characters(text));
  // Chunk-blind: the last verdict and the end do not depend on the split.
  expect(byPieces.along.at(-1)).toEqual(
    byCharacter.along.at(-1) ?? { state: 'feasible', problems: [] },
  );
  expect(byPieces.end).toEqual(byCharacter.end);
  // Monotone, character by character.
  let seen: PrefixVerdict['state'] = 'feasible';
  for (const verdict of byCharacter.along) {
    if (seen === 'infeasible') expect(['infeasible', 'malformed']).toContain(verdict.state);
    if (seen === 'malformed') expect(verdict.state).toBe('malformed');
    seen = verdict.state;
  }
  // Agrees at the end, and a doomed call never ends valid.
  let parsed: { ok: true; value: unknown } | { ok: false } = { ok: false };
  try {
    // No text at all is a call with no arguments, read as {} (as diagnoseCalls reads it).
    parsed = { ok: true, value: text.trim() === '' ? {} : JSON.parse(text) };
  } catch {}
  const accepted = parsed.ok && checkArguments(schema, parsed.value).kind === 'valid';
  expect(byCharacter.end.state === 'valid').toBe(accepted);
  if (byCharacter.along.some((verdict) => verdict.state === 'infeasible')) {
    expect(byCharacter.end.state).not.toBe('valid');
  }
}

describe('watchArguments: guarantees', () => {
  property([withDocuments, cuts, fc.boolean()], runs(100))(
    'sound: every prefix of a valid document is feasible, however it is cut, and it ends valid',
    (pair, at, indented) => {
      fc.pre(pair !== null);
      const [schema, document] = pair as [Schema, unknown];
      const text = JSON.stringify(document, null, indented ? 2 : undefined);
      const { along, end } = watch(schema, characters(text));
      const doomed = along.findIndex((verdict) => verdict.state !== 'feasible');
      expect(doomed === -1 ? null : { at: doomed, text, verdict: along[doomed] }).toBeNull();
      expect(end).toEqual({ state: 'valid', problems: [] });
      expect(
        watch(schema, pieces(text, at)).along.every((verdict) => verdict.state === 'feasible'),
      ).toBe(true);
    },
    TIMEOUT_MS,
  );

  property([withDocuments, cuts, fc.nat(), fc.jsonValue({ maxDepth: 1 })], runs(100))(
    'monotone, chunk-blind and agreeing at the end on documents with one value replaced',
    (pair, at, where, replacement) => {
      fc.pre(pair !== null);
      const [schema, document] = pair as [Schema, unknown];
      expectGuarantees(schema, JSON.stringify(replaced(document, where, replacement)), at);
    },
    TIMEOUT_MS,
  );

  property(
    [withDocuments, cuts, fc.nat(), fc.constantFrom('', ']', '}', ',', 'x', '"', '1', 'e', '\\')],
    runs(100),
  )(
    'monotone, chunk-blind and agreeing at the end on documents cut short or broken',
    (pair, at, where, inserted) => {
      fc.pre(pair !== null);
      const [schema, document] = pair as [Schema, unknown];
      const text = JSON.stringify(document);
      const cut = where % (text.length + 1);
      expectGuarantees(
        schema,
        text.slice(0, cut) + inserted + text.slice(cut, inserted === '' ? cut : undefined),
        at,
      );
    },
    TIMEOUT_MS,
  );
});

const SUITE = fileURLToPath(
  new URL('../../../shared/corpora/JSON-Schema-Test-Suite/tests/draft2020-12/', import.meta.url),
);
const ABSENT = existsSync(SUITE) ? '' : ' (skipped: no ../shared/corpora/JSON-Schema-Test-Suite)';

describe('watchArguments: the JSON-Schema-Test-Suite', () => {
  it.skipIf(ABSENT !== '')(
    `keeps every guarantee on every case of every draft 2020-12 schema that compiles${ABSENT}`,
    () => {
      let cases = 0;
      for (const file of readdirSync(SUITE).filter((name) => name.endsWith('.json'))) {
        for (const group of JSON.parse(readFileSync(`${SUITE}${file}`, 'utf8')) as {
          schema: unknown;
          tests: { data: unknown }[];
        }[]) {
          if (checkArguments(group.schema, null).kind === 'schema-invalid') continue;
          for (const { data } of group.tests) {
            const text = JSON.stringify(data);
            if (text === undefined) continue;
            expectGuarantees(group.schema, text, [1, 3, 7, 20]);
            if (checkArguments(group.schema, data).kind === 'valid') {
              expect(
                watch(group.schema, characters(text)).along.every(
                  (verdict) => verdict.state === 'feasible',
                ),
                `${file}: ${text}`,
              ).toBe(true);
            }
            cases += 1;
          }
        }
      }
      expect(cases).toBeGreaterThan(1000);
    },
    TIMEOUT_MS,
  );
});

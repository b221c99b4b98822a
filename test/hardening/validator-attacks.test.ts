/**
 * Schemas that attack the validator: patterns that backtrack without end (ReDoS), enums of
 * 100,000 values, $refs to remote URLs, unknown formats and keywords. None may hang, fetch or
 * crash; each gets a verdict, and a schema that cannot be used safely is `schema-invalid` with
 * the reason in its detail.
 */
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import { diagnoseCalls, watchArguments } from '../../src/index.js';
import { responseWithCalls, strictTool } from './support.js';

/** The verdict of one call to `probe` with these arguments and this schema. */
function verdictOf(args: unknown, schema: unknown) {
  const value = diagnoseCalls(
    responseWithCalls([{ name: 'probe', arguments: JSON.stringify(args) }]),
    { tools: [strictTool('probe', schema)] },
  )[0];
  if (value === undefined) throw new Error('no verdict');
  return { state: value.state, problems: value.problems, detail: value.detail };
}

/**
 * The timeout of the tests that feed the validator something built to be slow: it is the hang
 * guard. A backtracking engine would not finish on these inputs (`^(a+)+$` against 5,000 a's
 * and a "!" is on the order of 2^5,000 steps), so the timeout can be generous enough for a
 * loaded 2-core CI machine and still fail a real hang. Speed is measured by `npm run bench`.
 */
const HANG_GUARD_MS = 10_000;

const stringWith = (pattern: string) => ({
  type: 'object',
  properties: { s: { type: 'string', pattern } },
});

// A run that fetched would reach for the network: any such attempt fails the file.
const fetchSpy = vi.fn(() => Promise.reject(new Error('the validator must never fetch')));
let realFetch: typeof globalThis.fetch;
beforeAll(() => {
  realFetch = globalThis.fetch;
  globalThis.fetch = fetchSpy as unknown as typeof globalThis.fetch;
});
afterAll(() => {
  globalThis.fetch = realFetch;
  expect(fetchSpy).not.toHaveBeenCalled();
});

describe('catastrophic patterns (ReDoS) run in linear time', () => {
  const attack = `${'a'.repeat(5_000)}!`;

  test.each([
    ['^(a+)+$'],
    ['^(a|a)*$'],
    ['^(a|aa)+$'],
    ['^(\\w+\\s?)*$'],
    ['^(([a-z])+.)+[A-Z]([a-z])+$'],
    ['(x+x+)+y'],
    ['a*a*a*a*a*b'],
  ])(
    '%s against 5,000 characters: a violation, not a hang',
    (pattern) => {
      const verdict = verdictOf({ s: attack }, stringWith(pattern));
      expect(verdict.problems).toEqual([
        `arguments.s: "${'a'.repeat(37)}…" does not match the pattern ${pattern}`,
      ]);
    },
    HANG_GUARD_MS,
  );

  // A backtracking engine retries a*b from each of the 1,000,000 offsets: 10^12 steps.
  test(
    'an unanchored pattern over 1,000,000 characters stays linear',
    () => {
      const verdict = verdictOf({ s: 'a'.repeat(1_000_000) }, stringWith('a*b'));
      expect(verdict.state).toBe('arguments-violate-schema');
    },
    3 * HANG_GUARD_MS,
  );

  test(
    'patternProperties are guarded the same way',
    () => {
      const schema = { type: 'object', patternProperties: { '^(a+)+$': { type: 'integer' } } };
      const verdict = verdictOf({ [`${'a'.repeat(5_000)}!`]: 'x', aaa: 'y' }, schema);
      expect(verdict.problems).toEqual(['arguments.aaa: expected integer, got string']);
    },
    HANG_GUARD_MS,
  );

  test(
    'the prefix watcher runs patternProperties on the same guarded engine',
    () => {
      const schema = {
        type: 'object',
        patternProperties: { '^(a+)+$': { type: 'integer' } },
        additionalProperties: false,
      };
      const key = `${'a'.repeat(5_000)}!`;
      const watcher = watchArguments(schema);
      // The key ends: no pattern names it and extra keys are forbidden.
      expect(watcher.write(`{"${key}":`)).toMatchObject({ state: 'infeasible' });
      // And the whole verdict says where a broken call was doomed without hanging either.
      const verdict = diagnoseCalls(
        responseWithCalls([{ name: 'probe', arguments: `{"${key}":1}` }]),
        { tools: [strictTool('probe', schema)] },
      )[0];
      expect(verdict?.doomedAt).toBe(key.length + 2);
    },
    HANG_GUARD_MS,
  );

  /** A $ref graph that branches at every level: a0 is anyOf [a1, a1], a1 anyOf [a2, a2], … */
  const branchingGraph = (levels: number) => {
    const $defs: Record<string, unknown> = { [`a${levels}`]: { type: 'integer' } };
    for (let level = 0; level < levels; level++) {
      const next = { $ref: `#/$defs/a${level + 1}` };
      $defs[`a${level}`] = { anyOf: [next, next] };
    }
    return { type: 'object', properties: { v: { $ref: '#/$defs/a0' } }, $defs };
  };

  test(
    'a $ref graph that expands past 10,000 schemas for one value is refused, and says why',
    () => {
      // Small as text, 2^32 schemas when expanded (the $refs counted): every bad value would try them all.
      const schema = branchingGraph(30);
      const verdict = verdictOf({ v: 'x' }, schema);
      expect(verdict.state).toBe('schema-invalid');
      expect(verdict.detail).toContain(
        'one value would be checked against 4,294,967,294 schemas once its allOf, anyOf, oneOf and $refs are expanded (at most 10,000 are checked)',
      );
      expect(() => watchArguments(schema)).toThrow(/does not compile \(one value would be/);
    },
    HANG_GUARD_MS,
  );

  test(
    'below that, the prefix watcher applies at most 512 of them to a value, and stays sound',
    () => {
      const schema = branchingGraph(10); // 4,094 schemas for one value
      expect(verdictOf({ v: 'x' }, schema).state).toBe('arguments-violate-schema');
      // Past its budget the watcher judges no more early: feasible, not wrong.
      expect(watchArguments(schema).write('{"v":"x"')).toMatchObject({ state: 'feasible' });
    },
    HANG_GUARD_MS,
  );

  test('a nested repetition only a backtracking engine can run is refused, and says why', () => {
    for (const pattern of ['^(a+)+\\1$', '^(?=a)(a|a)*$']) {
      const verdict = verdictOf({ s: attack }, stringWith(pattern));
      expect(verdict.state).toBe('schema-invalid');
      expect(verdict.detail).toBe(
        `The schema declared for "probe" does not compile (its pattern ${JSON.stringify(pattern)} repeats a group that itself repeats or alternates, which can backtrack for hours on one string (ReDoS); it is not run. Rewrite it without nested repetition, or without back-references and look-arounds), so no call to it can be checked.`,
      );
    }
  });

  test('ordinary patterns keep their meaning, astral characters and \\p{…} included', () => {
    expect(verdictOf({ s: 'a😀b' }, stringWith('^.{3}$')).state).toBe('dispatchable');
    expect(verdictOf({ s: 'ab' }, stringWith('^.{3}$')).state).toBe('arguments-violate-schema');
    expect(verdictOf({ s: 'été' }, stringWith('^\\p{L}+$')).state).toBe('dispatchable');
    expect(verdictOf({ s: 'ét5' }, stringWith('^\\p{L}+$')).state).toBe('arguments-violate-schema');
    expect(verdictOf({ s: 'acct_9' }, stringWith('^acct_[0-9]+$')).state).toBe('dispatchable');
    expect(verdictOf({ s: 'a-b-c' }, stringWith('^([a-z]+-)*[a-z]+$')).state).toBe('dispatchable');
    expect(verdictOf({ s: 'x' }, stringWith('[')).detail).toMatch(
      /a pattern in it is not a valid regular expression/,
    );
  });

  test('each pattern is its own: two tools with different patterns do not share one', () => {
    const tools = [
      strictTool('digits', stringWith('^[0-9]+$')),
      strictTool('letters', stringWith('^[a-z]+$')),
    ];
    const verdicts = diagnoseCalls(
      responseWithCalls([
        { name: 'digits', arguments: '{"s":"123"}' },
        { name: 'letters', arguments: '{"s":"123"}' },
      ]),
      { tools },
    );
    expect(verdicts.map((verdict) => verdict.state)).toEqual([
      'dispatchable',
      'arguments-violate-schema',
    ]);
  });
});

describe('huge enums', () => {
  const values = Array.from({ length: 100_000 }, (_, index) => `v${index}`);

  test(
    '100,000 string values: the one declared is found, one not declared is named',
    () => {
      const schema = { type: 'object', properties: { e: { enum: values } } };
      expect(verdictOf({ e: 'v99999' }, schema).state).toBe('dispatchable');
      const miss = verdictOf({ e: 'nope' }, schema);
      expect(miss.problems).toEqual([
        'arguments.e: "nope" is not one of the 100,000 declared values: "v0", "v1", "v2", "v3", "v4", "v5", "v6", "v7" and 99,992 more',
      ]);
    },
    2 * HANG_GUARD_MS,
  );

  test(
    '100,000 object values pass the size guard as schema-invalid, with the count',
    () => {
      const schema = {
        type: 'object',
        properties: { e: { enum: values.map((value) => ({ value })) } },
      };
      const verdict = verdictOf({ e: { value: 'v1' } }, schema);
      expect(verdict.state).toBe('schema-invalid');
      expect(verdict.detail).toMatch(/holds more than 200000 JSON values/);
    },
    2 * HANG_GUARD_MS,
  );
});

describe('$ref to remote URLs is never fetched', () => {
  test.each([
    ['https://example.com/schemas/charge.json'],
    ['http://127.0.0.1:9/schema.json#/$defs/x'],
    ['file:///etc/passwd'],
    ['//example.com/schema.json'],
  ])('$ref %s is schema-invalid, saying remote schemas are never fetched', (ref) => {
    const verdict = verdictOf({ a: 1 }, { type: 'object', properties: { a: { $ref: ref } } });
    expect(verdict.state).toBe('schema-invalid');
    expect(verdict.detail).toMatch(
      /points outside the schema, and remote schemas are never fetched/,
    );
  });

  test('an unknown $schema meta-schema is not fetched either', () => {
    const verdict = verdictOf(
      { a: 1 },
      { $schema: 'https://example.com/meta.json', type: 'object' },
    );
    expect(verdict.state).toBe('dispatchable');
  });

  test('a $id on another host does not make its relative $refs fetchable', () => {
    const verdict = verdictOf(
      { a: 1 },
      {
        $id: 'https://example.com/root.json',
        type: 'object',
        properties: { a: { $ref: 'other.json' } },
      },
    );
    expect(verdict.state).toBe('schema-invalid');
    expect(verdict.detail).toMatch(/remote schemas are never fetched/);
  });
});

describe('unknown formats and keywords', () => {
  test('an unknown format is not checked; known ones are', () => {
    const schema = {
      type: 'object',
      properties: {
        a: { type: 'string', format: 'not-a-format' },
        b: { type: 'string', format: 'email' },
      },
    };
    expect(verdictOf({ a: 'anything', b: 'x@example.com' }, schema).state).toBe('dispatchable');
    expect(verdictOf({ a: 'anything', b: 'nope' }, schema).problems).toEqual([
      'arguments.b: "nope" is not a valid email',
    ]);
  });

  test('unknown and vendor keywords are ignored, as JSON Schema says', () => {
    const schema = {
      type: 'object',
      'x-vendor': { anything: true },
      frobnicate: 12,
      properties: { a: { type: 'integer', 'x-unit': 'cents', examples: [1] } },
    };
    expect(verdictOf({ a: 1 }, schema).state).toBe('dispatchable');
  });

  test(
    'a regex format over a catastrophic pattern only compiles the value, never runs it',
    () => {
      const schema = { type: 'object', properties: { r: { type: 'string', format: 'regex' } } };
      const verdict = verdictOf({ r: '^(a+)+$' }, schema);
      expect(verdict.state).toBe('dispatchable');
    },
    HANG_GUARD_MS,
  );

  test(
    'a multipleOf of 1e-300 and a 10 MB minLength check each get a verdict, not a hang',
    () => {
      // Checked, not refused: whichever way the division rounds, the value gets a verdict.
      expect(['dispatchable', 'arguments-violate-schema']).toContain(
        verdictOf({ n: 0.1 }, { type: 'object', properties: { n: { multipleOf: 1e-300 } } }).state,
      );
      const verdict = verdictOf(
        { s: 'x'.repeat(10_000_000) },
        { type: 'object', properties: { s: { type: 'string', minLength: 10_000_001 } } },
      );
      expect(verdict.problems).toEqual([
        expect.stringMatching(
          /is 10,000,000 characters long, shorter than the minimum of 10,000,001$/,
        ),
      ]);
    },
    3 * HANG_GUARD_MS,
  );
});

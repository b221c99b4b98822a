import { beforeEach, describe, expect, it } from 'vitest';
import { checkArguments, schemaCacheStats } from '../../src/schema/index.js';

const toolSchemaJson = JSON.stringify({
  type: 'object',
  additionalProperties: false,
  required: ['city', 'days'],
  properties: {
    city: { type: 'string', description: 'City name' },
    days: { type: 'integer', minimum: 1, maximum: 14 },
    units: { enum: ['metric', 'imperial'] },
  },
});

// The cache and the Ajv instances are shared by every test in this file, in whatever order they
// run (CI shuffles it): each test counts only schemas no other test uses.
describe('the compile cache', () => {
  beforeEach(() => {
    // Starts the shared Ajv instances, the fast one and the verbose one that words failures, so
    // that Ajv's meta-schemas are already counted in every test's "before".
    checkArguments({ type: 'string' }, 1);
  });

  it('compiles a schema re-parsed for each of 10,000 calls exactly once (and once more to word failures)', () => {
    const before = schemaCacheStats();
    for (let call = 0; call < 10_000; call += 1) {
      const check = checkArguments(JSON.parse(toolSchemaJson), { city: 'Oslo', days: call % 20 });
      expect(check.kind).toBe(call % 20 >= 1 && call % 20 <= 14 ? 'valid' : 'invalid');
    }
    const after = schemaCacheStats();
    // One fast validator for every call; one verbose validator, compiled at the first failure,
    // to word the failures.
    expect(after.compiles - before.compiles).toBe(2);
    // Ajv's own object-keyed cache holds only its meta-schemas: nothing per call.
    expect(after.ajvCachedSchemas).toBe(before.ajvCachedSchemas);
    console.info(
      `10,000 calls, each with a freshly parsed schema: ${after.compiles - before.compiles} compiles; Ajv cached schemas ${before.ajvCachedSchemas} -> ${after.ajvCachedSchemas}`,
    );
  });

  it('compiles only the fast validator when every call is valid', () => {
    const schemaJson = JSON.stringify({ type: 'object', properties: { valid: { const: true } } });
    const before = schemaCacheStats().compiles;
    for (let call = 0; call < 1_000; call += 1) {
      expect(checkArguments(JSON.parse(schemaJson), { valid: true }).kind).toBe('valid');
    }
    expect(schemaCacheStats().compiles - before).toBe(1);
  });

  it('keys by content, so reordered keys are the same schema', () => {
    const ordered = {
      type: 'object',
      additionalProperties: false,
      required: ['from', 'to'],
      properties: {
        from: { type: 'string', description: 'Departure airport' },
        to: { type: 'string', description: 'Arrival airport' },
        seats: { type: 'integer', minimum: 1, maximum: 9 },
      },
    };
    const reordered = {
      required: ['from', 'to'],
      properties: {
        seats: { maximum: 9, minimum: 1, type: 'integer' },
        to: { description: 'Arrival airport', type: 'string' },
        from: { description: 'Departure airport', type: 'string' },
      },
      additionalProperties: false,
      type: 'object',
    };
    checkArguments(ordered, {});
    const before = schemaCacheStats().compiles;
    expect(checkArguments(reordered, { from: 'OSL', to: 'BGO', seats: 2 })).toEqual({
      kind: 'valid',
    });
    expect(schemaCacheStats().compiles).toBe(before);
  });

  it('remembers schemas that do not compile, so a broken tool is not recompiled per call', () => {
    const broken = '{"properties":{"a":{"$ref":"#/$defs/missing"}}}';
    checkArguments(JSON.parse(broken), {});
    const before = schemaCacheStats().compiles;
    for (let call = 0; call < 100; call += 1) {
      expect(checkArguments(JSON.parse(broken), {}).kind).toBe('schema-invalid');
    }
    expect(schemaCacheStats().compiles).toBe(before);
  });

  it('stays bounded, and leaves nothing behind in Ajv, when schemas keep changing', () => {
    const ajvBefore = schemaCacheStats().ajvCachedSchemas;
    const { capacity } = schemaCacheStats();
    for (let variant = 0; variant < capacity + 50; variant += 1) {
      const schema = { type: 'object', properties: { n: { type: 'integer', maximum: variant } } };
      expect(checkArguments(schema, { n: variant }).kind).toBe('valid');
      expect(checkArguments(schema, { n: variant + 1 }).kind).toBe('invalid');
    }
    const stats = schemaCacheStats();
    expect(stats.size).toBe(capacity);
    expect(stats.ajvCachedSchemas).toBe(ajvBefore);
  });

  it('evicts the schema asked for longest ago, not the one compiled first', () => {
    const { capacity } = schemaCacheStats();
    const variant = (n: number) => ({ type: 'object', properties: { lru: { maximum: n } } });
    for (let n = 0; n < capacity; n += 1) checkArguments(variant(n), {});
    checkArguments(variant(0), {}); // 0 is now the most recently used; 1 the least
    checkArguments(variant(capacity), {}); // one too many: 1 goes
    const before = schemaCacheStats().compiles;
    checkArguments(variant(0), {});
    expect(schemaCacheStats().compiles).toBe(before);
    checkArguments(variant(1), {});
    expect(schemaCacheStats().compiles).toBe(before + 1);
  });

  it('keeps every cached validator working when Ajv instances are renewed', () => {
    // Ajv's code scope keeps every compiled schema; instances are replaced every 1,000
    // compiles. A validator compiled before the switch must keep working after it.
    const first = { type: 'object', properties: { keep: { const: 'first' } } };
    expect(checkArguments(first, { keep: 'first' })).toEqual({ kind: 'valid' });
    for (let variant = 0; variant < 1_050; variant += 1) {
      checkArguments({ properties: { n: { multipleOf: variant + 1 } } }, { n: 0 });
      if (variant % 100 === 0) checkArguments(first, {}); // keeps `first` most recently used
    }
    expect(checkArguments(first, { keep: 'second' })).toEqual({
      kind: 'invalid',
      problems: ['arguments.keep: expected the constant "first", got "second"'],
    });
  });

  it('lets two tools declare the same $id with different content', () => {
    const a = { $id: 'https://example.com/tool.json', properties: { x: { type: 'string' } } };
    const b = { $id: 'https://example.com/tool.json', properties: { x: { type: 'number' } } };
    expect(checkArguments(a, { x: 1 }).kind).toBe('invalid');
    expect(checkArguments(b, { x: 1 }).kind).toBe('valid');
    expect(checkArguments(a, { x: 'a' }).kind).toBe('valid');
  });

  it('refuses a root $id that names a meta-schema, rather than replacing the meta-schema', () => {
    const squatter = { $id: 'https://json-schema.org/draft/2020-12/schema', type: 'string' };
    expect(checkArguments(squatter, 'x')).toEqual({
      kind: 'schema-invalid',
      reason:
        'its $id "https://json-schema.org/draft/2020-12/schema" is taken by a JSON Schema meta-schema',
    });
    expect(checkArguments({ type: 'string' }, 'still works')).toEqual({ kind: 'valid' });
  });
});

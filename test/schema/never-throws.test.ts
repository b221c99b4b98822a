import { describe, expect } from 'vitest';
import { checkArguments, openApiToJsonSchema } from '../../src/schema/index.js';
import { fc, property } from '../support/property.js';

const KINDS = ['valid', 'invalid', 'schema-invalid', 'too-deep'];

/** Schema-shaped junk: real keywords with values of any type, nested. */
const schemaLike = fc.letrec((tie) => ({
  schema: fc.oneof(
    { depthSize: 'small' },
    fc.boolean(),
    fc.dictionary(
      fc.constantFrom(
        'type',
        'properties',
        'items',
        'prefixItems',
        'additionalItems',
        'additionalProperties',
        'required',
        'enum',
        'const',
        'anyOf',
        'oneOf',
        'allOf',
        'not',
        'if',
        'then',
        'else',
        '$ref',
        '$defs',
        'definitions',
        'dependencies',
        'minimum',
        'maxLength',
        'pattern',
        'format',
        'nullable',
        '$schema',
        '$id',
        '__proto__',
      ),
      fc.oneof(tie('schema'), fc.anything(), fc.array(tie('schema'), { maxLength: 3 })),
      { maxKeys: 4 },
    ),
  ),
})).schema;

describe('nothing in the schema module throws', () => {
  property([fc.anything(), fc.anything()], { numRuns: 300 })(
    'checkArguments answers any schema and value with one of its four kinds',
    (schema, value) => {
      expect(KINDS).toContain(checkArguments(schema, value).kind);
    },
  );

  property([schemaLike, fc.jsonValue()], { numRuns: 300 })(
    'checkArguments answers schema-shaped junk too, and its problems are lines',
    (schema, value) => {
      const check = checkArguments(schema, value);
      expect(KINDS).toContain(check.kind);
      if (check.kind === 'invalid') {
        expect(check.problems.length).toBeGreaterThan(0);
        for (const line of check.problems) expect(line).toMatch(/^arguments[^\n]*: [^\n]+$/);
        expect(new Set(check.problems).size).toBe(check.problems.length);
      }
    },
  );

  property([fc.oneof(schemaLike, fc.anything())], { numRuns: 300 })(
    'openApiToJsonSchema converts anything without throwing or touching its input',
    (input) => {
      const before = fc.stringify(input);
      openApiToJsonSchema(input);
      expect(fc.stringify(input)).toBe(before);
    },
  );
});

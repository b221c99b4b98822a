import { describe, expect, it } from 'vitest';
import { checkArguments, openApiToJsonSchema } from '../../src/schema/index.js';

describe('openApiToJsonSchema', () => {
  it('converts a Gemini functionDeclaration parameters schema', () => {
    const parameters = {
      type: 'OBJECT',
      propertyOrdering: ['location', 'unit', 'days'],
      properties: {
        location: { type: 'STRING', description: 'City and country' },
        unit: { type: 'STRING', format: 'enum', enum: ['celsius', 'fahrenheit'], nullable: true },
        days: { type: 'INTEGER', minimum: 1, maximum: '14' },
        tags: { type: 'ARRAY', items: { type: 'STRING' }, minItems: '1', maxItems: '3' },
        when: { type: 'STRING', format: 'date-time', nullable: true },
        either: { anyOf: [{ type: 'NUMBER' }, { type: 'BOOLEAN' }] },
      },
      required: ['location'],
    };
    expect(openApiToJsonSchema(parameters)).toEqual({
      type: 'object',
      properties: {
        location: { type: 'string', description: 'City and country' },
        unit: { type: ['string', 'null'], enum: ['celsius', 'fahrenheit', null] },
        days: { type: 'integer', minimum: 1, maximum: '14' },
        tags: { type: 'array', items: { type: 'string' }, minItems: 1, maxItems: 3 },
        when: { type: ['string', 'null'], format: 'date-time' },
        either: { anyOf: [{ type: 'number' }, { type: 'boolean' }] },
      },
      required: ['location'],
    });
  });

  it('gives a schema checkArguments uses as Gemini means it', () => {
    const converted = openApiToJsonSchema({
      type: 'OBJECT',
      properties: {
        unit: { type: 'STRING', enum: ['c', 'f'], nullable: true },
        days: { type: 'INTEGER' },
      },
      required: ['unit', 'days'],
    });
    expect(checkArguments(converted, { unit: null, days: 3 })).toEqual({ kind: 'valid' });
    expect(checkArguments(converted, { unit: 'k', days: 2.5 })).toEqual({
      kind: 'invalid',
      problems: [
        'arguments.days: expected integer, got number',
        'arguments.unit: "k" is not one of the 3 declared values: "c", "f", null',
      ],
    });
  });

  it('accepts lower-case types, and types already listing null', () => {
    expect(openApiToJsonSchema({ type: 'string', nullable: true })).toEqual({
      type: ['string', 'null'],
    });
    expect(openApiToJsonSchema({ type: ['STRING', 'NULL'], nullable: true })).toEqual({
      type: ['string', 'null'],
    });
    expect(openApiToJsonSchema({ type: 'NULL' })).toEqual({ type: 'null' });
  });

  it('follows OpenAPI 3.0.3: nullable without a type adds nothing', () => {
    expect(openApiToJsonSchema({ nullable: true, anyOf: [{ type: 'STRING' }] })).toEqual({
      anyOf: [{ type: 'string' }],
    });
  });

  it('drops TYPE_UNSPECIFIED and leaves property names that look like keywords alone', () => {
    expect(
      openApiToJsonSchema({
        type: 'TYPE_UNSPECIFIED',
        properties: { type: { type: 'STRING' }, nullable: { type: 'BOOLEAN' } },
      }),
    ).toEqual({ properties: { type: { type: 'string' }, nullable: { type: 'boolean' } } });
  });

  it('treats enum, default and example values as data, not schemas', () => {
    expect(
      openApiToJsonSchema({
        type: 'OBJECT',
        default: { type: 'OBJECT', nullable: true },
        enum: [{ type: 'STRING' }],
      }),
    ).toEqual({
      type: 'object',
      default: { type: 'OBJECT', nullable: true },
      enum: [{ type: 'STRING' }],
    });
  });

  it('never changes its input', () => {
    const input = {
      type: 'OBJECT',
      nullable: true,
      enum: [{}],
      propertyOrdering: ['a'],
      properties: { a: { type: 'STRING', nullable: true, enum: ['x'] } },
    };
    const before = JSON.stringify(input);
    const output = openApiToJsonSchema(input) as Record<string, unknown>;
    expect(JSON.stringify(input)).toBe(before);
    expect(output.enum).not.toBe(input.enum);
    expect(output.properties).not.toBe(input.properties);
  });

  it('keeps a __proto__ property as a property', () => {
    const input = JSON.parse('{"type":"OBJECT","properties":{"__proto__":{"type":"STRING"}}}');
    const output = openApiToJsonSchema(input) as { properties: object };
    expect(Object.keys(output.properties)).toEqual(['__proto__']);
    expect(Object.getPrototypeOf(output.properties)).toBe(Object.prototype);
  });

  it('converts 100,000 levels without recursion, and mirrors cycles instead of looping', () => {
    let deep: unknown = { type: 'STRING' };
    for (let level = 0; level < 100_000; level += 1) deep = { type: 'ARRAY', items: deep };
    let converted = openApiToJsonSchema(deep) as { type: unknown; items?: unknown };
    let arrays = 0;
    while (converted.type === 'array') {
      arrays += 1;
      converted = converted.items as typeof converted;
    }
    expect(arrays).toBe(100_000);
    expect(converted).toEqual({ type: 'string' });

    const cyclic: Record<string, unknown> = { type: 'OBJECT' };
    cyclic.properties = { self: cyclic };
    const output = openApiToJsonSchema(cyclic) as { properties: { self: unknown } };
    expect(output.properties.self).toBe(output);
    expect(checkArguments(output, {}).kind).toBe('schema-invalid');
  });

  it.each([
    [null, null],
    [3, 3],
    ['STRING', 'STRING'],
    [true, true],
    [[{ type: 'STRING' }], [{ type: 'string' }]],
  ])('passes junk through safely: %j', (input, output) => {
    expect(openApiToJsonSchema(input)).toEqual(output);
  });

  it('survives hostile input', () => {
    const hostile = {
      type: 'OBJECT',
      get properties(): never {
        throw new Error('boom');
      },
    };
    expect(openApiToJsonSchema(hostile)).toEqual({});
  });
});

/**
 * Shared by the arbitraries' tests: one seed for every run (FC_SEED overrides it, so a CI
 * failure replays locally), a plain Ajv to double-check checkArguments, and realistic tools.
 */
import { Ajv, type ValidateFunction } from 'ajv';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import type fc from 'fast-check';

const addFormats = addFormatsModule.default;

export const SEED = Number(process.env.FC_SEED ?? 42);

/** Run parameters with the shared seed. */
export function runs<T = unknown>(numRuns: number): fc.Parameters<T> {
  return { seed: SEED, numRuns };
}

const plain2020 = addFormats(new Ajv2020({ strict: false, allErrors: true }));
const plain07 = addFormats(new Ajv({ strict: false, allErrors: true }));

/** Whether some `items` in the schema is a draft-07 tuple (an array of schemas). */
function hasTupleItems(schema: unknown): boolean {
  if (Array.isArray(schema)) return schema.some(hasTupleItems);
  if (typeof schema !== 'object' || schema === null) return false;
  return Object.entries(schema).some(
    ([key, value]) =>
      (key === 'items' && Array.isArray(value)) ||
      (key !== 'enum' && key !== 'const' && hasTupleItems(value)),
  );
}

/**
 * A validator from a bare Ajv with ajv-formats, nothing of the library in between: 2020-12,
 * or draft-07 when `$schema` says so or a tuple `items` shows it. `null` for draft-04, which
 * needs a separate Ajv package (checkArguments rewrites it to draft-07 itself).
 */
export function plainValidator(schema: unknown): ValidateFunction | null {
  const declared = String((schema as { $schema?: unknown } | null)?.$schema ?? '');
  if (/draft-0[3-4]/.test(declared)) return null;
  const draft07 = /draft-0[5-7]/.test(declared) || hasTupleItems(schema);
  return (draft07 ? plain07 : plain2020).compile(schema as object);
}

export const LOOKUP_ORDER = {
  type: 'object',
  properties: {
    order_id: { type: 'string', description: 'The order id, e.g. A-1001.' },
    include_items: { type: 'boolean', description: 'Whether to include the line items.' },
  },
  required: ['order_id', 'include_items'],
  additionalProperties: false,
};

export const CREATE_TICKET = {
  type: 'object',
  properties: {
    order_id: { type: 'string', description: 'The order id, e.g. A-1001.' },
    category: {
      type: 'string',
      enum: ['damaged', 'missing_item', 'late_delivery', 'billing', 'other'],
    },
    summary: { type: 'string', maxLength: 280 },
    priority: { type: 'string', enum: ['low', 'normal', 'high'] },
  },
  required: ['order_id', 'category', 'summary', 'priority'],
  additionalProperties: false,
};

export const ISSUE_REFUND = {
  type: 'object',
  properties: {
    order_id: { type: 'string', pattern: '^A-[0-9]{4}$' },
    amount_cents: { type: 'integer', minimum: 1, maximum: 500_000 },
    currency: { type: 'string', enum: ['usd', 'eur'] },
    reason: { type: 'string', enum: ['damaged', 'missing_item', 'late_delivery', 'goodwill'] },
    note: { type: ['string', 'null'], maxLength: 200 },
  },
  required: ['order_id', 'amount_cents', 'currency', 'reason', 'note'],
  additionalProperties: false,
};

/** Nested arrays of objects, formats, a discriminated oneOf and a recursive $ref. */
export const SHIP_ORDER = {
  $defs: {
    address: {
      type: 'object',
      required: ['line1', 'country'],
      properties: {
        line1: { type: 'string', minLength: 1, maxLength: 80 },
        country: { type: 'string', pattern: '^[A-Z]{2}$' },
        postcode: { type: ['string', 'null'] },
      },
      additionalProperties: false,
    },
    category: {
      type: 'object',
      required: ['name'],
      properties: {
        name: { type: 'string' },
        children: { type: 'array', items: { $ref: '#/$defs/category' } },
      },
      additionalProperties: false,
    },
  },
  type: 'object',
  required: ['rows', 'ship_to', 'delivery'],
  additionalProperties: false,
  properties: {
    rows: {
      type: 'array',
      minItems: 1,
      maxItems: 5,
      items: {
        type: 'object',
        required: ['sku', 'qty'],
        additionalProperties: false,
        properties: {
          sku: { type: 'string', pattern: '^SKU-[0-9]{4}$' },
          qty: { type: 'integer', minimum: 1, maximum: 99 },
          unit_price: { type: 'number', exclusiveMinimum: 0, multipleOf: 0.01 },
        },
      },
    },
    ship_to: { $ref: '#/$defs/address' },
    delivery: {
      oneOf: [
        {
          type: 'object',
          required: ['kind', 'date'],
          properties: { kind: { const: 'scheduled' }, date: { type: 'string', format: 'date' } },
          additionalProperties: false,
        },
        {
          type: 'object',
          required: ['kind'],
          properties: { kind: { const: 'asap' }, notes: { type: 'string', maxLength: 120 } },
          additionalProperties: false,
        },
      ],
    },
    contact_email: { type: 'string', format: 'email' },
    tags: { type: 'array', items: { enum: ['gift', 'fragile', 'express'] }, uniqueItems: true },
    category: { $ref: '#/$defs/category' },
    placed_at: { type: 'string', format: 'date-time' },
    tracking_id: { type: 'string', format: 'uuid' },
  },
};

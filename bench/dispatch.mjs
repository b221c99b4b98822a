// diagnoseCalls per call against what a careful user writes by hand: JSON.parse, then the same
// precompiled Ajv validator diagnoseCalls uses. And proof that a schema is compiled once,
// however often it arrives.
import { Ajv2020 } from 'ajv/dist/2020.js';
import { compileSchema } from '../build/schema/compile-cache.js';
import { schemaCacheStats } from '../build/schema/index.js';
import { diagnoseCalls, readTurn } from '../dist/index.js';
import { compare, discard, row, seededRandom } from './lib.mjs';

const random = seededRandom(3);

function objectSchema(properties) {
  return {
    type: 'object',
    properties,
    required: Object.keys(properties),
    additionalProperties: false,
  };
}

const lineItem = objectSchema({
  sku: { type: 'string', pattern: '^SKU-[0-9]+$' },
  quantity: { type: 'integer', minimum: 1 },
  description: { type: 'string', maxLength: 500 },
});

const TEN = objectSchema({
  order_id: { type: 'string', pattern: '^A-[0-9]+$' },
  amount_cents: { type: 'integer', minimum: 1 },
  currency: { type: 'string', enum: ['usd', 'eur'] },
  reason: { type: 'string', maxLength: 200 },
  notify: { type: 'boolean' },
  skus: { type: 'array', items: { type: 'string' }, maxItems: 20 },
  address: objectSchema({ street: { type: 'string' }, zip: { type: 'string' } }),
  priority: { type: 'integer', minimum: 0, maximum: 5 },
  note: { type: ['string', 'null'] },
  idempotency_key: { type: 'string', minLength: 8 },
});

const TEN_ARGUMENTS = {
  order_id: 'A-1001',
  amount_cents: 1299,
  currency: 'eur',
  reason: 'arrived damaged',
  notify: true,
  skus: ['SKU-1', 'SKU-2'],
  address: { street: '12 rue de Rivoli', zip: '75001' },
  priority: 2,
  note: null,
  idempotency_key: 'k-58a1f2c9',
};

const LARGE = objectSchema({
  order_id: { type: 'string' },
  lines: { type: 'array', items: lineItem },
});

function largeArguments() {
  const lines = [];
  for (let i = 0; JSON.stringify(lines).length < 10 * 1024; i++) {
    lines.push({
      sku: `SKU-${i}`,
      quantity: 1 + random.int(9),
      description: 'Replacement part, boxed, with the fitting instructions. '.repeat(2),
    });
  }
  return { order_id: 'A-1002', lines };
}

const TYPES = [
  [{ type: 'string' }, (i) => `value ${i}`],
  [{ type: 'integer', minimum: 0 }, (i) => i],
  [{ type: 'boolean' }, (i) => i % 2 === 0],
  [{ type: 'number' }, (i) => i / 4],
  [{ type: 'string', enum: ['low', 'mid', 'high'] }, () => 'mid'],
];

function wideSchema(count) {
  const properties = {};
  const value = {};
  for (let i = 0; i < count; i++) {
    const [schema, make] = TYPES[i % TYPES.length];
    const key = `field_${String(i).padStart(3, '0')}`;
    properties[key] = schema;
    value[key] = make(i);
  }
  return [objectSchema(properties), value];
}

const BASELINE =
  'JSON.parse + the same precompiled validator (Ajv2020: allErrors, ownProperties, formats)';

/** A Chat Completions exchange with one strict tool and one call to it. */
function exchange(schema, argumentsText) {
  const request = {
    model: 'gpt-4.1',
    messages: [{ role: 'user', content: 'Refund order A-1001.' }],
    tools: [
      {
        type: 'function',
        function: { name: 'issue_refund', description: 'Refund', parameters: schema, strict: true },
      },
    ],
    parallel_tool_calls: false,
  };
  const response = {
    id: 'chatcmpl-bench',
    object: 'chat.completion',
    created: 1_700_000_000,
    model: 'gpt-4.1',
    choices: [
      {
        index: 0,
        message: {
          role: 'assistant',
          content: null,
          tool_calls: [
            {
              id: 'call_1',
              type: 'function',
              function: { name: 'issue_refund', arguments: argumentsText },
            },
          ],
        },
        finish_reason: 'tool_calls',
      },
    ],
    usage: { prompt_tokens: 120, completion_tokens: 60, total_tokens: 180 },
  };
  return { request, response };
}

export async function benchDispatch(log) {
  const ajv = new Ajv2020({ allErrors: true, strict: false });
  const [wide, wideValue] = wideSchema(200);
  const cases = [
    ['10-property schema', TEN, TEN_ARGUMENTS, 1.5],
    ['10 KB arguments', LARGE, largeArguments(), 1.2],
    ['200-property schema', wide, wideValue, 2.2],
  ];
  const rows = [];
  for (const [name, schema, value, target] of cases) {
    const argumentsText = JSON.stringify(value);
    const input = exchange(schema, argumentsText);
    const [verdict] = diagnoseCalls(input);
    if (verdict?.state !== 'dispatchable') {
      throw new Error(`bench: ${name} should be dispatchable, got ${verdict?.state}`);
    }
    // The same validator: Ajv2020 with allErrors, ownProperties (a required key named
    // `constructor` is not found on the prototype) and ajv-formats, compiled once.
    const compiled = compileSchema(schema);
    if (compiled.kind !== 'compiled') throw new Error(`bench: ${name} does not compile`);
    const validate = compiled.validate;
    const plainValidate = ajv.compile(schema);
    if (!validate(JSON.parse(argumentsText))) throw new Error(`bench: ${name} does not validate`);
    // readTurn alone is the reading of the exchange that the baseline never does: it shows
    // how much of the ratio is spent before any argument is parsed.
    const { baselineNs, contenders } = await compare(
      () => discard(validate(JSON.parse(argumentsText))),
      [
        () => discard(diagnoseCalls(input)),
        () => discard(readTurn(input)),
        () => discard(plainValidate(JSON.parse(argumentsText))),
      ],
    );
    const [ours, reading, plain] = contenders;
    rows.push(
      row('diagnoseCalls, one valid call', name, {
        value: ours.ratio,
        target,
        oursNs: ours.ns,
        baselineNs,
        baseline: BASELINE,
        bytes: argumentsText.length,
      }),
      row('diagnoseCalls, one valid call', `${name}: reading the exchange alone (readTurn)`, {
        value: reading.ratio,
        oursNs: reading.ns,
        baselineNs,
        baseline: BASELINE,
        bytes: argumentsText.length,
        note: 'part of the line above; the baseline reads no request or response',
      }),
      row('diagnoseCalls, one valid call', `${name}: against Ajv's defaults instead`, {
        value: ours.ratio / plain.ratio,
        oursNs: ours.ns,
        baselineNs: plain.ns,
        baseline: 'JSON.parse + Ajv2020 (allErrors) without ownProperties or formats',
        bytes: argumentsText.length,
        note: 'a validator that reads inherited keys as present; for comparison only',
      }),
    );
    for (const line of rows.slice(-3)) log(line);
  }
  const proof = compileOnce(wide, wideValue);
  const where = `${proof.calls.toLocaleString('en-US')} calls, request re-parsed each time`;
  rows.push(
    row('diagnoseCalls, compile once', `compiles over ${where}`, {
      value: proof.compiles,
      unit: 'compiles',
      target: 1,
      note: `cache size ${proof.cacheSize.join(' -> ')}, Ajv's own cache ${proof.ajvCachedSchemas.join(' -> ')}`,
    }),
    row('diagnoseCalls, compile once', `heap growth over ${where}`, {
      value: proof.heapGrowthBytes / 1024 ** 2,
      unit: 'MB',
      note: `heapUsed after gc(): ${proof.heapUsedBytes.map((bytes) => (bytes / 1024 ** 2).toFixed(1)).join(', ')} MB (calls 1, 2500, 5000, 7500, 10000)`,
    }),
  );
  log(rows.at(-2));
  log(rows.at(-1));
  return { rows, compileOnce: proof };
}

/**
 * 10,000 calls whose request is re-parsed every time, so the schema is a new object on each:
 * the compile count must rise by one, and the heap must not grow with the calls.
 */
function compileOnce(schema, value) {
  const calls = 10_000;
  // A title no other measurement used, so this schema is compiled here and only here.
  const text = JSON.stringify(
    exchange({ ...schema, title: 'compile-once' }, JSON.stringify(value)),
  );
  const before = schemaCacheStats();
  const heap = [];
  for (let i = 1; i <= calls; i++) {
    const verdicts = diagnoseCalls(JSON.parse(text));
    if (verdicts[0]?.state !== 'dispatchable') throw new Error('bench: compile-once call failed');
    if (i === 1 || i % 2500 === 0) {
      globalThis.gc();
      heap.push(process.memoryUsage().heapUsed);
    }
  }
  const after = schemaCacheStats();
  return {
    calls,
    compiles: after.compiles - before.compiles,
    cacheSize: [before.size, after.size],
    ajvCachedSchemas: [before.ajvCachedSchemas, after.ajvCachedSchemas],
    heapUsedBytes: heap,
    heapGrowthBytes: heap.at(-1) - heap[0],
  };
}

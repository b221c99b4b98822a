/**
 * Never throws on data: every exported function that takes recorded data answers anything it
 * is handed (arbitrary JSON, arbitrary JavaScript values, arbitrary text, and the real fixtures
 * damaged the ways recordings get damaged) with a result, never an exception. The only
 * exceptions allowed are the documented input errors: an option of the wrong kind (an unknown
 * `surface`, a count that is no whole number), and `readHar` refusing a document that is not
 * HAR, each a TypeError with a `tool-call-health:` message.
 *
 * test/diagnose/never-throws.test.ts fuzzes the diagnoses over hand-built payloads; this file
 * widens that to every data-taking export and to the recorded fixtures.
 */
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { statesOf } from '../../src/cli/findings.js';
import { readHar } from '../../src/har/index.js';
import { redact, redactHeaders, redactSse, redactUrl } from '../../src/har/redact.js';
import {
  completedCalls,
  createStreamReader,
  describeJson,
  diagnoseCalls,
  diagnoseHistory,
  diagnoseStrictGuarantee,
  diagnoseTruncation,
  exposure,
  jsonCompletion,
  jsonState,
  lintStrictSchema,
  readTurn,
  reassembleStream,
  reassembleStreamAsync,
} from '../../src/index.js';
import {
  bedrockEventStream,
  bedrockStream,
  bedrockWriter,
} from '../../src/surfaces/bedrock-converse/write.js';
import type { PayloadTurn } from '../../src/surfaces/payload.js';
import { damage, damaged, type FixtureExchange, fixtureExchanges } from './support.js';

const JSON_STATES = ['parses', 'truncated', 'malformed', 'empty'];

/** Every string in a value, by its path of keys. */
function stringLeaves(
  value: unknown,
  path: readonly (string | number)[] = [],
): Array<[string, string]> {
  if (typeof value === 'string') return [[path.join('.'), value]];
  if (typeof value !== 'object' || value === null) return [];
  return Object.entries(value).flatMap(([key, child]) => stringLeaves(child, [...path, key]));
}

/** A copy of `value` with the string at `path` replaced. */
function withString(value: unknown, path: string, text: string): unknown {
  const copy = structuredClone(value);
  const keys = path.split('.');
  const last = keys.pop() as string;
  let node = copy as Record<string, unknown>;
  for (const key of keys) node = node[key] as Record<string, unknown>;
  node[last] = text;
  return copy;
}

/** Every diagnosis and reader over one input, checking each answers in its own vocabulary. */
function everyReaderOf(input: unknown, options?: unknown): void {
  const read = readTurn(input, options as Parameters<typeof readTurn>[1]);
  expect(typeof read.ok).toBe('boolean');
  if (!read.ok) expect(read.problem).toMatch(/\S/);
  const verdicts = diagnoseCalls(input, options as Parameters<typeof diagnoseCalls>[1]);
  expect(Array.isArray(verdicts)).toBe(true);
  for (const verdict of verdicts) expect(verdict.detail).toMatch(/\S/);
  // statesOf reads the CLI's severity table, a Record over each state type: every state, no other.
  for (const verdict of verdicts) expect(statesOf('dispatch')).toContain(verdict.state);
  expect(statesOf('truncation')).toContain(
    diagnoseTruncation(input, options as Parameters<typeof diagnoseTruncation>[1]).state,
  );
  expect(statesOf('strict')).toContain(
    diagnoseStrictGuarantee(input, options as Parameters<typeof diagnoseStrictGuarantee>[1]).state,
  );
  // A request's history, from the same input: junk is named in notes, never thrown on.
  const history = diagnoseHistory(input, options as Parameters<typeof diagnoseHistory>[1]);
  expect(statesOf('history')).toContain(history.state);
  expect(history.detail).toMatch(/\S/);
}

/** The JSON state machine over one text. */
function everyJsonReaderOf(text: unknown): void {
  expect(JSON_STATES).toContain(jsonState(text as string));
  expect(JSON_STATES).toContain(describeJson(text as string).state);
  const completion = jsonCompletion(text as string);
  if (completion !== null) expect(typeof completion).toBe('string');
}

/** Values JSON cannot hold: boxed values, maps, typed arrays, sparse arrays, null prototypes. */
const anyValue = fc.anything({
  maxDepth: 3,
  withBigInt: true,
  withBoxedValues: true,
  withDate: true,
  withMap: true,
  withNullPrototype: true,
  withObjectString: true,
  withSet: true,
  withSparseArray: true,
  withTypedArray: true,
  withUnicodeString: true,
});

/** Options of every kind each field takes, with junk inside `tools` (its items are data). */
const anyOptions = fc.oneof(
  fc.constant(undefined),
  fc.constant(null),
  fc.record(
    {
      tools: fc.oneof(
        fc.constant(null),
        fc.object({ maxDepth: 2 }),
        fc.array(fc.oneof(anyValue, fc.jsonValue({ maxDepth: 3 })), { maxLength: 3 }),
      ),
      parallelToolCalls: fc.boolean(),
      maxOutputTokens: fc.nat(),
      expectJson: fc.boolean(),
      choice: fc.nat({ max: 3 }),
    },
    { requiredKeys: [] },
  ),
);

/** Each option with a value of the wrong kind for it: a programming error, thrown. */
const wrongOption = fc.oneof(
  fc.record({ tools: fc.oneof(fc.string(), fc.integer(), fc.boolean()) }),
  fc.record({ parallelToolCalls: fc.oneof(fc.string(), fc.integer(), fc.object()) }),
  fc.record({ expectJson: fc.oneof(fc.string(), fc.integer(), fc.object()) }),
  fc.record({
    maxOutputTokens: fc.oneof(
      fc.string(),
      fc.integer({ max: -1 }),
      fc.double().filter((count) => !Number.isInteger(count)),
    ),
  }),
  fc.record({ choice: fc.oneof(fc.string(), fc.integer({ max: -1 }), fc.boolean()) }),
);

const exchanges: FixtureExchange[] = fixtureExchanges();
const payloads = exchanges.map((exchange) => exchange.payload);
const responses = exchanges.map((exchange) => exchange.responseText);
const streams = exchanges
  .filter((exchange) => exchange.mimeType.includes('event-stream'))
  .map((exchange) => exchange.responseText);

describe('the readers and diagnoses answer anything', () => {
  test('the fixtures are there to be damaged', () => {
    expect(payloads.length).toBeGreaterThanOrEqual(35);
    expect(streams.length).toBeGreaterThanOrEqual(4);
  });

  test('arbitrary JSON values, alone and as the response of an exchange', () => {
    fc.assert(
      fc.property(fc.jsonValue(), anyOptions, (value, options) => {
        everyReaderOf(value, options);
        everyReaderOf({ request: value, response: value }, options);
      }),
      { numRuns: 300 },
    );
  });

  test('arbitrary JavaScript values: maps, typed arrays, boxed values, null prototypes', () => {
    fc.assert(
      fc.property(anyValue, anyOptions, (value, options) => everyReaderOf(value, options)),
      { numRuns: 300 },
    );
  });

  test('options of the wrong kind throw a TypeError that names the option, on any input', () => {
    fc.assert(
      fc.property(fc.jsonValue({ maxDepth: 2 }), wrongOption, (value, options) => {
        const [option] = Object.keys(options);
        const named = new RegExp(`^tool-call-health: options\\.${option} takes `);
        for (const read of [readTurn, diagnoseCalls, diagnoseTruncation, diagnoseStrictGuarantee]) {
          expect(() => read(value, options as never)).toThrow(TypeError);
          expect(() => read(value, options as never)).toThrow(named);
        }
      }),
      { numRuns: 200 },
    );
  });

  test('arbitrary text, and the JSON text of arbitrary values', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), (text) => everyReaderOf(text)),
      { numRuns: 200 },
    );
    fc.assert(
      fc.property(fc.jsonValue(), (value) => everyReaderOf(JSON.stringify(value))),
      { numRuns: 200 },
    );
  });

  test('a getter that throws is reported as a problem, not rethrown', () => {
    const hostile = {
      object: 'response',
      get output(): unknown {
        throw new Error('boom');
      },
    };
    const read = readTurn(hostile);
    expect(read).toEqual({
      ok: false,
      problem: 'reading the input threw (boom); pass plain JSON data',
      found: 'reading the input threw (boom); pass plain JSON data',
    });
    everyReaderOf(hostile);
    everyReaderOf(
      new Proxy(
        {},
        {
          ownKeys: () => {
            throw new Error('no keys');
          },
        },
      ),
    );
  });

  test('the real fixtures with up to three fields deleted, retyped, duplicated or reshaped', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...payloads),
        fc.array(fc.tuple(fc.nat(), damage), { minLength: 1, maxLength: 3 }),
        (payload, harm) => everyReaderOf(damaged(payload, harm)),
      ),
      { numRuns: 1500 },
    );
  });

  test('every string of every response cut short: arguments at every offset, others sampled', () => {
    let cuts = 0;
    for (const payload of payloads) {
      for (const [path, text] of stringLeaves(payload)) {
        if (!path.startsWith('response.')) continue;
        // Arguments at every offset (up to 150 cuts each); any other string at 4 places.
        const isArguments = /\.(arguments|input|args)$/.test(path);
        const step = Math.max(1, Math.ceil(text.length / (isArguments ? 150 : 4)));
        for (let keep = 0; keep < text.length; keep += step) {
          everyReaderOf(withString(payload, path, text.slice(0, keep)));
          cuts += 1;
        }
      }
    }
    expect(cuts).toBeGreaterThan(1_000);
  }, 20_000);

  test('every response body cut at a sample of offsets, as a download that stopped', () => {
    for (const text of responses) {
      const step = Math.max(1, Math.floor(text.length / 60));
      for (let offset = 0; offset < text.length; offset += step)
        everyReaderOf(text.slice(0, offset));
    }
  });
});

/**
 * Bedrock Converse has no recorded fixtures yet (#19, phase 2): its exchanges are written by
 * its payload writer, one per ending, with a server tool block and reasoning beside the calls.
 */
const converseTurn = (ending: PayloadTurn['ending']): PayloadTurn => ({
  system: 'You are the order-support agent.',
  prompt: 'Where is A-1001?',
  tools: [
    {
      name: 'lookup_order',
      description: 'Look an order up.',
      parameters: { type: 'object', properties: { order_id: { type: 'string' } } },
      strict: true,
    },
  ],
  calls: [
    { name: 'lookup_order', text: '{"order_id":"A-1001"}', value: { order_id: 'A-1001' } },
    { name: 'lookup_order', text: '{"order_id":"A-1002"}', value: { order_id: 'A-1002' } },
  ],
  ending,
  parallel: undefined,
  ceiling: 64,
  usage: { input: 300, output: 64, reasoning: 0 },
  ids: {
    response: 'R'.repeat(29),
    calls: ['a', 'b', 'c', 'd'].map((letter) => letter.repeat(24)),
    items: ['0', '1', '2', '3'].map((digit) => digit.repeat(32)),
    suffix: 'f'.repeat(16),
    fingerprint: 'e'.repeat(10),
  },
  preface: 'Let me look.',
  malformedMessage: '',
  created: 1_760_000_000,
});
const converse = (['finished', 'ceiling'] as const).map((ending) => {
  const { request, response } = bedrockWriter.exchange(converseTurn(ending));
  const content = (response.output as { message: { content: unknown[] } }).message.content;
  content.unshift(
    { reasoningContent: { reasoningText: { text: 'Look it up.', signature: 'EvYB' } } },
    { toolUse: { toolUseId: 'srv', name: 'nova_grounding', type: 'server_tool_use', input: {} } },
  );
  const tools = (request.toolConfig as { tools: unknown[] }).tools;
  tools.push({ cachePoint: { type: 'default' } }, { systemTool: { name: 'nova_grounding' } });
  return { request, response };
});

describe('Bedrock Converse payloads and event streams answer anything', () => {
  test('Converse exchanges with up to three fields deleted, retyped, duplicated or reshaped', () => {
    for (const payload of converse) everyReaderOf(payload);
    fc.assert(
      fc.property(
        fc.constantFrom(...converse),
        fc.array(fc.tuple(fc.nat(), damage), { minLength: 1, maxLength: 3 }),
        (payload, harm) => everyReaderOf(damaged(payload, harm)),
      ),
      { numRuns: 500 },
    );
  });

  test('Converse event-stream bytes cut at every offset, and with any byte changed', () => {
    for (const { response } of converse) {
      const writer = bedrockStream(response);
      const bytes = bedrockEventStream(writer.events(writer.texts.map((text) => [text])));
      for (let offset = 0; offset < bytes.length; offset += 7) {
        everyReaderOf(reassembleStream(bytes.subarray(0, offset)));
      }
      fc.assert(
        fc.property(fc.nat(bytes.length - 1), fc.integer({ min: 1, max: 255 }), (at, flip) => {
          const harmed = bytes.slice();
          harmed[at] = (harmed[at] ?? 0) ^ flip;
          everyReaderOf(reassembleStream(harmed));
        }),
        { numRuns: 300 },
      );
    }
  });
});

describe('the JSON state machine answers anything', () => {
  test('arbitrary text, including lone surrogates and NUL', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), (text) => everyJsonReaderOf(text)),
      { numRuns: 500 },
    );
  });

  test('values that are not text are malformed, never an exception', () => {
    fc.assert(
      fc.property(anyValue, (value) => {
        if (typeof value !== 'string') {
          expect(jsonState(value as string)).toBe('malformed');
          expect(jsonCompletion(value as string)).toBeNull();
        }
        everyJsonReaderOf(value);
      }),
      { numRuns: 200 },
    );
  });

  test('the fixture bodies cut at every offset are truncated, never malformed', () => {
    const documents = responses.filter((body) => {
      try {
        return typeof JSON.parse(body) === 'object';
      } catch {
        return false;
      }
    });
    expect(documents.length).toBeGreaterThan(25);
    for (const text of documents) {
      // Every offset of the first 300 characters, then 300 more spread over the rest.
      const end = text.trimEnd().length;
      for (let offset = 1; offset < end; offset += offset < 300 ? 1 : Math.ceil(end / 300)) {
        const cut = text.slice(0, offset);
        if (cut.trim() === '') continue;
        const state = jsonState(cut);
        if (state !== 'truncated') {
          throw new Error(`${JSON.stringify(cut.slice(-40))} read as ${state}`);
        }
        const completion = jsonCompletion(cut);
        expect(() => JSON.parse(cut + completion)).not.toThrow();
      }
    }
  });
});

describe('stream reassembly answers anything', () => {
  test('arbitrary text, bytes and arrays of events', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.string({ unit: 'binary' }),
          fc.uint8Array({ maxLength: 200 }),
          fc.array(anyValue, { maxLength: 8 }),
          anyValue,
        ),
        (input) => {
          const stream = reassembleStream(input as Parameters<typeof reassembleStream>[0]);
          expect(['complete', 'cut']).toContain(stream.state);
          everyReaderOf(stream);
        },
      ),
      { numRuns: 300 },
    );
  });

  test('the recorded streams cut at every offset, and with lines dropped', () => {
    for (const text of streams) {
      // Reassembly is linear, so each cut costs the whole prefix: 150 cuts per stream.
      const step = Math.max(1, Math.floor(text.length / 150));
      for (let offset = 0; offset < text.length; offset += step) {
        everyReaderOf(reassembleStream(text.slice(0, offset)));
      }
    }
    fc.assert(
      fc.property(fc.constantFrom(...streams), fc.array(fc.nat()), (text, drops) => {
        const lines = text.split('\n');
        for (const drop of drops) lines.splice(drop % Math.max(1, lines.length), 1);
        everyReaderOf(reassembleStream(lines.join('\n')));
      }),
      { numRuns: 200 },
    );
  });

  test('events pushed one by one, and progress asked at any point', () => {
    fc.assert(
      fc.property(fc.array(anyValue, { maxLength: 10 }), fc.integer(), (events, upTo) => {
        const reader = createStreamReader();
        for (const event of events) {
          reader.push(event);
          expect(Array.isArray(reader.progress().complete)).toBe(true);
        }
        expect(['complete', 'cut']).toContain(reader.result().state);
        expect(Array.isArray(completedCalls(events, upTo).arriving)).toBe(true);
        expect(Array.isArray(completedCalls(events as never, Number.NaN).complete)).toBe(true);
      }),
      { numRuns: 200 },
    );
  });

  test('an async source that yields junk, then fails, still gives a result', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(anyValue, { maxLength: 6 }), fc.boolean(), async (chunks, fail) => {
        async function* source(): AsyncGenerator<unknown> {
          yield* chunks;
          if (fail) throw new Error('connection reset');
        }
        const stream = await reassembleStreamAsync(source() as AsyncIterable<string>);
        expect(['complete', 'cut']).toContain(stream.state);
      }),
      { numRuns: 100 },
    );
  });

  test('only an invalid surface option throws, and says so', () => {
    expect(() => reassembleStream('', { surface: 'aol' as never })).toThrow(/^tool-call-health:/);
  });
});

describe('the strict-mode lint answers any schema', () => {
  test('arbitrary values, and the fixtures’ tools damaged', () => {
    const toolLists = payloads
      .map((payload) => (payload as { request?: { tools?: unknown } }).request?.tools)
      .filter((tools) => tools !== undefined);
    expect(toolLists.length).toBeGreaterThan(10);
    fc.assert(
      fc.property(
        fc.oneof(
          anyValue,
          fc.jsonValue(),
          fc
            .tuple(
              fc.constantFrom(...toolLists),
              fc.array(fc.tuple(fc.nat(), damage), { maxLength: 3 }),
            )
            .map(([tools, harm]) => damaged(tools, harm)),
        ),
        fc.constantFrom('openai' as const, 'anthropic' as const),
        (input, provider) => {
          const result = lintStrictSchema(input, { provider });
          expect(result.provider).toBe(provider);
          for (const problem of result.problems) expect(problem.message).toMatch(/\S/);
        },
      ),
      { numRuns: 400 },
    );
  });
});

describe('readHar and the redaction helpers', () => {
  test('readHar returns exchanges or refuses with a tool-call-health: message', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          anyValue,
          fc.record({ log: fc.record({ entries: fc.array(anyValue, { maxLength: 3 }) }) }),
        ),
        (document) => {
          try {
            expect(Array.isArray(readHar(document as never))).toBe(true);
          } catch (error) {
            expect(error).toBeInstanceOf(Error);
            expect((error as Error).message).toMatch(/^tool-call-health: /);
          }
        },
      ),
      { numRuns: 300 },
    );
  });

  test('redact, redactSse, redactUrl and redactHeaders take any text', () => {
    fc.assert(
      fc.property(
        fc.string({ unit: 'binary' }),
        fc.array(fc.tuple(fc.string(), fc.string({ unit: 'binary' })), { maxLength: 4 }),
        (text, headers) => {
          expect(typeof redact(text)).toBe('string');
          expect(typeof redactSse(text)).toBe('string');
          expect(typeof redactUrl(text)).toBe('string');
          expect(redactHeaders(headers)).toHaveLength(headers.length);
        },
      ),
      { numRuns: 300 },
    );
  });

  test('exposure counts junk states as not at risk', () => {
    // Junk that happens to spell an at-risk state, as a string or as a diagnosis, is no junk.
    const atRisk = (value: unknown) => {
      const state = typeof value === 'string' ? value : (value as { state?: unknown })?.state;
      return state === 'strict-void' || state === 'strict-at-risk';
    };
    fc.assert(
      fc.property(
        fc.array(
          anyValue.filter((value) => !atRisk(value)),
          { maxLength: 5 },
        ),
        (junk) => {
          expect(exposure(junk as never)).toEqual({ atRisk: 0, void: 0, rate: null });
          // Beside real states, junk neither adds to the count nor hides them.
          expect(exposure([...junk, 'strict-void', { state: 'strict-at-risk' }] as never)).toEqual({
            atRisk: 2,
            void: 1,
            rate: 0.5,
          });
        },
      ),
      { numRuns: 100 },
    );
  });
});

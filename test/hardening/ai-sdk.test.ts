/**
 * Vercel AI SDK objects in the never-throws fuzz. The objects are made by the real `ai` package
 * (generateText and streamText with its MockLanguageModelV3, and generateText through
 * @ai-sdk/openai and @ai-sdk/anthropic over this package's recordings, which keep the provider's
 * bodies), then junk is put in every field a step and a result own, inside a content part, in
 * a ToolSet given as `tools`, and the objects are damaged as recordings are: every reader,
 * diagnosis and matcher answers in its own vocabulary, the matchers with a verdict or their
 * MatcherInputError, never another exception.
 */
import { generateText, stepCountIs, streamText, type ToolSet, tool } from 'ai';
import { convertArrayToReadableStream, MockLanguageModelV3 } from 'ai/test';
import fc from 'fast-check';
import { setupServer } from 'msw/node';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { z } from 'zod';
import { statesOf } from '../../src/cli/findings.js';
import {
  diagnoseCalls,
  diagnoseStrictGuarantee,
  diagnoseTruncation,
  readTurn,
  readTurns,
} from '../../src/index.js';
import { MatcherInputError } from '../../src/matchers/guard.js';
import { callOptions, recordedRequest, replay } from '../frameworks/ai-sdk/support.js';
import '../../src/vitest.js';
import { damage, damaged } from './support.js';

const tools = {
  lookup_order: tool({
    inputSchema: z.object({ order_id: z.string() }),
    strict: true,
    execute: async () => ({ status: 'shipped' }),
  }),
} satisfies ToolSet;

const usage = {
  inputTokens: { total: 9, noCache: 9, cacheRead: undefined, cacheWrite: undefined },
  outputTokens: { total: 16, text: 16, reasoning: undefined },
};

/** Every reader, diagnosis and matcher over one input. */
function everyReaderOf(input: unknown, options?: Record<string, unknown>): void {
  const read = readTurn(input, options);
  expect(typeof read.ok).toBe('boolean');
  if (!read.ok) expect(read.problem).toMatch(/\S/);
  const all = readTurns(input, options);
  if (!all.ok) expect(all.problem).toMatch(/\S/);
  for (const verdict of diagnoseCalls(input, options)) {
    expect(statesOf('dispatch')).toContain(verdict.state);
    expect(verdict.detail).toMatch(/\S/);
  }
  expect(statesOf('truncation')).toContain(diagnoseTruncation(input, options).state);
  expect(statesOf('strict')).toContain(diagnoseStrictGuarantee(input, options).state);
  for (const assertion of [
    () => expect(input).toBeDispatchable(options),
    () => expect(input).toNotBeTruncated(options),
    () => expect(input).toKeepStrictGuarantee(options),
    () => expect(input).toCallTool('lookup_order'),
  ]) {
    try {
      assertion();
    } catch (error) {
      // A verdict (an assertion error) or the named input error; nothing else.
      if (!(error instanceof MatcherInputError)) {
        expect(['AssertionError', 'JestExtendError']).toContain((error as Error).constructor.name);
      }
    }
  }
}

const junk = fc.oneof(
  fc.jsonValue({ maxDepth: 3 }),
  fc.anything({ maxDepth: 2, withMap: true, withNullPrototype: true, withTypedArray: true }),
);

const server = setupServer();
const objects: unknown[] = [];

beforeAll(async () => {
  server.listen({ onUnhandledRequest: 'error' });
  const mock = await generateText({
    model: new MockLanguageModelV3({
      doGenerate: [
        {
          content: [
            { type: 'text', text: 'Looking it up.' },
            {
              type: 'tool-call',
              toolCallId: 'c1',
              toolName: 'lookup_order',
              input: '{"order_id":"A-1"}',
            },
          ],
          finishReason: { unified: 'tool-calls', raw: 'tool_use' },
          usage,
          warnings: [],
        },
        {
          content: [
            {
              type: 'tool-call',
              toolCallId: 'c2',
              toolName: 'lookup_order',
              input: '{"order_id":',
            },
          ],
          finishReason: { unified: 'length', raw: 'max_tokens' },
          usage,
          warnings: [],
        },
      ],
    }),
    tools,
    prompt: 'x',
    stopWhen: stepCountIs(2),
  });
  const streamed = streamText({
    model: new MockLanguageModelV3({
      doStream: {
        stream: convertArrayToReadableStream([
          { type: 'stream-start', warnings: [] },
          { type: 'tool-call', toolCallId: 'c1', toolName: 'nope', input: '{}' },
          { type: 'finish', finishReason: { unified: 'tool-calls', raw: undefined }, usage },
        ]),
      },
    }),
    tools,
    prompt: 'x',
  });
  const file = 'openai-responses/strict-void-fanout.har';
  replay(server, file);
  const recorded = await generateText(callOptions('openai-responses', recordedRequest(file)));
  const anthropicFile = 'anthropic-messages/max-tokens-in-tool-use.har';
  replay(server, anthropicFile);
  const anthropic = await generateText(
    callOptions('anthropic-messages', recordedRequest(anthropicFile)),
  );
  objects.push(mock, mock.steps, mock.steps[1], await streamed.steps, recorded, anthropic);
  objects.push(streamed);
});
afterAll(() => server.close());

/** A copy of an object that keeps its class, with one own field replaced. */
function withField(object: unknown, key: string, value: unknown): unknown {
  const copy = Object.create(Object.getPrototypeOf(object)) as Record<string, unknown>;
  Object.assign(copy, object, { [key]: value });
  return copy;
}

const STEP_FIELDS = [
  'stepNumber',
  'model',
  'content',
  'finishReason',
  'rawFinishReason',
  'usage',
  'request',
  'response',
  'providerMetadata',
];

describe('AI SDK objects answer anything', { timeout: 60_000 }, () => {
  test('the objects made by the real library read as they are', () => {
    expect(objects).toHaveLength(7);
    for (const object of objects) everyReaderOf(object, { tools });
  });

  test('junk in any own field of a step, of a result, and in place of a step', () => {
    const steps = objects.filter((object) => Array.isArray(object)) as unknown[][];
    const results = objects.filter(
      (object) => typeof object === 'object' && object !== null && Object.hasOwn(object, 'steps'),
    );
    fc.assert(
      fc.property(
        fc.constantFrom(...steps),
        fc.constantFrom(...STEP_FIELDS),
        junk,
        fc.boolean(),
        (list, key, value, withTools) => {
          const changed = list.map((step, index) =>
            index === 0 ? withField(step, key, value) : step,
          );
          everyReaderOf(changed, withTools ? { tools } : undefined);
          everyReaderOf(changed[0]);
          everyReaderOf([value, ...list]);
        },
      ),
      { numRuns: 40 },
    );
    fc.assert(
      fc.property(
        fc.constantFrom(...results),
        fc.constantFrom('steps', 'totalUsage', '_output'),
        junk,
        (result, key, value) => everyReaderOf(withField(result, key, value)),
      ),
      { numRuns: 30 },
    );
  });

  test('junk inside a content part, a request and a response body, and a ToolSet', () => {
    const [mock, , , , recorded] = objects as Array<{ steps: Array<Record<string, unknown>> }>;
    const places: Array<(value: unknown) => unknown> = [
      (v) => [withField(mock!.steps[0], 'content', [v])],
      (v) => [
        withField(mock!.steps[0], 'content', [
          { type: 'tool-call', toolName: 'lookup_order', input: v },
        ]),
      ],
      (v) => [
        withField(mock!.steps[0], 'content', [
          { type: 'tool-call', toolName: 'lookup_order', invalid: true, error: v, input: '{' },
        ]),
      ],
      (v) => [withField(mock!.steps[0], 'content', [{ type: v, toolName: v, toolCallId: v }])],
      (v) => [withField(recorded!.steps[0], 'request', { body: v })],
      (v) => [withField(recorded!.steps[0], 'response', { body: v })],
      (v) => [
        withField(recorded!.steps[0], 'response', {
          ...(recorded!.steps[0]!.response as object),
          body: v,
        }),
      ],
      (v) => [withField(mock!.steps[0], 'request', { body: v })],
      (v) => [withField(mock!.steps[0], 'usage', { outputTokens: v, outputTokenDetails: v })],
    ];
    fc.assert(
      fc.property(fc.nat({ max: places.length - 1 }), junk, (place, value) =>
        everyReaderOf(places[place]!(value), { tools }),
      ),
      { numRuns: 60 },
    );
    const toolSets: unknown[] = [
      { lookup_order: { inputSchema: null } },
      { lookup_order: { inputSchema: () => ({}) } },
      { lookup_order: { inputSchema: { '~standard': { vendor: 'zod' } } } },
      {
        lookup_order: {
          inputSchema: { [Symbol.for('vercel.ai.schema')]: true, jsonSchema: Promise.resolve({}) },
        },
      },
      { lookup_order: { type: 'provider', id: 'openai.web_search', inputSchema: {} } },
    ];
    fc.assert(
      fc.property(
        fc.constantFrom(...objects),
        fc.oneof(
          fc.constantFrom(...toolSets),
          fc.dictionary(fc.string(), fc.record({ inputSchema: junk, strict: junk })),
        ),
        (object, set) => everyReaderOf(object, { tools: set }),
      ),
      { numRuns: 30 },
    );
  });

  test('the objects with up to three fields deleted, retyped, duplicated or reshaped', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...objects.slice(0, 6)),
        fc.array(fc.tuple(fc.nat(), damage), { minLength: 1, maxLength: 3 }),
        (object, harm) => everyReaderOf(damaged(object, harm), { tools }),
      ),
      { numRuns: 40 },
    );
  });

  test('a getter that throws in a step is a reading problem', () => {
    const [mock] = objects as Array<{ steps: object[] }>;
    const hostile = Object.create(Object.getPrototypeOf(mock!.steps[0]), {
      stepNumber: { value: 0, enumerable: true },
      content: {
        enumerable: true,
        get(): unknown {
          throw new Error('boom');
        },
      },
    });
    everyReaderOf([hostile]);
    expect(diagnoseTruncation([hostile]).state).toBe('unreadable');
  });
});

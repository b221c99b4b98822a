/**
 * LangChain messages in the never-throws fuzz. The messages are made by the real library
 * (ChatOpenAI and ChatAnthropic against msw replaying the corpus, test/frameworks/langchain/),
 * as instances, serialised (`JSON.stringify`) and stored (`toDict()`), then junk is put in every
 * field a reader asks for, fields are deleted, retyped and reshaped, getters throw, and the
 * `tools` option holds junk beside LangChain tools: every reader and diagnosis answers in its own
 * vocabulary, and the matchers fail or pass but throw nothing but their documented input error.
 */
import { stripVTControlCharacters } from 'node:util';
import type { BaseMessage } from '@langchain/core/messages';
import { tool } from '@langchain/core/tools';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import { z } from 'zod';
import { auditEntry } from '../../src/cli/audit-entry.js';
import { DIAGNOSES, statesOf } from '../../src/cli/findings.js';
import {
  diagnoseCalls,
  diagnoseStrictGuarantee,
  diagnoseTruncation,
  readTurn,
  readTurns,
} from '../../src/index.js';
import { MatcherInputError } from '../../src/matchers/guard.js';
import { langChainServer, messageFor } from '../frameworks/langchain/support.js';
import '../../src/vitest.js';
import { damage, damaged } from './support.js';

/** Recordings that give each kind of message: invoke and stream, both providers, each fault. */
const SOURCES: Array<[string, boolean?]> = [
  ['openai-chat/healthy-call.har'],
  ['openai-chat/unparseable-arguments.har'],
  ['openai-chat/length-mid-arguments.har'],
  ['openai-chat/length-mid-arguments.har', true],
  ['openai-chat/strict-void-fanout.har'],
  ['streams/openai-chat-cut-mid-arguments.har'],
  ['anthropic-messages/tool-use.har'],
  ['anthropic-messages/max-tokens-in-tool-use.har', true],
  ['streams/anthropic-tool-use.har'],
];

const server = langChainServer();
let instances: BaseMessage[] = [];
/** Plain JSON copies: serialised, stored, and the instances' own fields. */
let copies: unknown[] = [];

beforeAll(async () => {
  server.listen({ onUnhandledRequest: 'error' });
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
  instances = await Promise.all(SOURCES.map(([file, streamed]) => messageFor(file, streamed)));
  copies = instances.flatMap((message) => [
    JSON.parse(JSON.stringify(message)) as unknown,
    JSON.parse(JSON.stringify(message.toDict())) as unknown,
    JSON.parse(JSON.stringify({ ...message, lc_kwargs: undefined })) as unknown,
  ]);
});
afterAll(() => server.close());

const lookupOrder = tool(async () => '{}', {
  name: 'lookup_order',
  description: 'Look up an order by id.',
  schema: z.object({ order_id: z.string(), include_items: z.boolean() }),
});

/** Every reader and diagnosis over one input, each answering in its own vocabulary. */
function everyReaderOf(input: unknown, options?: { tools?: unknown }): void {
  expect(typeof readTurn(input, options).ok).toBe('boolean');
  expect(typeof readTurns(input, options).ok).toBe('boolean');
  for (const verdict of diagnoseCalls(input, options)) {
    expect(statesOf('dispatch')).toContain(verdict.state);
    expect(verdict.detail).toMatch(/\S/);
  }
  expect(statesOf('truncation')).toContain(diagnoseTruncation(input, options).state);
  expect(statesOf('strict')).toContain(diagnoseStrictGuarantee(input, options).state);
  const entry = auditEntry({ location: 'x', kind: 'payload', payload: input }, DIAGNOSES);
  for (const audited of entry.results) expect(statesOf(audited.diagnosis)).toContain(audited.state);
  for (const matcher of [
    () => expect(input).toBeDispatchable(options),
    () => expect(input).toNotBeTruncated(options),
    () => expect(input).toKeepStrictGuarantee(options),
    () => expect(input).toCallTool('lookup_order'),
  ]) {
    try {
      matcher();
    } catch (error) {
      // A failed assertion, or the documented input error; nothing else.
      const message = stripVTControlCharacters((error as Error).message);
      const named = error instanceof MatcherInputError || message.startsWith('expect(received)');
      if (!named) throw error;
    }
  }
}

const junk = fc.oneof(
  fc.jsonValue({ maxDepth: 3 }),
  fc.anything({ maxDepth: 2, withMap: true, withNullPrototype: true, withTypedArray: true }),
);

/** The fields a reader of a message asks for. */
const FIELDS = [
  'type',
  'content',
  'id',
  'tool_calls',
  'invalid_tool_calls',
  'tool_call_chunks',
  'additional_kwargs',
  'response_metadata',
  'usage_metadata',
] as const;

/** Where a message's fields are in a copy: the copy itself, `kwargs`, or `data`. */
function withField(copy: unknown, field: string, value: unknown): unknown {
  const record = copy as Record<string, unknown>;
  if (record.lc === 1)
    return { ...record, kwargs: { ...(record.kwargs as object), [field]: value } };
  if (typeof record.data === 'object')
    return { ...record, data: { ...(record.data as object), [field]: value } };
  return { ...record, [field]: value };
}

describe('LangChain messages answer anything', { timeout: 60_000 }, () => {
  test('the real messages are there to be damaged, and read without a problem', () => {
    expect(instances).toHaveLength(SOURCES.length);
    for (const message of [...instances, ...copies]) {
      const read = readTurns(message);
      expect(read.ok).toBe(true);
    }
  });

  test('junk in every field a reader asks for, and inside the provider answer kept', () => {
    const places = [
      ...FIELDS.map((field) => (copy: unknown, value: unknown) => withField(copy, field, value)),
      (copy: unknown, value: unknown) =>
        withField(copy, 'response_metadata', {
          model_provider: 'openai',
          finish_reason: value,
          usage: value,
        }),
      (copy: unknown, value: unknown) =>
        withField(copy, 'response_metadata', {
          model_provider: 'anthropic',
          stop_reason: value,
          usage: value,
        }),
      (copy: unknown, value: unknown) =>
        withField(copy, 'additional_kwargs', {
          tool_calls: [value, { function: value, id: value }],
        }),
      (copy: unknown, value: unknown) =>
        withField(copy, 'tool_call_chunks', [value, { args: value }]),
      (copy: unknown, value: unknown) =>
        withField(copy, 'tool_calls', [{ name: value, args: value, id: value }]),
      (copy: unknown, value: unknown) =>
        withField(copy, 'content', [
          { type: 'tool_use', input: value, index: value },
          { type: 'input_json_delta', input: value, index: value },
        ]),
      (copy: unknown, value: unknown) =>
        withField(copy, 'response_metadata', {
          object: 'response',
          output: [value],
          status: value,
        }),
      (copy: unknown, value: unknown) => ({
        lc: 1,
        type: 'constructor',
        id: ['AIMessage'],
        kwargs: value,
        copy,
      }),
      (copy: unknown, value: unknown) => ({ messages: [copy, value] }),
      (copy: unknown, value: unknown) => [
        copy,
        { type: 'human', content: value, additional_kwargs: {} },
      ],
    ];
    fc.assert(
      fc.property(
        fc.nat({ max: 10_000 }),
        fc.nat({ max: places.length - 1 }),
        junk,
        (pick, place, value) => everyReaderOf(places[place]!(copies[pick % copies.length], value)),
      ),
      { numRuns: 150 },
    );
  });

  test('the copies with up to three fields deleted, retyped, duplicated or reshaped', () => {
    fc.assert(
      fc.property(
        fc.nat({ max: 10_000 }),
        fc.array(fc.tuple(fc.nat(), damage), { minLength: 1, maxLength: 3 }),
        (pick, harm) => everyReaderOf(damaged(copies[pick % copies.length], harm)),
      ),
      { numRuns: 150 },
    );
  });

  test('junk in the tools option beside LangChain tools', () => {
    fc.assert(
      fc.property(fc.nat({ max: 10_000 }), junk, (pick, value) => {
        const message = instances[pick % instances.length];
        everyReaderOf(message, { tools: [lookupOrder, value] });
        everyReaderOf(message, { tools: [{ ...lookupOrder, schema: value }] });
        // The option itself is the caller's code: a list or an object, or a TypeError naming it.
        if (typeof value === 'object' || value === undefined)
          everyReaderOf(message, { tools: value });
        else expect(() => everyReaderOf(message, { tools: value })).toThrow(/options\.tools takes/);
      }),
      { numRuns: 40 },
    );
  });

  test('getters that throw: on a message instance, in a schema, and a proxy that has no keys', () => {
    const [message] = instances;
    const hostile = Object.create(Object.getPrototypeOf(message)) as Record<string, unknown>;
    Object.assign(hostile, { ...message });
    Object.defineProperty(hostile, 'tool_calls', {
      enumerable: true,
      get() {
        throw new Error('boom');
      },
    });
    everyReaderOf(hostile);
    expect(diagnoseTruncation(hostile).state).toBe('unreadable');
    const schema = z.object({ order_id: z.string() });
    Object.defineProperty(schema, '~standard', {
      get() {
        throw new Error('boom');
      },
    });
    const read = readTurn(message, {
      tools: [tool(async () => '', { name: 'lookup_order', schema })],
    });
    expect(read.ok && read.turn.notes.join('\n')).toContain('exposes no JSON Schema');
    everyReaderOf(
      new Proxy(
        { type: 'ai', tool_calls: [] },
        {
          ownKeys: () => {
            throw new Error('no keys');
          },
        },
      ),
    );
  });
});

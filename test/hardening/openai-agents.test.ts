/**
 * OpenAI Agents SDK runs in the never-throws fuzz. The runs are made by the real library (an
 * Agent against msw replaying the corpus, test/frameworks/openai-agents/), streamed and not, as
 * the caller holds them (a RunResult, a StreamedRunResult, the error a run rejects with), then
 * as plain copies (the serialised state, the result as JSON, and the instances' own fields) with
 * junk put in every field the reader asks for, fields deleted, retyped and reshaped, getters
 * that throw and proxies without keys: every reader and diagnosis answers in its own
 * vocabulary, and the matchers pass or fail but throw nothing but their documented input error.
 */
import { stripVTControlCharacters } from 'node:util';
import fc from 'fast-check';
import { beforeAll, describe, expect, test } from 'vitest';
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
import { runRecorded, useServer } from '../frameworks/openai-agents/support.js';
import '../../src/vitest.js';
import { damage, damaged } from './support.js';

useServer();

/** Runs that give each kind of object: sent and streamed, healthy and each fault. */
const SOURCES: Array<[string, boolean]> = [
  ['openai-responses/healthy-call.har', false],
  ['openai-responses/healthy-call.har', true],
  ['openai-responses/schema-violation.har', false],
  ['openai-responses/max-output-tokens-mid-arguments.har', true],
  ['openai-responses/strict-void-fanout.har', true],
  ['openai-responses/content-filter.har', false],
  ['openai-responses/refusal.har', false],
  ['openai-responses/unknown-tool.har', false],
  ['openai-responses/unknown-tool.har', true],
  ['openai-chat/healthy-call.har', false],
  ['openai-chat/length-mid-arguments.har', true],
];

type Obj = Record<string, unknown>;

/** What the runs left: results and errors, as they are. */
let held: unknown[] = [];
/** Plain copies: the serialised state, the result as JSON, and the live state's own fields. */
let copies: Obj[] = [];

/** A live state's own fields as plain JSON, the agent's tools as the declarations they hold. */
function ownFieldsOf(subject: unknown): Obj | null {
  const state = (subject as { state?: Obj }).state;
  if (state === undefined || !Array.isArray(state._modelResponses)) return null;
  const plainAgent = (agent: unknown) => {
    const { name, tools, handoffs } = (agent ?? {}) as Obj;
    return {
      name,
      tools: (tools as Obj[]).map(({ type, name, parameters, strict }) => ({
        type,
        name,
        parameters,
        strict,
      })),
      handoffs: Array.isArray(handoffs) ? [] : handoffs,
    };
  };
  return JSON.parse(
    JSON.stringify({
      state: {
        _modelResponses: state._modelResponses,
        _generatedItems: (state._generatedItems as Obj[]).map((item) => ({
          type: item.type,
          rawItem: item.rawItem,
          agent: plainAgent(item.agent),
        })),
        _currentAgent: plainAgent(state._currentAgent),
        _lastModelSettings: state._lastModelSettings,
      },
    }),
  );
}

beforeAll(async () => {
  const outcomes = [];
  for (const [file, stream] of SOURCES) outcomes.push(await runRecorded(file, stream));
  held = outcomes.map((outcome) => outcome.result ?? outcome.error);
  copies = held.flatMap((subject) => {
    const state = (subject as { state?: { toJSON?: () => unknown } }).state;
    if (state?.toJSON === undefined) return [];
    const own = ownFieldsOf(subject);
    return [
      JSON.parse(JSON.stringify(state.toJSON())) as Obj,
      JSON.parse(JSON.stringify(subject)) as Obj,
      ...(own === null ? [] : [own]),
    ];
  });
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

/** The state inside a copy, wherever that copy keeps it. */
function stateOf(copy: Obj): Obj {
  return (copy.state as Obj | undefined) ?? copy;
}

/** The copy with one field of its state, or of its first model response, set to `value`. */
function withStateField(copy: Obj, field: string, value: unknown): Obj {
  const state = stateOf(copy);
  const next = { ...state, [field]: value };
  return copy.state === undefined ? next : { ...copy, state: next };
}

function responsesKey(copy: Obj): string {
  return '_modelResponses' in stateOf(copy) ? '_modelResponses' : 'modelResponses';
}

function withResponse(copy: Obj, change: (response: Obj) => unknown): Obj {
  const key = responsesKey(copy);
  const [first, ...rest] = (stateOf(copy)[key] as Obj[] | undefined) ?? [];
  return withStateField(copy, key, [change(first ?? {}), ...rest]);
}

function withItem(copy: Obj, change: (item: Obj) => unknown): Obj {
  return withResponse(copy, (response) => {
    const output = Array.isArray(response.output) ? (response.output as Obj[]) : [];
    return { ...response, output: output.map((item) => change(item ?? {})) };
  });
}

const PLACES: Array<(copy: Obj, value: unknown) => unknown> = [
  (copy, value) => ({ ...copy, state: value }),
  ...[
    '_modelResponses',
    'modelResponses',
    '_generatedItems',
    'generatedItems',
    '_currentAgent',
    '_lastModelSettings',
    '$schemaVersion',
  ].map((field) => (copy: Obj, value: unknown) => withStateField(copy, field, value)),
  (copy, value) => withResponse(copy, () => value),
  ...['providerData', 'output', 'usage', 'responseId'].map(
    (field) => (copy: Obj, value: unknown) =>
      withResponse(copy, (response) => ({ ...response, [field]: value })),
  ),
  (copy, value) =>
    withResponse(copy, (response) => ({
      ...response,
      usage: { outputTokens: value, outputTokensDetails: [value, { reasoning_tokens: value }] },
    })),
  (copy, value) =>
    withResponse(copy, (response) => ({
      ...response,
      providerData: { ...((response.providerData as Obj) ?? {}), output: value, status: value },
    })),
  (copy, value) =>
    withResponse(copy, (response) => ({
      ...response,
      providerData: { object: 'response', status: 'incomplete', tools: value },
    })),
  (copy, value) => withItem(copy, () => value),
  ...['type', 'arguments', 'callId', 'name', 'status', 'content'].map(
    (field) => (copy: Obj, value: unknown) =>
      withItem(copy, (item) => ({ ...item, [field]: value })),
  ),
  (copy, value) =>
    withStateField(copy, '_currentAgent', {
      name: 'order-support',
      tools: [value, { type: 'function', name: value, parameters: value, strict: value }],
      handoffs: [value, { toolName: value, inputJsonSchema: value }],
    }),
  (copy, value) =>
    withStateField(copy, '_lastModelSettings', { maxTokens: value, parallelToolCalls: value }),
  (copy, value) => withStateField(copy, '_generatedItems', [{ rawItem: value, agent: value }]),
  (copy, value) => [copy, value],
];

describe('Agents SDK runs answer anything', { timeout: 120_000 }, () => {
  test('the real runs are there to be damaged, and read as they are held', () => {
    expect(held).toHaveLength(SOURCES.length);
    // The unknown tool's error, unstreamed, holds no state: it is named, not read.
    expect(held.filter((subject) => readTurns(subject).ok)).toHaveLength(SOURCES.length - 1);
    expect(copies.length).toBeGreaterThanOrEqual(20);
    for (const copy of copies) expect(readTurns(copy).ok).toBe(true);
    for (const subject of held) everyReaderOf(subject);
  });

  test('junk in every field the reader asks for', () => {
    fc.assert(
      fc.property(
        fc.nat({ max: 10_000 }),
        fc.nat({ max: PLACES.length - 1 }),
        junk,
        (pick, place, value) => everyReaderOf(PLACES[place]!(copies[pick % copies.length]!, value)),
      ),
      { numRuns: 200 },
    );
  });

  test('the copies with up to three fields deleted, retyped, duplicated or reshaped', () => {
    fc.assert(
      fc.property(
        fc.nat({ max: 10_000 }),
        fc.array(fc.tuple(fc.nat(), damage), { minLength: 1, maxLength: 3 }),
        (pick, harm) => everyReaderOf(damaged(copies[pick % copies.length], harm)),
      ),
      { numRuns: 200 },
    );
  });

  test('junk in the live objects: a result whose state, responses or agent hold it', () => {
    fc.assert(
      fc.property(
        fc.nat({ max: 10_000 }),
        fc.constantFrom(
          '_modelResponses',
          '_generatedItems',
          '_currentAgent',
          '_lastModelSettings',
        ),
        junk,
        (pick, field, value) => {
          const subject = held[pick % held.length] as { state?: object };
          if (subject.state === undefined) return;
          // A copy of the instance and its state, prototypes kept, one own field replaced.
          const state = Object.assign(Object.create(Object.getPrototypeOf(subject.state)), {
            ...subject.state,
            [field]: value,
          });
          const result = Object.assign(Object.create(Object.getPrototypeOf(subject)), {
            ...subject,
            state,
          });
          everyReaderOf(result);
          everyReaderOf(state);
        },
      ),
      { numRuns: 60 },
    );
  });

  test('junk in the tools option beside the agent and its tools', () => {
    const result = held[0] as { state: { _currentAgent: Obj } };
    const agent = result.state._currentAgent;
    const [tool] = agent.tools as Obj[];
    const response = (result.state as unknown as { _modelResponses: Obj[] })._modelResponses[0];
    const bare = { ...response, providerData: undefined };
    fc.assert(
      fc.property(junk, (value) => {
        everyReaderOf(bare, { tools: [tool, value] });
        everyReaderOf(bare, { tools: [{ ...tool, parameters: value, strict: value }] });
        everyReaderOf(bare, { tools: { ...agent, tools: value } });
        everyReaderOf(bare, { tools: { ...agent, handoffs: [value] } });
        // The option itself is the caller's code: a list or an object, or a TypeError naming it.
        if (typeof value === 'object' || value === undefined) everyReaderOf(bare, { tools: value });
        else expect(() => everyReaderOf(bare, { tools: value })).toThrow(/options\.tools takes/);
      }),
      { numRuns: 40 },
    );
  });

  test('getters that throw and proxies without keys, where the reader looks', () => {
    const subject = held[0] as { state: Obj };
    const throwing = (key: string) =>
      Object.defineProperty({ ...subject.state }, key, {
        enumerable: true,
        get() {
          throw new Error('boom');
        },
      });
    for (const key of [
      '_modelResponses',
      '_generatedItems',
      '_currentAgent',
      '_lastModelSettings',
    ]) {
      everyReaderOf({ state: throwing(key) });
      everyReaderOf(throwing(key));
    }
    const response = (subject.state._modelResponses as Obj[])[0]!;
    for (const key of ['output', 'usage', 'providerData', 'responseId']) {
      everyReaderOf(
        Object.defineProperty({ ...response }, key, {
          enumerable: true,
          get() {
            throw new Error('boom');
          },
        }),
      );
    }
    const noKeys = new Proxy(
      {},
      {
        ownKeys: () => {
          throw new Error('no keys');
        },
        getOwnPropertyDescriptor: () => {
          throw new Error('no descriptor');
        },
      },
    );
    everyReaderOf({ state: noKeys });
    everyReaderOf({ state: { ...subject.state, _modelResponses: [noKeys] } });
    everyReaderOf(Object.assign(new Error('with junk state'), { state: noKeys }));
    everyReaderOf(Object.assign(new Error('with junk state'), { state: 42 }));
  });
});

import { describe, expect, test } from 'vitest';
import {
  completedCalls,
  createStreamReader,
  type ReassembledStream,
  readTurn,
  reassembleStream,
  reassembleStreamAsync,
} from '../../src/index.js';
import { fc, property } from '../support/property.js';
import { HAND_WRITTEN, parsedEvents, piecesOf } from './streams.js';

/** The shape every result has, whatever went in. */
function expectWellFormed(stream: ReassembledStream): void {
  expect(stream.kind).toBe('reassembled-stream');
  expect(['openai-responses', 'openai-chat', 'anthropic-messages', 'gemini']).toContain(
    stream.surface,
  );
  expect(['complete', 'cut']).toContain(stream.state);
  expect(Array.isArray(stream.openCalls)).toBe(true);
  expect(Array.isArray(stream.notes)).toBe(true);
  expect(stream.notes.every((note) => typeof note === 'string')).toBe(true);
  expect(Number.isInteger(stream.events)).toBe(true);
  expect(typeof stream.recognised).toBe('boolean');
  // Whatever came in, the library's own reader reads what came out, or says it is no stream.
  const read = readTurn(stream);
  expect(read.ok).toBe(stream.recognised);
  if (!read.ok) expect(read.problem).toMatch(/^the stream is no provider stream this reads: /);
}

/** Every event of every hand-written stream: real shapes to shuffle, drop and mix with junk. */
const REAL_EVENTS = HAND_WRITTEN.flatMap(({ text }) => parsedEvents(text));

/** Text built from the pieces SSE is made of, so the parser meets odd but plausible framing. */
const sseLike = fc
  .array(
    fc.oneof(
      fc.constantFrom(
        'data: ',
        'data:',
        'event: ',
        'id: ',
        'retry: x',
        ': ',
        '\n',
        '\r',
        '\r\n',
        '\n\n',
      ),
      fc.constantFrom('[DONE]', '{', '}', '{"type":"message_stop"}', '{"choices":[', '"', ','),
      fc.constantFrom(...HAND_WRITTEN.map(({ text }) => text.slice(0, 300))),
      fc.string({ maxLength: 12 }),
    ),
    { maxLength: 40 },
  )
  .map((pieces) => pieces.join(''));

describe('reassembly never throws on data', () => {
  test.each([
    ['an empty string', ''],
    ['no bytes', new Uint8Array()],
    ['no events', []],
  ])('%s: cut, no events, and a note', (_name, input) => {
    expect(reassembleStream(input)).toEqual({
      kind: 'reassembled-stream',
      recognised: false,
      surface: 'openai-chat',
      response: { id: '', object: 'chat.completion', created: 0, model: '', choices: [] },
      state: 'cut',
      openCalls: [],
      error: null,
      events: 0,
      notes: ['the input held no events'],
    });
  });

  property([fc.anything()], { numRuns: 300 })('any value at all', (input) => {
    expectWellFormed(reassembleStream(input as never));
  });

  property([fc.array(fc.anything(), { maxLength: 20 })], { numRuns: 300 })(
    'any array of values',
    (events) => {
      expectWellFormed(reassembleStream(events));
    },
  );

  property([sseLike], { numRuns: 500 })('any text made of SSE pieces', (text) => {
    expectWellFormed(reassembleStream(text));
  });

  property([fc.uint8Array({ maxLength: 200 })], { numRuns: 200 })(
    'any bytes, valid UTF-8 or not',
    (bytes) => {
      expectWellFormed(reassembleStream(bytes));
    },
  );

  property(
    [
      fc.shuffledSubarray(REAL_EVENTS),
      fc.array(fc.oneof(fc.anything(), fc.constantFrom('[DONE]', 'not json', '{}')), {
        maxLength: 5,
      }),
    ],
    { numRuns: 300 },
  )('real events of every surface, dropped, reordered and mixed with junk', (events, junk) => {
    const stream = reassembleStream([...junk, ...events]);
    expectWellFormed(stream);
    expect(stream.events).toBe(events.length + junk.length);
  });

  property([fc.shuffledSubarray(REAL_EVENTS), fc.integer({ min: -5, max: 100 })], {
    numRuns: 200,
  })(
    'completedCalls and the stateful reader, at any point of any event sequence',
    (events, upTo) => {
      const progress = completedCalls(events, upTo);
      expect(Array.isArray(progress.complete) && Array.isArray(progress.arriving)).toBe(true);
      const reader = createStreamReader();
      for (const event of events) {
        reader.push(event);
        reader.progress();
      }
      expectWellFormed(reader.result());
    },
  );

  test('completedCalls takes any upTo: NaN reads every event, the infinities clamp, a fraction rounds down; a non-array reads nothing', () => {
    // The Chat stream: events 0-2 write call_weather, event 3 starts call_time (which completes
    // call_weather), event 5 finishes both.
    const events = parsedEvents(HAND_WRITTEN[0].text);
    const upTo = (at: number) => {
      const { complete, arriving } = completedCalls(events, at);
      const said = (call: { callId: string | null; arguments: string }) =>
        `${call.callId} ${call.arguments}`;
      return { complete: complete.map(said), arriving: arriving.map(said) };
    };
    const everything = {
      complete: ['call_weather {"city": "Zürich 🌧"}', 'call_time {"zone": "Europe/Zürich"}'],
      arriving: [],
    };
    expect(upTo(Number.NaN)).toEqual(everything);
    expect(upTo(Number.POSITIVE_INFINITY)).toEqual(everything);
    expect(upTo(Number.NEGATIVE_INFINITY)).toEqual({ complete: [], arriving: [] });
    expect(upTo(2.7)).toEqual({ complete: [], arriving: ['call_weather {"city": "Zürich 🌧"}'] });
    expect(upTo(-0)).toEqual({ complete: [], arriving: ['call_weather '] });
    expect(completedCalls('nope' as never)).toEqual({ complete: [], arriving: [] });
  });

  test('an async source of junk, and a value that is no source, give results with notes', async () => {
    expectWellFormed(await reassembleStreamAsync(piecesOf([1, null, { x: 1 }, 'data: {}\n\n'])));
    const notASource = await reassembleStreamAsync(42 as never);
    expectWellFormed(notASource);
    expect(notASource.notes[0]).toBe(
      'expected a ReadableStream or an async iterable; got a number',
    );
  });

  test('a stream passed to the synchronous reader is noted with a pointer to the async one', () => {
    const stream = reassembleStream(piecesOf([]) as never);
    expect(stream.notes[0]).toBe(
      'expected SSE text, its bytes, or an array of events; got a stream (use reassembleStreamAsync for a stream)',
    );
  });

  test('hostile keys stay data: a streamed __proto__ path becomes an own key, not a prototype change', () => {
    const stream = reassembleStream([
      {
        candidates: [{ content: { parts: [{ functionCall: { name: 'f', willContinue: true } }] } }],
      },
      {
        candidates: [
          {
            content: {
              parts: [
                {
                  functionCall: {
                    partialArgs: [{ jsonPath: '$.__proto__.polluted', boolValue: true }],
                  },
                },
              ],
            },
            finishReason: 'STOP',
          },
        ],
      },
      JSON.parse('{"candidates":[],"__proto__":{"polluted":true}}'),
    ]);
    expect(({} as { polluted?: boolean }).polluted).toBeUndefined();
    const parts = (
      stream.response.candidates as Array<{
        content: { parts: Array<{ functionCall: { args: object } }> };
      }>
    )[0]!.content.parts;
    expect(Object.hasOwn(parts[0]!.functionCall.args, '__proto__')).toBe(true);
    expect(Object.getPrototypeOf(stream.response)).toBe(Object.prototype);
  });

  test('only a wrong surface throws, from every entry point', async () => {
    const message =
      /^tool-call-health: .*must be one of 'openai-responses', 'openai-chat', 'anthropic-messages', 'gemini', 'bedrock-converse'; got /;
    expect(() => reassembleStream([], { surface: 'claude' as never })).toThrow(message);
    expect(() => completedCalls([], 0, { surface: 42 as never })).toThrow(TypeError);
    expect(() => createStreamReader('vertex' as never)).toThrow(message);
    await expect(reassembleStreamAsync(piecesOf([]), { surface: 'x' as never })).rejects.toThrow(
      message,
    );
    expect(() => reassembleStream([], { surface: undefined })).not.toThrow();
  });
});

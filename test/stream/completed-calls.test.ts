import { describe, expect, test } from 'vitest';
import { completedCalls, createStreamReader } from '../../src/index.js';
import {
  ANTHROPIC_SSE,
  CHAT_SSE,
  CORPUS_PRESENT,
  corpusEvents,
  parsedEvents,
  RESPONSES_SSE,
} from './streams.js';

/** The few fields of each surface's events that carry its done markers. */
interface Event {
  type?: string;
  index?: number;
  choices?: Array<{
    delta?: { tool_calls?: Array<{ id?: string }> };
    finish_reason?: string | null;
  }>;
  item?: { type?: string; id?: string; call_id?: string };
  item_id?: string;
  content_block?: { type?: string; id?: string };
  candidates?: Array<{
    content?: {
      parts?: Array<{
        text?: string;
        functionCall?: { name?: string; willContinue?: boolean; partialArgs?: object[] };
      }>;
    };
    finishReason?: string;
  }>;
}

/** When a call began and when its provider said it was finished, in event indexes. */
interface Marked {
  key: string;
  start: number;
  done: number | null;
}

/**
 * The provider's own done markers, found directly from the events, independent of the library:
 * Chat: the next tool call index starting, or finish_reason; Responses: the arguments' .done or
 * the item's output_item.done; Anthropic: content_block_stop; Gemini: a whole functionCall part,
 * or the first part without willContinue after a streamed one began.
 */
function doneMarkers(events: Event[]): Marked[] {
  const calls: Marked[] = [];
  const finish = (index: number, filter: (call: Marked) => boolean) => {
    for (const call of calls) if (call.done === null && filter(call)) call.done = index;
  };
  events.forEach((event, index) => {
    for (const choice of event.choices ?? []) {
      for (const delta of choice.delta?.tool_calls ?? []) {
        if (!calls.some((call) => call.key === delta.id) && delta.id) {
          finish(index, () => true);
          calls.push({ key: delta.id, start: index, done: null });
        }
      }
      if (choice.finish_reason) finish(index, () => true);
    }
    if (event.type === 'response.output_item.added' && event.item?.type === 'function_call') {
      calls.push({ key: event.item.call_id ?? '', start: index, done: null });
    }
    if (
      event.type === 'response.function_call_arguments.done' ||
      event.type === 'response.output_item.done'
    ) {
      const id = event.item_id ?? event.item?.id;
      const added = events.find(
        (other) => other.type === 'response.output_item.added' && other.item?.id === id,
      );
      finish(index, (call) => call.key === added?.item?.call_id);
    }
    if (event.type === 'content_block_start' && event.content_block?.type === 'tool_use') {
      calls.push({ key: event.content_block.id ?? '', start: index, done: null });
    }
    if (event.type === 'content_block_stop') {
      const started = events.find(
        (other) => other.type === 'content_block_start' && other.index === event.index,
      );
      finish(index, (call) => call.key === started?.content_block?.id);
    }
    for (const part of event.candidates?.[0]?.content?.parts ?? []) {
      const call = part.functionCall;
      if (call === undefined) continue;
      const open = calls.find((marked) => marked.done === null);
      if (open === undefined && call.name) {
        calls.push({
          key: `${call.name}#${calls.length}`,
          start: index,
          done: call.willContinue ? null : index,
        });
      } else if (open !== undefined && !call.willContinue) {
        open.done = index;
      }
    }
  });
  return calls;
}

/** The library's answer in the same terms: keys of complete and arriving calls. */
function keysAt(events: Event[], upTo: number) {
  const progress = completedCalls(events, upTo);
  const key = (call: { callId: string | null; name: string }) => call.callId ?? `${call.name}#?`;
  return {
    complete: progress.complete.map(key),
    arriving: progress.arriving.map(key),
    json: progress.complete.map((call) => call.json),
  };
}

function expectMarkersAtEveryEvent(events: Event[]): void {
  const marked = doneMarkers(events);
  expect(marked.length).toBeGreaterThanOrEqual(2);
  // Gemini calls have no id: compare them by name, in order.
  const shown = (call: Marked) =>
    call.key.includes('#') ? `${call.key.split('#')[0]}#?` : call.key;
  for (let upTo = 0; upTo < events.length; upTo++) {
    const expected = {
      complete: marked.filter((call) => call.done !== null && call.done <= upTo).map(shown),
      arriving: marked
        .filter((call) => call.start <= upTo && (call.done === null || call.done > upTo))
        .map(shown),
    };
    const actual = keysAt(events, upTo);
    expect({ complete: actual.complete, arriving: actual.arriving }, `after event ${upTo}`).toEqual(
      expected,
    );
    // A call the provider finished holds whole JSON in these streams.
    expect(actual.json.every((state) => state === 'parses')).toBe(true);
  }
}

/** A Vertex stream whose two calls' arguments arrive in pieces. */
const STREAMED_GEMINI: Event[] = [
  {
    candidates: [
      { content: { parts: [{ functionCall: { name: 'get_weather', willContinue: true } }] } },
    ],
  },
  {
    candidates: [
      {
        content: {
          parts: [
            {
              functionCall: {
                partialArgs: [{ jsonPath: '$.city', stringValue: 'Os', willContinue: true }],
                willContinue: true,
              },
            },
          ],
        },
      },
    ],
  },
  {
    candidates: [
      {
        content: {
          parts: [
            {
              functionCall: {
                partialArgs: [{ jsonPath: '$.city', stringValue: 'lo' }],
                willContinue: true,
              },
            },
          ],
        },
      },
    ],
  },
  { candidates: [{ content: { parts: [{ functionCall: {} }] } }] },
  {
    candidates: [
      { content: { parts: [{ functionCall: { name: 'get_time', willContinue: true } }] } },
    ],
  },
  {
    candidates: [
      {
        content: {
          parts: [{ functionCall: { partialArgs: [{ jsonPath: '$.zone', stringValue: 'CET' }] } }],
        },
      },
    ],
  },
  { candidates: [{ content: { parts: [{ text: '' }] }, finishReason: 'STOP' }] },
];

describe('completedCalls at every event index matches the provider’s done markers', () => {
  test.each([
    ['openai-chat (the next index starting, then finish_reason)', parsedEvents(CHAT_SSE)],
    ['openai-responses (function_call_arguments.done)', parsedEvents(RESPONSES_SSE)],
    ['anthropic-messages (content_block_stop)', parsedEvents(ANTHROPIC_SSE)],
    ['gemini (a part without willContinue closes a streamed call)', STREAMED_GEMINI],
  ] as Array<[string, Event[]]>)('%s', (_name, events) => {
    expectMarkersAtEveryEvent(events);
  });

  test.skipIf(!CORPUS_PRESENT)(
    `recorded Gemini streams with several calls${CORPUS_PRESENT ? '' : ' (skipped: ../shared/corpora not found)'}`,
    () => {
      for (const file of [
        'google/src/__fixtures__/google-stream-no-args-tool-call.chunks.txt',
        'google/src/__fixtures__/google-stream-tool-call-arguments.chunks.txt',
      ]) {
        expectMarkersAtEveryEvent(corpusEvents(file) as Event[]);
      }
    },
  );

  test('a call still arriving carries the text so far and its JSON verdict', () => {
    const events = parsedEvents(CHAT_SSE);
    expect(completedCalls(events, 1)).toEqual({
      complete: [],
      arriving: [
        {
          at: 'choices[0].message.tool_calls[0]',
          name: 'get_weather',
          callId: 'call_weather',
          arguments: '{"city": "Z',
          json: 'truncated',
        },
      ],
    });
  });

  test('upTo defaults to the last event, is clamped to the array, and a negative one reads nothing', () => {
    const events = parsedEvents(ANTHROPIC_SSE);
    const all = completedCalls(events);
    expect(all.complete.map((call) => call.name)).toEqual(['get_weather', 'get_time']);
    expect(completedCalls(events, 10_000)).toEqual(all);
    expect(completedCalls(events, -1)).toEqual({ complete: [], arriving: [] });
  });
});

describe('createStreamReader lets a property test hold streaming code to the provider’s markers', () => {
  /** Streaming code with a classic bug: it dispatches a Gemini call as soon as it sees its name. */
  function eagerDispatcher() {
    const dispatched: string[] = [];
    return {
      dispatched,
      onFrame(frame: Event) {
        for (const part of frame.candidates?.[0]?.content?.parts ?? []) {
          if (part.functionCall?.name) dispatched.push(part.functionCall.name);
        }
      },
    };
  }

  /** The same code done right: it dispatches what the reader says is complete, once. */
  function carefulDispatcher() {
    const reader = createStreamReader('gemini');
    const dispatched: string[] = [];
    return {
      dispatched,
      onFrame(frame: Event) {
        reader.push(frame);
        for (const call of reader.progress().complete.slice(dispatched.length))
          dispatched.push(call.name);
      },
    };
  }

  /** Feeds the frames to the code and to a reader; returns where the code ran ahead of the provider. */
  function earlyDispatches(code: { dispatched: string[]; onFrame(frame: Event): void }) {
    const reader = createStreamReader();
    const early: string[] = [];
    STREAMED_GEMINI.forEach((frame, index) => {
      reader.push(frame);
      code.onFrame(frame);
      const complete = reader.progress().complete.map((call) => call.name);
      const ahead = code.dispatched.filter((name, position) => complete[position] !== name);
      if (ahead.length > 0) early.push(`after frame ${index}: ${ahead.join(', ')}`);
    });
    return early;
  }

  test('the eager dispatcher is caught dispatching calls whose arguments were still arriving', () => {
    expect(earlyDispatches(eagerDispatcher())).toEqual([
      'after frame 0: get_weather',
      'after frame 1: get_weather',
      'after frame 2: get_weather',
      'after frame 4: get_time',
    ]);
  });

  test('the careful dispatcher never runs ahead, and dispatches every call in the end', () => {
    const careful = carefulDispatcher();
    expect(earlyDispatches(careful)).toEqual([]);
    expect(careful.dispatched).toEqual(['get_weather', 'get_time']);
  });

  test('the reader detects its surface from the first event that shows one, and its result is the reassembled stream', () => {
    const reader = createStreamReader();
    expect(reader.surface).toBeNull();
    for (const event of parsedEvents(RESPONSES_SSE)) reader.push(event);
    expect(reader.surface).toBe('openai-responses');
    expect(reader.result()).toMatchObject({ state: 'complete', events: 14 });
  });
});

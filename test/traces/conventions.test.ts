/**
 * Each convention's model-call span, produced by the OpenTelemetry SDK with the attributes set
 * by hand as its instrumentation writes them, read in each of the three forms the SDK gives
 * (finished spans, the console exporter's attribute maps, OTLP/JSON): the same findings in all.
 */
import type { ReadableSpan } from '@opentelemetry/sdk-trace-base';
import { describe, expect, test } from 'vitest';
import {
  diagnoseCalls,
  diagnoseStrictGuarantee,
  diagnoseTruncation,
  readTurns,
} from '../../src/index.js';
import { attributeMaps, CONVENTIONS, type ModelCall, otlpJson, tracing } from './support.js';

const FORMS = {
  'finished spans': (spans: ReadableSpan[]) => spans,
  'attribute maps': attributeMaps,
  'OTLP/JSON': otlpJson,
} as const;

/**
 * What a test expects of one model call: each call's state, the truncation and strict states. A
 * sound call is `dispatchable-unconstrained`: no span records a strict flag, so nothing is known
 * to have held it to its schema.
 */
interface Expected {
  calls: string[];
  truncation: string;
  strict?: string;
}

const SCENARIOS: [string, ModelCall, Expected][] = [
  [
    'a dispatchable call',
    {
      calls: [{ id: 'call_1', name: 'get_weather', arguments: { city: 'Paris' } }],
      finish: 'tool_calls',
    },
    { calls: ['dispatchable-unconstrained'], truncation: 'complete', strict: 'strict-unrecorded' },
  ],
  [
    'a schema-breaking call',
    {
      calls: [{ id: 'call_1', name: 'get_weather', arguments: { city: 42 } }],
      finish: 'tool_calls',
    },
    { calls: ['arguments-violate-schema'], truncation: 'complete' },
  ],
  [
    'a call cut by the ceiling (finish reason length)',
    {
      calls: [{ id: 'call_1', name: 'get_weather', arguments: '{"city": "Par' }],
      finish: 'length',
      maxTokens: 16,
      outputTokens: 16,
    },
    { calls: ['arguments-truncated'], truncation: 'truncated-by-length' },
  ],
  [
    'a call whose provider said max_tokens',
    {
      calls: [{ id: 'call_1', name: 'get_weather', arguments: { city: 'Paris' } }],
      finish: 'max_tokens',
    },
    { calls: ['turn-cut'], truncation: 'truncated-by-length' },
  ],
  [
    'output tokens at the ceiling under a finish that says stop',
    {
      calls: [{ id: 'call_1', name: 'get_weather', arguments: '{"city": "Paris"}' }],
      finish: 'stop',
      maxTokens: 64,
      outputTokens: 64,
    },
    { calls: ['turn-cut'], truncation: 'ceiling-unreported' },
  ],
  [
    'an unknown tool',
    {
      calls: [{ id: 'call_1', name: 'get_wether', arguments: { city: 'Paris' } }],
      finish: 'tool_calls',
    },
    { calls: ['unknown-tool'], truncation: 'complete' },
  ],
  [
    'missing tool definitions',
    {
      calls: [{ id: 'call_1', name: 'get_weather', arguments: { city: 'Paris' } }],
      finish: 'tool_calls',
      tools: null,
    },
    { calls: ['dispatchable-unconstrained'], truncation: 'complete', strict: 'no-tools' },
  ],
  [
    'arguments as a JSON string',
    { calls: [{ id: 'call_1', name: 'get_weather', arguments: '{"city":"Oslo","unit":"c"}' }] },
    { calls: ['dispatchable-unconstrained'], truncation: 'complete' },
  ],
  [
    'two calls in one turn, with no finish reason at all',
    {
      calls: [
        { id: 'call_1', name: 'get_weather', arguments: { city: 'Paris' } },
        { id: 'call_2', name: 'get_weather', arguments: { city: 'Oslo' } },
      ],
    },
    {
      calls: ['dispatchable-unconstrained', 'dispatchable-unconstrained'],
      truncation: 'complete',
      strict: 'strict-unrecorded',
    },
  ],
];

describe.each(Object.entries(CONVENTIONS))('%s', (_, convention) => {
  describe.each(Object.entries(FORMS))('as %s', (_form, asForm) => {
    test.each(SCENARIOS)('%s', (_name, call, expected) => {
      const { span } = tracing();
      const input = asForm([span(convention.name, convention.attributes(call))]);
      expect(diagnoseCalls(input).map((verdict) => verdict.state)).toEqual(expected.calls);
      expect(diagnoseTruncation(input).state).toBe(expected.truncation);
      if (expected.strict !== undefined) {
        expect(diagnoseStrictGuarantee(input).state).toBe(expected.strict);
      }
    });
  });
});

describe('the three spellings of the tool-call finish', () => {
  test.each(['tool_call', 'tool_calls', 'tool-calls'])('%s reads as a finish', (word) => {
    const { span } = tracing();
    const call = {
      calls: [{ id: 'call_1', name: 'get_weather', arguments: { city: 'Paris' } }],
      finish: word,
    };
    const read = readTurns(span('chat', CONVENTIONS['GenAI semconv'].attributes(call)));
    expect(read.ok && read.turns[0]?.turn.stop).toEqual({
      kind: 'finished',
      said: `gen_ai.output.messages[0].finish_reason "${word}"`,
    });
  });
});

describe('each model-call span is one turn, named by its trace and span ids', () => {
  test('the turn is named trace[...].span[...] and its calls are placed under it', () => {
    const { span } = tracing();
    const finished = span(
      'chat',
      CONVENTIONS['GenAI semconv'].attributes({
        calls: [{ id: 'call_1', name: 'get_weather', arguments: { city: 'Paris' } }],
      }),
    );
    const { traceId, spanId } = finished.spanContext();
    const read = readTurns([finished]);
    expect(read.ok && read.turns.map(({ at }) => at)).toEqual([
      `trace[${traceId}].span[${spanId}]`,
    ]);
    expect(read.ok && read.turns[0]?.turn).toMatchObject({ surface: 'otel', provider: 'openai' });
    expect(read.ok && read.turns[0]?.turn.calls[0]?.at).toBe(
      `trace[${traceId}].span[${spanId}].gen_ai.output.messages[0].parts[0]`,
    );
  });
});

/**
 * What real exports hold, each produced by the OpenTelemetry SDK with its attributes set as the
 * instrumentations write them (and one Langfuse export, written from its documented format):
 * agent spans that repeat their children's calls, spans of no model, broken JSON, a call
 * recorded twice, and the matchers taking the exporter's spans as they are.
 */
import { describe, expect, test } from 'vitest';
import { diagnoseCalls, diagnoseStrictGuarantee, readTurns } from '../../src/index.js';
import { isTraceExport } from '../../src/traces/index.js';
import '../../src/vitest.js';
import { genAiAttributes, otlpJson, tracing, WEATHER } from './support.js';

const PARIS = { calls: [{ id: 'call_1', name: 'get_weather', arguments: { city: 'Paris' } }] };

describe('an agent span repeating its child calls', () => {
  test('counts each call once: the model-call span is the turn', () => {
    const { span, exporter } = tracing();
    const attributes = genAiAttributes(PARIS);
    span('chat gpt-4.1-mini', attributes);
    // An invoke_agent span that copies the model's output (as agent frameworks do) is no turn.
    span('invoke_agent weather', { ...attributes, 'gen_ai.operation.name': 'invoke_agent' });
    span('execute_tool get_weather', {
      'gen_ai.operation.name': 'execute_tool',
      'gen_ai.tool.name': 'get_weather',
      'gen_ai.tool.call.id': 'call_1',
    });
    const spans = exporter.getFinishedSpans();
    for (const input of [spans, otlpJson(spans)]) {
      expect(diagnoseCalls(input).map((verdict) => verdict.name)).toEqual(['get_weather']);
      const read = readTurns(input);
      expect(read.ok && read.turns[0]?.turn.notes).toContain(
        'skipped beside the 1 model-call span: 2 spans around model calls (agents, tools, workflows), whose calls their model-call spans hold',
      );
    }
  });

  test('spans of no model at all are skipped and counted; with none left, said so', () => {
    const { span, exporter } = tracing();
    span('GET /orders', { 'http.request.method': 'GET' });
    span('SELECT orders', { 'db.system.name': 'postgresql' });
    const read = readTurns(exporter.getFinishedSpans());
    expect(read.ok).toBe(false);
    expect(!read.ok && read.problem).toContain(
      'the spans hold no model call (2 spans with no GenAI attributes)',
    );
  });
});

describe('what real exports hold', () => {
  test('an attribute of invalid JSON is a note on its span, and the rest is read', () => {
    const { span } = tracing();
    const read = readTurns(
      span('chat', {
        ...genAiAttributes(PARIS),
        'gen_ai.tool.definitions': '[{"type":"function",',
      }),
    );
    expect(read.ok && read.turns[0]?.turn.notes[0]).toMatch(
      /^gen_ai\.tool\.definitions holds text that is not valid JSON \(.+\); not read$/,
    );
    expect(read.ok && read.turns[0]?.turn.calls.map((call) => call.name)).toEqual(['get_weather']);
  });

  test('the same call recorded twice on one span is one call', () => {
    const { span } = tracing();
    const twice = { calls: [...PARIS.calls, ...PARIS.calls] };
    expect(diagnoseCalls(span('chat', genAiAttributes(twice)))).toHaveLength(1);
  });

  test('a call id equal to the tool name keeps both calls: such ids do not tell calls apart', () => {
    const { span } = tracing();
    const byName = {
      calls: [
        { id: 'get_weather', name: 'get_weather', arguments: { city: 'Paris' } },
        { id: 'get_weather', name: 'get_weather', arguments: { city: 'Oslo' } },
      ],
    };
    expect(diagnoseCalls(span('chat', genAiAttributes(byName)))).toHaveLength(2);
  });

  test('arguments left out (as instrumentations drop {}) read as {}, with a note', () => {
    const { span } = tracing();
    const read = readTurns(
      span('chat', genAiAttributes({ calls: [{ id: 'call_1', name: 'get_weather' }] })),
    );
    expect(read.ok && read.turns[0]?.turn.calls[0]?.arguments).toEqual({
      form: 'object',
      value: {},
    });
    expect(
      diagnoseCalls(
        span('chat', genAiAttributes({ calls: [{ id: 'c', name: 'get_weather' }] })),
      ).map((verdict) => verdict.state),
    ).toEqual(['arguments-violate-schema']);
  });

  test('no strict flag: the strict diagnosis says it cannot tell, and why', () => {
    const { span } = tracing();
    const diagnosis = diagnoseStrictGuarantee(span('chat', genAiAttributes(PARIS)));
    expect(diagnosis.state).toBe('strict-unrecorded');
    expect(diagnosis.detail).toContain(
      "This OpenTelemetry span payload (provider openai) records 1 tool and no strict flag: no tracing convention records the request's strict flag",
    );
  });
});

describe('the matchers take the exporter’s spans', () => {
  test('expect(exporter.getFinishedSpans()).toBeDispatchable() passes on a sound call', () => {
    const { span, exporter } = tracing();
    span('chat', genAiAttributes(PARIS));
    expect(exporter.getFinishedSpans()).toBeDispatchable();
  });

  test('and fails on a schema-breaking one', () => {
    const { span, exporter } = tracing();
    span(
      'chat',
      genAiAttributes({ calls: [{ id: 'call_1', name: 'get_weather', arguments: { city: 42 } }] }),
    );
    expect(exporter.getFinishedSpans()).not.toBeDispatchable();
  });
});

describe('Langfuse observations', () => {
  // The public API's observations page (https://api.reference.langfuse.com/#tag/observations,
  // read 2026-12-03): Langfuse moves gen_ai.output.messages into its own output, and keeps the
  // other span attributes as JSON text in metadata.attributes.
  const page = {
    data: [
      {
        id: 'obs-gen-1',
        traceId: 'b1c2d3e4f5a6b7c8d9e0f1a2b3c4d5e6',
        type: 'GENERATION',
        name: 'chat gpt-4.1-mini',
        model: 'gpt-4.1-mini',
        modelParameters: { max_tokens: 16 },
        usageDetails: { input: 120, output: 16, total: 136 },
        input: [{ role: 'user', parts: [{ type: 'text', content: 'Weather in Paris?' }] }],
        output: [
          {
            role: 'assistant',
            parts: [
              { type: 'tool_call', id: 'call_1', name: 'get_weather', arguments: '{"city": "Par' },
            ],
            finish_reason: 'length',
          },
        ],
        metadata: JSON.stringify({
          attributes: {
            'gen_ai.operation.name': 'chat',
            'gen_ai.provider.name': 'openai',
            'gen_ai.tool.definitions': JSON.stringify([
              { type: 'function', name: 'get_weather', parameters: WEATHER },
            ]),
          },
          resourceAttributes: { 'service.name': 'weather-agent' },
        }),
      },
      {
        id: 'obs-agent-1',
        traceId: 'b1c2d3e4f5a6b7c8d9e0f1a2b3c4d5e6',
        type: 'AGENT',
        name: 'invoke_agent weather',
        metadata: JSON.stringify({ attributes: { 'gen_ai.operation.name': 'invoke_agent' } }),
        input: null,
        output: null,
      },
    ],
    meta: { page: 1, limit: 50, totalItems: 2, totalPages: 1 },
  };

  test('a generation cut by its ceiling, read from Langfuse’s output; the agent is not counted', () => {
    expect(diagnoseCalls(page).map((verdict) => verdict.state)).toEqual(['arguments-truncated']);
    const read = readTurns(page);
    expect(read.ok && read.turns.map(({ at }) => at)).toEqual([
      'trace[b1c2d3e4f5a6b7c8d9e0f1a2b3c4d5e6].span[obs-gen-1]',
    ]);
    expect(read.ok && read.turns[0]?.turn).toMatchObject({
      maxOutputTokens: 16,
      outputTokens: 16,
      stop: { kind: 'ceiling', said: 'output[0].finish_reason "length"' },
    });
  });

  test('a logger’s plain { input, output } pair is no observation', () => {
    expect(isTraceExport({ input: { model: 'gpt-4.1-mini' }, output: { id: 'chatcmpl-1' } })).toBe(
      false,
    );
    expect(isTraceExport(page.data[0])).toBe(true);
  });
});

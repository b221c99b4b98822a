/**
 * Spans produced by the OpenTelemetry SDK itself: a tracer over an in-memory exporter, and the
 * three forms the same finished spans take: the `ReadableSpan`s, the attribute maps the SDK's
 * console exporter prints (as JSON text, as a backend hands them over), and the OTLP/JSON the
 * OTLP exporters send (`JsonTraceSerializer`, as `@opentelemetry/exporter-trace-otlp-http` does).
 */
import { JsonTraceSerializer } from '@opentelemetry/otlp-transformer';
import {
  BasicTracerProvider,
  ConsoleSpanExporter,
  InMemorySpanExporter,
  type ReadableSpan,
  SimpleSpanProcessor,
} from '@opentelemetry/sdk-trace-base';

export type Attributes = Record<string, string | number | boolean | string[]>;

/** A tracer whose finished spans stay in memory. */
export function tracing() {
  const exporter = new InMemorySpanExporter();
  const provider = new BasicTracerProvider({ spanProcessors: [new SimpleSpanProcessor(exporter)] });
  const tracer = provider.getTracer('tool-call-health-tests');
  return {
    exporter,
    tracer,
    /** One finished span with these attributes, set by hand as an instrumentation would. */
    span(name: string, attributes: Attributes): ReadableSpan {
      const span = tracer.startSpan(name);
      span.setAttributes(attributes);
      span.end();
      const spans = exporter.getFinishedSpans();
      return spans[spans.length - 1] as ReadableSpan;
    },
  };
}

/** The attribute maps the SDK's console exporter prints, through JSON as a file would hold them. */
export function attributeMaps(spans: readonly ReadableSpan[]): unknown[] {
  const exporter = new ConsoleSpanExporter() as unknown as {
    _exportInfo(span: ReadableSpan): unknown;
  };
  return JSON.parse(JSON.stringify(spans.map((span) => exporter._exportInfo(span))));
}

/** The OTLP/JSON document an OTLP/HTTP JSON exporter sends for these spans. */
export function otlpJson(spans: readonly ReadableSpan[]): Record<string, unknown> {
  const bytes = JsonTraceSerializer.serializeRequest([...spans]) as Uint8Array;
  return JSON.parse(new TextDecoder().decode(bytes));
}

/** A tool's JSON Schema, as the requests in these tests declare it. */
export const WEATHER = {
  type: 'object',
  properties: { city: { type: 'string' }, unit: { enum: ['c', 'f'] } },
  required: ['city'],
  additionalProperties: false,
};

/** One model call as a test describes it; each convention writes it in its own attributes. */
export interface ModelCall {
  calls: { id: string; name: string; arguments?: unknown }[];
  finish?: string;
  /** `null`: the span records no tool definitions. */
  tools?: { name: string; schema: unknown }[] | null;
  maxTokens?: number;
  outputTokens?: number;
}

const TOOLS = [{ name: 'get_weather', schema: WEATHER }];

/** A model call cut by its ceiling mid-arguments, as the CLI tests export it. */
export const CUT_CALL: ModelCall = {
  calls: [{ id: 'call_1', name: 'get_weather', arguments: '{"city": "Par' }],
  finish: 'length',
  maxTokens: 16,
};

/** The GenAI conventions' current attributes (`gen_ai.output.messages`, `gen_ai.tool.definitions`). */
export function genAiAttributes(call: ModelCall): Attributes {
  const tools = call.tools === undefined ? TOOLS : call.tools;
  return {
    'gen_ai.operation.name': 'chat',
    'gen_ai.provider.name': 'openai',
    'gen_ai.request.model': 'gpt-4.1-mini',
    'gen_ai.output.messages': JSON.stringify([
      {
        role: 'assistant',
        parts: call.calls.map((c) => ({
          type: 'tool_call',
          id: c.id,
          name: c.name,
          ...(c.arguments === undefined ? {} : { arguments: c.arguments }),
        })),
        ...(call.finish === undefined ? {} : { finish_reason: call.finish }),
      },
    ]),
    ...(tools === null
      ? {}
      : {
          'gen_ai.tool.definitions': JSON.stringify(
            tools.map((t) => ({ type: 'function', name: t.name, parameters: t.schema })),
          ),
        }),
    ...(call.maxTokens === undefined ? {} : { 'gen_ai.request.max_tokens': call.maxTokens }),
    ...(call.outputTokens === undefined ? {} : { 'gen_ai.usage.output_tokens': call.outputTokens }),
  };
}

/** Arguments as attribute text: a string is the model's own text, anything else its JSON. */
function argumentText(value: unknown): string | undefined {
  return value === undefined
    ? undefined
    : typeof value === 'string'
      ? value
      : JSON.stringify(value);
}

/** The older indexed attributes OpenLLMetry writes (`gen_ai.completion.0.tool_calls.0.name`). */
export function openLlmetryAttributes(call: ModelCall): Attributes {
  const tools = call.tools === undefined ? TOOLS : call.tools;
  const attributes: Attributes = {
    'llm.request.type': 'chat',
    'gen_ai.system': 'openai',
    'gen_ai.request.model': 'gpt-4.1-mini',
    'gen_ai.completion.0.role': 'assistant',
  };
  if (call.finish !== undefined) attributes['gen_ai.completion.0.finish_reason'] = call.finish;
  call.calls.forEach((c, index) => {
    const prefix = `gen_ai.completion.0.tool_calls.${index}`;
    attributes[`${prefix}.id`] = c.id;
    attributes[`${prefix}.name`] = c.name;
    const text = argumentText(c.arguments);
    if (text !== undefined) attributes[`${prefix}.arguments`] = text;
  });
  (tools ?? []).forEach((t, index) => {
    attributes[`llm.request.functions.${index}.name`] = t.name;
    attributes[`llm.request.functions.${index}.parameters`] = JSON.stringify(t.schema);
  });
  if (call.maxTokens !== undefined) attributes['gen_ai.request.max_tokens'] = call.maxTokens;
  if (call.outputTokens !== undefined)
    attributes['gen_ai.usage.completion_tokens'] = call.outputTokens;
  return attributes;
}

/** OpenInference's attributes (`llm.output_messages.0.message.tool_calls.0.tool_call.*`). */
export function openInferenceAttributes(call: ModelCall): Attributes {
  const tools = call.tools === undefined ? TOOLS : call.tools;
  const attributes: Attributes = {
    'openinference.span.kind': 'LLM',
    'llm.provider': 'openai',
    'llm.model_name': 'gpt-4.1-mini',
    'llm.output_messages.0.message.role': 'assistant',
  };
  call.calls.forEach((c, index) => {
    const prefix = `llm.output_messages.0.message.tool_calls.${index}.tool_call`;
    attributes[`${prefix}.id`] = c.id;
    attributes[`${prefix}.function.name`] = c.name;
    const text = argumentText(c.arguments);
    if (text !== undefined) attributes[`${prefix}.function.arguments`] = text;
  });
  (tools ?? []).forEach((t, index) => {
    attributes[`llm.tools.${index}.tool.json_schema`] = JSON.stringify({
      type: 'function',
      function: { name: t.name, parameters: t.schema },
    });
  });
  if (call.finish !== undefined) attributes['llm.finish_reason'] = call.finish;
  if (call.maxTokens !== undefined)
    attributes['llm.invocation_parameters'] = JSON.stringify({ max_tokens: call.maxTokens });
  if (call.outputTokens !== undefined) attributes['llm.token_count.completion'] = call.outputTokens;
  return attributes;
}

/** The conventions by name, for tables that run every one. */
export const CONVENTIONS = {
  'GenAI semconv': { name: 'chat gpt-4.1-mini', attributes: genAiAttributes },
  'OpenLLMetry indexed': { name: 'openai.chat', attributes: openLlmetryAttributes },
  OpenInference: { name: 'ChatCompletion', attributes: openInferenceAttributes },
} as const;

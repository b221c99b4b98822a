/**
 * OpenInference's own spans: the official OpenAI client, instrumented by
 * @arizeai/openinference-instrumentation-openai (as Phoenix and Arize users run it), answered by
 * the shipped Chat Completions recordings through msw, over the OpenTelemetry SDK's in-memory
 * exporter. What its LLM span holds (`llm.tools.N.tool.json_schema`,
 * `llm.output_messages.N.message.tool_calls.M.*`, `llm.token_count.*`,
 * `llm.invocation_parameters`, `output.value`) reads to the recording's own verdicts on its
 * calls and its truncation, in all three forms.
 */
import { OpenAIInstrumentation } from '@arizeai/openinference-instrumentation-openai';
import {
  BasicTracerProvider,
  InMemorySpanExporter,
  SimpleSpanProcessor,
} from '@opentelemetry/sdk-trace-base';
import { setupServer } from 'msw/node';
import * as openaiModule from 'openai';
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import { diagnoseCalls, diagnoseTruncation, readTurns } from '../../src/index.js';
import { recordedRequest, replay, SCENARIOS } from '../frameworks/ai-sdk/support.js';
import { attributeMaps, otlpJson } from './support.js';

const server = setupServer();
const exporter = new InMemorySpanExporter();
const provider = new BasicTracerProvider({ spanProcessors: [new SimpleSpanProcessor(exporter)] });
const instrumentation = new OpenAIInstrumentation({ tracerProvider: provider });
beforeAll(() => {
  // The client is imported as an ES module, which the require hook never sees: patched by hand,
  // as OpenInference's README says to do for ESM.
  // Its types name the client class; what it patches is the module's OpenAI export.
  instrumentation.manuallyInstrument(
    openaiModule as unknown as Parameters<typeof instrumentation.manuallyInstrument>[0],
  );
  server.listen({ onUnhandledRequest: 'error' });
});
afterEach(() => {
  server.resetHandlers();
  exporter.reset();
});
afterAll(() => {
  instrumentation.disable();
  server.close();
});

const scenarios = SCENARIOS.filter(
  (scenario) =>
    scenario.surface === 'openai-chat' &&
    !scenario.streamed &&
    (scenario.expect.calls?.length ?? 0) > 0 &&
    !scenario.name.endsWith('custom-tool-call'),
);

describe('the OpenAI client under OpenInference, over the recordings', () => {
  test('covers the recorded Chat scenarios with calls', () => {
    expect(scenarios.length).toBeGreaterThanOrEqual(5);
  });

  test.each(scenarios.map((scenario) => [scenario.name, scenario] as const))(
    '%s',
    async (_name, scenario) => {
      replay(server, scenario.file);
      const client = new openaiModule.OpenAI({
        apiKey: 'test-key-not-real',
        baseURL: 'https://api.openai.com/v1',
        maxRetries: 0,
      });
      const request = recordedRequest(scenario.file);
      await client.chat.completions.create(request as never);
      const spans = exporter.getFinishedSpans();
      expect(spans.map((span) => span.attributes['openinference.span.kind'])).toEqual(['LLM']);
      for (const input of [spans, attributeMaps(spans), otlpJson(spans)]) {
        const read = readTurns(input);
        expect(read.ok && read.turns.length).toBe(1);
        // OpenInference keeps each tool's whole JSON schema, strict flag included.
        expect(diagnoseCalls(input).map((verdict) => verdict.state)).toEqual(scenario.expect.calls);
        expect(diagnoseTruncation(input).state).toBe(scenario.expect.truncation);
      }
    },
  );
});

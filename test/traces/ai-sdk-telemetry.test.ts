/**
 * The AI SDK's own spans: the shipped recordings replayed through msw to the real `generateText`
 * (@ai-sdk/openai, @ai-sdk/anthropic) with `experimental_telemetry` on, over the OpenTelemetry
 * SDK's in-memory exporter. What the `ai.generateText.doGenerate` span holds (`ai.prompt.tools`,
 * `ai.response.toolCalls`, `ai.response.finishReason`, `ai.usage.outputTokens`,
 * `ai.settings.maxOutputTokens`) audits to what the recording's own exchange does, in all three
 * forms; the `ai.generateText` span around it, which repeats its calls, is not counted again.
 */
import { generateText } from 'ai';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import { diagnoseCalls, diagnoseTruncation, readTurns } from '../../src/index.js';
import { callOptions, recordedRequest, replay, SCENARIOS } from '../frameworks/ai-sdk/support.js';
import { attributeMaps, otlpJson, tracing } from './support.js';

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const THROUGH_THE_AI_SDK = new Set(['openai-chat', 'anthropic-messages']);
const scenarios = SCENARIOS.filter(
  (scenario) =>
    THROUGH_THE_AI_SDK.has(scenario.surface) &&
    !scenario.streamed &&
    (scenario.expect.calls?.length ?? 0) > 0 &&
    // A custom tool (a grammar) cannot be declared through the AI SDK.
    !scenario.name.endsWith('custom-tool-call'),
);

/** The spans one recorded call leaves, with the AI SDK's telemetry on. */
async function spansOf(file: string, surface: string) {
  replay(server, file);
  const { exporter, tracer } = tracing();
  await generateText({
    ...callOptions(surface, recordedRequest(file)),
    experimental_telemetry: { isEnabled: true, tracer },
  }).catch(() => undefined);
  return exporter.getFinishedSpans();
}

/**
 * The truncation a span can tell: a span turn names no tool_use block, so a call cut inside one
 * is the turn cut by its ceiling; its call is still read as cut.
 */
function asSpanSees(state: string | undefined): string | undefined {
  return state === 'truncated-tool-use' ? 'truncated-by-length' : state;
}

describe('generateText with experimental_telemetry, over the recordings', () => {
  test('covers the recorded Chat and Anthropic scenarios with calls', () => {
    expect(scenarios.length).toBeGreaterThanOrEqual(10);
  });

  test.each(scenarios.map((scenario) => [scenario.name, scenario] as const))(
    '%s',
    async (_name, scenario) => {
      const spans = await spansOf(scenario.file, scenario.surface);
      expect(spans.map((span) => span.name)).toContain('ai.generateText.doGenerate');
      for (const input of [spans, attributeMaps(spans), otlpJson(spans)]) {
        const read = readTurns(input);
        // The ai.generateText span repeats its step's calls: only the step's span is a turn.
        expect(read.ok && read.turns.length).toBe(1);
        const calls = diagnoseCalls(input).map((verdict) => verdict.state);
        // ai.prompt.tools keeps a tool's strict flag: the calls get the recording's own states.
        expect(calls).toEqual(scenario.expect.calls);
        expect(diagnoseTruncation(input).state).toBe(asSpanSees(scenario.expect.truncation));
      }
    },
  );
});

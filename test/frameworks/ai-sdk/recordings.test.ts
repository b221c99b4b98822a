/**
 * Every recorded OpenAI (Responses and Chat) and Anthropic scenario of the shipped corpus,
 * replayed to the real `generateText` through @ai-sdk/openai and @ai-sdk/anthropic: the result
 * the AI SDK hands back must get the manifest's verdicts, as the raw exchange does, because a
 * generateText step keeps the provider's own request and response bodies and those are read.
 * Custom tools (a grammar) cannot be declared through the AI SDK, so those two are left out.
 */
import { generateText } from 'ai';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import {
  diagnoseCalls,
  diagnoseStrictGuarantee,
  diagnoseTruncation,
  readTurns,
} from '../../../src/index.js';
import { callOptions, recordedRequest, replay, SCENARIOS } from './support.js';

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const THROUGH_THE_AI_SDK = new Set(['openai-responses', 'openai-chat', 'anthropic-messages']);
const scenarios = SCENARIOS.filter(
  (scenario) =>
    THROUGH_THE_AI_SDK.has(scenario.surface) &&
    !scenario.streamed &&
    !scenario.name.endsWith('custom-tool-call'),
);

describe('generateText over the recordings', () => {
  test('covers every recorded OpenAI and Anthropic scenario but custom tools', () => {
    expect(scenarios.length).toBeGreaterThanOrEqual(27);
  });

  test.each(scenarios.map((scenario) => [scenario.name, scenario] as const))(
    '%s',
    async (_name, scenario) => {
      replay(server, scenario.file);
      const request = recordedRequest(scenario.file);
      const result = await generateText(callOptions(scenario.surface, request));

      const read = readTurns(result);
      expect(read.ok && read.turns.map(({ at, turn }) => [at, turn.surface])).toEqual([
        ['steps[0]', scenario.surface],
      ]);
      expect(diagnoseCalls(result).map((verdict) => verdict.state)).toEqual(scenario.expect.calls);
      expect(diagnoseTruncation(result)).toMatchObject({
        state: scenario.expect.truncation,
        at: 'steps[0]',
      });
      expect(diagnoseStrictGuarantee(result)).toMatchObject({
        state: scenario.expect.strict,
        at: 'steps[0]',
      });
      // The step alone, and the list of steps, read the same.
      expect(diagnoseTruncation(result.steps[0]).state).toBe(scenario.expect.truncation);
      expect(diagnoseCalls(result.steps).map((verdict) => verdict.state)).toEqual(
        scenario.expect.calls,
      );
    },
  );
});

describe('repairs name the AI SDK setting, not the wire field', () => {
  test.each(['openai-responses/strict-void-fanout.har', 'openai-chat/strict-void-fanout.har'])(
    '%s: serialise the calls with the @ai-sdk/openai provider option',
    async (file) => {
      const scenario = scenarios.find((each) => each.file.endsWith(file));
      if (scenario === undefined) throw new Error(`no scenario ${file}`);
      replay(server, scenario.file);
      const result = await generateText(
        callOptions(scenario.surface, recordedRequest(scenario.file)),
      );
      const strict = diagnoseStrictGuarantee(result);
      expect(strict.state).toBe('strict-void');
      expect(strict.repairs[0]).toBe(
        'Set providerOptions: { openai: { parallelToolCalls: false } } wherever strict schemas matter; it defaults to true, so nobody chose this.',
      );
      // The same exchange handed over raw names the wire field.
      const [step] = result.steps;
      expect(
        diagnoseStrictGuarantee({ request: step?.request.body, response: step?.response.body })
          .repairs[0],
      ).toMatch(/^Set parallel_tool_calls: false /);
    },
  );
});

/**
 * The same recordings with the bodies left out of the steps (`experimental_include` off in ai 6;
 * ai 7 keeps none unless asked): each step is read from the AI SDK's normalised content, with
 * the ToolSet and the ceiling the team passed to generateText given as options. The calls and
 * the truncation verdict are the manifest's; the strict verdict needs the parallel setting the
 * request sent, which only its body says.
 */
describe('generateText over the recordings, bodies left out', () => {
  test.each(scenarios.map((scenario) => [scenario.name, scenario] as const))(
    '%s',
    async (_name, scenario) => {
      replay(server, scenario.file);
      const request = recordedRequest(scenario.file);
      const call = callOptions(scenario.surface, request);
      const result = await generateText({
        ...call,
        experimental_include: { requestBody: false, responseBody: false },
      });
      const options = {
        tools: call.tools,
        ...(call.maxOutputTokens === undefined ? {} : { maxOutputTokens: call.maxOutputTokens }),
      };
      expect(result.steps[0]?.response.body).toBeUndefined();
      expect(diagnoseCalls(result, options).map((verdict) => verdict.state)).toEqual(
        scenario.expect.calls,
      );
      expect(diagnoseTruncation(result, options).state).toBe(scenario.expect.truncation);
    },
  );
});

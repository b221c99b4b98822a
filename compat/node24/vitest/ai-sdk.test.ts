/**
 * The newest Vercel AI SDK (ai 7, whose models implement the next specification version, with
 * @ai-sdk/openai 4 and @ai-sdk/anthropic 4, all needing Node 22) against the packed tarball:
 * generateText and streamText over this package's recordings, served by msw 3, and the SDK's own
 * MockLanguageModelV4, each read as ai 6 results are, with the manifest's verdicts. The adapter
 * reads own fields only (a step's content, finishReason, rawFinishReason, usage, request and
 * response), which this proves still hold in ai 7.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { createAnthropic } from '@ai-sdk/anthropic';
import { createOpenAI } from '@ai-sdk/openai';
import { generateText, jsonSchema, stepCountIs, streamText, type ToolSet, tool } from 'ai';
import { MockLanguageModelV4 } from 'ai/test';
import { setupServer } from 'msw/node';
import {
  diagnoseCalls,
  diagnoseStrictGuarantee,
  diagnoseTruncation,
  readTurns,
} from 'tool-call-health';
import { readHar } from 'tool-call-health/har';
import { recordedHandlers } from 'tool-call-health/msw';
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import { z } from 'zod';

type Body = Record<string, unknown>;
const fixtures = (file: string) =>
  fileURLToPath(new URL(`../../../fixtures/${file}`, import.meta.url));
const manifest = JSON.parse(readFileSync(fixtures('manifest.json'), 'utf8')) as {
  scenarios: Array<{
    name: string;
    file: string;
    expect: { calls: string[]; truncation: string; strict: string };
  }>;
};

const msw = setupServer();
beforeAll(() => msw.listen({ onUnhandledFrame: 'error' }));
afterEach(() => msw.resetHandlers());
afterAll(() => msw.close());

const openai = createOpenAI({ apiKey: 'test-key-not-real', baseURL: 'https://api.openai.com/v1' });
const anthropic = createAnthropic({
  apiKey: 'test-key-not-real',
  baseURL: 'https://api.anthropic.com/v1',
});

/** The call options that make the provider send what the recording's request sent. */
function optionsFor(surface: string, file: string) {
  const [exchange] = readHar(fixtures(file));
  const request = (exchange?.request.body ?? {}) as Body;
  const tools: ToolSet = {};
  for (const raw of (request.tools ?? []) as Body[]) {
    const declared = (raw.function ?? raw) as Body;
    const strict = declared.strict ?? raw.strict;
    tools[String(declared.name)] = tool({
      inputSchema: jsonSchema((declared.parameters ?? declared.input_schema) as never),
      ...(typeof strict === 'boolean' ? { strict } : {}),
    });
  }
  const id = String(request.model);
  const ceiling = request.max_output_tokens ?? request.max_completion_tokens ?? request.max_tokens;
  const parallel = request.parallel_tool_calls;
  return {
    model:
      surface === 'openai-chat'
        ? openai.chat(id)
        : surface === 'anthropic-messages'
          ? anthropic(id)
          : openai.responses(id),
    tools,
    prompt: 'Replayed.',
    ...(typeof ceiling === 'number' ? { maxOutputTokens: ceiling } : {}),
    ...(typeof parallel === 'boolean'
      ? { providerOptions: { openai: { parallelToolCalls: parallel } } }
      : {}),
    maxRetries: 0,
  };
}

const SCENARIOS: Array<[name: string, surface: string]> = [
  ['openai-responses/healthy-call', 'openai-responses'],
  ['openai-responses/schema-violation', 'openai-responses'],
  ['openai-responses/strict-void-fanout', 'openai-responses'],
  ['openai-chat/length-mid-arguments', 'openai-chat'],
  ['anthropic-messages/max-tokens-in-tool-use', 'anthropic-messages'],
  ['streams/openai-chat-cut-mid-arguments', 'openai-chat'],
  ['streams/anthropic-tool-use', 'anthropic-messages'],
];

/** Runs a recorded scenario through ai 7, its steps as the caller holds them. */
async function stepsOf(name: string, surface: string, include: boolean) {
  const scenario = manifest.scenarios.find((entry) => entry.name === name);
  if (scenario === undefined) throw new Error(`no scenario ${name}`);
  msw.use(...recordedHandlers(fixtures(scenario.file), { ignore: ['input', 'messages'] }));
  const options = {
    ...optionsFor(surface, scenario.file),
    ...(include ? { include: { requestBody: true, responseBody: true } } : {}),
  };
  const steps = name.startsWith('streams/')
    ? await streamText({ ...options, onError: () => {} }).steps
    : (await generateText(options)).steps;
  return { scenario, steps, options };
}

describe('ai 7 over the recordings reads as ai 6 does', () => {
  test.each(SCENARIOS)('%s, bodies included', async (name, surface) => {
    const { scenario, steps } = await stepsOf(name, surface, true);
    const read = readTurns(steps);
    expect(read.ok && read.turns.map(({ at, turn }) => [at, turn.surface])).toEqual([
      ['steps[0]', surface],
    ]);
    expect(diagnoseCalls(steps).map((verdict) => verdict.state)).toEqual(scenario.expect.calls);
    expect(diagnoseTruncation(steps).state).toBe(scenario.expect.truncation);
    expect(diagnoseStrictGuarantee(steps).state).toBe(scenario.expect.strict);
  });

  // ai 7 keeps no provider body unless asked: the step is read from its normalised content, with
  // the ToolSet and ceiling the caller passed to generateText given as options.
  test.each(SCENARIOS)('%s, as ai 7 keeps it by default', async (name, surface) => {
    const { scenario, steps, options } = await stepsOf(name, surface, false);
    const given = {
      tools: options.tools,
      ...('maxOutputTokens' in options ? { maxOutputTokens: options.maxOutputTokens } : {}),
    };
    expect(diagnoseCalls(steps, given).map((verdict) => verdict.state)).toEqual(
      scenario.expect.calls,
    );
    expect(diagnoseTruncation(steps, given).state).toBe(scenario.expect.truncation);
  });
});

describe('ai 7 with MockLanguageModelV4', () => {
  const tools = {
    lookup_order: tool({
      inputSchema: z.object({ order_id: z.string() }),
      strict: true,
      execute: async () => 'shipped',
    }),
  } satisfies ToolSet;
  const usage = {
    inputTokens: { total: 10, noCache: 10, cacheRead: undefined, cacheWrite: undefined },
    outputTokens: { total: 16, text: 16, reasoning: undefined },
  };
  const call = (input: string) => ({
    type: 'tool-call' as const,
    toolCallId: 'c1',
    toolName: 'lookup_order',
    input,
  });

  test('an invalid call, then a call cut by the ceiling: verdicts per step, the cut one named', async () => {
    const result = await generateText({
      model: new MockLanguageModelV4({
        doGenerate: [
          {
            content: [call('{"order_id":"A-1"}')],
            finishReason: { unified: 'tool-calls', raw: 'tool_use' },
            usage,
            warnings: [],
          },
          {
            content: [call('{"order_id":7}')],
            finishReason: { unified: 'tool-calls', raw: 'tool_use' },
            usage,
            warnings: [],
          },
          {
            content: [call('{"order_id":"A-')],
            finishReason: { unified: 'length', raw: 'max_tokens' },
            usage,
            warnings: [],
          },
        ],
      }),
      tools,
      prompt: 'x',
      stopWhen: stepCountIs(3),
    });
    expect(diagnoseCalls(result, { tools }).map((verdict) => [verdict.at, verdict.state])).toEqual([
      ['steps[0].content[0]', 'dispatchable'],
      ['steps[1].content[0]', 'arguments-violate-schema'],
      ['steps[2].content[0]', 'arguments-truncated'],
    ]);
    expect(diagnoseTruncation(result)).toMatchObject({
      state: 'truncated-by-length',
      at: 'steps[2]',
    });
    expect(() => expect(result).toNotBeTruncated()).toThrow(/steps\[2\]/);
  });

  test('a streamText result itself is refused with how to pass its steps', () => {
    const result = streamText({
      model: new MockLanguageModelV4({
        doStream: { stream: new ReadableStream({ start: (c) => c.close() }) },
      }),
      prompt: 'x',
    });
    expect(diagnoseTruncation(result).detail).toMatch(/const steps = await result\.steps/);
  });
});

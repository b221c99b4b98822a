/**
 * Every shipped OpenAI fixture (fixtures/manifest.json, Responses and Chat Completions, JSON and
 * streamed) replayed by recordedHandlers to the AI SDK's OpenAI provider, asked as a user would
 * ask it: the recording's model, system prompt, prompt and tools through `generateText` or
 * `streamText`. The AI SDK words a request its own way (the system prompt as a message, the
 * prompt as parts), so the first try may get the no-recording 404; the ignore list it suggests,
 * passed once, replays the recording.
 */
import { readFileSync } from 'node:fs';
import { createOpenAI } from '@ai-sdk/openai';
import { APICallError, generateText, jsonSchema, streamText, type ToolSet, tool } from 'ai';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import { readHar } from '../../src/har/index.js';
import { recordedHandlers } from '../../src/msw/index.js';

interface Scenario {
  name: string;
  file: string;
  surface: string;
  streamed: boolean;
}

const scenarios = (
  JSON.parse(readFileSync(new URL('../../fixtures/manifest.json', import.meta.url), 'utf8')) as {
    scenarios: Scenario[];
  }
).scenarios.filter(({ surface }) => surface === 'openai-responses' || surface === 'openai-chat');
const fixture = (file: string) => new URL(`../../fixtures/${file}`, import.meta.url).pathname;

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

type Body = Record<string, unknown>;
type Message = { role: string; content: unknown };

/** The AI SDK call a user would write for a recorded request. */
function askedAs(surface: string, request: Body) {
  const messages = (request.input ?? request.messages) as Message[];
  const system =
    (request.instructions as string | undefined) ??
    (messages.find(({ role }) => role === 'system' || role === 'developer')?.content as string);
  const prompt = messages.find(({ role }) => role === 'user')?.content as string;
  const tools: ToolSet = {};
  for (const declared of (request.tools ?? []) as Body[]) {
    // Chat nests a function tool under `function`; a custom (free-text) tool is not the AI SDK's.
    const fn = (declared.function ?? declared) as Body;
    if (declared.type !== 'function') continue;
    tools[fn.name as string] = tool({
      description: fn.description as string,
      inputSchema: jsonSchema(fn.parameters as Parameters<typeof jsonSchema>[0]),
    });
  }
  const openai = createOpenAI({ apiKey: 'test-key-not-real', baseURL: 'http://localhost/v1' });
  const model = request.model as string;
  return {
    model: surface === 'openai-chat' ? openai.chat(model) : openai.responses(model),
    system,
    prompt,
    tools,
    maxRetries: 0,
  };
}

/** The response id the AI SDK read, or the error it threw (a stream's, from onError). */
async function ask(scenario: Scenario, request: Body): Promise<string | unknown> {
  const call = askedAs(scenario.surface, request);
  if (!scenario.streamed) {
    try {
      return (await generateText(call)).response.id;
    } catch (error) {
      return error;
    }
  }
  let failed: unknown;
  const result = streamText({
    ...call,
    onError: ({ error }) => {
      failed = error;
    },
  });
  await result.consumeStream();
  return failed ?? (await result.response).id;
}

/**
 * Recordings the AI SDK reads and refuses, with what it says: a custom (free-text) tool call in
 * a Chat Completions answer has no place in @ai-sdk/openai's chat response schema.
 */
const REFUSED_BY_THE_AI_SDK: Record<string, string> = {
  'openai-chat/custom-tool-call': 'Invalid JSON response',
};

/** The list a 404 message suggests for `ignore`, read back from its JavaScript. */
function suggestedIgnore(message: string): string[] | undefined {
  const list = /pass \{ ignore: \[(.*)\] \}/.exec(message)?.[1];
  return list === undefined
    ? undefined
    : [...list.matchAll(/'((?:[^'\\]|\\.)*)'/g)].map(([, text = '']) =>
        text.replace(/\\(.)/g, '$1'),
      );
}

describe('the shipped OpenAI fixtures through @ai-sdk/openai', () => {
  test.each(scenarios.map((scenario) => [scenario.name, scenario] as const))(
    '%s replays at the first try or after one pasted ignore list',
    async (_name, scenario) => {
      const file = fixture(scenario.file);
      const [exchange] = readHar(file);
      const request = exchange?.request.body as Body;
      const recordedId = scenario.streamed
        ? /"id":"((?:resp|chatcmpl)[^"]+)"/.exec(exchange?.response.text ?? '')?.[1]
        : (JSON.parse(exchange?.response.text ?? '{}') as Body).id;

      server.use(...recordedHandlers(file));
      let answer = await ask(scenario, request);
      if (answer instanceof Error) {
        expect(APICallError.isInstance(answer) && answer.statusCode).toBe(404);
        const ignore = suggestedIgnore(answer.message);
        expect(ignore, answer.message).toBeDefined();
        server.resetHandlers(...recordedHandlers(file, { ignore }));
        answer = await ask(scenario, request);
      }
      if (scenario.name in REFUSED_BY_THE_AI_SDK) {
        // The replay answered with the recording; the AI SDK refused the body it read.
        expect(APICallError.isInstance(answer) && answer.statusCode).toBe(200);
        expect((answer as APICallError).responseBody).toBe(exchange?.response.text);
        expect((answer as APICallError).message).toBe(REFUSED_BY_THE_AI_SDK[scenario.name]);
        return;
      }
      expect(answer).toBe(recordedId);
    },
  );
});

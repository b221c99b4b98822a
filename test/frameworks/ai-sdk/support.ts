/**
 * The AI SDK pointed at msw: the package's own recordings replayed to `generateText` and
 * `streamText` through the real @ai-sdk/openai and @ai-sdk/anthropic providers, each call made
 * with the options the recording's request says (its tools as a ToolSet, strict flags, ceiling,
 * parallel setting), so the provider sends what was recorded.
 */
import { readFileSync } from 'node:fs';
import { createAnthropic } from '@ai-sdk/anthropic';
import { createOpenAI } from '@ai-sdk/openai';
import { jsonSchema, type LanguageModel, type ToolSet, tool } from 'ai';
import { HttpResponse, http } from 'msw';
import type { SetupServer } from 'msw/node';
import { readHar } from '../../../src/har/index.js';
import { recordedHandlers } from '../../../src/msw/index.js';

export type Body = Record<string, unknown>;

/** A scenario of fixtures/manifest.json. */
export interface Scenario {
  name: string;
  file: string;
  surface: string;
  streamed: boolean;
  expect: { calls?: string[]; truncation?: string; strict?: string };
}

const MANIFEST = new URL('../../../fixtures/manifest.json', import.meta.url);
export const SCENARIOS: Scenario[] = (
  JSON.parse(readFileSync(MANIFEST, 'utf8')) as { scenarios: Scenario[] }
).scenarios;

export const fixture = (file: string) =>
  new URL(`../../../fixtures/${file}`, import.meta.url).pathname;

/** The one recorded request of a fixture. */
export function recordedRequest(file: string): Body {
  const [exchange] = readHar(fixture(file));
  return (exchange?.request.body ?? {}) as Body;
}

/** The recorded tools as the ToolSet a team would write: JSON Schema, strict as recorded. */
export function toolSetOf(request: Body): ToolSet {
  const set: ToolSet = {};
  for (const raw of (request.tools ?? []) as Body[]) {
    const declared = (raw.function ?? raw) as Body;
    const schema = (declared.parameters ?? declared.input_schema) as Parameters<
      typeof jsonSchema
    >[0];
    if (typeof declared.name !== 'string' || schema === undefined) continue;
    const strict = declared.strict ?? raw.strict;
    set[declared.name] = tool({
      ...(typeof declared.description === 'string' ? { description: declared.description } : {}),
      inputSchema: jsonSchema(schema),
      ...(typeof strict === 'boolean' ? { strict } : {}),
    });
  }
  return set;
}

const openai = createOpenAI({ apiKey: 'test-key-not-real', baseURL: 'https://api.openai.com/v1' });
const anthropic = createAnthropic({
  apiKey: 'test-key-not-real',
  baseURL: 'https://api.anthropic.com/v1',
});

/** The model the recording was made with, through its AI SDK provider. */
export function modelFor(surface: string, request: Body): LanguageModel {
  const id = String(request.model);
  if (surface === 'openai-chat') return openai.chat(id);
  if (surface === 'anthropic-messages') return anthropic(id);
  return openai.responses(id);
}

/** The call options that make the provider send what the recording's request sent. */
export function callOptions(surface: string, request: Body) {
  const ceiling = request.max_output_tokens ?? request.max_completion_tokens ?? request.max_tokens;
  const parallel = request.parallel_tool_calls;
  const choice = request.tool_choice as Body | undefined;
  return {
    model: modelFor(surface, request),
    tools: toolSetOf(request),
    prompt: 'Replayed: the recording answers whatever is asked.',
    ...(typeof ceiling === 'number' ? { maxOutputTokens: ceiling } : {}),
    providerOptions: {
      ...(typeof parallel === 'boolean' ? { openai: { parallelToolCalls: parallel } } : {}),
      ...(choice?.disable_parallel_tool_use === true
        ? { anthropic: { disableParallelToolUse: true } }
        : {}),
    },
    maxRetries: 0,
  };
}

/** The identifying fields the AI SDK writes its own way (its messages are not the recorded ones). */
export const IGNORE = ['input', 'messages'];

/** Replays one recording for every request on its path. */
export function replay(server: SetupServer, file: string): void {
  server.use(...recordedHandlers(fixture(file), { ignore: IGNORE }));
}

/**
 * Replays recordings in turn, one per request, as the steps of one agent loop: the first request
 * gets the first recording, and so on (all on one path, each a JSON body).
 */
export function replayInTurn(server: SetupServer, path: string, files: string[]): void {
  const bodies = files.map((file) => {
    const [exchange] = readHar(fixture(file));
    return JSON.parse(exchange?.response.text ?? '{}') as Body;
  });
  let next = 0;
  server.use(
    http.post(`*${path}`, () => {
      const body = bodies[Math.min(next, bodies.length - 1)];
      next++;
      return HttpResponse.json(body);
    }),
  );
}

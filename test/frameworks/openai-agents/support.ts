/**
 * Runs a real OpenAI Agents SDK agent against this package's own Responses API recordings,
 * replayed by msw: the agent declares the tools the recording declared (same names, schemas and
 * `strict`) and its model settings are the recorded request's, so the run sends what was
 * recorded. `toolUseBehavior: 'stop_on_first_tool'` ends the run after the first model call
 * that calls a tool, so every run is one model call, deterministic: the recording is the turn.
 * A streamed run gets the recording as the Responses API streams it (the surface's own stream
 * writer); `fixtures/streams/openai-responses-function-call.har` is a recorded stream.
 */
import { readFileSync } from 'node:fs';
import {
  Agent,
  type AgentOptions,
  OpenAIProvider,
  Runner,
  setTracingDisabled,
  tool,
} from '@openai/agents';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll } from 'vitest';
import type { HarDocument } from '../../../src/har/index.js';
import { recordedHandlers } from '../../../src/msw/index.js';
import { writerFor } from '../../../src/writers/index.js';

// Tracing would export spans to api.openai.com, which msw refuses.
setTracingDisabled(true);

const fixtures = new URL('../../../fixtures/', import.meta.url);

/** The request fields the agent writes its own way (its instructions, its input items). */
const WRITTEN_BY_THE_AGENT = ['model', 'input', 'messages', 'instructions', 'include', 'tools'];

export const server = setupServer();

/** Starts msw for the file's tests, refusing any request no recording answers. */
export function useServer(): void {
  beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
  afterEach(() => server.resetHandlers());
  afterAll(() => server.close());
}

interface RecordedFunction {
  name: string;
  description?: string;
  parameters: Record<string, unknown>;
  strict?: boolean;
}

/** A Responses tool, or a Chat one (its function nested). */
type RecordedTool = { type: string; function?: RecordedFunction } & Partial<RecordedFunction>;

interface Recording {
  har: HarDocument;
  /** The response body as replayed. */
  responseText: string;
  request: {
    tools?: RecordedTool[];
    parallel_tool_calls?: boolean;
    max_output_tokens?: number | null;
    max_tokens?: number | null;
    max_completion_tokens?: number | null;
  };
}

/**
 * A recording of `fixtures/`, as sent, or as the Responses API streams it; `edit` changes the
 * response body before it is streamed.
 */
export function recording(
  file: string,
  stream: boolean,
  edit?: (body: Record<string, unknown>) => void,
): Recording {
  const har = JSON.parse(readFileSync(new URL(file, fixtures), 'utf8'));
  const entry = har.log.entries[0];
  const request = JSON.parse(entry.request.postData.text);
  const streamedAlready = entry.response.content.mimeType.startsWith('text/event-stream');
  if (edit !== undefined && !streamedAlready) {
    const body = JSON.parse(entry.response.content.text);
    edit(body);
    entry.response.content.text = JSON.stringify(body);
  }
  if (stream && !streamedAlready) {
    entry.request.postData.text = JSON.stringify({ ...request, stream: true });
    const surface = file.startsWith('openai-chat/') ? 'openai-chat' : 'openai-responses';
    const writer = writerFor(surface).stream(JSON.parse(entry.response.content.text));
    entry.response.content.text = writer.write(writer.texts.map((text) => [text]));
    entry.response.content.mimeType = 'text/event-stream';
    entry.response.headers = [{ name: 'content-type', value: 'text/event-stream' }];
  }
  return { har, request, responseText: entry.response.content.text };
}

/** The agent a recording was made for: its tools (what they do is beside the point) and settings. */
export function agentFor(
  request: Recording['request'],
  options: Partial<AgentOptions> = {},
): Agent {
  const tools = (request.tools ?? [])
    .filter((declared) => declared.type === 'function')
    .map((declared) => (declared.function ?? declared) as RecordedFunction)
    .map((declared) =>
      tool({
        name: declared.name,
        description: declared.description ?? '',
        parameters: declared.parameters as never,
        // A recording that leaves strict out gets the SDK's default: tool() sends strict: true.
        strict: (declared.strict ?? true) as false,
        execute: async (input: unknown) => `ran ${declared.name} with ${JSON.stringify(input)}`,
      }),
    );
  const ceiling = request.max_output_tokens ?? request.max_completion_tokens ?? request.max_tokens;
  return new Agent({
    name: 'order-support',
    instructions: 'You are the order-support agent for Northwind Goods.',
    model: 'gpt-4.1',
    tools,
    toolUseBehavior: 'stop_on_first_tool',
    modelSettings: {
      ...(typeof request.parallel_tool_calls === 'boolean'
        ? { parallelToolCalls: request.parallel_tool_calls }
        : {}),
      ...(typeof ceiling === 'number' ? { maxTokens: ceiling } : {}),
    },
    ...options,
  });
}

/** The runner, its OpenAI Responses model pointed at msw. */
export const runner = new Runner({
  modelProvider: new OpenAIProvider({
    apiKey: 'test-key-not-real',
    baseURL: 'https://api.openai.com/v1',
  }),
  tracingDisabled: true,
});

/** The runner with the SDK's Chat Completions model, for the Chat recordings. */
const chatRunner = new Runner({
  modelProvider: new OpenAIProvider({
    apiKey: 'test-key-not-real',
    baseURL: 'https://api.openai.com/v1',
    useResponses: false,
  }),
  tracingDisabled: true,
});

const responsesRunner = runner;

/** What a run left the caller holding: its result, or the error it rejected with. */
export type Outcome = { result: unknown; error?: undefined } | { result?: undefined; error: Error };

/**
 * Runs the agent of a recording against it, streamed or not; a streamed run is consumed to its
 * end, as a caller would before judging it.
 */
export async function runRecorded(file: string, stream: boolean): Promise<Outcome> {
  const { har, request } = recording(file, stream);
  server.use(...recordedHandlers(har, { ignore: WRITTEN_BY_THE_AGENT }));
  const agent = agentFor(request);
  const runner = file.startsWith('openai-chat/') ? chatRunner : responsesRunner;
  if (!stream) {
    try {
      return { result: await runner.run(agent, 'Help me with my order.', { maxTurns: 2 }) };
    } catch (error) {
      return { error: error as Error };
    }
  }
  const result = await runner.run(agent, 'Help me with my order.', { maxTurns: 2, stream: true });
  try {
    for await (const _event of result) {
      // Consumed to its end, as a caller does before reading the result.
    }
    await result.completed;
  } catch {
    // A streamed run that fails keeps its result, with every model response so far.
  }
  return { result };
}

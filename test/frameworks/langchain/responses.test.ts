/**
 * `new ChatOpenAI({ useResponsesApi: true })`: the message keeps the Responses API answer in
 * response_metadata (status, incomplete_details, output with each call's raw arguments), which
 * is read by the Responses surface. The recorded request sends its system prompt as
 * `instructions`, LangChain as an input message: the recording is matched without `input` and
 * `instructions`, one recording per server, so nothing else can answer.
 */
import { ChatOpenAI } from '@langchain/openai';
import { setupServer } from 'msw/node';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { diagnoseCalls, diagnoseTruncation, readTurn } from '../../../src/index.js';
import { recordedHandlers } from '../../../src/msw/index.js';
import { fixture, recording } from './support.js';

const servers: Array<ReturnType<typeof setupServer>> = [];
afterEach(() => {
  for (const server of servers.splice(0)) server.close();
});

async function responsesMessage(file: string) {
  const server = setupServer(
    ...recordedHandlers(fixture(file), { ignore: ['input', 'instructions'] }),
  );
  server.listen({ onUnhandledRequest: 'error' });
  servers.push(server);
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
  const { request } = recording(file);
  const model = new ChatOpenAI({
    model: request.model,
    apiKey: 'test-key-not-real',
    configuration: { baseURL: 'http://localhost/v1' },
    maxRetries: 0,
    useResponsesApi: true,
  });
  const bound = model.bindTools((request.tools ?? []) as never);
  const messages = [
    { role: 'system', content: String(request.instructions) },
    ...(request.input as Array<Record<string, unknown>>),
  ];
  return bound.invoke(messages as never);
}

describe('a Responses API answer kept in response_metadata', () => {
  test('cut mid-arguments: the Responses surface reads the status and the incomplete call', async () => {
    const file = 'openai-responses/max-output-tokens-mid-arguments.har';
    const message = await responsesMessage(file);
    const read = readTurn(message);
    expect(read.ok && read.turn.surface).toBe('openai-responses');
    const [verdict] = diagnoseCalls(message, { tools: recording(file).request.tools });
    expect(verdict?.state).toBe('arguments-truncated');
    expect(verdict?.at).toBe('invalid_tool_calls[0]');
    expect(diagnoseTruncation(message).state).toBe('truncated-by-length');
  });

  test('a healthy call', async () => {
    const file = 'openai-responses/healthy-call.har';
    const message = await responsesMessage(file);
    const [verdict] = diagnoseCalls(message, { tools: recording(file).request.tools });
    expect(verdict?.state).toBe('dispatchable');
    expect(diagnoseTruncation(message).state).toBe('complete');
  });
});

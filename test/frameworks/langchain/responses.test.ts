/**
 * `new ChatOpenAI({ useResponsesApi: true })`: the message keeps the Responses API answer in
 * response_metadata (status, incomplete_details, output with each call's raw arguments), which
 * is read by the Responses surface. The recorded request sends its system prompt as
 * `instructions`, LangChain as an input message: the recording is matched without `input` and
 * `instructions`, one recording per server, so nothing else can answer.
 */
import type { AIMessageChunk } from '@langchain/core/messages';
import { ChatOpenAI } from '@langchain/openai';
import { setupServer } from 'msw/node';
import { afterEach, describe, expect, test, vi } from 'vitest';
import {
  diagnoseCalls,
  diagnoseStrictGuarantee,
  diagnoseTruncation,
  readTurn,
} from '../../../src/index.js';
import { recordedHandlers } from '../../../src/msw/index.js';
import { fixture, recording } from './support.js';

const servers: Array<ReturnType<typeof setupServer>> = [];
afterEach(() => {
  for (const server of servers.splice(0)) server.close();
});

async function responsesMessage(file: string, streamed = false) {
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
  if (!streamed) return bound.invoke(messages as never);
  let whole: AIMessageChunk | undefined;
  for await (const chunk of await bound.stream(messages as never)) {
    whole = whole === undefined ? chunk : whole.concat(chunk);
  }
  return whole;
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

  test('streamed: the answer of response.completed, with the settings it echoes', async () => {
    const file = 'streams/openai-responses-function-call.har';
    const message = await responsesMessage(file, true);
    const read = readTurn(message);
    expect(read.ok && read.turn.surface).toBe('openai-responses');
    expect({
      calls: diagnoseCalls(message).map((verdict) => verdict.state),
      truncation: diagnoseTruncation(message).state,
      strict: diagnoseStrictGuarantee(message).state,
    }).toEqual({ calls: ['dispatchable'], truncation: 'complete', strict: 'strict-serialised' });
  });
});

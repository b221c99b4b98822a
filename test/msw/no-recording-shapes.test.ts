/**
 * The no-recording 404 in each provider's own error shape, on that provider's path: each
 * official SDK throws its own not-found error, and its message carries the library's words and
 * the ignore list to paste. Gemini's SDK (@google/genai) is not installed here, so its body is
 * checked against Google's documented error model instead.
 */
import Anthropic from '@anthropic-ai/sdk';
import {
  BedrockRuntimeClient,
  ConverseCommand,
  type ConverseCommandInput,
  ResourceNotFoundException,
} from '@aws-sdk/client-bedrock-runtime';
import { NodeHttpHandler } from '@smithy/node-http-handler';
import { setupServer } from 'msw/node';
import OpenAI from 'openai';
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import { readHar } from '../../src/har/index.js';
import { recordedHandlers } from '../../src/msw/index.js';
import { harOf } from './support.js';

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const fixture = (file: string) => new URL(`../../fixtures/${file}`, import.meta.url).pathname;
type Body = Record<string, unknown>;
/** A fixture's recorded request, and the same request with its last message's text changed. */
function recordedAndChanged(file: string, change: (body: Body) => void) {
  const [exchange] = readHar(fixture(file));
  const recorded = exchange?.request.body as Body;
  const sent = structuredClone(recorded);
  change(sent);
  return { recorded, sent, url: exchange?.request.url ?? '' };
}
/** What the SDK threw. */
const rejection = (promise: Promise<unknown>) =>
  promise.then(
    () => expect.fail('the request was answered'),
    (error: unknown) => error,
  );
/** The 404 as it crosses HTTP: its status, headers and parsed body. */
async function rawAnswer(url: string, sent: unknown) {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(sent),
  });
  const body = (await response.json()) as { message?: string; error: { message: string } };
  return { status: response.status, headers: response.headers, body };
}

const openai = () =>
  new OpenAI({ apiKey: 'test-key-not-real', baseURL: 'http://localhost/v1', maxRetries: 0 });

describe('OpenAI (Responses and Chat Completions)', () => {
  test('the SDK throws NotFoundError with the message, type invalid_request_error, code no_recording', async () => {
    const { sent } = recordedAndChanged('openai-responses/healthy-call.har', (body) => {
      body.input = [{ role: 'user', content: 'Where is my order A-1002? It was due Friday.' }];
    });
    server.use(...recordedHandlers(fixture('openai-responses/healthy-call.har')));

    const error = await rejection(
      openai().responses.create(
        sent as unknown as OpenAI.Responses.ResponseCreateParamsNonStreaming,
      ),
    );
    expect(error).toBeInstanceOf(OpenAI.NotFoundError);
    expect(error).toMatchObject({
      status: 404,
      type: 'invalid_request_error',
      code: 'no_recording',
    });
    expect(String(error)).toContain(
      '404 tool-call-health: no recording matches POST /v1/responses; nearest: recording 1 of 1 (1 field differs)',
    );
    expect(String(error)).toContain("pass { ignore: ['input[0].content'] }");
  });

  test('the body is the API error shape: { error: { message, type, param, code } }', async () => {
    const { sent } = recordedAndChanged('openai-chat/healthy-call.har', (body) => {
      (body.messages as Body[])[1] = { role: 'user', content: 'Where is A-2002?' };
    });
    server.use(...recordedHandlers(fixture('openai-chat/healthy-call.har')));

    const answer = await rawAnswer('http://localhost/v1/chat/completions', sent);
    expect(answer.status).toBe(404);
    expect(answer.body).toEqual({
      error: {
        message: expect.stringContaining("pass { ignore: ['messages[1].content'] }"),
        type: 'invalid_request_error',
        param: null,
        code: 'no_recording',
      },
    });
  });
});

describe('Anthropic Messages', () => {
  test('the SDK throws NotFoundError of type not_found_error, its message shown as it is', async () => {
    const { sent } = recordedAndChanged('anthropic-messages/tool-use.har', (body) => {
      body.messages = [{ role: 'user', content: 'Is A-3002 still on its way?' }];
    });
    server.use(...recordedHandlers(fixture('anthropic-messages/tool-use.har')));
    const anthropic = new Anthropic({
      apiKey: 'test-key-not-real',
      baseURL: 'http://localhost',
      maxRetries: 0,
    });

    const error = await rejection(
      anthropic.messages.create(sent as unknown as Anthropic.MessageCreateParamsNonStreaming),
    );
    expect(error).toBeInstanceOf(Anthropic.NotFoundError);
    expect(error).toMatchObject({ status: 404, type: 'not_found_error' });
    expect(String(error)).toContain(
      'Error: 404 tool-call-health: no recording matches POST /v1/messages; nearest: recording 1 of 1',
    );
    expect(String(error)).toContain(
      "\n  if this field may vary, pass { ignore: ['messages[0].content'] }",
    );

    const answer = await rawAnswer('http://localhost/v1/messages', sent);
    expect(answer.body).toEqual({
      type: 'error',
      error: { type: 'not_found_error', message: expect.stringContaining('no recording matches') },
      // Beside Anthropic's shape: the SDK shows a body's top-level message, anything else as JSON.
      message: answer.body.error.message,
    });
  });
});

describe('Gemini', () => {
  test("the body is Google's error model: { error: { code: 404, message, status: 'NOT_FOUND' } }", async () => {
    const { sent, url } = recordedAndChanged('gemini/function-call.har', (body) => {
      body.contents = [{ role: 'user', parts: [{ text: 'Has A-5002 left the warehouse yet?' }] }];
    });
    server.use(...recordedHandlers(fixture('gemini/function-call.har')));

    const answer = await rawAnswer(
      url.replace('https://generativelanguage.googleapis.com', 'http://localhost'),
      sent,
    );
    expect(answer.status).toBe(404);
    expect(answer.body).toEqual({
      error: {
        code: 404,
        message: expect.stringContaining("pass { ignore: ['contents[0].parts[0].text'] }"),
        status: 'NOT_FOUND',
      },
    });
  });
});

describe('Bedrock Converse', () => {
  test('the AWS SDK throws ResourceNotFoundException with the message', async () => {
    const { sent, url } = recordedAndChanged('bedrock-converse/tool-use.har', (body) => {
      body.messages = [{ role: 'user', content: [{ text: 'Is A-7002 still on its way?' }] }];
    });
    server.use(...recordedHandlers(fixture('bedrock-converse/tool-use.har')));
    const modelId = decodeURIComponent(/\/model\/([^/]+)\//.exec(url)?.[1] ?? '');
    // Bedrock's client speaks HTTP/2 by default, which msw does not intercept.
    const client = new BedrockRuntimeClient({
      region: 'us-east-1',
      credentials: { accessKeyId: 'AKIDEXAMPLE', secretAccessKey: 'not-a-real-secret-key' },
      maxAttempts: 1,
      requestHandler: new NodeHttpHandler(),
    });

    const error = await rejection(
      client.send(new ConverseCommand({ modelId, ...sent } as ConverseCommandInput)),
    );
    expect(error).toBeInstanceOf(ResourceNotFoundException);
    expect(error).toMatchObject({ $metadata: { httpStatusCode: 404 } });
    expect(String(error)).toContain(
      'ResourceNotFoundException: tool-call-health: no recording matches POST /model/',
    );
    expect(String(error)).toContain("pass { ignore: ['messages[0].content[0].text'] }");
  });
});

test('a recorded path no provider claims gets a body the OpenAI and Anthropic SDKs both read', async () => {
  const url = 'https://api.example.com/v1/search';
  server.use(
    ...recordedHandlers(harOf({ url, request: { model: 'm', input: 'a' }, response: {} })),
  );

  const answer = await rawAnswer('http://localhost/v1/search', { model: 'm', input: 'b' });
  expect(answer.status).toBe(404);
  expect(answer.body).toEqual({
    message: expect.stringContaining("pass { ignore: ['input'] }"),
    error: {
      message: answer.body.message,
      type: 'no_recording',
      param: null,
      code: 'no_recording',
    },
  });
});

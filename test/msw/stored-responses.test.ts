/**
 * storedResponses() answers client.responses.retrieve(id) like the OpenAI API, so code that
 * re-reads a stored response (background mode, previous_response_id chains) can be tested.
 */
import { setupServer } from 'msw/node';
import OpenAI from 'openai';
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import { diagnoseTruncation } from '../../src/index.js';
import { storedResponses } from '../../src/msw/index.js';
import { CUT_CHARGE, responsesResponse } from '../support/payloads.js';

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

// Made after server.listen(): an SDK client keeps the fetch it found when it was constructed.
let client: OpenAI;
beforeAll(() => {
  client = new OpenAI({
    apiKey: 'test-key-not-real',
    baseURL: 'http://localhost/v1',
    maxRetries: 0,
  });
});
const cut = responsesResponse({
  ending: 'ceiling',
  maxOutputTokens: 512,
  outputTokens: 512,
  text: `{"charges": [${CUT_CHARGE}`,
});

describe('storedResponses', () => {
  test('retrieve(id) returns the stored object, which diagnoses as it would live', async () => {
    server.use(...storedResponses({ [cut.id]: cut }));

    const response = await client.responses.retrieve(cut.id);

    // The SDK adds its output_text convenience; everything stored comes back as it was.
    expect(response).toMatchObject(cut);
    expect(diagnoseTruncation(response).state).toBe('truncated-by-length');
  });

  test('a Map works as well as a plain object', async () => {
    server.use(...storedResponses(new Map([[cut.id, cut]])));

    expect((await client.responses.retrieve(cut.id)).status).toBe('incomplete');
  });

  test("an unknown id is the API's 404, which the SDK throws as NotFoundError", async () => {
    server.use(...storedResponses({ [cut.id]: cut }));

    const error = await client.responses.retrieve('resp_unknown').catch((e: unknown) => e);

    expect(error).toBeInstanceOf(OpenAI.NotFoundError);
    expect((error as InstanceType<typeof OpenAI.NotFoundError>).error).toEqual({
      message: "No response found with id 'resp_unknown'.",
      type: 'invalid_request_error',
      param: null,
      code: null,
    });
  });

  test('other paths under /v1/responses are left to other handlers', async () => {
    server.use(...storedResponses({ [cut.id]: cut }));

    await expect(client.responses.inputItems.list(cut.id)).rejects.toThrow(
      OpenAI.APIConnectionError,
    );
  });
});

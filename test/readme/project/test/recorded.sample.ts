/**
 * Copied into a new project as test/recorded.test.ts, beside recordings/schema-violation.har,
 * and run there by a real vitest (project.test.ts): it fails on the recording, as it says.
 */
// --- README: Recorded responses: msw and the recorder ---
import { setupServer } from 'msw/node';
import OpenAI from 'openai';
import { readHar } from 'tool-call-health/har';
import { recordedHandlers } from 'tool-call-health/msw';
import { afterAll, beforeAll, expect, test } from 'vitest';

const server = setupServer(...recordedHandlers('recordings/'));
beforeAll(() => server.listen({ onUnhandledRequest: 'error' })); // msw 3: onUnhandledFrame
afterAll(() => server.close());

const [recorded] = readHar('recordings/schema-violation.har');
const request = recorded?.request.body as OpenAI.Chat.ChatCompletionCreateParamsNonStreaming;

test('the refund call can be dispatched', async () => {
  // Create clients after listen(): an SDK keeps the fetch it found when it was constructed.
  const client = new OpenAI({ apiKey: 'test', baseURL: 'http://localhost/v1' });
  const response = await client.chat.completions.create(request);
  expect({ request, response }).toBeDispatchable(); // fails: the recording breaks the schema
});
// --- end ---

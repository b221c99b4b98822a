import { copyFileSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { APICallError } from 'ai';
import { afterEach } from 'vitest';
import { recordedHandlers as handlersOf } from '../../src/msw/index.js';

/**
 * The README's recipe "Replay a recording through the AI SDK's provider", run as written from a
 * project folder holding the shipped fixture in recordings/, as the recipe's comment says; then
 * the 404 the same call meets without the ignore list, which suggests exactly that list.
 */
const fixture = fileURLToPath(
  new URL('../../fixtures/openai-responses/healthy-call.har', import.meta.url),
);
const project = mkdtempSync(join(tmpdir(), 'readme-ai-sdk-'));
mkdirSync(join(project, 'recordings'));
copyFileSync(fixture, join(project, 'recordings/healthy-call.har'));
// recordedHandlers reads the file when it is called, below, while the file is collected.
const cwd = process.cwd();
process.chdir(project);

// --- README: Replay a recording through the AI SDK's provider ---
import { createOpenAI } from '@ai-sdk/openai';
import { generateText, jsonSchema, tool } from 'ai';
import { setupServer } from 'msw/node';
import { recordedHandlers } from 'tool-call-health/msw';
import { afterAll, beforeAll, expect, test } from 'vitest';
import 'tool-call-health/vitest';

// Copied from node_modules/tool-call-health/fixtures/openai-responses/healthy-call.har
const server = setupServer(
  ...recordedHandlers('recordings/healthy-call.har', {
    // What the AI SDK sends its own way, as the first run's 404 suggested: the system prompt as
    // a message in front of the recorded one, and the prompt as input_text parts.
    ignore: ['input[0]', 'input[1].content'],
  }),
);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' })); // msw 3: onUnhandledFrame
afterAll(() => server.close());

const tools = {
  lookup_order: tool({
    description: 'Look up an order by id.',
    inputSchema: jsonSchema<{ order_id: string; include_items: boolean }>({
      type: 'object',
      properties: { order_id: { type: 'string' }, include_items: { type: 'boolean' } },
      required: ['order_id', 'include_items'],
      additionalProperties: false,
    }),
  }),
};

test('the recorded order lookup, through the AI SDK', async () => {
  const openai = createOpenAI({ apiKey: 'test' }); // any baseURL: the path is matched behind it
  const result = await generateText({
    model: openai('gpt-5'),
    system: 'You are the order-support agent for Northwind Goods.',
    prompt: 'Where is my order A-1001? It was due Friday.',
    tools,
  });

  expect(result).toBeDispatchable({ tools });
  expect(result).toCallTool('lookup_order', { order_id: 'A-1001', include_items: false });
});
// --- end ---

process.chdir(cwd);
afterEach(() => server.resetHandlers());
afterAll(() => rmSync(project, { recursive: true, force: true }));

test('without the ignore list, the AI SDK throws the 404, and its message suggests that list', async () => {
  server.use(...handlersOf(fixture));
  const openai = createOpenAI({ apiKey: 'test' });

  const error = await generateText({
    model: openai('gpt-5'),
    system: 'You are the order-support agent for Northwind Goods.',
    prompt: 'Where is my order A-1001? It was due Friday.',
    tools,
    maxRetries: 0,
  }).then(
    () => expect.fail('the request was answered'),
    (thrown: unknown) => thrown,
  );

  expect(APICallError.isInstance(error) && error.statusCode).toBe(404);
  expect((error as APICallError).message).toContain(
    '  input[0]: sent an item the recording does not have: an object with keys "role", "content"\n  and 1 other field: input[1].content\n  if these fields may vary, pass { ignore: [\'input[0]\', \'input[1].content\'] }',
  );
});

/**
 * The README's "Test your agent loop against broken tool calls" example, through the public
 * entry points as a user imports them: a property test drives an agent step with every fault
 * the Chat Completions API can send. The guarded step passes; a naive one fails, and fast-check
 * shrinks the failure to the simplest fault that breaks it.
 */
import fc from 'fast-check';
import { setupServer } from 'msw/node';
import OpenAI from 'openai';
import { diagnoseCalls } from 'tool-call-health';
import { toolCallFault } from 'tool-call-health/arbitraries';
import { faultHandlers } from 'tool-call-health/msw';
import { afterAll, afterEach, beforeAll, expect, test } from 'vitest';

const REQUEST = {
  model: 'gpt-4.1',
  messages: [{ role: 'user' as const, content: 'Where is order A-1001?' }],
  tools: [
    {
      type: 'function' as const,
      function: {
        name: 'lookup_order',
        strict: true,
        parameters: {
          type: 'object',
          properties: { order_id: { type: 'string' }, include_items: { type: 'boolean' } },
          required: ['order_id', 'include_items'],
          additionalProperties: false,
        },
      },
    },
  ],
  max_completion_tokens: 512,
};

type Ran = { name: string; args: string }[];

/** The naive step: runs every call whose arguments parse. */
async function naiveStep(client: OpenAI): Promise<Ran> {
  const completion = await client.chat.completions.create(REQUEST);
  const ran: Ran = [];
  for (const call of completion.choices[0]?.message.tool_calls ?? []) {
    if (call.type !== 'function') continue;
    try {
      JSON.parse(call.function.arguments);
      ran.push({ name: call.function.name, args: call.function.arguments });
    } catch {
      // not run
    }
  }
  return ran;
}

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const client = () =>
  new OpenAI({ apiKey: 'test-key-not-real', baseURL: 'http://localhost/v1', maxRetries: 0 });

/** What no step may do under a fault: run a call that is not whole, declared and valid, or run one twice. */
async function runsOnlySoundCalls(step: (client: OpenAI) => Promise<Ran>): Promise<boolean> {
  const ran = await step(client());
  const once = new Set(ran.map((call) => `${call.name} ${call.args}`)).size === ran.length;
  return (
    once &&
    ran.every(
      (call) =>
        call.name === 'lookup_order' &&
        /^\{"order_id":"[^"]*","include_items":(true|false)\}$/.test(call.args),
    )
  );
}

// --- README: Test your agent loop against broken tool calls ---
// Your agent's step: it runs only the calls the diagnoses clear, each once.
async function guardedStep(client: OpenAI): Promise<Ran> {
  const completion = await client.chat.completions.create(REQUEST);
  const ran: Ran = [];
  for (const verdict of diagnoseCalls({ request: REQUEST, response: completion })) {
    if (verdict.state !== 'dispatchable' && verdict.state !== 'dispatchable-unconstrained')
      continue;
    const args = JSON.stringify(verdict.arguments);
    if (ran.some((call) => call.name === verdict.name && call.args === args)) continue;
    ran.push({ name: verdict.name, args });
  }
  return ran;
}

test('the guarded step runs no broken call, whatever the fault', async () => {
  await fc.assert(
    fc.asyncProperty(toolCallFault({ surface: 'openai-chat' }), async (fault) => {
      server.resetHandlers(...faultHandlers(fault));
      expect(await runsOnlySoundCalls(guardedStep)).toBe(true);
    }),
    { numRuns: 40, seed: 42 },
  );
});
// --- end ---

test('the naive step fails, shrunk to the simplest fault that breaks it', async () => {
  const result = await fc.check(
    fc.asyncProperty(toolCallFault({ surface: 'openai-chat' }), async (fault) => {
      server.resetHandlers(...faultHandlers(fault));
      return runsOnlySoundCalls(naiveStep);
    }),
    { numRuns: 40, seed: 42 },
  );
  expect(result.failed).toBe(true);
  expect(result.counterexample?.[0]).toEqual({ fault: 'unknown-tool', seed: 0 });
});

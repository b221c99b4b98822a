/**
 * The README's OpenAI Agents SDK sample, as written there but for the recordings' folder (the
 * README copies them into recordings/ from the package's fixtures/): an agent with zod tools,
 * run with and without streaming against recorded Responses API traffic, judged by the matchers.
 */
import { fileURLToPath } from 'node:url';
import { Agent, OpenAIProvider, Runner, setTracingDisabled, tool } from '@openai/agents';
import { setupServer } from 'msw/node';
import 'tool-call-health/vitest';
import { recordedHandlers } from 'tool-call-health/msw';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { z } from 'zod';

const recordings = [
  fileURLToPath(new URL('../../../fixtures/openai-responses/healthy-call.har', import.meta.url)),
  fileURLToPath(
    new URL('../../../fixtures/streams/openai-responses-function-call.har', import.meta.url),
  ),
];

setTracingDisabled(true); // traces would be sent to api.openai.com
const server = setupServer(...recordedHandlers(recordings));
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());

// --- README: OpenAI Agents SDK ---
const lookupOrder = tool({
  name: 'lookup_order',
  description: 'Look up an order by id: status, carrier, delivery estimate and, if asked, items.',
  parameters: z.object({ order_id: z.string(), include_items: z.boolean() }),
  execute: async ({ order_id }) => ({ order_id, status: 'in_transit' }),
});
const issueRefund = tool({
  name: 'issue_refund',
  description: 'Refund part or all of an order to the original payment method.',
  parameters: z.object({
    order_id: z.string(),
    amount_cents: z.number().int(),
    currency: z.enum(['usd', 'eur']),
    reason: z.enum(['damaged', 'missing_item', 'late_delivery', 'goodwill']),
  }),
  execute: async () => ({ refunded: true }),
});

const agent = new Agent({
  name: 'order-support',
  instructions: 'You are the order-support agent for Northwind Goods.',
  model: 'gpt-5',
  tools: [lookupOrder, issueRefund],
  modelSettings: { parallelToolCalls: false },
  toolUseBehavior: 'stop_on_first_tool', // one model call per run: the recorded one
});
const runner = new Runner({
  modelProvider: new OpenAIProvider({ apiKey: 'test-key', baseURL: 'https://api.openai.com/v1' }),
});

test('the agent looks the order up with arguments it can run', async () => {
  const result = await runner.run(agent, 'Where is my order A-1001? It was due Friday.');

  expect(result).toBeDispatchable({ requireStrict: true });
  expect(result).toNotBeTruncated();
  expect(result).toKeepStrictGuarantee();
  expect(result).toCallTool('lookup_order', { order_id: 'A-1001', include_items: false });
});

test('streamed, once the run has completed', async () => {
  const result = await runner.run(
    agent,
    'Refund the 24.99 for the missing phone case in A-6004, it never came.',
    { stream: true },
  );
  await result.completed;

  expect(result).toBeDispatchable({ requireStrict: true });
  expect(result).toCallTool('issue_refund', expect.objectContaining({ amount_cents: 2499 }));
});
// --- end ---

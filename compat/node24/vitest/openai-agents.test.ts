/**
 * The newest OpenAI Agents SDK (0.20, on openai 7, which needs Node 22) against the packed
 * tarball: real Agent runs, streamed and not, the Responses model served by msw 3 replaying
 * recording, judged as the caller holds it. The adapter reads the run through own fields only
 * (`state._modelResponses`), which this proves still hold the model responses in the newest SDK.
 */
import { fileURLToPath } from 'node:url';
import { Agent, OpenAIProvider, Runner, setTracingDisabled, tool } from '@openai/agents';
import { setupServer } from 'msw/node';
import { diagnoseCalls, diagnoseTruncation } from 'tool-call-health';
import { recordedHandlers } from 'tool-call-health/msw';
import { afterAll, afterEach, beforeAll, expect, test } from 'vitest';
import { z } from 'zod';

setTracingDisabled(true);
const fixture = fileURLToPath(
  new URL('../../../fixtures/openai-responses/schema-violation.har', import.meta.url),
);

const msw = setupServer();
beforeAll(() => msw.listen({ onUnhandledFrame: 'error' }));
afterEach(() => msw.resetHandlers());
afterAll(() => msw.close());

const issueRefund = tool({
  name: 'issue_refund',
  description: 'Refund part or all of an order to the original payment method.',
  parameters: z.object({
    order_id: z.string(),
    amount_cents: z.number().int(),
    currency: z.enum(['usd', 'eur']),
    reason: z.enum(['damaged', 'missing_item', 'late_delivery', 'goodwill']),
  }),
  execute: async () => 'refunded',
});

const agent = new Agent({
  name: 'order-support',
  instructions: 'You are the order-support agent for Northwind Goods.',
  model: 'gpt-4.1',
  tools: [issueRefund],
  toolUseBehavior: 'stop_on_first_tool',
});
const runner = new Runner({
  modelProvider: new OpenAIProvider({
    apiKey: 'test-key-not-real',
    baseURL: 'https://api.openai.com/v1',
  }),
  tracingDisabled: true,
});

test('a RunResult of the newest Agents SDK: the schema violation is found and named', async () => {
  msw.use(
    ...recordedHandlers(fixture, {
      ignore: ['model', 'input', 'instructions', 'include', 'tools'],
    }),
  );
  const result = await runner.run(agent, 'Refund the late fee on A-1002.');

  expect(diagnoseCalls(result).map(({ state, at }) => `${at}: ${state}`)).toEqual([
    'rawResponses[0].output[0]: arguments-violate-schema',
  ]);
  expect(result).not.toBeDispatchable();
  expect(result).toNotBeTruncated();
  expect(result).toCallTool('issue_refund', expect.objectContaining({ order_id: 'A-1002' }));
  expect(diagnoseTruncation(result.state.toString()).state).toBe('complete');
});

test('a StreamedRunResult of the newest Agents SDK: read from its own items and its agent', async () => {
  const stream = fileURLToPath(
    new URL('../../../fixtures/streams/openai-responses-function-call.har', import.meta.url),
  );
  msw.use(
    ...recordedHandlers(stream, { ignore: ['model', 'input', 'instructions', 'include', 'tools'] }),
  );
  const result = await runner.run(agent, 'Refund the missing phone case on A-6004.', {
    stream: true,
  });
  for await (const _event of result) {
    // Consumed to its end, as a caller does before judging it.
  }
  await result.completed;

  expect(diagnoseCalls(result).map(({ state }) => state)).toEqual(['dispatchable']);
  expect(result).toBeDispatchable({ requireStrict: true });
});

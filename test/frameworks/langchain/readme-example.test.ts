// test/ticket-agent.test.ts: the README's LangChain example, as a user would write it.
import type { AIMessageChunk } from '@langchain/core/messages';
import { tool } from '@langchain/core/tools';
import { ChatOpenAI } from '@langchain/openai';
import { setupServer } from 'msw/node';
import { recordedHandlers } from 'tool-call-health/msw';
import 'tool-call-health/vitest';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { z } from 'zod';
import { failureOf } from '../../matchers/support.js';

const createTicket = tool(async () => 'ticket opened', {
  name: 'create_ticket',
  description: 'Open a support ticket on an order so a human agent follows up.',
  schema: z.object({
    order_id: z.string(),
    category: z.enum(['damaged', 'missing_item', 'late_delivery', 'billing', 'other']),
    summary: z.string(),
    priority: z.enum(['low', 'normal', 'high']),
  }),
});
const tools = [createTicket];

// A stream recorded as it arrived: the connection dropped in the middle of the summary.
const server = setupServer(
  ...recordedHandlers(
    new URL('../../../fixtures/streams/openai-chat-cut-mid-arguments.har', import.meta.url)
      .pathname,
  ),
);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());

const model = new ChatOpenAI({
  model: 'gpt-4.1',
  apiKey: 'test-key-not-real',
  configuration: { baseURL: 'http://localhost/v1' },
}).bindTools(tools, { parallel_tool_calls: false });

test('a streamed ticket is whole before it is opened', async () => {
  const messages = [
    {
      role: 'system',
      content:
        'You are the order-support agent for Northwind Goods. Use the tools to look orders up, open tickets and issue refunds. Never promise a refund you have not issued.',
    },
    {
      role: 'user',
      content:
        'Open a ticket: the coffee machine from A-6003 leaks from the base whenever it brews.',
    },
  ];
  // --- README: LangChain ---
  let message: AIMessageChunk | undefined;
  for await (const chunk of await model.stream(messages)) {
    message = message === undefined ? chunk : message.concat(chunk);
  }

  // LangChain's tool_calls hold a whole-looking call: it closed the cut JSON for us.
  expect(message?.tool_calls?.[0]?.args.summary).toBe('Coffee machine leaks from the base');
  expect(message).toCallTool('create_ticket');
  // The raw chunks say otherwise.
  expect(message).not.toBeDispatchable({ tools });
  expect(message).not.toNotBeTruncated();
  // --- end ---

  expect(failureOf(() => expect(message).toBeDispatchable({ tools }))).toMatchInlineSnapshot(`
    "expect(received).toBeDispatchable(options)

    Expected every tool call to be dispatchable, but 1 of 1 is not:

      "create_ticket" (call_RMvbLCuk9atq0Yzet5y585JN) at tool_calls[0]: arguments-truncated
        Cut mid-write: the connection ended before the stream's terminal event, while this call was still arriving, and the text is a valid JSON prefix (ends inside a string; 1 unclosed container). Not the ceiling, and not a schema fault.
        Repair:
          - Never dispatch a call from a stream that ended before its terminal event: retry the request.
          - Parse each call only once the stream reports it done, or after its terminal event ([DONE], or a finish_reason on every choice)."
  `);
  expect(failureOf(() => expect(message).toNotBeTruncated())).toMatchInlineSnapshot(`
    "expect(received).toNotBeTruncated()

    Expected the output not to be truncated, but it is stream-cut.
      The stream ended before its terminal event: the connection dropped, or it was read before it finished, with 1 call it had not marked done ("create_ticket" at tool_calls[0]). Not the ceiling.
    Repair:
      - Treat a stream without its terminal event as failed: retry the request rather than using what arrived.
      - Parse text and calls only after the terminal event ([DONE], or a finish_reason on every choice)."
  `);
});

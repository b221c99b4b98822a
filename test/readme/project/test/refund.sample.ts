/**
 * Copied into a new project as test/refund.test.ts and run there by a real vitest
 * (project.test.ts), which fails on purpose with the message the README shows under it.
 */
// --- README: Your first failing assertion ---
// test/refund.test.ts
import { expect, test } from 'vitest';

const request = {
  model: 'gpt-4.1',
  messages: [{ role: 'user', content: 'Refund order A-1001, it arrived broken.' }],
  parallel_tool_calls: false,
  tools: [
    {
      type: 'function',
      function: {
        name: 'issue_refund',
        strict: true,
        parameters: {
          type: 'object',
          additionalProperties: false,
          required: ['order_id', 'amount_cents'],
          properties: { order_id: { type: 'string' }, amount_cents: { type: 'integer' } },
        },
      },
    },
  ],
};
const response = {
  id: 'chatcmpl-1',
  object: 'chat.completion',
  model: 'gpt-4.1',
  choices: [
    {
      index: 0,
      finish_reason: 'tool_calls',
      message: {
        role: 'assistant',
        content: null,
        tool_calls: [
          {
            id: 'call_1',
            type: 'function',
            function: {
              name: 'issue_refund',
              arguments: '{"order_id":"A-1001","amount_cents":"12.00"}',
            },
          },
        ],
      },
    },
  ],
};

test('the refund call can be dispatched', () => {
  expect({ request, response }).toBeDispatchable();
});
// --- end ---

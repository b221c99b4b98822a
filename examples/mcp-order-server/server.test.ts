// test/order-server.test.ts
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { CallToolResultSchema } from '@modelcontextprotocol/sdk/types.js';
import 'tool-call-health/vitest';
import { beforeAll, expect, test } from 'vitest';
import { z } from 'zod';
import { createOrderServer } from './server.js';

const client = new Client({ name: 'test', version: '1.0.0' });
// Every tool as the server sent it: client.listTools() throws on a broken outputSchema.
const RawToolsList = z.object({ tools: z.array(z.unknown()) });
beforeAll(async () => {
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await createOrderServer().connect(serverSide);
  await client.connect(clientSide);
});

test('every tool can be sent to OpenAI in strict mode, and every outputSchema compiles', async () => {
  const tools = await client.request({ method: 'tools/list' }, RawToolsList);
  expect(tools).toBeStrictCompatible({ provider: 'openai' });
});

test('a call a model might make fits the inputSchema', async () => {
  const tools = await client.listTools();
  const call = { name: 'issue_refund', arguments: { order_id: 'A1', amount_cents: 1200 } };
  expect({ tools, call }).not.toBeDispatchable(); // reason is required
  expect({
    tools,
    call: { ...call, arguments: { ...call.arguments, reason: 'late' } },
  }).toBeDispatchable();
});

test('get_order answers in the shape its outputSchema promises', async () => {
  const tools = await client.listTools();
  const call = { name: 'get_order', arguments: { order_id: 'A1' } };
  // client.request, not client.callTool: callTool throws on the fault this test looks for.
  const result = await client.request({ method: 'tools/call', params: call }, CallToolResultSchema);
  expect({ tools, call, result }).toMatchOutputSchema();
});

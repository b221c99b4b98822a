import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { expect, test } from 'vitest';
import { createOrderServer } from '../../examples/mcp-order-server/server.js';
import { failureOf } from '../matchers/support.js';
import { readmeBlock } from './readme.js';

/**
 * The README's MCP section: the message it shows is the one the matcher throws on the example
 * server's own tools/list, linted for both providers (zod's `.int()` writes bounds that
 * Anthropic's strict tool use refuses).
 */
test('the message shown: the example server linted for both providers', async () => {
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  const server = createOrderServer();
  await server.connect(serverSide);
  const client = new Client({ name: 'test', version: '1.0.0' });
  await client.connect(clientSide);
  const tools = await client.listTools();
  await client.close();
  await server.close();
  expect(failureOf(() => expect(tools).toBeStrictCompatible())).toBe(
    readmeBlock('MCP › expect(received).toBeStrictCompatible()').text,
  );
});

/**
 * An MCP server of the kind a team writes: the SDK's high-level McpServer, with zod shapes for
 * each tool's input and output, which the SDK turns into the JSON Schema of tools/list.
 */
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';

const ORDERS = new Map([
  ['A1', { order_id: 'A1', total_cents: 4200, status: 'shipped' as const }],
  ['A2', { order_id: 'A2', total_cents: 1250, status: 'open' as const }],
]);

/** A fresh server over the sample orders; connect it to any transport. */
export function createOrderServer(): McpServer {
  const server = new McpServer({ name: 'order-desk', version: '1.0.0' });
  server.registerTool(
    'get_order',
    {
      description: 'Look up one order by its id.',
      // Strict modes refuse open objects and optional keys: close it, and require every key.
      inputSchema: z.object({ order_id: z.string() }).strict(),
      outputSchema: {
        order_id: z.string(),
        total_cents: z.number().int(),
        status: z.enum(['open', 'shipped', 'refunded']),
      },
    },
    async ({ order_id }) => {
      const order = ORDERS.get(order_id);
      if (order === undefined) {
        return { content: [{ type: 'text', text: `No order ${order_id}.` }], isError: true };
      }
      return { content: [{ type: 'text', text: JSON.stringify(order) }], structuredContent: order };
    },
  );
  server.registerTool(
    'issue_refund',
    {
      description: 'Refund part of an order.',
      inputSchema: z
        .object({
          order_id: z.string(),
          amount_cents: z.number().int(),
          reason: z.enum(['damaged', 'late', 'other']),
        })
        .strict(),
    },
    async ({ order_id, amount_cents }) => ({
      content: [{ type: 'text', text: `Refunded ${amount_cents} cents on ${order_id}.` }],
    }),
  );
  return server;
}

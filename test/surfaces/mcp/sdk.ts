/**
 * A real MCP server and client from `@modelcontextprotocol/sdk`, linked by its in-memory
 * transport, with every JSON-RPC message recorded as it crosses. `startSession` runs the
 * low-level `Server`, which enforces neither schema, so it can send what a faulty third-party
 * server sends: a result that breaks its own outputSchema, or none at all. `startMcpServerSession`
 * runs the high-level `McpServer`, which validates both and answers with its own errors.
 */
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import {
  CallToolRequestSchema,
  type CallToolResult,
  CallToolResultSchema,
  ErrorCode,
  type JSONRPCMessage,
  ListToolsRequestSchema,
  McpError,
  type Tool,
} from '@modelcontextprotocol/sdk/types.js';

/** The order-support tools, as a tools/list lists them. */
export const ORDER_TOOLS: Tool[] = [
  {
    name: 'get_order',
    description: 'Look up one order.',
    inputSchema: {
      type: 'object',
      properties: { order_id: { type: 'string', pattern: '^A[0-9]+$' } },
      required: ['order_id'],
      additionalProperties: false,
    },
    outputSchema: {
      type: 'object',
      properties: {
        order_id: { type: 'string' },
        total_cents: { type: 'integer', minimum: 0 },
        status: { type: 'string', enum: ['open', 'shipped', 'refunded'] },
      },
      required: ['order_id', 'total_cents', 'status'],
    },
  },
  {
    name: 'issue_refund',
    description: 'Refund part of an order.',
    inputSchema: {
      type: 'object',
      properties: {
        order_id: { type: 'string' },
        amount_cents: { type: 'integer', minimum: 1 },
        reason: { type: 'string', enum: ['damaged', 'late', 'other'] },
        note: { type: 'string' },
      },
      required: ['order_id', 'amount_cents', 'reason'],
      additionalProperties: false,
    },
  },
];

/** What the server answers each call with, by tool name: a result, or a JSON-RPC error to throw. */
export type Answers = Record<string, CallToolResult | McpError>;

/** A connected server and client, and the messages that crossed between them, in order. */
export interface Session {
  client: Client;
  traffic: JSONRPCMessage[];
  /** The tools/list result as the client received it. */
  listTools(): Promise<{ tools: Tool[] }>;
  /**
   * Sends one tools/call through the client as it is (no client-side checks), and returns the
   * request and the answer exactly as they crossed the transport.
   */
  exchange(params: { name: string; arguments?: unknown }): Promise<{
    call: JSONRPCMessage;
    result: JSONRPCMessage;
  }>;
  close(): Promise<void>;
}

/** An unknown tool, as the MCP specification says a server answers it. */
export function unknownTool(name: string): McpError {
  return new McpError(ErrorCode.InvalidParams, `Unknown tool: ${name}`);
}

/**
 * Starts a session whose server lists `tools` and answers each call from `answers` (an unlisted
 * name gets the specification's -32602 error).
 */
export async function startSession(tools: Tool[], answers: Answers = {}): Promise<Session> {
  const server = new Server({ name: 'orders', version: '1.0.0' }, { capabilities: { tools: {} } });
  server.setRequestHandler(ListToolsRequestSchema, async () => ({ tools }));
  server.setRequestHandler(CallToolRequestSchema, async (request) => {
    const answer = answers[request.params.name];
    if (answer === undefined) throw unknownTool(request.params.name);
    if (answer instanceof McpError) throw answer;
    return answer;
  });
  return linked(server);
}

/**
 * Starts a session whose server is the SDK's `McpServer`, with the tools `register` gives it:
 * it checks each call's arguments against the tool's inputSchema and each result against its
 * outputSchema, and answers a failure with its own `isError` result.
 */
export async function startMcpServerSession(
  register: (server: McpServer) => void,
  options?: ConstructorParameters<typeof McpServer>[1],
): Promise<Session> {
  const server = new McpServer({ name: 'orders', version: '1.0.0' }, options);
  register(server);
  return linked(server);
}

async function linked(server: Server | McpServer): Promise<Session> {
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  const traffic: JSONRPCMessage[] = [];
  for (const transport of [clientSide, serverSide]) {
    const send = transport.send.bind(transport);
    transport.send = async (message, options) => {
      traffic.push(structuredClone(message));
      return send(message, options);
    };
  }
  await server.connect(serverSide);
  const client = new Client({ name: 'test-client', version: '1.0.0' });
  await client.connect(clientSide);

  return {
    client,
    traffic,
    listTools: () => client.listTools(),
    async exchange(params) {
      const before = traffic.length;
      // The low-level request: `Client.callTool` would reject a result that breaks its schema.
      await client
        .request({ method: 'tools/call', params: params as { name: string } }, CallToolResultSchema)
        .catch(() => undefined);
      const crossed = traffic.slice(before);
      const call = crossed.find(
        (message) => 'method' in message && message.method === 'tools/call',
      );
      const id = call !== undefined && 'id' in call ? call.id : undefined;
      const result = crossed.find(
        (message) => !('method' in message) && 'id' in message && message.id === id,
      );
      if (call === undefined || result === undefined) {
        throw new Error(`the call to ${params.name} did not cross the transport`);
      }
      return { call, result };
    },
    async close() {
      await client.close();
      await server.close();
    },
  };
}

import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { ListToolsResultSchema, type Tool } from '@modelcontextprotocol/sdk/types.js';
import { beforeAll, describe, expect, test } from 'vitest';
import { z } from 'zod';
import { lintStrictSchema } from '../../../src/index.js';
import { failureOf } from '../../matchers/support.js';
import { startSession } from './sdk.js';

/**
 * A server written the usual way: the high-level McpServer with zod shapes, whose JSON Schema
 * the SDK writes. Optional parameters are what strict modes refuse most often.
 */
async function listedBy(register: (server: McpServer) => void) {
  const server = new McpServer({ name: 'orders', version: '1.0.0' });
  register(server);
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await server.connect(serverSide);
  const client = new Client({ name: 'test-client', version: '1.0.0' });
  await client.connect(clientSide);
  const listed = await client.listTools();
  await client.close();
  await server.close();
  return listed;
}

const done = async () => ({ content: [] });

describe('can these MCP tools be sent to a provider in strict mode?', () => {
  let optional: Awaited<ReturnType<typeof listedBy>>;
  let closed: Awaited<ReturnType<typeof listedBy>>;
  beforeAll(async () => {
    optional = await listedBy((server) =>
      server.registerTool(
        'search_orders',
        {
          inputSchema: { query: z.string(), status: z.enum(['open', 'shipped']).optional() },
        },
        done,
      ),
    );
    closed = await listedBy((server) =>
      server.registerTool(
        'get_order',
        { inputSchema: z.object({ order_id: z.string() }).strict() },
        done,
      ),
    );
  });

  test('an optional parameter in an open object: refused, and reported per provider', () => {
    expect(failureOf(() => expect(optional).toBeStrictCompatible())).toMatchInlineSnapshot(`
      "expect(received).toBeStrictCompatible()

      Expected OpenAI strict mode and Anthropic strict tool use to accept the MCP tool, but both refuse it:

      OpenAI strict mode: 2 problems
        - tools[0].inputSchema: the inputSchema of "search_orders" is an object without "additionalProperties": false, which OpenAI strict mode requires on every object — add it and list every key the model may send under properties [additional-properties-not-false]
        - tools[0].inputSchema.properties.status: "status" is not in required; OpenAI strict mode requires every property to be required — add it to required and allow null ({"type": ["string", "null"]}) to keep it optional [property-not-required]

      Anthropic strict tool use: 1 problem
        - tools[0].inputSchema: the inputSchema of "search_orders" is an object without "additionalProperties": false, which Anthropic strict mode requires on every object — add it and list every key the model may send under properties [additional-properties-not-false]

      MCP has no strict flag: these are the rules a client meets when it sends the tools with strict: true. Fix the inputSchema on the server, or have the client send the refused tools without strict."
    `);
  });

  test('the provider option lints for that provider alone', () => {
    expect(optional).not.toBeStrictCompatible({ provider: 'openai' });
    expect(failureOf(() => expect(optional).toBeStrictCompatible({ provider: 'openai' }))).toMatch(
      /^expect\(received\)\.toBeStrictCompatible\(options\)\n\nExpected OpenAI strict mode to accept the MCP tool, but OpenAI strict mode refuses it:/,
    );
  });

  test('a closed object with every property required complies with both', () => {
    expect(closed).toBeStrictCompatible();
    expect(closed.tools).toBeStrictCompatible();
    expect(failureOf(() => expect(closed).not.toBeStrictCompatible())).toMatchInlineSnapshot(`
      "expect(received).not.toBeStrictCompatible()

      Expected OpenAI strict mode and Anthropic strict tool use to refuse the MCP tool, but both accept it."
    `);
  });

  test('lintStrictSchema reads a tools/list and names paths into it, once a provider is named', () => {
    const { problems } = lintStrictSchema(optional, { provider: 'openai' });
    expect(problems.map((problem) => problem.path)).toContain('tools[0].inputSchema');
    expect(() => lintStrictSchema(optional)).toThrow(
      /MCP tools \(\{"name", "inputSchema"\}\) are sent to a model through a provider's API, and name none; pass options.provider 'openai' or 'anthropic'/,
    );
  });
});

describe('an outputSchema that does not compile, in a tools/list', () => {
  const CLOSED = {
    type: 'object' as const,
    properties: { order_id: { type: 'string' } },
    required: ['order_id'],
    additionalProperties: false,
  };
  /** What the README tells a test to list tools with: every tool let through as it came. */
  const RAW_TOOLS = z.object({ tools: z.array(z.unknown()) });

  test("the SDK's client.listTools() throws on it; listed raw, the matcher names it", async () => {
    // The low-level Server sends the list as written, as a third-party server may.
    const session = await startSession([
      { name: 'get_order', inputSchema: CLOSED, outputSchema: { type: 'object' } },
      {
        name: 'get_total',
        inputSchema: CLOSED,
        outputSchema: { type: 'object', properties: { total_cents: { type: 'integr' } } },
      },
    ]);
    await expect(session.listTools()).rejects.toThrow(/integr/);
    const listed = await session.client.request({ method: 'tools/list' }, RAW_TOOLS);
    await session.close();
    // The JSON-RPC response as it crossed, the path named from its root.
    const response = session.traffic.filter((message) => 'result' in message).at(-1);
    expect(failureOf(() => expect(response).toBeStrictCompatible())).toContain(
      '  - result.tools[1].outputSchema: the outputSchema of "get_total" does not compile',
    );
    expect(failureOf(() => expect(listed).toBeStrictCompatible())).toMatchInlineSnapshot(`
      "expect(received).toBeStrictCompatible()

      Expected OpenAI strict mode and Anthropic strict tool use to accept the 2 MCP tools, and every outputSchema to compile, but 1 outputSchema does not compile:

      OpenAI strict mode: complies.

      Anthropic strict tool use: complies.

      outputSchema: 1 problem
        - tools[1].outputSchema: the outputSchema of "get_total" does not compile (it is not valid JSON Schema draft 2020-12: schema.properties.total_cents.type: "integr" is not one of the 7 declared values: "array", "boolean", "integer", "null", "number", "object", "string"; schema.properties.total_cents.type: matches none of the 2 allowed shapes), so no result of it can be checked, and the SDK's client.listTools() throws on the list that holds it — fix it on the server [output-schema-invalid]"
    `);
    expect(
      failureOf(() => expect(listed.tools).toBeStrictCompatible({ provider: 'openai' })),
    ).toMatch(
      /, and every outputSchema to compile, but 1 outputSchema does not compile:[\s\S]*\n {2}- \[1\]\.outputSchema: the outputSchema of "get_total" does not compile/,
    );
  });

  test('with strict problems too, both are named', async () => {
    const session = await startSession([
      {
        name: 'get_total',
        inputSchema: { type: 'object', properties: { order_id: { type: 'string' } } },
        outputSchema: { type: 'object', properties: { total_cents: { type: 'integr' } } },
      },
    ]);
    const listed = await session.client.request({ method: 'tools/list' }, RAW_TOOLS);
    await session.close();
    expect(failureOf(() => expect(listed).toBeStrictCompatible({ provider: 'anthropic' }))).toMatch(
      /^expect\(received\)\.toBeStrictCompatible\(options\)\n\nExpected Anthropic strict tool use to accept the MCP tool, and every outputSchema to compile, but Anthropic strict tool use refuses it, and 1 outputSchema does not compile:\n/,
    );
  });

  test("the SDK's ListToolsResultSchema refuses an outputSchema whose type is not object; the raw list does not", async () => {
    // The SDK's own Tool type forbids it too: a server written without the SDK sends it.
    const array = { type: 'array' } as unknown as Tool['outputSchema'];
    const session = await startSession([
      { name: 'list_orders', inputSchema: CLOSED, outputSchema: array },
    ]);
    await expect(
      session.client.request({ method: 'tools/list' }, ListToolsResultSchema),
    ).rejects.toThrow(/outputSchema/);
    const listed = await session.client.request({ method: 'tools/list' }, RAW_TOOLS);
    await session.close();
    expect(listed.tools).toHaveLength(1);
  });
});

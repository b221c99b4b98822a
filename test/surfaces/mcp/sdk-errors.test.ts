/**
 * A server whose SDK validates sends its refusal in place of the result. Each refusal is read
 * for what it says was broken: the result's shape (the server author's to fix) or the call's
 * arguments (the client's). The TypeScript texts are the ones the SDK's own McpServer sends;
 * the Python SDK's and the older TypeScript SDK's are written as their sources format them.
 */
import { ErrorCode, McpError } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { z } from 'zod';
import { diagnoseToolResult } from '../../../src/index.js';
import { ORDER_TOOLS, type Session, startMcpServerSession, startSession } from './sdk.js';

const text = (value: string) => [{ type: 'text' as const, text: value }];

describe("the TypeScript SDK's McpServer: its own validation errors are findings", () => {
  let session: Session;
  let tools: Awaited<ReturnType<Session['listTools']>>;
  beforeAll(async () => {
    session = await startMcpServerSession((server) =>
      server.registerTool(
        'get_order',
        {
          inputSchema: { order_id: z.string().regex(/^A[0-9]+$/) },
          outputSchema: {
            order_id: z.string(),
            total_cents: z.number().int(),
            status: z.enum(['open', 'shipped', 'refunded']),
          },
        },
        async ({ order_id }) => {
          const order = { order_id, total_cents: 4200, status: 'shipped' as const };
          const answer = { content: text(JSON.stringify(order)) };
          switch (order_id) {
            case 'A2': // the total as a decimal string
              return { ...answer, structuredContent: { ...order, total_cents: '42.00' } };
            case 'A3': // text only
              return answer;
            case 'A4': // two places broken
              return {
                ...answer,
                structuredContent: { order_id, total_cents: 1.5, status: 'lost' },
              };
            case 'A5':
              throw new Error('order store timed out');
            default:
              return { ...answer, structuredContent: order };
          }
        },
      ),
    );
    tools = await session.listTools();
  });
  afterAll(() => session.close());

  async function judge(args: unknown, withTools = true) {
    const { call, result } = await session.exchange({ name: 'get_order', arguments: args });
    return diagnoseToolResult(withTools ? { tools, call, result } : { call, result });
  }

  test('a healthy result still matches', async () => {
    expect((await judge({ order_id: 'A1' })).state).toBe('matches-output-schema');
  });

  test('"Invalid structured content" is violates-output-schema, quoted, with the repair for the server', async () => {
    expect(await judge({ order_id: 'A2' })).toMatchObject({
      state: 'violates-output-schema',
      detail:
        'The TypeScript SDK\'s McpServer found that the structuredContent of "get_order" breaks its outputSchema, and sent this error in place of the result (isError: true): "MCP error -32602: Output validation error: Invalid structured content for tool get_order: Invalid input: expected number, received string at total_cents".',
      problems: [
        'structuredContent: Invalid input: expected number, received string at total_cents',
      ],
      repairs: [
        'Fix the tool behind "get_order" so the structuredContent it returns conforms to its outputSchema, or declare the outputSchema it does return: the server validates each result, and sends every client this error instead of the data.',
      ],
    });
  });

  test('each issue the server lists is one problem line', async () => {
    const diagnosis = await judge({ order_id: 'A4' });
    expect(diagnosis.state).toBe('violates-output-schema');
    expect(diagnosis.problems).toEqual([
      'structuredContent: Invalid input: expected int, received number at total_cents',
      'structuredContent: Invalid option: expected one of "open"|"shipped"|"refunded" at status',
    ]);
    // The quote keeps the whole message on one line.
    expect(diagnosis.detail).toContain('at total_cents; Invalid option');
  });

  test('"has an output schema but no structured content" is structured-content-missing', async () => {
    expect(await judge({ order_id: 'A3' })).toMatchObject({
      state: 'structured-content-missing',
      detail:
        '"get_order" lists an outputSchema, and its tool returned no structuredContent: the TypeScript SDK\'s McpServer refused to send the result, and sent this error in its place (isError: true): "MCP error -32602: Output validation error: Tool get_order has an output schema but no structured content was provided".',
      problems: [],
      repairs: [
        'Return the data as structuredContent from the tool behind "get_order", in the shape of its outputSchema (https://modelcontextprotocol.io/specification/2025-11-25/server/tools#structured-content), or drop the outputSchema if the tool returns only text: the server sends every client this error instead of the result.',
      ],
    });
  });

  test('"Invalid arguments" is arguments-violate-schema, with the repair for the client and its model', async () => {
    expect(await judge({ order_id: 7 })).toMatchObject({
      state: 'arguments-violate-schema',
      detail:
        'The TypeScript SDK\'s McpServer refused the arguments of the call to "get_order": they break its inputSchema, so the tool did not run (isError: true): "MCP error -32602: Input validation error: Invalid arguments for tool get_order: Invalid input: expected string, received number at order_id".',
      problems: ['arguments: Invalid input: expected string, received number at order_id'],
      repairs: [
        'Check the arguments of each call to "get_order" against its inputSchema before sending it (diagnoseCalls on { tools, call }), and give this error text back to the model that wrote the call, so it can correct it.',
        'If a model writes these calls, have the client send the tool to it with strict: true where the provider allows (toBeStrictCompatible on the tools/list says whether it can), so the arguments are held to the schema.',
      ],
    });
  });

  test('the errors are told without the tools/list: they say what broke themselves', async () => {
    expect((await judge({ order_id: 'A2' }, false)).state).toBe('violates-output-schema');
    expect((await judge({ order_id: 'A3' }, false)).state).toBe('structured-content-missing');
    expect((await judge({}, false)).state).toBe('arguments-violate-schema');
  });

  test("the tool's own failure, which McpServer also sends as isError, stays tool-error", async () => {
    expect(await judge({ order_id: 'A5' })).toMatchObject({
      state: 'tool-error',
      detail:
        '"get_order" reported a failure (isError: true): "order store timed out". Its structuredContent is not checked: a failed call owes no output shape.',
    });
  });

  test('a refusal over the element limit is no inputSchema violation: it stays tool-error', async () => {
    const limited = await startMcpServerSession(
      (server) =>
        server.registerTool(
          'tag_order',
          { inputSchema: { tags: z.array(z.string()) } },
          async () => ({ content: [] }),
        ),
      { maxToolInputElements: 2 },
    );
    const { call, result } = await limited.exchange({
      name: 'tag_order',
      arguments: { tags: ['a', 'b', 'c'] },
    });
    await limited.close();
    const diagnosis = diagnoseToolResult({ call, result });
    expect(diagnosis.state).toBe('tool-error');
    expect(diagnosis.detail).toContain(
      'Invalid arguments for tool tag_order: arguments contain more than the maximum of 2 elements',
    );
  });
});

describe('the same errors in the wording of other SDKs', () => {
  const order = ORDER_TOOLS[0] as (typeof ORDER_TOOLS)[number];
  let session: Session;
  let tools: Awaited<ReturnType<Session['listTools']>>;
  // The Python SDK 1.x low-level Server, src/mcp/server/lowlevel/server.py at v1.29.0:
  // L538 f"Input validation error: {e.message}", L569 "Output validation error: outputSchema
  // defined but no structured output returned", L575 f"Output validation error: {e.message}",
  // each as CallToolResult(content=[TextContent(text=…)], isError=True) (L473-480). e.message is
  // jsonschema's: "'b' is a required property" (tests/server/test_lowlevel_input_validation.py
  // L162), "'age' is a required property" (tests/server/test_lowlevel_output_validation.py L344).
  const PYTHON: Record<string, string> = {
    py_input: "Input validation error: 'order_id' is a required property",
    py_missing: 'Output validation error: outputSchema defined but no structured output returned',
    py_output: "Output validation error: 'total_cents' is a required property",
  };
  beforeAll(async () => {
    // The TypeScript SDK 1.20 and earlier threw these as McpError(InvalidParams) from McpServer's
    // tools/call handler, zod's error.message (its issues as JSON) after the colon:
    // src/server/mcp.ts L140-143, L180-183 and L189-192 at tag 1.20.0.
    const zodMessage = (schema: z.ZodType, value: unknown) =>
      schema.safeParse(value).error?.message;
    const output = zodMessage(z.object({ total_cents: z.number().int() }), {
      total_cents: '42.00',
    });
    const input = zodMessage(z.object({ order_id: z.string() }), {});
    const names = [...Object.keys(PYTHON), 'ts_output', 'ts_missing', 'ts_input'];
    session = await startSession(
      names.map((name) => ({ ...order, name })),
      {
        ...Object.fromEntries(
          Object.entries(PYTHON).map(([name, said]) => [
            name,
            { content: text(said), isError: true },
          ]),
        ),
        ts_output: new McpError(
          ErrorCode.InvalidParams,
          `Invalid structured content for tool ts_output: ${output}`,
        ),
        ts_missing: new McpError(
          ErrorCode.InvalidParams,
          'Tool ts_missing has an output schema but no structured content was provided',
        ),
        ts_input: new McpError(
          ErrorCode.InvalidParams,
          `Invalid arguments for tool ts_input: ${input}`,
        ),
      },
    );
    tools = await session.listTools();
  });
  afterAll(() => session.close());

  async function judge(name: string) {
    const { call, result } = await session.exchange({ name, arguments: { order_id: 'A1' } });
    return diagnoseToolResult({ tools, call, result });
  }

  test("the Python SDK's low-level Server: the same three findings, its message quoted", async () => {
    expect(await judge('py_output')).toMatchObject({
      state: 'violates-output-schema',
      detail:
        'The Python SDK\'s low-level Server found that the structuredContent of "py_output" breaks its outputSchema, and sent this error in place of the result (isError: true): "Output validation error: \'total_cents\' is a required property".',
      problems: ["structuredContent: 'total_cents' is a required property"],
    });
    expect(await judge('py_missing')).toMatchObject({
      state: 'structured-content-missing',
      detail: expect.stringContaining(
        'the Python SDK\'s low-level Server refused to send the result, and sent this error in its place (isError: true): "Output validation error: outputSchema defined but no structured output returned".',
      ),
    });
    expect(await judge('py_input')).toMatchObject({
      state: 'arguments-violate-schema',
      problems: ["arguments: 'order_id' is a required property"],
    });
  });

  test('the TypeScript SDK 1.20 and earlier: JSON-RPC errors -32602, zod issues read from their JSON', async () => {
    expect(await judge('ts_output')).toMatchObject({
      state: 'violates-output-schema',
      detail: expect.stringMatching(
        /^The TypeScript SDK's McpServer \(1\.20 and earlier\) found that the structuredContent of "ts_output" breaks its outputSchema, and sent this error in place of the result \(JSON-RPC error -32602\): "MCP error -32602: Invalid structured content for tool ts_output: \[; \{; "expected": "number"/,
      ),
      problems: [
        'structuredContent: Invalid input: expected number, received string at total_cents',
      ],
    });
    expect((await judge('ts_missing')).state).toBe('structured-content-missing');
    expect(await judge('ts_input')).toMatchObject({
      state: 'arguments-violate-schema',
      problems: ['arguments: Invalid input: expected string, received undefined at order_id'],
    });
  });

  test('another -32602 stays a protocol error', async () => {
    expect((await judge('get_ordr')).state).toBe('unknown-tool');
    const { call, result } = await session.exchange({ name: 'get_ordr', arguments: {} });
    expect(diagnoseToolResult({ call, result }).state).toBe('protocol-error');
  });
});

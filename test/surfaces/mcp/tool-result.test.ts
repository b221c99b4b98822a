import { McpError } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { diagnoseToolResult } from '../../../src/index.js';
import { ORDER_TOOLS, type Session, startSession } from './sdk.js';

const ORDER = { order_id: 'A1', total_cents: 4200, status: 'shipped' };
const text = (value: string) => [{ type: 'text' as const, text: value }];

/**
 * One session whose server answers each tool its own way: `get_order` as its outputSchema
 * says; the `_broken` tools as faulty servers do. The low-level server sends them as they are.
 */
const TOOLS = [
  ...ORDER_TOOLS,
  ...['get_order_broken', 'get_order_unstructured', 'get_order_failing', 'get_order_crashing'].map(
    (name) => ({ ...(ORDER_TOOLS[0] as (typeof ORDER_TOOLS)[number]), name }),
  ),
];

describe('diagnoseToolResult: the structuredContent of an MCP result against its outputSchema', () => {
  let session: Session;
  let tools: Awaited<ReturnType<Session['listTools']>>;
  beforeAll(async () => {
    session = await startSession(TOOLS, {
      get_order: { content: text(JSON.stringify(ORDER)), structuredContent: ORDER },
      get_order_broken: {
        content: text('order A1'),
        structuredContent: { order_id: 'A1', total_cents: '42.00', status: 'lost' },
      },
      get_order_unstructured: { content: text(JSON.stringify(ORDER)) },
      get_order_failing: { content: text('order store timed out'), isError: true },
      get_order_crashing: new McpError(-32603, 'Internal error: database down'),
      issue_refund: { content: text('refunded'), structuredContent: { refund_id: 'R9' } },
    });
    tools = await session.listTools();
  });
  afterAll(() => session.close());

  async function judge(name: string) {
    const { call, result } = await session.exchange({ name, arguments: { order_id: 'A1' } });
    return diagnoseToolResult({ tools, call, result });
  }

  test('a structuredContent that matches its outputSchema', async () => {
    expect(await judge('get_order')).toEqual({
      state: 'matches-output-schema',
      detail: 'The structuredContent of "get_order" matches its outputSchema.',
      repairs: [],
      problems: [],
      tool: 'get_order',
      callId: expect.any(String),
      notes: [],
    });
  });

  test('a structuredContent that breaks it: one line per violation, paths from structuredContent', async () => {
    const diagnosis = await judge('get_order_broken');
    expect(diagnosis).toMatchObject({
      state: 'violates-output-schema',
      detail: 'The structuredContent of "get_order_broken" breaks its outputSchema in 2 places.',
      problems: [
        'structuredContent.status: "lost" is not one of the 3 declared values: "open", "shipped", "refunded"',
        'structuredContent.total_cents: expected integer, got string',
      ],
    });
    expect(diagnosis.repairs[0]).toMatch(
      /conforms to its outputSchema \(the MCP specification says it MUST\)/,
    );
  });

  test('only structuredContent is judged, never the envelope around it', async () => {
    // The envelope's own fields (content, isError) would break the outputSchema if judged.
    const { call, result } = await session.exchange({ name: 'get_order', arguments: {} });
    const envelope = (result as { result: Record<string, unknown> }).result;
    expect(envelope).toHaveProperty('content');
    expect(diagnoseToolResult({ tools, call, result: envelope }).state).toBe(
      'matches-output-schema',
    );
  });

  test('an outputSchema with no structuredContent beside it', async () => {
    expect(await judge('get_order_unstructured')).toMatchObject({
      state: 'structured-content-missing',
      detail:
        '"get_order_unstructured" lists an outputSchema (tools.tools[3].outputSchema), and its result has no structuredContent: the MCP specification says a server MUST return structured results that conform to it.',
    });
  });

  test('a tool that reported a failure (isError) owes no output shape', async () => {
    expect(await judge('get_order_failing')).toMatchObject({
      state: 'tool-error',
      detail:
        '"get_order_failing" reported a failure (isError: true): "order store timed out". Its structuredContent is not checked: a failed call owes no output shape.',
    });
  });

  test('isError: "true" (a string) is no failure: the result is judged, with a note', async () => {
    // The SDK's server refuses to send it; a server written without the SDK can.
    const { call, result } = await session.exchange({ name: 'get_order', arguments: {} });
    const sent = result as { result: Record<string, unknown> };
    const stringly = { ...sent, result: { ...sent.result, isError: 'true' } };
    expect(diagnoseToolResult({ tools, call, result: stringly })).toMatchObject({
      state: 'matches-output-schema',
      notes: ['result.result.isError is the string "true", not a boolean; read as false'],
    });
  });

  test.each([
    [1, 'the integer 1'],
    ['1', 'the string "1"'],
  ])('isError: %j is no failure either: only the boolean true is', async (isError, said) => {
    const { call, result } = await session.exchange({ name: 'get_order', arguments: {} });
    const sent = result as { result: Record<string, unknown> };
    const loose = { ...sent, result: { ...sent.result, isError } };
    expect(diagnoseToolResult({ tools, call, result: loose })).toMatchObject({
      state: 'matches-output-schema',
      notes: [`result.result.isError is ${said}, not a boolean; read as false`],
    });
  });

  test('a JSON-RPC error with id null (the server could not parse the request) is a protocol error', async () => {
    const { call } = await session.exchange({ name: 'get_order', arguments: {} });
    // As the JSON-RPC 2.0 specification writes it: id is null when the request's id is unknown.
    const parseError = {
      jsonrpc: '2.0',
      error: { code: -32700, message: 'Parse error' },
      id: null,
    };
    expect(diagnoseToolResult({ tools, call, result: parseError })).toMatchObject({
      state: 'protocol-error',
      detail:
        'The server answered the call to "get_order" with JSON-RPC error -32700: "Parse error", not with a tool result.',
    });
  });

  test('a JSON-RPC error instead of a result is a protocol error, with its code', async () => {
    expect(await judge('get_order_crashing')).toMatchObject({
      state: 'protocol-error',
      detail:
        'The server answered the call to "get_order_crashing" with JSON-RPC error -32603: "MCP error -32603: Internal error: database down", not with a tool result.',
    });
  });

  test('a tool with no outputSchema has nothing to check, and says its structuredContent went unchecked', async () => {
    expect(await judge('issue_refund')).toMatchObject({
      state: 'no-output-schema',
      detail:
        '"issue_refund" lists no outputSchema, so its result has no declared shape to check (its structuredContent was not checked).',
    });
  });

  test('an outputSchema that does not compile: the SDK client will not even list it', async () => {
    const badly = await startSession(
      [
        {
          name: 'get_total',
          inputSchema: { type: 'object' },
          outputSchema: { type: 'object', properties: { total_cents: { type: 'integr' } } },
        },
      ],
      { get_total: { content: [], structuredContent: { total_cents: 1 } } },
    );
    await expect(badly.listTools()).rejects.toThrow(/integr/);
    // The tools/list result crossed the transport before the client refused it.
    const listed = badly.traffic.find(
      (message) => 'result' in message && 'tools' in (message.result as object),
    );
    const { call, result } = await badly.exchange({ name: 'get_total', arguments: {} });
    await badly.close();
    const diagnosis = diagnoseToolResult({ tools: listed, call, result });
    expect(diagnosis.state).toBe('schema-invalid');
    expect(diagnosis.repairs[0]).toMatch(
      /^Fix the outputSchema at tools\.result\.tools\[0\]\.outputSchema: /,
    );
  });

  test('a call to an unlisted tool has no outputSchema to judge by, and the server error is quoted', async () => {
    expect(await judge('get_ordr')).toMatchObject({
      state: 'unknown-tool',
      detail:
        'No tool named "get_ordr" is in tools/list (listed: "get_order", "issue_refund", "get_order_broken", "get_order_unstructured", "get_order_failing", "get_order_crashing"); the nearest is "get_order", so there is no outputSchema to judge its result by. The server answered with JSON-RPC error -32602 ("MCP error -32602: Unknown tool: get_ordr").',
    });
  });

  test('a failure is told without the tools/list: a client with cached tools meets these', async () => {
    const failing = await session.exchange({ name: 'get_order_failing', arguments: {} });
    expect(diagnoseToolResult(failing).state).toBe('tool-error');
    const crashing = await session.exchange({ name: 'get_order_crashing', arguments: {} });
    expect(diagnoseToolResult(crashing).state).toBe('protocol-error');
    // A result that claims success still needs the outputSchema to be judged.
    const good = await session.exchange({ name: 'get_order', arguments: {} });
    expect(diagnoseToolResult(good).state).toBe('unreadable');
  });

  test('ids are compared as sent: the number 7 and the string "7" are different ids', async () => {
    const { call, result } = await session.exchange({ name: 'get_order', arguments: {} });
    const id = (call as { id: number }).id;
    const renumbered = { ...(result as object), id: String(id) };
    expect(diagnoseToolResult({ tools, call, result: renumbered })).toMatchObject({
      state: 'unreadable',
      detail: `the result answers id "${id}", and the call has id ${id}: they are not one exchange`,
    });
  });

  test('a getter that throws is named, not thrown', async () => {
    const { call } = await session.exchange({ name: 'get_order', arguments: {} });
    const exchange = {
      tools,
      call,
      get result(): unknown {
        throw new Error('boom');
      },
    };
    expect(diagnoseToolResult(exchange)).toMatchObject({
      state: 'unreadable',
      detail: 'reading the exchange threw (boom); pass plain JSON data',
    });
  });

  test('what cannot be judged says why, never throws', async () => {
    const { call, result } = await session.exchange({ name: 'get_order', arguments: {} });
    const other = await session.exchange({ name: 'get_order', arguments: {} });
    const cases: [unknown, string][] = [
      [
        { tools, call },
        'the exchange has no result; expected an MCP exchange { tools, call, result }',
      ],
      [{ call, result }, 'no tools/list result came with the exchange'],
      [{ tools, call, result: other.result }, 'and the call has id'],
      [{ tools, call, result: 'ok' }, 'the result is the string "ok"'],
      [{ tools, call: other.call.toString(), result }, "the MCP exchange's call is the string"],
      [null, 'expected an MCP exchange { tools, call, result }'],
    ];
    for (const [input, says] of cases) {
      const diagnosis = diagnoseToolResult(input);
      expect(diagnosis.state).toBe('unreadable');
      expect(diagnosis.detail).toContain(says);
    }
    // The tools can come as an option when the exchange does not carry them.
    expect(diagnoseToolResult({ call, result }, { tools }).state).toBe('matches-output-schema');
  });
});

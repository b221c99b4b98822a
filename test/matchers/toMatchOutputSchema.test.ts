import { stripVTControlCharacters } from 'node:util';
import { expect as jestExpect } from 'expect';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { z } from 'zod';
import { matchers } from '../../src/matchers/index.js';
import {
  ORDER_TOOLS,
  type Session,
  startMcpServerSession,
  startSession,
} from '../surfaces/mcp/sdk.js';
import { failureOf } from './support.js';

const ORDER = { order_id: 'A1', total_cents: 4200, status: 'shipped' };
const text = (value: string) => [{ type: 'text' as const, text: value }];

/** One exchange per way a server answers, from a real MCP client and server. */
type Exchanges = Record<'good' | 'broken' | 'unstructured' | 'failed', unknown>;

describe('toMatchOutputSchema', () => {
  let session: Session;
  let exchanges: Exchanges;
  beforeAll(async () => {
    const order = ORDER_TOOLS[0] as (typeof ORDER_TOOLS)[number];
    const names = ['good', 'broken', 'unstructured', 'failed'] as const;
    session = await startSession(
      names.map((name) => ({ ...order, name })),
      {
        good: { content: text('A1'), structuredContent: ORDER },
        broken: { content: text('A1'), structuredContent: { ...ORDER, total_cents: '42.00' } },
        unstructured: { content: text(JSON.stringify(ORDER)) },
        failed: { content: text('order store timed out'), isError: true },
      },
    );
    const tools = await session.listTools();
    // One at a time, so the ids the client gives them are stable: 2, 3, 4, 5.
    const entries: [string, unknown][] = [];
    for (const name of names) {
      const { call, result } = await session.exchange({ name, arguments: { order_id: 'A1' } });
      entries.push([name, { tools, call, result }]);
    }
    exchanges = Object.fromEntries(entries) as Exchanges;
  });
  afterAll(() => session.close());

  test('passes when structuredContent matches the outputSchema', () => {
    expect(exchanges.good).toMatchOutputSchema();
  });

  test('fails on a violation, with its path from structuredContent and the repairs', () => {
    expect(failureOf(() => expect(exchanges.broken).toMatchOutputSchema())).toMatchInlineSnapshot(`
      "expect(received).toMatchOutputSchema()

      Expected the result of "broken" (3) to match its outputSchema, but it is violates-output-schema.
        The structuredContent of "broken" breaks its outputSchema in 1 place.
        - structuredContent.total_cents: expected integer, got string
      Repair:
        - Fix the server so the structuredContent of "broken" conforms to its outputSchema (the MCP specification says it MUST), and validate it before answering, as the SDK's McpServer does.
        - Clients SHOULD validate structuredContent against the outputSchema: do so before using it, and treat a violation as a failed call."
    `);
  });

  test('fails on a missing structuredContent and on an isError result, each named by its state', () => {
    expect(failureOf(() => expect(exchanges.unstructured).toMatchOutputSchema())).toMatch(
      /but it is structured-content-missing\.\n {2}"unstructured" lists an outputSchema/,
    );
    expect(failureOf(() => expect(exchanges.failed).toMatchOutputSchema())).toMatch(
      /but it is tool-error\.\n {2}"failed" reported a failure \(isError: true\): "order store timed out"/,
    );
  });

  test("fails on the McpServer's refusal of the arguments, quoting it, with the repairs for the client", async () => {
    const sdk = await startMcpServerSession((server) =>
      server.registerTool('get_order', { inputSchema: { order_id: z.string() } }, async () => ({
        content: [],
      })),
    );
    const tools = await sdk.listTools();
    const { call, result } = await sdk.exchange({ name: 'get_order', arguments: {} });
    await sdk.close();
    expect(
      failureOf(() => expect({ tools, call, result }).toMatchOutputSchema()),
    ).toMatchInlineSnapshot(`
      "expect(received).toMatchOutputSchema()

      Expected the result of "get_order" (2) to match its outputSchema, but it is arguments-violate-schema.
        The TypeScript SDK's McpServer refused the arguments of the call to "get_order": they break its inputSchema, so the tool did not run (isError: true): "MCP error -32602: Input validation error: Invalid arguments for tool get_order: Invalid input: expected string, received undefined at order_id".
        - arguments: Invalid input: expected string, received undefined at order_id
      Repair:
        - Check the arguments of each call to "get_order" against its inputSchema before sending it (diagnoseCalls on { tools, call }), and give this error text back to the model that wrote the call, so it can correct it.
        - If a model writes these calls, have the client send the tool to it with strict: true where the provider allows (toBeStrictCompatible on the tools/list says whether it can), so the arguments are held to the schema."
    `);
  });

  test('.not passes on a broken result and words the failure of a good one', () => {
    expect(exchanges.broken).not.toMatchOutputSchema();
    expect(
      failureOf(() => expect(exchanges.good).not.toMatchOutputSchema()),
    ).toMatchInlineSnapshot(`
      "expect(received).not.toMatchOutputSchema()

      Expected the result of "good" (2) not to match its outputSchema, but it does.
        The structuredContent of "good" matches its outputSchema."
    `);
  });

  test('works as an asymmetric matcher over a list of exchanges', () => {
    expect([exchanges.failed, exchanges.good]).toContainEqual(expect.toMatchOutputSchema());
    expect([exchanges.failed, exchanges.broken]).not.toContainEqual(expect.toMatchOutputSchema());
  });

  test('takes the tools/list as an option when the exchange lacks it', () => {
    const { tools, ...bare } = exchanges.good as { tools: unknown };
    expect(bare).toMatchOutputSchema({ tools });
  });

  test('throws a named error for what is no MCP exchange, and for a forgotten await', () => {
    expect(failureOf(() => expect({ choices: [] }).toMatchOutputSchema())).toMatchInlineSnapshot(`
      "tool-call-health: toMatchOutputSchema() accepts an MCP exchange { tools, call, result }.
        Received: an object with keys "choices""
    `);
    const { result: _, ...unanswered } = exchanges.good as { result: unknown };
    expect(failureOf(() => expect(unanswered).toMatchOutputSchema())).toMatch(
      /the exchange has no result/,
    );
    expect(() => expect(Promise.resolve(exchanges.good)).toMatchOutputSchema()).toThrow(
      /toMatchOutputSchema\(\) received a Promise\. Did you forget to await the tool result\?/,
    );
  });

  test('with Jest 30 expect: registers, passes, fails with the same message, handles .not', () => {
    jestExpect.extend(matchers);
    const jest = (value: unknown) =>
      jestExpect(value) as unknown as {
        toMatchOutputSchema(): void;
        not: { toMatchOutputSchema(): void };
      };
    jest(exchanges.good).toMatchOutputSchema();
    jest(exchanges.broken).not.toMatchOutputSchema();
    let message = '';
    try {
      jest(exchanges.broken).toMatchOutputSchema();
    } catch (error) {
      message = stripVTControlCharacters((error as Error).message);
    }
    expect(message).toBe(failureOf(() => expect(exchanges.broken).toMatchOutputSchema()));
  });
});

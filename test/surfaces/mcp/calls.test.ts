import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  diagnoseCalls,
  diagnoseStrictGuarantee,
  diagnoseTruncation,
  readTurn,
} from '../../../src/index.js';
import { ORDER_TOOLS, type Session, startSession } from './sdk.js';

const REFUND = { order_id: 'A1', amount_cents: 1200, reason: 'damaged' };
const answered = { content: [{ type: 'text' as const, text: 'done' }] };

describe('an MCP tools/call, judged against the inputSchema of its tools/list', () => {
  let session: Session;
  let tools: Awaited<ReturnType<Session['listTools']>>;
  beforeAll(async () => {
    session = await startSession(ORDER_TOOLS, { issue_refund: answered, get_order: answered });
    tools = await session.listTools();
  });
  afterAll(() => session.close());

  /** The one verdict on a call the real client sent, with the real tools/list result beside it. */
  async function verdictOn(params: { name: string; arguments?: unknown }) {
    const { call } = await session.exchange(params);
    const verdicts = diagnoseCalls({ tools, call });
    expect(verdicts).toHaveLength(1);
    return verdicts[0];
  }

  test('arguments that match the inputSchema are dispatchable: the schema check is the guarantee', async () => {
    const verdict = await verdictOn({ name: 'issue_refund', arguments: REFUND });
    expect(verdict).toMatchObject({
      name: 'issue_refund',
      callId: expect.any(String),
      state: 'dispatchable',
      detail: 'Matches the inputSchema of "issue_refund".',
      at: 'call.params',
      arguments: REFUND,
      problems: [],
      repairs: [],
    });
  });

  test.each([
    [
      'a wrong type',
      { ...REFUND, amount_cents: '1200' },
      ['arguments.amount_cents: expected integer, got string'],
    ],
    [
      'a value outside the enum',
      { ...REFUND, reason: 'changed-mind' },
      [
        'arguments.reason: "changed-mind" is not one of the 3 declared values: "damaged", "late", "other"',
      ],
    ],
    [
      'an undeclared key',
      { ...REFUND, refund_all: true },
      ['arguments.refund_all: not declared, and the schema forbids extra keys'],
    ],
    [
      'a missing required key',
      { order_id: 'A1', reason: 'late' },
      ['arguments.amount_cents: required and missing'],
    ],
  ])('%s breaks the inputSchema, one line per violation', async (_, args, problems) => {
    const verdict = await verdictOn({ name: 'issue_refund', arguments: args });
    expect(verdict?.state).toBe('arguments-violate-schema');
    expect(verdict?.problems).toEqual(problems);
    expect(verdict?.detail).toBe(
      'Breaks the inputSchema of "issue_refund" in 1 place. MCP has no strict flag: nothing but a validating server stands between these arguments and the tool.',
    );
    expect(verdict?.repairs[0]).toMatch(/answer a failure with a result of isError: true/);
  });

  test('a call with no arguments is read as {} and held to the required keys, with a note', async () => {
    const { call } = await session.exchange({ name: 'get_order' });
    expect(call).not.toHaveProperty('params.arguments');
    const [verdict] = diagnoseCalls({ tools, call });
    expect(verdict).toMatchObject({
      state: 'arguments-violate-schema',
      problems: ['arguments.order_id: required and missing'],
    });
    const read = readTurn({ tools, call });
    expect(read.ok && read.turn.notes).toEqual([
      'call.params has no arguments; read as {} (MCP makes arguments optional)',
    ]);
  });

  test('arguments that are no object are unparseable: MCP sends one JSON object', async () => {
    const verdict = await verdictOn({ name: 'get_order', arguments: '{"order_id":"A1"}' });
    expect(verdict).toMatchObject({
      state: 'arguments-unparseable',
      detail:
        "The arguments are a string, not an object: MCP sends a tool's arguments as one JSON object.",
    });
  });

  test('arguments sent as an array are unparseable too: a list is no object', async () => {
    const verdict = await verdictOn({ name: 'get_order', arguments: [{ order_id: 'A1' }] });
    expect(verdict).toMatchObject({
      state: 'arguments-unparseable',
      detail:
        "The arguments are an array, not an object: MCP sends a tool's arguments as one JSON object.",
    });
  });

  test('the call id is the JSON-RPC id as sent, written as JSON: 1 and "1" stay two ids', async () => {
    const { call } = await session.exchange({ name: 'issue_refund', arguments: REFUND });
    const id = (call as { id: number }).id;
    expect(typeof id).toBe('number');
    const [sent] = diagnoseCalls({ tools, call });
    const [retyped] = diagnoseCalls({ tools, call: { ...call, id: String(id) } });
    expect([sent?.callId, retyped?.callId]).toEqual([`${id}`, `"${id}"`]);
  });

  test('a name the tools/list does not hold is an unknown tool, with the nearest listed name', async () => {
    const verdict = await verdictOn({ name: 'issue_refunds', arguments: REFUND });
    expect(verdict).toMatchObject({
      state: 'unknown-tool',
      detail:
        'No tool named "issue_refunds" is in tools/list (listed: "get_order", "issue_refund"); the nearest is "issue_refund".',
    });
    expect(verdict?.repairs[0]).toContain('-32602');
  });

  test('without its tools/list the call is read, and nothing says its arguments fit', async () => {
    const { call } = await session.exchange({ name: 'get_order', arguments: { order_id: 'A1' } });
    const [verdict] = diagnoseCalls(call);
    expect(verdict).toMatchObject({
      state: 'dispatchable-unconstrained',
      detail:
        'The arguments are an object, but no tools/list came with this MCP call, so the inputSchema was not checked.',
    });
    // The tools can come as an option, in the MCP shape, as the array a client holds.
    expect(diagnoseCalls(call, { tools: tools.tools })[0]?.state).toBe('dispatchable');
  });

  test('an inputSchema that does not compile is schema-invalid, naming where it is listed', async () => {
    const broken = await startSession(
      [{ name: 'lookup', inputSchema: { type: 'object', properties: { q: { type: 'strin' } } } }],
      { lookup: answered },
    );
    const listed = await broken.listTools();
    const { call } = await broken.exchange({ name: 'lookup', arguments: { q: 'x' } });
    await broken.close();
    const [verdict] = diagnoseCalls({ tools: listed, call });
    expect(verdict?.state).toBe('schema-invalid');
    expect(verdict?.repairs[0]).toMatch(/^Fix the inputSchema of "lookup" at tools\.tools\[0\]: /);
  });

  test('MCP has no output ceiling and no strict flag, and the other diagnoses say so', async () => {
    const { call } = await session.exchange({ name: 'issue_refund', arguments: REFUND });
    expect(diagnoseTruncation({ tools, call })).toMatchObject({
      state: 'complete',
      detail:
        'An MCP tools/call is no model output: MCP has no stop reason and no output ceiling, so nothing here can have been cut. diagnoseCalls judges its arguments.',
      ceiling: null,
    });
    expect(diagnoseStrictGuarantee({ tools, call })).toMatchObject({
      state: 'no-strict-declared',
      detail:
        "2 tools listed. MCP has no strict flag: no MCP tool is strict, and only the server's own validation holds a call to its inputSchema.",
      strictTools: [],
    });
  });

  test('a tools/list result alone is read as declarations, in each form it is passed around in', async () => {
    const response = session.traffic.find(
      (message) => 'result' in message && 'tools' in (message.result as object),
    );
    for (const [value, at] of [
      [tools, 'tools[1]'],
      [response, 'result.tools[1]'],
    ] as const) {
      const read = readTurn(value);
      expect(read.ok && read.turn).toMatchObject({ surface: 'mcp', source: 'request', calls: [] });
      expect(read.ok && read.turn.tools?.map((tool) => [tool.name, tool.shape, tool.at])).toEqual([
        ['get_order', 'mcp', at.replace('1', '0')],
        ['issue_refund', 'mcp', at],
      ]);
    }
    expect(diagnoseCalls(tools)).toEqual([]);
  });

  test('what is no tools/call is refused by name, never read as a call', () => {
    const list = session.traffic.find(
      (message) => 'method' in message && message.method === 'tools/list',
    );
    expect(diagnoseCalls({ tools, call: list })[0]).toMatchObject({
      state: 'unreadable',
      detail:
        'the MCP exchange\'s call is a "tools/list" request; expected a tools/call request (the JSON-RPC message with method "tools/call", or its params { name, arguments })',
    });
    expect(diagnoseCalls({ tools, call: 'get_order' })[0]?.detail).toBe(
      'the MCP exchange\'s call is the string "get_order"; expected a tools/call request (the JSON-RPC message with method "tools/call", or its params { name, arguments })',
    );
  });
});

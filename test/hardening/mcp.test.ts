/**
 * MCP exchanges in the never-throws fuzz, and at size. The exchanges are real
 * @modelcontextprotocol/sdk traffic (the CLI's recorded logs, test/cli/fixtures/mcp/), then
 * junk put where the tools/list, the tools/call and its answer go, or inside them: every
 * reader and diagnosis answers in its own vocabulary, and the CLI's log reader counts every
 * line. A tools/list of 10,000 tools is judged in bounded time.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { auditEntry } from '../../src/cli/audit-entry.js';
import { DIAGNOSES, statesOf } from '../../src/cli/findings.js';
import { mcpLogReader } from '../../src/cli/mcp-log.js';
import { jsonlReader } from '../../src/cli/mcp-log-detect.js';
import {
  diagnoseCalls,
  diagnoseStrictGuarantee,
  diagnoseToolResult,
  diagnoseTruncation,
  readTurn,
} from '../../src/index.js';
import { damage, damaged, root } from './support.js';

type Message = Record<string, unknown> & { id?: unknown; method?: string; result?: unknown };

/** The messages of a recorded log, JSON-RPC only (the proxy form unwrapped). */
function messagesOf(name: string): Message[] {
  return readFileSync(join(root, 'test/cli/fixtures/mcp', name), 'utf8')
    .split('\n')
    .filter((line) => line.trim() !== '')
    .flatMap((line) => {
      try {
        const value = JSON.parse(line) as Message;
        return [(value.message as Message | undefined) ?? value];
      } catch {
        return [];
      }
    });
}

/** Every exchange `{ tools, call, result }` of the recorded logs, paired by id per log. */
function recordedExchanges(): Array<{ tools: Message; call: Message; result: Message }> {
  const exchanges = [];
  for (const name of ['healthy.jsonl', 'faults.jsonl', 'mcp-server.jsonl']) {
    const messages = messagesOf(name);
    // A paged tools/list: the session's tools are every page's.
    const pages = messages.filter((message) => Array.isArray((message.result as Message)?.tools));
    const all = pages.flatMap((page) => (page.result as { tools: unknown[] }).tools);
    const tools = pages[0] && { ...pages[0], result: { tools: all } };
    for (const call of messages.filter((message) => message.method === 'tools/call')) {
      const result = messages.find((message) => message.id === call.id && !('method' in message));
      if (tools && result) exchanges.push({ tools, call, result });
    }
  }
  return exchanges;
}

const exchanges = recordedExchanges();
const RESULT_STATES = statesOf('result');

/** Every reader and diagnosis over one input, each answering in its own vocabulary. */
function everyReaderOf(input: unknown): void {
  const read = readTurn(input);
  expect(typeof read.ok).toBe('boolean');
  for (const verdict of diagnoseCalls(input)) {
    expect(statesOf('dispatch')).toContain(verdict.state);
    expect(verdict.detail).toMatch(/\S/);
  }
  expect(statesOf('truncation')).toContain(diagnoseTruncation(input).state);
  expect(statesOf('strict')).toContain(diagnoseStrictGuarantee(input).state);
  const result = diagnoseToolResult(input);
  expect(RESULT_STATES).toContain(result.state);
  expect(result.detail).toMatch(/\S/);
  // The CLI's audit of the same payload, as an entry of a log or a .json file.
  const entry = auditEntry({ location: 'x', kind: 'payload', payload: input }, DIAGNOSES);
  for (const audited of entry.results) expect(statesOf(audited.diagnosis)).toContain(audited.state);
}

const junk = fc.oneof(
  fc.jsonValue({ maxDepth: 3 }),
  fc.anything({ maxDepth: 2, withMap: true, withNullPrototype: true, withTypedArray: true }),
);

describe('MCP exchanges answer anything', { timeout: 60_000 }, () => {
  test('the recorded exchanges are there to be damaged, every result state among them', () => {
    expect(exchanges.length).toBeGreaterThanOrEqual(12);
    const states = new Set(exchanges.map((exchange) => diagnoseToolResult(exchange).state));
    for (const state of RESULT_STATES.filter((state) => state !== 'unreadable')) {
      expect([...states]).toContain(state);
    }
  });

  test('junk in the tools, call or result position', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...exchanges),
        fc.constantFrom('tools', 'call', 'result'),
        junk,
        (exchange, key, value) => everyReaderOf({ ...exchange, [key]: value }),
      ),
      { numRuns: 400 },
    );
  });

  test('junk inside them: params, arguments, structuredContent, content, isError, error, a tool', () => {
    const places: Array<(exchange: (typeof exchanges)[number], value: unknown) => unknown> = [
      (e, v) => ({ ...e, call: { ...e.call, params: v } }),
      (e, v) => ({
        ...e,
        call: { ...e.call, params: { ...(e.call.params as object), arguments: v } },
      }),
      (e, v) => ({ ...e, call: { ...e.call, params: { ...(e.call.params as object), name: v } } }),
      (e, v) => ({ ...e, call: { ...e.call, id: v } }),
      (e, v) => ({ ...e, result: { ...e.result, id: v } }),
      (e, v) => ({ ...e, result: { ...e.result, result: v } }),
      (e, v) => ({
        ...e,
        result: { ...e.result, result: { ...(e.result.result as object), structuredContent: v } },
      }),
      (e, v) => ({
        ...e,
        result: { ...e.result, result: { ...(e.result.result as object), content: v } },
      }),
      (e, v) => ({
        ...e,
        result: { ...e.result, result: { ...(e.result.result as object), isError: v } },
      }),
      (e, v) => ({ ...e, result: { jsonrpc: '2.0', id: e.call.id, error: v } }),
      (e, v) => ({
        ...e,
        tools: {
          ...e.tools,
          result: { tools: [v, ...(e.tools.result as { tools: unknown[] }).tools] },
        },
      }),
      (e, v) => ({ ...e, tools: { ...e.tools, result: { tools: v } } }),
      (e, v) => ({ ...e, tools: [v] }),
      (e, v) => ({ tools: e.tools, call: e.call, result: e.result, request: v }),
    ];
    fc.assert(
      fc.property(
        fc.constantFrom(...exchanges),
        fc.nat({ max: places.length - 1 }),
        junk,
        (exchange, place, value) => everyReaderOf(places[place]!(exchange, value)),
      ),
      { numRuns: 600 },
    );
  });

  test('the recorded exchanges with up to three fields deleted, retyped, duplicated or reshaped', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...exchanges),
        fc.array(fc.tuple(fc.nat(), damage), { minLength: 1, maxLength: 3 }),
        (exchange, harm) => everyReaderOf(damaged(exchange, harm)),
      ),
      { numRuns: 600 },
    );
  });

  test('each hostile value gets its exact verdict, naming the field', () => {
    // The first recorded exchange: get_order called well, answered with a valid structuredContent.
    const [exchange] = exchanges as [(typeof exchanges)[number]];
    const call = exchange.call as Message & { params: Record<string, unknown> };
    const result = exchange.result as Message & { result: Record<string, unknown> };
    const cases: Array<[string, unknown, string, string, RegExp]> = [
      [
        'params a string',
        { ...exchange, call: { ...call, params: 'x' } },
        'unreadable',
        'unreadable',
        /call\.params is the string "x"; expected params \{ name, arguments \}/,
      ],
      [
        'arguments null',
        { ...exchange, call: { ...call, params: { ...call.params, arguments: null } } },
        'arguments-unparseable',
        'matches-output-schema',
        /The arguments are null, not an object/,
      ],
      [
        'a name that is no string',
        { ...exchange, call: { ...call, params: { ...call.params, name: 7 } } },
        'unreadable',
        'unreadable',
        /call\.params\.name is the integer 7; a tools\/call names its tool with a string/,
      ],
      [
        'an empty name',
        { ...exchange, call: { ...call, params: { ...call.params, name: '' } } },
        'unknown-tool',
        'unknown-tool',
        /The call names its tool "", and no tool is in tools\/list/,
      ],
      [
        'an id JSON-RPC does not allow',
        { ...exchange, call: { ...call, id: {} } },
        'unreadable',
        'unreadable',
        /whose id is an empty object, which no JSON-RPC id is/,
      ],
      [
        'the answer to another id',
        { ...exchange, result: { ...result, id: 999 } },
        'dispatchable',
        'unreadable',
        /the result answers id 999, and the call has id \d+/,
      ],
      [
        'a result that is a string',
        { ...exchange, result: { ...result, result: 'ok' } },
        'dispatchable',
        'unreadable',
        /the JSON-RPC response's result is the string "ok"/,
      ],
      [
        'structuredContent a string',
        {
          ...exchange,
          result: { ...result, result: { ...result.result, structuredContent: 'x' } },
        },
        'dispatchable',
        'violates-output-schema',
        /breaks its outputSchema in 1 place/,
      ],
      [
        'an error that is no object',
        { ...exchange, result: { jsonrpc: '2.0', id: call.id, error: 'boom' } },
        'dispatchable',
        'unreadable',
        /the result's error is the string "boom", not a JSON-RPC error object/,
      ],
      [
        'an error with no code',
        { ...exchange, result: { jsonrpc: '2.0', id: call.id, error: { message: 'boom' } } },
        'dispatchable',
        'protocol-error',
        /with a JSON-RPC error: "boom"/,
      ],
      [
        'a response with neither result nor error',
        { ...exchange, result: { jsonrpc: '2.0', id: call.id } },
        'dispatchable',
        'unreadable',
        /neither a result nor an error/,
      ],
      [
        'tools that are no tools/list',
        { ...exchange, tools: 'x' },
        'dispatchable-unconstrained',
        'unreadable',
        /no tools\/list result came with the exchange/,
      ],
    ];
    const found = cases.map(([label, input, , , detail]) => {
      const answer = diagnoseToolResult(input);
      const [verdict] = diagnoseCalls(input);
      return [
        label,
        verdict?.state,
        answer.state,
        detail.test(`${verdict?.detail} ${answer.detail}`),
      ];
    });
    expect(found).toEqual(cases.map(([label, , calls, answer]) => [label, calls, answer, true]));
  });

  test('a getter that throws in the call is a reading problem', () => {
    const [exchange] = exchanges;
    const hostileCall = {
      ...exchange,
      call: {
        ...exchange!.call,
        get params(): unknown {
          throw new Error('boom');
        },
      },
    };
    everyReaderOf(hostileCall);
    expect(diagnoseToolResult(hostileCall).state).toBe('unreadable');
    everyReaderOf({
      ...exchange,
      call: new Proxy(
        {},
        {
          ownKeys: () => {
            throw new Error('no keys');
          },
        },
      ),
    });
  });

  test('a getter that throws in the result: the readers of a turn answer', () => {
    const [exchange] = exchanges;
    const hostile = {
      ...exchange,
      get result(): unknown {
        throw new Error('boom');
      },
    };
    expect(diagnoseToolResult(hostile)).toMatchObject({
      state: 'unreadable',
      detail: 'reading the exchange threw (boom); pass plain JSON data',
    });
    expect(readTurn(hostile).ok).toBe(true);
    expect(diagnoseCalls(hostile).map((verdict) => verdict.state)).toEqual(['dispatchable']);
    expect(statesOf('truncation')).toContain(diagnoseTruncation(hostile).state);
    expect(statesOf('strict')).toContain(diagnoseStrictGuarantee(hostile).state);
  });
});

describe('the MCP log reader counts every line, whatever it holds', { timeout: 60_000 }, () => {
  const recorded = readFileSync(join(root, 'test/cli/fixtures/mcp/proxy.jsonl'), 'utf8')
    .split('\n')
    .filter(Boolean);

  test('recorded lines shuffled, cut, duplicated and mixed with junk', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(
          fc.oneof(
            fc.constantFrom(...recorded),
            fc
              .constantFrom(...recorded)
              .chain((line) => fc.nat({ max: line.length }).map((cut) => line.slice(0, cut))),
            fc.jsonValue({ maxDepth: 3 }).map((value) => JSON.stringify(value)),
            fc.string({ unit: 'binary', maxLength: 40 }),
          ),
          { maxLength: 40 },
        ),
        async (lines) => {
          const reader = mcpLogReader('log.jsonl', {
            pending: 4,
            sessions: 2,
            distinctToolLists: 2,
          });
          const pending = lines.flatMap((line, index) => reader.line(line, index + 1));
          pending.push(...reader.end());
          const entries = await Promise.all(
            pending.map(async (entry) => auditEntry(await entry.open(), DIAGNOSES)),
          );
          const closing = entries.at(-1)!;
          expect(closing.location).toBe('log.jsonl');
          const { messages, unpaired } = closing.mcpLog!;
          const lineKinds = (unpaired['unparseable-line'] ?? 0) + (unpaired['not-json-rpc'] ?? 0);
          // Every non-blank line is a message, or named as no message: none is lost.
          const nonBlank = lines.filter((line) => line.trim() !== '').length;
          expect(lineKinds).toBeLessThanOrEqual(nonBlank);
          expect(messages + lineKinds).toBeGreaterThanOrEqual(nonBlank);
          for (const entry of entries) {
            for (const result of entry.results)
              expect(statesOf(result.diagnosis)).toContain(result.state);
          }
        },
      ),
      { numRuns: 150 },
    );
  });

  test('the kind of a JSONL file is decided whatever its first lines are', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.oneof(
            fc.string(),
            fc.jsonValue().map((value) => JSON.stringify(value)),
          ),
          { maxLength: 30 },
        ),
        (lines) => {
          const reader = jsonlReader('x.jsonl');
          const entries = lines.flatMap((line, index) => reader.line(line, index + 1));
          entries.push(...reader.end());
          for (const entry of entries) expect(typeof entry.location).toBe('string');
        },
      ),
      { numRuns: 200 },
    );
  });
});

describe('a tools/list of 10,000 tools', { timeout: 60_000 }, () => {
  const [exchange] = exchanges.filter(
    (each) => diagnoseToolResult(each).state === 'matches-output-schema',
  );
  const listed = (exchange!.tools.result as { tools: Array<{ name: string }> }).tools;
  const many = Array.from({ length: 10_000 }, (_, index) => {
    const tool = listed[index % listed.length]!;
    return index === 9_999 ? listed[0]! : { ...tool, name: `${tool.name}_${index}` };
  });
  const big = { ...exchange!, tools: { ...exchange!.tools, result: { tools: many } } };

  test('judged like a short one, each diagnosis in well under a second', () => {
    const started = performance.now();
    expect(diagnoseCalls(big).map((verdict) => verdict.state)).toEqual(['dispatchable']);
    expect(diagnoseToolResult(big).state).toBe('matches-output-schema');
    const read = readTurn(big);
    expect(read.ok && read.turn.tools?.length).toBe(10_000);
    const misnamed = { ...big, call: { ...big.call, params: { name: 'get_ordr', arguments: {} } } };
    const [unknown] = diagnoseCalls(misnamed);
    expect(unknown?.state).toBe('unknown-tool');
    // The list of names is shortened, not 10,000 names long.
    expect(unknown!.detail.length).toBeLessThan(2_000);
    expect(performance.now() - started).toBeLessThan(5_000);
  });

  test('in a log: the list read once, every call against it', async () => {
    const lines = [
      JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
      JSON.stringify({ jsonrpc: '2.0', id: 1, result: { tools: many } }),
      ...Array.from({ length: 20 }, (_, index) => [
        JSON.stringify({ ...big.call, id: 2 + index }),
        JSON.stringify({ ...big.result, id: 2 + index }),
      ]).flat(),
    ];
    const started = performance.now();
    const reader = jsonlReader('big.jsonl');
    const pending = lines.flatMap((line, index) => reader.line(line, index + 1));
    pending.push(...reader.end());
    const entries = await Promise.all(
      pending.map(async (entry) => auditEntry(await entry.open(), DIAGNOSES)),
    );
    expect(entries.flatMap((entry) => entry.results.map((result) => result.state))).toEqual([
      ...Array.from({ length: 20 }, () => ['dispatchable', 'matches-output-schema']).flat(),
      'all-paired',
    ]);
    expect(performance.now() - started).toBeLessThan(10_000);
  });
});

/**
 * The deep-and-huge checks, at any size: deep-and-huge.test.ts runs them at sizes that keep
 * `npm test` fast, deep-and-huge.stress.ts at 1,000,000 levels, 100 MB and 100,000 calls.
 */
import { expect, test } from 'vitest';
import {
  describeJson,
  diagnoseCalls,
  diagnoseStrictGuarantee,
  diagnoseTruncation,
  jsonState,
  lintStrictSchema,
  reassembleStream,
} from '../../src/index.js';
import { bedrockEventStream } from '../../src/surfaces/bedrock-converse/write.js';
import {
  deepObject,
  deepObjectText,
  deepSchema,
  responseWithCalls,
  strictTool,
} from './support.js';

/** The Anthropic message shape, whose arguments arrive already decoded as an object. */
function anthropicWithInput(input: unknown) {
  return {
    id: 'msg_hardening',
    type: 'message',
    role: 'assistant',
    model: 'claude-sonnet-4-6',
    stop_reason: 'tool_use',
    content: [{ type: 'tool_use', id: 'toolu_1', name: 'probe', input }],
  };
}

/** A Bedrock Converse response: its toolUse input arrives decoded too. */
function converseWithInput(input: unknown) {
  return {
    output: {
      message: {
        role: 'assistant',
        content: [{ toolUse: { toolUseId: 'tooluse_1', name: 'probe', input } }],
      },
    },
    stopReason: 'tool_use',
    usage: { inputTokens: 1, outputTokens: 1, totalTokens: 2 },
  };
}

/**
 * `timeout` is each test's hang guard, in milliseconds: a recursion with no depth limit, or
 * work that grows with the square of the depth, would not finish within it. Left out, the
 * config's `testTimeout` applies (in the stress config, 10 minutes). Speed itself is measured
 * by `npm run bench`, never here.
 */
export function deepChecks(depth: number, timeout?: number) {
  const levels = depth.toLocaleString('en-US');
  const objectSchema = [strictTool('probe', { type: 'object' })];

  test(
    `JSON-text arguments ${levels} deep: past the validation depth, said in the problem`,
    () => {
      const verdicts = diagnoseCalls(
        responseWithCalls([{ name: 'probe', arguments: deepObjectText(depth) }]),
        { tools: objectSchema },
      );
      expect(verdicts[0]?.state).toBe('arguments-violate-schema');
      expect(verdicts[0]?.problems).toEqual([
        `arguments: nested ${levels} levels deep, past the 256 levels this check validates`,
      ]);
    },
    timeout,
  );

  test(
    `arguments ${levels} deep against a recursive schema ($ref: "#")`,
    () => {
      const recursive = [
        strictTool('probe', {
          anyOf: [{ type: 'integer' }, { type: 'object', properties: { a: { $ref: '#' } } }],
        }),
      ];
      const verdicts = diagnoseCalls(
        responseWithCalls([{ name: 'probe', arguments: deepObjectText(depth) }]),
        { tools: recursive },
      );
      expect(verdicts[0]?.problems[0]).toMatch(/past the 256 levels this check validates$/);
    },
    timeout,
  );

  test(
    `Anthropic input decoded ${levels} deep gets the same verdict`,
    () => {
      const verdicts = diagnoseCalls(anthropicWithInput(deepObject(depth)), {
        tools: [{ name: 'probe', input_schema: { type: 'object' } }],
      });
      expect(verdicts[0]?.problems).toEqual([
        `arguments: nested ${levels} levels deep, past the 256 levels this check validates`,
      ]);
    },
    timeout,
  );

  test(
    `Bedrock Converse toolUse input ${levels} deep, decoded and streamed as event-stream bytes`,
    () => {
      const tools = [
        { toolSpec: { name: 'probe', inputSchema: { json: { type: 'object' } }, strict: true } },
      ];
      const expected = [
        `arguments: nested ${levels} levels deep, past the 256 levels this check validates`,
      ];
      expect(diagnoseCalls(converseWithInput(deepObject(depth)), { tools })[0]?.problems).toEqual(
        expected,
      );
      const text = deepObjectText(depth);
      const bytes = bedrockEventStream([
        { messageStart: { role: 'assistant' } },
        {
          contentBlockStart: {
            contentBlockIndex: 0,
            start: { toolUse: { toolUseId: 'tooluse_1', name: 'probe' } },
          },
        },
        { contentBlockDelta: { contentBlockIndex: 0, delta: { toolUse: { input: text } } } },
        { contentBlockStop: { contentBlockIndex: 0 } },
        { messageStop: { stopReason: 'tool_use' } },
      ]);
      const stream = reassembleStream(bytes);
      expect(stream.state).toBe('complete');
      expect(diagnoseCalls(stream, { tools })[0]?.problems).toEqual(expected);
    },
    timeout,
  );

  test(
    `a payload ${levels} deep is unreadable, not a crash`,
    () => {
      const value = [
        diagnoseCalls(deepObject(depth)),
        diagnoseTruncation(deepObject(depth)).state,
        diagnoseStrictGuarantee(deepObjectText(depth)).state,
      ];
      expect(value).toEqual([
        [expect.objectContaining({ state: 'unreadable' })],
        'unreadable',
        'unreadable',
      ]);
    },
    timeout,
  );

  test(
    `a schema ${levels} deep is schema-invalid, with the depth it stops at`,
    () => {
      const verdicts = diagnoseCalls(responseWithCalls([{ name: 'probe', arguments: '{}' }]), {
        tools: [strictTool('probe', deepSchema(depth))],
      });
      expect(verdicts[0]?.state).toBe('schema-invalid');
      expect(verdicts[0]?.detail).toBe(
        'The schema declared for "probe" does not compile (it nests deeper than 128 levels), so no call to it can be checked.',
      );
    },
    timeout,
  );

  test(
    `the strict lint answers a schema ${levels} deep with the depth rule, and stops`,
    () => {
      const openai = lintStrictSchema(strictTool('probe', deepSchema(depth)), {
        provider: 'openai',
      });
      // OpenAI documents 10 levels of nesting (no refusal seen: a note); the lint says so at the
      // 11th and goes no further.
      expect(openai.notes.filter((note) => note.rule === 'nesting-too-deep')).toEqual([
        expect.objectContaining({
          message: expect.stringMatching(
            /^"a" is object nesting level 11; OpenAI allows 10 levels — flatten the schema, e.g. lift its fields into its parent; OpenAI documents this, but no refusal/,
          ),
          evidence: 'documented-unsupported',
        }),
      ]);
      expect(openai.problems.filter((problem) => problem.rule === 'nesting-too-deep')).toEqual([]);
      // Anthropic documents no depth: the lint's own guard stops the walk at 1,000.
      const anthropic = lintStrictSchema(strictTool('probe', deepSchema(depth)), {
        provider: 'anthropic',
      });
      expect(anthropic.problems.filter((problem) => problem.rule === 'nesting-too-deep')).toEqual([
        expect.objectContaining({
          message:
            '"a" sits 1,000 schemas deep, where this linter stops walking; no provider documents accepting a schema this deep — flatten it',
        }),
      ]);
      expect(anthropic.problems.length).toBeLessThan(1_100);
    },
    timeout,
  );

  test(
    `the JSON state machine reads text ${levels} deep`,
    () => {
      const text = deepObjectText(depth);
      const value = [
        jsonState(text),
        jsonState(text.slice(0, -1)),
        describeJson(`${text.slice(0, -1)}]`).state,
      ];
      expect(value).toEqual(['parses', 'truncated', 'malformed']);
    },
    timeout,
  );

  test(
    `a streamed call whose arguments nest ${levels} deep`,
    () => {
      const text = deepObjectText(depth);
      const chunk = (delta: unknown, finish: string | null = null) =>
        `data: ${JSON.stringify({
          id: 'chatcmpl-1',
          object: 'chat.completion.chunk',
          choices: [{ index: 0, delta, finish_reason: finish }],
        })}\n\n`;
      const sse =
        chunk({
          role: 'assistant',
          tool_calls: [
            {
              index: 0,
              id: 'call_1',
              type: 'function',
              function: { name: 'probe', arguments: '' },
            },
          ],
        }) +
        chunk({ tool_calls: [{ index: 0, function: { arguments: text.slice(0, depth) } }] }) +
        chunk({ tool_calls: [{ index: 0, function: { arguments: text.slice(depth) } }] }) +
        chunk({}, 'tool_calls') +
        'data: [DONE]\n\n';
      const verdicts = diagnoseCalls(reassembleStream(sse), { tools: objectSchema });
      expect(verdicts[0]?.problems[0]).toMatch(/past the 256 levels this check validates$/);
    },
    timeout,
  );
}

/**
 * `timeout` as for {@link deepChecks}, scaled up for the tests with the most to read:
 * quadratic work on these strings would not finish within it. On the lists it would: 10,000
 * calls or tools checked against each other are about 10^8 cheap steps, a second or so, so
 * these checks say each call and tool gets its verdict, and growth.test.ts proves the
 * lists are read in linear time by growth (4x the items, about 4x the time).
 */
export function hugeChecks(
  size: { stringMb: number; calls: number; tools: number },
  timeout?: number,
) {
  const megabytes = size.stringMb * 1_000_000;
  const scaled = (factor: number) => (timeout === undefined ? undefined : timeout * factor);

  test(
    `a ${size.stringMb} MB argument string is measured against maxLength`,
    () => {
      const text = `{"note":"${'x'.repeat(megabytes)}"}`;
      const tools = [
        strictTool('probe', {
          type: 'object',
          properties: { note: { type: 'string', maxLength: 10 } },
        }),
      ];
      const verdicts = diagnoseCalls(responseWithCalls([{ name: 'probe', arguments: text }]), {
        tools,
      });
      expect(verdicts[0]?.problems).toEqual([
        `arguments.note: "${'x'.repeat(37)}…" is ${megabytes.toLocaleString('en-US')} characters long, longer than the maximum of 10`,
      ]);
    },
    scaled(3),
  );

  test(
    `a ${size.stringMb} MB argument string cut short is truncated`,
    () => {
      const text = `{"note":"${'x'.repeat(megabytes)}`;
      // The same text with its last byte a raw control character, which no JSON string may hold.
      const broken = `${text.slice(0, -1)}\u0001`;
      const cutOnCeiling = (args: string) => ({
        ...responseWithCalls([{ name: 'probe', arguments: args }]),
        status: 'incomplete',
        incomplete_details: { reason: 'max_output_tokens' },
      });
      const tools = [strictTool('probe', { type: 'object' })];

      // A valid prefix: the scan reaches the end inside the string, one container left open.
      expect(describeJson(text)).toEqual({
        state: 'truncated',
        reason: 'ends inside a string; 1 unclosed container',
      });
      expect(diagnoseCalls(cutOnCeiling(text), { tools })[0]?.state).toBe('arguments-truncated');
      // One wrong byte at the very end, and the same ceiling no longer explains the text.
      expect(describeJson(broken)).toMatchObject({ state: 'malformed', offset: broken.length - 1 });
      expect(diagnoseCalls(cutOnCeiling(broken), { tools })[0]?.state).toBe(
        'arguments-unparseable',
      );
    },
    scaled(2),
  );

  test(
    `${size.calls.toLocaleString('en-US')} tool calls in one turn, one verdict each`,
    () => {
      const calls = Array.from({ length: size.calls }, (_, index) => ({
        name: index % 3 === 0 ? 'toString' : 'probe',
        arguments: index % 2 === 0 ? '{"n":1}' : '{"n":"one"}',
      }));
      const payload = responseWithCalls(calls);
      const tools = [
        strictTool('probe', { type: 'object', properties: { n: { type: 'integer' } } }),
      ];
      const value = {
        verdicts: diagnoseCalls(payload, { tools }),
        strict: diagnoseStrictGuarantee(payload, { tools, parallelToolCalls: true }).state,
        truncation: diagnoseTruncation(payload, { tools }).state,
      };
      expect(value.verdicts).toHaveLength(size.calls);
      const states = new Map<string, number>();
      for (const verdict of value.verdicts)
        states.set(verdict.state, (states.get(verdict.state) ?? 0) + 1);
      expect(states.get('unknown-tool')).toBe(Math.ceil(size.calls / 3));
      expect(value.strict).toBe('strict-void');
      expect(value.truncation).toBe('complete');
    },
    scaled(2),
  );

  test(
    `${size.tools.toLocaleString('en-US')} tools declared: the call finds its own`,
    () => {
      const tools = Array.from({ length: size.tools }, (_, index) =>
        strictTool(`tool_${index}`, {
          type: 'object',
          additionalProperties: false,
          required: [`p${index}`],
          properties: { [`p${index}`]: { type: 'string' } },
        }),
      );
      const last = size.tools - 1;
      const payload = responseWithCalls([{ name: `tool_${last}`, arguments: '{}' }]);
      const value = {
        verdicts: diagnoseCalls(payload, { tools }),
        strict: diagnoseStrictGuarantee(payload, { tools }).state,
        lint: lintStrictSchema(tools, { provider: 'openai' }).problems.length,
      };
      expect(value.verdicts[0]?.problems).toEqual([`arguments.p${last}: required and missing`]);
      // The response says parallel_tool_calls: false, so one strict call is serialised and held.
      expect(value.strict).toBe('strict-serialised');
      expect(value.lint).toBe(0);
    },
    timeout,
  );
}

/**
 * The AI SDK's own MockLanguageModelV3 makes the objects a team's tests hold: generateText and
 * streamText results whose model returns invalid, unknown and cut calls. A mock model names no
 * provider and keeps no provider body, so its steps are read from the AI SDK's normalised
 * content, as the `ai-sdk` surface; the ToolSet given to generateText is the `tools` option.
 */
import type { LanguageModelV3StreamPart } from '@ai-sdk/provider';
import { generateText, stepCountIs, streamText, type ToolSet, tool } from 'ai';
import { convertArrayToReadableStream, MockLanguageModelV3 } from 'ai/test';
import { describe, expect, test } from 'vitest';
import { z } from 'zod';
import {
  diagnoseCalls,
  diagnoseStrictGuarantee,
  diagnoseTruncation,
  readTurn,
  readTurns,
} from '../../../src/index.js';
import { failureOf } from '../../matchers/support.js';

type Generated = ConstructorParameters<typeof MockLanguageModelV3>[0] extends infer O
  ? O extends { doGenerate?: infer G }
    ? Extract<G, { content: unknown }>
    : never
  : never;

const usage = (output: number) => ({
  inputTokens: { total: 120, noCache: 120, cacheRead: undefined, cacheWrite: undefined },
  outputTokens: { total: output, text: output, reasoning: undefined },
});

/** One model turn: the calls (their input as the model wrote it), then why it stopped. */
function turn(
  calls: Array<[name: string, input: string]>,
  finish: { unified: Generated['finishReason']['unified']; raw?: string },
  output = 40,
): Generated {
  return {
    content: calls.map(([toolName, input], index) => ({
      type: 'tool-call' as const,
      toolCallId: `call_${index + 1}`,
      toolName,
      input,
    })),
    finishReason: { unified: finish.unified, raw: finish.raw },
    usage: usage(output),
    warnings: [],
  };
}

const tools = {
  lookup_order: tool({
    description: 'Look an order up by id.',
    inputSchema: z.object({ order_id: z.string(), include_items: z.boolean() }),
    strict: true,
    execute: async ({ order_id }) => ({ order_id, status: 'shipped' }),
  }),
  issue_refund: tool({
    description: 'Refund part of an order.',
    inputSchema: z.object({
      order_id: z.string(),
      amount_cents: z.number().int(),
      currency: z.enum(['usd', 'eur']),
    }),
    execute: async () => ({ refunded: true }),
  }),
} satisfies ToolSet;

const LOOKUP = '{"order_id":"A-1001","include_items":false}';

async function generated(...turns: Generated[]) {
  return generateText({
    model: new MockLanguageModelV3({ doGenerate: turns }),
    tools,
    prompt: 'Where is A-1001?',
    stopWhen: stepCountIs(turns.length),
  });
}

describe('generateText with a mock model', () => {
  test('a healthy call: dispatchable, whole, strict held, and the call is the one expected', async () => {
    const result = await generated(turn([['lookup_order', LOOKUP]], { unified: 'tool-calls' }));

    expect(result).toBeDispatchable({ tools, requireStrict: true });
    expect(result).toNotBeTruncated();
    expect(result).toCallTool('lookup_order', { order_id: 'A-1001', include_items: false });
    expect(diagnoseStrictGuarantee(result, { tools }).state).toBe('strict-held');
    const read = readTurn(result, { tools });
    expect(read.ok && read.turn).toMatchObject({
      surface: 'ai-sdk',
      stop: { kind: 'finished', said: 'finishReason "tool-calls"' },
      outputTokens: 40,
    });
  });

  test('a call the AI SDK found breaking its zod schema: arguments-violate-schema, with the problems', async () => {
    const result = await generated(
      turn([['issue_refund', '{"order_id":"A-1002","amount_cents":"18.50","currency":"gbp"}']], {
        unified: 'tool-calls',
      }),
    );
    const [verdict] = diagnoseCalls(result, { tools });
    expect(verdict?.state).toBe('arguments-violate-schema');
    expect(verdict?.at).toBe('steps[0].content[0]');
    expect(verdict?.problems).toHaveLength(2);
    expect(failureOf(() => expect(result).toBeDispatchable({ tools }))).toMatch(
      /steps\[0\]\.content\[0\].*arguments-violate-schema/s,
    );
  });

  test('without the ToolSet, a call the AI SDK rejected is "cannot tell", never dispatchable', async () => {
    const result = await generated(
      turn([['issue_refund', '{"order_id":"A-1002","amount_cents":"18.50"}']], {
        unified: 'tool-calls',
      }),
    );
    expect(failureOf(() => expect(result).toBeDispatchable())).toMatchInlineSnapshot(`
      "expect(received).toBeDispatchable()

      Cannot tell: no tool declarations came with this Vercel AI SDK response, so no call was checked against a schema.
      Pass the ToolSet given to generateText or streamText as the tools: .toBeDispatchable({ tools })."
    `);
    const read = readTurn(result);
    expect(read.ok && read.turn.notes[0]).toMatch(
      /^steps\[0\]\.content\[0\] is a call the AI SDK marked invalid \(AI_InvalidToolInputError: Invalid input for tool issue_refund: Type validation failed/,
    );
  });

  test('unparseable arguments and an unknown tool, each named by the AI SDK and judged here', async () => {
    const result = await generated(
      turn(
        [
          ['lookup_order', '{"order_id":"A-1001", include_items: false}'],
          ['lookup_order_status', '{"order_id":"A-1001"}'],
        ],
        { unified: 'tool-calls' },
      ),
    );
    const verdicts = diagnoseCalls(result, { tools });
    expect(verdicts.map((verdict) => verdict.state)).toEqual([
      'arguments-unparseable',
      'unknown-tool',
    ]);
    // lookup_order has strict: true and a zod schema: neither is advised again; what is left is.
    expect(verdicts[0]?.repairs.at(-1)).toMatch(
      /^"lookup_order" is declared strict, so its arguments should have been decoded as JSON: report the response \(aitxt-\w+\) to the provider behind the Vercel AI SDK\.$/,
    );
    expect(verdicts[0]?.repairs.join('\n')).not.toMatch(/tool\(\{ strict: true \}\)|validator/);
    const read = readTurn(result, { tools });
    expect(read.ok && read.turn.notes.join('\n')).toMatch(/AI_NoSuchToolError/);
  });

  test('a call cut by the output ceiling: arguments-truncated, truncated-by-length, with the numbers', async () => {
    const result = await generated(
      turn([['lookup_order', '{"order_id":"A-10']], { unified: 'length', raw: 'max_tokens' }, 64),
    );
    const options = { tools, maxOutputTokens: 64 };
    expect(diagnoseCalls(result, options).map((verdict) => verdict.state)).toEqual([
      'arguments-truncated',
    ]);
    expect(diagnoseTruncation(result, options)).toMatchObject({
      state: 'truncated-by-length',
      at: 'steps[0]',
      ceiling: 64,
      outputTokens: 64,
    });
    expect(failureOf(() => expect(result).toNotBeTruncated(options))).toMatch(
      /steps\[0\]: Stopped on the output ceiling \(finishReason "length", rawFinishReason "max_tokens"\); used 64 tokens of a 64-token ceiling, 100% of it/,
    );
  });

  test('a content filter: stopped-by-filter; an OpenAI refusal, which the AI SDK calls content-filter, is refused', async () => {
    const filtered = await generated(
      turn([], { unified: 'content-filter', raw: 'content_filter' }),
    );
    expect(diagnoseTruncation(filtered).state).toBe('stopped-by-filter');
    const refused = await generated(turn([], { unified: 'content-filter', raw: 'stop' }));
    expect(diagnoseTruncation(refused).state).toBe('refused');
  });

  test('several steps: verdicts per step, and a failing matcher names the step', async () => {
    const result = await generated(
      turn([['lookup_order', LOOKUP]], { unified: 'tool-calls' }),
      turn([['lookup_order', LOOKUP]], { unified: 'tool-calls' }),
      turn([['issue_refund', '{"order_id":"A-1001","amount_cents":12']], {
        unified: 'length',
        raw: 'max_tokens',
      }),
    );
    expect(result.steps).toHaveLength(3);
    const read = readTurns(result, { tools });
    expect(read.ok && read.turns.map(({ at }) => at)).toEqual(['steps[0]', 'steps[1]', 'steps[2]']);
    expect(diagnoseCalls(result, { tools }).map((verdict) => [verdict.at, verdict.state])).toEqual([
      ['steps[0].content[0]', 'dispatchable'],
      ['steps[1].content[0]', 'dispatchable'],
      ['steps[2].content[0]', 'arguments-truncated'],
    ]);
    expect(diagnoseTruncation(result)).toMatchObject({
      state: 'truncated-by-length',
      at: 'steps[2]',
    });
    const failure = failureOf(() => expect(result).toNotBeTruncated());
    expect(failure).toMatch(/steps\[2\]/);
    expect(failureOf(() => expect(result).toBeDispatchable({ tools }))).toMatch(
      /1 of 3 is not:[\s\S]*steps\[2\]\.content\[0\]/,
    );
    expect(failureOf(() => expect(result).toKeepStrictGuarantee({ tools }))).toMatch(/strict-held/);
  });

  test('a step serialised as JSON reads as the step itself', async () => {
    const result = await generated(turn([['lookup_order', LOOKUP]], { unified: 'tool-calls' }));
    const copy = JSON.parse(JSON.stringify(result)) as unknown;
    expect(diagnoseCalls(copy, { tools })).toEqual(diagnoseCalls(result, { tools }));
  });
});

describe('streamText with a mock model', () => {
  const streamed = (chunks: unknown[]) =>
    streamText({
      model: new MockLanguageModelV3({
        doStream: async () => ({
          stream: convertArrayToReadableStream(chunks as LanguageModelV3StreamPart[]),
        }),
      }),
      tools,
      prompt: 'Where is A-1001?',
    });

  test('the steps of a consumed stream read as generateText steps do', async () => {
    const result = streamed([
      { type: 'stream-start', warnings: [] },
      { type: 'tool-call', toolCallId: 'call_1', toolName: 'lookup_order', input: LOOKUP },
      { type: 'finish', finishReason: { unified: 'tool-calls', raw: undefined }, usage: usage(30) },
    ]);
    const steps = await result.steps;
    expect(steps).toBeDispatchable({ tools });
    expect(steps).toCallTool('lookup_order');
    expect(diagnoseTruncation(steps)).toMatchObject({ state: 'complete', at: 'steps[0]' });
  });

  test('a stream that ended before its finish: stream-cut, and the call it was writing is gone', async () => {
    const result = streamed([
      { type: 'stream-start', warnings: [] },
      { type: 'tool-input-start', id: 'call_1', toolName: 'lookup_order' },
      { type: 'tool-input-delta', id: 'call_1', delta: '{"order_id":"A-' },
    ]);
    const steps = await result.steps;
    expect(diagnoseTruncation(steps)).toMatchObject({ state: 'stream-cut', at: 'steps[0]' });
    expect(diagnoseCalls(steps, { tools })).toEqual([]);
    const read = readTurn(steps);
    expect(read.ok && read.turn.notes).toContain(
      'steps[0].finishReason is "other" with no rawFinishReason and no output tokens: no finish event reached the AI SDK, as when the provider\'s stream ends before its last event, so the step is read as a cut stream',
    );
  });

  test('finishReason "other" with no raw reason but with output tokens is another stop, not a cut', async () => {
    // The finish event came (it carried the usage): the provider stopped for a reason the AI
    // SDK has no word for.
    const result = streamed([
      { type: 'stream-start', warnings: [] },
      { type: 'text-start', id: 't1' },
      { type: 'text-delta', id: 't1', delta: 'Let me check.' },
      { type: 'text-end', id: 't1' },
      { type: 'finish', finishReason: { unified: 'other', raw: undefined }, usage: usage(12) },
    ]);
    const steps = await result.steps;
    expect(diagnoseTruncation(steps)).toMatchObject({ state: 'incomplete-other', at: 'steps[0]' });
    const read = readTurn(steps);
    expect(read.ok && read.turn.stop).toEqual({ kind: 'other', said: 'finishReason "other"' });
    expect(read.ok && read.turn.notes.join('\n')).not.toMatch(/cut stream/);
  });

  test('the streamText result itself gets the message to pass await result.steps', async () => {
    const result = streamed([
      { type: 'stream-start', warnings: [] },
      { type: 'finish', finishReason: { unified: 'stop', raw: undefined }, usage: usage(3) },
    ]);
    await result.consumeStream();
    expect(diagnoseCalls(result)[0]?.detail).toMatch(
      /pass its steps: `const steps = await result.steps`/,
    );
    expect(diagnoseTruncation(result).state).toBe('unreadable');
    expect(diagnoseStrictGuarantee(result).state).toBe('unreadable');
    const failure = failureOf(() => expect(result).toBeDispatchable({ tools }));
    expect(failure).toMatch(/^tool-call-health: toBeDispatchable\(\) accepts/);
    expect(failure).toMatch(
      /Received: a Vercel AI SDK streamText result, whose steps, finish reason and usage are promises/,
    );
    // Not awaited at all: the steps are a promise, and the matcher says to await it.
    expect(failureOf(() => expect(result.steps).toBeDispatchable())).toMatch(
      /received a Promise\. Did you forget to await/,
    );
  });
});

/**
 * faultyLanguageModel from the packed tarball under ai 7, whose models implement the next
 * specification (LanguageModelV4): as a v4 model (specificationVersion: 'v4') and as the default
 * v3 one, which ai 7 also takes, every fault the AI SDK can express through generateText and
 * streamText reads as its fault in this package's diagnoses; strict-void, and stream-cut outside
 * a stream, are rejected naming the fault.
 */
import { generateText, type LanguageModel, streamText, type ToolSet, tool } from 'ai';
import { diagnoseCalls, diagnoseTruncation, FAULTS, type Fault } from 'tool-call-health';
import { faultyLanguageModel } from 'tool-call-health/ai-sdk';
import { describe, expect, test } from 'vitest';
import { z } from 'zod';

type LanguageModelV4 = Extract<LanguageModel, { specificationVersion: 'v4' }>;

const tools = {
  lookup_order: tool({
    inputSchema: z.strictObject({ order_id: z.string(), include_items: z.boolean() }),
  }),
  refund_order: tool({
    inputSchema: z.strictObject({
      order_id: z.string(),
      amount: z.number().min(0.01),
      currency: z.enum(['usd', 'eur']),
    }),
  }),
} satisfies ToolSet;
const CEILING = 512;

/** The diagnosis and state each fault must read as (the package's FAULT_DIAGNOSES). */
const EXPECTED: Record<Fault, ['calls' | 'truncation' | null, string]> = {
  'unknown-tool': ['calls', 'unknown-tool'],
  'arguments-violate-schema': ['calls', 'arguments-violate-schema'],
  'arguments-unparseable': ['calls', 'arguments-unparseable'],
  'arguments-truncated': ['calls', 'arguments-truncated'],
  'duplicate-call': ['calls', 'duplicate-call'],
  'empty-output': ['truncation', 'empty-output'],
  refused: ['truncation', 'refused'],
  'stopped-by-filter': ['truncation', 'stopped-by-filter'],
  'ceiling-unreported': ['truncation', 'ceiling-unreported'],
  'ceiling-spent-on-reasoning': ['truncation', 'ceiling-spent-on-reasoning'],
  'strict-void': [null, 'not expressible'],
  'stream-cut': ['truncation', 'stream-cut'],
};

async function stepsOf(model: LanguageModel, streamed: boolean) {
  const options = { model, tools, prompt: 'Where is A-1001?', maxOutputTokens: CEILING };
  if (!streamed) return (await generateText({ ...options, maxRetries: 0 })).steps;
  let raised: unknown;
  const result = streamText({
    ...options,
    onError: ({ error }) => {
      raised = error;
    },
  });
  let steps: Awaited<typeof result.steps>;
  try {
    steps = await result.steps;
  } catch (error) {
    throw raised ?? error;
  }
  if (raised !== undefined) throw raised;
  return steps;
}

const CASES = (['v4', 'v3'] as const).flatMap((version) =>
  [false, true].flatMap((streamed) =>
    FAULTS.map(
      (fault) => [version, streamed ? 'streamText' : 'generateText', fault, streamed] as const,
    ),
  ),
);

describe('faultyLanguageModel under ai 7', () => {
  test('a v4 model is a LanguageModelV4', () => {
    const model: LanguageModelV4 = faultyLanguageModel({
      fault: 'refused',
      specificationVersion: 'v4',
    });
    expect(model.specificationVersion).toBe('v4');
  });

  test.each(CASES)('%s, %s: %s', async (version, _mode, fault, streamed) => {
    const model = faultyLanguageModel({ fault, seed: 3, specificationVersion: version });
    const [diagnosis, state] = EXPECTED[fault];
    if (diagnosis === null || (fault === 'stream-cut' && !streamed)) {
      await expect(stepsOf(model, streamed)).rejects.toThrow(
        `tool-call-health: faultyLanguageModel: the fault "${fault}" cannot be written in ${streamed ? 'doStream' : 'doGenerate'}`,
      );
      return;
    }
    const steps = await stepsOf(model, streamed);
    const given = { tools, maxOutputTokens: CEILING };
    if (diagnosis === 'calls') {
      const calls = diagnoseCalls(steps, given);
      if (fault === 'duplicate-call') {
        // The first of the copies is the call; each copy after it is the repeat.
        const [first, ...repeats] = calls.map((call) => call.state);
        expect(first).toMatch(/^dispatchable/);
        expect(repeats.length).toBeGreaterThan(0);
        expect(repeats.every((repeat) => repeat === state)).toBe(true);
        return;
      }
      expect(calls.length).toBeGreaterThan(0);
      for (const call of calls) expect(call.state, call.detail).toMatch(new RegExp(`^${state}`));
    } else {
      const truncation = diagnoseTruncation(steps, given);
      expect(truncation.state, truncation.detail).toBe(state);
    }
  });
});

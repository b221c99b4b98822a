/**
 * The test proposed for the README's "Test your agent loop against broken tool calls", AI SDK
 * paragraph: an agent step over generateText meets every fault the AI SDK can express, from
 * faultyLanguageModel, with no network. The guarded step runs a call only when the diagnoses
 * clear the turn and the call, each once; the naive one, which runs every call the AI SDK did
 * not mark invalid, runs a call from a turn cut at its ceiling and a duplicated call twice.
 */
// --- README: Without the network: the AI SDK ---
import { generateText, type LanguageModel, tool } from 'ai';
import { diagnoseCalls, diagnoseTruncation, FAULTS } from 'tool-call-health';
import { faultyLanguageModel } from 'tool-call-health/ai-sdk';
import { expect, test } from 'vitest';
import { z } from 'zod';

const tools = {
  lookup_order: tool({ inputSchema: z.strictObject({ order_id: z.string() }) }),
  refund_order: tool({
    inputSchema: z.strictObject({ order_id: z.string(), currency: z.enum(['usd', 'eur']) }),
  }),
};
const CEILING = 512;

// Your agent's step: it runs a call only when the turn is whole and the call sound, each once.
async function guardedStep(model: LanguageModel): Promise<string[]> {
  const result = await generateText({
    model,
    tools,
    prompt: 'Where is order A-1001?',
    maxOutputTokens: CEILING,
  });
  const given = { tools, maxOutputTokens: CEILING };
  if (diagnoseTruncation(result, given).state !== 'complete') return [];
  const ran: string[] = [];
  for (const verdict of diagnoseCalls(result, given)) {
    if (verdict.state !== 'dispatchable' && verdict.state !== 'dispatchable-unconstrained')
      continue;
    const call = `${verdict.name} ${JSON.stringify(verdict.arguments)}`;
    if (!ran.includes(call)) ran.push(call);
  }
  return ran;
}

// What it must not do: run every call the AI SDK did not mark invalid.
async function naiveStep(model: LanguageModel): Promise<string[]> {
  const result = await generateText({
    model,
    tools,
    prompt: 'Where is order A-1001?',
    maxOutputTokens: CEILING,
  });
  return result.toolCalls
    .filter((call) => call.invalid !== true)
    .map((call) => `${call.toolName} ${JSON.stringify(call.input)}`);
}

// Every fault the AI SDK can express in generateText (strict-void and stream-cut it cannot).
const faults = FAULTS.filter((fault) => fault !== 'strict-void' && fault !== 'stream-cut');

test.each(faults)('the guarded step runs no broken call: %s', async (fault) => {
  for (const seed of [1, 2, 3]) {
    const ran = await guardedStep(faultyLanguageModel({ fault, seed }));
    // Only a duplicated call is sound, and it runs once.
    expect(ran).toHaveLength(fault === 'duplicate-call' ? 1 : 0);
  }
});
// --- end ---

test('the naive step runs a call from a cut turn, and a duplicated call more than once', async () => {
  const runs = async (fault: (typeof faults)[number]) =>
    (await naiveStep(faultyLanguageModel({ fault, seed: 1 }))).length;
  expect(await runs('ceiling-unreported')).toBe(1);
  expect(await runs('duplicate-call')).toBeGreaterThan(1);
});

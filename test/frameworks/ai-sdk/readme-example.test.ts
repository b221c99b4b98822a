/**
 * The README's "Vercel AI SDK" example, as a user would copy it: public entry points only, the
 * AI SDK's own mock model. If this file changes, the README section changes with it.
 */
// --- README: Vercel AI SDK ---
import { generateText, stepCountIs, streamText, tool } from 'ai';
import { convertArrayToReadableStream, MockLanguageModelV3 } from 'ai/test';
import { diagnoseCalls } from 'tool-call-health';
import { describe, expect, test } from 'vitest';
import { z } from 'zod';
import 'tool-call-health/vitest';

const tools = {
  lookup_order: tool({
    description: 'Look an order up by id.',
    inputSchema: z.object({ order_id: z.string() }),
    strict: true,
    execute: async ({ order_id }) => ({ order_id, status: 'shipped' }),
  }),
};

const usage = {
  inputTokens: { total: 90, noCache: 90, cacheRead: undefined, cacheWrite: undefined },
  outputTokens: { total: 24, text: 24, reasoning: undefined },
};
const lookup = (input: string) => ({
  type: 'tool-call' as const,
  toolCallId: 'call_1',
  toolName: 'lookup_order',
  input,
});

describe('my agent on the AI SDK', () => {
  test('every step can be dispatched, and none was cut', async () => {
    const result = await generateText({
      model: new MockLanguageModelV3({
        doGenerate: [
          {
            content: [lookup('{"order_id":"A-1042"}')],
            finishReason: { unified: 'tool-calls', raw: 'tool_use' },
            usage,
            warnings: [],
          },
          {
            content: [{ type: 'text', text: 'A-1042 has shipped.' }],
            finishReason: { unified: 'stop', raw: 'end_turn' },
            usage,
            warnings: [],
          },
        ],
      }),
      tools,
      prompt: 'Where is A-1042?',
      stopWhen: stepCountIs(3),
    });

    expect(result).toBeDispatchable({ tools });
    expect(result).toNotBeTruncated();
    expect(result).toCallTool('lookup_order', { order_id: 'A-1042' });
  });

  test('a call cut by the ceiling fails, and the message names its step', async () => {
    const result = streamText({
      model: new MockLanguageModelV3({
        doStream: {
          stream: convertArrayToReadableStream([
            { type: 'stream-start', warnings: [] },
            lookup('{"order_id":"A-10'),
            { type: 'finish', finishReason: { unified: 'length', raw: 'max_tokens' }, usage },
          ]),
        },
      }),
      tools,
      prompt: 'Where is A-1042?',
    });
    const steps = await result.steps; // a streamText result's steps are a promise

    expect(steps).not.toNotBeTruncated();
    expect(diagnoseCalls(steps, { tools })).toMatchObject([
      { at: 'steps[0].content[0]', state: 'arguments-truncated' },
    ]);
  });
});
// --- end ---

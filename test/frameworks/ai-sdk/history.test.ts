/**
 * The AI SDK's own conversation, ModelMessage[], judged by the SDK's own rule: before any
 * provider sees a prompt, every tool call it did not leave to the provider needs its result
 * before the next user or system message. The messages are the ones generateText hands back
 * (`result.response.messages`), and each verdict is checked against what generateText itself
 * does with them: it throws MissingToolResultsError where the verdict is unanswered-call.
 */
import { generateText, type ModelMessage, stepCountIs, tool } from 'ai';
import { MockLanguageModelV3 } from 'ai/test';
import { describe, expect, test } from 'vitest';
import { z } from 'zod';
import { diagnoseHistory } from '../../../src/index.js';

const usage = {
  inputTokens: { total: 120, noCache: 120, cacheRead: undefined, cacheWrite: undefined },
  outputTokens: { total: 20, text: 20, reasoning: undefined },
};

/** A model that calls lookup_order once, then answers. */
function callingModel() {
  return new MockLanguageModelV3({
    doGenerate: [
      {
        content: [
          {
            type: 'tool-call',
            toolCallId: 'call_1',
            toolName: 'lookup_order',
            input: '{"order_id":"A-1001"}',
          },
        ],
        finishReason: { unified: 'tool-calls', raw: 'tool_calls' },
        usage,
        warnings: [],
      },
      {
        content: [{ type: 'text', text: 'It shipped.' }],
        finishReason: { unified: 'stop', raw: 'stop' },
        usage,
        warnings: [],
      },
    ],
  });
}

const lookupOrder = tool({
  description: 'Look an order up by id.',
  inputSchema: z.object({ order_id: z.string() }),
  execute: async ({ order_id }) => ({ order_id, status: 'shipped' }),
});

/** The conversation a real loop keeps: the prompt, then what generateText hands back. */
async function conversation(): Promise<ModelMessage[]> {
  const result = await generateText({
    model: callingModel(),
    tools: { lookup_order: lookupOrder },
    prompt: 'Where is A-1001?',
    stopWhen: stepCountIs(2),
  });
  return [{ role: 'user', content: 'Where is A-1001?' }, ...result.response.messages];
}

/** What the AI SDK itself does when the messages are sent on: the error it throws, or none. */
async function sdkSays(messages: ModelMessage[]): Promise<string | null> {
  const model = new MockLanguageModelV3({
    doGenerate: {
      content: [{ type: 'text', text: 'ok' }],
      finishReason: { unified: 'stop', raw: 'stop' },
      usage,
      warnings: [],
    },
  });
  try {
    await generateText({ model, tools: { lookup_order: lookupOrder }, messages });
    return null;
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
}

describe('diagnoseHistory on the AI SDK’s ModelMessage[]', () => {
  test('the messages generateText hands back, with the next question: consistent (read as ai-sdk, not as Chat)', async () => {
    const messages = [...(await conversation()), { role: 'user' as const, content: 'Thanks!' }];
    expect(diagnoseHistory(messages)).toMatchObject({
      state: 'history-consistent',
      surface: 'ai-sdk',
      calls: 1,
      results: 1,
    });
    expect(await sdkSays(messages)).toBeNull();
  });

  test('the same held as { messages }', async () => {
    const messages = await conversation();
    expect(diagnoseHistory({ messages }).state).toBe('history-consistent');
  });

  test('a tool result dropped before the next question: unanswered-call, in the SDK’s own words', async () => {
    const messages = (await conversation()).filter((message) => message.role !== 'tool');
    messages.push({ role: 'user', content: 'Thanks!' });
    const verdict = diagnoseHistory(messages);
    expect(verdict.state).toBe('unanswered-call');
    expect(verdict.problems).toEqual([
      'messages[1].content[0] (call_1, "lookup_order"): no tool-result part answers it before messages[3]',
    ]);
    expect(verdict.detail).toContain(
      'throws MissingToolResultsError before any provider sees the prompt: "Tool result is missing for tool call call_1."',
    );
    expect(await sdkSays(messages)).toBe('Tool result is missing for tool call call_1.');
  });

  test('a result that comes only after the next question answers nothing: still unanswered', async () => {
    const [question, assistant, toolMessage, ...rest] = await conversation();
    const messages = [
      question,
      assistant,
      { role: 'user', content: 'Hurry.' },
      toolMessage,
      ...rest,
    ] as ModelMessage[];
    expect(diagnoseHistory(messages).state).toBe('unanswered-call');
    expect(await sdkSays(messages)).toBe('Tool result is missing for tool call call_1.');
  });

  test('tool messages split in two, and an assistant message between call and result: consistent, as the SDK merges them', async () => {
    const messages: ModelMessage[] = [
      { role: 'user', content: 'Refund A-1001' },
      {
        role: 'assistant',
        content: [
          { type: 'tool-call', toolCallId: 'call_1', toolName: 'lookup_order', input: {} },
          { type: 'tool-call', toolCallId: 'call_2', toolName: 'lookup_order', input: {} },
        ],
      },
      {
        role: 'tool',
        content: [
          {
            type: 'tool-result',
            toolCallId: 'call_1',
            toolName: 'lookup_order',
            output: { type: 'text', value: 'ok' },
          },
        ],
      },
      { role: 'assistant', content: 'One more moment.' },
      {
        role: 'tool',
        content: [
          {
            type: 'tool-result',
            toolCallId: 'call_2',
            toolName: 'lookup_order',
            output: { type: 'text', value: 'ok' },
          },
        ],
      },
    ];
    expect(diagnoseHistory(messages).state).toBe('history-consistent');
    expect(await sdkSays(messages)).toBeNull();
  });

  test('a call the provider executed needs no client result', async () => {
    const messages: ModelMessage[] = [
      { role: 'user', content: 'Search the news' },
      {
        role: 'assistant',
        content: [
          {
            type: 'tool-call',
            toolCallId: 'ws_1',
            toolName: 'web_search',
            input: {},
            providerExecuted: true,
          },
          {
            type: 'tool-result',
            toolCallId: 'ws_1',
            toolName: 'web_search',
            output: { type: 'json', value: [] },
          },
          { type: 'text', text: 'Nothing new.' },
        ],
      },
      { role: 'user', content: 'Thanks' },
    ];
    expect(diagnoseHistory(messages)).toMatchObject({
      state: 'no-tool-history',
      surface: 'ai-sdk',
    });
    expect(await sdkSays(messages)).toBeNull();
  });

  test('a call awaiting approval is answered by its approval response: the SDK runs or denies it itself', async () => {
    const messages: ModelMessage[] = [
      { role: 'user', content: 'Refund A-1001' },
      {
        role: 'assistant',
        content: [
          {
            type: 'tool-call',
            toolCallId: 'call_1',
            toolName: 'lookup_order',
            input: { order_id: 'A-1001' },
          },
          { type: 'tool-approval-request', approvalId: 'approval_1', toolCallId: 'call_1' },
        ],
      },
      {
        role: 'tool',
        content: [{ type: 'tool-approval-response', approvalId: 'approval_1', approved: false }],
      },
    ];
    expect(diagnoseHistory(messages)).toMatchObject({
      state: 'history-consistent',
      calls: 1,
      results: 1,
    });
    expect(await sdkSays(messages)).toBeNull();
  });

  test('a message that is no ModelMessage is named, never guessed at', () => {
    const verdict = diagnoseHistory([
      {
        role: 'assistant',
        content: [{ type: 'tool-call', toolCallId: 'c', toolName: 'f', input: {} }],
      },
      { role: 'robot', content: 'beep' },
      {
        role: 'tool',
        content: [
          {
            type: 'tool-result',
            toolCallId: 'c',
            toolName: 'f',
            output: { type: 'text', value: '' },
          },
        ],
      },
    ]);
    expect(verdict.state).toBe('history-consistent');
    expect(verdict.notes).toEqual([
      'messages[1] is an object with keys "role", "content", not a ModelMessage (role system, user, assistant or tool); skipped',
    ]);
  });
});

/**
 * A LangChain conversation is judged as the provider behind it receives it. Each conversation
 * here is made of LangChain's own message classes, and each verdict is checked against the
 * request body the real integration (`ChatOpenAI`, `ChatAnthropic`) sends for it, caught by msw:
 * the conversation and the body it becomes must get the same state.
 */
import { ChatAnthropic } from '@langchain/anthropic';
import { AIMessage, type BaseMessage, HumanMessage, ToolMessage } from '@langchain/core/messages';
import { ChatOpenAI } from '@langchain/openai';
import { HttpResponse, http } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { diagnoseHistory } from '../../../src/index.js';

let sent: unknown;
const server = setupServer(
  http.post('https://api.openai.com/v1/chat/completions', async ({ request }) => {
    sent = await request.json();
    return HttpResponse.json({
      id: 'chatcmpl-C9jT4l6nqC2dMvWq8m5xYb3ZkE1rP',
      object: 'chat.completion',
      created: 1_760_000_000,
      model: 'gpt-4.1-2025-04-14',
      choices: [
        {
          index: 0,
          message: { role: 'assistant', content: 'Done.', refusal: null },
          finish_reason: 'stop',
          logprobs: null,
        },
      ],
      usage: { prompt_tokens: 50, completion_tokens: 2, total_tokens: 52 },
    });
  }),
  http.post('https://api.anthropic.com/v1/messages', async ({ request }) => {
    sent = await request.json();
    return HttpResponse.json({
      id: 'msg_01XFDUDYJgAACzvnptvVoYEL',
      type: 'message',
      role: 'assistant',
      model: 'claude-haiku-4-5-20251001',
      content: [{ type: 'text', text: 'Done.' }],
      stop_reason: 'end_turn',
      stop_sequence: null,
      usage: { input_tokens: 50, output_tokens: 2 },
    });
  }),
);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());

const openai = new ChatOpenAI({ model: 'gpt-4.1', apiKey: 'test-key-not-real', maxRetries: 0 });
const anthropic = new ChatAnthropic({
  model: 'claude-haiku-4-5-20251001',
  apiKey: 'test-key-not-real',
  maxRetries: 0,
});

/** The body the integration sends for a conversation. */
async function bodySent(model: ChatOpenAI | ChatAnthropic, messages: BaseMessage[]) {
  sent = undefined;
  await model.invoke(messages);
  return sent;
}

const ask = new HumanMessage('Where is A-1001, and refund it?');
const calling = (provider: string, ...ids: string[]) =>
  new AIMessage({
    content: '',
    tool_calls: ids.map((id, index) => ({
      id,
      name: index === 0 ? 'lookup_order' : 'issue_refund',
      args: { order_id: 'A-1001' },
      type: 'tool_call' as const,
    })),
    response_metadata: { model_provider: provider },
  });
const answer = (id: string) => new ToolMessage({ tool_call_id: id, content: '{"ok":true}' });

describe('through @langchain/openai (Chat Completions)', () => {
  test('every call answered: consistent, as the Chat Completions body it sends', async () => {
    const messages = [
      ask,
      calling('openai', 'call_1', 'call_2'),
      answer('call_1'),
      answer('call_2'),
    ];
    const verdict = diagnoseHistory(messages);
    expect(verdict).toMatchObject({
      state: 'history-consistent',
      surface: 'openai-chat',
      calls: 2,
    });
    expect(verdict.notes[0]).toMatch(/^read as @langchain\/openai \(Chat Completions\) sends/);
    expect(diagnoseHistory(await bodySent(openai, messages)).state).toBe('history-consistent');
  });

  test('a tool message dropped: unanswered-call, as the body it sends', async () => {
    const messages = [
      ask,
      calling('openai', 'call_1', 'call_2'),
      answer('call_1'),
      new HumanMessage('And?'),
    ];
    const verdict = diagnoseHistory(messages);
    expect(verdict.state).toBe('unanswered-call');
    expect(verdict.problems).toEqual([
      'messages[1].tool_calls[1] (call_2, "issue_refund"): no tool message answers it before messages[3]',
    ]);
    expect(diagnoseHistory(await bodySent(openai, messages)).state).toBe('unanswered-call');
  });
});

describe('through @langchain/anthropic', () => {
  test('tool messages one a call: the integration merges them, consistent', async () => {
    const messages = [
      ask,
      calling('anthropic', 'toolu_01', 'toolu_02'),
      answer('toolu_01'),
      answer('toolu_02'),
    ];
    expect(diagnoseHistory(messages)).toMatchObject({
      state: 'history-consistent',
      surface: 'anthropic-messages',
    });
    expect(diagnoseHistory(await bodySent(anthropic, messages)).state).toBe('history-consistent');
  });

  test('a human message between the calls and their results: result-misplaced, as the body it sends', async () => {
    const messages = [
      ask,
      calling('anthropic', 'toolu_01'),
      new HumanMessage('Hurry, please.'),
      answer('toolu_01'),
    ];
    expect(diagnoseHistory(messages).state).toBe('result-misplaced');
    expect(diagnoseHistory(await bodySent(anthropic, messages)).state).toBe('result-misplaced');
  });
});

describe('a conversation that names no provider', () => {
  const unnamed = [
    ask,
    new AIMessage({
      content: '',
      tool_calls: [{ id: 'call_1', name: 'lookup_order', args: {}, type: 'tool_call' }],
    }),
    answer('call_1'),
  ];

  test('is refused, not judged by a guess', () => {
    const verdict = diagnoseHistory(unnamed);
    expect(verdict.state).toBe('unreadable');
    expect(verdict.detail).toMatch(
      /^A LangChain conversation whose AI messages name no provider read here \(model_provider absent\); only OpenAI's and Anthropic's integrations are read, so pass \{ surface \} to apply one of their rules\.$/,
    );
  });

  test('is judged by the rules of the provider named with { surface }', () => {
    expect(diagnoseHistory(unnamed, { surface: 'anthropic-messages' })).toMatchObject({
      state: 'history-consistent',
      surface: 'anthropic-messages',
    });
  });
});

/**
 * Real agent loops through the official SDK clients (openai, @anthropic-ai/sdk,
 * @aws-sdk/client-bedrock-runtime), the model served by msw: each loop sends its history back
 * as the client serialises it, and diagnoseHistory judges the body that went over the wire.
 * A healthy loop answers every call; the broken ones do what loops do when a tool throws (skip
 * its result) or when history is trimmed to fit (cut between a call and its result). Gemini
 * has no client that runs here (no @google/genai installed); its bodies are written from the
 * documented shape in gemini.test.ts.
 */
import Anthropic from '@anthropic-ai/sdk';
import {
  BedrockRuntimeClient,
  ConverseCommand,
  type Message as ConverseMessage,
} from '@aws-sdk/client-bedrock-runtime';
import { NodeHttpHandler } from '@smithy/node-http-handler';
import { HttpResponse, http } from 'msw';
import { setupServer } from 'msw/node';
import OpenAI from 'openai';
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import { diagnoseHistory } from '../../../src/index.js';

/** What a loop does with a tool that throws: answer with the error, or skip it (the bug). */
type OnThrow = 'answer-with-error' | 'skip';

/** The tools of the loop: issue_refund throws, as a payment service down would. */
function runTool(name: string): string {
  if (name === 'issue_refund') throw new Error('payments service unavailable');
  return JSON.stringify({ order: 'A-1042', status: 'delivered' });
}

function answerOf(name: string, onThrow: OnThrow): string | null {
  try {
    return runTool(name);
  } catch (error) {
    return onThrow === 'skip' ? null : JSON.stringify({ error: (error as Error).message });
  }
}

/** Keeps the last `count` messages: a trimmer that does not know about tool results. */
const trimTo = <T>(messages: T[], count: number): T[] => messages.slice(-count);

const sent: unknown[] = [];
const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  server.resetHandlers();
  sent.length = 0;
});
afterAll(() => server.close());

/** Serves `replies` in turn at `url`, keeping each request body the client sent. */
function serve(url: string, replies: unknown[]): void {
  let turn = 0;
  server.use(
    http.post(url, async ({ request }) => {
      sent.push(await request.json());
      const reply = replies[Math.min(turn, replies.length - 1)];
      turn += 1;
      return HttpResponse.json(reply as Record<string, unknown>);
    }),
  );
}

const usage = { prompt_tokens: 50, completion_tokens: 20, total_tokens: 70 };

describe('OpenAI Chat Completions through the openai client', () => {
  // Made per loop: a client takes fetch when it is made, and msw patches it in beforeAll.
  const openai = () => new OpenAI({ apiKey: 'test-key-not-real', maxRetries: 0 });
  const toolCall = (id: string, name: string) => ({
    id,
    type: 'function' as const,
    function: { name, arguments: '{"order_id":"A-1042"}' },
  });
  const replies = [
    {
      id: 'chatcmpl-1',
      object: 'chat.completion',
      created: 1,
      model: 'gpt-4.1',
      choices: [
        {
          index: 0,
          message: {
            role: 'assistant',
            content: null,
            refusal: null,
            tool_calls: [
              toolCall('call_lk1', 'lookup_order'),
              toolCall('call_8f2', 'issue_refund'),
            ],
          },
          finish_reason: 'tool_calls',
        },
      ],
      usage,
    },
    {
      id: 'chatcmpl-2',
      object: 'chat.completion',
      created: 2,
      model: 'gpt-4.1',
      choices: [
        { index: 0, message: { role: 'assistant', content: 'Done.' }, finish_reason: 'stop' },
      ],
      usage,
    },
  ];

  async function loop(onThrow: OnThrow, keep?: number) {
    serve('https://api.openai.com/v1/chat/completions', replies);
    let messages: OpenAI.Chat.ChatCompletionMessageParam[] = [
      { role: 'system', content: 'You are a support agent.' },
      { role: 'user', content: 'Order A-1042 arrived broken: refund it.' },
    ];
    const first = await openai().chat.completions.create({ model: 'gpt-4.1', messages });
    const message = first.choices[0]?.message;
    if (message === undefined) throw new Error('no message');
    messages.push(message);
    for (const call of message.tool_calls ?? []) {
      const name = call.type === 'function' ? call.function.name : '';
      const content = answerOf(name, onThrow);
      if (content !== null) messages.push({ role: 'tool', tool_call_id: call.id, content });
    }
    if (keep !== undefined) messages = trimTo(messages, keep);
    await openai().chat.completions.create({ model: 'gpt-4.1', messages });
    return sent.at(-1);
  }

  test('healthy: the thrown tool is answered with its error', async () => {
    expect(diagnoseHistory(await loop('answer-with-error')).state).toBe('history-consistent');
  });

  test('unanswered-call: the loop skipped the result of the tool that threw', async () => {
    const verdict = diagnoseHistory(await loop('skip'));
    expect(verdict.state).toBe('unanswered-call');
    expect(verdict.problems).toEqual([
      'messages[2].tool_calls[1] (call_8f2, "issue_refund"): no tool message answers it before the request ends',
    ]);
  });

  test('orphan-result: history trimmed to the last two messages kept a result without its call', async () => {
    const verdict = diagnoseHistory(await loop('answer-with-error', 2));
    expect(verdict.state).toBe('orphan-result');
    expect(verdict.problems).toEqual([
      'messages[0] (call_lk1): follows no tool call with this id',
      'messages[1] (call_8f2): follows no tool call with this id',
    ]);
  });
});

describe('OpenAI Responses through the openai client', () => {
  // Made per loop: a client takes fetch when it is made, and msw patches it in beforeAll.
  const openai = () => new OpenAI({ apiKey: 'test-key-not-real', maxRetries: 0 });
  const functionCall = (id: string, name: string) => ({
    type: 'function_call',
    id: `fc_${id}`,
    call_id: id,
    name,
    arguments: '{"order_id":"A-1042"}',
    status: 'completed',
  });
  const response = (id: string, output: unknown[]) => ({
    id,
    object: 'response',
    created_at: 1,
    status: 'completed',
    model: 'gpt-4.1',
    output,
    usage: { input_tokens: 50, output_tokens: 20, total_tokens: 70 },
  });
  const replies = [
    response('resp_1', [
      functionCall('call_lk1', 'lookup_order'),
      functionCall('call_8f2', 'issue_refund'),
    ]),
    response('resp_2', [
      {
        type: 'message',
        id: 'msg_1',
        role: 'assistant',
        status: 'completed',
        content: [{ type: 'output_text', text: 'Done.', annotations: [] }],
      },
    ]),
  ];

  async function loop(onThrow: OnThrow, chained: boolean) {
    serve('https://api.openai.com/v1/responses', replies);
    const input: OpenAI.Responses.ResponseInputItem[] = [
      { role: 'user', content: 'Order A-1042 arrived broken: refund it.' },
    ];
    const first = await openai().responses.create({ model: 'gpt-4.1', input });
    const outputs: OpenAI.Responses.ResponseInputItem[] = [];
    for (const item of first.output) {
      if (item.type !== 'function_call') continue;
      const output = answerOf(item.name, onThrow);
      if (output !== null)
        outputs.push({ type: 'function_call_output', call_id: item.call_id, output });
    }
    // Chained, the server holds the calls: only the outputs are sent, with previous_response_id.
    await openai().responses.create(
      chained
        ? { model: 'gpt-4.1', previous_response_id: first.id, input: outputs }
        : {
            model: 'gpt-4.1',
            input: [
              ...input,
              ...(first.output as OpenAI.Responses.ResponseInputItem[]),
              ...outputs,
            ],
          },
    );
    return sent.at(-1);
  }

  test('healthy: the output items are sent back with their calls', async () => {
    expect(diagnoseHistory(await loop('answer-with-error', false)).state).toBe(
      'history-consistent',
    );
  });

  test('unanswered-call: a skipped output', async () => {
    const verdict = diagnoseHistory(await loop('skip', false));
    expect(verdict.state).toBe('unanswered-call');
    expect(verdict.problems).toEqual([
      'input[2] (call_8f2, "issue_refund"): no function_call_output item answers it anywhere in input',
    ]);
  });

  test('with previous_response_id the calls are on the server: outputs alone are not flagged', async () => {
    const verdict = diagnoseHistory(await loop('answer-with-error', true));
    expect(verdict.state).toBe('history-consistent');
    expect(verdict.notes[0]).toMatch(
      /^2 function_call_output items answer no call in the request and are not flagged: previous_response_id \(resp_1\)/,
    );
  });
});

describe('Anthropic Messages through @anthropic-ai/sdk', () => {
  const anthropic = () => new Anthropic({ apiKey: 'test-key-not-real', maxRetries: 0 });
  const message = (id: string, content: unknown[], stop: string) => ({
    id,
    type: 'message',
    role: 'assistant',
    model: 'claude-sonnet-4-5',
    content,
    stop_reason: stop,
    stop_sequence: null,
    usage: { input_tokens: 50, output_tokens: 20 },
  });
  const replies = [
    message(
      'msg_1',
      [
        { type: 'text', text: 'Let me check.' },
        { type: 'tool_use', id: 'toolu_01lk', name: 'lookup_order', input: { order_id: 'A-1042' } },
        { type: 'tool_use', id: 'toolu_018f', name: 'issue_refund', input: { order_id: 'A-1042' } },
      ],
      'tool_use',
    ),
    message('msg_2', [{ type: 'text', text: 'Done.' }], 'end_turn'),
  ];

  async function loop(onThrow: OnThrow, noteFirst = false) {
    serve('https://api.anthropic.com/v1/messages', replies);
    const messages: Anthropic.MessageParam[] = [
      { role: 'user', content: 'Order A-1042 arrived broken: refund it.' },
    ];
    const first = await anthropic().messages.create({
      model: 'claude-sonnet-4-5',
      max_tokens: 1024,
      messages,
    });
    messages.push({ role: 'assistant', content: first.content });
    const results: Anthropic.ContentBlockParam[] = [];
    for (const block of first.content) {
      if (block.type !== 'tool_use') continue;
      const content = answerOf(block.name, onThrow);
      if (content !== null) results.push({ type: 'tool_result', tool_use_id: block.id, content });
    }
    // A loop that puts a note to the model before the results breaks Anthropic's order.
    const note: Anthropic.ContentBlockParam[] = noteFirst
      ? [{ type: 'text', text: 'Tool output:' }]
      : [];
    messages.push({ role: 'user', content: [...note, ...results] });
    await anthropic().messages.create({ model: 'claude-sonnet-4-5', max_tokens: 1024, messages });
    return sent.at(-1);
  }

  test('healthy', async () => {
    expect(diagnoseHistory(await loop('answer-with-error')).state).toBe('history-consistent');
  });

  test('unanswered-call: the tool that threw has no tool_result', async () => {
    const verdict = diagnoseHistory(await loop('skip'));
    expect(verdict.problems).toEqual([
      'messages[1].content[2] (toolu_018f, "issue_refund"): no tool_result block answers it in messages[2]',
    ]);
  });

  test('result-misplaced: text before the tool_result blocks', async () => {
    const verdict = diagnoseHistory(await loop('answer-with-error', true));
    expect(verdict.state).toBe('result-misplaced');
    expect(verdict.problems).toHaveLength(2);
  });
});

describe('Bedrock Converse through @aws-sdk/client-bedrock-runtime', () => {
  // Bedrock Runtime's client speaks HTTP/2 by default, which msw does not intercept.
  const client = new BedrockRuntimeClient({
    region: 'us-east-1',
    credentials: { accessKeyId: 'AKIDEXAMPLE', secretAccessKey: 'not-a-real-secret-key-example' },
    maxAttempts: 1,
    requestHandler: new NodeHttpHandler(),
  });
  const modelId = 'us.anthropic.claude-sonnet-4-5-20250929-v1:0';
  const reply = (content: unknown[], stopReason: string) => ({
    output: { message: { role: 'assistant', content } },
    stopReason,
    usage: { inputTokens: 50, outputTokens: 20, totalTokens: 70 },
    metrics: { latencyMs: 100 },
  });
  const replies = [
    reply(
      [
        {
          toolUse: {
            toolUseId: 'tooluse_lk1',
            name: 'lookup_order',
            input: { order_id: 'A-1042' },
          },
        },
        {
          toolUse: {
            toolUseId: 'tooluse_8f2',
            name: 'issue_refund',
            input: { order_id: 'A-1042' },
          },
        },
      ],
      'tool_use',
    ),
    reply([{ text: 'Done.' }], 'end_turn'),
  ];

  async function loop(onThrow: OnThrow, oneMessageEach = false) {
    serve('https://bedrock-runtime.us-east-1.amazonaws.com/model/:model/converse', replies);
    const messages: ConverseMessage[] = [
      { role: 'user', content: [{ text: 'Order A-1042 arrived broken: refund it.' }] },
    ];
    const first = await client.send(new ConverseCommand({ modelId, messages }));
    const assistant = first.output?.message;
    if (assistant === undefined) throw new Error('no message');
    messages.push(assistant);
    const results: ConverseMessage['content'] = [];
    for (const block of assistant.content ?? []) {
      if (block.toolUse === undefined) continue;
      const text = answerOf(block.toolUse.name ?? '', onThrow);
      if (text !== null) {
        results.push({ toolResult: { toolUseId: block.toolUse.toolUseId, content: [{ text }] } });
      }
    }
    // One user message per result is a common bug: Converse wants them in one message.
    if (oneMessageEach)
      for (const result of results) messages.push({ role: 'user', content: [result] });
    else messages.push({ role: 'user', content: results });
    await client.send(new ConverseCommand({ modelId, messages }));
    return sent.at(-1);
  }

  test('healthy', async () => {
    expect(diagnoseHistory(await loop('answer-with-error')).state).toBe('history-consistent');
  });

  test('unanswered-call: the tool that threw has no toolResult', async () => {
    const verdict = diagnoseHistory(await loop('skip'));
    expect(verdict.problems).toEqual([
      'messages[1].content[1] (tooluse_8f2, "issue_refund"): no toolResult block answers it in messages[2]',
    ]);
  });

  test('result-misplaced: each result sent in a user message of its own', async () => {
    const verdict = diagnoseHistory(await loop('answer-with-error', true));
    expect(verdict.state).toBe('result-misplaced');
    expect(verdict.problems).toEqual([
      'messages[3].content[0] (tooluse_8f2, "issue_refund"): answers messages[1].content[1], but toolResult blocks must be in the message right after their toolUse',
    ]);
  });
});

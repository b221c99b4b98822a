import { describe, expect, test } from 'vitest';
import { failureOf } from './support.js';

const chatCall = (id: string, name: string) => ({
  id,
  type: 'function',
  function: { name, arguments: '{}' },
});
const request = (...messages: unknown[]) => ({ model: 'gpt-4.1', messages });
const healthy = request(
  { role: 'user', content: 'Refund A-1042' },
  { role: 'assistant', content: null, tool_calls: [chatCall('call_1', 'lookup_order')] },
  { role: 'tool', tool_call_id: 'call_1', content: '{"status":"paid"}' },
);
const unanswered = request(
  { role: 'user', content: 'Refund A-1042' },
  {
    role: 'assistant',
    content: null,
    tool_calls: [chatCall('call_1', 'lookup_order'), chatCall('call_8f2', 'issue_refund')],
  },
  { role: 'tool', tool_call_id: 'call_1', content: '{"status":"paid"}' },
  { role: 'user', content: 'Well?' },
);

describe('toHaveConsistentToolHistory', () => {
  test('passes when every call is answered where the provider requires, on a body or an exchange', () => {
    expect(healthy).toHaveConsistentToolHistory();
    expect({ request: healthy, response: { choices: [] } }).toHaveConsistentToolHistory();
  });

  test('passes on a history with no tool items: the provider has nothing to reject', () => {
    expect(request({ role: 'user', content: 'Hi' })).toHaveConsistentToolHistory();
  });

  test('fails on an unanswered call, naming it, the provider rule and its 400', () => {
    expect(
      failureOf(() => expect(unanswered).toHaveConsistentToolHistory()),
    ).toMatchInlineSnapshot(`
      "expect(received).toHaveConsistentToolHistory()

      Expected every tool call to be answered where OpenAI Chat Completions requires, but the history is unanswered-call.
        1 tool call has no tool message answering it: OpenAI Chat Completions requires that every entry of an assistant message's tool_calls is answered by a tool message with its tool_call_id, right after that message, and answers such a request with a 400: "An assistant message with 'tool_calls' must be followed by tool messages responding to each 'tool_call_id'. The following tool_call_ids did not have response messages: call_8f2".
        - messages[1].tool_calls[1] (call_8f2, "issue_refund"): no tool message answers it before messages[3]
      Repair:
        - Answer every tool call with a tool message, even when the tool threw or was skipped: send the error as its result rather than dropping it.
        - When trimming or summarising the history, cut before a tool call or after its tool messages, never between them."
    `);
  });

  test('fails under .not on a consistent history', () => {
    expect(
      failureOf(() => expect(healthy).not.toHaveConsistentToolHistory()),
    ).toMatchInlineSnapshot(`
      "expect(received).not.toHaveConsistentToolHistory()

      Expected the tool history to break a rule of OpenAI Chat Completions, but it is history-consistent.
        1 tool call and 1 tool message pair up as OpenAI Chat Completions requires."
    `);
  });

  test('reads a bare list of messages with { surface }', () => {
    expect(
      failureOf(() =>
        expect([
          { role: 'assistant', content: 'Hi' },
          {
            role: 'user',
            content: [{ type: 'tool_result', tool_use_id: 'toolu_9', content: 'x' }],
          },
        ]).toHaveConsistentToolHistory({ surface: 'anthropic-messages' }),
      ),
    ).toMatchInlineSnapshot(`
      "expect(received).toHaveConsistentToolHistory(options)

      Expected every tool call to be answered where Anthropic requires, but the history is orphan-result.
        1 tool_result block answers no tool_use block: Anthropic requires that each tool_result block answers a tool_use block of the message before it, and answers such a request with a 400: "messages.N.content.N: unexpected \`tool_use_id\` found in \`tool_result\` blocks: toolu_9. Each \`tool_result\` block must have a corresponding \`tool_use\` block in the previous message."
        - messages[1].content[0] (toolu_9): answers no tool_use block of messages[0]
      Repair:
        - Drop a tool_result block whose tool_use block was trimmed away, or keep the tool_use block it answers.
        - Send ids back exactly as the provider gave them: a rewritten id answers nothing."
    `);
  });

  test('shows the first 10 problems and counts the rest', () => {
    const many = request(
      ...Array.from({ length: 12 }, (_, index) => ({
        role: 'tool',
        tool_call_id: `call_${index}`,
        content: '',
      })),
    );
    const message = failureOf(() => expect(many).toHaveConsistentToolHistory());
    expect(message).toContain(
      '  - messages[9] (call_9): follows no tool call with this id\n  - and 2 more problems',
    );
  });

  test('throws a named error for what it cannot read, and for a promise', () => {
    expect(() => expect(42).toHaveConsistentToolHistory()).toThrowErrorMatchingInlineSnapshot(`
      [MatcherInputError: tool-call-health: toHaveConsistentToolHistory() accepts a request body (OpenAI Responses or Chat Completions, Anthropic Messages, Gemini, Bedrock Converse), an exchange { request, response }, or a list of messages with { surface }.
        Received: the integer 42, which is no request body.]
    `);
    expect(() =>
      expect(Promise.resolve(healthy)).toHaveConsistentToolHistory(),
    ).toThrowErrorMatchingInlineSnapshot(`
      [MatcherInputError: tool-call-health: toHaveConsistentToolHistory() received a Promise. Did you forget to await the request body?
        expect(await buildRequest(...)).toHaveConsistentToolHistory()]
    `);
  });

  test('works as an asymmetric matcher', () => {
    expect([healthy]).toEqual([expect.toHaveConsistentToolHistory()]);
    expect([unanswered]).toEqual([expect.not.toHaveConsistentToolHistory()]);
  });
});

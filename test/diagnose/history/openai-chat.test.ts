/**
 * Chat Completions: an assistant message's tool_calls are answered by the tool messages right
 * after it. Every state, on the bodies a loop sends.
 */
import { describe, expect, test } from 'vitest';
import { diagnoseHistory } from '../../../src/index.js';

const call = (id: string, name: string) => ({
  id,
  type: 'function',
  function: { name, arguments: '{"order_id":"A-1042"}' },
});
const calls = (...list: ReturnType<typeof call>[]) => ({
  role: 'assistant',
  content: null,
  tool_calls: list,
});
const tool = (id: string) => ({ role: 'tool', tool_call_id: id, content: '{"ok":true}' });
const user = (content: string) => ({ role: 'user', content });
const body = (...messages: unknown[]) => ({ model: 'gpt-4.1', messages });

describe('diagnoseHistory on Chat Completions', () => {
  test('history-consistent: parallel calls, each answered by a tool message in the run after them', () => {
    const verdict = diagnoseHistory(
      body(
        user('Refund order A-1042'),
        calls(call('call_1', 'lookup_order'), call('call_2', 'issue_refund')),
        tool('call_2'),
        tool('call_1'),
        { role: 'assistant', content: 'Refunded.' },
        user('Thanks'),
      ),
    );
    expect(verdict).toMatchObject({
      state: 'history-consistent',
      surface: 'openai-chat',
      detail: '2 tool calls and 2 tool messages pair up as OpenAI Chat Completions requires.',
      problems: [],
      repairs: [],
    });
  });

  test('unanswered-call: a parallel call answered in part, named by message, id and tool', () => {
    const verdict = diagnoseHistory(
      body(
        { role: 'system', content: 'Be brief.' },
        user('Refund order A-1042'),
        { role: 'assistant', content: 'Looking.' },
        calls(call('call_1', 'lookup_order'), call('call_8f2', 'issue_refund')),
        tool('call_1'),
        user('Done?'),
      ),
    );
    expect(verdict.state).toBe('unanswered-call');
    expect(verdict.problems).toEqual([
      'messages[3].tool_calls[1] (call_8f2, "issue_refund"): no tool message answers it before messages[5]',
    ]);
    expect(verdict.detail).toMatchInlineSnapshot(
      `"1 tool call has no tool message answering it: OpenAI Chat Completions requires that every entry of an assistant message's tool_calls is answered by a tool message with its tool_call_id, right after that message, and answers such a request with a 400: "An assistant message with 'tool_calls' must be followed by tool messages responding to each 'tool_call_id'. The following tool_call_ids did not have response messages: call_8f2"."`,
    );
    expect(verdict.repairs).toMatchInlineSnapshot(`
      [
        "Answer every tool call with a tool message, even when the tool threw or was skipped: send the error as its result rather than dropping it.",
        "When trimming or summarising the history, cut before a tool call or after its tool messages, never between them.",
      ]
    `);
  });

  test('unanswered-call: a request that ends on the calls', () => {
    const verdict = diagnoseHistory(body(user('Hi'), calls(call('call_1', 'lookup_order'))));
    expect(verdict.problems).toEqual([
      'messages[1].tool_calls[0] (call_1, "lookup_order"): no tool message answers it before the request ends',
    ]);
  });

  test('orphan-result: history trimmed between a call and its result keeps the result alone', () => {
    const verdict = diagnoseHistory(body(user('Hi'), tool('call_gone'), user('Again')));
    expect(verdict.state).toBe('orphan-result');
    expect(verdict.problems).toEqual([
      'messages[1] (call_gone): follows no tool call with this id',
    ]);
    expect(verdict.detail).toContain(
      `"Invalid parameter: messages with role 'tool' must be a response to a preceeding message with 'tool_calls'."`,
    );
  });

  test('orphan-result: a rewritten id answers nothing, and leaves its call unanswered too', () => {
    const verdict = diagnoseHistory(
      body(user('Hi'), calls(call('call_1', 'lookup_order')), tool('call_1_retry'), user('?')),
    );
    expect(verdict.state).toBe('unanswered-call');
    expect(verdict.problems).toEqual([
      'messages[1].tool_calls[0] (call_1, "lookup_order"): no tool message answers it before messages[3]',
      'messages[2] (call_1_retry): follows no tool call with this id',
    ]);
    expect(verdict.detail).toMatch(/\(and 1 other problem below\)\.$/);
  });

  test('result-misplaced: a user message between the calls and their tool messages', () => {
    const verdict = diagnoseHistory(
      body(user('Hi'), calls(call('call_1', 'lookup_order')), user('Still there?'), tool('call_1')),
    );
    expect(verdict.state).toBe('result-misplaced');
    expect(verdict.problems).toEqual([
      'messages[3] (call_1, "lookup_order"): answers messages[1].tool_calls[0], but tool messages must follow the assistant message whose tool_calls they answer, with no other message between',
    ]);
  });

  test('duplicate-call-id: two calls of one message share an id, each answered (the 400 users quote)', () => {
    const verdict = diagnoseHistory(
      body(
        user('Hi'),
        calls(call('call_1', 'lookup_order'), call('call_1', 'lookup_order')),
        tool('call_1'),
        tool('call_1'),
      ),
    );
    expect(verdict.state).toBe('duplicate-call-id');
    expect(verdict.problems).toEqual([
      'messages[1].tool_calls[1] (call_1, "lookup_order"): has the id of messages[1].tool_calls[0]',
    ]);
    expect(verdict.detail).toContain(
      `"Invalid parameter: Duplicate value for 'tool_call_id' of 'call_1', in messages[N] and messages[N]."`,
    );
  });

  test('an id reused by a later turn is not flagged, and a note says why', () => {
    const verdict = diagnoseHistory(
      body(
        user('Hi'),
        calls(call('call_1', 'lookup_order')),
        tool('call_1'),
        calls(call('call_1', 'lookup_order')),
        tool('call_1'),
      ),
    );
    expect(verdict.state).toBe('history-consistent');
    expect(verdict.notes).toEqual([
      'messages[3].tool_calls[0] has the id of messages[1].tool_calls[0] (call_1), in a later turn; OpenAI Chat Completions rejects an id repeated within one message, and has answered one reused by a later turn, so it is not flagged',
    ]);
  });

  test('no-tool-history: a plain conversation', () => {
    expect(
      diagnoseHistory(body(user('Hi'), { role: 'assistant', content: 'Hello' })),
    ).toMatchObject({
      state: 'no-tool-history',
      detail: 'No tool call and no tool message in 2 messages: there is no tool history to pair.',
    });
  });

  test('junk messages are named in notes and skipped; legacy function messages are noted, not paired', () => {
    const verdict = diagnoseHistory(
      body(
        'hello',
        null,
        { role: 'assistant', content: null, function_call: { name: 'f', arguments: '{}' } },
        { role: 'function', name: 'f', content: '{}' },
        { role: 'assistant', tool_calls: 'nope' },
        { role: 'tool', content: 'no id' },
      ),
    );
    expect(verdict.state).toBe('orphan-result');
    expect(verdict.notes).toEqual([
      'messages[0] is the string "hello", not a message; skipped',
      'messages[1] is null, not a message; skipped',
      'messages[4].tool_calls is the string "nope", not a list of tool calls; skipped',
      'messages[5] is a tool message with no tool_call_id, so it answers only a call with no id, in order',
      'messages[2] uses the legacy function_call / function messages, which carry no ids; they are not paired',
    ]);
    expect(verdict.problems).toEqual([
      'messages[5] (no id): carries no id, so it answers no tool call',
    ]);
  });
});

/**
 * The damage recordings carry (hardening/support.ts `damage`: a field deleted, retyped,
 * duplicated, reshaped, a string cut short), each done once to a known history: the exact
 * verdict, its problem lines and its notes. The property tests beside this one hold that any
 * damage gets some state; this one holds which.
 */
import { describe, expect, test } from 'vitest';
import { diagnoseHistory } from '../../src/index.js';

describe('each damage a recording carries gets its exact verdict', () => {
  /** A Chat loop of one call and its answer, then a reply: consistent as recorded. */
  const recorded = () => {
    const call: Record<string, unknown> = {
      id: 'call_8f2',
      type: 'function',
      function: { name: 'issue_refund', arguments: '{}' },
    };
    const assistant: Record<string, unknown> = {
      role: 'assistant',
      content: null,
      tool_calls: [call],
    };
    const tool: Record<string, unknown> = {
      role: 'tool',
      tool_call_id: 'call_8f2',
      content: '{"ok":true}',
    };
    const messages: unknown[] = [
      { role: 'user', content: 'Refund A-1042' },
      assistant,
      tool,
      { role: 'assistant', content: 'Refunded.' },
    ];
    return { body: { model: 'gpt-4.1', messages }, messages, call, assistant, tool };
  };
  type Recording = ReturnType<typeof recorded>;
  const CALL = 'messages[1].tool_calls[0] (call_8f2, "issue_refund")';
  const cases: Array<[string, (recording: Recording) => unknown, string, string[], string[]]> = [
    ['as recorded', ({ body }) => body, 'history-consistent', [], []],
    [
      'the tool message deleted',
      ({ body, messages }) => ({ ...body, messages: messages.filter((_, index) => index !== 2) }),
      'unanswered-call',
      [`${CALL}: no tool message answers it before messages[2]`],
      [],
    ],
    [
      'the tool_calls deleted',
      ({ body, assistant }) => {
        delete assistant.tool_calls;
        return body;
      },
      'orphan-result',
      ['messages[2] (call_8f2): follows no tool call with this id'],
      [],
    ],
    [
      'the tool message duplicated',
      ({ body, messages, tool }) => {
        messages.splice(2, 0, structuredClone(tool));
        return body;
      },
      'orphan-result',
      [
        'messages[3] (call_8f2): follows no tool call with this id; messages[1].tool_calls[0] has this id, and is answered already',
      ],
      [],
    ],
    [
      'the tool_call_id retyped as a number',
      ({ body, tool }) => {
        tool.tool_call_id = 42;
        return body;
      },
      'unanswered-call',
      [
        `${CALL}: no tool message answers it before messages[3]`,
        'messages[2] (no id): carries no id, so it answers no tool call',
      ],
      [
        'messages[2] is a tool message whose tool_call_id is the integer 42, not a string, so it answers only a call with no id, in order',
      ],
    ],
    [
      "the call's id retyped as null",
      ({ body, call }) => {
        call.id = null;
        return body;
      },
      'unanswered-call',
      [
        'messages[1].tool_calls[0] ("issue_refund"): no tool message answers it before messages[3]',
        'messages[2] (call_8f2): follows no tool call with this id',
      ],
      [
        'messages[1].tool_calls[0] is a tool call with no id, so only a tool message with no id answers it, in order',
      ],
    ],
    [
      'the tool message turned into an array',
      ({ body, messages }) => {
        messages[2] = ['tool', 'call_8f2'];
        return body;
      },
      'unanswered-call',
      [`${CALL}: no tool message answers it before messages[2]`],
      ['messages[2] is an array of 2 items, not a message; skipped'],
    ],
    [
      'the tool_calls turned into an object',
      ({ body, assistant, call }) => {
        assistant.tool_calls = { 0: call };
        return body;
      },
      'orphan-result',
      ['messages[2] (call_8f2): follows no tool call with this id'],
      ['messages[1].tool_calls is an object with keys "0", not a list of tool calls; skipped'],
    ],
    [
      'the tool_call_id cut short',
      ({ body, tool }) => {
        tool.tool_call_id = 'call_';
        return body;
      },
      'unanswered-call',
      [
        `${CALL}: no tool message answers it before messages[3]`,
        'messages[2] (call_): follows no tool call with this id',
      ],
      [],
    ],
    [
      'the messages turned into an object',
      ({ body, messages }) => ({ ...body, messages: { ...messages } }),
      'unreadable',
      [],
      [],
    ],
  ];

  test.each(cases)('%s', (_label, harm, state, problems, notes) => {
    const verdict = diagnoseHistory(harm(recorded()));
    expect({ state: verdict.state, problems: verdict.problems, notes: verdict.notes }).toEqual({
      state,
      problems,
      notes,
    });
  });
});

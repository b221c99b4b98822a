/**
 * Anthropic Messages: the tool_result blocks for an assistant message's tool_use blocks open the
 * very next user message, and tool_use ids are unique. Every state.
 */
import { describe, expect, test } from 'vitest';
import { diagnoseHistory } from '../../../src/index.js';

const use = (id: string, name: string) => ({ type: 'tool_use', id, name, input: { q: 'A-1042' } });
const result = (id: string) => ({ type: 'tool_result', tool_use_id: id, content: 'ok' });
const text = (value: string) => ({ type: 'text', text: value });
const assistant = (...content: unknown[]) => ({ role: 'assistant', content });
const user = (...content: unknown[]) => ({ role: 'user', content });
const body = (...messages: unknown[]) => ({
  model: 'claude-sonnet-4-5',
  max_tokens: 1024,
  messages,
});

describe('diagnoseHistory on Anthropic Messages', () => {
  test('history-consistent: results open the next message, text after them is fine', () => {
    const verdict = diagnoseHistory(
      body(
        user(text('Refund A-1042')),
        assistant(
          text('Checking.'),
          use('toolu_01', 'lookup_order'),
          use('toolu_02', 'issue_refund'),
        ),
        user(result('toolu_02'), result('toolu_01'), text('Also, hurry.')),
        assistant(text('Done.')),
        user(text('Thanks')),
      ),
    );
    expect(verdict).toMatchObject({ state: 'history-consistent', surface: 'anthropic-messages' });
  });

  test('unanswered-call: a tool threw and its result was skipped', () => {
    const verdict = diagnoseHistory(
      body(
        user(text('Refund A-1042')),
        assistant(use('toolu_01', 'lookup_order'), use('toolu_02', 'issue_refund')),
        user(result('toolu_01')),
      ),
    );
    expect(verdict.state).toBe('unanswered-call');
    expect(verdict.problems).toEqual([
      'messages[1].content[1] (toolu_02, "issue_refund"): no tool_result block answers it in messages[2]',
    ]);
    expect(verdict.detail).toContain(
      '"messages.N: `tool_use` ids were found without `tool_result` blocks immediately after: toolu_02. Each `tool_use` block must have a corresponding `tool_result` block in the next message."',
    );
  });

  test('orphan-result: the tool_use it answered was trimmed away', () => {
    const verdict = diagnoseHistory(body(user(result('toolu_01'), text('and?'))));
    expect(verdict.state).toBe('orphan-result');
    expect(verdict.problems).toEqual([
      'messages[0].content[0] (toolu_01): answers no tool_use block: no message comes before it',
    ]);
  });

  test('duplicate-call-id: one message repeats an id (where the 400s point)', () => {
    const verdict = diagnoseHistory(
      body(
        user(text('Hi')),
        assistant(use('toolu_01', 'lookup_order'), use('toolu_01', 'lookup_order')),
        user(result('toolu_01'), result('toolu_01')),
      ),
    );
    expect(verdict.state).toBe('duplicate-call-id');
    expect(verdict.problems).toEqual([
      'messages[1].content[1] (toolu_01, "lookup_order"): has the id of messages[1].content[0]',
    ]);
    expect(verdict.detail).toContain('"messages.N.content.N: `tool_use` ids must be unique".');
    expect(verdict.repairs).toEqual([
      'Give each tool_use block its own id: a turn replayed or merged twice into the history repeats them.',
    ]);
  });

  test('an id reused by a later turn was answered 200: not flagged, and a note says why', () => {
    const verdict = diagnoseHistory(
      body(
        user(text('Hi')),
        assistant(use('toolu_01', 'lookup_order')),
        user(result('toolu_01')),
        assistant(use('toolu_01', 'lookup_order')),
        user(result('toolu_01')),
      ),
    );
    expect(verdict.state).toBe('history-consistent');
    expect(verdict.notes).toEqual([
      'messages[3].content[0] has the id of messages[1].content[0] (toolu_01), in a later turn; Anthropic rejects an id repeated within one message, and has answered one reused by a later turn, so it is not flagged',
    ]);
  });

  test('back-to-back assistant messages are one turn, as the API combines them', () => {
    // "Consecutive user or assistant turns in your request will be combined into a single turn."
    const verdict = diagnoseHistory(
      body(
        user(text('Refund A-1042')),
        assistant(text('Checking.')),
        assistant(use('toolu_01', 'lookup_order')),
        assistant(use('toolu_02', 'issue_refund')),
        user(result('toolu_01'), result('toolu_02')),
      ),
    );
    expect(verdict.state).toBe('history-consistent');
    expect(verdict.notes).toEqual([]);
  });

  test('back-to-back user messages of results are one turn', () => {
    const verdict = diagnoseHistory(
      body(
        assistant(use('toolu_01', 'lookup_order'), use('toolu_02', 'issue_refund')),
        user(result('toolu_01')),
        user(result('toolu_02'), text('Also, hurry.')),
      ),
    );
    expect(verdict.state).toBe('history-consistent');
  });

  test('a user text message before a user message of results: combined, the text leads, and the note says the verdict rests on the combining', () => {
    const verdict = diagnoseHistory(
      body(
        assistant(use('toolu_01', 'lookup_order')),
        user(text('Here:')),
        user(result('toolu_01')),
      ),
    );
    expect(verdict.state).toBe('result-misplaced');
    expect(verdict.problems).toEqual([
      'messages[2].content[0] (toolu_01, "lookup_order"): answers messages[0].content[0], but tool_result blocks must open the message right after their tool_use, before any other content',
    ]);
    expect(verdict.notes).toEqual([
      'messages[1] to messages[2] are messages of one role (user), which Anthropic combines into one turn (its Messages API reference: "Consecutive user or assistant turns in your request will be combined into a single turn"; https://docs.claude.com/en/api/messages), so content of an earlier one comes before the tool_result blocks of a later one; the verdict rests on that combining',
    ]);
  });

  test('result-misplaced: text before the tool_result blocks', () => {
    const verdict = diagnoseHistory(
      body(
        user(text('Hi')),
        assistant(use('toolu_01', 'lookup_order')),
        user(text('Here:'), result('toolu_01')),
      ),
    );
    expect(verdict.state).toBe('result-misplaced');
    expect(verdict.problems).toEqual([
      'messages[2].content[1] (toolu_01, "lookup_order"): answers messages[1].content[0], but tool_result blocks must open the message right after their tool_use, before any other content',
    ]);
  });

  test('result-misplaced: the results come a message late', () => {
    const verdict = diagnoseHistory(
      body(
        user(text('Hi')),
        assistant(use('toolu_01', 'lookup_order')),
        user(text('Wait')),
        assistant(text('Waiting.')),
        user(result('toolu_01')),
      ),
    );
    expect(verdict.state).toBe('result-misplaced');
    expect(verdict.problems).toHaveLength(1);
  });

  test('no-tool-history: string contents only', () => {
    expect(diagnoseHistory(body({ role: 'user', content: 'Hi' })).state).toBe('no-tool-history');
  });

  test('junk blocks and contents are named in notes', () => {
    const verdict = diagnoseHistory(
      body(
        { role: 'user', content: 7 },
        user('x', text('y')),
        assistant(use('toolu_1', 'f')),
        user(result('toolu_1')),
      ),
    );
    expect(verdict.notes).toEqual([
      'messages[0].content is the integer 7, not a list of content; skipped',
      'messages[1].content[0] is the string "x", not a content part; skipped',
    ]);
  });

  describe('with several breaks, the one reported is the first the provider meets in the conversation', () => {
    test('a result placed before its call counts from the result, ahead of a break between them', () => {
      const verdict = diagnoseHistory(
        body(
          user(result('toolu_A')),
          assistant(use('toolu_B', 'issue_refund')),
          user(text('Go on')),
          assistant(use('toolu_A', 'lookup_order')),
          user(text('And?')),
        ),
      );
      expect(verdict.state).toBe('result-misplaced');
      expect(verdict.problems).toEqual([
        'messages[0].content[0] (toolu_A, "lookup_order"): answers messages[3].content[0], but tool_result blocks must open the message right after their tool_use, before any other content',
        'messages[1].content[0] (toolu_B, "issue_refund"): no tool_result block answers it in messages[2]',
      ]);
    });

    test('an orphan found after an unanswered call, but earlier in the conversation, is reported', () => {
      const verdict = diagnoseHistory(
        body(
          user(text('Hi')),
          assistant(text('Hello')),
          user(result('toolu_gone')),
          assistant(use('toolu_B', 'issue_refund')),
          user(text('Skip it')),
        ),
      );
      expect(verdict.state).toBe('orphan-result');
      expect(verdict.detail).toMatch(
        /^1 tool_result block answers no tool_use block: .* \(and 1 other problem below\)\.$/,
      );
    });

    test('a duplicate id found first, but later in the conversation, comes after an earlier unanswered call', () => {
      const verdict = diagnoseHistory(
        body(
          assistant(use('toolu_A', 'lookup_order')),
          user(text('No result')),
          assistant(use('toolu_B', 'lookup_order'), use('toolu_B', 'lookup_order')),
          user(result('toolu_B'), result('toolu_B')),
        ),
      );
      expect(verdict.state).toBe('unanswered-call');
      expect(verdict.problems).toEqual([
        'messages[0].content[0] (toolu_A, "lookup_order"): no tool_result block answers it in messages[1]',
        'messages[2].content[1] (toolu_B, "lookup_order"): has the id of messages[2].content[0]',
      ]);
    });
  });

  test('a server tool and its result in one assistant message are no client call (web search)', () => {
    const searched = assistant(
      text("I'll search for the carrier's status page."),
      {
        type: 'server_tool_use',
        id: 'srvtoolu_01WYG3ziw53XMcoyKL4XcZmE',
        name: 'web_search',
        input: { query: 'parcel carrier outage today' },
      },
      {
        type: 'web_search_tool_result',
        tool_use_id: 'srvtoolu_01WYG3ziw53XMcoyKL4XcZmE',
        content: [
          {
            type: 'web_search_result',
            url: 'https://status.example.com/',
            title: 'Carrier status',
            encrypted_content: 'EqgfCioIARgBIiQ3YTAwMjY1Mi1mZjM5LTQ1NGUtODgxNC1kNjNjNTk1ZWI3Y',
            page_age: 'December 1, 2026',
          },
        ],
      },
      text('The carrier reports no outage.'),
    );
    const alone = diagnoseHistory(
      body(user(text('Is the carrier down?')), searched, user(text('Thanks'))),
    );
    expect(alone).toMatchObject({ state: 'no-tool-history', calls: 0, results: 0 });
    const beside = diagnoseHistory(
      body(
        user(text('Is the carrier down, and where is A-1042?')),
        { ...searched, content: [...searched.content, use('toolu_01', 'lookup_order')] },
        user(result('toolu_01')),
      ),
    );
    expect(beside).toMatchObject({ state: 'history-consistent', calls: 1, results: 1 });
  });
});

/**
 * The Responses API: every function_call item in input has a function_call_output with its
 * call_id, and every output a call; pairing is by call_id alone. previous_response_id holds
 * earlier calls on the server.
 */
import { describe, expect, test } from 'vitest';
import { diagnoseHistory } from '../../../src/index.js';

const fc = (id: string, name: string) => ({
  type: 'function_call',
  id: `fc_${id}`,
  call_id: id,
  name,
  arguments: '{}',
});
const out = (id: string) => ({ type: 'function_call_output', call_id: id, output: '{"ok":true}' });
const body = (input: unknown[], extra: Record<string, unknown> = {}) => ({
  model: 'gpt-4.1',
  input,
  ...extra,
});

describe('diagnoseHistory on the Responses API', () => {
  test('history-consistent: outputs pair by call_id, in any order', () => {
    const verdict = diagnoseHistory(
      body([
        { role: 'user', content: 'Hi' },
        fc('call_1', 'lookup_order'),
        fc('call_2', 'issue_refund'),
        out('call_2'),
        out('call_1'),
      ]),
    );
    expect(verdict).toMatchObject({
      state: 'history-consistent',
      detail:
        '2 function_call items and 2 function_call_output items pair up as the OpenAI Responses API requires.',
    });
  });

  test('unanswered-call', () => {
    const verdict = diagnoseHistory(
      body([fc('call_1', 'lookup_order'), fc('call_2', 'issue_refund'), out('call_1')]),
    );
    expect(verdict.state).toBe('unanswered-call');
    expect(verdict.problems).toEqual([
      'input[1] (call_2, "issue_refund"): no function_call_output item answers it anywhere in input',
    ]);
    expect(verdict.detail).toContain('"No tool output found for function call call_2."');
  });

  test('orphan-result', () => {
    const verdict = diagnoseHistory(body([{ role: 'user', content: 'Hi' }, out('call_9')]));
    expect(verdict.state).toBe('orphan-result');
    expect(verdict.problems).toEqual(['input[1] (call_9): answers no function_call item in input']);
    expect(verdict.detail).toContain(
      '"No tool call found for function call output with call_id call_9."',
    );
  });

  test('with previous_response_id, an output whose call is on the server is not flagged, and a note says why', () => {
    const verdict = diagnoseHistory(body([out('call_9')], { previous_response_id: 'resp_123' }));
    expect(verdict.state).toBe('history-consistent');
    expect(verdict.notes).toEqual([
      '1 function_call_output item answers no call in the request and is not flagged: previous_response_id (resp_123) continues a response the server holds, so a function_call_output may answer a call the request does not show (https://platform.openai.com/docs/guides/conversation-state)',
    ]);
  });

  test('an item_reference may name the call an output answers: the output is not flagged', () => {
    const verdict = diagnoseHistory(body([{ type: 'item_reference', id: 'fc_1' }, out('call_1')]));
    expect(verdict.state).toBe('history-consistent');
    expect(verdict.notes[0]).toMatch(
      /^1 function_call_output item answers no call in the request and is not flagged: input\[0\] is an item_reference/,
    );
  });

  test('with a conversation, the same; a call in input still needs its output', () => {
    const verdict = diagnoseHistory(
      body([out('call_9'), fc('call_3', 'f')], { conversation: 'conv_1' }),
    );
    expect(verdict.state).toBe('unanswered-call');
  });

  test('result-misplaced and duplicate-call-id are not rules here: OpenAI documents neither order nor unique ids for input items', () => {
    const early = diagnoseHistory(body([out('call_1'), fc('call_1', 'f')]));
    expect(early.state).toBe('history-consistent');
    const twice = diagnoseHistory(
      body([fc('call_1', 'f'), out('call_1'), fc('call_1', 'f'), out('call_1')]),
    );
    expect(twice.state).toBe('history-consistent');
    expect(twice.notes[0]).toMatch(/documents no rule against it, so it is not flagged$/);
  });

  test('no-tool-history: a string input, or messages only', () => {
    expect(diagnoseHistory({ model: 'gpt-4.1', input: 'Hi' }).state).toBe('no-tool-history');
    expect(diagnoseHistory(body([{ role: 'user', content: 'Hi' }])).state).toBe('no-tool-history');
  });

  test('junk items are named in notes', () => {
    const verdict = diagnoseHistory(body([42, { type: 'function_call_output', output: 'x' }]));
    expect(verdict.notes).toEqual([
      'input[0] is the integer 42, not an input item; skipped',
      'input[1] is a function_call_output item with no call_id, so it answers no call',
    ]);
  });

  test('a function_call with no call_id is unanswered: no output can name it', () => {
    const verdict = diagnoseHistory(
      body([
        { role: 'user', content: 'Where is A-1042?' },
        { type: 'function_call', id: 'fc_1', name: 'lookup_order', arguments: '{}' },
        out('call_1'),
      ]),
    );
    expect(verdict.state).toBe('unanswered-call');
    expect(verdict.problems).toEqual([
      'input[1] ("lookup_order"): no function_call_output item answers it anywhere in input',
      'input[2] (call_1): answers no function_call item in input',
    ]);
    expect(verdict.notes).toEqual([
      'input[1] is a function_call item with no call_id, so no output can answer it',
    ]);
  });

  test('history-consistent: a custom_tool_call answered by its custom_tool_call_output', () => {
    const verdict = diagnoseHistory(
      body([
        { role: 'user', content: 'Patch the README' },
        {
          type: 'custom_tool_call',
          id: 'ctc_1',
          call_id: 'call_7',
          name: 'apply_patch',
          input: '*** Begin Patch\n*** End Patch',
        },
        { type: 'custom_tool_call_output', call_id: 'call_7', output: 'Done' },
      ]),
    );
    expect(verdict).toMatchObject({ state: 'history-consistent', calls: 1, results: 1 });
    const unanswered = diagnoseHistory(
      body([{ type: 'custom_tool_call', call_id: 'call_7', name: 'apply_patch', input: '' }]),
    );
    expect(unanswered.state).toBe('unanswered-call');
  });
});

/**
 * Bedrock Converse: the toolResult blocks for an assistant message's toolUse blocks sit in the
 * very next message. Every state.
 */
import { describe, expect, test } from 'vitest';
import { diagnoseHistory } from '../../../src/index.js';

const use = (id: string, name: string) => ({ toolUse: { toolUseId: id, name, input: {} } });
const result = (id: string) => ({
  toolResult: { toolUseId: id, content: [{ text: 'ok' }], status: 'success' },
});
const text = (value: string) => ({ text: value });
const body = (...messages: Array<[string, ...unknown[]]>) => ({
  messages: messages.map(([role, ...content]) => ({ role, content })),
  inferenceConfig: { maxTokens: 512 },
});

describe('diagnoseHistory on Bedrock Converse', () => {
  test('history-consistent: any order of blocks within the next message', () => {
    const verdict = diagnoseHistory(
      body(
        ['user', text('Hi')],
        ['assistant', use('tooluse_1', 'lookup_order')],
        ['user', text('here'), result('tooluse_1')],
      ),
    );
    expect(verdict).toMatchObject({ state: 'history-consistent', surface: 'bedrock-converse' });
  });

  test('unanswered-call', () => {
    const verdict = diagnoseHistory(
      body(
        ['user', text('Hi')],
        ['assistant', use('tooluse_1', 'a'), use('tooluse_2', 'b')],
        ['user', result('tooluse_1')],
      ),
    );
    expect(verdict.state).toBe('unanswered-call');
    expect(verdict.problems).toEqual([
      'messages[1].content[1] (tooluse_2, "b"): no toolResult block answers it in messages[2]',
    ]);
    expect(verdict.detail).toContain(
      '"Expected toolResult blocks at messages.N.content for the following Ids: tooluse_2".',
    );
  });

  test('orphan-result', () => {
    const verdict = diagnoseHistory(body(['user', text('Hi')], ['user', result('tooluse_9')]));
    expect(verdict.state).toBe('orphan-result');
    expect(verdict.detail).toContain(
      '"The number of toolResult blocks at messages.N.content exceeds the number of toolUse blocks of previous turn."',
    );
  });

  test('result-misplaced: each tool result sent as its own user message', () => {
    const verdict = diagnoseHistory(
      body(
        ['assistant', use('tooluse_1', 'a'), use('tooluse_2', 'b')],
        ['user', result('tooluse_1')],
        ['user', result('tooluse_2')],
      ),
    );
    expect(verdict.state).toBe('result-misplaced');
    expect(verdict.problems).toEqual([
      'messages[2].content[0] (tooluse_2, "b"): answers messages[0].content[1], but toolResult blocks must be in the message right after their toolUse',
    ]);
  });

  test('duplicate-call-id is not a rule AWS documents, and is noted', () => {
    const verdict = diagnoseHistory(
      body(
        ['assistant', use('tooluse_1', 'a')],
        ['user', result('tooluse_1')],
        ['assistant', use('tooluse_1', 'a')],
        ['user', result('tooluse_1')],
      ),
    );
    expect(verdict.state).toBe('history-consistent');
    expect(verdict.notes).toHaveLength(1);
  });

  test('no-tool-history', () => {
    expect(diagnoseHistory(body(['user', text('Hi')])).state).toBe('no-tool-history');
  });
});

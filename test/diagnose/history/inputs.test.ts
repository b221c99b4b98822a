/**
 * What diagnoseHistory accepts: a request body (as an object or JSON text), an exchange whose
 * request it judges, a bare list of messages (with { surface } when the items do not say), and
 * anything else as unreadable, never thrown.
 */
import { describe, expect, test } from 'vitest';
import { diagnoseHistory } from '../../../src/index.js';

const anthropic = {
  model: 'claude-sonnet-4-5',
  max_tokens: 64,
  messages: [
    { role: 'assistant', content: [{ type: 'tool_use', id: 'toolu_1', name: 'f', input: {} }] },
    { role: 'user', content: [{ type: 'tool_result', tool_use_id: 'toolu_1', content: 'ok' }] },
  ],
};

describe('diagnoseHistory inputs', () => {
  test('an exchange is judged by its request', () => {
    expect(
      diagnoseHistory({ request: anthropic, response: { type: 'message', content: [] } }).state,
    ).toBe('history-consistent');
  });

  test('JSON text is parsed first', () => {
    expect(diagnoseHistory(JSON.stringify(anthropic)).surface).toBe('anthropic-messages');
  });

  test('a bare list is read as the surface its items show, or as the surface given', () => {
    expect(diagnoseHistory(anthropic.messages).surface).toBe('anthropic-messages');
    const plain = [{ role: 'user', content: 'Hi' }];
    expect(diagnoseHistory(plain, { surface: 'anthropic-messages' })).toMatchObject({
      surface: 'anthropic-messages',
      state: 'no-tool-history',
    });
  });

  test('a body whose other fields name the provider breaks a tie between plain conversations', () => {
    expect(
      diagnoseHistory({ system: 'x', messages: [{ role: 'user', content: 'Hi' }] }).surface,
    ).toBe('anthropic-messages');
    expect(diagnoseHistory({ messages: [{ role: 'user', content: 'Hi' }] }).surface).toBe(
      'openai-chat',
    );
  });

  test.each([
    [42, 'Got the integer 42, which is no request body.'],
    ['nope', 'Got the string "nope", which is not JSON.'],
    [
      { model: 'x' },
      'Got an object with keys "model", which holds no conversation (input, messages or contents).',
    ],
    [{ request: 3, response: {} }, "The exchange's request is the integer 3, not a request body."],
    [
      [],
      'Got an array of 0 items, whose items show no surface; pass the request body, or { surface }.',
    ],
    [
      [{ role: 'user', content: 'Hi' }],
      'Got an array of 1 item, whose items show no surface; pass the request body, or { surface }.',
    ],
  ])('unreadable: %j', (input, detail) => {
    expect(diagnoseHistory(input)).toMatchObject({ state: 'unreadable', surface: null, detail });
  });

  test('a getter that throws is unreadable, not thrown', () => {
    const hostile = {
      get messages(): unknown {
        throw new Error('boom');
      },
    };
    expect(diagnoseHistory(hostile)).toMatchObject({
      state: 'unreadable',
      detail: 'Reading the input threw (boom); pass plain JSON data.',
    });
  });
});

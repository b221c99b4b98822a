/**
 * Options are the caller's code, not recorded data: a value of the wrong kind throws a
 * TypeError that names the option and what it takes, where it would otherwise be ignored and a
 * verdict read as if it had not been given. Recorded data never throws (test/hardening).
 */
import { describe, expect, test } from 'vitest';
import { brokenToolHistory, toolCallResponse } from '../../src/arbitraries/index.js';
import {
  createStreamReader,
  diagnoseCalls,
  diagnoseHistory,
  diagnoseStrictGuarantee,
  diagnoseToolResult,
  diagnoseTruncation,
  readTurn,
  readTurns,
  reassembleStream,
} from '../../src/index.js';

const SURFACES =
  "'openai-responses', 'openai-chat', 'anthropic-messages', 'gemini', 'bedrock-converse'";

const response = {
  object: 'chat.completion',
  choices: [{ index: 0, finish_reason: 'stop', message: { role: 'assistant', content: 'hi' } }],
};

describe('an unknown surface throws wherever a surface is taken', () => {
  test('diagnoseHistory reads no bare list as OpenAI Chat when told a surface it does not know', () => {
    expect(() => diagnoseHistory([], { surface: 'bogus' as never })).toThrow(
      new TypeError(
        `tool-call-health: diagnoseHistory options.surface must be one of ${SURFACES}; got 'bogus'`,
      ),
    );
  });

  test('diagnoseHistory takes its options as an object', () => {
    expect(() => diagnoseHistory([], 'gemini' as never)).toThrow(
      new TypeError(
        'tool-call-health: diagnoseHistory options must be an object, such as { surface }; got the string "gemini"',
      ),
    );
  });

  test('the stream readers and the arbitraries', () => {
    expect(() => reassembleStream('', { surface: 'claude' as never })).toThrow(/must be one of/);
    expect(() => createStreamReader('claude' as never)).toThrow(/must be one of/);
    expect(() => brokenToolHistory({ surface: 'claude' as never })).toThrow(
      /^tool-call-health: brokenToolHistory constraints\.surface must be one of .*; got 'claude'$/,
    );
    expect(() => brokenToolHistory({ surface: ['gemini', 'claude'] as never })).toThrow(
      /got 'claude'$/,
    );
    expect(() =>
      toolCallResponse({ surface: 'claude' as never, tools: [{ name: 'lookup', parameters: {} }] }),
    ).toThrow(
      /^tool-call-health: toolCallResponse constraints\.surface must be one of .*'claude'$/,
    );
  });
});

describe('a read option of the wrong kind throws, naming it', () => {
  const readers = {
    readTurn,
    readTurns,
    diagnoseCalls,
    diagnoseTruncation,
    diagnoseStrictGuarantee,
  };

  test.each([
    [
      { maxOutputTokens: '512' },
      'options.maxOutputTokens takes a whole number of tokens, 0 or more; got the string "512"',
    ],
    [
      { maxOutputTokens: -1 },
      'options.maxOutputTokens takes a whole number of tokens, 0 or more; got the integer -1',
    ],
    [
      { maxOutputTokens: 1.5 },
      'options.maxOutputTokens takes a whole number of tokens, 0 or more; got the number 1.5',
    ],
    [
      { parallelToolCalls: 'false' },
      'options.parallelToolCalls takes true or false; got the string "false"',
    ],
    [{ expectJson: 1 }, 'options.expectJson takes true or false; got the integer 1'],
    [{ choice: '1' }, 'options.choice takes the index of a choice, 0 or more; got the string "1"'],
    [
      { tools: 'lookup_order' },
      'options.tools takes a list of tools or a tool collection; got the string "lookup_order"',
    ],
  ])('%o', (options, message) => {
    for (const read of Object.values(readers)) {
      expect(() => read(response, options as never)).toThrow(
        new TypeError(`tool-call-health: ${message}`),
      );
    }
  });

  test('options that are no object', () => {
    expect(() => readTurn(response, 512 as never)).toThrow(
      new TypeError(
        'tool-call-health: options must be an object, such as { tools }; got the integer 512',
      ),
    );
  });

  test('diagnoseToolResult checks its tools before it reads the exchange', () => {
    expect(() => diagnoseToolResult({}, { tools: 42 as never })).toThrow(
      'tool-call-health: options.tools takes a list of tools or a tool collection; got the integer 42',
    );
  });

  test('undefined and null stand for an option not given; junk inside tools is data, noted', () => {
    expect(readTurn(response, null).ok).toBe(true);
    expect(readTurn(response, { maxOutputTokens: undefined, tools: null }).ok).toBe(true);
    const read = readTurn(response, { tools: [42] });
    expect(read.ok && read.turn.notes).toEqual([
      expect.stringContaining('options.tools[0] is the integer 42'),
    ]);
  });
});

/**
 * AI SDK objects with missing or odd fields: a verdict, or a "cannot tell" that names the field,
 * never an exception; and no provider body is taken for an AI SDK object.
 */
import { describe, expect, test } from 'vitest';
import { diagnoseCalls, diagnoseTruncation, readTurn, readTurns } from '../../../src/index.js';
import { failureOf } from '../../matchers/support.js';

const step = (fields: Record<string, unknown> = {}) => ({
  stepNumber: 0,
  model: { provider: 'mock-provider', modelId: 'mock' },
  content: [{ type: 'tool-call', toolCallId: 'c1', toolName: 'lookup', input: { id: 'A-1' } }],
  finishReason: 'tool-calls',
  rawFinishReason: undefined,
  usage: { outputTokens: 12 },
  request: {},
  response: { id: 'r1', messages: [] },
  ...fields,
});

const problemOf = (input: unknown) => {
  const read = readTurns(input);
  return read.ok ? null : read.problem;
};

describe('an AI SDK object with missing or odd fields', () => {
  test('steps that are no list, an empty list, or junk among the steps: the field is named', () => {
    expect(problemOf({ steps: 'x', totalUsage: {} })).toBe(
      'the AI SDK result\'s steps is the string "x", not a list of steps',
    );
    expect(problemOf({ steps: [], totalUsage: {} })).toBe(
      "the AI SDK result's steps is empty: the model was never called",
    );
    expect(problemOf([step(), 42])).toBe(
      'steps[1] is the integer 42, not an AI SDK step (own content[] and finishReason)',
    );
    expect(problemOf([step({ content: 'none' })])).toBe(
      'steps[0].content is the string "none", not the list of parts an AI SDK step holds, so its calls cannot be read',
    );
    expect(diagnoseCalls({ steps: 'x', totalUsage: {} })[0]).toMatchObject({
      state: 'unreadable',
    });
  });

  test('no finish reason, an unknown one, or no usage: a verdict, with a note naming the field', () => {
    const silent = readTurn(step({ finishReason: undefined, usage: null }));
    expect(silent.ok && silent.turn.stop).toEqual({ kind: 'unreported', said: null });
    expect(silent.ok && silent.turn.notes).toEqual(
      expect.arrayContaining([
        "usage is null, not the AI SDK's usage; the output tokens are unknown",
        "finishReason is undefined, not one of the AI SDK's finish reasons; the stop is unknown",
      ]),
    );
    const odd = readTurn(step({ finishReason: 'tired' }));
    expect(odd.ok && odd.turn.stop).toEqual({ kind: 'other', said: 'finishReason "tired"' });
    expect(diagnoseTruncation(step({ finishReason: 'tired' })).state).toBe('incomplete-other');
  });

  test('calls with no name, no id or no input: read, and judged as such', () => {
    const read = readTurn(
      step({
        content: [
          { type: 'tool-call', input: {} },
          { type: 'tool-call', toolName: 'lookup' },
          {
            type: 'tool-call',
            toolName: 'lookup',
            invalid: true,
            error: { name: 'Odd' },
            input: 7,
          },
        ],
      }),
    );
    expect(
      read.ok && read.turn.calls.map((call) => [call.name, call.callId, call.arguments.form]),
    ).toEqual([
      ['', null, 'object'],
      ['lookup', null, 'missing'],
      ['lookup', null, 'object'],
    ]);
    expect(
      diagnoseCalls(step({ content: [{ type: 'tool-call', toolName: 'lookup' }] }))[0],
    ).toMatchObject({
      state: 'arguments-unparseable',
      detail: 'No arguments to parse: the input field is absent.',
    });
  });

  test('a step whose provider body cannot be read falls back to its own fields, and says so', () => {
    const read = readTurn(step({ response: { body: { neither: 'a response' } } }));
    expect(read.ok && read.turn.surface).toBe('ai-sdk');
    expect(read.ok && read.turn.notes[0]).toMatch(
      /^the payload carries a provider payload that could not be read \(/,
    );
  });

  test('a streamText result, however odd its other fields, gets the message to await its steps', () => {
    const result = { _steps: {}, _totalUsage: {}, baseStream: null };
    expect(problemOf(result)).toMatch(/^got a Vercel AI SDK streamText result/);
    expect(failureOf(() => expect(result).toNotBeTruncated())).toMatch(
      /const steps = await result\.steps/,
    );
  });

  test('provider bodies are not taken for AI SDK objects', () => {
    const anthropic = {
      id: 'msg_1',
      type: 'message',
      role: 'assistant',
      content: [{ type: 'tool_use', id: 't1', name: 'lookup', input: {} }],
      stop_reason: 'tool_use',
      usage: { output_tokens: 3 },
    };
    const read = readTurn(anthropic);
    expect(read.ok && read.turn.surface).toBe('anthropic-messages');
    const gemini = {
      candidates: [
        {
          content: { parts: [{ functionCall: { name: 'lookup', args: {} } }] },
          finishReason: 'STOP',
        },
      ],
    };
    const geminiRead = readTurn(gemini);
    expect(geminiRead.ok && geminiRead.turn.surface).toBe('gemini');
  });
});

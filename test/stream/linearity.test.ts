import { describe, expect, test } from 'vitest';
import { completedCalls, reassembleStream } from '../../src/stream/index.js';

/**
 * 200,000 one-character argument deltas: a quadratic implementation (growing one string, or
 * re-scanning the buffer on each delta) would not finish. These tests check only correctness;
 * speed is measured by the benchmarks.
 */
const DELTAS = 200_000;
const VALUE = 'x'.repeat(DELTAS - '{"v":""}'.length);
const ARGUMENTS = `{"v":"${VALUE}"}`;
const pieces = [...ARGUMENTS];

const chatChunk = (delta: object, finish: string | null = null) => ({
  id: 'c',
  object: 'chat.completion.chunk',
  choices: [{ index: 0, delta, finish_reason: finish }],
});

describe('200,000 one-character deltas are each read once', () => {
  test('Chat Completions, as SSE text', () => {
    const lines = [
      chatChunk({
        tool_calls: [
          { index: 0, id: 'call_1', type: 'function', function: { name: 'f', arguments: '' } },
        ],
      }),
      ...pieces.map((piece) =>
        chatChunk({ tool_calls: [{ index: 0, function: { arguments: piece } }] }),
      ),
      chatChunk({}, 'tool_calls'),
    ].map((chunk) => `data: ${JSON.stringify(chunk)}\n\n`);
    const stream = reassembleStream(`${lines.join('')}data: [DONE]\n\n`);
    expect(stream.state).toBe('complete');
    expect(stream.events).toBe(DELTAS + 3);
    expect(stream.response).toMatchObject({
      choices: [{ message: { tool_calls: [{ function: { arguments: ARGUMENTS } }] } }],
    });
  }, 60_000);

  test('Responses, as parsed events', () => {
    const stream = reassembleStream([
      { type: 'response.created', response: { id: 'r', object: 'response', output: [] } },
      {
        type: 'response.output_item.added',
        output_index: 0,
        item: { id: 'fc', type: 'function_call', name: 'f', call_id: 'c', arguments: '' },
      },
      ...pieces.map((delta) => ({
        type: 'response.function_call_arguments.delta',
        item_id: 'fc',
        output_index: 0,
        delta,
      })),
    ]);
    expect(stream.openCalls).toEqual(['output[0]']);
    expect(stream.response.output).toMatchObject([{ arguments: ARGUMENTS }]);
  }, 60_000);

  test('Anthropic, as parsed events: the pieces parse into input once, at the end', () => {
    const events = [
      {
        type: 'message_start',
        message: { id: 'm', type: 'message', role: 'assistant', content: [] },
      },
      {
        type: 'content_block_start',
        index: 0,
        content_block: { type: 'tool_use', id: 't', name: 'f', input: {} },
      },
      ...pieces.map((partial_json) => ({
        type: 'content_block_delta',
        index: 0,
        delta: { type: 'input_json_delta', partial_json },
      })),
      { type: 'content_block_stop', index: 0 },
      { type: 'message_stop' },
    ];
    const stream = reassembleStream(events);
    expect(stream.response.content).toEqual([
      { type: 'tool_use', id: 't', name: 'f', input: { v: VALUE } },
    ]);
    // The progress of the last moment comes from the same single pass.
    expect(completedCalls(events).complete[0]?.json).toBe('parses');
  }, 60_000);

  test('Gemini, as streamed partialArgs pieces of one string', () => {
    const stream = reassembleStream([
      {
        candidates: [{ content: { parts: [{ functionCall: { name: 'f', willContinue: true } }] } }],
      },
      ...[...VALUE].map((stringValue) => ({
        candidates: [
          {
            content: {
              parts: [
                {
                  functionCall: {
                    partialArgs: [{ jsonPath: '$.v', stringValue, willContinue: true }],
                    willContinue: true,
                  },
                },
              ],
            },
          },
        ],
      })),
      { candidates: [{ content: { parts: [{ functionCall: {} }] }, finishReason: 'STOP' }] },
    ]);
    expect(stream.response.candidates).toMatchObject([
      { content: { parts: [{ functionCall: { args: { v: VALUE } } }] } },
    ]);
  }, 60_000);
});

import { describe, expect, test } from 'vitest';
import { completedCalls, reassembleStream } from '../../src/index.js';
import { describeGrowth, GROWTH_FACTOR, growth, MOST_GROWTH } from '../support/growth.js';

/**
 * Each delta is read once: linear work. Proved by growth, not by a timeout: the same stream
 * with four times as many one-character argument deltas must take about four times the CPU time,
 * where a quadratic reader (copying the whole buffer, or re-scanning it, on each delta) takes
 * sixteen times as long or more. A quadratic copy is cheap per character: at 200,000 deltas it
 * finished inside the 60-second timeout that used to be the only guard here. The measuring is
 * test/support/growth.ts's: CPU time, fastest of five alternating rounds after a warm-up.
 */
const SMALL = 50_000;
const LARGE = GROWTH_FACTOR * SMALL;

/** `{"v":"xxx…"}`, exactly `deltas` characters long, sent one character per delta. */
function argumentsOf(deltas: number) {
  const value = 'x'.repeat(deltas - '{"v":""}'.length);
  const text = `{"v":"${value}"}`;
  return { value, text, pieces: [...text] };
}

const chatChunk = (delta: object, finish: string | null = null) => ({
  id: 'c',
  object: 'chat.completion.chunk',
  choices: [{ index: 0, delta, finish_reason: finish }],
});

describe('four times the one-character deltas take about four times as long: each is read once', () => {
  test('Chat Completions, as SSE text', () => {
    const sse = (deltas: number) => {
      const lines = [
        chatChunk({
          tool_calls: [
            { index: 0, id: 'call_1', type: 'function', function: { name: 'f', arguments: '' } },
          ],
        }),
        ...argumentsOf(deltas).pieces.map((piece) =>
          chatChunk({ tool_calls: [{ index: 0, function: { arguments: piece } }] }),
        ),
        chatChunk({}, 'tool_calls'),
      ].map((chunk) => `data: ${JSON.stringify(chunk)}\n\n`);
      return `${lines.join('')}data: [DONE]\n\n`;
    };
    const measured = growth(SMALL, sse, reassembleStream);
    expect(measured.ratio, describeGrowth(measured, 'deltas')).toBeLessThan(MOST_GROWTH);
    const stream = measured.output;
    expect(stream.state).toBe('complete');
    expect(stream.events).toBe(LARGE + 3);
    expect(stream.response).toMatchObject({
      choices: [
        { message: { tool_calls: [{ function: { arguments: argumentsOf(LARGE).text } }] } },
      ],
    });
  }, 60_000);

  test('Responses, as parsed events', () => {
    const events = (deltas: number) => [
      { type: 'response.created', response: { id: 'r', object: 'response', output: [] } },
      {
        type: 'response.output_item.added',
        output_index: 0,
        item: { id: 'fc', type: 'function_call', name: 'f', call_id: 'c', arguments: '' },
      },
      ...argumentsOf(deltas).pieces.map((delta) => ({
        type: 'response.function_call_arguments.delta',
        item_id: 'fc',
        output_index: 0,
        delta,
      })),
    ];
    const measured = growth(SMALL, events, reassembleStream);
    expect(measured.ratio, describeGrowth(measured, 'deltas')).toBeLessThan(MOST_GROWTH);
    const stream = measured.output;
    expect(stream.openCalls).toEqual(['output[0]']);
    expect(stream.response.output).toMatchObject([{ arguments: argumentsOf(LARGE).text }]);
  }, 60_000);

  test('Anthropic, as parsed events: the pieces parse into input once, at the end', () => {
    const events = (deltas: number) => [
      {
        type: 'message_start',
        message: { id: 'm', type: 'message', role: 'assistant', content: [] },
      },
      {
        type: 'content_block_start',
        index: 0,
        content_block: { type: 'tool_use', id: 't', name: 'f', input: {} },
      },
      ...argumentsOf(deltas).pieces.map((partial_json) => ({
        type: 'content_block_delta',
        index: 0,
        delta: { type: 'input_json_delta', partial_json },
      })),
      { type: 'content_block_stop', index: 0 },
      { type: 'message_stop' },
    ];
    // The progress of the last moment comes from the same single pass, so it is timed too.
    const measured = growth(SMALL, events, (stream) => ({
      stream: reassembleStream(stream),
      completed: completedCalls(stream),
    }));
    expect(measured.ratio, describeGrowth(measured, 'deltas')).toBeLessThan(MOST_GROWTH);
    const { stream, completed } = measured.output;
    expect(stream.response.content).toEqual([
      { type: 'tool_use', id: 't', name: 'f', input: { v: argumentsOf(LARGE).value } },
    ]);
    expect(completed.complete[0]?.json).toBe('parses');
  }, 60_000);

  test('Gemini, as streamed partialArgs pieces of one string', () => {
    const frames = (deltas: number) => [
      {
        candidates: [{ content: { parts: [{ functionCall: { name: 'f', willContinue: true } }] } }],
      },
      ...[...argumentsOf(deltas).value].map((stringValue) => ({
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
    ];
    const measured = growth(SMALL, frames, reassembleStream);
    expect(measured.ratio, describeGrowth(measured, 'deltas')).toBeLessThan(MOST_GROWTH);
    expect(measured.output.response.candidates).toMatchObject([
      { content: { parts: [{ functionCall: { args: { v: argumentsOf(LARGE).value } } }] } },
    ]);
  }, 60_000);
});

import { describe, expect, it } from 'vitest';
import { reassembleStream } from '../../src/index.js';

const chunk = (delta: unknown, finishReason: string | null = null) => ({
  id: 'chatcmpl-1',
  object: 'chat.completion.chunk',
  created: 1_700_000_000,
  model: 'a-compatible-server',
  choices: [{ index: 0, delta, finish_reason: finishReason }],
});

describe('Chat stream deltas whose function.arguments is not text', () => {
  it('are left out of the arguments and said so in a note, never dropped silently', () => {
    const stream = reassembleStream([
      chunk({
        role: 'assistant',
        tool_calls: [
          { index: 0, id: 'call_1', type: 'function', function: { name: 'lookup', arguments: '' } },
        ],
      }),
      chunk({ tool_calls: [{ index: 0, function: { arguments: { order_id: 'A-1' } } }] }),
      chunk({}, 'tool_calls'),
    ]);

    expect(stream.notes).toEqual([
      '1 tool call delta whose function.arguments is an object with keys "order_id", not text: left out of the reassembled arguments',
    ]);
  });
});

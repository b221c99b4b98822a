import { describe, expect, it } from 'vitest';
import { readTurn, reassembleStream } from '../../src/index.js';
import { requestSurfaceOf, responseSurfaceOf, SURFACE_IDS } from '../../src/registry/index.js';
import { chatStream } from '../../src/surfaces/openai-chat/write.js';
import type { PayloadTurn } from '../../src/surfaces/payload.js';
import { writerFor } from '../../src/writers/index.js';

const turn = (changes: Partial<PayloadTurn> = {}): PayloadTurn => ({
  system: 'You are the order-support agent.',
  prompt: 'Where is A-1001?',
  tools: [
    {
      name: 'lookup_order',
      description: 'Look an order up.',
      parameters: {
        type: 'object',
        properties: { order_id: { type: 'string' } },
        required: ['order_id'],
        additionalProperties: false,
      },
      strict: true,
    },
  ],
  calls: [{ name: 'lookup_order', text: '{"order_id":"A-1001"}', value: { order_id: 'A-1001' } }],
  ending: 'finished',
  parallel: undefined,
  ceiling: undefined,
  usage: { input: 300, output: 40, reasoning: 0 },
  ids: {
    response: 'R'.repeat(29),
    calls: ['a', 'b', 'c', 'd'].map((letter) => letter.repeat(24)),
    items: ['0', '1', '2', '3'].map((digit) => digit.repeat(32)),
    suffix: 'f'.repeat(16),
    fingerprint: 'e'.repeat(10),
  },
  preface: undefined,
  malformedMessage: '',
  created: 1_760_000_000,
  ...changes,
});

const read = (input: unknown) => {
  const result = readTurn(input);
  if (!result.ok) throw new Error(result.problem);
  return result.turn;
};

describe.each(SURFACE_IDS)('the %s payload writer', (id) => {
  const write = writerFor(id);

  it('writes an exchange the registry recognises as its own, with the call ids it names', () => {
    const { request, response } = write.exchange(turn());
    expect(requestSurfaceOf(request)?.id).toBe(id);
    expect(responseSurfaceOf(response)?.id).toBe(id);
    const reading = read({ request, response });
    expect(reading.calls.map((call) => call.callId)).toEqual(write.callIds(turn()));
  });

  it('states each parallel setting it claims, and leaves one it cannot state unread', () => {
    for (const parallel of [true, false]) {
      const reading = read(write.exchange(turn({ parallel })));
      const claimed = write.can.parallelSettings.includes(parallel);
      expect(reading.parallelToolCalls === parallel, `parallel ${parallel}`).toBe(claimed);
    }
  });

  it('states strict on a tool exactly when it claims it can', () => {
    const reading = read(write.exchange(turn()));
    expect(reading.tools?.[0]?.strictStated).toBe(write.can.strictTools);
  });

  it('states a ceiling on every request exactly when it claims one is required', () => {
    const reading = read(write.exchange(turn()));
    expect(reading.maxOutputTokens !== null).toBe(write.can.ceilingRequired);
  });

  it('streams what it writes, and the stream reads back as the whole response', () => {
    const { request, response } = write.exchange(turn());
    const writer = write.stream(response);
    const stream = reassembleStream(writer.write(writer.texts.map((text) => [text])));
    expect(stream.state).toBe('complete');
    expect(read({ request, response: stream }).calls).toEqual(read({ request, response }).calls);
  });
});

describe('chatStream', () => {
  it('stops after the last delta when the stream is cut: no finish chunk, usage or [DONE]', () => {
    const { response } = writerFor('openai-chat').exchange(turn());
    const writer = chatStream(response, { cut: true });
    const text = writer.write(writer.texts.map((piece) => [piece]));
    expect(text).not.toContain('finish_reason":"tool_calls');
    expect(text).not.toContain('[DONE]');
    expect(reassembleStream(text).state).toBe('cut');
  });

  it('pads every chunk when asked, with the chunk text and kind', () => {
    const { response } = writerFor('openai-chat').exchange(turn());
    const padded: string[] = [];
    const writer = chatStream(response, {
      obfuscation: (text, chunk) => {
        padded.push(`${chunk}:${text}`);
        return 'x';
      },
    });
    writer.write([['{"order_id":', '"A-1001"}']]);
    expect(padded).toEqual([
      'delta:',
      'delta:{"order_id":',
      'delta:"A-1001"}',
      'finish:',
      'usage:',
    ]);
  });
});

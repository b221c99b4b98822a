/**
 * watchToolCalls: a stream's calls judged while they arrive, through the recorded streams'
 * SSE text split anywhere, the official OpenAI client's chunks against faultHandlers, and the
 * AI SDK's stream parts. A call that breaks its schema in a way a prefix shows is known before
 * its arguments end; one whose break only the whole shows is `invalid` when it ends.
 */
import { readFileSync } from 'node:fs';
import { createOpenAI } from '@ai-sdk/openai';
import { jsonSchema, streamText, tool } from 'ai';
import { setupServer } from 'msw/node';
import OpenAI from 'openai';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { diagnoseCalls } from '../../src/diagnose/dispatch.js';
import { type FaultEvent, faultHandlers } from '../../src/msw/index.js';
import { reassembleStream } from '../../src/read/index.js';
import { type CallWatchVerdict, watchToolCalls } from '../../src/read/watch-tool-calls.js';

/** A recorded stream's request tools and its SSE body. */
function recorded(file: string): { tools: unknown; sse: string } {
  const har = JSON.parse(readFileSync(new URL(`../../fixtures/${file}`, import.meta.url), 'utf8'));
  const entry = har.log.entries[0];
  return { tools: JSON.parse(entry.request.postData.text).tools, sse: entry.response.content.text };
}

/** `text` in pieces of `size` characters. */
function piecesOf(text: string, size: number): string[] {
  const pieces: string[] = [];
  for (let at = 0; at < text.length; at += size) pieces.push(text.slice(at, at + size));
  return pieces;
}

describe('watchToolCalls over recorded streams, as SSE text split anywhere', () => {
  const streams = [
    'streams/openai-chat-tool-calls.har',
    'streams/openai-responses-function-call.har',
    'streams/anthropic-tool-use.har',
  ];
  it.each(streams)(
    '%s: every call feasible as it arrives and valid at the end, however split',
    (file) => {
      const { tools, sse } = recorded(file);
      for (const size of [1, 7, 64, sse.length]) {
        const watcher = watchToolCalls({ tools });
        for (const piece of piecesOf(sse, size)) {
          for (const call of watcher.push(piece).calls)
            expect(['feasible', 'valid']).toContain(call.verdict.state);
        }
        const { calls } = watcher.end();
        expect(calls.length).toBeGreaterThan(0);
        expect(calls.map((call) => call.verdict.state)).toEqual(calls.map(() => 'valid'));
        expect(calls.map((call) => call.index)).toEqual(calls.map((_, index) => index));
      }
    },
  );

  it('calls a call cut mid-arguments truncated at the end', () => {
    const { tools, sse } = recorded('streams/openai-chat-cut-mid-arguments.har');
    const watcher = watchToolCalls({ tools });
    watcher.push(sse);
    expect(watcher.end().calls.map((call) => call.verdict.state)).toContain('truncated');
  });
});

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

/** A refund tool whose every break but a missing key shows in a prefix. */
const REFUND = {
  type: 'object',
  additionalProperties: false,
  required: ['order_id', 'amount_cents', 'currency'],
  properties: {
    order_id: { type: 'string', maxLength: 12 },
    amount_cents: { type: 'integer', minimum: 1, maximum: 500_000 },
    currency: { enum: ['usd', 'eur'] },
  },
};
const CHAT_TOOLS = [
  {
    type: 'function' as const,
    function: { name: 'refund_order', parameters: REFUND, strict: true },
  },
];

const openaiClient = () =>
  new OpenAI({ apiKey: 'test-key-not-real', baseURL: 'http://localhost/v1', maxRetries: 0 });

async function streamedChat(fault: 'arguments-violate-schema' | 'unknown-tool', seed: number) {
  const events: FaultEvent[] = [];
  server.use(...faultHandlers({ fault, seed, onFault: (event) => events.push(event) }));
  const watcher = watchToolCalls({ tools: CHAT_TOOLS });
  const seen = [];
  const stream = await openaiClient().chat.completions.create({
    model: 'gpt-4.1',
    messages: [{ role: 'user', content: 'Refund order A-1001 in full.' }],
    tools: CHAT_TOOLS,
    stream: true,
  });
  for await (const chunk of stream) seen.push(watcher.push(chunk).calls);
  return { events, seen, end: watcher.end() };
}

describe('watchToolCalls over the official OpenAI client, answered by faultHandlers', () => {
  it('knows a schema-breaking call before its arguments end, when a prefix shows the break', async () => {
    const doomedEarly: string[] = [];
    const onlyAtEnd: string[] = [];
    for (let seed = 1; seed <= 12; seed++) {
      const { events, seen, end } = await streamedChat('arguments-violate-schema', seed);
      const [call] = end.calls;
      expect(call?.verdict.state, events[0]?.variant ?? '').toBe('invalid');
      const early = seen.find((calls) => calls[0]?.verdict.state === 'infeasible')?.[0]?.verdict;
      if (early === undefined) onlyAtEnd.push(String(events[0]?.variant));
      else doomedEarly.push(String(events[0]?.variant));
      // The ended call keeps where it was doomed.
      expect(call?.doomedAt).toBe(early?.state === 'infeasible' ? early.offset : undefined);
    }
    // A wrong type, a value past a bound or outside the enum shows in a prefix; a missing
    // required key (empty arguments are {}) only in the whole.
    expect(doomedEarly).toHaveLength(9);
    expect(onlyAtEnd).toEqual([
      'missing-required at order_id',
      'missing-required at order_id',
      'empty-arguments',
    ]);
  });

  it('diagnoseCalls on the reassembled stream says where each call was doomed, as the watcher did', async () => {
    for (let seed = 1; seed <= 12; seed++) {
      const events: FaultEvent[] = [];
      server.use(
        ...faultHandlers({
          fault: 'arguments-violate-schema',
          seed,
          onFault: (event) => events.push(event),
        }),
      );
      const chunks: unknown[] = [];
      const stream = await openaiClient().chat.completions.create({
        model: 'gpt-4.1',
        messages: [{ role: 'user', content: 'Refund order A-1001 in full.' }],
        tools: CHAT_TOOLS,
        stream: true,
      });
      for await (const chunk of stream) chunks.push(chunk);
      const watcher = watchToolCalls({ tools: CHAT_TOOLS });
      for (const chunk of chunks) watcher.push(chunk);
      const [watched] = watcher.end().calls;
      const [verdict] = diagnoseCalls({
        request: { tools: CHAT_TOOLS },
        response: reassembleStream(chunks),
      });
      expect(verdict?.state, String(events[0]?.variant)).toBe('arguments-violate-schema');
      expect(verdict?.doomedAt, String(events[0]?.variant)).toBe(watched?.doomedAt);
    }
  });

  it('says unknown-tool at the first chunk that names the tool', async () => {
    const { seen, end } = await streamedChat('unknown-tool', 3);
    const first = seen.findIndex((calls) => calls.length > 0);
    expect(seen[first]?.[0]?.verdict.state).toBe('unknown-tool');
    expect(end.calls[0]?.verdict).toMatchObject({ state: 'unknown-tool' });
    expect(end.calls[0]?.verdict.problems[0]).toMatch(
      /^no tool named ".+" is declared \(declared: "refund_order"\)$/,
    );
  });
});

describe('the README example: an AI SDK streamText run aborted at the first infeasible character', () => {
  it('stops the request while the call is still being written, and says where it was doomed', async () => {
    server.use(...faultHandlers({ fault: 'arguments-violate-schema', seed: 7, chunkDelayMs: 1 }));
    const openai = createOpenAI({ apiKey: 'test-key-not-real', baseURL: 'http://localhost/v1' });
    // --- README: Stop a doomed call mid-stream ---
    const controller = new AbortController();
    const result = streamText({
      model: openai.chat('gpt-4.1'),
      prompt: 'Refund order A-1001 in full.',
      tools: { refund_order: tool({ inputSchema: jsonSchema(REFUND) }) },
      abortSignal: controller.signal,
      onError: () => {}, // the abort below ends the stream with an AbortError
    });
    const watcher = watchToolCalls({ tools: [{ name: 'refund_order', input_schema: REFUND }] });
    let doomed: CallWatchVerdict | undefined;
    for await (const part of result.fullStream) {
      const [call] = watcher.push(part).calls;
      if (call?.verdict.state === 'infeasible') {
        doomed = call.verdict; // { state, offset, path, problems }
        controller.abort(); // no more tokens for a call that can no longer be valid
        break;
      }
    }
    // --- end ---
    expect(doomed).toEqual({
      state: 'infeasible',
      offset: 34,
      path: 'arguments.amount_cents',
      problems: ['arguments.amount_cents: expected integer, got string'],
    });
    // The whole call, had it been read to its end: the same fault, written unstreamed.
    server.use(...faultHandlers({ fault: 'arguments-violate-schema', seed: 7 }));
    const whole = await openaiClient().chat.completions.create({
      model: 'gpt-4.1',
      messages: [{ role: 'user', content: 'Refund order A-1001 in full.' }],
      tools: CHAT_TOOLS,
    });
    const written = whole.choices[0]?.message.tool_calls?.[0];
    const text = written?.type === 'function' ? written.function.arguments : '';
    // Doomed at the quote that opens the amount: the 25 characters after it were never paid for.
    expect(text.slice(0, 35)).toBe('{"order_id":"mgdp","amount_cents":"');
    expect(text.length - 35).toBe(25);
  });
});

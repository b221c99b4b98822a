/**
 * recordedHandlers() replays recordings to the official SDKs, which parse them exactly as they
 * parse the live API; the library's diagnoses then judge what the SDK returned.
 */
import Anthropic from '@anthropic-ai/sdk';
import { HttpResponse, http } from 'msw';
import { setupServer } from 'msw/node';
import OpenAI from 'openai';
import { afterAll, afterEach, beforeAll, describe, expect, test, vi } from 'vitest';
import { diagnoseCalls, diagnoseStrictGuarantee, diagnoseTruncation } from '../../src/index.js';
import { type RecordingMismatch, recordedHandlers } from '../../src/msw/index.js';
import {
  anthropicMessage,
  anthropicRequest,
  BAD_CHARGE,
  CUT_CHARGE,
  chatRequest,
  chatResponse,
  GOOD_CHARGE,
  OTHER_CHARGE,
  responsesResponse,
} from '../support/payloads.js';
import { anthropicSse, chatSse, harOf, responsesSse } from './support.js';

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

// Any base URL works: the real host, localhost, or a gateway with a base path of its own.
const openai = (baseURL = 'http://localhost/v1') =>
  new OpenAI({ apiKey: 'test-key-not-real', baseURL, maxRetries: 0 });
const anthropic = (baseURL = 'http://localhost') =>
  new Anthropic({ apiKey: 'test-key-not-real', baseURL, maxRetries: 0 });

// The payload builders type their fields loosely; each call names the body type the SDK takes.
type ResponsesStreamBody = Parameters<OpenAI['responses']['stream']>[0];
type ChatStreamBody = Parameters<OpenAI['chat']['completions']['stream']>[0];

const CHARGE_TOOL = responsesResponse().tools;
const responsesRequest = (extra: Record<string, unknown> = {}) => ({
  model: 'gpt-5-2025-08-07',
  input: 'Charge acct_9 twelve dollars.',
  tools: CHARGE_TOOL,
  ...extra,
});

describe('OpenAI Responses through client.responses', () => {
  test('create() returns the recorded response, and a schema violation diagnoses as such', async () => {
    const recorded = responsesResponse({ calls: [{ name: 'charge', arguments: BAD_CHARGE }] });
    server.use(
      ...recordedHandlers(
        harOf({
          url: 'https://api.openai.com/v1/responses',
          request: responsesRequest(),
          response: recorded,
        }),
      ),
    );

    const response = await openai('https://api.openai.com/v1').responses.create(
      responsesRequest() as OpenAI.Responses.ResponseCreateParamsNonStreaming,
    );

    expect(response.id).toBe(recorded.id);
    expect(diagnoseCalls(response).map((verdict) => verdict.state)).toEqual([
      'arguments-violate-schema',
    ]);
  });

  test('stream() delivers event by event; finalResponse() diagnoses like the stored object', async () => {
    const recorded = responsesResponse({
      calls: [
        { name: 'charge', arguments: GOOD_CHARGE },
        { name: 'charge', arguments: OTHER_CHARGE },
      ],
    });
    server.use(
      ...recordedHandlers(
        harOf({
          url: 'https://api.openai.com/v1/responses',
          request: responsesRequest({ stream: true }),
          response: responsesSse(recorded),
        }),
      ),
    );

    const stream = openai().responses.stream(responsesRequest() as ResponsesStreamBody);
    const deltas: string[] = [];
    stream.on('response.function_call_arguments.delta', (event) => deltas.push(event.delta));
    const response = await stream.finalResponse();

    expect(deltas.join('')).toBe(GOOD_CHARGE + OTHER_CHARGE);
    expect(diagnoseCalls(response).map((verdict) => verdict.state)).toEqual([
      'dispatchable',
      'dispatchable',
    ]);
    // Strict tools, parallel calls left on, two calls in one turn: no schema guarantee.
    expect(diagnoseStrictGuarantee(response).state).toBe('strict-void');
  });
});

describe('OpenAI Chat Completions through client.chat.completions', () => {
  const request = chatRequest();

  test('create() returns the recorded completion; with the request beside it, calls diagnose', async () => {
    const recorded = chatResponse({ calls: [{ name: 'charge', arguments: BAD_CHARGE }] });
    server.use(
      ...recordedHandlers(
        harOf({ url: 'https://api.openai.com/v1/chat/completions', request, response: recorded }),
      ),
    );

    const completion = await openai().chat.completions.create(
      request as OpenAI.Chat.ChatCompletionCreateParamsNonStreaming,
    );

    expect(diagnoseCalls({ request, response: completion }).map((v) => v.state)).toEqual([
      'arguments-violate-schema',
    ]);
  });

  test('stream: true yields the recorded chunks, in order', async () => {
    const recorded = chatResponse({ calls: [{ name: 'charge', arguments: GOOD_CHARGE }] });
    server.use(
      ...recordedHandlers(
        harOf({
          url: 'https://api.openai.com/v1/chat/completions',
          request: { ...request, stream: true },
          response: chatSse(recorded),
        }),
      ),
    );

    const stream = await openai().chat.completions.create({
      ...(request as OpenAI.Chat.ChatCompletionCreateParamsNonStreaming),
      stream: true,
    });
    let args = '';
    let finish: string | null = null;
    for await (const chunk of stream) {
      args += chunk.choices[0]?.delta.tool_calls?.[0]?.function?.arguments ?? '';
      finish = chunk.choices[0]?.finish_reason ?? finish;
    }

    expect(args).toBe(GOOD_CHARGE);
    expect(finish).toBe('tool_calls');
  });

  test('stream() + finalChatCompletion() of a length-stopped turn diagnoses as truncated', async () => {
    const recorded = chatResponse({
      ending: 'ceiling',
      calls: [{ name: 'charge', arguments: CUT_CHARGE }],
      outputTokens: 16,
    });
    const cappedRequest = { ...chatRequest({ maxOutputTokens: 16, strict: false }) };
    server.use(
      ...recordedHandlers(
        harOf({
          url: 'https://api.openai.com/v1/chat/completions',
          request: { ...cappedRequest, stream: true },
          response: chatSse(recorded),
        }),
      ),
    );

    const completion = await openai()
      .chat.completions.stream(cappedRequest as ChatStreamBody)
      .finalChatCompletion();

    const exchange = { request: cappedRequest, response: completion };
    expect(completion.choices[0]?.finish_reason).toBe('length');
    expect(diagnoseTruncation(exchange).state).toBe('truncated-by-length');
    expect(diagnoseCalls(exchange).map((v) => v.state)).toEqual(['arguments-truncated']);
  });
});

describe('Anthropic Messages through client.messages', () => {
  // A current model: the SDK warns on every call naming a deprecated one.
  const model = 'claude-sonnet-4-6';
  const request = { ...anthropicRequest({ strict: true }), model };

  test('create() returns the recorded message; its schema violation diagnoses', async () => {
    const recorded = {
      ...anthropicMessage({ calls: [{ name: 'charge', arguments: BAD_CHARGE }] }),
      model,
    };
    server.use(
      ...recordedHandlers(
        harOf({ url: 'https://api.anthropic.com/v1/messages', request, response: recorded }),
      ),
    );

    const message = await anthropic().messages.create(
      request as Anthropic.MessageCreateParamsNonStreaming,
    );

    expect(message.id).toBe(recorded.id);
    expect(diagnoseCalls({ request, response: message }).map((v) => v.state)).toEqual([
      'arguments-violate-schema',
    ]);
  });

  test('stream() + finalMessage() reassembles the tool input from input_json_delta pieces', async () => {
    const recorded = {
      ...anthropicMessage({ calls: [{ name: 'charge', arguments: GOOD_CHARGE }] }),
      model,
    };
    server.use(
      ...recordedHandlers(
        harOf({
          url: 'https://api.anthropic.com/v1/messages',
          request: { ...request, stream: true },
          response: anthropicSse(recorded),
        }),
      ),
    );

    const message = await anthropic()
      .messages.stream(request as Anthropic.MessageStreamParams)
      .finalMessage();

    expect(message.content).toEqual(recorded.content);
    expect(diagnoseCalls({ request, response: message }).map((v) => v.state)).toEqual([
      'dispatchable',
    ]);
    expect(diagnoseTruncation({ request, response: message }).state).toBe('complete');
  });
});

describe('chunking', () => {
  const recorded = responsesResponse({ calls: [{ name: 'charge', arguments: BAD_CHARGE }] });
  const har = harOf({
    url: 'https://api.openai.com/v1/responses',
    request: responsesRequest({ stream: true }),
    response: responsesSse(recorded),
  });

  async function finalResponseWith(chunking?: { bytes: number }) {
    server.resetHandlers(...recordedHandlers(har, chunking ? { chunking } : {}));
    return openai()
      .responses.stream(responsesRequest() as ResponsesStreamBody)
      .finalResponse();
  }

  test.each([1, 7, 4096])('{ bytes: %i } gives the SDK the same final response', async (bytes) => {
    const byEvent = await finalResponseWith();
    const byBytes = await finalResponseWith({ bytes });

    expect(byBytes).toEqual(byEvent);
    expect(diagnoseCalls(byBytes).map((v) => v.state)).toEqual(['arguments-violate-schema']);
  });

  test('chunkDelayMs waits that long before each chunk after the first', async () => {
    const bytes = 256;
    const chunkCount = Math.ceil(new TextEncoder().encode(responsesSse(recorded)).length / bytes);
    expect(chunkCount).toBeGreaterThanOrEqual(4); // enough chunks for the gaps to show
    server.use(...recordedHandlers(har, { chunking: { bytes }, chunkDelayMs: 30 }));
    vi.useFakeTimers({ toFake: ['setTimeout'] });
    try {
      const response = await fetch('http://localhost/v1/responses', {
        method: 'POST',
        body: JSON.stringify(responsesRequest({ stream: true })),
      });
      const reader = response.body!.getReader();
      let arrived = 0;
      const reading = (async () => {
        while (!(await reader.read()).done) arrived += 1;
      })();

      await vi.advanceTimersByTimeAsync(0);
      expect(arrived).toBe(1);
      for (let gap = 1; gap < chunkCount; gap += 1) {
        await vi.advanceTimersByTimeAsync(29);
        expect(arrived, `29 ms into gap ${gap}`).toBe(gap);
        await vi.advanceTimersByTimeAsync(1);
        expect(arrived, `30 ms into gap ${gap}`).toBe(gap + 1);
      }
      await reading; // and the stream ends with the last chunk, with no wait after it
      expect(arrived).toBe(chunkCount);
    } finally {
      vi.useRealTimers();
    }
  });

  test('a chunk size that is not a whole number of at least 1 is refused at set-up', () => {
    expect(() => recordedHandlers(har, { chunking: { bytes: 0 } })).toThrow(
      'tool-call-health: chunking.bytes must be a whole number of at least 1, got 0',
    );
  });
});

describe('matching', () => {
  const url = 'https://api.openai.com/v1/chat/completions';
  const first = chatResponse({ text: 'first' });
  const second = chatResponse({ text: 'second' });
  const request = chatRequest();
  const send = (body: unknown, baseURL?: string) =>
    openai(baseURL).chat.completions.create(
      body as OpenAI.Chat.ChatCompletionCreateParamsNonStreaming,
    );
  const textOf = (completion: OpenAI.Chat.ChatCompletion) => completion.choices[0]?.message.content;

  test.each([
    ['the real host', 'https://api.openai.com/v1'],
    ['localhost', 'http://localhost:4010/v1'],
    ['a gateway with its own base path', 'https://gateway.example/openai/v1'],
  ])('a recording answers whatever baseURL the SDK has: %s', async (_, baseURL) => {
    server.use(...recordedHandlers(harOf({ url, request, response: first })));

    expect(textOf(await send(request, baseURL))).toBe('first');
  });

  test('the body fields that identify a recording pick it; other fields are ignored', async () => {
    const other = { ...request, messages: [{ role: 'user', content: 'Refund order A-1001.' }] };
    server.use(
      ...recordedHandlers(
        harOf({ url, request: other, response: second }, { url, request, response: first }),
      ),
    );

    expect(textOf(await send({ ...request, temperature: 0.2, max_completion_tokens: 99 }))).toBe(
      'first',
    );
    expect(textOf(await send(other))).toBe('second');
  });

  test('when several recordings match equally, the first in file order wins, every time', async () => {
    server.use(
      ...recordedHandlers([
        harOf({ url, request, response: first }),
        harOf({ url, request, response: second }),
      ]),
    );

    expect(textOf(await send(request))).toBe('first');
    expect(textOf(await send(request))).toBe('first');
  });

  test('a request on a recorded path that no recording matches gets a 404 naming the difference, never the network', async () => {
    const mismatches: RecordingMismatch[] = [];
    server.use(
      ...recordedHandlers(harOf({ url, request, response: first }), {
        onMismatch: (mismatch) => mismatches.push(mismatch),
      }),
    );

    await expect(send({ ...request, model: 'gpt-4o' })).rejects.toThrow(
      /^404 tool-call-health: no recording matches POST \/v1\/chat\/completions; nearest: recording 1 of 1 \(1 field differs\) at HAR object entries\[0\]\n {2}model: recorded "gpt-4\.1", sent "gpt-4o"\n/,
    );

    expect(mismatches.map((m) => m.candidates)).toEqual([
      [
        {
          at: 'HAR object entries[0]',
          differences: ['model: recorded "gpt-4.1", sent "gpt-4o"'],
        },
      ],
    ]);
  });

  test('the 404 names the recording that differs in the fewest paths, not the first one', async () => {
    const farther = {
      ...request,
      model: 'gpt-4o-mini',
      messages: [{ role: 'user', content: 'Hi' }],
    };
    server.use(
      ...recordedHandlers(
        harOf({ url, request: farther, response: second }, { url, request, response: first }),
      ),
    );

    await expect(send({ ...request, model: 'gpt-4o' })).rejects.toThrow(
      /nearest: recording 2 of 2 \(1 field differs\) at HAR object entries\[1\]\n {2}model: recorded "gpt-4\.1", sent "gpt-4o"/,
    );
  });

  test('a JSON recording does not answer a streamed request: stream absent means false', async () => {
    const mismatches: RecordingMismatch[] = [];
    server.use(
      ...recordedHandlers(harOf({ url, request, response: first }), {
        onMismatch: (mismatch) => mismatches.push(mismatch),
      }),
    );
    await expect(
      openai().chat.completions.create({
        ...(request as OpenAI.Chat.ChatCompletionCreateParamsNonStreaming),
        stream: true,
      }),
    ).rejects.toThrow(OpenAI.NotFoundError);

    expect(mismatches[0]?.candidates[0]?.differences).toEqual([
      'stream: recorded false, sent true',
    ]);
  });

  test('a request on another path is left to onUnhandledRequest (here: error)', async () => {
    server.use(...recordedHandlers(harOf({ url, request, response: first })));
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});

    await expect(openai().models.list()).rejects.toThrow(OpenAI.APIConnectionError);

    expect(error.mock.calls.flat().join(' ')).toContain('GET http://localhost/v1/models');
    error.mockRestore();
  });

  test("with unmatched: 'next', a request no recording matches reaches the handlers after them", async () => {
    server.use(
      ...recordedHandlers(harOf({ url, request, response: first }), { unmatched: 'next' }),
      http.post('*/v1/chat/completions', () => HttpResponse.json(second)),
    );

    expect(textOf(await send({ ...request, model: 'gpt-4o' }))).toBe('second');
  });

  test('a recorded failure (status 0) replays as a network error', async () => {
    server.use(...recordedHandlers(harOf({ url, request, status: 0, response: '' })));

    await expect(send(request)).rejects.toThrow(OpenAI.APIConnectionError);
  });

  test('the recorded status and headers come back; stale length and encoding headers do not', async () => {
    server.use(
      ...recordedHandlers(
        harOf({
          url,
          request,
          status: 429,
          headers: { 'retry-after': '20' },
          response: { error: { message: 'Rate limit reached', type: 'requests', code: null } },
        }),
      ),
    );

    const response = await fetch('http://localhost/v1/chat/completions', {
      method: 'POST',
      body: JSON.stringify(request),
    });

    expect(response.status).toBe(429);
    expect(response.headers.get('retry-after')).toBe('20');
    expect(response.headers.get('x-request-id')).toBe('req_7c1d2e3f4a5b6c7d8e9f');
    expect(response.headers.get('content-encoding')).toBeNull();
    expect(await response.json()).toMatchObject({ error: { message: 'Rate limit reached' } });
  });
});

describe('what each SDK stream helper does with a stream cut mid-arguments', () => {
  // The recorded SSE text simply ends: replayed, the body closes after its last recorded byte.
  const calls = [{ name: 'charge', arguments: GOOD_CHARGE }];

  test('Chat Completions: finalChatCompletion() rejects; the last snapshot holds the cut call', async () => {
    const request = chatRequest({ strict: false });
    server.use(
      ...recordedHandlers(
        harOf({
          url: 'https://api.openai.com/v1/chat/completions',
          request: { ...request, stream: true },
          response: chatSse(chatResponse({ calls }), 'cut'),
        }),
      ),
    );
    const stream = openai().chat.completions.stream(request as ChatStreamBody);
    let snapshot: unknown;
    stream.on('chunk', (_chunk, latest) => {
      snapshot = { ...structuredClone(latest), object: 'chat.completion' };
    });

    await expect(stream.finalChatCompletion()).rejects.toThrow(
      'missing finish_reason for choice 0',
    );
    expect(diagnoseTruncation({ request, response: snapshot }).state).toBe('cut-without-a-reason');
  });

  test('Responses: finalResponse() resolves with the in-progress snapshot, which is not dispatchable', async () => {
    server.use(
      ...recordedHandlers(
        harOf({
          url: 'https://api.openai.com/v1/responses',
          request: responsesRequest({ stream: true }),
          response: responsesSse(responsesResponse({ calls }), 'cut'),
        }),
      ),
    );

    const response = await openai()
      .responses.stream(responsesRequest() as ResponsesStreamBody)
      .finalResponse();

    expect(response.status).toBe('in_progress');
    expect(diagnoseCalls(response).map((v) => v.state)).not.toContain('dispatchable');
  });

  test('Anthropic: finalMessage() rejects; the last snapshot holds the cut tool_use', async () => {
    const model = 'claude-sonnet-4-6';
    const request = { ...anthropicRequest(), model };
    server.use(
      ...recordedHandlers(
        harOf({
          url: 'https://api.anthropic.com/v1/messages',
          request: { ...request, stream: true },
          response: anthropicSse({ ...anthropicMessage({ calls }), model }, 'cut'),
        }),
      ),
    );
    const stream = anthropic().messages.stream(request as Anthropic.MessageStreamParams);
    let snapshot: Anthropic.Message | undefined;
    stream.on('streamEvent', (_event, latest) => {
      snapshot = structuredClone(latest);
    });

    await expect(stream.finalMessage()).rejects.toThrow(
      'stream ended without producing a Message with role=assistant',
    );
    expect(snapshot?.stop_reason).toBeNull();
    expect(snapshot?.content).toEqual([
      expect.objectContaining({ type: 'tool_use', name: 'charge' }),
    ]);
  });
});

describe('a recording that cannot be replayed is refused at set-up', () => {
  const url = 'https://api.openai.com/v1/chat/completions';

  test('recordedHandlers refuses recordings with no entries, or a status fetch cannot replay', () => {
    expect(() => recordedHandlers({ log: { entries: [] } })).toThrow(
      'tool-call-health: recordedHandlers() was given recordings with no entries',
    );
    expect(() => recordedHandlers(harOf({ url, status: 101, response: {} }))).toThrow(
      'tool-call-health: HAR object entries[0]: response.status 101 cannot be replayed',
    );
  });
});

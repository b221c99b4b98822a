/**
 * recordTo() on real traffic: the official SDKs talk, through msw's passthrough, to a local fake
 * provider; the HAR file that reaches disk holds everything but the secrets, and replays.
 */
import { once } from 'node:events';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Anthropic from '@anthropic-ai/sdk';
import { HttpResponse, http, passthrough } from 'msw';
import { setupServer } from 'msw/node';
import OpenAI from 'openai';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { readHar } from '../../src/har/index.js';
import { sseEvents } from '../../src/har/sse.js';
import { diagnoseCalls } from '../../src/index.js';
import { recordedHandlers, recordTo } from '../../src/msw/index.js';
import { anthropicMessage, chatResponse, GOOD_CHARGE } from '../support/payloads.js';
import { anthropicSse, chatSse, within } from './support.js';

// Fake secrets, shaped like real ones so the patterns have to find them.
const OPENAI_KEY = 'sk-proj-FAKEfake0123456789abcdefghijKLMNOPqrstuv_wxyz-0123';
const ANTHROPIC_KEY = 'sk-ant-api03-FAKEfake0123456789abcdefghij-KLMNOPQRSTUV_wxyz0123-AAAA';
const GOOGLE_KEY = 'AIzaSyFAKEfake0123456789abcdefghijklmn';
const KEY_IN_PROMPT = 'sk-FAKEpastedIntoAPrompt0123456789';
const KEY_IN_STREAM = 'sk-proj-FAKEechoedInAStream0123456789';
const SESSION_COOKIE = 'session=FAKEcookie0123456789';
const ORGANIZATION = 'org-FAKEorganization0123';
const SECRETS = [
  OPENAI_KEY,
  ANTHROPIC_KEY,
  GOOGLE_KEY,
  KEY_IN_PROMPT,
  KEY_IN_STREAM,
  SESSION_COOKIE,
  ORGANIZATION,
];

const model = 'claude-sonnet-4-6';
const completion = chatResponse({
  text: `Your key ${KEY_IN_STREAM} is visible; rotate it.`,
  calls: [{ name: 'charge', arguments: GOOD_CHARGE }],
});
const message = {
  ...anthropicMessage({ calls: [{ name: 'charge', arguments: GOOD_CHARGE }] }),
  model,
};

/** A provider that answers like OpenAI and Anthropic, and sends back headers worth redacting. */
function fakeProvider(request: IncomingMessage, response: ServerResponse) {
  const secretHeaders = { 'set-cookie': SESSION_COOKIE, 'openai-organization': ORGANIZATION };
  request.resume();
  request.on('end', () => {
    if (request.url === '/v1/chat/completions') {
      response.writeHead(200, { 'content-type': 'text/event-stream', ...secretHeaders });
      response.end(chatSse(completion));
    } else if (request.url === '/v1/messages') {
      response.writeHead(200, { 'content-type': 'text/event-stream', ...secretHeaders });
      response.end(anthropicSse(message));
    } else if (request.url?.startsWith('/v1beta/models/')) {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ candidates: [], modelVersion: 'gemini-2.5-flash' }));
    } else if (request.url === '/v1/cut') {
      // A stream that loses its connection after the first event.
      response.writeHead(200, { 'content-type': 'text/event-stream' });
      response.write('data: {"first":true}\n\ndata: {"sec');
      setTimeout(() => response.socket?.destroy(), 20);
    } else {
      response.writeHead(404).end();
    }
  });
}

/** The live API is let through explicitly; anything else is still an error. */
const letTheProviderThrough = () => [http.all(`${origin}/*`, () => passthrough())];

let provider: Server;
let origin: string;
let folder: string;
const msw = setupServer();

beforeAll(async () => {
  provider = createServer(fakeProvider).listen(0, '127.0.0.1');
  await once(provider, 'listening');
  origin = `http://127.0.0.1:${(provider.address() as AddressInfo).port}`;
  folder = await mkdtemp(join(tmpdir(), 'tool-call-health-recorder-'));
  msw.resetHandlers(...letTheProviderThrough());
  msw.listen({ onUnhandledRequest: 'error' });
});

afterAll(async () => {
  msw.close();
  provider.closeAllConnections();
  await new Promise<void>((resolve) => provider.close(() => resolve()));
  await rm(folder, { recursive: true, force: true });
});

/** Runs a few SDK calls against the fake provider while a recorder listens. */
async function recordSession(file: string) {
  const recorder = recordTo(file, { server: msw });
  const openai = new OpenAI({ apiKey: OPENAI_KEY, baseURL: `${origin}/v1`, maxRetries: 0 });
  const anthropic = new Anthropic({ apiKey: ANTHROPIC_KEY, baseURL: origin, maxRetries: 0 });

  const chat = await openai.chat.completions
    .stream({
      model: 'gpt-4.1-2025-04-14',
      messages: [{ role: 'user', content: `Charge acct_9; my key is ${KEY_IN_PROMPT}` }],
    })
    .finalChatCompletion();
  const claude = await anthropic.messages
    .stream({ model, max_tokens: 1024, messages: [{ role: 'user', content: 'Charge acct_9.' }] })
    .finalMessage();
  await fetch(`${origin}/v1beta/models/gemini-2.5-flash:generateContent?key=${GOOGLE_KEY}`, {
    method: 'POST',
    headers: { 'x-goog-api-key': GOOGLE_KEY, 'content-type': 'application/json' },
    body: JSON.stringify({ contents: [{ role: 'user', parts: [{ text: 'hi' }] }] }),
  }).then((response) => response.text());

  const saved = await recorder.save();
  recorder.stop();
  return { saved, chat, claude, text: await readFile(file, 'utf8') };
}

describe('recordTo', () => {
  test('the file on disk holds none of the secrets', async () => {
    const { saved, text } = await within(10_000, 'recording', recordSession(join(folder, 'a.har')));

    expect(saved.entries).toBe(3);
    for (const secret of SECRETS) expect(text).not.toContain(secret);
    // Not even a recognisable piece of one.
    expect(text).not.toMatch(/FAKE/);
  });

  test('and still holds everything else: URLs, headers, request bodies, whole streams', async () => {
    const { text } = await within(10_000, 'recording', recordSession(join(folder, 'b.har')));
    const [chat, claude, gemini] = readHar(join(folder, 'b.har'));

    expect(JSON.parse(text).log).toMatchObject({
      version: '1.2',
      creator: { name: 'tool-call-health' },
    });
    expect(chat?.request).toMatchObject({
      method: 'POST',
      url: `${origin}/v1/chat/completions`,
      body: {
        model: 'gpt-4.1-2025-04-14',
        stream: true,
        messages: [{ role: 'user', content: 'Charge acct_9; my key is [REDACTED]' }],
      },
    });
    expect(chat?.request.headers).toContainEqual(['authorization', '[REDACTED]']);
    expect(chat?.response.headers).toEqual(
      expect.arrayContaining([
        ['content-type', 'text/event-stream'],
        ['set-cookie', '[REDACTED]'],
        ['openai-organization', '[REDACTED]'],
      ]),
    );
    // The model streamed the key in two pieces; events that held none of it are byte for byte.
    const sent = sseEvents(chatSse(completion));
    const kept = sseEvents(chat?.response.text ?? '');
    expect(kept).toHaveLength(sent.length);
    expect(kept.filter((event, index) => event !== sent[index])).toEqual([
      expect.stringContaining('"delta":{"content":"Your key [REDACTED]"}'),
      expect.stringContaining('"delta":{"content":""}'),
    ]);
    expect(claude?.request.headers).toContainEqual(['x-api-key', '[REDACTED]']);
    expect(claude?.response.text).toBe(anthropicSse(message));
    expect(gemini?.request.url).toBe(
      `${origin}/v1beta/models/gemini-2.5-flash:generateContent?key=[REDACTED]`,
    );
    expect(gemini?.request.headers).toContainEqual(['x-goog-api-key', '[REDACTED]']);
  });

  test('a recording replays through the same SDK calls to the same results', async () => {
    const file = join(folder, 'c.har');
    const live = await within(10_000, 'recording', recordSession(file));

    // One msw server at a time: closing one restores the fetch the other patched.
    msw.close();
    const replayServer = setupServer(...recordedHandlers(file));
    replayServer.listen({ onUnhandledRequest: 'error' });
    try {
      const openai = new OpenAI({
        apiKey: 'test-key-not-real',
        baseURL: 'http://localhost/v1',
        maxRetries: 0,
      });
      const replayed = await within(
        5_000,
        'replaying',
        openai.chat.completions
          .stream({
            model: 'gpt-4.1-2025-04-14',
            // The prompt as recorded: redaction changed it, and messages identify a recording.
            messages: [{ role: 'user', content: 'Charge acct_9; my key is [REDACTED]' }],
          })
          .finalChatCompletion(),
      );

      expect(replayed.choices[0]?.message.tool_calls).toEqual(
        live.chat.choices[0]?.message.tool_calls,
      );
      expect(diagnoseCalls(replayed).map((verdict) => verdict.name)).toEqual(['charge']);
    } finally {
      replayServer.close();
      msw.listen({ onUnhandledRequest: 'error' });
    }
  });

  test('a stream that broke is recorded as far as it got, with the error in a comment', async () => {
    const file = join(folder, 'd.har');
    const recorder = recordTo(file, { server: msw });

    const response = await fetch(`${origin}/v1/cut`, { method: 'POST', body: '{}' });
    await expect(within(5_000, 'reading the cut stream', response.text())).rejects.toThrow();
    await within(5_000, 'saving', recorder.save());
    recorder.stop();

    const har = JSON.parse(await readFile(file, 'utf8'));
    expect(har.log.entries[0].response.content.text).toBe('data: {"first":true}\n\ndata: {"sec');
    expect(har.log.entries[0].comment).toMatch(/^the response body ended with an error: /);
  });

  test('a response a handler mocked is not recorded', async () => {
    const recorder = recordTo(join(folder, 'f.har'), { server: msw });
    msw.use(http.get(`${origin}/v1/models`, () => HttpResponse.json({ data: [] })));

    await fetch(`${origin}/v1/models`).then((response) => response.json());
    const { entries } = await within(5_000, 'saving', recorder.save());
    recorder.stop();
    msw.resetHandlers(...letTheProviderThrough());

    expect(entries).toBe(0);
  });

  test('options add header names and patterns; include chooses the requests', async () => {
    const file = join(folder, 'e.har');
    const recorder = recordTo(file, {
      server: msw,
      redactHeaders: ['x-customer-token'],
      redactPatterns: [/acct_\d+/],
      include: (request) => new URL(request.url).pathname.startsWith('/v1beta/'),
    });

    await fetch(`${origin}/v1/cut`, { method: 'POST' })
      .then((response) => response.text())
      .catch(() => '');
    await fetch(`${origin}/v1beta/models/gemini-2.5-flash:generateContent`, {
      method: 'POST',
      headers: { 'x-customer-token': 'tok_1234' },
      body: JSON.stringify({ contents: [{ parts: [{ text: 'charge acct_9 and acct_10' }] }] }),
    }).then((response) => response.text());
    const { entries } = await within(5_000, 'saving', recorder.save());
    recorder.stop();

    const [only] = readHar(file);
    expect(entries).toBe(1);
    expect(only?.request.headers).toContainEqual(['x-customer-token', '[REDACTED]']);
    expect(only?.request.body).toEqual({
      contents: [{ parts: [{ text: 'charge [REDACTED] and [REDACTED]' }] }],
    });
  });
});

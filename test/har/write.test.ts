/**
 * harEntry() writes one exchange as a HAR 1.2 entry, redacted, in one shape whoever records:
 * the recorder (start and last byte only) and the fixture builder (every phase, notes, sizes).
 */
import { describe, expect, test } from 'vitest';
import { readHar } from '../../src/har/read.js';
import { REDACTED } from '../../src/har/redact.js';
import { harDocument, harEntry, type NetworkExchange } from '../../src/har/write.js';

const OPENAI_KEY = 'sk-proj-HARDENINGfake0123456789';
const body = JSON.stringify({ model: 'gpt-4.1', input: 'hi' });
const sse = 'event: response.completed\ndata: {"type":"response.completed"}\n\n';

const exchange = (edit: Partial<NetworkExchange> = {}): NetworkExchange => ({
  startedAt: new Date('2025-06-01T12:00:00Z'),
  request: {
    method: 'POST',
    url: 'https://api.openai.com/v1/responses',
    headers: [
      ['content-type', 'application/json'],
      ['authorization', `Bearer ${OPENAI_KEY}`],
    ],
    text: body,
  },
  response: {
    status: 200,
    statusText: 'OK',
    headers: [['content-type', 'text/event-stream; charset=utf-8']],
    text: sse,
  },
  timings: { send: 0, wait: 840, receive: 0 },
  ...edit,
});

describe('harEntry', () => {
  test('writes the recorder’s shape: headers redacted, types from content-type, size unknown', () => {
    expect(harEntry(exchange())).toEqual({
      startedDateTime: '2025-06-01T12:00:00.000Z',
      time: 840,
      request: {
        method: 'POST',
        url: 'https://api.openai.com/v1/responses',
        httpVersion: 'HTTP/1.1',
        cookies: [],
        headers: [
          { name: 'content-type', value: 'application/json' },
          { name: 'authorization', value: REDACTED },
        ],
        queryString: [],
        postData: { mimeType: 'application/json', text: body },
        headersSize: -1,
        bodySize: body.length,
      },
      response: {
        status: 200,
        statusText: 'OK',
        httpVersion: 'HTTP/1.1',
        cookies: [],
        headers: [{ name: 'content-type', value: 'text/event-stream; charset=utf-8' }],
        content: { size: sse.length, mimeType: 'text/event-stream; charset=utf-8', text: sse },
        redirectURL: '',
        headersSize: -1,
        bodySize: -1,
      },
      cache: {},
      timings: { send: 0, wait: 840, receive: 0 },
    });
  });

  test('writes the fixture builder’s shape: every phase, a text date, sizes and notes as given', () => {
    const entry = harEntry(
      exchange({
        startedAt: '2025-08-27T17:28:16.123Z',
        request: { ...exchange().request, mimeType: 'application/json' },
        response: {
          ...exchange().response,
          mimeType: 'text/event-stream',
          bodySize: sse.length,
          comment: 'cut at the token ceiling',
        },
        timings: {
          ssl: -1,
          receive: 1_204.5,
          wait: 812.301,
          send: 0.4,
          connect: -1,
          dns: -1,
          blocked: -1,
        },
      }),
    );

    expect(entry.startedDateTime).toBe('2025-08-27T17:28:16.123Z');
    // HAR's order, whatever order they were given in; `time` sums the phases that apply.
    expect(JSON.stringify(entry.timings)).toBe(
      '{"blocked":-1,"dns":-1,"connect":-1,"send":0.4,"wait":812.301,"receive":1204.5,"ssl":-1}',
    );
    expect(entry.time).toBe(Math.round((0.4 + 812.301 + 1_204.5) * 1000) / 1000);
    expect(entry.request.postData?.mimeType).toBe('application/json');
    expect(entry.response.content.mimeType).toBe('text/event-stream');
    expect(entry.response.bodySize).toBe(sse.length);
    expect(Object.keys(entry.response).at(-1)).toBe('comment');
    expect(entry.response.comment).toBe('cut at the token ceiling');
    expect(entry).not.toHaveProperty('comment');
  });

  test('redacts everything taken from the exchange’s text, comments and a split stream too', () => {
    const split = [OPENAI_KEY.slice(0, 10), OPENAI_KEY.slice(10)]
      .map((delta) => `data: ${JSON.stringify({ delta })}\n\n`)
      .join('');
    const entry = harEntry(
      exchange({
        request: {
          ...exchange().request,
          url: `https://generativelanguage.googleapis.com/v1beta/models/m:generateContent?key=${OPENAI_KEY}&alt=sse`,
        },
        response: {
          ...exchange().response,
          text: split,
          comment: `broke off after ${OPENAI_KEY}`,
        },
        comment: `sent with ${OPENAI_KEY}`,
        timings: { send: 0, wait: 1, receive: 0 },
      }),
      { redaction: { patterns: [/acct_[a-z0-9]+/] } },
    );

    expect(JSON.stringify(entry)).not.toContain(OPENAI_KEY.slice(10));
    expect(entry.request.queryString).toEqual([
      { name: 'key', value: REDACTED },
      { name: 'alt', value: 'sse' },
    ]);
    expect(entry.comment).toBe(`sent with ${REDACTED}`);
    expect(entry.response.comment).toBe(`broke off after ${REDACTED}`);
  });

  test('`redaction: false` writes a generated exchange as given', () => {
    const entry = harEntry(exchange(), { redaction: false });

    expect(entry.request.headers).toContainEqual({
      name: 'authorization',
      value: `Bearer ${OPENAI_KEY}`,
    });
  });

  test('no body, no postData; a body without a type is octet-stream; no type is x-unknown', () => {
    const bare = harEntry(
      exchange({
        request: { method: 'GET', url: 'https://x.test/v1/batches/b_1', headers: [] },
        response: { status: 204, statusText: 'No Content', headers: [], text: '' },
      }),
    );
    expect(bare.request).not.toHaveProperty('postData');
    expect(bare.request.bodySize).toBe(0);
    expect(bare.response.content).toEqual({ size: 0, mimeType: 'x-unknown', text: '' });

    const untyped = harEntry(
      exchange({ request: { method: 'POST', url: 'https://x.test/', headers: [], text: 'é' } }),
    );
    expect(untyped.request.postData).toEqual({ mimeType: 'application/octet-stream', text: 'é' });
    expect(untyped.request.bodySize).toBe(2);
  });

  test('what it writes, readHar reads back', () => {
    const har = harDocument([harEntry(exchange())], {
      creator: { name: 'tool-call-health', version: '0.0.0' },
    });
    const [read] = readHar(JSON.parse(JSON.stringify(har)));

    expect(read?.request.body).toEqual(JSON.parse(body));
    expect(read?.request.headers).toContainEqual(['authorization', REDACTED]);
    expect(read?.response).toMatchObject({ status: 200, text: sse });
  });
});

describe('harEntry with a binary body', () => {
  // An AWS event-stream prelude and bytes that are no UTF-8: what a Bedrock ConverseStream sends.
  const bytes = new Uint8Array([0, 0, 0, 0x9f, 0, 0, 0, 0x42, 0xff, 0xfe, 0x80, 0x7b]);
  const binary = exchange({
    response: {
      status: 200,
      statusText: 'OK',
      headers: [['content-type', 'application/vnd.amazon.eventstream']],
      text: '',
      bytes,
      bodySize: bytes.byteLength,
    },
  });

  test('writes the bytes base64-encoded, content.size their count', () => {
    const entry = harEntry(binary);
    expect(entry.response.content).toEqual({
      size: 12,
      mimeType: 'application/vnd.amazon.eventstream',
      text: Buffer.from(bytes).toString('base64'),
      encoding: 'base64',
    });
    expect(entry.response.bodySize).toBe(12);
  });

  test('readHar reads back the same bytes, and a text body stays text', () => {
    const har = harDocument([harEntry(binary), harEntry(exchange())], {
      creator: { name: 'tool-call-health', version: '0.0.0' },
    });
    const [streamed, text] = readHar(JSON.parse(JSON.stringify(har)));
    expect(streamed?.response.bytes).toEqual(bytes);
    expect(streamed?.response.mimeType).toBe('application/vnd.amazon.eventstream');
    expect(text?.response.bytes).toBeUndefined();
    expect(text?.response.text).toBe(sse);
    expect(harEntry(exchange()).response.content).not.toHaveProperty('encoding');
  });
});

describe('harDocument', () => {
  test('a HAR 1.2 log naming its creator, with a comment when given', () => {
    const entry = harEntry(exchange());

    expect(harDocument([entry], { creator: { name: 'a', version: '1' } })).toEqual({
      log: { version: '1.2', creator: { name: 'a', version: '1' }, entries: [entry] },
    });
    expect(
      JSON.stringify(
        harDocument([], { creator: { name: 'a', version: '1' }, comment: 'a scenario' }),
      ),
    ).toBe(
      '{"log":{"version":"1.2","creator":{"name":"a","version":"1"},"entries":[],"comment":"a scenario"}}',
    );
  });
});

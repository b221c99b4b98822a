import { describe, expect, test } from 'vitest';
import type { EntryInput } from '../../src/cli/entry.js';
import {
  documentEntries,
  jsonlLineEntry,
  jsonProblem,
  recordingKindOf,
  streamEntry,
  textEntry,
} from '../../src/cli/recordings.js';
import { reassembleStream } from '../../src/index.js';

const chatResponse = {
  id: 'chatcmpl-1',
  object: 'chat.completion',
  choices: [
    {
      index: 0,
      message: {
        role: 'assistant',
        content: null,
        tool_calls: [{ id: 'call_1', type: 'function', function: { name: 'f', arguments: '{}' } }],
      },
      finish_reason: 'tool_calls',
    },
  ],
};

function harEntry(status: number, mimeType: string, text: string, body?: unknown) {
  return {
    request: {
      method: body === undefined ? 'GET' : 'POST',
      url: 'https://api.openai.com/v1/chat/completions',
      ...(body === undefined
        ? {}
        : { postData: { mimeType: 'application/json', text: JSON.stringify(body) } }),
    },
    response: { status, content: { mimeType, text } },
  };
}

async function open(entries: { open(): EntryInput | Promise<EntryInput> }[]) {
  return Promise.all(entries.map((entry) => entry.open()));
}

describe('recordingKindOf', () => {
  test('by extension, any case', () => {
    expect(
      ['a.har', 'b.JSON', 'c.jsonl', 'd.sse', 'e.txt', 'f.log', 'g', 'h.json.gz', 'i.png'].map(
        recordingKindOf,
      ),
    ).toEqual(['har', 'json', 'jsonl', 'sse', 'txt', 'log', null, 'json', null]);
  });

  test('past .gz and a rotation suffix, and .ndjson as JSON Lines', () => {
    expect(
      ['worker.jsonl.1', 'w.jsonl.12.gz', 'app.log.2025-10-06', 'events.NDJSON', 'x.gz', 'y.1'].map(
        recordingKindOf,
      ),
    ).toEqual(['jsonl', 'jsonl', 'log', 'jsonl', null, null]);
  });
});

describe('documentEntries', () => {
  test('a HAR document: one entry per entries[i], each paired with its request', async () => {
    const request = { model: 'gpt-4.1', messages: [], tools: [] };
    const har = {
      log: {
        entries: [
          harEntry(200, 'application/json', JSON.stringify(chatResponse), request),
          harEntry(429, 'application/json', '{"error":{"message":"slow down"}}', request),
          { request: { method: 'POST' }, response: { status: 200 } },
          harEntry(200, 'application/json', '{"id": "chatcmpl-1", "choi', request),
          harEntry(204, 'application/json', ''),
        ],
      },
    };
    const entries = documentEntries(JSON.stringify(har), 'rec/chat.har', 'har');
    expect(entries.map((entry) => entry.location)).toEqual([
      'rec/chat.har:entries[0]',
      'rec/chat.har:entries[1]',
      'rec/chat.har:entries[2]',
      'rec/chat.har:entries[3]',
      'rec/chat.har:entries[4]',
    ]);
    const [exchange, rateLimited, broken, cut, empty] = await open(entries);
    expect(exchange).toEqual({
      location: 'rec/chat.har:entries[0]',
      kind: 'payload',
      payload: { request, response: chatResponse },
    });
    expect(rateLimited).toMatchObject({
      kind: 'problem',
      state: 'skipped',
      detail: 'HTTP 429: an error answer, not model output',
    });
    expect(broken).toMatchObject({
      kind: 'problem',
      state: 'unreadable',
      detail: 'request.url is not an absolute URL (undefined)',
    });
    expect(cut).toMatchObject({ state: 'unreadable' });
    expect((cut as { detail: string }).detail).toBe(
      'the response body is cut short (ends inside an object key; 1 unclosed container): a prefix of JSON, as a write or a download that stopped early leaves it.',
    );
    expect(empty).toMatchObject({ state: 'skipped', detail: 'HTTP 204 with an empty body' });
  });

  test('a HAR entry with a JSONL body gives one entry per line; an SSE body is reassembled', async () => {
    const line = JSON.stringify({ custom_id: 'a', result: { type: 'expired' } });
    const sse =
      'data: {"object":"chat.completion.chunk","choices":[{"index":0,"delta":{"content":"Hi"}}]}\n\n';
    const har = {
      log: {
        entries: [
          harEntry(200, 'application/x-jsonl', `${line}\n\n${line}\n`),
          harEntry(200, 'text/event-stream; charset=utf-8', sse, {
            model: 'gpt-4.1',
            messages: [],
          }),
        ],
      },
    };
    const entries = documentEntries(JSON.stringify(har), 'b.har', 'har');
    expect(entries.map((entry) => entry.location)).toEqual([
      'b.har:entries[0]:1',
      'b.har:entries[0]:3',
      'b.har:entries[1]',
    ]);
    const [, , stream] = await open(entries);
    expect(stream).toMatchObject({
      kind: 'payload',
      payload: {
        request: { model: 'gpt-4.1' },
        response: { kind: 'reassembled-stream', state: 'cut' },
      },
    });
  });

  test('a JSON file: one payload, an array of them, or a HAR document', async () => {
    expect(await open(documentEntries(JSON.stringify(chatResponse), 'one.json', 'json'))).toEqual([
      { location: 'one.json', kind: 'payload', payload: chatResponse },
    ]);
    expect(documentEntries('[1, 2]', 'many.json', 'json').map((entry) => entry.location)).toEqual([
      'many.json:[0]',
      'many.json:[1]',
    ]);
    expect(
      documentEntries(JSON.stringify({ log: { entries: [] } }), 'empty-har.json', 'json'),
    ).toEqual([]);
  });

  test('a document that is not JSON, or a .har that is no HAR, is one unreadable entry', async () => {
    expect(await open(documentEntries('{"log": {', 'cut.har', 'har'))).toEqual([
      {
        location: 'cut.har',
        kind: 'problem',
        state: 'unreadable',
        detail:
          'the file is cut short (2 unclosed containers): a prefix of JSON, as a write or a download that stopped early leaves it.',
      },
    ]);
    expect(await open(documentEntries('{"a": 1}', 'x.har', 'har'))).toMatchObject([
      {
        state: 'unreadable',
        detail: 'not a HAR document: expected { "log": { "entries": [...] } }',
      },
    ]);
  });
});

describe('jsonlLineEntry and textEntry', () => {
  test('a line is located by its 1-based number; blank lines are no entries; a BOM is ignored', async () => {
    expect(jsonlLineEntry('   ', 3, 'a.jsonl')).toBeNull();
    expect(await jsonlLineEntry('\uFEFF{"a":1}', 1, 'a.jsonl')?.open()).toEqual({
      location: 'a.jsonl:1',
      kind: 'payload',
      payload: { a: 1 },
    });
    expect(await jsonlLineEntry('{"a" 1}', 7, 'a.jsonl')?.open()).toEqual({
      location: 'a.jsonl:7',
      kind: 'problem',
      state: 'unreadable',
      detail: "line 7 is not JSON: expected ':' after an object key but found '1' (at character 5)",
    });
  });

  test('a fetched body is located by its id', async () => {
    expect(await textEntry('', 'resp_1', 'the body').open()).toMatchObject({
      location: 'resp_1',
      state: 'unreadable',
      detail: 'the body is empty',
    });
  });

  test('jsonProblem words the three ways to fail', () => {
    expect(jsonProblem('', 'line 2')).toBe('line 2 is empty');
    expect(jsonProblem('[1, 2', 'line 2')).toMatch(/^line 2 is cut short \(.*unclosed container\)/);
    expect(jsonProblem('[1 2]', 'line 2')).toMatch(/^line 2 is not JSON: .* \(at character 3\)$/);
  });
});

describe('streamEntry', () => {
  test('events become the payload; no events is unreadable for .sse and skipped for .txt', () => {
    const stream = reassembleStream(
      'data: {"object":"chat.completion.chunk","choices":[]}\n\ndata: [DONE]\n\n',
    );
    expect(streamEntry(stream, 'a.sse', 'sse')).toEqual({
      location: 'a.sse',
      kind: 'payload',
      payload: stream,
    });
    const empty = reassembleStream('just some notes\n');
    expect(streamEntry(empty, 'a.sse', 'sse')).toMatchObject({
      state: 'unreadable',
      detail: 'holds no SSE events (no data: lines)',
    });
    expect(streamEntry(empty, 'notes.txt', 'txt')).toMatchObject({
      state: 'skipped',
      detail: 'holds no data: lines, so it is not an SSE transcript',
    });
  });
});

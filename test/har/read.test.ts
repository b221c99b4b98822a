/**
 * readHar() turns files, folders and parsed HAR objects into checked exchanges, and says exactly
 * which file and entry is broken when one is.
 */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { harExchanges, readHar } from '../../src/har/read.js';
import { harOf } from '../msw/support.js';
import { chatRequest, chatResponse } from '../support/payloads.js';

const url = 'https://api.openai.com/v1/chat/completions';
const one = harOf({ url, request: chatRequest(), response: chatResponse({ text: 'one' }) });
const two = harOf({ url, request: chatRequest(), response: chatResponse({ text: 'two' }) });

let folder: string;
beforeAll(async () => {
  folder = await mkdtemp(join(tmpdir(), 'tool-call-health-har-'));
  await mkdir(join(folder, 'nested'));
  await writeFile(join(folder, 'b.har'), JSON.stringify(two));
  await writeFile(join(folder, 'nested', 'a.har'), JSON.stringify(one));
  await writeFile(join(folder, 'notes.txt'), 'not a recording');
});
afterAll(() => rm(folder, { recursive: true, force: true }));

const texts = (exchanges: ReturnType<typeof readHar>) =>
  exchanges.map((exchange) => JSON.parse(exchange.response.text).choices[0].message.content);

describe('readHar', () => {
  test('reads an exchange: method, URL, parsed request body, response status, type and text', () => {
    const [exchange] = readHar(one);

    expect(exchange).toMatchObject({
      at: 'HAR object entries[0]',
      request: { method: 'POST', url, body: chatRequest() },
      response: { status: 200, mimeType: 'application/json' },
    });
    expect(JSON.parse(exchange?.response.text ?? '')).toEqual(chatResponse({ text: 'one' }));
  });

  test('a folder is read recursively, .har files only, in sorted path order', () => {
    expect(texts(readHar(folder))).toEqual(['two', 'one']);
  });

  test('an array keeps its own order, files and objects mixed', () => {
    expect(texts(readHar([one, join(folder, 'b.har'), one]))).toEqual(['one', 'two', 'one']);
  });

  test('a base64 body is decoded', () => {
    const har = harOf({ url, response: 'data: {"ok":true}\n\n' });
    const content = (har.log.entries[0] as { response: { content: Record<string, unknown> } })
      .response.content;
    content.text = Buffer.from('data: {"ok":true}\n\n').toString('base64');
    content.encoding = 'base64';

    expect(readHar(har)[0]?.response.text).toBe('data: {"ok":true}\n\n');
  });

  test('a base64 body keeps its bytes, exactly: a binary event stream is not its UTF-8 text', () => {
    // A prelude whose length bytes, CRC and payload are no valid UTF-8 (0x9f, 0xff).
    const binary = new Uint8Array([0, 0, 0, 0x9f, 0, 0, 0, 0x42, 0xff, 0xfe, 0x80, 0x7b]);
    const har = harOf({ url, response: '' });
    const content = (har.log.entries[0] as { response: { content: Record<string, unknown> } })
      .response.content;
    content.text = Buffer.from(binary).toString('base64');
    content.encoding = 'base64';
    content.mimeType = 'application/vnd.amazon.eventstream';

    const { response } = readHar(har)[0] ?? {};
    expect(response?.bytes).toBeInstanceOf(Uint8Array);
    expect(Buffer.isBuffer(response?.bytes)).toBe(false);
    expect(response?.bytes).toEqual(binary);
    // The text is their UTF-8 reading, which loses them: U+FFFD in place of each invalid byte.
    expect(new TextEncoder().encode(response?.text)).not.toEqual(binary);
  });

  test('a body stored as text has no bytes', () => {
    expect(readHar(one)[0]?.response.bytes).toBeUndefined();
  });

  test('a body that is not JSON is kept as text', () => {
    const har = harOf({ url, request: 'placeholder', response: {} });
    const request = (har.log.entries[0] as { request: { postData: Record<string, unknown> } })
      .request;
    request.postData = { mimeType: 'text/plain', text: 'hello' };

    expect(readHar(har)[0]?.request.body).toBe('hello');
  });
});

describe('a malformed recording is refused at set-up, naming the file and entry', () => {
  const broken = (edit: (entry: Record<string, Record<string, unknown>>) => void) => {
    const har = harOf(
      { url, request: chatRequest(), response: chatResponse() },
      {
        url,
        request: chatRequest(),
        response: chatResponse(),
      },
    );
    edit(har.log.entries[1] as Record<string, Record<string, unknown>>);
    return har;
  };

  test.each([
    [
      'no URL',
      (e: Record<string, Record<string, unknown>>) => delete e.request?.url,
      'request.url is not an absolute URL (undefined)',
    ],
    [
      'a relative URL',
      (e: Record<string, Record<string, unknown>>) => {
        e.request!.url = '/v1/chat/completions';
      },
      'request.url is not an absolute URL ("/v1/chat/completions")',
    ],
    [
      'no status',
      (e: Record<string, Record<string, unknown>>) => delete e.response?.status,
      'response.status is not an HTTP status (undefined)',
    ],
    [
      'a JSON body that is not JSON',
      (e: Record<string, Record<string, unknown>>) => {
        e.request!.postData = { mimeType: 'application/json', text: '{"model":' };
      },
      'request.postData says application/json but its text is not JSON',
    ],
    [
      'a header without a value',
      (e: Record<string, Record<string, unknown>>) => {
        e.response!.headers = [{ name: 'x-a' }];
      },
      'response.headers[0] is not { name, value } strings',
    ],
    [
      'an unknown encoding',
      (e: Record<string, Record<string, unknown>>) => {
        e.response!.content = { mimeType: 'text/plain', text: 'x', encoding: 'gzip' };
      },
      'response.content.encoding "gzip" is not base64',
    ],
  ])('%s', (_, edit, problem) => {
    expect(() => readHar(broken(edit))).toThrow(
      `tool-call-health: HAR object entries[1]: ${problem}`,
    );
  });

  test('a file names itself; JSON that is not HAR says what HAR looks like', async () => {
    const file = join(folder, 'broken.json');
    await writeFile(file, '{"log": {}}');

    expect(() => readHar(file)).toThrow(
      `tool-call-health: ${file} is not a HAR document: expected { log: { entries: [...] } }`,
    );
  });

  test('a file that is not JSON, a missing path, an empty folder', async () => {
    const notJson = join(folder, 'half.har.txt');
    await writeFile(notJson, '{"log": {"entries": [');
    const empty = join(folder, 'empty');
    await mkdir(empty);

    expect(() => readHar(notJson)).toThrow(`tool-call-health: ${notJson} is not JSON (`);
    expect(() => readHar(join(folder, 'missing.har'))).toThrow(
      `tool-call-health: cannot read HAR source ${join(folder, 'missing.har')} (`,
    );
    expect(() => readHar(empty)).toThrow(
      `tool-call-health: the folder ${empty} holds no .har files`,
    );
  });

  test('the entry of an object in an array is named by its index', () => {
    expect(() => harExchanges({ log: { entries: [null] } }, 'fixtures/x.har')).toThrow(
      'tool-call-health: fixtures/x.har entries[0]: the entry is not an object',
    );
    expect(() => readHar([one, { log: { entries: [{}] } }])).toThrow(
      'tool-call-health: HAR object [1] entries[0]: request is missing',
    );
  });
});

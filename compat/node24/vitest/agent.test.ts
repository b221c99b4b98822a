/**
 * The packed tarball on the newer stack: Node 24, vitest 5 and msw 3. Recorded provider traffic
 * is replayed through msw 3 and asserted with the matchers the setup file registered; the
 * recorder captures a live exchange with a local fake provider through msw 3's passthrough.
 */
import { once } from 'node:events';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import fc from 'fast-check';
import { http, passthrough } from 'msw';
import { setupServer } from 'msw/node';
import { diagnoseCalls, jsonState, reassembleStreamAsync } from 'tool-call-health';
import { truncatedJson } from 'tool-call-health/arbitraries';
import { readHar } from 'tool-call-health/har';
import { recordedHandlers, recordTo } from 'tool-call-health/msw';
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';

const fixtures = fileURLToPath(new URL('../../../fixtures/', import.meta.url));
const fixture = (path: string) => join(fixtures, path);

const msw = setupServer();
beforeAll(() => msw.listen({ onUnhandledFrame: 'error' }));
afterEach(() => msw.resetHandlers());
afterAll(() => msw.close());

/** Sends a recording's own request again, to a base URL the recording never saw. */
function replay(path: string) {
  const [recorded] = readHar(fixture(path));
  if (recorded === undefined) throw new Error(`${path} holds no entry`);
  const body = recorded.request.body as Record<string, unknown>;
  const response = fetch(`http://localhost:4010${new URL(recorded.request.url).pathname}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { body, response };
}

describe('vitest 5 with msw 3', () => {
  test('a recorded healthy call replays and passes every matcher', async () => {
    msw.use(...recordedHandlers(fixture('openai-chat/healthy-call.har')));
    const { body, response } = replay('openai-chat/healthy-call.har');
    const completion: unknown = await (await response).json();

    expect({ request: body, response: completion }).toBeDispatchable();
    expect(completion).toNotBeTruncated();
    expect(completion).toCallTool('lookup_order', expect.objectContaining({ order_id: 'A-2001' }));
    expect(body.tools).toBeStrictCompatible({ provider: 'openai' });
    expect([completion]).toContainEqual(expect.toCallTool('lookup_order'));
    const again = replay('openai-chat/healthy-call.har').response;
    await expect(again.then((sent) => sent.json())).resolves.toNotBeTruncated();
  });

  test('a recording cut by its ceiling fails the matcher, with the evidence', async () => {
    msw.use(...recordedHandlers(fixture('openai-chat/length-mid-arguments.har')));
    const completion: unknown = await (
      await replay('openai-chat/length-mid-arguments.har').response
    ).json();

    expect(completion).not.toNotBeTruncated();
    expect(() => expect(completion).toNotBeTruncated()).toThrow(
      /it is truncated-by-length\.\n {2}Stopped on the output ceiling \(finish_reason "length"\)/,
    );
  });

  test('a recorded stream replays in chunks and is reassembled', async () => {
    msw.use(
      ...recordedHandlers(fixture('streams/openai-chat-cut-mid-arguments.har'), {
        chunking: { bytes: 7 },
      }),
    );
    const sent = await replay('streams/openai-chat-cut-mid-arguments.har').response;
    if (sent.body === null) throw new Error('the replayed stream has no body');
    const stream = await reassembleStreamAsync(sent.body);

    expect(stream.recognised).toBe(true);
    expect(stream).not.toNotBeTruncated();
  });

  describe('the recorder, through msw 3 passthrough', () => {
    let provider: Server;
    let folder: string;
    beforeAll(async () => {
      provider = createServer((request, response) => {
        request.resume();
        request.on('end', () => {
          response.writeHead(200, { 'content-type': 'application/json' });
          response.end(
            JSON.stringify({ id: 'chatcmpl-1', object: 'chat.completion', choices: [] }),
          );
        });
      }).listen(0, '127.0.0.1');
      await once(provider, 'listening');
      folder = await mkdtemp(join(tmpdir(), 'tool-call-health-compat-'));
    });
    afterAll(async () => {
      provider.closeAllConnections();
      await new Promise<void>((resolve) => provider.close(() => resolve()));
      await rm(folder, { recursive: true, force: true });
    });

    test('records the exchange, redacted, and it replays', async () => {
      const origin = `http://127.0.0.1:${(provider.address() as AddressInfo).port}`;
      msw.use(http.all(`${origin}/*`, () => passthrough()));
      const recorder = recordTo(join(folder, 'live.har'), { server: msw });
      await fetch(`${origin}/v1/chat/completions`, {
        method: 'POST',
        headers: {
          authorization: 'Bearer sk-proj-FAKEfake0123456789abcdefghij',
          'content-type': 'application/json',
        },
        body: JSON.stringify({ model: 'gpt-4.1', messages: [{ role: 'user', content: 'hi' }] }),
      }).then((response) => response.text());
      const saved = await recorder.save();
      recorder.stop();

      expect(saved.entries).toBe(1);
      const [entry] = readHar(saved.path);
      expect(entry?.request.headers).toContainEqual(['authorization', '[REDACTED]']);
      expect(JSON.parse(entry?.response.text ?? '')).toMatchObject({ id: 'chatcmpl-1' });
    });
  });
});

test('the arbitraries and the pure API load beside fast-check', () => {
  const samples = fc.sample(truncatedJson(), { numRuns: 50, seed: 24 });
  expect(samples.every((text) => jsonState(text) === 'truncated')).toBe(true);
  expect(diagnoseCalls({ choices: [] })).toEqual([]);
});

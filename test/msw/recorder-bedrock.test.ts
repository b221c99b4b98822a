/**
 * recordTo() on a real AWS SDK session: BedrockRuntimeClient, signing with SigV4 under temporary
 * credentials (a session token), talks through msw's passthrough to a local fake Bedrock. The
 * HAR keeps no credential (`authorization`, `x-amz-security-token`), keeps the signing time
 * (`x-amz-date`), stores ConverseStream's binary event stream as its bytes (a key the model
 * streamed blanked inside it, checksums made again), and replays it.
 */
import { once } from 'node:events';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  BedrockRuntimeClient,
  ConverseCommand,
  type ConverseCommandInput,
  ConverseStreamCommand,
} from '@aws-sdk/client-bedrock-runtime';
import { NodeHttpHandler } from '@smithy/node-http-handler';
import { http, passthrough } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { readHar } from '../../src/har/index.js';
import { eventStreamMessages } from '../../src/har/sse.js';
import { diagnoseCalls, reassembleStream, reassembleStreamAsync } from '../../src/index.js';
import { recordedHandlers, recordTo } from '../../src/msw/index.js';
import {
  bedrockEventStream,
  bedrockResponse,
  bedrockStream,
  bedrockToolUse,
} from '../../src/surfaces/bedrock-converse/write.js';
import { within } from './support.js';

// Fake credentials, shaped like temporary ones from STS.
const ACCESS_KEY_ID = 'ASIAFAKEFAKEFAKE0123';
const SECRET_ACCESS_KEY = 'FAKEsecretAccessKey0123456789abcdefghijklm';
const SESSION_TOKEN = 'IQoJb3JpZ2luX2VjEFAKEsessionToken0123456789/abcdefghijklmnopqrstuvwxyz+AB==';
const MODEL = 'us.anthropic.claude-sonnet-4-5-20250929-v1:0';

// The model echoes a key a user pasted; the stream sends it in two text deltas.
const KEY_IN_STREAM = 'sk-proj-FAKEechoedInAStream0123456789';
const converse = bedrockResponse({
  content: [
    { text: `Your key ${KEY_IN_STREAM} is visible; rotate it.` },
    bedrockToolUse('tooluse_FAKEfake0123456789abcd', 'lookup_order', { order_id: 'A-1' }),
  ],
  stopReason: 'tool_use',
  input: 210,
  output: 31,
});
const writer = bedrockStream(converse);
const streamBytes = bedrockEventStream(
  writer.events([
    [
      `Your key ${KEY_IN_STREAM.slice(0, 18)}`,
      `${KEY_IN_STREAM.slice(18)} is visible;`,
      ' rotate it.',
    ],
    [writer.texts[1] ?? ''],
  ]),
);

/** Answers like Bedrock: JSON for Converse, the binary event stream for ConverseStream. */
function fakeBedrock(request: IncomingMessage, response: ServerResponse) {
  request.resume();
  request.on('end', () => {
    const requestId = { 'x-amzn-requestid': '5b0c1b8e-7f7a-4d55-9c3e-2f1a0a4b9d11' };
    if (request.url?.endsWith('/converse')) {
      response.writeHead(200, { 'content-type': 'application/json', ...requestId });
      response.end(JSON.stringify(converse));
    } else if (request.url?.endsWith('/converse-stream')) {
      response.writeHead(200, {
        'content-type': 'application/vnd.amazon.eventstream',
        ...requestId,
      });
      // In two writes, split inside a message, as the network may deliver it.
      response.write(streamBytes.subarray(0, 50));
      response.end(streamBytes.subarray(50));
    } else {
      response.writeHead(404).end();
    }
  });
}

let provider: Server;
let origin: string;
let folder: string;
const msw = setupServer();

beforeAll(async () => {
  provider = createServer(fakeBedrock).listen(0, '127.0.0.1');
  await once(provider, 'listening');
  origin = `http://127.0.0.1:${(provider.address() as AddressInfo).port}`;
  folder = await mkdtemp(join(tmpdir(), 'tool-call-health-recorder-bedrock-'));
  msw.resetHandlers(http.all(`${origin}/*`, () => passthrough()));
  msw.listen({ onUnhandledRequest: 'error' });
});

afterAll(async () => {
  msw.close();
  provider.closeAllConnections();
  await new Promise<void>((resolve) => provider.close(() => resolve()));
  await rm(folder, { recursive: true, force: true });
});

const client = (endpoint?: string) =>
  new BedrockRuntimeClient({
    region: 'us-east-1',
    ...(endpoint === undefined ? {} : { endpoint }),
    credentials: {
      accessKeyId: ACCESS_KEY_ID,
      secretAccessKey: SECRET_ACCESS_KEY,
      sessionToken: SESSION_TOKEN,
    },
    maxAttempts: 1,
    requestHandler: new NodeHttpHandler(),
  });

const input: ConverseCommandInput = {
  modelId: MODEL,
  messages: [{ role: 'user', content: [{ text: 'Where is A-1?' }] }],
  inferenceConfig: { maxTokens: 256 },
};

async function streamed(bedrock: BedrockRuntimeClient) {
  const output = await bedrock.send(new ConverseStreamCommand(input));
  if (output.stream === undefined) throw new Error('ConverseStream returned no stream');
  return reassembleStreamAsync(output.stream);
}

describe('recordTo with the AWS SDK', () => {
  test('SigV4 secrets are blanked, the signing time kept, the event stream stored as its bytes, and it replays', async () => {
    const file = join(folder, 'bedrock.har');
    const recorder = recordTo(file, { server: msw });
    const bedrock = client(origin);
    const live = await within(10_000, 'Converse', bedrock.send(new ConverseCommand(input)));
    const liveStream = await within(10_000, 'ConverseStream', streamed(bedrock));
    await recorder.save();
    recorder.stop();

    const text = await readFile(file, 'utf8');
    for (const secret of [ACCESS_KEY_ID, SECRET_ACCESS_KEY, SESSION_TOKEN, KEY_IN_STREAM]) {
      expect(text).not.toContain(secret);
    }
    expect(text).not.toMatch(/FAKEsession|Signature=/);

    const [plain, stream] = readHar(file);
    for (const exchange of [plain, stream]) {
      const headers = new Map(exchange?.request.headers);
      expect(headers.get('authorization')).toBe('[REDACTED]');
      expect(headers.get('x-amz-security-token')).toBe('[REDACTED]');
      expect(headers.get('x-amz-date')).toMatch(/^\d{8}T\d{6}Z$/);
      expect(exchange?.request.url).toContain(`/model/${encodeURIComponent(MODEL)}/converse`);
    }
    expect(plain?.response.bytes).toBeUndefined();
    expect(plain?.response.text).toBe(
      JSON.stringify(converse).replace(KEY_IN_STREAM, '[REDACTED]'),
    );
    const entries = JSON.parse(text).log.entries;
    expect(entries[1].response.content).toMatchObject({
      encoding: 'base64',
      mimeType: 'application/vnd.amazon.eventstream',
    });
    // The key the stream split across two messages is blanked in the bytes; the messages that
    // held none of it are byte for byte, and every checksum still holds.
    const kept = stream?.response.bytes ?? new Uint8Array();
    expect(entries[1].response.content.size).toBe(kept.byteLength);
    expect(Buffer.from(kept).toString('latin1')).not.toMatch(/FAKEechoed|InAStream/);
    const recorded = reassembleStream(kept);
    expect(recorded.state).toBe('complete');
    expect(JSON.stringify(recorded)).toContain('Your key [REDACTED] is visible; rotate it.');
    const unchanged = eventStreamMessages(streamBytes).filter((message) =>
      Buffer.from(kept).includes(Buffer.from(message)),
    );
    expect(unchanged).toHaveLength(eventStreamMessages(streamBytes).length - 2);

    // Replayed to a client on Bedrock's own host: the same answers, stream included.
    msw.close();
    const replay = setupServer(...recordedHandlers(file));
    replay.listen({ onUnhandledRequest: 'error' });
    try {
      const again = client();
      const replayed = await within(5_000, 'Converse', again.send(new ConverseCommand(input)));
      // The key in the JSON answer was blanked too; the call is as it was.
      const [said, call] = replayed.output?.message?.content ?? [];
      expect(said?.text).toBe('Your key [REDACTED] is visible; rotate it.');
      expect(call).toEqual(live.output?.message?.content?.[1]);
      const replayedStream = await within(5_000, 'ConverseStream', streamed(again));
      expect(replayedStream.events).toBe(liveStream.events);
      expect(diagnoseCalls({ request: input, response: replayedStream })).toEqual(
        diagnoseCalls({ request: input, response: liveStream }),
      );
    } finally {
      replay.close();
      msw.listen({ onUnhandledRequest: 'error' });
    }
  });
});

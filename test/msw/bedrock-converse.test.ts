/**
 * The shipped Bedrock Converse recordings (fixtures/bedrock-converse/) replayed by
 * recordedHandlers to the real AWS SDK client, ConverseStream's binary event stream included:
 * the client sends the recorded request (its model id in the path, percent-encoded), reads the
 * recorded answer, and what it returns diagnoses to the manifest's states.
 */
import { readFileSync } from 'node:fs';
import {
  BedrockRuntimeClient,
  ConverseCommand,
  type ConverseCommandInput,
  ConverseStreamCommand,
  type ConverseStreamOutput,
} from '@aws-sdk/client-bedrock-runtime';
import { NodeHttpHandler } from '@smithy/node-http-handler';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import { readHar } from '../../src/har/index.js';
import {
  diagnoseCalls,
  diagnoseStrictGuarantee,
  diagnoseTruncation,
  reassembleStream,
  reassembleStreamAsync,
} from '../../src/index.js';
import { recordedHandlers } from '../../src/msw/index.js';

interface Scenario {
  name: string;
  file: string;
  surface: string;
  streamed: boolean;
  stream?: 'complete' | 'cut';
  expect: { calls: string[]; truncation: string; strict: string };
}

const scenarios = (
  JSON.parse(readFileSync(new URL('../../fixtures/manifest.json', import.meta.url), 'utf8')) as {
    scenarios: Scenario[];
  }
).scenarios.filter((scenario) => scenario.surface === 'bedrock-converse');
const fixture = (file: string) => new URL(`../../fixtures/${file}`, import.meta.url).pathname;
const FOLDER = fixture('bedrock-converse');

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  server.resetHandlers();
  server.events.removeAllListeners();
});
afterAll(() => server.close());

/**
 * Bedrock Runtime's client speaks HTTP/2 by default, which msw does not intercept; Converse and
 * ConverseStream are plain HTTP/1.1 requests, sent here through the HTTP/1.1 handler.
 */
const client = () =>
  new BedrockRuntimeClient({
    region: 'us-east-1',
    credentials: {
      accessKeyId: 'AKIDEXAMPLE',
      secretAccessKey: 'wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY',
      sessionToken: 'FAKEsessionTokenExample0123456789',
    },
    maxAttempts: 1,
    requestHandler: new NodeHttpHandler(),
  });

/** What the recording was asked: the model id from its path, and the body the SDK would send. */
function recordedInput(file: string): ConverseCommandInput {
  const [exchange] = readHar(fixture(file));
  const path = new URL(exchange?.request.url ?? '').pathname;
  const modelId = decodeURIComponent(/^\/model\/([^/]+)\//.exec(path)?.[1] ?? '');
  return { modelId, ...(exchange?.request.body as Omit<ConverseCommandInput, 'modelId'>) };
}

/** Every request the replay answered, and its body as sent. */
function sentBodies() {
  const sent: Array<{ url: string; body: Promise<string> }> = [];
  server.events.on('request:start', ({ request }) => {
    sent.push({ url: request.url, body: request.clone().text() });
  });
  return sent;
}

const statesOf = (exchange: { request: unknown; response: unknown }) => ({
  calls: diagnoseCalls(exchange).map((verdict) => verdict.state),
  truncation: diagnoseTruncation(exchange).state,
  strict: diagnoseStrictGuarantee(exchange).state,
});

const plain = scenarios.filter((scenario) => !scenario.streamed);
const streamed = scenarios.filter((scenario) => scenario.streamed);

describe('the recordings cover Converse and ConverseStream', () => {
  test('every state the issue names has a recording, plain and streamed', () => {
    const names = scenarios.map((scenario) => scenario.name.replace('bedrock-converse/', ''));
    expect(names).toEqual(
      expect.arrayContaining([
        'tool-use',
        'max-tokens-in-tool-use',
        'max-tokens-mid-text',
        'max-tokens-after-a-whole-tool-use',
        'ceiling-unreported',
        'schema-violation',
        'unknown-tool',
        'malformed-tool-use',
        'model-context-window-exceeded',
        'guardrail-intervened',
        'content-filtered',
        'stream-tool-use',
        'stream-max-tokens-in-tool-use',
        'stream-cut-before-message-stop',
      ]),
    );
    expect(streamed.map((scenario) => scenario.stream).sort()).toEqual([
      'complete',
      'complete',
      'cut',
    ]);
  });
});

describe('ConverseCommand against every plain recording, all served from one folder', () => {
  test.each(plain.map((scenario) => [scenario.name, scenario] as const))(
    '%s',
    async (_name, scenario) => {
      server.use(...recordedHandlers(FOLDER));
      const sent = sentBodies();
      const input = recordedInput(scenario.file);
      const output = await client().send(new ConverseCommand(input));

      // The SDK put the model id in the path, percent-encoded, and sent the recorded body.
      expect(sent).toHaveLength(1);
      expect(sent[0]?.url).toMatch(/\/model\/us\.anthropic\.[\w.-]+-v1%3A0\/converse$/);
      const { modelId: _modelId, ...body } = input;
      expect(JSON.parse((await sent[0]?.body) ?? '')).toEqual(body);
      expect(output.$metadata.httpStatusCode).toBe(200);
      expect(statesOf({ request: input, response: output })).toEqual(scenario.expect);
    },
  );
});

/** ConverseStream through the SDK: its output, the events it yielded, and their reassembly. */
async function throughConverseStream(input: ConverseCommandInput) {
  const output = await client().send(new ConverseStreamCommand(input));
  const events: ConverseStreamOutput[] = [];
  async function* tee() {
    for await (const event of output.stream ?? []) {
      events.push(event);
      yield event;
    }
  }
  const stream = await reassembleStreamAsync(tee());
  return { output, events, stream };
}

describe('ConverseStreamCommand against every streamed recording: the binary event stream replayed byte for byte', () => {
  test.each(streamed.map((scenario) => [scenario.name, scenario] as const))(
    '%s',
    async (_name, scenario) => {
      server.use(...recordedHandlers(FOLDER));
      const sent = sentBodies();
      const input = recordedInput(scenario.file);
      const { output, events, stream } = await throughConverseStream(input);

      expect(sent[0]?.url).toMatch(/\/converse-stream$/);
      expect(output.$metadata.httpStatusCode).toBe(200);
      expect(Object.keys(events[0] ?? {})).toEqual(['messageStart']);
      // What the SDK yielded, reassembled, is what reassembleStream reads from the HAR's bytes.
      const recorded = reassembleStream(readHar(fixture(scenario.file))[0]?.response.bytes ?? '');
      expect(stream.events).toBe(recorded.events);
      expect(stream.state).toBe(scenario.stream);
      expect(stream.state).toBe(recorded.state);
      expect(statesOf({ request: input, response: stream })).toEqual(scenario.expect);
    },
  );

  test('a cut stream: the SDK ends without messageStop and throws nothing; the reassembly says cut', async () => {
    const cut = streamed.find((scenario) => scenario.stream === 'cut');
    server.use(...recordedHandlers(fixture(cut?.file ?? '')));
    const { events, stream } = await throughConverseStream(recordedInput(cut?.file ?? ''));
    expect(events.some((event) => event.messageStop !== undefined)).toBe(false);
    expect(events.at(-1)?.contentBlockDelta?.delta?.toolUse?.input).toEqual(expect.any(String));
    expect(stream.state).toBe('cut');
  });

  test.each([1, 7, 4096])(
    'any chunk size ({ bytes: %i }) gives the SDK the same events',
    async (bytes) => {
      for (const scenario of streamed) {
        const file = fixture(scenario.file);
        const input = recordedInput(scenario.file);
        server.resetHandlers(...recordedHandlers(file));
        const byMessage = await throughConverseStream(input);
        server.resetHandlers(...recordedHandlers(file, { chunking: { bytes } }));
        const byBytes = await throughConverseStream(input);
        expect(byBytes.events, scenario.name).toEqual(byMessage.events);
        expect(byBytes.stream.state, scenario.name).toBe(scenario.stream);
      }
    },
  );

  test('the default chunking sends one event-stream message per chunk', async () => {
    const file = fixture(streamed[0]?.file ?? '');
    server.use(...recordedHandlers(file));
    const input = recordedInput(streamed[0]?.file ?? '');
    const response = await fetch(
      `https://bedrock-runtime.us-east-1.amazonaws.com/model/${encodeURIComponent(input.modelId ?? '')}/converse-stream`,
      { method: 'POST', body: JSON.stringify({ ...input, modelId: undefined }) },
    );
    expect(response.headers.get('content-type')).toBe('application/vnd.amazon.eventstream');
    const chunks: Uint8Array[] = [];
    const reader = response.body?.getReader();
    for (let read = await reader?.read(); read && !read.done; read = await reader?.read()) {
      chunks.push(read.value);
    }
    const recorded = readHar(file)[0]?.response.bytes ?? new Uint8Array();
    expect(Buffer.concat(chunks)).toEqual(Buffer.from(recorded));
    // Each chunk is one message: its first 4 bytes declare its whole length.
    for (const chunk of chunks) {
      expect(new DataView(chunk.buffer, chunk.byteOffset).getUint32(0)).toBe(chunk.byteLength);
    }
    expect(chunks.length).toBe(reassembleStream(recorded).events);
  });
});

describe('matching: the model id is in the path', () => {
  test('a request for another model on the same operation is not answered by these recordings', async () => {
    server.use(...recordedHandlers(FOLDER));
    const unhandled: string[] = [];
    server.events.on('request:unhandled', ({ request }) => {
      unhandled.push(new URL(request.url).pathname);
    });
    const input = { ...recordedInput(plain[0]?.file ?? ''), modelId: 'amazon.nova-pro-v1:0' };
    await expect(client().send(new ConverseCommand(input))).rejects.toThrow();
    // No recording's route took it: it went to the unhandled-request policy, not a 404.
    expect(unhandled).toEqual(['/model/amazon.nova-pro-v1%3A0/converse']);
  });

  test('a recording that spells the model id with a bare ":" answers the SDK\'s "%3A"', async () => {
    const har = JSON.parse(readFileSync(fixture(plain[0]?.file ?? ''), 'utf8'));
    const entry = har.log.entries[0];
    entry.request.url = entry.request.url.replace('%3A', ':');
    server.use(...recordedHandlers(har));
    const output = await client().send(new ConverseCommand(recordedInput(plain[0]?.file ?? '')));
    expect(output.$metadata.httpStatusCode).toBe(200);
  });

  test('a changed message on a recorded path gets the no-recording 404 naming the difference', async () => {
    server.use(...recordedHandlers(FOLDER));
    const input = recordedInput(plain[0]?.file ?? '');
    const changed = {
      ...input,
      messages: [{ role: 'user' as const, content: [{ text: 'Something else entirely.' }] }],
    };
    await expect(client().send(new ConverseCommand(changed))).rejects.toThrow(
      /no recording matches POST \/model\/.*\/converse.*\n\s+messages\[0\]\.content\[0\]\.text: recorded/s,
    );
  });
});

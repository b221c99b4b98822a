/**
 * Bedrock's InvokeModel with a Claude body: the body is the Anthropic Messages API's own
 * (`anthropic_version: "bedrock-2023-05-31"`, no `model`: the id is in the URL), so it is read
 * as the Anthropic surface. InvokeModelWithResponseStream wraps each Anthropic stream event in a
 * `chunk` event whose `bytes` hold it (base64 in the wire's JSON payload). The real AWS SDK
 * client against msw, as the Converse tests drive it.
 */
import {
  type BedrockRuntimeClient,
  InvokeModelCommand,
  type InvokeModelCommandInput,
  InvokeModelWithResponseStreamCommand,
} from '@aws-sdk/client-bedrock-runtime';
import { HttpResponse, http } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import {
  diagnoseCalls,
  diagnoseTruncation,
  readTurn,
  reassembleStream,
  reassembleStreamAsync,
} from '../../../src/index.js';
import type { Json } from '../../../src/model/narrow.js';
import { client, concat, HOST, message } from './support.js';

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

let bedrock: BedrockRuntimeClient;
beforeAll(() => {
  bedrock = client();
});

const MODEL = 'anthropic.claude-sonnet-4-5-20250929-v1:0';
const encoder = new TextEncoder();

/** The Anthropic body a Claude model takes through InvokeModel. */
const claudeBody = {
  anthropic_version: 'bedrock-2023-05-31',
  max_tokens: 64,
  messages: [{ role: 'user', content: 'Where is order A-1001?' }],
  tools: [
    {
      name: 'lookup_order',
      description: 'Look an order up by its id',
      input_schema: {
        type: 'object',
        properties: { order_id: { type: 'string' } },
        required: ['order_id'],
      },
    },
  ],
};

const input = (modelId = MODEL): InvokeModelCommandInput => ({
  modelId,
  contentType: 'application/json',
  accept: 'application/json',
  body: encoder.encode(JSON.stringify(claudeBody)),
});

/** A Claude message as InvokeModel returns it: the Anthropic body, `id` prefixed `msg_bdrk_`. */
const claudeMessage = (stopReason: string, input: Json, outputTokens = 20): Json => ({
  id: 'msg_bdrk_01GARnYv14iBzB6TkRKGLWRz',
  type: 'message',
  role: 'assistant',
  model: 'claude-sonnet-4-5-20250929',
  content: [
    { type: 'text', text: 'Let me look.' },
    { type: 'tool_use', id: 'toolu_bdrk_01A09q90qw90lq917835lq9', name: 'lookup_order', input },
  ],
  stop_reason: stopReason,
  stop_sequence: null,
  usage: { input_tokens: 300, output_tokens: outputTokens },
});

/** The Anthropic stream events of that message, with its input in `pieces`. */
const claudeEvents = (stopReason: string | null, pieces: string[]): Json[] => [
  {
    type: 'message_start',
    message: { ...claudeMessage('end_turn', {}), content: [], stop_reason: null },
  },
  { type: 'content_block_start', index: 0, content_block: { type: 'text', text: '' } },
  { type: 'content_block_delta', index: 0, delta: { type: 'text_delta', text: 'Let me look.' } },
  { type: 'content_block_stop', index: 0 },
  {
    type: 'content_block_start',
    index: 1,
    content_block: {
      type: 'tool_use',
      id: 'toolu_bdrk_01A09q90qw90lq917835lq9',
      name: 'lookup_order',
      input: {},
    },
  },
  ...pieces.map((partial_json) => ({
    type: 'content_block_delta',
    index: 1,
    delta: { type: 'input_json_delta', partial_json },
  })),
  ...(stopReason === null
    ? []
    : [
        { type: 'content_block_stop', index: 1 },
        {
          type: 'message_delta',
          delta: { stop_reason: stopReason, stop_sequence: null },
          usage: { output_tokens: 20 },
        },
        {
          type: 'message_stop',
          'amazon-bedrock-invocationMetrics': {
            inputTokenCount: 300,
            outputTokenCount: 20,
            invocationLatency: 1142,
            firstByteLatency: 987,
          },
        },
      ]),
];

/** The event-stream bytes Bedrock sends: each event a `chunk` message, `{"bytes":"<base64>"}`. */
const chunkStream = (events: readonly Json[]): Uint8Array =>
  concat(
    events.map((event, index) =>
      message({ chunk: { bytes: Buffer.from(JSON.stringify(event)).toString('base64') } }, index),
    ),
  );

function invokeHandlers(bodies: Record<string, Json>, streams: Record<string, Uint8Array> = {}) {
  return [
    http.post(`${HOST}/model/:model/invoke`, ({ params }) => {
      const body = bodies[String(params.model)];
      return body === undefined
        ? HttpResponse.json({ message: 'no such model' }, { status: 400 })
        : HttpResponse.json(body);
    }),
    http.post(`${HOST}/model/:model/invoke-with-response-stream`, ({ params }) => {
      const bytes = streams[String(params.model)];
      return bytes === undefined
        ? HttpResponse.json({ message: 'no such model' }, { status: 400 })
        : new HttpResponse(bytes, {
            headers: { 'content-type': 'application/vnd.amazon.eventstream' },
          });
    }),
  ];
}

const WHOLE = ['{"order_', 'id": "A-', '1001"}'];

describe('InvokeModelCommand with a Claude body: the Anthropic surface', () => {
  test('the request body (bytes or text), the response body, the SDK objects and an exchange of them', async () => {
    server.use(...invokeHandlers({ [MODEL]: claudeMessage('max_tokens', { order_id: 'A-' }, 64) }));
    const sent = input();
    const out = await bedrock.send(new InvokeModelCommand(sent));
    expect(out.body).toBeInstanceOf(Uint8Array);

    // What a user does with the SDK's bytes: decode and parse.
    const parsed: unknown = JSON.parse(new TextDecoder().decode(out.body));
    const response = readTurn(parsed);
    expect(response.ok && response.turn).toMatchObject({
      surface: 'anthropic-messages',
      stop: { kind: 'ceiling' },
      calls: [{ name: 'lookup_order', unfinished: true }],
    });
    // The SDK's output object is read as its body; so are the bytes alone.
    expect(readTurn(out)).toEqual(response);
    expect(readTurn(out.body)).toEqual(response);

    // The request: read from the body, and from the command input holding it as bytes or text.
    const request = readTurn(claudeBody);
    expect(request.ok && request.turn).toMatchObject({
      surface: 'anthropic-messages',
      source: 'request',
      maxOutputTokens: 64,
      maxOutputTokensField: 'max_tokens',
      tools: [{ name: 'lookup_order' }],
    });
    expect(readTurn(sent)).toEqual(request);
    expect(readTurn({ ...sent, body: JSON.stringify(claudeBody) })).toEqual(request);

    // An exchange of the SDK's own objects: the ceiling is the request's max_tokens.
    const exchange = { request: sent, response: out };
    expect(diagnoseTruncation(exchange)).toMatchObject({
      state: 'truncated-tool-use',
      ceiling: 64,
      outputTokens: 64,
    });
    expect(diagnoseTruncation(exchange).repairs.join(' ')).toContain('max_tokens');
    expect(diagnoseCalls(exchange).map((verdict) => verdict.state)).toEqual([
      'arguments-truncated',
    ]);
    expect(diagnoseCalls({ request: claudeBody, response: parsed })).toEqual(
      diagnoseCalls(exchange),
    );
  });

  test('a whole tool_use turn is dispatchable (unconstrained: the declared tool is not strict)', async () => {
    server.use(...invokeHandlers({ [MODEL]: claudeMessage('tool_use', { order_id: 'A-1001' }) }));
    const sent = input();
    const out = await bedrock.send(new InvokeModelCommand(sent));
    const verdicts = diagnoseCalls({ request: sent, response: out });
    expect(verdicts.map((verdict) => [verdict.state, verdict.arguments])).toEqual([
      ['dispatchable-unconstrained', { order_id: 'A-1001' }],
    ]);
    expect(diagnoseTruncation({ request: sent, response: out }).state).toBe('complete');
  });
});

/** Sends InvokeModelWithResponseStream through the SDK and reassembles its `response.body`. */
async function viaSdk(bytes: Uint8Array) {
  server.use(...invokeHandlers({}, { [MODEL]: bytes }));
  const sent = input();
  const out = await bedrock.send(new InvokeModelWithResponseStreamCommand(sent));
  if (out.body === undefined) throw new Error('no stream');
  const yielded: unknown[] = [];
  async function* tee() {
    for await (const event of out.body ?? []) {
      yielded.push(event);
      yield event;
    }
  }
  const stream = await reassembleStreamAsync(tee());
  return { sent, stream, yielded };
}

describe('InvokeModelWithResponseStreamCommand: chunks of Anthropic events', () => {
  test('a whole stream: the SDK yields { chunk: { bytes } }; it, the raw bytes and a fetch body agree', async () => {
    const bytes = chunkStream(claudeEvents('tool_use', WHOLE));
    const { sent, stream, yielded } = await viaSdk(bytes);
    const first = yielded[0] as { chunk?: { bytes?: unknown } };
    expect(first.chunk?.bytes).toBeInstanceOf(Uint8Array);
    expect(stream).toMatchObject({
      surface: 'anthropic-messages',
      state: 'complete',
      openCalls: [],
    });
    const exchange = { request: sent, response: stream };
    expect(diagnoseCalls(exchange).map((verdict) => [verdict.state, verdict.arguments])).toEqual([
      ['dispatchable-unconstrained', { order_id: 'A-1001' }],
    ]);
    expect(diagnoseTruncation(exchange).state).toBe('complete');

    const fromBytes = reassembleStream(bytes);
    expect(fromBytes.state).toBe('complete');
    expect(fromBytes.response).toEqual(stream.response);
    // Bedrock's padding on the chunk message never reaches the response.
    expect(JSON.stringify(fromBytes.response)).not.toContain('"p"');

    const fetched = await fetch(`${HOST}/model/${MODEL}/invoke-with-response-stream`, {
      method: 'POST',
    });
    const fromFetch = await reassembleStreamAsync(fetched.body as ReadableStream<Uint8Array>);
    expect(fromFetch.response).toEqual(stream.response);
  });

  test('max_tokens inside the tool_use: the call is truncated', async () => {
    const { sent, stream } = await viaSdk(
      chunkStream(claudeEvents('max_tokens', WHOLE.slice(0, 2))),
    );
    expect(stream.state).toBe('complete');
    const exchange = { request: sent, response: stream };
    expect(diagnoseTruncation(exchange).state).toBe('truncated-tool-use');
    expect(diagnoseCalls(exchange)[0]?.state).toBe('arguments-truncated');
  });

  test('a stream cut before message_stop is cut, from the SDK and from the bytes', async () => {
    const bytes = chunkStream(claudeEvents(null, WHOLE.slice(0, 1)));
    const { sent, stream } = await viaSdk(bytes);
    expect(stream).toMatchObject({ state: 'cut', openCalls: ['content[1]'] });
    expect(diagnoseTruncation({ request: sent, response: stream }).state).toBe('stream-cut');
    expect(reassembleStream(bytes)).toMatchObject({ state: 'cut', openCalls: ['content[1]'] });
    // Cut mid-message: the bytes end inside a chunk.
    const whole = chunkStream(claudeEvents('tool_use', WHOLE));
    expect(reassembleStream(whole.subarray(0, whole.length - 9)).state).toBe('cut');
  });

  test('an exception mid-stream: the SDK throws it, the bytes carry it; both keep what arrived', async () => {
    const bytes = concat([
      chunkStream(claudeEvents(null, WHOLE.slice(0, 1))),
      message({ modelStreamErrorException: { message: 'The model stream failed.' } }),
    ]);
    const { stream } = await viaSdk(bytes);
    expect(stream).toMatchObject({ surface: 'anthropic-messages', state: 'cut' });
    expect(stream.notes.join('\n')).toContain('The model stream failed.');
    expect(reassembleStream(bytes)).toMatchObject({
      surface: 'anthropic-messages',
      state: 'cut',
      error: { type: 'modelStreamErrorException', message: 'The model stream failed.' },
    });
  });

  test('a chunk whose bytes are not an event is noted and skipped, never thrown on', () => {
    const events = claudeEvents('tool_use', WHOLE).map((event) => ({
      chunk: { bytes: Buffer.from(JSON.stringify(event)).toString('base64') },
    }));
    const stream = reassembleStream([
      events[0],
      { chunk: { bytes: '%%%' } },
      { chunk: { bytes: Buffer.from('not json').toString('base64') } },
      ...events.slice(1),
    ]);
    expect(stream.state).toBe('complete');
    expect(stream.notes).toEqual([
      'event[1] is an InvokeModel chunk, but its bytes are not base64; skipped',
      'event[2] is an InvokeModel chunk, but its bytes are not JSON; skipped',
    ]);
  });
});

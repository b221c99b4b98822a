/**
 * Bedrock Converse through the real `@aws-sdk/client-bedrock-runtime` client: each stop reason
 * a Converse response can carry, served by msw and read from what `ConverseCommand` returns,
 * judged by `diagnoseTruncation` and `diagnoseCalls` with the request the client sent.
 */
import {
  type BedrockRuntimeClient,
  ConverseCommand,
  type ConverseCommandInput,
} from '@aws-sdk/client-bedrock-runtime';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import { diagnoseCalls, diagnoseTruncation, readTurn } from '../../../src/index.js';
import type { Json } from '../../../src/model/narrow.js';
import { bedrockHandlers, client } from './support.js';

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

let bedrock: BedrockRuntimeClient;
beforeAll(() => {
  bedrock = client();
});

const LOOKUP_SCHEMA = {
  type: 'object',
  properties: { order_id: { type: 'string' }, include_items: { type: 'boolean' } },
  required: ['order_id', 'include_items'],
  additionalProperties: false,
};

const input = (modelId: string): ConverseCommandInput => ({
  modelId,
  messages: [{ role: 'user', content: [{ text: 'Where is order A-1001?' }] }],
  system: [{ text: 'You are the order-support agent.' }],
  inferenceConfig: { maxTokens: 64 },
  toolConfig: {
    tools: [
      {
        toolSpec: {
          name: 'lookup_order',
          description: 'Look an order up.',
          inputSchema: { json: LOOKUP_SCHEMA },
        },
      },
      { cachePoint: { type: 'default' } },
    ],
  },
});

const text = (value: string) => ({ text: value });
const call = (value: Json) => ({
  toolUse: { toolUseId: 'tooluse_kZJMlvQmRJ6eAyJE5GIl7Q', name: 'lookup_order', input: value },
});
const WHOLE = { order_id: 'A-1001', include_items: true };

const response = (stopReason: string, content: Json[], outputTokens = 40): Json => ({
  output: { message: { role: 'assistant', content } },
  stopReason,
  usage: { inputTokens: 310, outputTokens, totalTokens: 310 + outputTokens },
  metrics: { latencyMs: 812 },
});

/** Each stop reason: the body Bedrock sends, and what the diagnoses must say of it. */
const STOPS: Array<{
  stopReason: string;
  content: Json[];
  outputTokens?: number;
  truncation: string;
  calls: string[];
  detail?: RegExp;
}> = [
  {
    stopReason: 'end_turn',
    content: [text('It shipped Friday.')],
    truncation: 'complete',
    calls: [],
  },
  {
    stopReason: 'tool_use',
    content: [text('Let me look.'), call(WHOLE)],
    truncation: 'complete',
    // Whole and valid; the tool is not declared strict, so nothing held the call to its schema.
    calls: ['dispatchable-unconstrained'],
  },
  {
    // The input is cut, yet Bedrock hands over the keys decoded so far: whole-looking.
    stopReason: 'max_tokens',
    content: [text('Let me look.'), call({ order_id: 'A-1001' })],
    outputTokens: 64,
    truncation: 'truncated-tool-use',
    calls: ['arguments-truncated'],
  },
  {
    // The ceiling fell in the text after a whole call: the call was written whole, its turn cut.
    stopReason: 'max_tokens',
    content: [text('Let me look.'), call(WHOLE), text('While that runs, I can also')],
    outputTokens: 64,
    truncation: 'truncated-by-length',
    calls: ['turn-cut'],
  },
  {
    stopReason: 'max_tokens',
    content: [text('It shipped Friday and should arrive')],
    outputTokens: 64,
    truncation: 'truncated-by-length',
    calls: [],
  },
  {
    stopReason: 'stop_sequence',
    content: [text('It shipped')],
    truncation: 'complete',
    calls: [],
  },
  {
    stopReason: 'guardrail_intervened',
    content: [text('Sorry, the model cannot answer this question.')],
    truncation: 'stopped-by-filter',
    calls: [],
    detail: /guardrail blocked or masked/,
  },
  {
    // A guardrail that only masked: the call is whole, but its turn was filtered.
    stopReason: 'guardrail_intervened',
    content: [call({ order_id: '{ORDER_ID}', include_items: true })],
    truncation: 'stopped-by-filter',
    calls: ['turn-cut'],
  },
  {
    stopReason: 'content_filtered',
    content: [text('')],
    truncation: 'stopped-by-filter',
    calls: [],
    detail: /content_filtered/,
  },
  {
    stopReason: 'malformed_model_output',
    content: [text('{"order')],
    truncation: 'incomplete-other',
    calls: [],
    detail: /malformed_model_output/,
  },
  {
    stopReason: 'malformed_tool_use',
    content: [call({ order_id: 'A-1001', include_items: 'yes please' })],
    truncation: 'incomplete-other',
    calls: ['arguments-unparseable'],
    detail: /rejected a tool call/,
  },
  {
    stopReason: 'model_context_window_exceeded',
    content: [call({ order_id: 'A-1001' })],
    truncation: 'truncated-tool-use',
    calls: ['arguments-truncated'],
    detail: /context window filled/,
  },
];

describe('ConverseCommand through the AWS SDK: every stop reason', () => {
  test.each(STOPS.map((stop, index) => [`${index}-${stop.stopReason}`, stop] as const))(
    '%s',
    async (modelId, stop) => {
      server.use(
        ...bedrockHandlers({
          [modelId]: response(stop.stopReason, stop.content, stop.outputTokens),
        }),
      );
      const sent = input(modelId);
      const output = await bedrock.send(new ConverseCommand(sent));
      expect(output.stopReason).toBe(stop.stopReason);
      const exchange = { request: sent, response: output };
      const truncation = diagnoseTruncation(exchange);
      expect(truncation.state).toBe(stop.truncation);
      if (stop.detail) expect(truncation.detail).toMatch(stop.detail);
      const verdicts = diagnoseCalls(exchange);
      expect(verdicts.map((verdict) => verdict.state)).toEqual(stop.calls);
    },
  );

  test('tool_use with toolSpec.strict: true is dispatchable, and a non-strict one is advised to be strict', async () => {
    server.use(...bedrockHandlers({ ok: response('tool_use', [call(WHOLE)]) }));
    const sent = input('ok');
    const output = await bedrock.send(new ConverseCommand(sent));
    const [loose] = diagnoseCalls({ request: sent, response: output });
    expect(loose?.repairs.join(' ')).toContain('toolSpec.strict: true');
    const spec = sent.toolConfig?.tools?.[0]?.toolSpec;
    if (spec) spec.strict = true;
    expect(diagnoseCalls({ request: sent, response: output })[0]?.state).toBe('dispatchable');
  });

  test('malformed_tool_use: the detail says Bedrock called the call broken', async () => {
    server.use(
      ...bedrockHandlers({
        bad: response('malformed_tool_use', [call({ order_id: 'A-1001' })]),
      }),
    );
    const sent = input('bad');
    const output = await bedrock.send(new ConverseCommand(sent));
    const [verdict] = diagnoseCalls({ request: sent, response: output });
    expect(verdict?.detail).toContain(
      'Bedrock stopped with stopReason "malformed_tool_use": the provider says the model wrote this call malformed',
    );
  });

  test('max_tokens inside a toolUse: Anthropic words, the ceiling named as Converse names it', async () => {
    server.use(
      ...bedrockHandlers({ cut: response('max_tokens', [call({ order_id: 'A-1001' })], 64) }),
    );
    const sent = input('cut');
    const output = await bedrock.send(new ConverseCommand(sent));
    const truncation = diagnoseTruncation({ request: sent, response: output });
    expect(truncation).toMatchObject({
      state: 'truncated-tool-use',
      ceiling: 64,
      outputTokens: 64,
    });
    expect(truncation.detail).toContain('inside toolUse block "lookup_order"');
    expect(truncation.repairs.join(' ')).toContain('inferenceConfig.maxTokens');
  });

  test('the request: toolSpec read, cachePoint noted, maxTokens the ceiling, strict as stated', async () => {
    const sent = input('x');
    const spec = sent.toolConfig?.tools?.[0]?.toolSpec;
    if (spec) spec.strict = true;
    const read = readTurn(sent);
    expect(read.ok && read.turn).toMatchObject({
      surface: 'bedrock-converse',
      source: 'request',
      maxOutputTokens: 64,
      maxOutputTokensField: 'inferenceConfig.maxTokens',
      tools: [
        { name: 'lookup_order', strict: true, strictStated: true, shape: 'bedrock-converse' },
      ],
    });
    expect(read.ok && read.turn.notes.join('\n')).toMatch(/cachePoint marks a prompt-cache point/);
  });

  test('a server_tool_use block and its toolResult are output, not client calls', async () => {
    server.use(
      ...bedrockHandlers({
        grounded: response('end_turn', [
          {
            toolUse: {
              toolUseId: 'srv_1',
              name: 'nova_grounding',
              type: 'server_tool_use',
              input: { query: 'A-1001' },
            },
          },
          { toolResult: { toolUseId: 'srv_1', content: [{ text: 'found' }] } },
          text('It shipped.'),
        ]),
      }),
    );
    const output = await bedrock.send(new ConverseCommand(input('grounded')));
    const read = readTurn(output);
    expect(read.ok && read.turn.calls).toEqual([]);
    expect(read.ok && read.turn.otherOutput).toHaveLength(2);
    expect(diagnoseTruncation(output).state).toBe('complete');
  });

  test('an error body is {message} alone, its type in x-amzn-ErrorType: the SDK throws, the body reads as an API error', async () => {
    server.use(...bedrockHandlers({}));
    await expect(bedrock.send(new ConverseCommand(input('nope')))).rejects.toMatchObject({
      name: 'ValidationException',
      message: 'The provided model identifier is invalid.',
    });
    const read = readTurn({ message: 'The provided model identifier is invalid.' });
    // The body names no type or status (AWS puts the type in a header), so none is shown.
    expect(read.ok === false && read.found).toBe(
      'got an API error response: The provided model identifier is invalid. It holds no model output',
    );
  });
});

/**
 * LangChain messages made by the real library: `ChatOpenAI` and `ChatAnthropic` with
 * `bindTools`, `invoke()` and `stream()` (chunks concatenated with `concat`, as LangChain's own
 * docs do), pointed at msw replaying this package's recordings (fixtures/openai-chat,
 * fixtures/anthropic-messages, fixtures/streams). A few streams are derived from a recorded
 * answer by the SSE builders of test/msw/support.ts (the answer, event for event, as the API
 * streams it), where the corpus recorded the answer whole: the stream of a turn cut on its
 * ceiling is what LangChain repairs (langchainjs#11469).
 */
import { readFileSync } from 'node:fs';
import { ChatAnthropic } from '@langchain/anthropic';
import type { AIMessageChunk, BaseMessage } from '@langchain/core/messages';
import { ChatOpenAI } from '@langchain/openai';
import { setupServer } from 'msw/node';
import { type HarDocument, readHar } from '../../../src/har/index.js';
import { recordedHandlers } from '../../../src/msw/index.js';
import { chatSse, harOf } from '../../msw/support.js';

export const fixture = (file: string) =>
  new URL(`../../../fixtures/${file}`, import.meta.url).pathname;

type Body = Record<string, unknown> & {
  model: string;
  messages: Array<Record<string, unknown>>;
  tools?: unknown[];
  stream?: boolean;
  parallel_tool_calls?: boolean;
  max_completion_tokens?: number;
  max_tokens?: number;
  system?: string;
  tool_choice?: { disable_parallel_tool_use?: boolean };
  response_format?: unknown;
};

/** The request and the answer of a recording's first entry. */
export function recording(file: string): { request: Body; response: Record<string, unknown> } {
  const [exchange] = readHar(fixture(file));
  if (exchange === undefined) throw new Error(`${file} holds no entry`);
  return {
    request: exchange.request.body as Body,
    // A streamed recording's answer is its SSE text, which no test here reads back.
    response: exchange.response.mimeType.includes('json')
      ? (JSON.parse(exchange.response.text) as Record<string, unknown>)
      : {},
  };
}

/** A recorded answer streamed, as `stream: true` asks for it; `cut` ends it mid-answer. */
function derivedStream(
  file: string,
  url: string,
  write: (answer: unknown) => string,
  request: Partial<Body> = {},
): HarDocument {
  const { request: sent, response } = recording(file);
  return harOf({ url, request: { ...sent, ...request, stream: true }, response: write(response) });
}

/** The recorded answer of a turn cut on its ceiling mid-arguments, streamed. */
export const LENGTH_STREAM = 'openai-chat/length-mid-arguments.har';
/** An Anthropic message cut on max_tokens while a tool_use input was being written, streamed. */
export const MAX_TOKENS_STREAM = 'anthropic-messages/max-tokens-in-tool-use.har';
/** The schema violation, streamed: the call is whole and breaks its schema. */
export const VIOLATION_STREAM = 'openai-chat/schema-violation.har';

/** What a stream of max-tokens-in-tool-use carries: the input as far as it was written. */
const PARTIAL_INPUT = '{"order_id": "A-2004", "category": "damaged", "summary": "Desk arrived with';

const CHAT_URL = 'https://api.openai.com/v1/chat/completions';
const ANTHROPIC_URL = 'https://api.anthropic.com/v1/messages';

/** The msw server every LangChain test file shares; listen in beforeAll, close in afterAll. */
export function langChainServer() {
  const anthropicCut = recording(MAX_TOKENS_STREAM).request;
  return setupServer(
    ...recordedHandlers(
      [
        fixture('openai-chat'),
        fixture('anthropic-messages'),
        fixture('streams'),
        derivedStream(LENGTH_STREAM, CHAT_URL, (answer) => chatSse(answer), {
          stream_options: { include_usage: true },
        }),
        derivedStream(VIOLATION_STREAM, CHAT_URL, (answer) => chatSse(answer)),
        harOf({
          url: ANTHROPIC_URL,
          request: { ...anthropicCut, stream: true },
          response: cutInputSse(recording(MAX_TOKENS_STREAM).response),
        }),
      ],
      // LangChain sends a reasoning model's system prompt as a developer message.
      { ignore: ['messages[0].role'] },
    ),
  );
}

/**
 * The Anthropic stream of max-tokens-in-tool-use as the API sends it: the text block, then the
 * tool_use block whose input_json_delta pieces stop where the ceiling fell, then message_delta
 * with stop_reason max_tokens. The recorded message holds the input Anthropic parsed from those
 * pieces ({}); the stream holds the pieces themselves.
 */
function cutInputSse(message: Record<string, unknown>): string {
  const event = (type: string, data: Record<string, unknown>) =>
    `event: ${type}\ndata: ${JSON.stringify({ type, ...data })}\n\n`;
  const [text, call] = message.content as Array<Record<string, unknown>>;
  const usage = message.usage as Record<string, unknown>;
  const pieces = [PARTIAL_INPUT.slice(0, 30), PARTIAL_INPUT.slice(30)];
  return [
    event('message_start', {
      message: {
        ...message,
        content: [],
        stop_reason: null,
        usage: { ...usage, output_tokens: 1 },
      },
    }),
    event('content_block_start', { index: 0, content_block: { type: 'text', text: '' } }),
    event('content_block_delta', { index: 0, delta: { type: 'text_delta', text: text?.text } }),
    event('content_block_stop', { index: 0 }),
    event('content_block_start', { index: 1, content_block: { ...call, input: {} } }),
    ...pieces.map((partial_json) =>
      event('content_block_delta', { index: 1, delta: { type: 'input_json_delta', partial_json } }),
    ),
    event('content_block_stop', { index: 1 }),
    event('message_delta', {
      delta: { stop_reason: 'max_tokens', stop_sequence: null },
      usage: { output_tokens: usage.output_tokens },
    }),
    event('message_stop', {}),
  ].join('');
}

/** `ChatOpenAI` against msw, for a recorded Chat Completions request. */
function chatModel(request: Body) {
  return new ChatOpenAI({
    model: request.model,
    apiKey: 'test-key-not-real',
    configuration: { baseURL: 'http://localhost/v1' },
    maxRetries: 0,
    streamUsage: true,
  });
}

/** `ChatAnthropic` against msw, for a recorded Messages request. */
function anthropicModel(request: Body) {
  return new ChatAnthropic({
    model: request.model,
    apiKey: 'test-key-not-real',
    anthropicApiUrl: 'http://localhost',
    maxRetries: 0,
    maxTokens: request.max_tokens,
  });
}

/** Whether a recorded request is Anthropic's (a top-level `system`, `max_tokens`). */
export const isAnthropic = (request: Body) => typeof request.system === 'string';

/**
 * The message LangChain hands back for a recorded request: `invoke()`, or for a streamed one
 * `stream()` with its chunks concatenated.
 */
export async function messageFor(file: string, streamed?: boolean): Promise<BaseMessage> {
  const { request } = recording(file);
  const bound = isAnthropic(request)
    ? anthropicModel(request).bindTools((request.tools ?? []) as never)
    : chatModel(request).bindTools((request.tools ?? []) as never, {
        parallel_tool_calls: request.parallel_tool_calls,
      });
  if (!(streamed ?? request.stream === true)) return bound.invoke(request.messages as never);
  let whole: AIMessageChunk | undefined;
  for await (const chunk of await bound.stream(request.messages as never)) {
    whole = whole === undefined ? chunk : whole.concat(chunk);
  }
  if (whole === undefined) throw new Error(`${file}: the stream gave no chunk`);
  return whole;
}

/** What the recorded request said that the message does not carry, as read options. */
export function optionsFor(file: string) {
  const { request } = recording(file);
  const parallel =
    request.parallel_tool_calls ??
    (request.tool_choice?.disable_parallel_tool_use === true ? false : undefined);
  const ceiling = request.max_completion_tokens ?? request.max_tokens;
  return {
    tools: request.tools,
    ...(parallel === undefined ? {} : { parallelToolCalls: parallel }),
    ...(ceiling === undefined ? {} : { maxOutputTokens: ceiling }),
  };
}

interface Scenario {
  name: string;
  file: string;
  surface: string;
  streamed: boolean;
  expect: { calls: string[]; truncation: string; strict: string };
}

/** The corpus scenarios LangChain's Chat Completions and Anthropic models can be pointed at. */
export function langChainScenarios(): Scenario[] {
  const manifest = JSON.parse(readFileSync(fixture('manifest.json'), 'utf8')) as {
    scenarios: Scenario[];
  };
  return manifest.scenarios.filter(
    (scenario) =>
      // LangChain sends custom tools to the Responses API, never to Chat Completions.
      scenario.name !== 'openai-chat/custom-tool-call' &&
      (scenario.surface === 'openai-chat' ||
        scenario.surface === 'anthropic-messages' ||
        scenario.name === 'streams/openai-chat-tool-calls' ||
        scenario.name === 'streams/openai-chat-cut-mid-arguments' ||
        scenario.name === 'streams/anthropic-tool-use'),
  );
}

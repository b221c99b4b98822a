/**
 * Every streamed scenario of the shipped corpus (fixtures/manifest.json), replayed by
 * recordedHandlers to the official SDK's own stream helper; the object the helper assembles is
 * diagnosed as { request, response } and must hold the manifest's expected states. The batch
 * scenario's JSONL goes through batchResults() to client.messages.batches.results().
 *
 * A stream cut before its terminal event: the Chat Completions and Anthropic helpers reject
 * (finalChatCompletion(): "missing finish_reason for choice 0"; finalMessage(): "stream ended
 * without producing a Message with role=assistant"), and the Responses helper resolves with the
 * in-progress snapshot it had. The snapshot a rejecting helper last emitted (its 'chunk' or
 * 'streamEvent' listener's second argument) is what a caller holds, so that is what is diagnosed.
 */
import { existsSync, readFileSync } from 'node:fs';
import Anthropic from '@anthropic-ai/sdk';
import { setupServer } from 'msw/node';
import OpenAI from 'openai';
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import { readHar } from '../../src/har/index.js';
import { diagnoseCalls, diagnoseStrictGuarantee, diagnoseTruncation } from '../../src/index.js';
import { batchResults, recordedHandlers } from '../../src/msw/index.js';
import { within } from './support.js';

interface States {
  calls?: string[];
  truncation?: string;
  strict?: string;
}

interface Scenario {
  name: string;
  file: string;
  surface: string;
  streamed: boolean;
  stream?: 'complete' | 'cut';
  expect: States & { lines?: Array<States & { custom_id: string }> };
}

const MANIFEST = new URL('../../fixtures/manifest.json', import.meta.url);
const scenarios: Scenario[] = existsSync(MANIFEST)
  ? (JSON.parse(readFileSync(MANIFEST, 'utf8')) as { scenarios: Scenario[] }).scenarios
  : [];
// Bedrock's streams go through its own client in bedrock-converse.test.ts.
const streamed = scenarios.filter(
  (scenario) => scenario.streamed && scenario.surface !== 'bedrock-converse',
);
const batch = scenarios.find((scenario) => scenario.surface === 'anthropic-batch');
const fixture = (file: string) => new URL(`../../fixtures/${file}`, import.meta.url).pathname;

/** What a cut stream does to each SDK's stream helper; `null`: it resolves with a snapshot. */
const REJECTS_A_CUT_STREAM: Record<string, RegExp | null> = {
  'openai-chat': /^missing finish_reason for choice 0$/,
  'anthropic-messages': /^stream ended without producing a Message with role=assistant$/,
  'openai-responses': null,
};

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

type Body = Record<string, unknown>;
type ChatBody = Parameters<OpenAI['chat']['completions']['stream']>[0];
type ResponsesBody = Parameters<OpenAI['responses']['stream']>[0];
type MessagesBody = Parameters<Anthropic['messages']['stream']>[0];

/**
 * Runs the recorded request through the surface's stream helper: what its final-object promise
 * gave, or the error it rejected with and the last snapshot it had emitted.
 */
async function throughStreamHelper(surface: string, recorded: Body) {
  // The helpers add `stream: true` themselves.
  const { stream: _stream, ...body } = recorded;
  const openai = new OpenAI({
    apiKey: 'test-key-not-real',
    baseURL: 'http://localhost/v1',
    maxRetries: 0,
  });
  const anthropic = new Anthropic({
    apiKey: 'test-key-not-real',
    baseURL: 'http://localhost',
    maxRetries: 0,
  });
  let snapshot: unknown;
  let final: Promise<unknown>;
  if (surface === 'openai-chat') {
    const stream = openai.chat.completions.stream(body as ChatBody);
    stream.on('chunk', (_chunk, latest) => {
      // The SDK's snapshot keeps the chunks' `object: "chat.completion.chunk"`, and readTurn
      // refuses a single chunk; with choices[].message it is a completion, so it is named one.
      snapshot = { ...structuredClone(latest), object: 'chat.completion' };
    });
    final = stream.finalChatCompletion();
  } else if (surface === 'openai-responses') {
    const stream = openai.responses.stream(body as ResponsesBody);
    final = stream.finalResponse();
  } else if (surface === 'anthropic-messages') {
    const stream = anthropic.messages.stream(body as MessagesBody);
    stream.on('streamEvent', (_event, latest) => {
      snapshot = structuredClone(latest);
    });
    final = stream.finalMessage();
  } else {
    throw new Error(`no stream helper for ${surface}`);
  }
  try {
    return { response: await within(5_000, 'the stream helper', final), error: undefined };
  } catch (error) {
    return { response: snapshot, error: error instanceof Error ? error : new Error(String(error)) };
  }
}

const statesOf = (exchange: { request: Body; response: unknown }) => ({
  calls: diagnoseCalls(exchange).map((verdict) => verdict.state),
  truncation: diagnoseTruncation(exchange).state,
  strict: diagnoseStrictGuarantee(exchange).state,
});

describe.skipIf(streamed.length === 0)('streamed fixtures through the official SDKs', () => {
  test.each(streamed.map((scenario) => [scenario.name, scenario] as const))(
    '%s',
    async (_name, scenario) => {
      const file = fixture(scenario.file);
      const [exchange] = readHar(file);
      const request = exchange?.request.body as Body;
      server.use(...recordedHandlers(file));

      const { response, error } = await throughStreamHelper(scenario.surface, request);

      if (scenario.stream === 'cut') {
        const rejects = REJECTS_A_CUT_STREAM[scenario.surface];
        if (rejects) expect(error?.message).toMatch(rejects);
        else expect(error).toBeUndefined();
      } else {
        expect(error).toBeUndefined();
      }
      // The SDK's snapshot of a cut stream does not know the stream ended early, so it reads as
      // a prefix with no stop reason; reassembleStream, which does, gives the manifest's states.
      const expected =
        scenario.stream === 'cut'
          ? {
              ...scenario.expect,
              calls: ['arguments-unparseable'],
              truncation: 'cut-without-a-reason',
            }
          : scenario.expect;
      expect(statesOf({ request, response })).toEqual(expected);
    },
  );

  test.each([1, 7, 4096])(
    'any chunk size ({ bytes: %i }) gives the SDK the same final object',
    async (bytes) => {
      const complete = streamed.filter((scenario) => scenario.stream !== 'cut');
      for (const scenario of complete) {
        const file = fixture(scenario.file);
        const request = readHar(file)[0]?.request.body as Body;
        server.resetHandlers(...recordedHandlers(file));
        const byEvent = await throughStreamHelper(scenario.surface, request);
        server.resetHandlers(...recordedHandlers(file, { chunking: { bytes } }));
        const byBytes = await throughStreamHelper(scenario.surface, request);

        expect(byBytes, scenario.name).toEqual(byEvent);
      }
    },
  );
});

describe.skipIf(batch === undefined)('the batch fixture through batchResults()', () => {
  test('client.messages.batches.results() decodes each line; each holds its expected states', async () => {
    const jsonl = readFileSync(fixture('anthropic-batch/results.jsonl'), 'utf8');
    const batchId = /msgbatch_\w+/.exec(
      readHar(fixture(batch?.file ?? ''))[0]?.request.url ?? '',
    )?.[0];
    if (batchId === undefined) throw new Error(`no batch id in ${batch?.file}`);
    server.use(...batchResults({ [batchId]: jsonl }));
    const anthropic = new Anthropic({
      apiKey: 'test-key-not-real',
      baseURL: 'http://localhost',
      maxRetries: 0,
    });

    const lines = [];
    for await (const line of await anthropic.messages.batches.results(batchId)) lines.push(line);

    expect(
      lines.map((line) => ({
        custom_id: line.custom_id,
        calls: diagnoseCalls(line).map((verdict) => verdict.state),
        truncation: diagnoseTruncation(line).state,
        strict: diagnoseStrictGuarantee(line).state,
      })),
    ).toEqual(batch?.expect.lines);
  });
});

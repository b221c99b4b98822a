/**
 * batchResults() answers client.messages.batches.results(id) like the Anthropic API: the SDK
 * retrieves the batch, follows its results_url, and decodes the JSONL line by line.
 */
import Anthropic from '@anthropic-ai/sdk';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import { diagnoseCalls, diagnoseTruncation } from '../../src/index.js';
import { toJsonl } from '../../src/msw/batch-results.js';
import { batchResults } from '../../src/msw/index.js';
import { anthropicMessage, BAD_CHARGE, GOOD_CHARGE } from '../support/payloads.js';

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

// Made after server.listen(): an SDK client keeps the fetch it found when it was constructed.
let client: Anthropic;
beforeAll(() => {
  client = new Anthropic({
    apiKey: 'test-key-not-real',
    baseURL: 'http://localhost',
    maxRetries: 0,
  });
});

const BATCH = 'msgbatch_01HkcTjaV5uDC8jWR4ZsDV8d';
const lines = [
  {
    custom_id: 'good',
    result: {
      type: 'succeeded',
      message: anthropicMessage({ calls: [{ name: 'charge', arguments: GOOD_CHARGE }] }),
    },
  },
  {
    custom_id: 'cut',
    result: {
      type: 'succeeded',
      message: anthropicMessage({
        ending: 'ceiling',
        calls: [{ name: 'charge', arguments: BAD_CHARGE }],
      }),
    },
  },
  {
    custom_id: 'failed',
    result: {
      type: 'errored',
      error: { type: 'error', error: { type: 'overloaded_error', message: 'Overloaded' } },
    },
  },
];

async function resultsOf(batchId: string) {
  const decoded = [];
  for await (const line of await client.messages.batches.results(batchId)) decoded.push(line);
  return decoded;
}

describe('batchResults', () => {
  test('results(id) yields each line, decoded; each diagnoses as a batch line', async () => {
    server.use(...batchResults({ [BATCH]: lines }));

    const decoded = await resultsOf(BATCH);

    expect(decoded).toEqual(lines);
    expect(decoded.map((line) => diagnoseTruncation(line).state)).toEqual([
      'complete',
      'truncated-tool-use',
      'not-succeeded',
    ]);
    expect(diagnoseCalls(decoded[0]).map((verdict) => verdict.name)).toEqual(['charge']);
  });

  test('the JSONL text itself works too, and a Map', async () => {
    server.use(...batchResults(new Map([[BATCH, toJsonl(lines)]])));

    expect(await resultsOf(BATCH)).toEqual(lines);
  });

  test('the batch is ended, counts its lines, and points at its results', async () => {
    server.use(...batchResults({ [BATCH]: lines }));

    const batch = await client.messages.batches.retrieve(BATCH);

    expect(batch).toMatchObject({
      id: BATCH,
      type: 'message_batch',
      processing_status: 'ended',
      request_counts: { processing: 0, succeeded: 2, errored: 1, canceled: 0, expired: 0 },
      results_url: `http://localhost/v1/messages/batches/${BATCH}/results`,
    });
  });

  test('results come as application/x-jsonl, one line per result', async () => {
    server.use(...batchResults({ [BATCH]: lines }));

    const response = await fetch(`https://api.anthropic.com/v1/messages/batches/${BATCH}/results`);

    expect(response.headers.get('content-type')).toBe('application/x-jsonl');
    expect((await response.text()).split('\n')).toHaveLength(lines.length + 1);
  });

  test("an unknown id is Anthropic's 404, which the SDK throws as NotFoundError", async () => {
    server.use(...batchResults({ [BATCH]: lines }));

    const error = await resultsOf('msgbatch_unknown').catch((e: unknown) => e);

    expect(error).toBeInstanceOf(Anthropic.NotFoundError);
    expect((error as InstanceType<typeof Anthropic.NotFoundError>).error).toMatchObject({
      type: 'error',
      error: { type: 'not_found_error', message: expect.stringContaining("'msgbatch_unknown'") },
    });
  });
});

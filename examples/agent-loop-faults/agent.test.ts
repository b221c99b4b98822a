/**
 * The agent loop against every broken answer Chat Completions can give: `toolCallFault()` draws
 * a fault, `faultHandlers` answers each of the loop's requests with it, and the property says
 * what the loop must do whatever the model sends. The loop as first written fails it, and
 * fast-check shrinks the failure to the simplest fault that breaks it; the fixed loop passes.
 */
import fc from 'fast-check';
import { HttpResponse, http } from 'msw';
import { setupServer } from 'msw/node';
import OpenAI from 'openai';
import { diagnoseCalls } from 'tool-call-health';
import { type ToolCallFault, toolCallFault } from 'tool-call-health/arbitraries';
import { faultHandlers } from 'tool-call-health/msw';
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import { type Outcome, runAgent } from './agent.js';
import { runAgentBeforeTheFix } from './agent-before-the-fix.js';
import { OrderDesk } from './tools.js';

type Loop = (client: OpenAI, question: string, desk: OrderDesk) => Promise<Outcome>;

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const QUESTION = 'My kettle from order A-2011 arrived broken. Can I get my money back?';

/** What one question may cost: the loop's budget of requests. */
const BUDGET = 6;
/** Where the test stops a loop that would not stop by itself. */
const RUNAWAY = 25;

/** Counts the loop's requests and hands each on to the next handler; past RUNAWAY, a 400. */
function meter() {
  const count = { requests: 0 };
  const handler = http.post('*/chat/completions', () => {
    count.requests += 1;
    if (count.requests <= RUNAWAY) return undefined;
    return HttpResponse.json(
      { error: { message: 'the test stopped a runaway loop' } },
      { status: 400 },
    );
  });
  return { handler, count };
}

interface Exchange {
  request: unknown;
  response: unknown;
}

/** The official client, keeping each exchange so the test can judge every turn itself. */
function recordingClient(exchanges: Exchange[]): OpenAI {
  return new OpenAI({
    apiKey: 'test-key-not-real',
    baseURL: 'https://api.openai.com/v1',
    maxRetries: 0,
    fetch: async (url, init) => {
      const response = await fetch(url, init);
      if (response.ok) {
        exchanges.push({
          request: JSON.parse(String(init?.body)),
          response: await response.clone().json(),
        });
      }
      return response;
    },
  });
}

/**
 * Runs the loop on one question with every answer carrying `fault`, and holds it to what it must
 * do whatever the model sends: stop within its budget, run only calls this library's diagnoses
 * call dispatchable (whole, declared, valid), and run no refund twice.
 */
async function holdsUnder(loop: Loop, fault: ToolCallFault): Promise<void> {
  const { handler, count } = meter();
  server.resetHandlers(handler, ...faultHandlers(fault));
  const exchanges: Exchange[] = [];
  const desk = new OrderDesk();
  try {
    await loop(recordingClient(exchanges), QUESTION, desk);
  } catch (error) {
    if (count.requests <= RUNAWAY) throw error;
  }
  expect(count.requests, 'requests for one question').toBeLessThanOrEqual(BUDGET);
  const dispatchable = exchanges.flatMap((exchange) =>
    diagnoseCalls(exchange)
      .filter((verdict) => verdict.state === 'dispatchable')
      .map((verdict) => ({ name: verdict.name, arguments: verdict.arguments })),
  );
  for (const run of desk.ran) expect(dispatchable, 'the calls it could run').toContainEqual(run);
  const refunds = desk.ran
    .filter((run) => run.name === 'issue_refund')
    .map((run) => JSON.stringify(run.arguments));
  expect(refunds, 'refunds run twice').toEqual([...new Set(refunds)]);
}

const faults = toolCallFault({ surface: 'openai-chat', tools: ['lookup_order', 'issue_refund'] });
// A fixed seed, so both runs are the same every time; a different seed explores other faults.
const params = { seed: 42, numRuns: 40 };

describe('the loop under every fault Chat Completions can send', () => {
  test('as first written, it fails: shrunk to a cut call, which it asks again without end', async () => {
    const result = await fc.check(
      fc.asyncProperty(faults, (fault) => holdsUnder(runAgentBeforeTheFix, fault)),
      params,
    );

    expect(result.failed).toBe(true);
    expect(result.counterexample).toEqual([
      { fault: 'arguments-truncated', seed: 0, tool: 'lookup_order' },
    ]);
    expect(String(result.errorInstance)).toMatch(
      `requests for one question: expected ${RUNAWAY + 1} to be less than or equal to ${BUDGET}`,
    );
  });

  test('fixed, it stops within its budget and runs no broken call, whatever the fault', async () => {
    await fc.assert(
      fc.asyncProperty(faults, (fault) => holdsUnder(runAgent, fault)),
      params,
    );
  });
});

describe('a cut turn, up close', () => {
  const requestsOf = (exchanges: Exchange[]) =>
    exchanges.map(
      ({ request }) => (request as { max_completion_tokens: number }).max_completion_tokens,
    );

  test.each(['arguments-truncated', 'ceiling-unreported'] as const)(
    '%s: the fixed loop runs nothing, asks once more with twice the room, then reports the cut',
    async (fault) => {
      server.resetHandlers(...faultHandlers({ fault, seed: 0, tool: 'lookup_order' }));
      const exchanges: Exchange[] = [];
      const desk = new OrderDesk();

      const outcome = await runAgent(recordingClient(exchanges), QUESTION, desk);

      expect(outcome).toEqual({ kind: 'cut' });
      expect(requestsOf(exchanges)).toEqual([1_024, 2_048]);
      expect(desk.ran).toEqual([]);
    },
  );

  test('ceiling-unreported: the loop as first written ran a call the diagnoses call turn-cut', async () => {
    server.resetHandlers(
      ...faultHandlers({ fault: 'ceiling-unreported', seed: 0, tool: 'lookup_order' }),
    );
    const exchanges: Exchange[] = [];
    const desk = new OrderDesk();

    await runAgentBeforeTheFix(recordingClient(exchanges), QUESTION, desk);

    const [first] = exchanges;
    expect(diagnoseCalls(first)).toEqual([expect.objectContaining({ state: 'turn-cut' })]);
    expect(desk.ran[0]).toEqual({
      name: 'lookup_order',
      arguments: diagnoseCalls(first)[0]?.arguments,
    });
  });
});

describe('a healthy conversation', () => {
  const script: OpenAI.Chat.ChatCompletionMessage[] = [
    assistant({ tool_calls: [call('lookup_order', { order_id: 'A-2011' })] }),
    assistant({
      tool_calls: [
        call('issue_refund', { order_id: 'A-2011', amount_cents: 4_500, reason: 'damaged' }),
      ],
    }),
    assistant({ content: 'I have refunded the 45.00 EUR to your card.' }),
  ];

  test('both loops look the order up, refund it, send each result back and answer', async () => {
    for (const loop of [runAgent, runAgentBeforeTheFix]) {
      let turn = 0;
      server.resetHandlers(
        http.post('*/chat/completions', () => HttpResponse.json(completion(script[turn++]))),
      );
      const exchanges: Exchange[] = [];
      const desk = new OrderDesk();

      const outcome = await loop(recordingClient(exchanges), QUESTION, desk);

      expect(outcome).toEqual({
        kind: 'answered',
        text: 'I have refunded the 45.00 EUR to your card.',
      });
      expect(desk.ran.map((run) => run.name)).toEqual(['lookup_order', 'issue_refund']);
      const last = exchanges.at(-1)?.request as OpenAI.Chat.ChatCompletionCreateParams;
      expect(last.messages.map((message) => message.role)).toEqual([
        'system',
        'user',
        'assistant',
        'tool',
        'assistant',
        'tool',
      ]);
    }
  });
});

function call(name: string, args: unknown): OpenAI.Chat.ChatCompletionMessageToolCall {
  return {
    id: `call_${name}`,
    type: 'function',
    function: { name, arguments: JSON.stringify(args) },
  };
}

function assistant(
  message: Partial<OpenAI.Chat.ChatCompletionMessage>,
): OpenAI.Chat.ChatCompletionMessage {
  return { role: 'assistant', content: null, refusal: null, ...message };
}

/** A Chat Completions response carrying one message, finished as it would be. */
function completion(
  message: OpenAI.Chat.ChatCompletionMessage | undefined,
): OpenAI.Chat.ChatCompletion {
  if (message === undefined) throw new Error('the script has no more turns');
  return {
    id: 'chatcmpl-test',
    object: 'chat.completion',
    created: 1_767_225_600,
    model: 'gpt-4.1',
    choices: [
      {
        index: 0,
        message,
        logprobs: null,
        finish_reason: message.tool_calls?.length ? 'tool_calls' : 'stop',
      },
    ],
    usage: { prompt_tokens: 180, completion_tokens: 40, total_tokens: 220 },
  };
}

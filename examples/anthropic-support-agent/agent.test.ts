/**
 * The Anthropic agent against msw answering as the Messages API does. A Message does not echo
 * the request's tools, so every assertion takes the exchange `{ request, response }`.
 */
import 'tool-call-health/vitest';
import Anthropic from '@anthropic-ai/sdk';
import { HttpResponse, http } from 'msw';
import { setupServer } from 'msw/node';
import { diagnoseCalls, diagnoseTruncation } from 'tool-call-health';
import { afterAll, afterEach, beforeAll, describe, expect, test, vi } from 'vitest';
import { ClaudeSupportAgent, TOOLS } from './agent.js';

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

type Block = Anthropic.TextBlock | Anthropic.ToolUseBlock;

/** A Messages API response body, field for field as the API sends it. */
function messageBody(content: Block[], stop: Anthropic.StopReason, outputTokens: number) {
  return {
    model: 'claude-sonnet-4-6',
    id: 'msg_01Hq3vT7mXo2bQy8nRk5Zc4W',
    type: 'message',
    role: 'assistant',
    content,
    stop_reason: stop,
    stop_sequence: null,
    usage: {
      input_tokens: 1_187,
      cache_creation_input_tokens: 0,
      cache_read_input_tokens: 0,
      cache_creation: { ephemeral_5m_input_tokens: 0, ephemeral_1h_input_tokens: 0 },
      output_tokens: outputTokens,
      service_tier: 'standard',
    },
  };
}

const text = (words: string): Anthropic.TextBlock => ({
  type: 'text',
  text: words,
  citations: null,
});
const toolUse = (
  id: string,
  name: string,
  input: Record<string, unknown>,
): Anthropic.ToolUseBlock => ({
  type: 'tool_use',
  id,
  name,
  input,
  caller: { type: 'direct' },
});

const claudeAnswers = (body: ReturnType<typeof messageBody>) =>
  http.post('*/v1/messages', () =>
    HttpResponse.json(body, { headers: { 'request-id': 'req_011CVqZ8yFq3nT5sLk2Wd9Xe' } }),
  );

/** An agent whose tools only record that they ran; the client is made after listen(). */
function agentWith(options: { maxTokens?: number } = {}) {
  const client = new Anthropic({
    apiKey: 'test-key-not-real',
    baseURL: 'https://api.anthropic.com',
    maxRetries: 0,
  });
  const run = vi.fn((_name: string, _input: Record<string, unknown>) => ({ ok: true }));
  return { agent: new ClaudeSupportAgent(client, run, options), run };
}

test('the tools cannot be strict on Anthropic as written: the refund cap is a numeric bound', () => {
  expect(() => expect(TOOLS).toBeStrictCompatible({ provider: 'anthropic', all: true })).toThrow(
    /"maximum" on "amount_cents" is not supported by Anthropic strict mode/,
  );
});

describe('a healthy tool_use turn', () => {
  test('is dispatchable and whole, and the agent runs the call', async () => {
    server.use(
      claudeAnswers(
        messageBody(
          [
            text("I'll check where that order is."),
            toolUse('toolu_01A9xWq4Lr7Tn2Vb8Kc3Me5P', 'lookup_order', {
              order_id: 'A-1042',
              include_items: false,
            }),
          ],
          'tool_use',
          71,
        ),
      ),
    );
    const { agent, run } = agentWith();

    const { request, message, results } = await agent.handle('Where is my order A-1042?');

    expect({ request, response: message }).toBeDispatchable();
    expect({ request, response: message }).toNotBeTruncated();
    expect(message).toCallTool('lookup_order', { order_id: 'A-1042', include_items: false });
    expect(run).toHaveBeenCalledWith('lookup_order', { order_id: 'A-1042', include_items: false });
    expect(results).toEqual([expect.not.objectContaining({ is_error: true })]);
  });

  test('the Message alone cannot be judged: it does not carry the tools', async () => {
    server.use(
      claudeAnswers(
        messageBody(
          [
            toolUse('toolu_01A9xWq4Lr7Tn2Vb8Kc3Me5P', 'lookup_order', {
              order_id: 'A-1042',
              include_items: false,
            }),
          ],
          'tool_use',
          48,
        ),
      ),
    );
    const { agent } = agentWith();

    const { message } = await agent.handle('Where is my order A-1042?');

    // Rather than pass unchecked, the matcher says what it is missing.
    expect(() => expect(message).toBeDispatchable()).toThrow(/Cannot tell/);
  });
});

describe('a tool_use cut by max_tokens', () => {
  // The ceiling ran out while the create_ticket input was being written: the API hands back
  // the block with whatever input had arrived, here none.
  const cut = messageBody(
    [
      text("I'm sorry the desk arrived like that. I'll open a ticket covering every problem."),
      toolUse('toolu_01Tz6Hc2Ny8Rb4Qm7Wd1Xk3F', 'create_ticket', {}),
    ],
    'max_tokens',
    96,
  );

  test('toNotBeTruncated fails with truncated-tool-use', async () => {
    server.use(claudeAnswers(cut));
    const { agent } = agentWith({ maxTokens: 96 });

    const { request, message } = await agent.handle(
      'The desk from A-3002 came with a bent leg, two missing bolts and a scratched top.',
    );

    expect(() => expect({ request, response: message }).toNotBeTruncated()).toThrow(
      /truncated-tool-use/,
    );
    expect(diagnoseTruncation({ request, response: message })).toMatchObject({
      state: 'truncated-tool-use',
      ceiling: 96,
      outputTokens: 96,
    });
    expect(diagnoseCalls({ request, response: message })[0]?.state).toBe('arguments-truncated');
  });

  test('the agent runs nothing, and answers the tool_use with an error', async () => {
    server.use(claudeAnswers(cut));
    const { agent, run } = agentWith({ maxTokens: 96 });

    const turn = await agent.handle(
      'The desk from A-3002 came with a bent leg, two missing bolts and a scratched top.',
    );

    expect(turn.cut).toBe(true);
    expect(run).not.toHaveBeenCalled();
    expect(turn.results).toEqual([
      expect.objectContaining({
        tool_use_id: 'toolu_01Tz6Hc2Ny8Rb4Qm7Wd1Xk3F',
        is_error: true,
        content: expect.stringMatching(/^Not run \(arguments-truncated\)/),
      }),
    ]);
  });
});

describe('a tool_use whose input breaks the schema', () => {
  // The tools are not strict, so nothing held the model to the schema: it wrote the amount
  // the way the customer said it, and upper-cased the currency.
  const violating = messageBody(
    [
      toolUse('toolu_01Pk8Jd5Vs2Lw9Rc4Ny7Hb6G', 'issue_refund', {
        order_id: 'A-2011',
        amount_cents: '45.00',
        currency: 'EUR',
        reason: 'damaged',
      }),
    ],
    'tool_use',
    64,
  );

  test('toBeDispatchable fails with arguments-violate-schema, listing each problem', async () => {
    server.use(claudeAnswers(violating));
    const { agent } = agentWith();

    const { request, message } = await agent.handle('Refund the 45 euro kettle from A-2011.');

    expect({ request, response: message }).not.toBeDispatchable();
    expect(() => expect({ request, response: message }).toBeDispatchable()).toThrow(
      /"issue_refund" \(toolu_01Pk8Jd5Vs2Lw9Rc4Ny7Hb6G\) at content\[0\]: arguments-violate-schema/,
    );
    expect(diagnoseCalls({ request, response: message })[0]?.problems).toEqual([
      'arguments.amount_cents: expected integer, got string',
      'arguments.currency: "EUR" is not one of the 2 declared values: "usd", "eur"',
    ]);
  });

  test('the agent refunds nothing, and sends the problems back for a retry', async () => {
    server.use(claudeAnswers(violating));
    const { agent, run } = agentWith();

    const turn = await agent.handle('Refund the 45 euro kettle from A-2011.');

    expect(run).not.toHaveBeenCalled();
    expect(turn.results[0]).toMatchObject({ is_error: true });
    expect(turn.results[0]?.content).toContain(
      'arguments.amount_cents: expected integer, got string',
    );
  });
});

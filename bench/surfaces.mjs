// What reading costs per surface: a Bedrock Converse exchange against a Chat Completions one
// holding the same calls to the same tools, through readTurn and through diagnoseCalls. Converse
// sends each call's input as a decoded object and Chat as JSON text, so the two are measured
// on the same work from the caller's side: one exchange in, a turn or verdicts out.
import { diagnoseCalls, readTurn } from '../dist/index.js';
import { compare, discard, row } from './lib.mjs';

const LOOKUP = {
  type: 'object',
  properties: { order_id: { type: 'string', pattern: '^A-[0-9]+$' } },
  required: ['order_id'],
  additionalProperties: false,
};

const REFUND = {
  type: 'object',
  properties: {
    order_id: { type: 'string', pattern: '^A-[0-9]+$' },
    amount_cents: { type: 'integer', minimum: 1 },
    currency: { type: 'string', enum: ['usd', 'eur'] },
    reason: { type: 'string', maxLength: 200 },
    notify: { type: 'boolean' },
  },
  required: ['order_id', 'amount_cents', 'currency', 'reason', 'notify'],
  additionalProperties: false,
};

const TOOLS = [
  ['lookup_order', 'Look an order up by its id', LOOKUP],
  ['issue_refund', 'Refund an order', REFUND],
];

/** Three calls, one turn: two lookups and a refund. */
const CALLS = [
  ['lookup_order', { order_id: 'A-1001' }],
  ['lookup_order', { order_id: 'A-1002' }],
  [
    'issue_refund',
    {
      order_id: 'A-1001',
      amount_cents: 1299,
      currency: 'eur',
      reason: 'arrived damaged',
      notify: true,
    },
  ],
];

function chatExchange() {
  return {
    request: {
      model: 'gpt-4.1',
      messages: [{ role: 'user', content: 'Refund order A-1001 and check A-1002.' }],
      tools: TOOLS.map(([name, description, parameters]) => ({
        type: 'function',
        function: { name, description, parameters, strict: true },
      })),
      max_completion_tokens: 1024,
    },
    response: {
      id: 'chatcmpl-bench',
      object: 'chat.completion',
      created: 1_700_000_000,
      model: 'gpt-4.1',
      choices: [
        {
          index: 0,
          message: {
            role: 'assistant',
            content: null,
            tool_calls: CALLS.map(([name, input], index) => ({
              id: `call_${index}`,
              type: 'function',
              function: { name, arguments: JSON.stringify(input) },
            })),
          },
          finish_reason: 'tool_calls',
        },
      ],
      usage: { prompt_tokens: 120, completion_tokens: 60, total_tokens: 180 },
    },
  };
}

function converseExchange() {
  return {
    request: {
      inferenceConfig: { maxTokens: 1024 },
      messages: [{ role: 'user', content: [{ text: 'Refund order A-1001 and check A-1002.' }] }],
      toolConfig: {
        tools: TOOLS.map(([name, description, json]) => ({
          toolSpec: { name, description, inputSchema: { json }, strict: true },
        })),
      },
    },
    response: {
      output: {
        message: {
          role: 'assistant',
          content: CALLS.map(([name, input], index) => ({
            toolUse: { toolUseId: `tooluse_${index}`, name, input },
          })),
        },
      },
      stopReason: 'tool_use',
      usage: { inputTokens: 120, outputTokens: 60, totalTokens: 180 },
      metrics: { latencyMs: 900 },
    },
  };
}

const BASELINE = 'the same three calls in a Chat Completions exchange, read the same way';

export async function benchSurfaces(log) {
  const chat = chatExchange();
  const converse = converseExchange();
  const states = (input) => diagnoseCalls(input).map((verdict) => verdict.state);
  const expected = JSON.stringify(CALLS.map(() => 'dispatchable'));
  for (const [name, input] of [
    ['chat', chat],
    ['converse', converse],
  ]) {
    if (JSON.stringify(states(input)) !== expected) {
      throw new Error(`bench: the ${name} exchange should be dispatchable, got ${states(input)}`);
    }
  }
  const bytes = JSON.stringify(converse).length;
  const rows = [];
  for (const [name, run] of [
    ['readTurn', readTurn],
    ['diagnoseCalls', diagnoseCalls],
  ]) {
    const { baselineNs, contenders } = await compare(
      () => discard(run(chat)),
      [() => discard(run(converse))],
    );
    const [ours] = contenders;
    rows.push(
      row('surfaces, per call', `${name}: a Converse exchange, 3 calls`, {
        value: ours.ratio,
        // "No more than Chat": 1.1x leaves room for this shared machine's noise, as the valid
        // jsonState rows do.
        target: 1.1,
        oursNs: ours.ns,
        baselineNs,
        baseline: BASELINE,
        bytes,
      }),
    );
    log(rows.at(-1));
  }
  return rows;
}

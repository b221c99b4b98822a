/**
 * The order-support agent on Anthropic's Messages API, through the official client. It gates
 * every tool_use block with tool-call-health's own `diagnoseCalls`: the pure API has no test
 * framework in it, so the check a test makes can also run before dispatch.
 *
 * The tools are not strict: Anthropic's strict mode rejects the refund cap (minimum/maximum),
 * and the cap matters more. So nothing holds the model to the schemas, and the gate does.
 */
import type Anthropic from '@anthropic-ai/sdk';
import { diagnoseCalls } from 'tool-call-health';

const ORDER_ID = {
  type: 'string',
  pattern: '^A-[0-9]{4}$',
  description: 'The order id, e.g. A-1001.',
};

export const TOOLS = [
  {
    name: 'lookup_order',
    description: 'Look up an order by id: status, carrier, delivery estimate and, if asked, items.',
    input_schema: {
      type: 'object',
      properties: { order_id: ORDER_ID, include_items: { type: 'boolean' } },
      required: ['order_id', 'include_items'],
      additionalProperties: false,
    },
  },
  {
    name: 'create_ticket',
    description: 'Open a support ticket on an order so a person follows up.',
    input_schema: {
      type: 'object',
      properties: {
        order_id: ORDER_ID,
        category: { type: 'string', enum: ['damaged', 'missing_item', 'late_delivery', 'billing'] },
        summary: { type: 'string' },
        priority: { type: 'string', enum: ['low', 'normal', 'high'] },
      },
      required: ['order_id', 'category', 'summary', 'priority'],
      additionalProperties: false,
    },
  },
  {
    name: 'issue_refund',
    description: 'Refund part or all of an order to the original payment method.',
    input_schema: {
      type: 'object',
      properties: {
        order_id: ORDER_ID,
        amount_cents: { type: 'integer', minimum: 1, maximum: 50_000 },
        currency: { type: 'string', enum: ['usd', 'eur'] },
        reason: { type: 'string', enum: ['damaged', 'missing_item', 'late_delivery', 'goodwill'] },
      },
      required: ['order_id', 'amount_cents', 'currency', 'reason'],
      additionalProperties: false,
    },
  },
] satisfies Anthropic.Tool[];

export const SYSTEM =
  'You are the order-support agent for Northwind Goods. Use the tools to look orders up, open tickets and issue refunds. Never promise a refund you have not issued.';

/** What runs a tool: the order service in production, a fake in tests. */
export type ToolRunner = (name: string, input: Record<string, unknown>) => unknown;

export interface Turn {
  request: Anthropic.MessageCreateParamsNonStreaming;
  message: Anthropic.Message;
  /** One tool_result per tool_use, in order, for the next user message. */
  results: Anthropic.ToolResultBlockParam[];
  /** max_tokens stopped the turn: ask again with more room rather than act on a part. */
  cut: boolean;
}

export class ClaudeSupportAgent {
  readonly #client: Anthropic;
  readonly #run: ToolRunner;
  readonly #maxTokens: number;

  constructor(client: Anthropic, run: ToolRunner, options: { maxTokens?: number } = {}) {
    this.#client = client;
    this.#run = run;
    this.#maxTokens = options.maxTokens ?? 1_024;
  }

  requestFor(text: string): Anthropic.MessageCreateParamsNonStreaming {
    return {
      model: 'claude-sonnet-4-6',
      max_tokens: this.#maxTokens,
      system: SYSTEM,
      tools: TOOLS,
      messages: [{ role: 'user', content: text }],
    };
  }

  async handle(text: string): Promise<Turn> {
    const request = this.requestFor(text);
    const message = await this.#client.messages.create(request);
    // A Message does not echo the tools, so the diagnosis gets the request beside it.
    const verdicts = diagnoseCalls({ request, response: message });
    const results = verdicts.map((verdict): Anthropic.ToolResultBlockParam => {
      const toolUseId = verdict.callId ?? '';
      if (verdict.state === 'dispatchable' || verdict.state === 'dispatchable-unconstrained') {
        const output = this.#run(verdict.name, verdict.arguments ?? {});
        return { type: 'tool_result', tool_use_id: toolUseId, content: JSON.stringify(output) };
      }
      const problems = verdict.problems.length > 0 ? `\n${verdict.problems.join('\n')}` : '';
      return {
        type: 'tool_result',
        tool_use_id: toolUseId,
        is_error: true,
        content: `Not run (${verdict.state}): ${verdict.detail}${problems}`,
      };
    });
    return { request, message, results, cut: message.stop_reason === 'max_tokens' };
  }
}

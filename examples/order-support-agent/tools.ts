/**
 * The order-support agent's three tools, declared for the OpenAI Responses API with strict
 * schemas: every property required, `additionalProperties: false`, optional values as nullable.
 */
import type OpenAI from 'openai';

const ORDER_ID = {
  type: 'string',
  pattern: '^A-[0-9]{4}$',
  description: 'The order id, e.g. A-1001.',
} as const;

export const LOOKUP_ORDER_PARAMETERS = {
  type: 'object',
  properties: {
    order_id: ORDER_ID,
    include_items: { type: 'boolean', description: 'Whether to include the line items.' },
  },
  required: ['order_id', 'include_items'],
  additionalProperties: false,
};

export const CREATE_TICKET_PARAMETERS = {
  type: 'object',
  properties: {
    order_id: ORDER_ID,
    category: { type: 'string', enum: ['damaged', 'missing_item', 'late_delivery', 'billing'] },
    summary: {
      type: 'string',
      description: 'One or two sentences for the person who picks the ticket up.',
    },
    priority: { type: 'string', enum: ['low', 'normal', 'high'] },
  },
  required: ['order_id', 'category', 'summary', 'priority'],
  additionalProperties: false,
};

/** Refunds above 500.00 go to a person, so the schema caps what the model may ask for. */
export const MAX_REFUND_CENTS = 50_000;

export const ISSUE_REFUND_PARAMETERS = {
  type: 'object',
  properties: {
    order_id: ORDER_ID,
    reason: { type: 'string', enum: ['damaged', 'missing_item', 'late_delivery', 'goodwill'] },
    currency: { type: 'string', enum: ['usd', 'eur'] },
    amount_cents: {
      type: 'integer',
      minimum: 1,
      maximum: MAX_REFUND_CENTS,
      description: 'The amount to refund, in cents.',
    },
    note: {
      type: ['string', 'null'],
      description: 'A note for the customer, or null for none.',
    },
  },
  required: ['order_id', 'reason', 'currency', 'amount_cents', 'note'],
  additionalProperties: false,
};

export const TOOLS = [
  {
    type: 'function',
    name: 'lookup_order',
    description: 'Look up an order by id: status, carrier, delivery estimate and, if asked, items.',
    parameters: LOOKUP_ORDER_PARAMETERS,
    strict: true,
  },
  {
    type: 'function',
    name: 'create_ticket',
    description: 'Open a support ticket on an order so a person follows up.',
    parameters: CREATE_TICKET_PARAMETERS,
    strict: true,
  },
  {
    type: 'function',
    name: 'issue_refund',
    description: 'Refund part or all of an order to the original payment method.',
    parameters: ISSUE_REFUND_PARAMETERS,
    strict: true,
  },
] satisfies OpenAI.Responses.FunctionTool[];

export type ToolName = 'lookup_order' | 'create_ticket' | 'issue_refund';

export const INSTRUCTIONS =
  'You are the order-support agent for Northwind Goods. Use the tools to look orders up, open tickets and issue refunds. Never promise a refund you have not issued.';

/**
 * The order-support agent's tools the fault tests declare, as JSON Schema: strict, with room for
 * every violation family (a pattern, an enum, a bounded number, a format, closed objects).
 */
export const TOOLS = [
  {
    name: 'lookup_order',
    description: 'Look up an order by its id.',
    strict: true,
    parameters: {
      type: 'object',
      properties: {
        order_id: { type: 'string', pattern: '^A-[0-9]{4}$' },
        include_items: { type: 'boolean' },
      },
      required: ['order_id', 'include_items'],
      additionalProperties: false,
    },
  },
  {
    name: 'refund_order',
    description: 'Refund part or all of an order.',
    strict: true,
    parameters: {
      type: 'object',
      properties: {
        order_id: { type: 'string' },
        amount: { type: 'number', minimum: 0.01, maximum: 5000 },
        currency: { type: 'string', enum: ['usd', 'eur'] },
        requested_on: { type: 'string', format: 'date' },
      },
      required: ['order_id', 'amount', 'currency', 'requested_on'],
      additionalProperties: false,
    },
  },
];

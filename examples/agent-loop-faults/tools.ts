/**
 * The agent's two tools, declared with zod and `zodFunction` from the official client, so the
 * schema the model sees (strict) and the check the loop runs are one definition. Strict objects:
 * the model is told `additionalProperties: false`, and a plain `z.object` would quietly drop an
 * undeclared key instead of rejecting the call.
 */
import { zodFunction } from 'openai/helpers/zod';
import { z } from 'zod';

const orderId = z.string().regex(/^A-[0-9]{4}$/, 'an order id such as A-1042');

export const LookupOrder = z.strictObject({ order_id: orderId });

export const IssueRefund = z.strictObject({
  order_id: orderId,
  amount_cents: z.number().int().min(1).max(50_000),
  reason: z.enum(['damaged', 'missing_item', 'late_delivery']),
});

export type LookupOrderArguments = z.infer<typeof LookupOrder>;
export type IssueRefundArguments = z.infer<typeof IssueRefund>;

export const TOOLS = [
  zodFunction({
    name: 'lookup_order',
    description: 'Look up an order: status, total and what was refunded.',
    parameters: LookupOrder,
  }),
  zodFunction({
    name: 'issue_refund',
    description: 'Refund part of an order to the original payment method.',
    parameters: IssueRefund,
  }),
];

export type ToolName = 'lookup_order' | 'issue_refund';

interface Order {
  status: 'shipped' | 'delivered';
  total_cents: number;
}

/**
 * What the tools reach: an in-memory order desk. In production these are calls to the order
 * service; here the desk keeps every call it ran, so a test can check what the loop did.
 */
export class OrderDesk {
  readonly ran: Array<{ name: ToolName; arguments: unknown }> = [];
  readonly #orders = new Map<string, Order>([
    ['A-1042', { status: 'shipped', total_cents: 8_999 }],
    ['A-2011', { status: 'delivered', total_cents: 4_500 }],
  ]);
  readonly #refunded = new Map<string, number>();

  lookupOrder(args: LookupOrderArguments): Record<string, unknown> {
    this.ran.push({ name: 'lookup_order', arguments: args });
    const order = this.#orders.get(args.order_id);
    if (order === undefined) return { error: `no order ${args.order_id}` };
    return { ...order, refunded_cents: this.#refunded.get(args.order_id) ?? 0 };
  }

  issueRefund(args: IssueRefundArguments): Record<string, unknown> {
    this.ran.push({ name: 'issue_refund', arguments: args });
    const order = this.#orders.get(args.order_id);
    if (order === undefined) return { error: `no order ${args.order_id}` };
    const refunded = (this.#refunded.get(args.order_id) ?? 0) + args.amount_cents;
    if (refunded > order.total_cents) return { error: 'refunds would exceed the order total' };
    this.#refunded.set(args.order_id, refunded);
    return { refunded_cents: args.amount_cents };
  }
}

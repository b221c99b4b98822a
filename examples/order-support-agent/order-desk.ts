/**
 * The business side the tools reach: an in-memory order desk. In production these would be
 * calls to the order service; here they keep what they did, so tests can check it.
 */
import type { CreateTicketArguments, IssueRefundArguments, ToolCall } from './arguments.js';

export interface Order {
  id: string;
  status: 'processing' | 'shipped' | 'delivered';
  carrier: string | null;
  total_cents: number;
  currency: 'usd' | 'eur';
  items: string[];
}

export class OrderDesk {
  readonly tickets: Array<CreateTicketArguments & { ticket_id: string }> = [];
  readonly refunds: IssueRefundArguments[] = [];
  readonly #orders: ReadonlyMap<string, Order>;

  constructor(orders: readonly Order[]) {
    this.#orders = new Map(orders.map((order) => [order.id, order]));
  }

  /** Runs one checked call; what it returns goes back to the model as the tool's output. */
  run(call: ToolCall): Record<string, unknown> {
    const order = this.#orders.get(call.arguments.order_id);
    if (order === undefined) return { error: `no order ${call.arguments.order_id}` };
    switch (call.name) {
      case 'lookup_order': {
        const { items, ...summary } = order;
        return call.arguments.include_items ? { ...summary, items } : summary;
      }
      case 'create_ticket': {
        const ticket_id = `T-${String(this.tickets.length + 1).padStart(4, '0')}`;
        this.tickets.push({ ...call.arguments, ticket_id });
        return { ticket_id };
      }
      case 'issue_refund': {
        const refunded = this.refunds
          .filter((refund) => refund.order_id === order.id)
          .reduce((sum, refund) => sum + refund.amount_cents, 0);
        if (call.arguments.currency !== order.currency) {
          return { error: `order ${order.id} was paid in ${order.currency}` };
        }
        if (refunded + call.arguments.amount_cents > order.total_cents) {
          return { error: `refunds would exceed the order total of ${order.total_cents} cents` };
        }
        this.refunds.push(call.arguments);
        return { refunded_cents: call.arguments.amount_cents };
      }
    }
  }
}

/** The orders the tests and the recordings talk about. */
export const SAMPLE_ORDERS: readonly Order[] = [
  {
    id: 'A-1042',
    status: 'shipped',
    carrier: 'UPS',
    total_cents: 8_999,
    currency: 'usd',
    items: ['Espresso grinder'],
  },
  {
    id: 'A-2011',
    status: 'delivered',
    carrier: 'DHL',
    total_cents: 4_500,
    currency: 'eur',
    items: ['Kettle'],
  },
  {
    id: 'A-2012',
    status: 'delivered',
    carrier: 'DHL',
    total_cents: 129_900,
    currency: 'eur',
    items: ['Fridge'],
  },
];

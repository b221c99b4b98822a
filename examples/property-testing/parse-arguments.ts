/**
 * A small hand-written argument parser and dispatcher for an order-support agent: the kind of
 * code that sits between a model's tool call and your handlers. parse-arguments.test.ts
 * property-tests it with tool-call-health's arbitraries.
 */
import { jsonState } from 'tool-call-health';

export const ISSUE_REFUND_SCHEMA = {
  type: 'object',
  additionalProperties: false,
  required: ['order_id', 'amount_cents', 'currency', 'reason'],
  properties: {
    order_id: { type: 'string', pattern: '^A-[0-9]{4}$' },
    amount_cents: { type: 'integer', minimum: 1, maximum: 500_000 },
    currency: { type: 'string', enum: ['usd', 'eur'] },
    reason: { type: 'string', enum: ['damaged', 'missing_item', 'late_delivery', 'goodwill'] },
    note: { type: 'string', maxLength: 200 },
  },
};

export const LOOKUP_ORDER_SCHEMA = {
  type: 'object',
  additionalProperties: false,
  required: ['order_id', 'include_items'],
  properties: {
    order_id: { type: 'string', pattern: '^A-[0-9]{4}$' },
    include_items: { type: 'boolean' },
  },
};

/** One problem with the arguments, named by its path the way tool-call-health names it. */
export interface ArgumentProblem {
  path: string;
  message: string;
}

export type ParseResult =
  | { ok: true; args: Record<string, unknown> }
  /** The text stops mid-JSON: the output was cut, so ask again with more room. */
  | { ok: false; reason: 'truncated' }
  /** The text is not JSON at all: send the parse error back to the model. */
  | { ok: false; reason: 'malformed' }
  /** JSON, but not the arguments the tool takes: send the problems back to the model. */
  | { ok: false; reason: 'invalid'; problems: ArgumentProblem[] };

type Checker = (
  args: Record<string, unknown>,
  problem: (field: string, message: string) => void,
) => void;

const ORDER_ID = /^A-[0-9]{4}$/;

const checkRefund: Checker = (args, problem) => {
  const { order_id, amount_cents, currency, reason, note } = args;
  if ('order_id' in args && (typeof order_id !== 'string' || !ORDER_ID.test(order_id))) {
    problem('order_id', 'expected an order id like A-1001');
  }
  if ('amount_cents' in args) {
    if (typeof amount_cents !== 'number' || !Number.isInteger(amount_cents))
      problem('amount_cents', 'expected whole cents');
    else if (amount_cents < 1 || amount_cents > 500_000)
      problem('amount_cents', 'expected 1 to 500000 cents');
  }
  if ('currency' in args && currency !== 'usd' && currency !== 'eur')
    problem('currency', 'expected usd or eur');
  // Check the type first: String(['damaged']) is 'damaged' (violatingArgumentsFor found that one).
  const reasons = ['damaged', 'missing_item', 'late_delivery', 'goodwill'];
  if ('reason' in args && (typeof reason !== 'string' || !reasons.includes(reason))) {
    problem('reason', 'expected one of the refund reasons');
  }
  // Models count characters, not UTF-16 units: so does the schema.
  if ('note' in args && (typeof note !== 'string' || [...note].length > 200))
    problem('note', 'expected at most 200 characters');
};

const checkLookup: Checker = (args, problem) => {
  if ('order_id' in args && (typeof args.order_id !== 'string' || !ORDER_ID.test(args.order_id))) {
    problem('order_id', 'expected an order id like A-1001');
  }
  if ('include_items' in args && typeof args.include_items !== 'boolean')
    problem('include_items', 'expected true or false');
};

const TOOLS: Record<
  string,
  { schema: { required: string[]; properties: object }; check: Checker }
> = {
  issue_refund: { schema: ISSUE_REFUND_SCHEMA, check: checkRefund },
  lookup_order: { schema: LOOKUP_ORDER_SCHEMA, check: checkLookup },
};

/** Parses and checks the arguments of a call to one of our tools, by hand. */
export function parseArguments(tool: 'issue_refund' | 'lookup_order', text: string): ParseResult {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    // A cut answer and a broken one need different fixes; tell them apart.
    return { ok: false, reason: jsonState(text) === 'truncated' ? 'truncated' : 'malformed' };
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    return {
      ok: false,
      reason: 'invalid',
      problems: [{ path: 'arguments', message: 'expected an object' }],
    };
  }
  const args = value as Record<string, unknown>;
  const { schema, check } = TOOLS[tool] as (typeof TOOLS)[string];
  const problems: ArgumentProblem[] = [];
  const problem = (field: string, message: string) =>
    problems.push({ path: `arguments.${field}`, message });
  for (const field of schema.required)
    if (!Object.hasOwn(args, field)) problem(field, 'required and missing');
  for (const field of Object.keys(args))
    if (!Object.hasOwn(schema.properties, field)) problem(field, 'not a parameter');
  check(args, problem);
  return problems.length > 0 ? { ok: false, reason: 'invalid', problems } : { ok: true, args };
}

/** One tool call as Chat Completions delivers it. */
export interface ChatToolCall {
  id: string;
  type: 'function';
  function: { name: string; arguments: string };
}

/** What the dispatcher did with one call. */
export type Outcome =
  | { callId: string; status: 'ran' }
  | { callId: string; status: 'rejected'; why: string };

/** A Chat Completions response, as far as the dispatcher reads it. */
export interface ChatCompletion {
  choices: { finish_reason: string; message: { tool_calls?: ChatToolCall[] | null } }[];
  usage?: { completion_tokens: number };
}

/**
 * Runs every call whose arguments check out (here: just says so); rejects the rest with a
 * reason. A turn that was cut runs nothing (the calls that would have followed may be missing):
 * one stopped by the ceiling or a filter, or one that says it finished after using the whole
 * `ceiling` it was sent with (a server that reports a cut as a finish). A call that repeats an
 * earlier one, name and arguments, runs once.
 */
export function dispatch(completion: ChatCompletion, ceiling?: number): Outcome[] {
  const [choice] = completion.choices;
  const calls = choice?.message.tool_calls ?? [];
  const used = completion.usage?.completion_tokens;
  const cut =
    choice?.finish_reason === 'length' || choice?.finish_reason === 'content_filter'
      ? `finish_reason ${choice.finish_reason}`
      : ceiling !== undefined && used !== undefined && used >= ceiling
        ? `all ${ceiling} tokens used`
        : undefined;
  if (cut !== undefined) {
    return calls.map(({ id }) => ({
      callId: id,
      status: 'rejected',
      why: `the turn was cut (${cut})`,
    }));
  }
  const ran = new Map<string, string>();
  return calls.map(({ id, function: { name, arguments: text } }) => {
    if (name !== 'issue_refund' && name !== 'lookup_order') {
      return { callId: id, status: 'rejected', why: `no tool named ${name}` };
    }
    const parsed = parseArguments(name, text);
    if (!parsed.ok) {
      const why =
        parsed.reason === 'invalid'
          ? parsed.problems.map((item) => `${item.path}: ${item.message}`).join('; ')
          : parsed.reason;
      return { callId: id, status: 'rejected', why };
    }
    // The same arguments in another key order are the same call: a refund is paid once.
    const key = `${name} ${JSON.stringify(Object.entries(parsed.args).sort(([a], [b]) => (a < b ? -1 : 1)))}`;
    const first = ran.get(key);
    if (first !== undefined) return { callId: id, status: 'rejected', why: `repeats ${first}` };
    ran.set(key, id);
    return { callId: id, status: 'ran' };
  });
}

/**
 * Turns a function call's `arguments` text into typed arguments for one of the agent's tools,
 * or says why it cannot: the text was cut, is broken, or breaks the tool's schema. The problems
 * are worded for the model, which gets them back as the tool's output and can try again.
 */
import { jsonrepair } from 'jsonrepair';
import { jsonState } from 'tool-call-health';
import { MAX_REFUND_CENTS, type ToolName } from './tools.js';

export interface LookupOrderArguments {
  order_id: string;
  include_items: boolean;
}

export interface CreateTicketArguments {
  order_id: string;
  category: 'damaged' | 'missing_item' | 'late_delivery' | 'billing';
  summary: string;
  priority: 'low' | 'normal' | 'high';
}

export interface IssueRefundArguments {
  order_id: string;
  reason: 'damaged' | 'missing_item' | 'late_delivery' | 'goodwill';
  currency: 'usd' | 'eur';
  amount_cents: number;
  note: string | null;
}

export type ToolCall =
  | { name: 'lookup_order'; arguments: LookupOrderArguments }
  | { name: 'create_ticket'; arguments: CreateTicketArguments }
  | { name: 'issue_refund'; arguments: IssueRefundArguments };

export type ParsedCall =
  | { ok: true; call: ToolCall; repaired: boolean }
  /** A proper prefix of JSON: the output ceiling cut the call. Never guess the rest. */
  | { ok: false; reason: 'truncated' }
  /** Not JSON, and not repairable into JSON. */
  | { ok: false; reason: 'malformed' }
  | { ok: false; reason: 'unknown-tool' }
  /** JSON, and not what the tool takes: one line per problem, `arguments.<key>: <what is wrong>`. */
  | { ok: false; reason: 'invalid'; problems: string[] };

export type Decoded =
  | { ok: true; value: unknown; repaired: boolean }
  | { ok: false; reason: 'truncated' | 'malformed' };

/**
 * Decodes arguments text. Models sometimes send near-JSON (a trailing comma, a markdown
 * fence, Python's `True`), which jsonrepair fixes; a cut text it must not touch.
 */
export function decodeArguments(text: string): Decoded {
  try {
    return { ok: true, value: JSON.parse(text), repaired: false };
  } catch {
    // The fix for the bug `truncated text is never dispatched` (arguments.test.ts) found:
    // jsonrepair completes a prefix too, so `{"amount_cents":12` (cut from 1200) became a
    // valid refund of 12 cents. A prefix of JSON is a cut answer, not a broken one.
    if (jsonState(text) === 'truncated') return { ok: false, reason: 'truncated' };
    try {
      return { ok: true, value: JSON.parse(jsonrepair(text)), repaired: true };
    } catch {
      return { ok: false, reason: 'malformed' };
    }
  }
}

const ORDER_ID = /^A-[0-9]{4}$/;

type Check = (value: unknown) => string | null;

const orderId: Check = (value) =>
  typeof value === 'string' && ORDER_ID.test(value) ? null : 'expected an order id like A-1001';
const oneOf =
  (...allowed: string[]): Check =>
  (value) =>
    typeof value === 'string' && allowed.includes(value)
      ? null
      : `expected one of ${allowed.join(', ')}`;
const boolean: Check = (value) => (typeof value === 'boolean' ? null : 'expected true or false');
const text: Check = (value) => (typeof value === 'string' ? null : 'expected a string');
const textOrNull: Check = (value) =>
  value === null || typeof value === 'string' ? null : 'expected a string or null';
const cents: Check = (value) => {
  if (typeof value !== 'number' || !Number.isInteger(value)) return 'expected whole cents';
  return value >= 1 && value <= MAX_REFUND_CENTS
    ? null
    : `expected 1 to ${MAX_REFUND_CENTS} cents; larger refunds go to a person`;
};

/** Each tool's keys and their checks; every key is required, as strict mode wants. */
const SCHEMAS: Record<ToolName, Record<string, Check>> = {
  lookup_order: { order_id: orderId, include_items: boolean },
  create_ticket: {
    order_id: orderId,
    category: oneOf('damaged', 'missing_item', 'late_delivery', 'billing'),
    summary: text,
    priority: oneOf('low', 'normal', 'high'),
  },
  issue_refund: {
    order_id: orderId,
    reason: oneOf('damaged', 'missing_item', 'late_delivery', 'goodwill'),
    currency: oneOf('usd', 'eur'),
    amount_cents: cents,
    note: textOrNull,
  },
};

const isToolName = (name: string): name is ToolName => Object.hasOwn(SCHEMAS, name);

/** Checks decoded arguments against the tool's schema. */
export function checkArguments(name: string, value: unknown): ParsedCall {
  if (!isToolName(name)) return { ok: false, reason: 'unknown-tool' };
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    return { ok: false, reason: 'invalid', problems: ['arguments: expected an object'] };
  }
  const checks = SCHEMAS[name];
  const problems: string[] = [];
  for (const [key, check] of Object.entries(checks)) {
    if (!Object.hasOwn(value, key)) problems.push(`arguments.${key}: required and missing`);
    else {
      const problem = check(Reflect.get(value, key));
      if (problem !== null) problems.push(`arguments.${key}: ${problem}`);
    }
  }
  for (const key of Object.keys(value)) {
    if (!Object.hasOwn(checks, key)) problems.push(`arguments.${key}: not a parameter of ${name}`);
  }
  if (problems.length > 0) return { ok: false, reason: 'invalid', problems };
  // Every key was checked above, so the value has the tool's argument type.
  return { ok: true, call: { name, arguments: value } as ToolCall, repaired: false };
}

/** Decodes and checks one call's arguments. */
export function parseToolCall(name: string, argumentsText: string): ParsedCall {
  if (!isToolName(name)) return { ok: false, reason: 'unknown-tool' };
  const decoded = decodeArguments(argumentsText);
  if (!decoded.ok) return decoded;
  const checked = checkArguments(name, decoded.value);
  return checked.ok ? { ...checked, repaired: decoded.repaired } : checked;
}

/**
 * A stand-in for the OpenAI Responses API, for tests and for recording scenarios offline: it
 * answers a request with the calls a scenario plans, in the API's wire format, and echoes the
 * request the way the API does (tools, `parallel_tool_calls`, `max_output_tokens`). Output
 * tokens are counted roughly (4 characters a token), so a ceiling that is too low cuts the
 * last call mid-arguments exactly where the real API would stop: a prefix, status incomplete.
 */
import { createHash } from 'node:crypto';

export interface PlannedCall {
  name: string;
  /** The arguments text the model writes. */
  arguments: string;
}

export interface Plan {
  calls: PlannedCall[];
  /** Tokens the model spends reasoning before the first call (default 64). */
  reasoningTokens?: number;
}

/** A planned call with arguments written as JSON.stringify writes them. */
export const call = (name: string, args: Record<string, unknown>): PlannedCall => ({
  name,
  arguments: JSON.stringify(args),
});

const field = (body: unknown, key: string): unknown =>
  typeof body === 'object' && body !== null ? Reflect.get(body, key) : undefined;

const SNAPSHOTS: Record<string, string> = {
  'gpt-5': 'gpt-5-2025-08-07',
  'gpt-4.1': 'gpt-4.1-2025-04-14',
};

/** The response the API would send for `body` (the request as sent) if the model did `plan`. */
export function respond(body: unknown, plan: Plan): Record<string, unknown> {
  // Ids derive from the request, so the same request always gets the same response.
  const digest = createHash('sha256').update(JSON.stringify(body)).digest('hex');
  const id = (prefix: string, index: number) =>
    `${prefix}_${digest.slice(index * 8, index * 8 + 48)}`;
  const ceiling = field(body, 'max_output_tokens');
  const budget = typeof ceiling === 'number' ? ceiling : Number.POSITIVE_INFINITY;
  const reasoningTokens = Math.min(plan.reasoningTokens ?? 64, budget);
  let spent = reasoningTokens;
  let incomplete = reasoningTokens < (plan.reasoningTokens ?? 64);
  const output: Record<string, unknown>[] = [{ id: id('rs', 0), type: 'reasoning', summary: [] }];
  for (const [index, planned] of plan.calls.entries()) {
    if (spent >= budget) {
      incomplete = true;
      break;
    }
    const tokens = Math.ceil((planned.name.length + planned.arguments.length) / 4) + 4;
    const left = budget - spent;
    const cut = tokens > left;
    spent += cut ? left : tokens;
    output.push({
      id: id('fc', index + 1),
      type: 'function_call',
      status: cut ? 'incomplete' : 'completed',
      arguments: cut ? planned.arguments.slice(0, cutAt(planned, left)) : planned.arguments,
      call_id: `call_${digest.slice(40 + index * 6, 64 + index * 6)}`,
      name: planned.name,
    });
    if (cut) {
      incomplete = true;
      break;
    }
  }
  const model = field(body, 'model');
  return {
    id: id('resp', 0),
    object: 'response',
    created_at: 1_764_489_600,
    status: incomplete ? 'incomplete' : 'completed',
    background: false,
    error: null,
    incomplete_details: incomplete ? { reason: 'max_output_tokens' } : null,
    instructions: field(body, 'instructions') ?? null,
    max_output_tokens: typeof ceiling === 'number' ? ceiling : null,
    max_tool_calls: null,
    model: typeof model === 'string' ? (SNAPSHOTS[model] ?? model) : null,
    output,
    // The API's default when the request leaves it out.
    parallel_tool_calls: field(body, 'parallel_tool_calls') ?? true,
    previous_response_id: null,
    reasoning: { effort: 'medium', summary: null },
    service_tier: 'default',
    store: true,
    temperature: 1,
    text: { format: { type: 'text' }, verbosity: 'medium' },
    tool_choice: 'auto',
    tools: field(body, 'tools') ?? [],
    top_p: 1,
    truncation: 'disabled',
    usage: {
      input_tokens: 612,
      input_tokens_details: { cached_tokens: 0 },
      output_tokens: spent,
      output_tokens_details: { reasoning_tokens: reasoningTokens },
      total_tokens: 612 + spent,
    },
    user: null,
    metadata: {},
  };
}

/** How much of a call's arguments fits in the tokens left: never all of it. */
function cutAt(planned: PlannedCall, tokensLeft: number): number {
  const characters = Math.max(0, tokensLeft - 4) * 4 - planned.name.length;
  return Math.max(0, Math.min(planned.arguments.length - 1, characters));
}

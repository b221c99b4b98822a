/**
 * The dispatcher: runs each function call whose arguments check out, and turns every other
 * call into a tool output that tells the model what was wrong, so it can try again.
 */
import type OpenAI from 'openai';
import { type ParsedCall, parseToolCall } from './arguments.js';
import type { OrderDesk } from './order-desk.js';

/** A function call as the Responses API returns it, as far as the dispatcher reads it. */
export type FunctionCall = Pick<
  OpenAI.Responses.ResponseFunctionToolCall,
  'call_id' | 'name' | 'arguments'
>;

/**
 * Why a call did not run: its own arguments, its turn being cut (the calls that would have
 * followed may be missing), or its repeating an earlier call of the turn, which ran once.
 */
export type Rejection = Exclude<ParsedCall, { ok: true }>['reason'] | 'turn-cut' | 'repeat';

export type Outcome =
  | {
      callId: string;
      name: string;
      status: 'ran';
      /** The arguments were near-JSON that jsonrepair fixed, and the fix passed the schema. */
      repaired: boolean;
      output: Record<string, unknown>;
    }
  | {
      callId: string;
      name: string;
      status: 'rejected';
      reason: Rejection;
      output: Record<string, unknown>;
    };

/** A Responses API turn, as far as the dispatcher reads it. */
export type DispatchedTurn = Pick<
  OpenAI.Responses.Response,
  'output' | 'status' | 'incomplete_details' | 'usage' | 'max_output_tokens'
>;

/** The function calls of a response, in order; other output items are not the dispatcher's. */
export function functionCalls(response: Pick<OpenAI.Responses.Response, 'output'>): FunctionCall[] {
  return response.output.filter(
    (item): item is OpenAI.Responses.ResponseFunctionToolCall => item.type === 'function_call',
  );
}

const WHY: Record<Rejection, string> = {
  truncated: 'Your arguments were cut off by the output limit. Send the call again, shorter.',
  malformed: 'Your arguments are not JSON. Send the call again with a JSON object.',
  'unknown-tool': 'There is no tool by that name.',
  invalid: 'Your arguments do not match the tool schema.',
  'turn-cut': 'Your answer was cut off before it finished, so none of its calls ran. Answer again.',
  repeat: 'This call repeats an earlier one of the same answer, which ran once: see its result.',
};

/**
 * Whether the turn was cut: stopped by the output limit or a filter, or reported finished
 * after using every output token it was allowed (a cut a server reports as a finish).
 */
function wasCut(turn: DispatchedTurn): boolean {
  if (turn.status === 'incomplete') return true;
  const ceiling = turn.max_output_tokens;
  return typeof ceiling === 'number' && (turn.usage?.output_tokens ?? 0) >= ceiling;
}

/**
 * Runs the calls of a turn in order; a rejected call does not stop the ones after it. A cut
 * turn runs nothing, and a call with the same name and arguments as an earlier one (key order
 * aside) runs once: a refund asked for twice in one answer is paid once.
 */
export function dispatchTurn(turn: DispatchedTurn, desk: OrderDesk): Outcome[] {
  const cut = wasCut(turn);
  const ran = new Set<string>();
  return functionCalls(turn).map(({ call_id: callId, name, arguments: text }) => {
    const parsed = parseToolCall(name, text);
    if (!parsed.ok) return rejected(callId, name, parsed.reason, parsed);
    if (cut) return rejected(callId, name, 'turn-cut');
    const key = `${name} ${sortedJson(parsed.call)}`;
    if (ran.has(key)) return rejected(callId, name, 'repeat');
    ran.add(key);
    return {
      callId,
      name,
      status: 'ran',
      repaired: parsed.repaired,
      output: desk.run(parsed.call),
    };
  });
}

function rejected(callId: string, name: string, reason: Rejection, parsed?: ParsedCall): Outcome {
  const problems =
    parsed?.ok === false && parsed.reason === 'invalid' ? { problems: parsed.problems } : {};
  return { callId, name, status: 'rejected', reason, output: { error: WHY[reason], ...problems } };
}

/** JSON with every object's keys sorted, so the same arguments give the same text. */
function sortedJson(value: unknown): string {
  return JSON.stringify(value, (_key, item: unknown) =>
    typeof item === 'object' && item !== null && !Array.isArray(item)
      ? Object.fromEntries(Object.entries(item).sort(([a], [b]) => (a < b ? -1 : 1)))
      : item,
  );
}

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
      reason: Exclude<ParsedCall, { ok: true }>['reason'];
      output: Record<string, unknown>;
    };

/** The function calls of a response, in order; other output items are not the dispatcher's. */
export function functionCalls(response: Pick<OpenAI.Responses.Response, 'output'>): FunctionCall[] {
  return response.output.filter(
    (item): item is OpenAI.Responses.ResponseFunctionToolCall => item.type === 'function_call',
  );
}

const WHY: Record<Exclude<ParsedCall, { ok: true }>['reason'], string> = {
  truncated: 'Your arguments were cut off by the output limit. Send the call again, shorter.',
  malformed: 'Your arguments are not JSON. Send the call again with a JSON object.',
  'unknown-tool': 'There is no tool by that name.',
  invalid: 'Your arguments do not match the tool schema.',
};

/** Runs the calls in order; a rejected call does not stop the ones after it. */
export function dispatchCalls(calls: readonly FunctionCall[], desk: OrderDesk): Outcome[] {
  return calls.map(({ call_id: callId, name, arguments: text }) => {
    const parsed = parseToolCall(name, text);
    if (parsed.ok) {
      return {
        callId,
        name,
        status: 'ran',
        repaired: parsed.repaired,
        output: desk.run(parsed.call),
      };
    }
    const problems = parsed.reason === 'invalid' ? { problems: parsed.problems } : {};
    return {
      callId,
      name,
      status: 'rejected',
      reason: parsed.reason,
      output: { error: WHY[parsed.reason], ...problems },
    };
  });
}

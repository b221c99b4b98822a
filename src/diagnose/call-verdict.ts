/**
 * The verdict on one call: its states, its shape, and the one builder every verdict is made
 * with, shared by the wire calls (dispatch.ts) and MCP calls (mcp-call.ts).
 */
import type { ToolCall } from '../model/model.js';

/**
 * What one tool call is fit for. `turn-cut` is a call whose arguments are whole and valid in a
 * turn that was cut (see {@link turnCut}): the calls that would have followed may be missing.
 * `duplicate-call` is a later call with the same name and arguments as an earlier one in its
 * turn. A finding about the call itself wins over both (unparseable, truncated, unknown, a
 * violation, a schema that does not compile), because that call must not run even alone in a
 * whole turn; `duplicate-call` wins over `turn-cut`, and both over `dispatchable` and
 * `dispatchable-unconstrained`.
 */
export type CallState =
  | 'dispatchable'
  | 'dispatchable-unconstrained'
  | 'arguments-violate-schema'
  | 'arguments-unparseable'
  | 'arguments-truncated'
  | 'turn-cut'
  | 'duplicate-call'
  | 'unknown-tool'
  | 'schema-invalid'
  | 'unreadable';

/** The verdict on one call. */
export interface CallVerdict {
  name: string;
  callId: string | null;
  state: CallState;
  /** One or two sentences on what was found, with this call's own evidence. */
  detail: string;
  /** What the person who owns the code should do, most useful first; empty when healthy. */
  repairs: string[];
  /** One line per schema violation, each with its path from `arguments`. */
  problems: string[];
  /** Where the call sits in the payload. */
  at: string;
  /**
   * The decoded arguments, when they decoded to an object; left out when they nest too deep to
   * validate (they could not be serialised or diffed either).
   */
  arguments?: Record<string, unknown>;
  /**
   * For `arguments-violate-schema`: the index, in the arguments' text, of the character from
   * which no completion could be valid, as `watchArguments` finds it; everything after it was
   * generated (and paid for) for a call already doomed. The text is the arguments as sent, or
   * the JSON text of them as decoded where a provider sends them as an object, or where the
   * text names a key twice (`JSON.parse` keeps the last). Absent when only the whole text
   * breaks the schema (a required key missing, a `pattern`).
   */
  doomedAt?: number;
}

/**
 * Builds a verdict as one literal of a fixed shape: object spreads here cost as much as
 * parsing the arguments, and every verdict of a run shares one hidden class this way.
 */
export function verdict(
  call: ToolCall,
  state: CallState,
  detail: string,
  repairs: string[],
  problems: string[] = [],
  value?: Record<string, unknown>,
): CallVerdict {
  const { name, callId, at } = call;
  return value === undefined
    ? { name, callId, problems, at, state, detail, repairs }
    : { name, callId, problems, at, arguments: value, state, detail, repairs };
}

/**
 * Repeated calls: a later call of a turn with the same name and the same arguments as an
 * earlier one is `duplicate-call`. A dispatcher that runs every call runs it twice (a refund
 * issued twice), and each copy has its own call id, so keying a handler on the id does not help.
 */
import type { ToolCall, Turn } from '../model/model.js';
import { turnCut } from '../model/turn.js';
import { canonicalSchemaKey } from '../schema/canonical.js';
import { cutTurnRepairs } from './call-repairs.js';
import { type CallState, type CallVerdict, verdict } from './call-verdict.js';
import { cutPhrase, quoted } from './wording.js';

/**
 * The states a repeat overrides: a call's own findings (unparseable, a violation, an unknown
 * tool) say more about it than its being a repeat; a repeat says more than a cut turn.
 */
const OVERRIDDEN: ReadonlySet<CallState> = new Set([
  'dispatchable',
  'dispatchable-unconstrained',
  'turn-cut',
]);

/** Answers the repeat instead of running it; its id still needs a result in the history. */
const REPEAT_REPAIR =
  'Run each distinct call once: answer a repeat with the first call’s result instead of running it again (its call id still needs a result), and make side-effecting handlers idempotent on their arguments, since every repeat comes with a call id of its own.';

/**
 * The verdicts with each repeat marked `duplicate-call`, naming the first call it repeats.
 *
 * @example
 * markRepeats(turn, verdicts)[1].state; // 'duplicate-call' when calls 0 and 1 are both lookup_order({"order_id":"A1"})
 */
export function markRepeats(turn: Turn, verdicts: CallVerdict[]): CallVerdict[] {
  const marked = [...verdicts];
  const decoded = verdicts.map((judged) => judged.arguments);
  for (const [index, first] of repeatsIn(turn, decoded)) {
    const found = verdicts[index] as CallVerdict;
    if (OVERRIDDEN.has(found.state)) marked[index] = repeatVerdict(turn, index, first, found);
  }
  return marked;
}

/**
 * Each call that repeats an earlier one of its turn, by its index, with the index of the first
 * it repeats. Arguments are compared as parsed JSON, key order aside; as text where they do not
 * parse. Only calls that share a name are compared, so a turn of distinct calls costs one pass.
 * `decoded` holds arguments already decoded, by call index, so they are not parsed again.
 *
 * @example
 * repeatsIn(turn); // Map { 1 => 0 } when calls 0 and 1 are both lookup_order({"order_id":"A1"})
 */
export function repeatsIn(
  turn: Turn,
  decoded: readonly (Record<string, unknown> | undefined)[] = [],
): Map<number, number> {
  const byName = new Map<string, number[]>();
  turn.calls.forEach((call, index) => {
    const same = byName.get(call.name);
    if (same === undefined) byName.set(call.name, [index]);
    else same.push(index);
  });
  const repeats = new Map<number, number>();
  for (const indexes of byName.values()) {
    if (indexes.length < 2) continue;
    const firstOf = new Map<string, number>();
    for (const index of indexes) {
      const key = argumentsKey(turn.calls[index] as ToolCall, decoded[index]);
      const first = firstOf.get(key);
      if (first === undefined) firstOf.set(key, index);
      else repeats.set(index, first);
    }
  }
  return repeats;
}

/** What two calls must share to be one call twice: parsed arguments, or their text. */
function argumentsKey(call: ToolCall, decoded: Record<string, unknown> | undefined): string {
  const args = call.arguments;
  switch (args.form) {
    case 'json-text':
      return jsonKey(decoded ?? parsed(args.text)) ?? `text:${args.text}`;
    case 'free-text':
      return `text:${args.text}`;
    case 'object':
      return jsonKey(decoded ?? args.value) ?? `call:${call.at}`;
    case 'missing':
      // Nothing to compare: such a call is its own finding, and never marked.
      return `call:${call.at}`;
  }
}

/** The value's JSON with its keys sorted, or `undefined` where it has none (too deep, a cycle). */
function jsonKey(value: unknown): string | undefined {
  if (value === undefined) return undefined;
  const canonical = canonicalSchemaKey(value);
  return canonical.ok ? `json:${canonical.key}` : undefined;
}

function parsed(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

function repeatVerdict(turn: Turn, index: number, first: number, found: CallVerdict): CallVerdict {
  const call = turn.calls[index] as ToolCall;
  const original = turn.calls[first] as ToolCall;
  const id = original.callId === null ? '' : ` (${original.callId})`;
  const cut = found.state === 'turn-cut' ? turnCut(turn) : null;
  return verdict(
    call,
    'duplicate-call',
    `Repeats the call at ${original.at}${id}: ${quoted(call.name)} with the same arguments. A dispatcher that runs every call runs it twice.${cut === null ? '' : ` Its turn was cut too: ${cutPhrase(turn, cut)}.`}`,
    cut === null ? [REPEAT_REPAIR] : [REPEAT_REPAIR, ...cutTurnRepairs(turn, cut)],
    [],
    found.arguments,
  );
}

/**
 * Long histories for the hardening suites: `rounds` rounds of one call and its result on each
 * surface, written by the arbitraries' own script writer, with a break at the end or not.
 */
import { SCRIPT_TOOLS } from '../../src/arbitraries/_internals/script-tools.js';
import { SURFACE_IDS } from '../../src/registry/index.js';
import type { Script } from '../../src/surfaces/history-script.js';
import { historyWriterFor } from '../../src/writers/index.js';

export const HISTORY_SURFACES = SURFACE_IDS;

/** A loop of `rounds` rounds; with `unanswered`, the last call's result is missing. */
export function longHistory(
  surface: (typeof SURFACE_IDS)[number],
  rounds: number,
  unanswered = false,
): Record<string, unknown> {
  const script: Script = {
    tools: SCRIPT_TOOLS,
    prompt: 'Go',
    answer: 'Done',
    followUp: 'Thanks',
    rounds: Array.from({ length: rounds }, (_, index) => {
      const id = `call_${index.toString(36)}`;
      const name = index % 2 === 0 ? 'lookup_order' : 'issue_refund';
      return {
        preamble: null,
        calls: [{ id, name, arguments: { query: `A-${index}` } }],
        results: unanswered && index === rounds - 1 ? [] : [{ id, name, output: '{"ok":true}' }],
        interrupt: null,
        textBeforeResults: null,
      };
    }),
  };
  return historyWriterFor(surface).body(script);
}

/** How many messages a body's conversation holds, whichever list it is in. */
export function messageCount(body: Record<string, unknown>): number {
  const list = body.messages ?? body.input ?? body.contents;
  return Array.isArray(list) ? list.length : 0;
}

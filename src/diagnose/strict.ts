import type { ReadOptions, ToolCall, Turn } from '../model/model.js';
import { describeSurface } from '../registry/index.js';
import { plural } from '../text/plural.js';
import { upperFirst } from '../text/sentence.js';
import { repeatsIn } from './repeated-calls.js';
import { parallelCallsVoidStrict, readTurns, worstOf } from './turn.js';
import { nameList, providerName, serialiseSetting, thisPayload } from './wording.js';

/** Whether a strict-schema guarantee could hold for this turn's tool calls. */
export type StrictState =
  | 'no-tools'
  | 'no-strict-declared'
  | 'fanout-no-strict'
  | 'strict-serialised'
  | 'strict-void'
  | 'strict-at-risk'
  | 'strict-held'
  | 'strict-unrecorded'
  | 'unreadable';

export interface StrictDiagnosis {
  state: StrictState;
  /**
   * For an object that holds several turns (a framework's steps): the one this verdict is on,
   * the first of the worst (`steps[2]`); absent for a single payload.
   */
  at?: string;
  detail: string;
  repairs: string[];
  /** The calls in the turn, in order (none for a request body). */
  calls: { name: string; callId: string | null }[];
  /** Each tool name called more than once in the turn, with its count. */
  duplicates: Record<string, number>;
  /** The names of the tools declared strict. */
  strictTools: string[];
}

/**
 * Did the strict-schema guarantee hold? On OpenAI, strict tools with `parallel_tool_calls` left
 * on (it defaults to true) lose the guarantee in any turn that returns several calls.
 *
 * @example
 * diagnoseStrictGuarantee(response).state; // 'strict-void' when 3 strict calls came back in one turn
 */
export function diagnoseStrictGuarantee(input: unknown, options?: ReadOptions): StrictDiagnosis {
  const read = readTurns(input, options);
  if (!read.ok) {
    return {
      state: 'unreadable',
      detail: read.problem,
      repairs: ['Pass a response, a request body, or an exchange { request, response }.'],
      calls: [],
      duplicates: {},
      strictTools: [],
    };
  }
  return worstOf(read.turns, strictOf, strictRank);
}

/** How bad a strict state is, to pick the turn that speaks for several: 0 for a guarantee kept. */
export function strictRank(state: StrictState): number {
  switch (state) {
    case 'strict-serialised':
    case 'strict-held':
      return 0;
    case 'no-tools':
    case 'no-strict-declared':
    case 'strict-unrecorded':
      return 1;
    case 'fanout-no-strict':
      return 2;
    case 'strict-at-risk':
      return 3;
    case 'strict-void':
    case 'unreadable':
      return 4;
  }
}

/** The strict diagnosis of a turn already read. */
export function strictOf(turn: Turn): StrictDiagnosis {
  const calls = turn.calls.map((call) => ({ name: call.name, callId: call.callId }));
  const duplicates = duplicateNames(calls);
  const strictTools = (turn.tools ?? []).filter((tool) => tool.strict).map((tool) => tool.name);
  const base = { calls, duplicates, strictTools };
  const names = nameList(calls.map((call) => call.name));
  const repeatRepair = repeatedCallRepairs(turn);
  const duplicateRepair = repeatRepair.length > 0 ? repeatRepair : sameNameRepairs(duplicates);

  if (turn.surface === 'mcp') return mcpStrict(turn, base);
  if (turn.tools === null || turn.tools.length === 0) {
    return {
      ...base,
      state: 'no-tools',
      detail:
        turn.source === 'request'
          ? 'The request declares no function or custom tools.'
          : turn.tools === null
            ? `No tool declarations came with ${thisPayload(turn.surface)} (the response does not carry the request's tools); pass the exchange { request, response } or { tools }.`
            : 'The request declares no function or custom tools.',
      repairs: duplicateRepair,
    };
  }
  const unrecorded = describeSurface(turn.surface).facts.strict.unrecorded;
  if (unrecorded !== undefined && turn.tools.every((tool) => !tool.strictStated)) {
    return { ...base, ...unrecordedStrict(turn, unrecorded, names), repairs: duplicateRepair };
  }
  if (strictTools.length === 0) {
    if (calls.length > 1) {
      return {
        ...base,
        state: 'fanout-no-strict',
        detail: `${calls.length} calls in one turn (${names}) and no tool is strict: there was no guarantee to lose, and nothing but your own checks validated these arguments.`,
        repairs: [fanoutRepair(serialiseSetting(turn)), ...duplicateRepair],
      };
    }
    return {
      ...base,
      state: 'no-strict-declared',
      detail: `${plural(turn.tools.length, 'tool')} declared, none strict: no call in this turn was held to its schema.`,
      repairs: duplicateRepair,
    };
  }

  const strictNames = nameList(strictTools);
  if (turn.parallelToolCalls === false) {
    return {
      ...base,
      state: 'strict-serialised',
      detail: `Strict on ${strictNames}, with parallel calls off: the guarantee holds.`,
      repairs: duplicateRepair,
    };
  }
  // Follows "with": "with parallel_tool_calls true".
  const parallelSaid =
    turn.parallelToolCalls === true
      ? 'parallel_tool_calls true'
      : 'parallel_tool_calls not set (it defaults to true)';

  if (!parallelCallsVoidStrict(turn)) {
    return {
      ...base,
      state: 'strict-held',
      detail: `Strict on ${strictNames}, with parallel calls allowed and ${plural(calls.length, 'call')} this turn. ${upperFirst(providerName(turn.surface))} does not document that parallel calls void strict tool use, so this is reported without a finding.`,
      repairs: duplicateRepair,
    };
  }
  if (turn.source === 'request') {
    return {
      ...base,
      state: 'strict-at-risk',
      detail: `Strict on ${strictNames}, with ${parallelSaid}: any turn this request returns with several calls carries no schema guarantee.`,
      repairs: atRiskRepairs(turn),
    };
  }
  if (calls.length > 1) {
    return {
      ...base,
      state: 'strict-void',
      detail: `${calls.length} calls in one turn (${names}), with strict declared and ${parallelSaid}. Strict schemas are not enforced on parallel calls, so none of these arguments is guaranteed.`,
      repairs: [
        `Set ${serialised(turn)} wherever strict schemas matter; it defaults to true, so nobody chose this.`,
        'If the fan-out is worth its latency, drop strict and validate the arguments yourself: do not rely on a guarantee that is not held.',
        // Exact repeats carry ids of their own: keying handlers on the id does not stop them.
        ...(repeatRepair.length > 0
          ? repeatRepair
          : [
              `Key tool handlers on the call id and make them idempotent, so a repeated call cannot apply twice${duplicateRepair.length > 0 ? ` (${repeatedNames(duplicates)} in this turn)` : ''}.`,
            ]),
      ],
    };
  }
  return {
    ...base,
    state: 'strict-at-risk',
    detail: `Strict on ${strictNames}, with ${parallelSaid}; this turn returned ${plural(calls.length, 'call')}, so nothing was voided this time. The same request voids the guarantee whenever the model fans out.`,
    repairs: atRiskRepairs(turn),
  };
}

/**
 * MCP has no strict flag: no MCP tool can be declared strict, so there is no guarantee to hold
 * or lose; what holds a call to its inputSchema is the server's validation.
 */
function mcpStrict(
  turn: Turn,
  base: Omit<StrictDiagnosis, 'state' | 'detail' | 'repairs'>,
): StrictDiagnosis {
  if (turn.tools === null || turn.tools.length === 0) {
    return {
      ...base,
      state: 'no-tools',
      detail:
        turn.tools === null
          ? 'No tools/list came with this MCP call; pass the exchange { tools, call }.'
          : 'The tools/list result lists no tools.',
      repairs: [],
    };
  }
  return {
    ...base,
    state: 'no-strict-declared',
    detail: `${plural(turn.tools.length, 'tool')} listed. MCP has no strict flag: no MCP tool is strict, and only the server's own validation holds a call to its inputSchema.`,
    repairs: [
      'Check each call against its inputSchema (diagnoseCalls / toBeDispatchable), and the tools against the strict mode of the provider you send them to (toBeStrictCompatible).',
    ],
  };
}

/**
 * A record that leaves `strict` out (a trace span): whether the tools were strict cannot be told,
 * and with several calls in the turn, what that would have cost on a provider whose strict mode
 * parallel calls void.
 */
function unrecordedStrict(
  turn: Turn,
  why: string,
  names: string,
): { state: 'strict-unrecorded'; detail: string } {
  const declared = plural((turn.tools ?? []).length, 'tool');
  const provider = turn.provider === undefined ? '' : ` (provider ${turn.provider})`;
  const fanout =
    turn.calls.length > 1
      ? ` This turn returned ${turn.calls.length} calls (${names}): had the tools been strict on OpenAI with parallel calls on, none of these arguments was guaranteed.`
      : '';
  return {
    state: 'strict-unrecorded',
    detail: `${upperFirst(thisPayload(turn.surface))}${provider} records ${declared} and no strict flag: ${why}.${fanout}`,
  };
}

/** Several calls and no strict tool: validate them, or ask for strict one call at a time where the provider can. */
function fanoutRepair(serialise: string | null): string {
  return serialise === null
    ? 'Validate each call against its schema in your dispatcher.'
    : `Validate each call against its schema in your dispatcher, or declare the tools strict and serialise the calls (${serialise}).`;
}

/** Where several calls void strict, the setting that serialises them, as the turn sets it. */
function serialised(turn: Turn): string {
  return serialiseSetting(turn) ?? 'parallel_tool_calls: false';
}

function atRiskRepairs(turn: Turn): string[] {
  return [`Set ${serialised(turn)} now, before a turn with several calls arrives.`];
}

function duplicateNames(calls: readonly { name: string }[]): Record<string, number> {
  const counts = new Map<string, number>();
  for (const call of calls) counts.set(call.name, (counts.get(call.name) ?? 0) + 1);
  const duplicates: Record<string, number> = {};
  for (const [name, count] of counts) {
    // Defined, not assigned, so a tool named "__proto__" is an ordinary own key.
    if (count > 1)
      Object.defineProperty(duplicates, name, {
        value: count,
        enumerable: true,
        writable: true,
        configurable: true,
      });
  }
  return duplicates;
}

function repeatedNames(duplicates: Record<string, number>): string {
  return Object.entries(duplicates)
    .map(([name, count]) => `"${name}" ${count} times`)
    .join(', ');
}

/**
 * What to do about calls repeated with the same arguments (`duplicate-call`): run them once.
 * Empty when no call repeats another.
 */
function repeatedCallRepairs(turn: Turn): string[] {
  const repeated = new Map<string, number>();
  for (const index of repeatsIn(turn).keys()) {
    const name = (turn.calls[index] as ToolCall).name;
    repeated.set(name, (repeated.get(name) ?? 0) + 1);
  }
  if (repeated.size === 0) return [];
  const copies = [...repeated].map(([name, count]) => `"${name}" ${count + 1} times`).join(', ');
  return [
    `Called ${copies} with the same arguments in one turn (duplicate-call): run each distinct call once and answer a repeat with the first call’s result; every copy has a call id of its own, so keying handlers on the id does not stop a second run.`,
  ];
}

/** What to do about a tool called several times in a turn with other arguments each time. */
function sameNameRepairs(duplicates: Record<string, number>): string[] {
  if (Object.keys(duplicates).length === 0) return [];
  return [
    `Called ${repeatedNames(duplicates)} in one turn: key handlers on the call id, not the tool name, or they apply twice.`,
  ];
}

/** How often strict tools with parallel calls on actually fanned out. */
export interface Exposure {
  /** Turns whose configuration could void the guarantee (`strict-void` + `strict-at-risk`). */
  atRisk: number;
  void: number;
  /** `void / atRisk`, over at-risk turns only; `null` when no turn was at risk. */
  rate: number | null;
}

/**
 * The strict exposure of a set of turns: of the turns at risk, how many lost the guarantee.
 * The rate is over at-risk turns only, never all turns, so unrelated traffic cannot dilute it.
 *
 * @example
 * exposure(responses.map((r) => diagnoseStrictGuarantee(r)));
 * // { atRisk: 40, void: 6, rate: 0.15 }
 */
export function exposure(states: Iterable<StrictState | Pick<StrictDiagnosis, 'state'>>): Exposure {
  let atRisk = 0;
  let voided = 0;
  for (const entry of states) {
    const state = typeof entry === 'string' ? entry : entry?.state;
    if (state === 'strict-void') voided += 1;
    if (state === 'strict-void' || state === 'strict-at-risk') atRisk += 1;
  }
  return { atRisk, void: voided, rate: atRisk === 0 ? null : voided / atRisk };
}

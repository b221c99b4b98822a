import { describeJson } from '../json/index.js';
import { hasRepeatedKey } from '../json/repeated-keys.js';
import type { ReadOptions, ToolCall, ToolDeclaration, Turn } from '../model/model.js';
import { isRecord, kindOf } from '../model/narrow.js';
import { type TurnCut, turnCut } from '../model/turn.js';
import { describeSurface } from '../registry/index.js';
import { checkParsedArguments } from '../schema/check-arguments.js';
import { MAX_VALIDATION_DEPTH, textNestsWithin } from '../schema/depth.js';
import { watchArguments } from '../schema/watch/index.js';
import { formatCount } from '../text/count.js';
import { plural } from '../text/plural.js';
import { cutTurnRepairs, repairsFor } from './call-repairs.js';
import { type CallVerdict, verdict } from './call-verdict.js';
import { judgeMcpCall } from './mcp-call.js';
import { nearestName } from './near-name.js';
import { markRepeats } from './repeated-calls.js';
import { parallelCallsVoidStrict, readTurns } from './turn.js';
import {
  API_ERROR_REPAIR,
  cutPhrase,
  nameList,
  passToolsAdvice,
  prefixPhrase,
  quoted,
  serialiseSetting,
  thisPayload,
  usagePhrase,
} from './wording.js';

export type { CallState, CallVerdict } from './call-verdict.js';

/** Arguments decoded to an object, or the reason they could not be. */
type Decoded =
  /** `depthShown`: the text proved the value nests within the validation depth. */
  | { ok: true; value: Record<string, unknown>; depthShown: boolean }
  | { ok: false; state: 'arguments-unparseable' | 'arguments-truncated'; detail: string };

/**
 * One verdict per tool call in a turn: can a dispatcher run it as it stands? An object that
 * holds several turns (a framework's multi-step result) gets the verdicts of every turn, in
 * order, each call's `at` naming its step (`steps[2].content[0]`).
 *
 * @example
 * const [verdict] = diagnoseCalls({ request, response });
 * if (verdict?.state === 'arguments-violate-schema') console.log(verdict.problems);
 */
export function diagnoseCalls(input: unknown, options?: ReadOptions): CallVerdict[] {
  const read = readTurns(input, options);
  if (!read.ok) {
    return [
      {
        name: '',
        callId: null,
        state: 'unreadable',
        detail: read.problem,
        repairs: read.apiError
          ? [API_ERROR_REPAIR]
          : [
              'Pass the response object itself (or the exchange { request, response }), not its text content or a wrapper around it.',
            ],
        problems: [],
        at: '',
      },
    ];
  }
  return read.turns.flatMap(({ turn }) => verdictsFor(turn, { doomedAt: true }));
}

/** What {@link verdictsFor} is asked beyond the verdicts themselves. */
export interface VerdictOptions {
  /**
   * `'allow'` leaves a repeated call its own verdict instead of `duplicate-call` (a dispatcher
   * that runs repeats once on purpose). Default `'mark'`.
   */
  repeats?: 'mark' | 'allow';
  /**
   * Whether a call that breaks its schema is also watched for where it was doomed
   * (`doomedAt`): its text runs through the prefix watcher, which cost the audit a twentieth of
   * its time for a field it never prints. Default false.
   */
  doomedAt?: boolean;
}

/** The call verdicts of a turn already read. */
export function verdictsFor(turn: Turn, options: VerdictOptions = {}): CallVerdict[] {
  const { repeats = 'mark', doomedAt = false } = options;
  let tools: Map<string, ToolDeclaration> | null = null;
  if (turn.tools !== null) {
    tools = new Map();
    for (const tool of turn.tools) tools.set(tool.name, tool);
  }
  const cut = turnCut(turn);
  const verdicts = turn.calls.map((call) => {
    const found = judge(call, turn, tools, cut, doomedAt);
    return cut !== null &&
      (found.state === 'dispatchable' || found.state === 'dispatchable-unconstrained')
      ? inCutTurn(call, found, turn, cut)
      : found;
  });
  return repeats === 'mark' && verdicts.length > 1 ? markRepeats(turn, verdicts) : verdicts;
}

/** A whole, valid call whose turn was cut: what it would have been, and why it must wait. */
function inCutTurn(call: ToolCall, found: CallVerdict, turn: Turn, cut: TurnCut): CallVerdict {
  return verdict(
    call,
    'turn-cut',
    `${found.detail} Yet its turn was cut: ${cutPhrase(turn, cut)}, and the calls that would have followed may be missing; no call of a cut turn should run.`,
    cutTurnRepairs(turn, cut),
    [],
    found.arguments,
  );
}

/**
 * Where a call that breaks its schema was already doomed: its arguments' text written through
 * `watchArguments` (only calls that break their schema pay for it). Undefined when the text
 * fails only whole, or cannot be had.
 */
function doomedAtOf(call: ToolCall, schema: unknown, value: unknown): number | undefined {
  let text: string;
  // A key named twice is judged by the watcher where it first comes, by JSON.parse where it
  // last does: such a text is watched as the arguments decoded.
  if (call.arguments.form === 'json-text' && !hasRepeatedKey(call.arguments.text)) {
    text = call.arguments.text;
  } else {
    try {
      text = JSON.stringify(value);
    } catch {
      return undefined;
    }
  }
  try {
    const verdict = watchArguments(schema).write(text);
    return verdict.state === 'infeasible' ? verdict.offset : undefined;
  } catch {
    // A schema Ajv compiles that the watcher's dialect step refuses: no place to name, no crash.
    return undefined;
  }
}

function judge(
  call: ToolCall,
  turn: Turn,
  tools: Map<string, ToolDeclaration> | null,
  cut: TurnCut | null,
  watchDoom: boolean,
): CallVerdict {
  // An MCP call is no model's output: no stop, no strict flag, only its tool's inputSchema.
  if (turn.source === 'tool-call') return judgeMcpCall(call, tools);
  const tool = tools?.get(call.name);

  if (call.kind === 'custom') return judgeCustom(call, turn, cut, tool, tools);

  const decoded = decode(call, turn, cut);
  if (!decoded.ok) {
    return verdict(
      call,
      decoded.state,
      decoded.detail,
      repairsFor(decoded.state, call, turn, tool),
    );
  }
  const value = decoded.value;

  if (tools === null) {
    return verdict(
      call,
      'dispatchable-unconstrained',
      `The arguments parse, but no tool declarations came with ${thisPayload(turn.surface)}, so the schema was not checked.`,
      [passToolsAdvice(turn, 'so the arguments are checked against the declared schema')],
      [],
      value,
    );
  }
  if (tool === undefined) return unknownTool(call, turn, tools, value);

  if (tool.schema === undefined || tool.schema === null) {
    return verdict(
      call,
      'dispatchable-unconstrained',
      `The arguments parse; ${quoted(tool.name)} declares no parameters schema, so there is nothing to hold them to.`,
      [`Declare a parameters schema for ${quoted(tool.name)} and set strict: true.`],
      [],
      value,
    );
  }

  const check = checkParsedArguments(tool.schema, value, decoded.depthShown);
  switch (check.kind) {
    case 'valid':
      return tool.strict
        ? verdict(
            call,
            'dispatchable',
            `Parses and matches the schema of strict tool ${quoted(tool.name)}.`,
            [],
            [],
            value,
          )
        : verdict(
            call,
            'dispatchable-unconstrained',
            `Parses and matches the schema, but ${quoted(tool.name)} is not declared strict, so nothing guaranteed that it would.`,
            repairsFor('dispatchable-unconstrained', call, turn, tool),
            [],
            value,
          );
    case 'invalid': {
      const found = verdict(
        call,
        'arguments-violate-schema',
        violationDetail(tool, check.problems.length, turn),
        repairsFor('arguments-violate-schema', call, turn, tool),
        check.problems,
        value,
      );
      const doomedAt = watchDoom ? doomedAtOf(call, tool.schema, value) : undefined;
      if (doomedAt !== undefined) found.doomedAt = doomedAt;
      return found;
    }
    case 'too-deep':
      // The value is left out: a verdict must survive JSON.stringify and a test runner's diff,
      // and a value this deep overflows both.
      return verdict(
        call,
        'arguments-violate-schema',
        `The arguments parse but nest deeper than any dispatcher should accept (${formatCount(check.depth)} levels), so they were not validated.`,
        repairsFor('arguments-violate-schema', call, turn, tool),
        [
          `arguments: nested ${formatCount(check.depth)} levels deep, past the ${formatCount(check.limit)} levels this check validates`,
        ],
      );
    case 'schema-invalid':
      return verdict(
        call,
        'schema-invalid',
        `The schema declared for ${quoted(tool.name)} does not compile (${check.reason}), so no call to it can be checked.`,
        [
          `Fix the parameters schema of ${quoted(tool.name)} at ${tool.at}: ${check.reason}.`,
          'Lint tool schemas in a unit test (lintStrictSchema / toBeStrictCompatible) so a broken one never ships.',
        ],
        [],
        value,
      );
  }
}

function decode(call: ToolCall, turn: Turn, cut: TurnCut | null): Decoded {
  const args = call.arguments;
  if (args.form === 'missing') {
    if (call.unfinished) return truncated(turn, cut, args.reason);
    return {
      ok: false,
      state: 'arguments-unparseable',
      detail: `No arguments to parse: ${args.reason}.`,
    };
  }
  if (args.form === 'object') {
    if (call.unfinished) {
      return truncated(
        turn,
        cut,
        `the message stopped inside this ${describeSurface(turn.surface).facts.callItem}, so its input is whatever had been written`,
      );
    }
    return isRecord(args.value)
      ? { ok: true, value: args.value, depthShown: false }
      : {
          ok: false,
          state: 'arguments-unparseable',
          detail: `The input is ${kindOf(args.value)}, not an object.`,
        };
  }
  if (args.form === 'free-text') {
    return {
      ok: false,
      state: 'arguments-unparseable',
      detail: 'A custom tool input is free text, not JSON.',
    };
  }

  // An empty arguments string is how a model calls a tool that takes nothing.
  if (args.text.trim() === '') return { ok: true, value: {}, depthShown: true };
  let value: unknown;
  try {
    value = JSON.parse(args.text);
  } catch {
    const shape = describeJson(args.text);
    if (shape.state === 'truncated' && (cut !== null || call.unfinished)) {
      return truncated(turn, cut, `the text is ${prefixPhrase(shape.reason)}`);
    }
    if (shape.state === 'truncated') {
      return {
        ok: false,
        state: 'arguments-unparseable',
        detail: `The arguments are ${prefixPhrase(shape.reason)}, yet the payload reports no cut (${turn.stop.said ?? 'no stop reason'}): they were read before every delta arrived, or stored partially.`,
      };
    }
    const where = shape.offset === undefined ? '' : ` at character ${shape.offset}`;
    return {
      ok: false,
      state: 'arguments-unparseable',
      detail: `The arguments do not parse: ${shape.reason ?? 'not JSON'}${where}.${cut === null ? '' : ` The payload ${CUT_SAID[cut]}, but a cut leaves a valid prefix and this is not one, so the text was broken before the cut.`}`,
    };
  }
  return isRecord(value)
    ? { ok: true, value, depthShown: textNestsWithin(args.text, MAX_VALIDATION_DEPTH) }
    : {
        ok: false,
        state: 'arguments-unparseable',
        detail: `The arguments parse to ${kindOf(value)}, not an object.`,
      };
}

/** How a cut turn stopped, after "The payload": a broken call in it was broken before the cut. */
const CUT_SAID: Readonly<Record<TurnCut, string>> = {
  ceiling: 'stopped on its ceiling',
  'ceiling-unreported': 'reached its ceiling',
  'context-window': 'stopped when the context window filled',
  filter: 'was stopped by a content filter',
  'stream-cut': 'ended before its terminal event',
};

function truncated(turn: Turn, cut: TurnCut | null, evidence: string): Decoded {
  if (turn.stop.kind === 'in-progress') {
    return {
      ok: false,
      state: 'arguments-truncated',
      detail: `Cut mid-write: the response had not finished (${turn.stop.said}) while this call was being written, and ${evidence}. Not a schema fault.`,
    };
  }
  if (turn.stop.kind === 'connection-cut') {
    return {
      ok: false,
      state: 'arguments-truncated',
      detail: `Cut mid-write: the connection ended before the stream's terminal event, while this call was still arriving, and ${evidence}. Not the ceiling, and not a schema fault.`,
    };
  }
  if (turn.stop.kind === 'failed') {
    return {
      ok: false,
      state: 'arguments-truncated',
      detail: `Cut mid-write: the provider stopped the answer with an error (${turn.stop.said}) while this call was still arriving, and ${evidence}. Not the ceiling, and not a schema fault.`,
    };
  }
  // A call marked unfinished in a turn nothing else says was cut: the mark is the evidence.
  const how =
    cut === null
      ? `the output ceiling was reached (${turn.stop.said ?? 'the call is marked incomplete'}; ${usagePhrase(turn)})`
      : cutPhrase(turn, cut);
  return {
    ok: false,
    state: 'arguments-truncated',
    detail: `Cut mid-write: ${how} and ${evidence}. Not a schema fault.`,
  };
}

function judgeCustom(
  call: ToolCall,
  turn: Turn,
  cut: TurnCut | null,
  tool: ToolDeclaration | undefined,
  tools: Map<string, ToolDeclaration> | null,
): CallVerdict {
  if (call.arguments.form !== 'free-text') {
    const state = call.unfinished ? 'arguments-truncated' : 'arguments-unparseable';
    const detail =
      call.arguments.form === 'missing'
        ? `No input to read: ${call.arguments.reason}.`
        : 'The custom tool input is not text.';
    return verdict(call, state, detail, repairsFor(state, call, turn, tool));
  }
  if (call.unfinished) {
    const found = truncated(turn, cut, 'the input is whatever had been written') as Extract<
      Decoded,
      { ok: false }
    >;
    return verdict(call, found.state, found.detail, repairsFor(found.state, call, turn, tool));
  }
  if (tools === null) {
    return verdict(
      call,
      'dispatchable-unconstrained',
      'A custom tool call with text input; no tool declarations came with the payload, so its format was not checked.',
      [passToolsAdvice(turn, 'so the call is checked against its declaration')],
    );
  }
  if (tool === undefined) return unknownTool(call, turn, tools);
  if (tool.kind !== 'custom') {
    return verdict(
      call,
      'arguments-violate-schema',
      `${quoted(tool.name)} expects JSON arguments, and the call sent free text.`,
      repairsFor('arguments-violate-schema', call, turn, tool),
      [
        `arguments: ${quoted(tool.name)} is declared as a function tool, but was called as a custom tool with free text`,
      ],
    );
  }
  return tool.grammar
    ? verdict(
        call,
        'dispatchable',
        `Free-text input to custom tool ${quoted(tool.name)}, held to its declared grammar.`,
        [],
      )
    : verdict(
        call,
        'dispatchable-unconstrained',
        `Free-text input to custom tool ${quoted(tool.name)}, which declares no grammar, so nothing constrained it.`,
        [
          `Give ${quoted(tool.name)} a grammar format (lark or regex) if its input must follow a syntax.`,
        ],
      );
}

/** The model's internal bundle for parallel calls, sometimes emitted as if it were a tool. */
const PARALLEL_WRAPPERS = new Set(['multi_tool_use.parallel', 'multi_tool_use', 'parallel']);

function unknownTool(
  call: ToolCall,
  turn: Turn,
  tools: Map<string, ToolDeclaration>,
  value?: Record<string, unknown>,
): CallVerdict {
  const declared = [...tools.keys()];
  const bundled = wrappedCalls(value);
  if (PARALLEL_WRAPPERS.has(call.name) && bundled !== null) {
    const inner = bundled.map((name) =>
      tools.has(name) ? quoted(name) : `${quoted(name)} (not declared)`,
    );
    return verdict(
      call,
      'unknown-tool',
      `${quoted(call.name)} is the model's internal wrapper for parallel calls, emitted as a call by mistake; it bundles ${plural(bundled.length, 'call')}: ${inner.join(', ')}.`,
      [
        'Unwrap it before dispatch: each entry of tool_uses names its tool in recipient_name (drop the "functions." prefix) and carries its arguments in parameters.',
        `Set ${serialiseSetting(turn) ?? 'parallel_tool_calls: false'} so the model emits one ordinary call at a time.`,
      ],
      [],
      value,
    );
  }
  if (call.name === '') {
    return verdict(
      call,
      'unknown-tool',
      `The call carries no tool name, so no handler can be chosen (declared: ${nameList(declared) || 'none'}).`,
      repairsFor('unknown-tool', call, turn),
      [],
      value,
    );
  }
  const near = nearestName(call.name, declared);
  return verdict(
    call,
    'unknown-tool',
    `No tool named ${quoted(call.name)} was declared${declared.length > 0 ? ` (declared: ${nameList(declared)})` : ' (no tools were declared)'}${near ? `; the nearest is ${quoted(near)}` : ''}. A dispatcher that looks handlers up by name fails here, not at the parse.`,
    repairsFor('unknown-tool', call, turn, undefined, near),
    [],
    value,
  );
}

function violationDetail(tool: ToolDeclaration, count: number, turn: Turn): string {
  const head = `Parses, and breaks the schema of ${quoted(tool.name)} in ${plural(count, 'place')}.`;
  if (!tool.strict)
    return `${head} The tool is not strict, so the schema was a request, not a constraint.`;
  const openai = parallelCallsVoidStrict(turn);
  if (openai && turn.parallelToolCalls !== false && turn.calls.length > 1) {
    return `${head} The tool is strict, but this turn has ${turn.calls.length} calls with parallel_tool_calls on, which voids the strict guarantee.`;
  }
  return `${head} The tool is strict, so constrained decoding should have prevented this.`;
}

/** Names bundled in a parallel wrapper's `tool_uses`, or `null` when it has none. */
function wrappedCalls(args: Record<string, unknown> | undefined): string[] | null {
  const uses = args?.tool_uses;
  if (!Array.isArray(uses)) return null;
  return uses.map((use) => {
    const recipient =
      isRecord(use) && typeof use.recipient_name === 'string' ? use.recipient_name : '';
    return recipient.replace(/^functions\./, '');
  });
}

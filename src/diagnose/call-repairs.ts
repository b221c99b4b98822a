/**
 * What to do about a call, by its state: the repairs of `diagnoseCalls`' verdicts, apart from
 * how each state is found (dispatch.ts).
 */
import type { ToolCall, ToolDeclaration, Turn } from '../model/model.js';
import { type TurnCut, turnCut } from '../model/turn.js';
import { describeSurface, isSurfaceId } from '../registry/index.js';
import { formatCount } from '../text/count.js';
import { upperFirst } from '../text/sentence.js';
import type { CallState } from './call-verdict.js';
import { parallelCallsVoidStrict } from './turn.js';
import {
  ceilingField,
  FILTERED_REPAIR,
  providerName,
  quoted,
  REPORT_SERVER_REPAIR,
  serialiseSetting,
  strictAdvice,
} from './wording.js';

/** The repairs for a call in a turn that was cut, by what cut it. */
export function cutTurnRepairs(turn: Turn, cut: TurnCut): string[] {
  const check =
    'Check the stop reason before dispatching: do not run the calls of a cut turn, whole ones included, since the calls that would have followed may be missing.';
  const raise = `Raise ${ceilingField(turn)}${turn.maxOutputTokens !== null ? ` above ${formatCount(turn.maxOutputTokens)}` : ''} and retry the turn.`;
  switch (cut) {
    case 'ceiling':
      return [check, raise];
    case 'context-window':
      return [
        check,
        'Shorten the conversation or the tool results sent back (or compact history), then retry the turn.',
      ];
    case 'filter':
      return [check, FILTERED_REPAIR];
    case 'stream-cut':
      return [check, 'Treat a stream without its terminal event as failed: retry the request.'];
    case 'ceiling-unreported':
      return [
        `Treat ${turn.stop.said ?? 'a finished stop'} at the ceiling as a cut: count the output tokens against the ceiling before dispatching, and run no call of a cut turn.`,
        raise,
        REPORT_SERVER_REPAIR,
      ];
  }
}

/** The repairs for a call in this state, most useful first; none for a healthy call. */
export function repairsFor(
  state: CallState,
  call: ToolCall,
  turn: Turn,
  tool?: ToolDeclaration,
  near?: string | null,
): string[] {
  const name = quoted(call.name);
  switch (state) {
    case 'arguments-violate-schema': {
      const lines = [
        'Validate the arguments against the tool schema before dispatch, and return the errors to the model as the tool result so it can correct the call (one or two retries, then give up).',
      ];
      if (!tool?.strict) lines.push(strictAdvice(turn.surface, name, tool));
      else if (parallelVoided(turn)) lines.push(parallelRepair(turn));
      return lines;
    }
    case 'arguments-unparseable':
      if (call.arguments.form === 'missing' && turn.stop.kind === 'malformed-call') {
        return [
          `The model wrote a call ${providerName(turn.surface)} could not parse (${turn.stop.said ?? 'a malformed call'}): retry the turn, and simplify the function declarations (fewer, flatter parameters, short enums).`,
          ...heldRepairs(turn, name, tool),
        ];
      }
      return [
        `Parse the arguments of ${name} inside a try/catch and send the parse error back as the tool result instead of failing the turn.`,
        'When streaming, concatenate every arguments delta and parse only after the call is reported done.',
        ...heldRepairs(turn, name, tool),
      ];
    case 'arguments-truncated':
      if (turn.stop.kind === 'failed') {
        return [
          `Never dispatch a call from an answer the provider stopped with an error (${turn.stop.said}): retry the request, with backoff for an overload or a rate limit.`,
        ];
      }
      if (turn.stop.kind === 'connection-cut') {
        return [
          'Never dispatch a call from a stream that ended before its terminal event: retry the request.',
          `Parse each call only once the stream reports it done, or after its terminal event (${describeSurface(turn.surface).facts.streamEnd}).`,
        ];
      }
      return truncatedRepairs(turn);
    case 'unknown-tool':
      return [
        'Answer an unknown tool name with a tool result that says the tool does not exist, rather than throwing from the handler lookup.',
        near
          ? `Check that the tools sent and the handler map agree: ${name} looks like ${quoted(near)} renamed on one side only.`
          : 'Check that the tools sent with the request and the handler map list the same names.',
      ];
    case 'dispatchable-unconstrained':
      // The call itself may run; the repair is for the calls to come.
      return [`The call is fine as it stands. ${strictAdvice(turn.surface, name, tool)}`];
    default:
      return [];
  }
}

/** Strict calls are not held when several come back: the setting that stops that, as the turn sets it. */
export function parallelRepair(turn: Turn): string {
  return `Set ${serialiseSetting(turn) ?? 'parallel_tool_calls: false'}: strict schemas are not enforced on parallel calls.`;
}

/** Strict tools, parallel calls not off, several calls: OpenAI held none of them. */
function parallelVoided(turn: Turn): boolean {
  return parallelCallsVoidStrict(turn) && turn.parallelToolCalls !== false && turn.calls.length > 1;
}

/**
 * What would hold the arguments of a call that broke its JSON, worded from what the request has:
 * a tool not declared strict is told to declare it; a strict tool is told what is left, since
 * strict decoding should have written JSON (the parallel setting that voided it, or the
 * provider, with the response to show it).
 */
function heldRepairs(turn: Turn, name: string, tool: ToolDeclaration | undefined): string[] {
  if (!tool?.strict) return [strictAdvice(turn.surface, name, tool)];
  if (parallelVoided(turn)) return [parallelRepair(turn)];
  // A framework decodes nothing itself: the provider behind it does.
  const decoder = isSurfaceId(turn.surface)
    ? providerName(turn.surface)
    : `the provider behind ${providerName(turn.surface)}`;
  return [
    `${upperFirst(name)} is declared strict, so its arguments should have been decoded as JSON: report the response${turn.id === null ? '' : ` (${turn.id})`} to ${decoder}.`,
  ];
}

function truncatedRepairs(turn: Turn): string[] {
  const cut = turnCut(turn);
  if (cut === 'filter') {
    return [
      `Check that the response finished before parsing any call: ${turn.stop.said} means the arguments were cut.`,
      FILTERED_REPAIR,
    ];
  }
  const raise = `Raise ${ceilingField(turn)}${turn.maxOutputTokens !== null ? ` above ${formatCount(turn.maxOutputTokens)}` : ''}, or make the arguments smaller (bounded strings and arrays).`;
  if (cut === 'ceiling-unreported') {
    return [
      `Count the output tokens against the ceiling before parsing any call: ${turn.stop.said} was reported, but the ceiling was reached and the arguments were cut.`,
      raise,
      REPORT_SERVER_REPAIR,
    ];
  }
  return [
    `Check that the response finished before parsing any call: ${turn.stop.said ?? 'an incomplete call'} means the arguments were cut.`,
    raise,
  ];
}

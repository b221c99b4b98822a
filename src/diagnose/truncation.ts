import { describeJson } from '../json/index.js';
import type { ReadOptions, Turn } from '../model/model.js';
import { turnCut } from '../model/turn.js';
import { describeSurface } from '../registry/index.js';
import { formatCount } from '../text/count.js';
import { plural } from '../text/plural.js';
import { endsSentence, lowerFirst, upperFirst } from '../text/sentence.js';
import { readTurns, worstOf } from './turn.js';
import {
  API_ERROR_REPAIR,
  ceilingField,
  percent,
  prefixPhrase,
  providerName,
  REPORT_SERVER_REPAIR,
  reasoningShare,
  unreportedCeilingPhrase,
  usagePhrase,
} from './wording.js';

/** Where a turn's output stopped, and whether it stopped early. */
export type TruncationState =
  | 'complete'
  | 'truncated-by-length'
  | 'ceiling-spent-on-reasoning'
  | 'truncated-tool-use'
  | 'ceiling-unreported'
  | 'cut-without-a-reason'
  | 'stream-cut'
  | 'stopped-by-filter'
  | 'incomplete-other'
  | 'refused'
  | 'empty-output'
  | 'schema-not-followed'
  | 'not-succeeded'
  | 'unreadable';

export interface TruncationDiagnosis {
  state: TruncationState;
  /**
   * For an object that holds several turns (a framework's steps): the one this verdict is on,
   * the first turn not `complete`, else the last (`steps[2]`); absent for a single payload.
   */
  at?: string;
  detail: string;
  repairs: string[];
  /** The output-token ceiling, `null` when the payload does not carry it. */
  ceiling: number | null;
  outputTokens: number | null;
  reasoningTokens: number | null;
}

/**
 * At or above this share of output tokens spent on reasoning, a turn cut on its ceiling is
 * `ceiling-spent-on-reasoning`: the fix is less thinking or more room, not a smaller answer.
 */
export const REASONING_DOMINANT_SHARE = 0.6;

/**
 * Tells a cut answer from a wrong one: did this turn stop on its output ceiling, and if not,
 * why is its output the way it is?
 *
 * @example
 * const { state, detail } = diagnoseTruncation(response);
 * // 'truncated-by-length', 'Stopped on the output ceiling ... used 512 tokens of a 512-token ceiling, 100% of it ...'
 */
export function diagnoseTruncation(input: unknown, options?: ReadOptions): TruncationDiagnosis {
  const read = readTurns(input, options);
  if (!read.ok) {
    return {
      state: 'unreadable',
      detail: read.problem,
      repairs: read.apiError
        ? [API_ERROR_REPAIR]
        : ['Pass the whole response object (or a batch results line), not only its text.'],
      ceiling: null,
      outputTokens: null,
      reasoningTokens: null,
    };
  }
  return worstOf(read.turns, truncationOf, truncationRank);
}

/** How bad a truncation state is, to pick the turn that speaks for several: 0 for a finish. */
export function truncationRank(state: TruncationState): number {
  return state === 'complete' ? 0 : state === 'refused' ? 1 : 2;
}

/** The truncation diagnosis of a turn already read. */
export function truncationOf(turn: Turn): TruncationDiagnosis {
  const numbers = {
    ceiling: turn.maxOutputTokens,
    outputTokens: turn.outputTokens,
    reasoningTokens: turn.reasoningTokens,
  };
  const found = classify(turn);
  return { ...found, ...numbers };
}

type Finding = Pick<TruncationDiagnosis, 'state' | 'detail' | 'repairs'>;

function classify(turn: Turn): Finding {
  if (turn.source === 'tool-call') {
    return {
      state: 'complete',
      detail:
        'An MCP tools/call is no model output: MCP has no stop reason and no output ceiling, so nothing here can have been cut. diagnoseCalls judges its arguments.',
      repairs: [],
    };
  }
  if (turn.source === 'request' && turn.surface === 'mcp') {
    return {
      state: 'unreadable',
      detail: 'This is an MCP tools/list result: it lists tools, and holds no output to judge.',
      repairs: ['Pass a model response, or the MCP exchange { tools, call } to judge its call.'],
    };
  }
  if (turn.source === 'request') {
    return {
      state: 'unreadable',
      detail: 'This is a request body; there is no output yet to judge.',
      repairs: ['Pass the response (or the exchange { request, response }).'],
    };
  }
  if (turn.batch !== null && turn.batch.resultType !== 'succeeded') {
    return {
      state: 'not-succeeded',
      detail: `Batch request ${turn.batch.customId === null ? '(no custom_id)' : `"${turn.batch.customId}"`} has result type "${turn.batch.resultType}"${turn.batch.error ? ` (${turn.batch.error})` : ''}: there is no message to judge.`,
      repairs: notSucceededRepairs(turn.batch.resultType),
    };
  }

  const stop = turn.stop;
  const cutBy = turnCut(turn);
  if (cutBy === 'ceiling' || cutBy === 'context-window') return cut(turn);
  if (stop.kind === 'connection-cut') {
    const open = turn.calls.filter((call) => call.unfinished);
    return {
      state: 'stream-cut',
      detail: `The stream ended before its terminal event: the connection dropped, or it was read before it finished${open.length > 0 ? `, with ${plural(open.length, 'call')} it had not marked done (${open.map((call) => `"${call.name}" at ${call.at}`).join(', ')})` : ''}. Not the ceiling.`,
      repairs: [
        'Treat a stream without its terminal event as failed: retry the request rather than using what arrived.',
        `Parse text and calls only after the terminal event (${describeSurface(turn.surface).facts.streamEnd}).`,
      ],
    };
  }
  if (stop.kind === 'filter') {
    return {
      state: 'stopped-by-filter',
      detail: `A content filter stopped the answer (${stop.said}), not the ceiling.`,
      repairs: [
        'Not a ceiling: handle a filtered answer as its own branch before parsing, with the refusal path.',
      ],
    };
  }
  if (stop.kind === 'refusal' || turn.refusal !== null) {
    const refusal = clip(turn.refusal?.trimEnd() ?? '');
    // A refusal is a sentence of its own: after its closing period, ours would be a second one.
    const said = refusal ? `: "${refusal}"${endsSentence(refusal) ? '' : '.'}` : '.';
    return {
      state: 'refused',
      detail: `The model refused${said} Nothing was cut.`,
      repairs: [
        'Not a ceiling: surface the refusal to the user; a refusal is an answer, not a parse error.',
      ],
    };
  }
  if (stop.kind === 'paused') {
    return {
      state: 'incomplete-other',
      detail: `The turn paused (${stop.said}) during a long server-tool run; it is unfinished, not cut.`,
      repairs: ['Send the response back as the assistant turn to let the model continue.'],
    };
  }
  if (stop.kind === 'malformed-call') {
    return {
      state: 'incomplete-other',
      detail: `${upperFirst(providerName(turn.surface))} rejected a tool call it could not parse (${stop.said}); diagnoseCalls reports the call.`,
      repairs: [
        'Not a ceiling: simplify the function declarations (fewer, flatter parameters) and retry the turn.',
      ],
    };
  }
  if (stop.kind === 'in-progress') {
    return {
      state: 'incomplete-other',
      detail: `The response had not finished (${stop.said}): a background response still running, or a stream read before its end.`,
      repairs: [
        'Judge the finished response: retrieve a background response again once it completes, or read a stream to its terminal event.',
      ],
    };
  }
  if (stop.kind === 'failed' || stop.kind === 'other') {
    return {
      state: 'incomplete-other',
      detail: `The turn ended for a reason that is not the output ceiling (${stop.said})${otherReasonDetail(stop.said)}.`,
      repairs: [`Handle ${stop.said} as its own case; raising the ceiling will not change it.`],
    };
  }
  // ceiling-unreported needs a finished stop, so of the verdicts above only a refusal can
  // precede it (a refusal is an answer, however long). It outranks what finished() reads from
  // the output: at the ceiling, a JSON prefix (cut-without-a-reason), broken JSON
  // (schema-not-followed), nothing (empty-output) or text that looks whole (complete) may each
  // be the cut's doing, and only the numbers show the cut.
  if (cutBy === 'ceiling-unreported') return ceilingUnreported(turn);
  return finished(turn);
}

function cut(turn: Turn): Finding {
  const stop = turn.stop;
  const share = reasoningShare(turn);
  const visible = turn.text.trim() !== '' || turn.calls.length > 0;
  const window = stop.kind === 'context-window';
  const numbers = usagePhrase(turn);

  if (!window && !visible && turn.reasoningSeen) {
    return {
      state: 'ceiling-spent-on-reasoning',
      detail: `Stopped on the output ceiling (${stop.said}) with only reasoning in the output; ${numbers}. The answer never began.`,
      repairs: reasoningRepairs(turn),
    };
  }
  if (!window && share !== null && share >= REASONING_DOMINANT_SHARE) {
    return {
      state: 'ceiling-spent-on-reasoning',
      detail: `Stopped on the output ceiling (${stop.said}) with ${percent(share)} of the output spent on reasoning (${plural(turn.reasoningTokens ?? 0, 'token')}); ${numbers}. Reasoning, not the answer, used up the ceiling.`,
      repairs: reasoningRepairs(turn),
    };
  }
  const lastCall = turn.calls[turn.calls.length - 1];
  if (describeSurface(turn.surface).facts.cutCallsLookWhole && lastCall?.unfinished) {
    return {
      state: 'truncated-tool-use',
      detail: `${window ? 'The context window filled' : 'Stopped on the output ceiling'} (${stop.said}) inside ${describeSurface(turn.surface).facts.callItem} "${lastCall.name}" (${lastCall.at}); ${numbers}. Its input is incomplete and must not be run.`,
      repairs: window ? windowRepairs(turn) : ceilingRepairs(turn),
    };
  }
  const where = window ? 'The context window filled' : 'Stopped on the output ceiling';
  return {
    state: 'truncated-by-length',
    detail: `${where} (${stop.said}); ${numbers}. ${shapeOfCut(turn)}`,
    repairs: window ? windowRepairs(turn) : ceilingRepairs(turn),
  };
}

function ceilingUnreported(turn: Turn): Finding {
  const share = reasoningShare(turn);
  const reasoning =
    share !== null && share >= REASONING_DOMINANT_SHARE
      ? ` ${percent(share)} of the output was reasoning (${plural(turn.reasoningTokens ?? 0, 'token')}).`
      : '';
  return {
    state: 'ceiling-unreported',
    detail: `The output ceiling was reached without being reported: ${unreportedCeilingPhrase(turn)}. Treat the output as cut: ${lowerFirst(shapeOfCut(turn))}${reasoning}`,
    repairs: [
      `Treat ${turn.stop.said ?? 'a missing stop reason'} at the ceiling as a cut: count the output tokens against the ceiling before parsing anything or running any call.`,
      ...(reasoning === '' ? ceilingRepairs(turn).slice(1, 2) : reasoningRepairs(turn).slice(0, 1)),
      REPORT_SERVER_REPAIR,
    ],
  };
}

/** What the cut left behind, in one sentence. */
function shapeOfCut(turn: Turn): string {
  const cutCall = turn.calls.find((call) => call.unfinished) ?? lastJsonCall(turn);
  if (cutCall !== undefined)
    return `The arguments of "${cutCall.name}" (${cutCall.at}) were being written.`;
  if (turn.text.trim() === '') {
    return turn.calls.length > 0
      ? `${turn.calls.length === 1 ? 'Its one tool call is' : `Its ${plural(turn.calls.length, 'tool call')} are`} whole; the cut came after ${turn.calls.length === 1 ? 'it' : 'them'}.`
      : 'No visible text was written.';
  }
  const shape = describeJson(turn.text);
  if (shape.state === 'truncated') {
    return `The text is ${prefixPhrase(shape.reason)}: cut, not wrong.`;
  }
  if (shape.state === 'parses')
    return 'The text happens to parse, but the answer may be incomplete.';
  return 'The text was cut mid-answer.';
}

function lastJsonCall(turn: Turn) {
  const last = turn.calls[turn.calls.length - 1];
  if (last?.arguments.form !== 'json-text') return undefined;
  return describeJson(last.arguments.text).state === 'truncated' ? last : undefined;
}

function finished(turn: Turn): Finding {
  const stop = turn.stop;
  const stopPhrase =
    stop.kind === 'finished' || stop.kind === 'stop-sequence'
      ? `It finished (${stop.said})`
      : 'It reports no stop reason';
  const bySequence = stop.kind === 'stop-sequence';

  const cutCall = turn.calls.find(
    (call) =>
      call.arguments.form === 'json-text' &&
      describeJson(call.arguments.text).state === 'truncated',
  );
  // Prose is judged as JSON only when JSON was asked for; unasked, only a JSON prefix (strong
  // evidence on its own) is taken as a cut, and broken JSON-looking prose is left alone.
  const text = turn.text;
  const shape = text.trim() === '' || turn.expectsJson === false ? null : describeJson(text);
  const cutText =
    shape?.state === 'truncated' && (turn.expectsJson === true || /^\s*[[{]/.test(text));

  if (cutCall !== undefined || cutText) {
    const what =
      cutCall !== undefined
        ? `The arguments of "${cutCall.name}" (${cutCall.at}) stop mid-object`
        : `The text is ${prefixPhrase(shape?.reason)}`;
    if (bySequence) {
      return {
        state: 'incomplete-other',
        detail: `${what}: the stop sequence ended the answer (${stop.said}) before the JSON closed.`,
        repairs: [
          'Choose stop sequences that cannot occur inside the JSON answer, or drop them for structured output.',
        ],
      };
    }
    return {
      state: 'cut-without-a-reason',
      detail: `${what}, and nothing in the payload says why. ${stopPhrase}.`,
      repairs: cutWithoutReasonRepairs(),
    };
  }

  if (turn.expectsJson === true && shape?.state === 'malformed') {
    const where = shape.offset === undefined ? '' : ` at character ${shape.offset}`;
    return {
      state: 'schema-not-followed',
      detail: `${stopPhrase}, and the text is not JSON: ${shape.reason ?? 'malformed'}${where}. A cut leaves a valid prefix; this is broken, not cut.`,
      repairs: [
        'Not a ceiling: ask for structured output with a strict JSON schema (json_schema with strict: true), so the grammar is enforced rather than requested.',
        'Parse defensively and send the parse error back to the model once, rather than failing the turn.',
      ],
    };
  }

  if (turn.calls.length > 0) {
    return {
      state: 'complete',
      detail: `${stopPhrase} with ${plural(turn.calls.length, 'tool call')}; diagnoseCalls judges ${turn.calls.length === 1 ? 'it' : 'each of them'}.`,
      repairs: [],
    };
  }
  if (text.trim() === '' && turn.otherOutput.length > 0) {
    return {
      state: 'complete',
      detail: `${stopPhrase} with output that is not text or a function call: ${turn.otherOutput.slice(0, 4).join(', ')}${turn.otherOutput.length > 4 ? ', …' : ''}.`,
      repairs: [],
    };
  }
  if (text.trim() === '') {
    return {
      state: 'empty-output',
      detail: `${stopPhrase} with neither text nor tool calls${turn.reasoningSeen ? ', only reasoning' : ''}; ${usagePhrase(turn)}.`,
      repairs: [
        'Treat an empty answer as a failure to retry, not as an empty result.',
        `If reasoning models are involved, leave room for the answer after reasoning in ${ceilingField(turn)}.`,
      ],
    };
  }
  return {
    state: 'complete',
    detail: `${stopPhrase}${shape?.state === 'parses' ? ', and the text parses as JSON' : ''}.`,
    repairs: [],
  };
}

/** What a few well-known non-ceiling stops mean, when the provider's word alone says little. */
function otherReasonDetail(said: string | null): string {
  if (said?.includes('UNEXPECTED_TOOL_CALL'))
    return ': the model called a tool while no tools were enabled';
  if (said?.includes('TOO_MANY_TOOL_CALLS'))
    return ': the model made more consecutive tool calls than Gemini allows';
  return '';
}

function ceilingRepairs(turn: Turn): string[] {
  const field = ceilingField(turn);
  const numbers =
    turn.maxOutputTokens !== null && turn.outputTokens !== null
      ? `This turn was capped at ${plural(turn.maxOutputTokens, 'token')} and used ${plural(turn.outputTokens, 'token')}: raise ${field} above the largest answer the schema allows, with room for reasoning.`
      : `Raise ${field} above the largest answer the schema allows, with room for reasoning.`;
  return [
    `Check the stop reason before parsing anything: ${turn.stop.said} means the output is a prefix, and a prefix of JSON is not JSON.`,
    numbers,
    'Or make one answer smaller: bound free-text fields and arrays in the schema, and paginate.',
  ];
}

function reasoningRepairs(turn: Turn): string[] {
  const field = ceilingField(turn);
  return [
    `The ceiling covers reasoning and answer together: raise ${field}${turn.maxOutputTokens !== null ? ` above ${formatCount(turn.maxOutputTokens)}` : ''}, or lower the reasoning effort for this call.`,
    'A structured-output call that needs little deliberation is the cheapest place to spend less reasoning.',
  ];
}

function windowRepairs(turn: Turn): string[] {
  return [
    `The context window, not ${ceilingField(turn)}, ended the answer: shorten the conversation or the tool results sent back, or compact history before this call.`,
    'Check the stop reason before parsing anything: the output is a prefix.',
  ];
}

function cutWithoutReasonRepairs(): string[] {
  return [
    'Store the whole response (status, finish or stop reason, usage) with its text; without them a cut answer cannot be told from a wrong one.',
    'If this came from a stream, parse only after its terminal event: the text was probably read before all deltas arrived, or the connection dropped.',
  ];
}

function notSucceededRepairs(resultType: string): string[] {
  if (resultType === 'expired') {
    return ['Resubmit the request in a new batch: it was not processed within 24 hours.'];
  }
  if (resultType === 'canceled')
    return ['Resubmit the request if it is still needed: the batch was canceled before it ran.'];
  if (resultType === 'errored') {
    return [
      'Read the error: an invalid_request error needs the request fixed before resubmitting; an api_error can be retried as is.',
    ];
  }
  return ['Read the raw line: a succeeded result carries a message, and this one does not.'];
}

function clip(text: string): string {
  return text.length > 120 ? `${text.slice(0, 120)}…` : text;
}

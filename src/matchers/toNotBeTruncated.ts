import { type TruncationState, truncationOf, truncationRank } from '../diagnose/truncation.js';
import { readTurn, worstOf } from '../diagnose/turn.js';
import { describeJson } from '../json/json-state.js';
import type { ReadOptions } from '../model/model.js';
import type { MatcherContext, MatcherResult } from './context.js';
import { ACCEPTS_TURN, guardTurns, refusePromise } from './guard.js';
import { compose, repairLines } from './message.js';
import { judgedResult, recordVerdict } from './record.js';

/** The states in which output was cut before it was finished. */
const CUT: ReadonlySet<TruncationState> = new Set([
  'truncated-by-length',
  'ceiling-spent-on-reasoning',
  'truncated-tool-use',
  'ceiling-unreported',
  'cut-without-a-reason',
  'stream-cut',
]);

/**
 * Fails when the output was cut off: by the output-token ceiling, by reasoning that spent it,
 * inside an Anthropic tool_use block, at a ceiling reached under a stop that says it finished,
 * or mid-object with no reason given. Also takes a plain string, and then fails when it is a
 * proper prefix of a JSON document (`jsonState` truncated).
 *
 * @example
 * expect(response).toNotBeTruncated();
 * expect('{"items": [1, 2').toNotBeTruncated(); // fails: truncated
 */
export function toNotBeTruncated(
  this: MatcherContext,
  received: unknown,
  options?: ReadOptions,
): MatcherResult {
  const hint = this.utils.matcherHint('toNotBeTruncated', 'received', options ? 'options' : '', {
    isNot: this.isNot,
    promise: this.promise,
  });
  refusePromise('toNotBeTruncated', received);
  if (typeof received === 'string' && !readTurn(received, options).ok) {
    return judgeText(received, hint);
  }
  const turns = guardTurns('toNotBeTruncated', received, options, [
    ...ACCEPTS_TURN,
    'a string of JSON text',
  ]);
  const diagnosis = worstOf(turns, truncationOf, truncationRank);
  const pass = !CUT.has(diagnosis.state);
  recordVerdict(this, 'toNotBeTruncated', pass, () => ({
    turns: turns.map(({ turn }) => turn),
    results: [
      judgedResult(
        'truncation',
        diagnosis,
        !pass ? 'finding' : diagnosis.state === 'complete' ? 'healthy' : 'note',
      ),
    ],
  }));
  const message = () =>
    pass
      ? compose(hint, [
          `Expected the output to be truncated, but it is ${diagnosis.state}.`,
          `  ${diagnosis.detail}`,
        ])
      : compose(hint, [
          `Expected the output not to be truncated, but it is ${diagnosis.state}.`,
          `  ${diagnosis.detail}`,
          ...repairLines(diagnosis.repairs),
        ]);
  return { pass, message };
}

function judgeText(text: string, hint: string): MatcherResult {
  const shape = describeJson(text);
  const pass = shape.state !== 'truncated';
  const at = shape.offset === undefined ? '' : ` at character ${shape.offset}`;
  const message = () => {
    if (!pass) {
      return compose(hint, [
        'Expected the text not to be truncated, but it is a proper prefix of a JSON document that does not parse.',
        `  It ${shape.reason ?? 'never closes'}.`,
        ...repairLines([
          'Find where the text was cut: check the stop reason of the response it came from, or whether a stream was read before its end.',
        ]),
      ]);
    }
    if (shape.state === 'malformed') {
      return compose(hint, [
        `Expected the text to be truncated, but it is malformed: ${shape.reason ?? 'not JSON'}${at}.`,
        '  Malformed is a different fault from a cut: no continuation of this text can make it parse.',
      ]);
    }
    return compose(hint, [
      `Expected the text to be truncated, but ${shape.state === 'parses' ? 'it parses' : 'it is empty'}.`,
    ]);
  };
  return { pass, message };
}

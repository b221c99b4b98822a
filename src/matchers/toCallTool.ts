import { type CallVerdict, verdictsFor } from '../diagnose/dispatch.js';
import { describeValue } from '../text/describe-value.js';
import { libraryMessage } from '../text/library-message.js';
import { plural } from '../text/plural.js';
import type { MatcherContext, MatcherResult } from './context.js';
import { ACCEPTS_TURN, guardTurns, MatcherInputError } from './guard.js';
import { callLabel, compose } from './message.js';
import { recordVerdict } from './record.js';

/**
 * Passes when some call in the turn names the tool and, when `expectedArguments` is given, its
 * parsed arguments equal them under the framework's own equality, so asymmetric matchers such as
 * `expect.any(String)` work inside. A failure lists the calls made, and hands the framework the
 * closest call's arguments to diff.
 *
 * @example
 * expect(response).toCallTool('lookup_order');
 * expect(response).toCallTool('issue_refund', { order_id: 'A-1001', amount_cents: expect.any(Number) });
 */
export function toCallTool(
  this: MatcherContext,
  received: unknown,
  name: string,
  expectedArguments?: unknown,
): MatcherResult {
  if (typeof name !== 'string') {
    throw new MatcherInputError(
      libraryMessage(
        `toCallTool(name, expectedArguments?) needs the tool name as a string; received ${describeValue(name)}`,
      ),
    );
  }
  const turns = guardTurns('toCallTool', received, undefined, ACCEPTS_TURN, {
    args: expectedArguments === undefined ? 'name' : 'name, expectedArguments',
  });
  const calls = turns.flatMap(({ turn }) => verdictsFor(turn));
  const named = calls.filter((call) => call.name === name);
  const checkArguments = expectedArguments !== undefined;
  const matching = checkArguments
    ? named.filter(
        (call) =>
          call.arguments !== undefined &&
          this.equals(call.arguments, expectedArguments, this.customTesters),
      )
    : named;
  const pass = matching.length > 0;
  // Whether a tool was called is the test's question, not a health verdict: no result is listed.
  recordVerdict(this, 'toCallTool', pass, () => ({
    turns: turns.map(({ turn }) => turn),
    results: [],
  }));
  const closest =
    named.find((call) => call.arguments !== undefined) ??
    calls.find((call) => call.arguments !== undefined);

  const hint = this.utils.matcherHint(
    'toCallTool',
    'received',
    checkArguments ? 'name, expectedArguments' : 'name',
    {
      isNot: this.isNot,
      promise: this.promise,
    },
  );
  const made =
    calls.length === 0
      ? ['The turn made no tool calls.']
      : [
          `The turn made ${plural(calls.length, 'call')}:`,
          ...calls.map((call) => `  - ${describeCall(call)}`),
        ];
  const message = () => {
    if (pass) {
      const match = matching[0] as CallVerdict;
      return compose(hint, [
        `Expected no call to "${name}"${checkArguments ? ' with these arguments' : ''}, but ${callLabel(match)} is one.`,
        ...(checkArguments ? [`  Arguments: ${this.utils.printReceived(match.arguments)}`] : []),
      ]);
    }
    const head = !checkArguments
      ? `Expected a call to "${name}", but the turn never calls it.`
      : named.length === 0
        ? `Expected a call to "${name}" with the arguments below, but the turn never calls it.`
        : `Expected a call to "${name}" with the arguments below, but ${named.length === 1 ? 'its one call has others' : `none of its ${named.length} calls has them`}.`;
    return compose(hint, [
      head,
      ...(checkArguments
        ? ['', `Expected arguments: ${this.utils.printExpected(expectedArguments)}`]
        : []),
      '',
      ...made,
    ]);
  };
  // Let the framework diff the expected arguments against the closest call's.
  return checkArguments && closest !== undefined && !pass
    ? { pass, message, actual: closest.arguments, expected: expectedArguments }
    : { pass, message };
}

/** One line per call: arguments as compact JSON (they came from JSON), or the state when they did not parse. */
function describeCall(call: CallVerdict): string {
  if (call.arguments === undefined) return `${callLabel(call)}: ${call.state}`;
  const json = JSON.stringify(call.arguments);
  return `${callLabel(call)}: ${json.length > 200 ? `${json.slice(0, 200)}…` : json}`;
}

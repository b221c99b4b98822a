import { type CallVerdict, verdictsFor } from '../diagnose/dispatch.js';
import { thisPayload } from '../diagnose/wording.js';
import type { ReadOptions, Turn } from '../model/model.js';
import { describeSurface } from '../registry/index.js';
import { describeValue } from '../text/describe-value.js';
import { libraryMessage } from '../text/library-message.js';
import { plural } from '../text/plural.js';
import type { MatcherContext, MatcherResult } from './context.js';
import { guardTurns, MatcherInputError } from './guard.js';
import { callLabel, compose, indent, repairLines } from './message.js';
import { judgedResult, recordVerdict } from './record.js';

export interface DispatchableOptions extends ReadOptions {
  /** Fail on `dispatchable-unconstrained` too: every call must come from a strict tool. */
  requireStrict?: boolean;
  /**
   * `'fail'` (the default): a call that repeats an earlier one of its turn, name and arguments,
   * is `duplicate-call` and fails. `'allow'`: a dispatcher that runs each distinct call once
   * takes repeats in its stride, and each is judged as the call it repeats.
   */
  duplicates?: 'fail' | 'allow';
}

/** What each of this matcher's own options takes; a wrong value is a mistake, thrown. */
const OWN_OPTIONS: ReadonlyArray<[keyof DispatchableOptions, readonly unknown[], string]> = [
  ['requireStrict', [true, false], 'true or false'],
  ['duplicates', ['fail', 'allow'], "'fail' or 'allow'"],
];

/**
 * Passes when the turn has at least one tool call and every call can be dispatched as it stands:
 * it parses, names a declared tool, and matches that tool's schema, in a turn that was not cut
 * (a whole call in a turn cut by its ceiling, its context window or a filter is `turn-cut`),
 * and it does not repeat an earlier call of its turn (`duplicate-call`, unless
 * `{ duplicates: 'allow' }`). An object holding several turns (a framework's steps) is judged
 * on every call of every step.
 *
 * @example
 * expect({ request, response }).toBeDispatchable();
 * expect(response).toBeDispatchable({ requireStrict: true });
 */
export function toBeDispatchable(
  this: MatcherContext,
  received: unknown,
  options?: DispatchableOptions,
): MatcherResult {
  for (const [key, allowed, takes] of OWN_OPTIONS) {
    const value = options?.[key];
    if (value !== undefined && !allowed.includes(value)) {
      throw new MatcherInputError(
        libraryMessage(
          `toBeDispatchable({ ${key} }) takes ${takes}; received ${describeValue(value)}`,
        ),
      );
    }
  }
  const turns = guardTurns('toBeDispatchable', received, options);
  const repeats = options?.duplicates === 'allow' ? 'allow' : 'mark';
  const verdicts = turns.flatMap(({ turn }) => verdictsFor(turn, { repeats }));
  const healthy = options?.requireStrict
    ? (v: CallVerdict) => v.state === 'dispatchable'
    : (v: CallVerdict) => v.state === 'dispatchable' || v.state === 'dispatchable-unconstrained';
  const failing = verdicts.filter((verdict) => !healthy(verdict));
  // A step with calls and no declarations is checked against nothing: the first such says so.
  const unchecked = turns.find(({ turn }) => turn.calls.length > 0 && turn.tools === null);
  const schemaKnown = unchecked === undefined;
  const turn = (unchecked ?? turns[turns.length - 1])?.turn as Turn;
  const pass = verdicts.length > 0 && schemaKnown && failing.length === 0;
  recordVerdict(this, 'toBeDispatchable', pass, () => ({
    turns: turns.map(({ turn }) => turn),
    results: verdicts.map((verdict) =>
      judgedResult(
        'dispatch',
        verdict,
        healthy(verdict) ? (verdict.state === 'dispatchable' ? 'healthy' : 'note') : 'finding',
        { name: verdict.name, at: verdict.at },
      ),
    ),
  }));
  const hint = this.utils.matcherHint('toBeDispatchable', 'received', options ? 'options' : '', {
    isNot: this.isNot,
    promise: this.promise,
  });

  const message = () => {
    if (verdicts.length === 0 && turns.length > 1) {
      return compose(hint, [
        `Expected tool calls, but none of its ${turns.length} steps has any.`,
        ...turns.map(({ at, turn }) => `  - ${at}: stop ${turn.stop.said ?? 'not reported'}`),
      ]);
    }
    if (verdicts.length === 0) {
      return compose(hint, [
        'Expected a turn with tool calls, but this turn has none.',
        `  - stop: ${turn.stop.said ?? 'not reported'}`,
        ...(turn.text ? [`  - text: ${preview(turn.text)}`] : []),
        ...(turn.refusal ? [`  - refusal: ${preview(turn.refusal)}`] : []),
      ]);
    }
    if (!schemaKnown) {
      return compose(hint, [
        `Cannot tell: no tool declarations came with ${thisPayload(turn.surface, 'response')}, so no call was checked against a schema.`,
        dispatchableAdvice(turn),
      ]);
    }
    if (!pass) {
      return compose(hint, [
        `Expected every tool call to be dispatchable${options?.requireStrict ? ' from a strict tool' : ''}, but ${failing.length} of ${verdicts.length} ${failing.length === 1 ? 'is' : 'are'} not:`,
        ...failing.flatMap((verdict) => ['', ...indent(describeVerdict(verdict))]),
      ]);
    }
    return compose(hint, [
      `Expected the turn not to be dispatchable, but ${verdicts.length === 1 ? 'its one tool call is' : `all ${plural(verdicts.length, 'tool call')} are`}:`,
      ...verdicts.map((verdict) => `  - ${callLabel(verdict)}: ${verdict.state}`),
    ]);
  };
  return { pass, message };
}

function describeVerdict(verdict: CallVerdict): string[] {
  return [
    `${callLabel(verdict)}: ${verdict.state}`,
    `  ${verdict.detail}`,
    ...verdict.problems.map((problem) => `  - ${problem}`),
    ...indent(repairLines(verdict.repairs)),
  ];
}

function preview(text: string): string {
  return JSON.stringify(text.length > 80 ? `${text.slice(0, 80)}…` : text);
}

/** How to give this matcher the declarations: the exchange, or a framework's own tools. */
function dispatchableAdvice(turn: Turn): string {
  const framework = describeSurface(turn.via ?? turn.surface).facts.declarationsFrom;
  return framework === undefined
    ? 'Pass the exchange, expect({ request, response }).toBeDispatchable(), or the tools, .toBeDispatchable({ tools }).'
    : `Pass ${framework} as the tools: .toBeDispatchable({ tools }).`;
}

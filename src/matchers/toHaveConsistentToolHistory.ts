import { diagnoseHistory, type HistoryOptions } from '../diagnose/history.js';
import { providerName } from '../diagnose/wording.js';
import { describeValue } from '../text/describe-value.js';
import { libraryMessage } from '../text/library-message.js';
import { plural } from '../text/plural.js';
import type { MatcherContext, MatcherResult } from './context.js';
import { acceptsPhrase, MatcherInputError, refusePromise } from './guard.js';
import { compose, repairLines } from './message.js';
import { judgedResult, recordVerdict } from './record.js';

/** What this matcher accepts, said the way the other matchers say theirs. */
const ACCEPTS_HISTORY: readonly string[] = [
  'a request body (OpenAI Responses or Chat Completions, Anthropic Messages, Gemini, Bedrock Converse)',
  'an exchange { request, response }',
  'a list of messages with { surface }',
];

/** At most this many problem lines are shown; the rest are counted. */
const SHOWN = 10;

/**
 * Passes when the conversation a request sends back pairs every tool call with its result
 * where the provider requires (`history-consistent`), or holds no tool items at all
 * (`no-tool-history`): the request a provider would not reject for its history. Takes a request
 * body, an exchange `{ request, response }` (its request is judged), or a list of messages with
 * `{ surface }`.
 *
 * @example
 * expect(requestBody).toHaveConsistentToolHistory();
 * expect(trimHistory(messages)).toHaveConsistentToolHistory({ surface: 'anthropic-messages' });
 */
export function toHaveConsistentToolHistory(
  this: MatcherContext,
  received: unknown,
  options?: HistoryOptions,
): MatcherResult {
  refusePromise('toHaveConsistentToolHistory', received, {
    what: 'the request body',
    call: 'buildRequest(...)',
  });
  const diagnosis = diagnoseHistory(received, options);
  if (diagnosis.state === 'unreadable') {
    // A finding about the input itself ("Got the integer 42, …") is the Received line.
    const found = diagnosis.detail.startsWith('Got ')
      ? `Received: ${diagnosis.detail.slice('Got '.length)}`
      : `Received: ${describeValue(received)}\n  ${diagnosis.detail}`;
    throw new MatcherInputError(
      libraryMessage(
        `toHaveConsistentToolHistory() accepts ${acceptsPhrase(ACCEPTS_HISTORY)}.\n  ${found}`,
      ),
    );
  }
  const pass = diagnosis.state === 'history-consistent' || diagnosis.state === 'no-tool-history';
  recordVerdict(this, 'toHaveConsistentToolHistory', pass, () => ({
    turns: [],
    results: [
      judgedResult(
        'history',
        diagnosis,
        !pass ? 'finding' : diagnosis.state === 'history-consistent' ? 'healthy' : 'note',
      ),
    ],
  }));
  const hint = this.utils.matcherHint(
    'toHaveConsistentToolHistory',
    'received',
    options ? 'options' : '',
    { isNot: this.isNot, promise: this.promise },
  );
  const provider = diagnosis.surface === null ? 'the provider' : providerName(diagnosis.surface);
  const message = () => {
    if (pass) {
      return compose(hint, [
        `Expected the tool history to break a rule of ${provider}, but it is ${diagnosis.state}.`,
        `  ${diagnosis.detail}`,
      ]);
    }
    const shown = diagnosis.problems.slice(0, SHOWN);
    const more = diagnosis.problems.length - shown.length;
    return compose(hint, [
      `Expected every tool call to be answered where ${provider} requires, but the history is ${diagnosis.state}.`,
      `  ${diagnosis.detail}`,
      ...shown.map((problem) => `  - ${problem}`),
      ...(more > 0 ? [`  - and ${plural(more, 'more problem')}`] : []),
      ...repairLines(diagnosis.repairs),
    ]);
  };
  return { pass, message };
}

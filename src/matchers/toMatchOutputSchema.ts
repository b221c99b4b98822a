import { diagnoseToolResult } from '../diagnose/tool-result.js';
import type { ReadOptions } from '../model/model.js';
import { describeValue } from '../text/describe-value.js';
import { libraryMessage } from '../text/library-message.js';
import type { MatcherContext, MatcherResult } from './context.js';
import { MatcherInputError, refusePromise } from './guard.js';
import { callLabel, compose, repairLines } from './message.js';
import { judgedResult, recordVerdict } from './record.js';

/** Options of `toMatchOutputSchema`: the tools/list result, when the exchange does not hold it. */
export type OutputSchemaOptions = Pick<ReadOptions, 'tools'>;

/**
 * Passes when an MCP tool answered with a `structuredContent` that matches the `outputSchema`
 * its tools/list declares. Fails on a violation (each with its path from `structuredContent`),
 * a missing `structuredContent`, an `isError` result, a JSON-RPC error, a tool with no
 * outputSchema, and a call to an unlisted tool, each named by its state; a server SDK's own
 * validation error is named for what it says broke (`violates-output-schema`,
 * `structured-content-missing`, `arguments-violate-schema`), its message quoted. Only
 * `structuredContent` is checked, never the whole result.
 *
 * @example
 * expect({ tools: await client.listTools(), call, result }).toMatchOutputSchema();
 * expect(exchanges).toContainEqual(expect.toMatchOutputSchema());
 */
export function toMatchOutputSchema(
  this: MatcherContext,
  received: unknown,
  options?: OutputSchemaOptions,
): MatcherResult {
  refusePromise('toMatchOutputSchema', received, {
    what: 'the tool result',
    call: 'client.request(…)',
    args: options ? 'options' : '',
  });
  const diagnosis = diagnoseToolResult(received, options);
  if (diagnosis.state === 'unreadable') {
    // With no call read, the value itself is the news; with one, what its exchange lacks.
    const found =
      diagnosis.tool === '' && diagnosis.callId === null
        ? `Received: ${describeValue(received)}`
        : diagnosis.detail;
    throw new MatcherInputError(
      libraryMessage(
        `toMatchOutputSchema() accepts an MCP exchange { tools, call, result }.\n  ${found}`,
      ),
    );
  }
  const pass = diagnosis.state === 'matches-output-schema';
  recordVerdict(this, 'toMatchOutputSchema', pass, () => ({
    turns: [],
    results: [
      judgedResult(
        'result',
        diagnosis,
        pass ? 'healthy' : 'finding',
        diagnosis.tool === '' ? null : { name: diagnosis.tool, at: 'result' },
      ),
    ],
  }));
  const hint = this.utils.matcherHint('toMatchOutputSchema', 'received', options ? 'options' : '', {
    isNot: this.isNot,
    promise: this.promise,
  });
  const call = callLabel({ name: diagnosis.tool, callId: diagnosis.callId });
  const message = () =>
    pass
      ? compose(hint, [
          `Expected the result of ${call} not to match its outputSchema, but it does.`,
          `  ${diagnosis.detail}`,
        ])
      : compose(hint, [
          `Expected the result of ${call} to match its outputSchema, but it is ${diagnosis.state}.`,
          `  ${diagnosis.detail}`,
          ...diagnosis.problems.map((problem) => `  - ${problem}`),
          ...repairLines(diagnosis.repairs),
        ]);
  return { pass, message };
}

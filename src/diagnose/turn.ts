/**
 * The turn as every diagnosis sees it: read as the payload says it, then each surface's
 * default applied where the payload said nothing. Reading records; deciding what silence
 * means is the diagnoses' part.
 */
import type { ReadOptions, Turn } from '../model/model.js';
import { turnCut } from '../model/turn.js';
import { type ReadResult, type ReadTurnsResult, readPayload, readPayloads } from '../read/index.js';
import { describeSurface } from '../registry/index.js';
import { plural } from '../text/plural.js';
import { lintStrictSchema } from './strict-lint.js';
import { providerName } from './wording.js';

/**
 * Reads any supported payload into one {@link Turn}: a response, a request body, an exchange
 * `{ request, response }`, an Anthropic batch results line, or a reassembled stream. The
 * surface is detected from the shape; a JSON string is parsed first; a Turn already read is
 * returned as it is. Options supply what a response does not echo, and win over everything
 * else. A tool that does not state `strict` gets its provider's default (`strictStated` says
 * which).
 *
 * Bedrock's InvokeModel carries the model's own body as bytes: that body is read (an Anthropic
 * Messages body for a Claude model), whether given parsed, as its bytes (`out.body`), or as the
 * AWS SDK's InvokeModel output or input object (`{ body, contentType }`) itself.
 *
 * @example
 * const read = readTurn({ request: chatRequest, response: chatCompletion });
 * readTurn({ request: invokeModelInput, response: await client.send(new InvokeModelCommand(invokeModelInput)) });
 * if (read.ok) console.log(read.turn.calls.map((call) => call.name));
 */
export function readTurn(input: unknown, options?: ReadOptions | null): ReadResult {
  const read = readPayload(input, options);
  if (read.ok) settle(read.turn);
  return read;
}

/**
 * Reads every turn a payload holds, each as {@link readTurn} reads one: a provider payload is
 * one turn (`at: ''`); an object that holds several (a framework's multi-step result) gives one
 * per step, each call's `at` starting with its step's (`steps[2].content[0]`).
 *
 * @example
 * const read = readTurns(result);
 * if (read.ok) for (const { at, turn } of read.turns) console.log(at, turn.stop.said);
 */
export function readTurns(input: unknown, options?: ReadOptions | null): ReadTurnsResult {
  const read = readPayloads(input, options);
  if (read.ok) for (const { turn } of read.turns) settle(turn);
  return read;
}

/** What is known once the request is read with the response: each surface's defaults. */
function settle(turn: Turn): void {
  applyStrictDefault(turn);
  markUnreportedCut(turn);
}

/**
 * A call that ends the output of a turn whose ceiling was reached unreported is cut, where a
 * cut call looks whole (Anthropic's decoded input): the stop hid the cut, the numbers show it.
 */
function markUnreportedCut(turn: Turn): void {
  const last = turn.calls[turn.calls.length - 1];
  if (last?.endsOutput !== true || last.unfinished) return;
  if (turnCut(turn) !== 'ceiling-unreported') return;
  last.unfinished = true;
}

/**
 * Of the verdicts on each turn of a payload, the one that speaks for it: the first of the worst
 * (`rank` higher is worse), or the last when all rank alike, its detail led by its turn's place.
 * A payload of one turn gets that turn's verdict as it is.
 *
 * @example
 * worstOf(read.turns, truncationOf, (state) => (state === 'complete' ? 0 : 1));
 */
export function worstOf<Verdict extends { state: string; detail: string }>(
  turns: readonly { at: string; turn: Turn }[],
  judge: (turn: Turn) => Verdict,
  rank: (state: Verdict['state']) => number,
): Verdict & { at?: string } {
  let chosen: (Verdict & { at?: string }) | undefined;
  let chosenRank = -1;
  for (const { at, turn } of turns) {
    const verdict = judge(turn);
    const worse = rank(verdict.state);
    if (chosen !== undefined && worse < chosenRank) continue;
    if (chosen !== undefined && worse === chosenRank && chosenRank > 0) continue;
    chosen = at === '' ? verdict : { ...verdict, at, detail: `${at}: ${verdict.detail}` };
    chosenRank = worse;
  }
  // readTurns never gives an empty list: a payload with no turn is a failure.
  return chosen as Verdict & { at?: string };
}

/**
 * Gives each function tool that does not state `strict` its surface's default. The Responses API
 * rewrites such a schema into strict mode when it can (see `strict-default.ts` in its surface
 * folder for the evidence) and falls back to non-strict when it cannot; everywhere else an
 * unstated `strict` is not strict. Applying it twice (a Turn passed back in) changes nothing.
 */
function applyStrictDefault(turn: Turn): void {
  if (turn.tools === null) return;
  // The notes already said, gathered once a tool needs its default: a Turn passed back in
  // holds them already, and checking each against a list would be quadratic in the tools.
  let said: Set<string> | null = null;
  for (const tool of turn.tools) {
    // Only a tool in the turn's own shape that left strict unstated: a Chat-shaped tool on a
    // Responses turn, or a Turn saved before `strictStated` existed, keeps what it says.
    if (tool.kind !== 'function' || tool.strictStated !== false || tool.shape !== turn.surface) {
      continue;
    }
    // Looked up only for a tool that left strict unstated: most requests state it.
    const surface = describeSurface(turn.surface);
    const { whenUnstated, provider } = surface.facts.strict;
    if (whenUnstated === 'not-strict' || provider === null) return;
    said ??= new Set(turn.notes);
    const rewritten = whenUnstated.normalise(tool.schema);
    const { problems } = lintStrictSchema(
      { type: 'function', name: tool.name, parameters: rewritten.schema },
      { provider },
    );
    tool.strict = problems.length === 0;
    const note = tool.strict
      ? `${tool.at} does not set strict, so ${providerName(turn.surface)} rewrites its schema into strict mode (every object closed with additionalProperties: false, every property required) and it is read as strict${madeRequiredPhrase(rewritten.madeRequired)}`
      : `${tool.at} does not set strict, and its schema cannot be made strict: ${problems[0]?.message}${problems.length > 1 ? ` (and ${plural(problems.length - 1, 'other problem')})` : ''}. Then ${providerName(turn.surface)} falls back to non-strict calling, so it is read as not strict; ${whenUnstated.undecided}, so set strict yourself to be sure`;
    if (!said.has(note)) turn.notes.push(note);
  }
}

/** The warning a silent rewrite deserves: optional properties the model must now always send. */
function madeRequiredPhrase(names: readonly string[]): string {
  if (names.length === 0) return '';
  const shown = names.slice(0, 5).map((name) => `"${name}"`);
  const rest =
    names.length > shown.length ? ` and ${plural(names.length - shown.length, 'other')}` : '';
  return `; its optional ${names.length === 1 ? 'property' : 'properties'} ${shown.join(', ')}${rest} ${names.length === 1 ? 'becomes' : 'become'} required, so the model always sends ${names.length === 1 ? 'it' : 'them'}: set strict: false to keep ${names.length === 1 ? 'it' : 'them'} optional`;
}

/** Whether the turn's provider documents that several calls in one turn void strict. */
export function parallelCallsVoidStrict(turn: Turn): boolean {
  return describeSurface(turn.surface).facts.strict.voidedByParallelCalls;
}

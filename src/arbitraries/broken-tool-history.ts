import fc from 'fast-check';
import { diagnoseHistory } from '../diagnose/history.js';
import { checkSurface } from '../read/index.js';
import { SURFACE_IDS, surfaceById } from '../registry/index.js';
import type { HistoryBreak } from '../surfaces/history.js';
import type { Script, ScriptRound } from '../surfaces/history-script.js';
import type { WireSurface } from '../surfaces/types.js';
import { libraryMessage } from '../text/library-message.js';
import { historyWriterFor } from '../writers/index.js';
import { SCRIPT_TOOLS } from './_internals/script-tools.js';

/**
 * Options for {@link brokenToolHistory}.
 *
 * @example
 * ```ts
 * const constraints: BrokenToolHistoryConstraints = { surface: 'anthropic-messages', breaks: ['result-misplaced'] };
 * ```
 */
export interface BrokenToolHistoryConstraints {
  /** The surfaces to write for; every surface with history rules by default. */
  surface?: WireSurface['id'] | readonly WireSurface['id'][];
  /** The breaks to choose from; each surface draws only the ones its provider enforces. */
  breaks?: readonly HistoryBreak[];
  /** At most this many rounds of tool calls before the closing answer (at least 2). Default 4. */
  maxRounds?: number;
}

/**
 * One generated conversation: the request body with one break, the same conversation intact,
 * and which break it is, where. fast-check prints a failing sample as its break and the item
 * that holds it (`openai-chat: unanswered-call in round 1, messages[6].tool_calls[0] (…): no tool
 * message answers it …`), not as two whole request bodies; `sample.request` holds the body.
 *
 * @example
 * ```ts
 * const sample: BrokenToolHistory = fc.sample(brokenToolHistory(), 1)[0];
 * diagnoseHistory(sample.request).state === sample.break; // true
 * ```
 */
export interface BrokenToolHistory {
  surface: WireSurface['id'];
  break: HistoryBreak;
  /** The request body with the break, as the surface's client would send it. */
  request: Record<string, unknown>;
  /** The same conversation with every call answered where the provider requires. */
  intact: Record<string, unknown>;
  /** The round of tool calls (0-based) that holds the break. */
  round: number;
}

/** Every break, in the vocabulary's order. */
const ALL_BREAKS: readonly HistoryBreak[] = [
  'unanswered-call',
  'orphan-result',
  'duplicate-call-id',
  'result-misplaced',
];

/** The breaks a surface's provider enforces: the rules in its `history-rules.ts`. */
function enforcedOn(surface: WireSurface['id']): HistoryBreak[] {
  const rules = surfaceById(surface).history?.rules.rules ?? [];
  return ALL_BREAKS.filter((kind) => rules.some((rule) => rule.breaks === kind));
}

const words = fc
  .array(fc.constantFrom('order', 'refund', 'please', 'status', 'the', 'A-1042', 'today', 'why'), {
    minLength: 1,
    maxLength: 6,
  })
  .map((list) => list.join(' '));

const roundShape = fc.record({
  preamble: fc.option(words, { nil: null }),
  calls: fc.array(
    fc.record({ tool: fc.nat({ max: SCRIPT_TOOLS.length - 1 }), query: words, output: words }),
    { minLength: 1, maxLength: 3 },
  ),
});

/**
 * A valid multi-turn tool history for one surface, with exactly one break its provider
 * rejects: a call left unanswered (a tool threw and its result was skipped, or history was
 * trimmed between a call and its result), a result whose call is gone, an id used twice in one
 * message, or a result out of place (text before Anthropic's `tool_result` blocks, a user
 * message and a reply between calls and results). `diagnoseHistory(sample.request).state` is `sample.break` for every
 * sample, and `sample.intact` is `history-consistent`: property-test the code that builds,
 * trims or summarises your history against both.
 *
 * Built from records and `map` (no `chain`), so a failure shrinks to few rounds and calls.
 * Throws when the constraints leave no break a chosen surface enforces.
 *
 * @example
 * ```ts
 * import fc from 'fast-check';
 * import { brokenToolHistory } from 'tool-call-health/arbitraries';
 *
 * fc.assert(
 *   fc.property(brokenToolHistory({ surface: 'openai-chat' }), ({ intact }) => {
 *     expect(trimHistory(intact, 6)).toHaveConsistentToolHistory();
 *   }),
 * );
 * ```
 */
export function brokenToolHistory(
  constraints: BrokenToolHistoryConstraints = {},
): fc.Arbitrary<BrokenToolHistory> {
  const named = constraints.surface;
  for (const surface of typeof named === 'string' || named === undefined ? [named] : named) {
    checkSurface(surface, 'brokenToolHistory constraints.surface');
  }
  const asked = constraints.breaks ?? ALL_BREAKS;
  const wanted =
    constraints.surface === undefined
      ? SURFACE_IDS.filter((surface) => surfaceById(surface).history !== undefined)
      : typeof constraints.surface === 'string'
        ? [constraints.surface]
        : [...constraints.surface];
  const choices = wanted
    .map((surface) => ({
      surface,
      breaks: enforcedOn(surface).filter((kind) => asked.includes(kind)),
    }))
    .filter((choice) => choice.breaks.length > 0);
  if (choices.length === 0) {
    throw new RangeError(
      libraryMessage(
        `brokenToolHistory: no surface of ${wanted.join(', ')} enforces ${asked.join(', ')}; each provider's history-rules.ts says which breaks it rejects`,
      ),
    );
  }
  const maxRounds = Math.max(2, constraints.maxRounds ?? 4);
  return fc
    .record({
      choice: fc.constantFrom(...choices),
      breakPick: fc.nat(),
      token: fc.stringMatching(/^[A-Za-z0-9]{6}$/),
      withIds: fc.boolean(),
      prompt: words,
      rounds: fc.array(roundShape, { minLength: 2, maxLength: maxRounds }),
      answer: words,
      followUp: words,
      where: fc.record({ round: fc.nat(), call: fc.nat(), text: words, reply: words }),
    })
    .map(({ choice, breakPick, token, withIds, prompt, rounds, answer, followUp, where }) => {
      const { surface } = choice;
      const kind = choice.breaks[breakPick % choice.breaks.length] as HistoryBreak;
      const writer = historyWriterFor(surface);
      // Where ids are optional, drawn with or without; every other provider sends them.
      const ids = !writer.idsOptional || withIds;
      let counter = 0;
      const nextId = () => {
        counter += 1;
        return ids ? `${writer.idPrefix}${token}${counter.toString(36)}` : null;
      };
      const script: Script = {
        tools: SCRIPT_TOOLS,
        prompt,
        answer,
        followUp,
        rounds: rounds.map((round): ScriptRound => {
          const calls = round.calls.map((call) => ({
            id: nextId(),
            name: (SCRIPT_TOOLS[call.tool] ?? SCRIPT_TOOLS[0])?.name ?? 'lookup_order',
            arguments: { query: call.query },
          }));
          return {
            preamble: round.preamble,
            calls,
            results: calls.map((call, index) => ({
              id: call.id,
              name: call.name,
              output: round.calls[index]?.output ?? '',
            })),
            interrupt: null,
            textBeforeResults: null,
          };
        }),
      };
      const intact = writer.body(script);
      const round = breakRound(where.round, script.rounds.length);
      breakScript(script, kind, round, where, nextId, surface);
      return printedAsItsBreak({
        surface,
        break: kind,
        request: writer.body(script),
        intact,
        round,
      });
    });
}

/**
 * Gives a sample fast-check's toString hook, so a counterexample reads as the break and where it
 * is. Not enumerable: the sample still equals, spreads and serialises as the plain data it is.
 * The place is found when printed (only a failure is), as `diagnoseHistory` names it.
 */
function printedAsItsBreak(sample: BrokenToolHistory): BrokenToolHistory {
  Object.defineProperty(sample, fc.toStringMethod, {
    value: (): string => {
      const { problems } = diagnoseHistory(sample.request, { surface: sample.surface });
      const where = problems[0] ?? 'not found by diagnoseHistory';
      return `${sample.surface}: ${sample.break} in round ${sample.round}, ${where} (the body is sample.request)`;
    },
  });
  return sample;
}

/** The round a break goes in. */
function breakRound(pick: number, rounds: number): number {
  return pick % rounds;
}

/** Puts one break in a script, in place. */
function breakScript(
  script: Script,
  kind: HistoryBreak,
  roundIndex: number,
  where: { call: number; text: string; reply: string },
  nextId: () => string | null,
  surface: WireSurface['id'],
): void {
  const round = script.rounds[roundIndex] as ScriptRound;
  const callIndex = where.call % round.calls.length;
  const { text } = where;
  switch (kind) {
    case 'unanswered-call':
      round.results.splice(callIndex, 1);
      return;
    case 'orphan-result':
      round.results.push({ id: nextId(), name: 'cancel_order', output: text });
      return;
    case 'duplicate-call-id': {
      // The same call twice in one message, each answered: the providers that reject a repeated
      // id reject it within a message (an id reused by a later turn was answered 200).
      const call = round.calls[callIndex];
      const result = round.results[callIndex];
      if (call !== undefined) round.calls.splice(callIndex + 1, 0, { ...call });
      if (result !== undefined) round.results.splice(callIndex + 1, 0, { ...result });
      return;
    }
    case 'result-misplaced':
      // Where results must open their message, text before them moves them out of place;
      // everywhere else, a message between the calls and their results does.
      if (surfaceById(surface).history?.rules.resultsLead === true) round.textBeforeResults = text;
      else round.interrupt = { asked: text, replied: where.reply };
      return;
  }
}

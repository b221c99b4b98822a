import { strictOf } from '../diagnose/strict.js';
import { serialiseSetting } from '../diagnose/wording.js';
import type { ReadOptions, Turn } from '../model/model.js';
import { describeSurface } from '../registry/index.js';
import type { MatcherContext, MatcherResult } from './context.js';
import { ACCEPTS_TURN, guardTurns } from './guard.js';
import { callLabel, compose, repairLines } from './message.js';
import { judgedResult, recordVerdict } from './record.js';

/**
 * Passes only when strict is declared and parallel calls are off (`strict-serialised`): the one
 * configuration in which every call is held to its schema. Takes a response, an exchange, or a
 * request body before it is sent.
 *
 * @example
 * expect(requestBody).toKeepStrictGuarantee();
 * expect(response).not.toKeepStrictGuarantee(); // e.g. a strict-void fan-out
 */
export function toKeepStrictGuarantee(
  this: MatcherContext,
  received: unknown,
  options?: ReadOptions,
): MatcherResult {
  const turns = guardTurns('toKeepStrictGuarantee', received, options, [
    ...ACCEPTS_TURN,
    'a request body',
  ]);
  // Every step must keep it: the first that does not speaks for them all.
  const judged = turns.map(({ at, turn }) => ({ at, turn, diagnosis: strictOf(turn) }));
  const chosen =
    judged.find(({ diagnosis }) => diagnosis.state !== 'strict-serialised') ??
    (judged[judged.length - 1] as (typeof judged)[number]);
  const { turn } = chosen;
  const diagnosis =
    chosen.at === ''
      ? chosen.diagnosis
      : { ...chosen.diagnosis, detail: `${chosen.at}: ${chosen.diagnosis.detail}` };
  // Where no setting serialises the calls (Gemini), a guarantee the provider holds is all there is.
  const pass =
    diagnosis.state === 'strict-serialised' ||
    (diagnosis.state === 'strict-held' &&
      describeSurface(turn.surface).facts.strict.heldWithoutSerialising === true);
  recordVerdict(this, 'toKeepStrictGuarantee', pass, () => ({
    turns: turns.map(({ turn }) => turn),
    results: judged.map((step) =>
      judgedResult(
        'strict',
        step.diagnosis,
        step === chosen && !pass
          ? 'finding'
          : step.diagnosis.state === 'strict-serialised'
            ? 'healthy'
            : 'note',
      ),
    ),
  }));
  const hint = this.utils.matcherHint(
    'toKeepStrictGuarantee',
    'received',
    options ? 'options' : '',
    {
      isNot: this.isNot,
      promise: this.promise,
    },
  );
  const message = () => {
    if (pass) {
      return compose(hint, [
        `Expected the strict-schema guarantee not to hold, but it does (${diagnosis.state}).`,
        `  ${diagnosis.detail}`,
      ]);
    }
    const noGuarantee =
      diagnosis.state === 'no-tools' ||
      diagnosis.state === 'no-strict-declared' ||
      diagnosis.state === 'fanout-no-strict';
    // The matcher asks for the guarantee itself, so its first repair is how to get it here.
    const serialise = serialiseSetting(turn);
    const repairs =
      diagnosis.state === 'strict-held'
        ? [
            serialise === null
              ? 'Have the provider return at most one call per turn.'
              : `Set ${serialise} so at most one call comes back per turn.`,
            ...diagnosis.repairs,
          ]
        : noGuarantee && serialise !== null
          ? [`${declareStrict(turn)}, and set ${serialise}.`, ...diagnosis.repairs]
          : diagnosis.repairs;
    return compose(hint, [
      noGuarantee
        ? `Expected the strict-schema guarantee to hold, but there is no guarantee to keep (${diagnosis.state}).`
        : expectedLine(turn, diagnosis.state),
      `  ${diagnosis.detail}`,
      ...(diagnosis.state === 'strict-void'
        ? [
            '  Calls with no guarantee:',
            ...diagnosis.calls.map((call) => `    - ${callLabel(call)}`),
          ]
        : []),
      ...repairLines(repairs),
    ]);
  };
  return { pass, message };
}

/** How to declare a turn's tools strict: legacy Chat functions have no strict mode to set. */
function declareStrict(turn: Turn): string {
  return turn.tools?.some((tool) => tool.legacyFunction)
    ? 'Move the legacy functions to tools and declare them with strict: true (functions have no strict mode)'
    : 'Declare the tools with strict: true';
}

/**
 * The first line of a failure where strict is declared: a request is judged on what every turn
 * it returns will carry, and `strict-held` is a guarantee held without being asked for, so
 * neither reads as "the guarantee is held, and that fails".
 */
function expectedLine(turn: Turn, state: string): string {
  const kept = 'strict tools with parallel calls off';
  if (turn.source === 'request') {
    return `Expected this request to keep the strict-schema guarantee in every turn (${kept}), but as sent it is ${state}.`;
  }
  if (state === 'strict-unrecorded') {
    return 'Expected the strict-schema guarantee to hold, but this record cannot tell whether it did (strict-unrecorded).';
  }
  return state === 'strict-held'
    ? `Expected the strict-schema guarantee to be kept by the request (${kept}), but it is only strict-held: held this turn, not asked for.`
    : `Expected the strict-schema guarantee to hold, but it is ${state}.`;
}

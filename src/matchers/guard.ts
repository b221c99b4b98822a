import { readTurn } from '../diagnose/turn.js';
import type { ReadOptions, Turn } from '../model/model.js';
import { describeValue } from '../text/describe-value.js';
import { libraryMessage } from '../text/library-message.js';

/** Thrown when a matcher is handed something it cannot judge; data faults are failures, not this. */
export class MatcherInputError extends TypeError {
  override name = 'MatcherInputError';
}

/** The inputs a response matcher accepts, said the same way by every matcher. */
export const ACCEPTS_TURN =
  'a provider response (OpenAI Responses or Chat Completions, Anthropic message, Gemini), ' +
  'an exchange { request, response }, or an Anthropic batch results line';

/** Throws the "did you forget to await?" error for a promise, before anything else is looked at. */
export function refusePromise(matcher: string, received: unknown): void {
  const then =
    typeof received === 'object' && received !== null ? Reflect.get(received, 'then') : undefined;
  if (typeof then === 'function') {
    throw new MatcherInputError(
      libraryMessage(
        `${matcher}() received a Promise. Did you forget to await the response?\n` +
          `  expect(await client.responses.create(...)).${matcher}()`,
      ),
    );
  }
}

/** Reads the received value into a turn, or throws a named error saying what is accepted. */
export function guardTurn(
  matcher: string,
  received: unknown,
  options: ReadOptions | undefined,
  accepts: string = ACCEPTS_TURN,
): Turn {
  refusePromise(matcher, received);
  const read = readTurn(received, options);
  if (!read.ok) {
    throw new MatcherInputError(
      libraryMessage(
        `${matcher}() accepts ${accepts}.\n  Received: ${describeValue(received)}\n  ${read.problem}`,
      ),
    );
  }
  return read.turn;
}

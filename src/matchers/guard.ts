import { readTurn, readTurns } from '../diagnose/turn.js';
import type { ReadOptions, Turn } from '../model/model.js';
import type { PlacedTurn } from '../read/index.js';
import { describeValue } from '../text/describe-value.js';
import { libraryMessage } from '../text/library-message.js';

/** Thrown when a matcher is handed something it cannot judge; data faults are failures, not this. */
export class MatcherInputError extends TypeError {
  override name = 'MatcherInputError';
}

/** The inputs a response matcher accepts, said the same way by every matcher. */
export const ACCEPTS_TURN: readonly string[] = [
  'a provider response (OpenAI Responses or Chat Completions, Anthropic message, Gemini, Bedrock Converse)',
  'an exchange { request, response }',
  'an Anthropic batch results line',
  'an MCP exchange { tools, call }',
  'a Vercel AI SDK result or its steps',
  'an OpenAI Agents SDK run result',
  'a LangChain AIMessage',
];

/** What a matcher accepts, as one phrase: `a, b, or c`. */
export function acceptsPhrase(accepts: readonly string[]): string {
  if (accepts.length <= 1) return accepts.join('');
  return `${accepts.slice(0, -1).join(', ')}, or ${accepts[accepts.length - 1]}`;
}

/** How a matcher's "did you forget to await?" error names what was awaited and shows the fix. */
export interface AwaitHint {
  /** What the promise will hold: `the response`. */
  what: string;
  /** The awaited call in the example: `yourClientCall(...)`. */
  call: string;
  /** The matcher's arguments in the example: `name`. */
  args: string;
}

const RESPONSE_AWAIT: AwaitHint = { what: 'the response', call: 'yourClientCall(...)', args: '' };

/**
 * Throws the "did you forget to await?" error for a promise, before anything else is looked at.
 * The matcher cannot see what the promise will hold, so the example names no provider's client.
 */
export function refusePromise(
  matcher: string,
  received: unknown,
  hint: Partial<AwaitHint> = {},
): void {
  const then =
    typeof received === 'object' && received !== null ? Reflect.get(received, 'then') : undefined;
  if (typeof then === 'function') {
    const { what, call, args } = { ...RESPONSE_AWAIT, ...hint };
    throw new MatcherInputError(
      libraryMessage(
        `${matcher}() received a Promise. Did you forget to await ${what}?\n` +
          `  expect(await ${call}).${matcher}(${args})`,
      ),
    );
  }
}

/** Reads the received value into a turn, or throws a named error saying what is accepted. */
export function guardTurn(
  matcher: string,
  received: unknown,
  options: ReadOptions | undefined,
  accepts: readonly string[] = ACCEPTS_TURN,
  hint: Partial<AwaitHint> = {},
): Turn {
  refusePromise(matcher, received, hint);
  const read = readTurn(received, options);
  if (!read.ok) refuse(matcher, received, read, accepts);
  return read.turn;
}

/**
 * Reads every turn the received value holds (one per step of a framework's result), or throws
 * the same named error as {@link guardTurn}.
 */
export function guardTurns(
  matcher: string,
  received: unknown,
  options: ReadOptions | undefined,
  accepts: readonly string[] = ACCEPTS_TURN,
  hint: Partial<AwaitHint> = {},
): PlacedTurn[] {
  refusePromise(matcher, received, hint);
  const read = readTurns(received, options);
  if (!read.ok) refuse(matcher, received, read, accepts);
  return read.turns;
}

/** Throws what a matcher accepts, and what the reader found instead. */
function refuse(
  matcher: string,
  received: unknown,
  read: { found: string; received?: string },
  accepts: readonly string[],
): never {
  // The matcher says what it accepts; the reader's finding adds only what it found. A finding
  // about the input itself ("the string "hi", which is not JSON") is the Received line.
  const found =
    read.received !== undefined
      ? `Received: ${read.received}`
      : `Received: ${describeValue(received)}\n  ${read.found}`;
  throw new MatcherInputError(
    libraryMessage(`${matcher}() accepts ${acceptsPhrase(accepts)}.\n  ${found}`),
  );
}

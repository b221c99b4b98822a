import type { Source, Surface, Turn } from './model.js';

/** A turn with nothing in it yet; each surface reader fills in what its payload says. */
export function blankTurn(surface: Surface, source: Source): Turn {
  return {
    surface,
    source,
    id: null,
    calls: [],
    tools: null,
    parallelToolCalls: null,
    stop: { kind: 'unreported', said: null },
    text: '',
    otherOutput: [],
    expectsJson: null,
    refusal: null,
    reasoningSeen: false,
    outputTokens: null,
    reasoningTokens: null,
    maxOutputTokens: null,
    maxOutputTokensField: null,
    batch: null,
    notes: [],
  };
}

/**
 * Names the turn's model, when a payload names one and nothing read before it did (a response's
 * own name, `gpt-4o-2024-08-06`, is read before the request's alias, `gpt-4o`).
 *
 * @example
 * modelInto(turn, body.model);
 */
export function modelInto(turn: Turn, model: unknown): void {
  if (turn.model === undefined && typeof model === 'string' && model !== '') turn.model = model;
}

/**
 * Whether the turn's stop says it stopped on a ceiling: its output-token limit, or a full
 * context window (a cut the stop does not report is not one: see {@link turnCut}).
 */
export function stoppedOnCeiling(turn: Turn): boolean {
  const cut = turnCut(turn);
  return cut === 'ceiling' || cut === 'context-window';
}

/**
 * What cut a turn short: its output ceiling, a full context window or a content filter, as its
 * stop says; `stream-cut`: a stream that ended before its terminal event; or
 * `ceiling-unreported`: the stop says it finished while the output used the whole known ceiling
 * (servers that relabel `length` as `stop`).
 */
export type TurnCut = 'ceiling' | 'context-window' | 'filter' | 'stream-cut' | 'ceiling-unreported';

/**
 * Whether this turn was cut, and by what; `null` when nothing says it was. The one predicate
 * both `diagnoseCalls` (a cut turn's whole calls are not dispatchable) and
 * `diagnoseTruncation` read.
 *
 * @example
 * turnCut(turn); // 'ceiling' for finish_reason "length"; 'ceiling-unreported' for "stop" at 512 of 512
 */
export function turnCut(turn: Turn): TurnCut | null {
  const kind = turn.stop.kind;
  if (kind === 'ceiling' || kind === 'context-window' || kind === 'filter') return kind;
  // Calls that finished before the connection dropped are whole, but later ones never came.
  if (kind === 'connection-cut') return 'stream-cut';
  // A finish, a stop sequence or no reason at all, with the whole ceiling used: the stop hides a cut.
  if (
    (kind === 'finished' || kind === 'stop-sequence' || kind === 'unreported') &&
    ceilingReached(turn)
  ) {
    return 'ceiling-unreported';
  }
  return null;
}

/** Whether the output tokens (reasoning included) reached a ceiling the payload states. */
export function ceilingReached(turn: Turn): boolean {
  return (
    turn.outputTokens !== null &&
    turn.maxOutputTokens !== null &&
    turn.maxOutputTokens > 0 &&
    turn.outputTokens >= turn.maxOutputTokens
  );
}

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

/** Whether the turn stopped on a ceiling: its output-token limit, or a full context window. */
export function stoppedOnCeiling(turn: Turn): boolean {
  return turn.stop.kind === 'ceiling' || turn.stop.kind === 'context-window';
}

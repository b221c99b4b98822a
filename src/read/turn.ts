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
    expectsJson: null,
    refusal: null,
    reasoningSeen: false,
    outputTokens: null,
    reasoningTokens: null,
    maxOutputTokens: null,
    batch: null,
    notes: [],
  };
}

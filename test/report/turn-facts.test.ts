import { describe, expect, test } from 'vitest';
import {
  addTurn,
  createTurnTotals,
  shareBucket,
  summariseTurns,
  type TurnFacts,
} from '../../src/report/turn-facts.js';

const turn = (facts: Partial<TurnFacts>): TurnFacts => ({
  model: 'gpt-4.1',
  outputTokens: null,
  maxOutputTokens: null,
  tools: [],
  ...facts,
});

describe('the output share histogram', () => {
  test('buckets are 5% wide, and a turn that spent its whole ceiling has a bucket of its own', () => {
    expect(shareBucket({ outputTokens: 0, maxOutputTokens: 1000 })).toBe(0);
    expect(shareBucket({ outputTokens: 49, maxOutputTokens: 1000 })).toBe(0);
    expect(shareBucket({ outputTokens: 50, maxOutputTokens: 1000 })).toBe(1);
    expect(shareBucket({ outputTokens: 999, maxOutputTokens: 1000 })).toBe(19);
    expect(shareBucket({ outputTokens: 1000, maxOutputTokens: 1000 })).toBe(20);
    // Reasoning counted beside the answer can pass the ceiling a provider reports.
    expect(shareBucket({ outputTokens: 1200, maxOutputTokens: 1000 })).toBe(20);
  });

  test('a turn without both numbers is counted as unknown, never as 0%', () => {
    expect(shareBucket({ outputTokens: 10, maxOutputTokens: null })).toBeNull();
    expect(shareBucket({ outputTokens: null, maxOutputTokens: 100 })).toBeNull();
    expect(shareBucket({ outputTokens: 0, maxOutputTokens: 0 })).toBeNull();
  });
});

describe('the totals by model and tool', () => {
  test('a truncation finding marks its turn cut, in its model and in its bucket', () => {
    const totals = createTurnTotals();
    const cut = [{ diagnosis: 'truncation', severity: 'finding' as const }];
    const whole = [{ diagnosis: 'truncation', severity: 'healthy' as const }];
    addTurn(totals, turn({ outputTokens: 512, maxOutputTokens: 512 }), cut, 0);
    addTurn(totals, turn({ outputTokens: 100, maxOutputTokens: 512 }), whole, 0);
    addTurn(totals, turn({ model: null }), whole, 0);
    const summary = summariseTurns(totals);
    expect(summary.models).toEqual([
      { model: 'gpt-4.1', turns: 2, calls: 0, findings: 1, cut: 1 },
      { model: null, turns: 1, calls: 0, findings: 0, cut: 0 },
    ]);
    expect(summary.outputShare.turns[20]).toBe(1);
    expect(summary.outputShare.cut[20]).toBe(1);
    expect(summary.outputShare.turns[3]).toBe(1);
    expect(summary.outputShare.unknown).toBe(1);
  });

  test("a call's verdict counts a call of its tool, and its finding against that tool", () => {
    const totals = createTurnTotals();
    const call = (name: string, severity: 'finding' | 'healthy') => ({
      diagnosis: 'dispatch',
      severity,
      call: { name },
    });
    addTurn(
      totals,
      turn({ tools: ['refund', 'lookup'] }),
      [call('refund', 'finding'), call('lookup', 'healthy'), call('lookup', 'healthy')],
      3,
    );
    expect(summariseTurns(totals).tools).toEqual([
      { tool: 'lookup', calls: 2, findings: 0 },
      { tool: 'refund', calls: 1, findings: 1 },
    ]);
  });
});

import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { type BrokenToolHistory, brokenToolHistory } from '../../src/arbitraries/index.js';
import { diagnoseHistory } from '../../src/index.js';
import { SURFACE_IDS } from '../../src/registry/index.js';

describe('brokenToolHistory', () => {
  test('diagnoseHistory gives every sample the state of its break, and its intact twin history-consistent', () => {
    fc.assert(
      fc.property(brokenToolHistory(), (sample) => {
        const broken = diagnoseHistory(sample.request);
        expect(broken.surface).toBe(sample.surface);
        expect(broken.state).toBe(sample.break);
        expect(diagnoseHistory(sample.intact).state).toBe('history-consistent');
      }),
      { numRuns: 400 },
    );
  });

  test.each(SURFACE_IDS)(
    'on %s, draws only the breaks its provider enforces, and each of them',
    (surface) => {
      const seen = new Set(
        fc
          .sample(brokenToolHistory({ surface }), { numRuns: 300, seed: 7 })
          .map((sample) => sample.break),
      );
      const expected = {
        'openai-chat': [
          'duplicate-call-id',
          'orphan-result',
          'result-misplaced',
          'unanswered-call',
        ],
        'openai-responses': ['orphan-result', 'unanswered-call'],
        'anthropic-messages': [
          'duplicate-call-id',
          'orphan-result',
          'result-misplaced',
          'unanswered-call',
        ],
        gemini: ['orphan-result', 'result-misplaced', 'unanswered-call'],
        'bedrock-converse': ['orphan-result', 'result-misplaced', 'unanswered-call'],
      }[surface];
      expect([...seen].sort()).toEqual(expected);
    },
  );

  test('keeps to the surfaces and breaks asked for', () => {
    const samples = fc.sample(
      brokenToolHistory({ surface: ['gemini', 'bedrock-converse'], breaks: ['result-misplaced'] }),
      { numRuns: 50, seed: 3 },
    );
    for (const sample of samples) {
      expect(['gemini', 'bedrock-converse']).toContain(sample.surface);
      expect(sample.break).toBe('result-misplaced');
    }
  });

  test('the same seed gives the same histories', () => {
    const draw = (): BrokenToolHistory[] =>
      fc.sample(brokenToolHistory(), { numRuns: 20, seed: 42 });
    expect(draw()).toEqual(draw());
  });

  test('a failing property prints the break and the item that holds it, not the two bodies', () => {
    let report = '';
    try {
      fc.assert(
        fc.property(
          brokenToolHistory({ surface: 'openai-chat', breaks: ['unanswered-call'] }),
          () => {
            throw new Error('the code under test dropped a result');
          },
        ),
        { seed: 11 },
      );
    } catch (error) {
      report = (error as Error).message;
    }
    const counterexample = report.split('\n').find((line) => line.startsWith('Counterexample: '));
    expect(counterexample).toMatch(
      /^Counterexample: \[openai-chat: unanswered-call in round \d+, messages\[\d+\]\.tool_calls\[\d+\] \(call_\w+, "\w+"\): no tool message answers it before messages\[\d+\] \(the body is sample\.request\)\]$/,
    );
    expect(report).not.toContain('"tools":');
  });

  test('prints every break as the item diagnoseHistory names, on every surface', () => {
    for (const sample of fc.sample(brokenToolHistory(), { numRuns: 100, seed: 5 })) {
      const [where] = diagnoseHistory(sample.request).problems;
      expect(fc.stringify(sample)).toBe(
        `${sample.surface}: ${sample.break} in round ${sample.round}, ${where} (the body is sample.request)`,
      );
    }
  });

  test('the printing hook is no data: a sample equals, spreads and serialises as before', () => {
    const [sample] = fc.sample(brokenToolHistory(), { numRuns: 1, seed: 9 }) as [BrokenToolHistory];
    expect(Object.keys(sample)).toEqual(['surface', 'break', 'request', 'intact', 'round']);
    expect({ ...sample }).toEqual(sample);
    expect(JSON.parse(JSON.stringify(sample))).toEqual({ ...sample });
  });

  test('throws, naming the rules, when no chosen surface enforces the break asked for', () => {
    expect(() =>
      brokenToolHistory({ surface: 'openai-responses', breaks: ['result-misplaced'] }),
    ).toThrow(
      "tool-call-health: brokenToolHistory: no surface of openai-responses enforces result-misplaced; each provider's history-rules.ts says which breaks it rejects",
    );
  });
});

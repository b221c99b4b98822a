/**
 * diagnoseHistory on bad and big input: anything it is handed is answered with a state, junk
 * messages are named in notes, and four times the messages take about four times as long on
 * every surface (the 100,000-message run is in history.stress.ts).
 */
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { brokenToolHistory } from '../../src/arbitraries/index.js';
import { diagnoseHistory } from '../../src/index.js';
import { describeGrowth, growth, MOST_GROWTH, repeated } from '../support/growth.js';
import { HISTORY_SURFACES, longHistory } from './history-bodies.js';
import { damage, damaged } from './support.js';

const STATES = [
  'history-consistent',
  'unanswered-call',
  'orphan-result',
  'duplicate-call-id',
  'result-misplaced',
  'no-tool-history',
  'unreadable',
];

function answers(input: unknown, options?: Parameters<typeof diagnoseHistory>[1]): void {
  const verdict = diagnoseHistory(input, options);
  expect(STATES).toContain(verdict.state);
  expect(verdict.detail).toMatch(/\S/);
  expect(verdict.notes.length).toBeLessThanOrEqual(21);
}

describe('diagnoseHistory never throws', () => {
  test('on anything', () => {
    fc.assert(
      fc.property(fc.anything(), (value) => answers(value)),
      { numRuns: 300 },
    );
  });

  test('on any value where a message, a list of messages, a part or an id belongs', () => {
    const junk = fc.anything();
    fc.assert(
      fc.property(
        fc.constantFrom('messages', 'input', 'contents'),
        fc.array(
          fc.oneof(junk, fc.record({ role: junk, content: junk, parts: junk, tool_calls: junk })),
        ),
        (list, items) => {
          answers({ [list]: items });
          answers(items);
          for (const surface of HISTORY_SURFACES) answers(items, { surface });
        },
      ),
      { numRuns: 200 },
    );
  });

  test('on generated histories damaged the ways recordings get damaged', () => {
    fc.assert(
      fc.property(
        brokenToolHistory(),
        fc.array(fc.tuple(fc.nat(), damage), { maxLength: 4 }),
        (sample, harm) => {
          answers(damaged(sample.request, harm));
          answers(JSON.stringify(damaged(sample.intact, harm)));
        },
      ),
      { numRuns: 200 },
    );
  });

  test('junk messages are named in notes, and the notes are capped', () => {
    const verdict = diagnoseHistory({
      model: 'gpt-4.1',
      messages: [
        ...Array.from({ length: 30 }, (_, index) => index),
        { role: 'tool', tool_call_id: 'c', content: '' },
      ],
    });
    expect(verdict.state).toBe('orphan-result');
    expect(verdict.notes[0]).toBe('messages[0] is the integer 0, not a message; skipped');
    expect(verdict.notes).toHaveLength(21);
    expect(verdict.notes.at(-1)).toBe('and 10 more notes');
  });
});

describe('four times the messages take about four times as long', () => {
  test.each(HISTORY_SURFACES)(
    '%s',
    (surface) => {
      // Small on purpose: past a few thousand messages, on a loaded 2-core machine, more of each
      // read misses the caches and the collector moves more, which grows the time faster than
      // the work and would hide a quadratic step rather than show one. Each input is read 64
      // times a run: at 16 (about 10 ms for 500 rounds) a burst of the process's other threads
      // landing in one larger run read 8.6x in a clean-clone CI run; at 64 the same burst is a
      // small share of the run (quiet ratios 1.1x-2.3x).
      const measured = growth(
        500,
        (rounds) => longHistory(surface, rounds, true),
        repeated(64, diagnoseHistory),
      );
      expect(measured.ratio, describeGrowth(measured, 'rounds')).toBeLessThan(MOST_GROWTH);
      expect(measured.output.state).toBe('unanswered-call');
    },
    50_000,
  );

  test('many calls sharing one id, and many results in one message, stay linear', () => {
    const sameId = (count: number) => ({
      model: 'claude-sonnet-4-5',
      max_tokens: 64,
      messages: [
        {
          role: 'assistant',
          content: Array.from({ length: count }, () => ({
            type: 'tool_use',
            id: 'toolu_same',
            name: 'f',
            input: {},
          })),
        },
        {
          role: 'user',
          content: Array.from({ length: count }, () => ({
            type: 'tool_result',
            tool_use_id: 'toolu_same',
            content: '',
          })),
        },
      ],
    });
    // 4,000 and 16,000 blocks, each read 10 times a run: with the timed project's young
    // generation fixed at 64 MB, the cost per block is flat from 4,000 to 32,000 (0.64, 0.78,
    // 0.70, 0.94 µs) and steps up threefold at 64,000, where one run's garbage outgrows it.
    // Sizes that straddled the step (16,000 and 64,000) read 8.3x to 12.7x in 5 of 20 runs
    // with both cores busy, and one read of 4,000 (3 ms) still up to 12x; read 10 times, 2.8x
    // to 3.3x. A scan per block would be 16 times slower at 16,000.
    const measured = growth(4_000, sameId, repeated(10, diagnoseHistory));
    expect(measured.ratio, describeGrowth(measured, 'calls')).toBeLessThan(MOST_GROWTH);
    expect(measured.output.state).toBe('duplicate-call-id');
  }, 50_000);
});

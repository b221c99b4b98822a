/**
 * watchArguments is incremental: each write costs time linear in the new text, so a call four
 * times as long, in four times the pieces, takes about four times the CPU time (not sixteen, as
 * re-reading what was written before would). Proved by growth (test/support/growth.ts).
 */
import { describe, expect, test } from 'vitest';
import { watchArguments } from '../../src/schema/watch/watch-arguments.js';
import { describeGrowth, growth, MOST_GROWTH, repeated } from '../support/growth.js';

const TIMEOUT_MS = 50_000;

const rowsSchema = {
  type: 'object',
  additionalProperties: false,
  properties: {
    rows: {
      type: 'array',
      items: {
        type: 'object',
        additionalProperties: false,
        properties: {
          sku: { type: 'string', maxLength: 40 },
          qty: { type: 'integer', minimum: 0 },
          unit: { enum: ['each', 'box', 'pallet'] },
        },
      },
    },
    note: { type: 'string', maxLength: 1_000_000 },
  },
};

/** A text in pieces of 20 characters, as a model's argument deltas arrive. */
function deltas(text: string): string[] {
  const pieces: string[] = [];
  for (let at = 0; at < text.length; at += 20) pieces.push(text.slice(at, at + 20));
  return pieces;
}

function watched(pieces: readonly string[]): string {
  const watcher = watchArguments(rowsSchema);
  let state = '';
  for (const piece of pieces) state = watcher.write(piece).state;
  return state;
}

describe('watchArguments: each write costs time linear in the new text', () => {
  test(
    'four times the rows, in four times the pieces',
    () => {
      const rows = (count: number) =>
        deltas(
          JSON.stringify({
            rows: Array.from({ length: count }, (_, index) => ({
              sku: `SKU-${index}`,
              qty: index,
              unit: 'box',
            })),
          }),
        );
      const measured = growth(2_000, rows, watched);
      expect(measured.output).toBe('feasible');
      expect(measured.ratio, describeGrowth(measured, 'rows')).toBeLessThan(MOST_GROWTH);
    },
    TIMEOUT_MS,
  );

  test(
    'one string four times as long, its maximum counted as it grows',
    () => {
      const note = (length: number) => deltas(`{"note":"${'abcdé😀'.repeat(length / 8)}`);
      // Read 4 times a run, so the smaller size takes milliseconds, not one: a millisecond's
      // reading let one collection or compilation in the larger run read as quadratic growth.
      const measured = growth(100_000, note, repeated(4, watched));
      expect(measured.output).toBe('feasible');
      expect(measured.ratio, describeGrowth(measured, 'characters')).toBeLessThan(MOST_GROWTH);
    },
    TIMEOUT_MS,
  );
});

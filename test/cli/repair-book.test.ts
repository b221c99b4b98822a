import { describe, expect, test } from 'vitest';
import type { AuditedEntry } from '../../src/cli/entry.js';
import { formatEntry, PLAIN, REPAIR_INDENT } from '../../src/cli/format.js';
import { createRepairBook, type RepairBlock } from '../../src/cli/repair-book.js';

const VALIDATE = 'Validate the arguments before dispatch. Return the errors to the model.';
const STRICT = 'Declare the tool strict.';
const PARALLEL = 'Set parallel_tool_calls: false.';

/** A finding of `dispatch arguments-violate-schema` (or `state`) with these repairs. */
function entry(location: string, repairs: string[], state = 'arguments-violate-schema') {
  return {
    location,
    key: `at:${location}`,
    status: 'read',
    surface: 'openai-chat',
    subject: 'model-output',
    results: [
      {
        diagnosis: 'dispatch',
        state,
        severity: 'finding',
        call: { name: 'issue_refund', callId: 'call_1', at: 'choices[0]' },
        detail: 'Parses, and breaks the schema.',
        problems: [],
        repairs,
      },
    ],
    calls: 1,
    unguaranteedArguments: 0,
    turn: null,
  } as unknown as AuditedEntry;
}

/** Entries printed in order through one book, as a run prints them. */
function printed(entries: AuditedEntry[], book = createRepairBook()) {
  const text = entries
    .map((one) => {
      const blocks: RepairBlock[] = [];
      return book.fill(formatEntry(one, PLAIN, blocks), blocks, PLAIN, REPAIR_INDENT);
    })
    .join('');
  return { text, summary: book.summaryLines(PLAIN) };
}

describe('each repair printed once', () => {
  test('numbered in full where first given, by number after, and counted in the summary', () => {
    const { text, summary } = printed([
      entry('a.jsonl:1', [VALIDATE, STRICT]),
      entry('a.jsonl:2', [VALIDATE, STRICT]),
      entry('a.jsonl:3', [VALIDATE, PARALLEL, STRICT]),
    ]);
    expect(text).toBe(
      [
        'a.jsonl:1 openai-chat',
        '  finding  dispatch    arguments-violate-schema  "issue_refund" (call_1)',
        '           Parses, and breaks the schema.',
        `           repair 1: ${VALIDATE}`,
        `           repair 2: ${STRICT}`,
        '',
        'a.jsonl:2 openai-chat',
        '  finding  dispatch    arguments-violate-schema  "issue_refund" (call_1)',
        '           Parses, and breaks the schema.',
        '           repairs 1, 2: as above',
        '',
        'a.jsonl:3 openai-chat',
        '  finding  dispatch    arguments-violate-schema  "issue_refund" (call_1)',
        '           Parses, and breaks the schema.',
        '           repair 1: as above',
        `           repair 3: ${PARALLEL}`,
        '           repair 2: as above',
        '',
        '',
      ].join('\n'),
    );
    expect(summary).toEqual([
      'repairs, each printed once above, most given first (3 repairs):',
      '  3x  repair 1  dispatch arguments-violate-schema: Validate the arguments before dispatch.',
      '  3x  repair 2  dispatch arguments-violate-schema: Declare the tool strict.',
      '  1x  repair 3  dispatch arguments-violate-schema: Set parallel_tool_calls: false.',
      '',
    ]);
  });

  test('a repair is numbered once per group: the same words under another state are new there', () => {
    const { text } = printed([
      entry('a.jsonl:1', [VALIDATE]),
      entry('a.jsonl:2', [VALIDATE], 'arguments-unparseable'),
    ]);
    expect(text).toContain(`repair 1: ${VALIDATE}`);
    expect(text).toContain(`repair 2: ${VALIDATE}`);
  });

  test('no summary lines when no repair was given twice', () => {
    expect(printed([entry('a.jsonl:1', [VALIDATE, STRICT])]).summary).toEqual([]);
    expect(printed([entry('a.jsonl:1', [])]).text).not.toContain('repair');
  });

  test('the summary names the ten given most and counts the rest', () => {
    const many = Array.from({ length: 12 }, (_, index) => `Repair number ${index}.`);
    const { summary } = printed([entry('a.jsonl:1', many), entry('a.jsonl:2', many.slice(0, 1))]);
    expect(summary[0]).toBe('repairs, each printed once above, most given first (12 repairs):');
    expect(summary[1]).toBe('  2x  repair 1   dispatch arguments-violate-schema: Repair number 0.');
    expect(summary).toHaveLength(1 + 10 + 1 + 1);
    expect(summary[11]).toBe('  and 2 more repairs');
  });

  test('past its limit the book prints new repairs in full where given, and says how many', () => {
    const book = createRepairBook(2);
    const { text, summary } = printed(
      [
        entry('a.jsonl:1', [VALIDATE, STRICT]),
        entry('a.jsonl:2', [VALIDATE, PARALLEL]),
        entry('a.jsonl:3', [PARALLEL]),
      ],
      book,
    );
    expect(text.match(/repair: Set parallel_tool_calls: false\./g)).toHaveLength(2);
    expect(text).toContain('repair 1: as above');
    expect(summary).toContain(
      '  past the first 2 repairs, 2 repairs were printed in full where given',
    );
  });

  test('text without marks passes through untouched', () => {
    const book = createRepairBook();
    expect(book.fill('plain\n', [], PLAIN, REPAIR_INDENT)).toBe('plain\n');
  });
});

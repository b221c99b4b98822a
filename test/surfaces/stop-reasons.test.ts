/**
 * Each provider's stop reasons live in its surface folder's table, and every reader of a stop
 * word reads it there: the surface's own reader, and the framework adapters that meet the word
 * second hand. So a word means one thing everywhere (Bedrock's `malformed_model_output` was a
 * failed turn to the Bedrock reader and a malformed call to the AI SDK adapter).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { stepStop } from '../../src/frameworks/ai-sdk/stop.js';
import { stopOf } from '../../src/frameworks/langchain/stops.js';
import { STOP_REASONS_BY_SURFACE } from '../../src/surfaces/stop-words.js';

const ENTRIES = Object.entries(STOP_REASONS_BY_SURFACE).flatMap(([surface, table]) =>
  table.reasons.map((entry) => ({ surface, ...entry })),
);

describe('the stop tables', () => {
  test('no word means two things across providers, its case aside', () => {
    const kinds = new Map<string, Set<string>>();
    for (const { reason, kind } of ENTRIES) {
      const key = reason.toLowerCase();
      kinds.set(key, (kinds.get(key) ?? new Set()).add(kind));
    }
    const ambiguous = [...kinds].filter(([, found]) => found.size > 1).map(([word]) => word);
    expect(ambiguous).toEqual([]);
  });

  test('the AI SDK adapter reads each raw reason as its provider does', () => {
    const read = ENTRIES.map(({ surface, reason }) => [
      surface,
      reason,
      stepStop('other', reason, 10, '', surface as never).stop.kind,
    ]);
    expect(read).toEqual(ENTRIES.map(({ surface, reason, kind }) => [surface, reason, kind]));
    // Without a provider the adapter recognises, the word alone says it.
    expect(stepStop('other', 'malformed_model_output', 10, '', 'ai-sdk').stop.kind).toBe('failed');
  });

  test('the LangChain adapter reads each word as its provider does, whatever its case', () => {
    const read = ENTRIES.map(({ reason }) => [
      reason,
      stopOf({ finish_reason: reason.toUpperCase() }, '').stop.kind,
    ]);
    expect(read).toEqual(ENTRIES.map(({ reason, kind }) => [reason, kind]));
  });

  test('no framework adapter names a provider stop word itself', () => {
    const root = new URL('../../src/frameworks/', import.meta.url).pathname;
    const files = readdirSync(root, { recursive: true, encoding: 'utf8' }).filter((file) =>
      file.endsWith('.ts'),
    );
    const code = (file: string) =>
      readFileSync(join(root, file), 'utf8')
        .split('\n')
        .filter((line) => !/^\s*(\*|\/\/|\/\*)/.test(line))
        .join('\n');
    const named = files.flatMap((file) =>
      // The words that say something went wrong; the finished ones double as field names
      // (`tool_calls`, `tool_use`).
      ENTRIES.filter(({ kind }) => kind !== 'finished')
        .filter(({ reason }) => reason.includes('_') || reason === reason.toUpperCase())
        .filter(({ reason }) => code(file).includes(`'${reason}'`))
        .map(({ reason }) => `${file}: '${reason}'`),
    );
    expect(named).toEqual([]);
  });
});

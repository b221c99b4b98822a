import { format } from 'node:util';
import { describe, expect, test, vi } from 'vitest';
// As the README's setup file does: the samples' expect has the matchers.
import '../../src/vitest.js';
import {
  diagnoseCalls,
  diagnoseStrictGuarantee,
  diagnoseTruncation,
  jsonState,
  reassembleStream,
} from '../../src/index.js';
import { request, response } from './first-exchange.js';
import { readmeBlock } from './readme.js';
import * as streamInput from './samples/stream-input.js';

/**
 * The README's samples that are modules of their own (samples/), run as written by importing
 * them, and the values their comments claim, checked on the same inputs.
 */

/** `expression; // 'value'` lines of a sample: what its comments say each expression gives. */
function claims(text: string): { expression: string; value: string }[] {
  return [...text.matchAll(/^(.+?); \/\/ '([^']*)'/gm)].map(([, expression, value]) => ({
    expression: expression ?? '',
    value: value ?? '',
  }));
}

describe('Diagnoses without a test framework', () => {
  const sample = readmeBlock('Diagnoses without a test framework › import {').text;

  test('runs as written and logs what its comment shows', async () => {
    const log = vi.spyOn(console, 'log').mockImplementation(() => {});
    try {
      await import('./samples/diagnoses.js');
      const logged = log.mock.calls.map((args) => format(...args));
      const shown = /^\}\n\/\/ (.+)$/m.exec(sample)?.[1];
      expect(logged).toEqual([shown]);
    } finally {
      log.mockRestore();
    }
  });

  test('each commented value is what the expression gives', () => {
    const values = new Map<string, () => string>([
      ['diagnoseTruncation(response).state', () => diagnoseTruncation(response).state],
      [
        'diagnoseStrictGuarantee({ request, response }).state',
        () => diagnoseStrictGuarantee({ request, response }).state,
      ],
      [`jsonState('{"city": "Par')`, () => jsonState('{"city": "Par')],
      [`jsonState('{"city" "Paris"}')`, () => jsonState('{"city" "Paris"}')],
    ]);
    const found = claims(sample);
    expect(found.map(({ expression }) => expression)).toEqual([...values.keys()]);
    for (const { expression, value } of found) {
      expect(values.get(expression)?.(), expression).toBe(value);
    }
  });
});

describe('Streams', () => {
  test('runs as written on a cut stream, down to its last line, and fails as it says', async () => {
    await expect(import('./samples/streams.js')).rejects.toThrow(
      /Expected the output not to be truncated, but it is stream-cut/,
    );
    // The sample's last line read the stream from the network to its end.
    expect(streamInput.arrival.finished).toBe(true);
  });

  test('what its comments say of the cut stream holds', () => {
    const stream = reassembleStream(streamInput.sseText);
    expect(stream.state).toBe('cut');
    expect(stream.openCalls).toEqual(['choices[0].message.tool_calls[0]']);
    const sample = readmeBlock(
      "Streams › import { diagnoseCalls, reassembleStream, reassembleStreamAsync } from 'tool-call-health';",
    ).text;
    expect(sample).toContain("e.g. ['choices[0].message.tool_calls[0]']");
    expect(
      diagnoseCalls({ request: streamInput.request, response: stream }).map(({ state }) => state),
    ).toEqual(['arguments-truncated']);
  });
});

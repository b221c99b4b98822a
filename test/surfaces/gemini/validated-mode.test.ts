/**
 * Gemini's strict setting is its function-calling mode: `VALIDATED` "ensures function schema
 * adherence" (ai.google.dev/gemini-api/docs/function-calling). A request that sets it holds its
 * functions to their schemas; one that leaves the mode AUTO does not. Gemini has no setting that
 * serialises calls, so a guarantee it holds is the one toKeepStrictGuarantee can ask for.
 */
import { describe, expect, test } from 'vitest';
import '../../../src/vitest.js';
import { diagnoseCalls, diagnoseStrictGuarantee, readTurn } from '../../../src/index.js';

const lookupOrder = {
  name: 'lookup_order',
  description: 'Find an order by its id.',
  parameters: {
    type: 'OBJECT',
    properties: { order_id: { type: 'STRING' } },
    required: ['order_id'],
  },
};

const request = (mode?: string, snake = false) => ({
  contents: [{ role: 'user', parts: [{ text: 'Where is A-1001?' }] }],
  tools: [{ functionDeclarations: [lookupOrder] }],
  ...(mode === undefined
    ? {}
    : snake
      ? { tool_config: { function_calling_config: { mode } } }
      : { toolConfig: { functionCallingConfig: { mode } } }),
});

const response = {
  candidates: [
    {
      content: {
        role: 'model',
        parts: [{ functionCall: { name: 'lookup_order', args: { order_id: 'A-1001' } } }],
      },
      finishReason: 'STOP',
      index: 0,
    },
  ],
  usageMetadata: { promptTokenCount: 61, candidatesTokenCount: 12, totalTokenCount: 73 },
  modelVersion: 'gemini-2.5-flash',
};

describe('Gemini function-calling mode VALIDATED is strict', () => {
  test.each([
    ['camelCase (REST, JS SDK)', false],
    ['snake_case (Python SDK)', true],
  ])('read from %s: the functions are strict, and a note says why', (_, snake) => {
    const read = readTurn({ request: request('VALIDATED', snake), response });
    expect(read.ok && read.turn.tools?.map((tool) => tool.strict)).toEqual([true]);
    expect(read.ok && read.turn.notes).toEqual(
      expect.arrayContaining([
        expect.stringMatching(
          /mode is VALIDATED, which Gemini documents as ensuring function schema adherence/,
        ),
      ]),
    );
  });

  test('a call under VALIDATED is dispatchable, held to its schema; under AUTO unconstrained', () => {
    expect(diagnoseCalls({ request: request('VALIDATED'), response })[0]?.state).toBe(
      'dispatchable',
    );
    expect(diagnoseCalls({ request: request('AUTO'), response })[0]?.state).toBe(
      'dispatchable-unconstrained',
    );
    expect(diagnoseCalls({ request: request(), response })[0]?.state).toBe(
      'dispatchable-unconstrained',
    );
  });

  test('the guarantee is held, and toKeepStrictGuarantee passes: no setting serialises Gemini calls', () => {
    const exchange = { request: request('VALIDATED'), response };
    expect(diagnoseStrictGuarantee(exchange).state).toBe('strict-held');
    expect(exchange).toKeepStrictGuarantee();
    expect({ request: request('AUTO'), response }).not.toKeepStrictGuarantee();
  });
});

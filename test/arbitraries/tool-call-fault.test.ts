import fc from 'fast-check';
import { setupServer } from 'msw/node';
import OpenAI from 'openai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toolCallFault } from '../../src/arbitraries/index.js';
import { FAULT_DIAGNOSES, faultsFor } from '../../src/faults/faults.js';
import {
  diagnoseCalls,
  diagnoseStrictGuarantee,
  diagnoseTruncation,
  FAULTS,
} from '../../src/index.js';
import { faultHandlers } from '../../src/msw/index.js';
import { SURFACE_IDS } from '../../src/registry/index.js';
import { runs, SEED } from './support.js';

describe('toolCallFault', () => {
  it('draws faults, seeds and tools within its constraints', () => {
    for (const surface of SURFACE_IDS) {
      for (const streamed of [false, true]) {
        const carried = faultsFor(surface, streamed);
        fc.assert(
          fc.property(
            toolCallFault({ surface, streamed, tools: ['lookup_order', 'refund_order'] }),
            (drawn) => {
              expect(Object.keys(drawn).sort()).toEqual(['fault', 'seed', 'tool']);
              expect(carried).toContain(drawn.fault);
              expect(Number.isSafeInteger(drawn.seed) && drawn.seed >= 0).toBe(true);
              expect(['lookup_order', 'refund_order']).toContain(drawn.tool);
            },
          ),
          runs(60),
        );
      }
    }
    const all = new Set(
      fc.sample(toolCallFault(), { seed: SEED, numRuns: 400 }).map((d) => d.fault),
    );
    expect([...all].sort()).toEqual(FAULTS.filter((fault) => fault !== 'stream-cut').sort());
    const streamed = fc.sample(toolCallFault({ streamed: true }), { seed: SEED, numRuns: 400 });
    expect(new Set(streamed.map((drawn) => drawn.fault)).size).toBe(FAULTS.length);
    for (const drawn of fc.sample(toolCallFault({ faults: ['refused', 'empty-output'] }), 50)) {
      expect(['refused', 'empty-output']).toContain(drawn.fault);
      expect(drawn).not.toHaveProperty('tool');
    }
  });

  it('gives the same values for the same seed, and other values for another seed', () => {
    const first = fc.sample(toolCallFault({ tools: ['a', 'b'] }), { seed: SEED, numRuns: 50 });
    expect(fc.sample(toolCallFault({ tools: ['a', 'b'] }), { seed: SEED, numRuns: 50 })).toEqual(
      first,
    );
    expect(
      fc.sample(toolCallFault({ tools: ['a', 'b'] }), { seed: SEED + 1, numRuns: 50 }),
    ).not.toEqual(first);
  });

  it('shrinks a failure to the simplest fault, seed 0 and the first tool', () => {
    const result = fc.check(
      fc.property(toolCallFault({ tools: ['lookup_order', 'refund_order'] }), () => false),
      runs(20),
    );
    expect(result.counterexample).toEqual([{ fault: FAULTS[0], seed: 0, tool: 'lookup_order' }]);
    // A loop that breaks only on a cut turn shrinks to the first cut fault in FAULTS' order.
    const cut = fc.check(
      fc.property(
        toolCallFault(),
        ({ fault }) => !fault.startsWith('ceiling') && fault !== 'arguments-truncated',
      ),
      runs(200),
    );
    expect(cut.counterexample?.[0]).toEqual({ fault: 'arguments-truncated', seed: 0 });
  });

  it('says which constraints it cannot meet', () => {
    expect(() => toolCallFault({ faults: ['truncated' as never] })).toThrow(
      /^tool-call-health: toolCallFault: "truncated" is no fault; the faults are unknown-tool, /,
    );
    expect(() => toolCallFault({ surface: 'gemini', faults: ['strict-void', 'refused'] })).toThrow(
      'tool-call-health: toolCallFault: none of strict-void, refused can be written on gemini',
    );
    expect(() => toolCallFault({ faults: ['stream-cut'] })).toThrow(/none of stream-cut/);
    expect(() => toolCallFault({ surface: 'openai' as never })).toThrow(/"openai" is no surface/);
    expect(() => toolCallFault({ tools: [] })).toThrow(/tools must be a non-empty list/);
  });
});

describe('toolCallFault drives faultHandlers in a property test', () => {
  const server = setupServer();
  beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
  afterAll(() => server.close());

  it('every drawn fault reaches the official client and reads as itself', async () => {
    const tools = [
      {
        type: 'function' as const,
        function: {
          name: 'lookup_order',
          strict: true,
          parameters: {
            type: 'object',
            properties: { order_id: { type: 'string' }, include_items: { type: 'boolean' } },
            required: ['order_id', 'include_items'],
            additionalProperties: false,
          },
        },
      },
    ];
    const request = {
      model: 'gpt-4.1',
      messages: [{ role: 'user' as const, content: 'Where is order A-1001?' }],
      tools,
      max_completion_tokens: 512,
    };
    await fc.assert(
      fc.asyncProperty(
        toolCallFault({ surface: 'openai-chat', tools: ['lookup_order'] }),
        async (drawn) => {
          server.resetHandlers(...faultHandlers(drawn));
          const client = new OpenAI({
            apiKey: 'test-key-not-real',
            baseURL: 'http://localhost/v1',
            maxRetries: 0,
          });
          const completion = await client.chat.completions.create(request);
          const exchange = { request, response: completion };
          const { diagnosis, state } = FAULT_DIAGNOSES[drawn.fault];
          const got =
            diagnosis === 'truncation'
              ? diagnoseTruncation(exchange).state
              : diagnosis === 'strict'
                ? diagnoseStrictGuarantee(exchange).state
                : diagnoseCalls(exchange).at(-1)?.state;
          expect(got).toBe(state);
        },
      ),
      runs(25),
    );
  });
});

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  TOOL_CALL_HEALTHS,
  TOOL_CALL_SURFACES,
  type ToolCallResponseSample,
  type ToolSpec,
  toolCallResponse,
} from '../../src/arbitraries/index.js';
import {
  diagnoseCalls,
  diagnoseStrictGuarantee,
  diagnoseTruncation,
  readTurn,
} from '../../src/index.js';
import { CREATE_TICKET, ISSUE_REFUND, LOOKUP_ORDER, runs, SEED } from './support.js';

const TOOLS: ToolSpec[] = [
  {
    name: 'lookup_order',
    parameters: LOOKUP_ORDER,
    strict: true,
    description: 'Look up an order by id.',
  },
  { name: 'create_ticket', parameters: CREATE_TICKET },
  { name: 'issue_refund', parameters: ISSUE_REFUND, strict: false },
];

/** What the three diagnoses say, in the shape of `expected`. */
function diagnosed(sample: ToolCallResponseSample) {
  const calls = diagnoseCalls(sample.payload);
  return {
    calls: calls.map((call, index) => ({
      name: call.name,
      callId: call.callId,
      state: call.state,
      ...(sample.expected.calls[index]?.violation === undefined
        ? {}
        : { violation: sample.expected.calls[index]?.violation }),
    })),
    truncation: diagnoseTruncation(sample.payload).state,
    strict: diagnoseStrictGuarantee(sample.payload).state,
    problems: calls.flatMap((call) => call.problems),
  };
}

const ID_SHAPES: Record<string, RegExp> = {
  'openai-responses': /^call_[A-Za-z0-9]{24}$/,
  'openai-chat': /^call_[A-Za-z0-9]{24}$/,
  'anthropic-messages': /^toolu_01[A-Za-z0-9]{22}$/,
  'bedrock-converse': /^tooluse_[A-Za-z0-9]{22}$/,
};

describe('toolCallResponse', () => {
  it('says what diagnoseCalls, diagnoseTruncation and diagnoseStrictGuarantee return', () => {
    fc.assert(
      fc.property(toolCallResponse({ tools: TOOLS }), (sample) => {
        const { problems, ...got } = diagnosed(sample);
        expect(got, `${sample.health} on ${sample.surface}`).toEqual(sample.expected);
        for (const call of sample.expected.calls) {
          if (call.violation === undefined) continue;
          expect(
            problems.some((line) => line.startsWith(`${call.violation?.path}: `)),
            problems.join('\n'),
          ).toBe(true);
        }
      }),
      runs(600),
    );
  });

  it('writes each surface in its own wire format, as plain JSON with realistic ids', () => {
    fc.assert(
      fc.property(toolCallResponse({ tools: TOOLS }), (sample) => {
        expect(JSON.parse(JSON.stringify(sample.payload))).toEqual(sample.payload);
        const read = readTurn(sample.payload.response);
        expect(read.ok && read.turn.surface).toBe(sample.surface);
        const shape = ID_SHAPES[sample.surface];
        for (const call of sample.expected.calls) {
          if (shape === undefined) expect(call.callId).toBeNull();
          else expect(call.callId).toMatch(shape);
        }
        expect(new Set(sample.expected.calls.map((call) => call.callId)).size).toBe(
          sample.surface === 'gemini'
            ? Math.min(1, sample.expected.calls.length)
            : sample.expected.calls.length,
        );
      }),
      runs(200),
    );
  });

  it('covers every health on every surface that can carry it', () => {
    const pairs = new Set(
      fc
        .sample(toolCallResponse({ tools: TOOLS }), { seed: SEED, numRuns: 800 })
        .map((sample) => `${sample.health} on ${sample.surface}`),
    );
    const expected = TOOL_CALL_HEALTHS.flatMap((health) =>
      TOOL_CALL_SURFACES.filter(
        (surface) =>
          // Decoded arguments cannot be malformed JSON, and only Gemini reports a malformed
          // call; where calls arrive decoded, a whole call at the ceiling may be the cut one.
          !(
            (health === 'arguments-unparseable' || health === 'turn-cut') &&
            (surface === 'anthropic-messages' || surface === 'bedrock-converse')
          ) && !(health === 'arguments-truncated' && surface === 'gemini'),
      ).map((surface) => `${health} on ${surface}`),
    );
    expect([...pairs].sort()).toEqual(expected.sort());
  });

  it.each(TOOL_CALL_HEALTHS)('keeps to the health asked for: %s', (health) => {
    fc.assert(
      fc.property(toolCallResponse({ tools: TOOLS, health }), (sample) => {
        expect(sample.health).toBe(health);
        const { problems: _, ...got } = diagnosed(sample);
        expect(got).toEqual(sample.expected);
      }),
      runs(80),
    );
  });

  it('never expects a dispatchable call in a truncated turn: the ceiling cut the turn (#17)', () => {
    fc.assert(
      fc.property(toolCallResponse({ tools: TOOLS, health: 'arguments-truncated' }), (sample) => {
        const states = sample.expected.calls.map((call) => call.state);
        expect(states.at(-1)).toBe('arguments-truncated');
        for (const state of states.slice(0, -1)) expect(state).toBe('turn-cut');
        expect(diagnosed(sample).calls.map((call) => call.state)).toEqual(states);
      }),
      runs(80),
    );
  });

  it('keeps to the surface asked for, and refuses healths a surface cannot carry', () => {
    const samples = fc.sample(toolCallResponse({ tools: TOOLS, surface: 'gemini' }), {
      seed: SEED,
      numRuns: 200,
    });
    expect(new Set(samples.map((sample) => sample.surface))).toEqual(new Set(['gemini']));
    expect(() =>
      toolCallResponse({
        tools: TOOLS,
        surface: 'anthropic-messages',
        health: 'arguments-unparseable',
      }),
    ).toThrow(
      /^tool-call-health: toolCallResponse cannot generate this: arguments-unparseable does not occur on anthropic-messages/,
    );
    expect(() =>
      toolCallResponse({ tools: TOOLS, surface: 'gemini', health: 'arguments-truncated' }),
    ).toThrow(/arguments-truncated does not occur on gemini/);
  });

  it.each([
    ['violating', 'arguments-violate-schema'],
    ['unparseable', 'arguments-unparseable'],
    ['truncated', 'arguments-truncated'],
    ['fan-out', 'fanout'],
  ] as const)(
    'still reads the deprecated health %s, and answers with its name now, %s',
    (old, now) => {
      const [sample] = fc.sample(
        toolCallResponse({ tools: TOOLS, surface: 'openai-chat', health: old }),
        {
          seed: SEED,
          numRuns: 1,
        },
      );
      expect(sample?.health).toBe(now);
    },
  );

  it('names the healths when asked for one it does not know', () => {
    expect(() => toolCallResponse({ tools: TOOLS, health: 'broken' as never })).toThrow(
      /^tool-call-health: toolCallResponse has no health "broken"; the healths are healthy, arguments-violate-schema, arguments-unparseable, arguments-truncated, unknown-tool, fanout, duplicate-call, turn-cut, ceiling-unreported$/,
    );
  });

  it('calls an undeclared near miss of a real tool for unknown-tool', () => {
    const names = new Set(TOOLS.map((tool) => tool.name));
    for (const sample of fc.sample(toolCallResponse({ tools: TOOLS, health: 'unknown-tool' }), {
      seed: SEED,
      numRuns: 200,
    })) {
      const [call] = sample.expected.calls;
      expect(names.has(call?.name ?? '')).toBe(false);
      const letters = (name: string) => name.toLowerCase().replace(/[^a-z0-9]/g, '');
      expect(
        [...names].some((name) => letters(call?.name ?? '').includes(letters(name))),
        call?.name,
      ).toBe(true);
    }
  });

  it('refuses tools it cannot generate for', () => {
    expect(() => toolCallResponse({ tools: [] })).toThrow(/needs at least one tool/);
    expect(() => toolCallResponse({ tools: [TOOLS[0] as ToolSpec, TOOLS[0] as ToolSpec] })).toThrow(
      /distinct, non-empty tool names/,
    );
    expect(() =>
      toolCallResponse({ tools: [{ name: 'echo', parameters: { type: 'string' } }] }),
    ).toThrow(/describe objects only/);
    expect(() =>
      toolCallResponse({
        tools: [{ name: 'open', parameters: { type: 'object' } }],
        health: 'arguments-violate-schema',
      }),
    ).toThrow(/no tool schema leaves room for a violation/);
    expect(() =>
      toolCallResponse({ tools: [{ name: 'x', parameters: { type: 'object', not: {} } }] }),
    ).toThrow(/cannot honour "not"/);
  });

  it('gives the same values for the same seed, and other values for another seed', () => {
    const first = fc.sample(toolCallResponse({ tools: TOOLS }), { seed: SEED, numRuns: 30 });
    expect(fc.sample(toolCallResponse({ tools: TOOLS }), { seed: SEED, numRuns: 30 })).toEqual(
      first,
    );
    expect(
      fc.sample(toolCallResponse({ tools: TOOLS }), { seed: SEED + 1, numRuns: 30 }),
    ).not.toEqual(first);
  });
});

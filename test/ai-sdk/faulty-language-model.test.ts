/**
 * faultyLanguageModel through the real ai 6: every fault the AI SDK can express, through
 * generateText (doGenerate) and streamText (doStream), over a zod ToolSet and a JSON Schema one,
 * each step diagnosed by this package's own diagnoses as its fault; the faults it cannot express
 * rejected with an error naming them; the same seed giving the same answers.
 */
import type { LanguageModelV3 } from '@ai-sdk/provider';
import {
  generateText,
  jsonSchema,
  type LanguageModel,
  type StepResult,
  stepCountIs,
  streamText,
  type ToolSet,
  tool,
  wrapLanguageModel,
} from 'ai';
import { describe, expect, test } from 'vitest';
import { z } from 'zod';
import { type FaultyModelEvent, faultyLanguageModel } from '../../src/ai-sdk/index.js';
import { diagnoseCalls, FAULTS, type Fault } from '../../src/index.js';
import { MALFORMED_FAMILIES } from '../../src/values/malformed.js';
import { VIOLATION_KINDS } from '../../src/values/violations.js';
import { copiesOf, expectedProfile, profileOf } from '../faults/profile.js';

/** The order-support agent's tools as zod schemas (strict objects: an undeclared key fails). */
const ZOD_TOOLS = {
  lookup_order: tool({
    description: 'Look up an order by its id.',
    inputSchema: z.strictObject({
      order_id: z.string().regex(/^A-[0-9]{4}$/),
      include_items: z.boolean(),
    }),
  }),
  refund_order: tool({
    description: 'Refund part or all of an order.',
    inputSchema: z.strictObject({
      order_id: z.string(),
      amount: z.number().min(0.01).max(5000),
      currency: z.enum(['usd', 'eur']),
      requested_on: z.iso.date(),
    }),
  }),
} satisfies ToolSet;

/** The same tools as JSON Schema, which the AI SDK passes on without validating. */
const JSON_TOOLS: ToolSet = {
  lookup_order: tool({
    description: 'Look up an order by its id.',
    inputSchema: jsonSchema({
      type: 'object',
      properties: {
        order_id: { type: 'string', pattern: '^A-[0-9]{4}$' },
        include_items: { type: 'boolean' },
      },
      required: ['order_id', 'include_items'],
      additionalProperties: false,
    }),
  }),
  refund_order: tool({
    description: 'Refund part or all of an order.',
    inputSchema: jsonSchema({
      type: 'object',
      properties: {
        order_id: { type: 'string' },
        amount: { type: 'number', minimum: 0.01, maximum: 5000 },
        currency: { type: 'string', enum: ['usd', 'eur'] },
        requested_on: { type: 'string', format: 'date' },
      },
      required: ['order_id', 'amount', 'currency', 'requested_on'],
      additionalProperties: false,
    }),
  }),
};

const TOOL_SETS = { zod: ZOD_TOOLS, 'JSON Schema': JSON_TOOLS } as const;
const CEILING = 512;
const SEEDS = [0, 1, 2, 3];

/** What the AI SDK cannot express, and where. */
const EXPRESSIBLE = (fault: Fault, streamed: boolean, ceiling: number | null = CEILING) =>
  fault !== 'strict-void' &&
  (fault !== 'stream-cut' || streamed) &&
  (fault !== 'ceiling-unreported' || ceiling !== null);

type Steps = StepResult<ToolSet>[];

/** Runs one call through generateText or streamText: its steps, or what it was rejected with. */
async function run(
  model: LanguageModel,
  tools: ToolSet,
  streamed: boolean,
  ceiling: number | null = CEILING,
): Promise<{ ok: true; steps: Steps } | { ok: false; error: unknown }> {
  const options = {
    model,
    tools,
    prompt: 'Where is order A-1001, and refund it if it is late.',
    ...(ceiling === null ? {} : { maxOutputTokens: ceiling }),
  };
  if (!streamed) {
    try {
      return { ok: true, steps: (await generateText({ ...options, maxRetries: 0 })).steps };
    } catch (error) {
      return { ok: false, error };
    }
  }
  let raised: unknown;
  const result = streamText({
    ...options,
    onError: ({ error }) => {
      raised = error;
    },
  });
  try {
    const steps = await result.steps;
    return raised === undefined ? { ok: true, steps } : { ok: false, error: raised };
  } catch (error) {
    return { ok: false, error: raised ?? error };
  }
}

/**
 * Asserts the steps read as the fault's whole profile in this package's diagnoses, given the
 * ToolSet and the ceiling the call had: the fault's own state, and what a healthy answer of as
 * many calls reads as in the other two diagnoses.
 */
function expectDiagnosed(
  steps: Steps,
  fault: Fault,
  tools: ToolSet,
  event?: FaultyModelEvent,
  ceiling: number | null = CEILING,
) {
  const given = { tools, ...(ceiling === null ? {} : { maxOutputTokens: ceiling }) };
  const found = profileOf(steps, given);
  const copies = copiesOf(event?.variant ?? '');
  expect(found, diagnoseCalls(steps, given)[0]?.detail).toEqual(
    expectedProfile(fault, 'ai-sdk', { strict: false, parallel: undefined }, copies),
  );
  const calls = diagnoseCalls(steps, given);
  if (fault === 'duplicate-call') {
    expect(new Set(calls.map((call) => call.name)).size).toBe(1);
    expect(new Set(calls.map((call) => JSON.stringify(call.arguments))).size).toBe(1);
  } else if (calls.length === 1 && fault !== 'unknown-tool') {
    expect(calls[0]?.name).toBe(event?.tool);
  }
}

/** Ceilings from one that a call's usage could reach to none at all. */
const CEILINGS = [20, CEILING, null] as const;

const CASES = Object.keys(TOOL_SETS).flatMap((set) =>
  [false, true].flatMap((streamed) =>
    FAULTS.map(
      (fault) =>
        [
          set as keyof typeof TOOL_SETS,
          streamed ? 'streamText' : 'generateText',
          fault,
          streamed,
        ] as const,
    ),
  ),
);

describe('every fault x generateText and streamText, through ai 6, diagnosed', () => {
  test.each(CASES)(
    '%s tools, %s: %s, over ceilings and seeds',
    async (set, _mode, fault, streamed) => {
      const tools = TOOL_SETS[set];
      for (const ceiling of CEILINGS) {
        for (const seed of SEEDS) {
          const events: FaultyModelEvent[] = [];
          const model = faultyLanguageModel({
            fault,
            seed,
            onFault: (event) => events.push(event),
          });
          const outcome = await run(model, tools, streamed, ceiling);
          expect(events).toHaveLength(1);
          if (!EXPRESSIBLE(fault, streamed, ceiling)) {
            expect(outcome.ok).toBe(false);
            if (outcome.ok) return;
            expect(String(outcome.error)).toContain(
              `tool-call-health: faultyLanguageModel: the fault "${fault}" cannot be written in ${streamed ? 'doStream' : 'doGenerate'}:`,
            );
            expect(events[0]).toMatchObject({ fault: null, errorCode: 'fault-not-expressible' });
            continue;
          }
          expect(outcome.ok, outcome.ok ? '' : String(outcome.error)).toBe(true);
          if (!outcome.ok) return;
          expect(outcome.steps).toHaveLength(1);
          expect(events[0]).toMatchObject({ streamed, fault, error: null });
          expectDiagnosed(outcome.steps, fault, tools, events[0], ceiling);
        }
      }
    },
  );
});

describe('what the AI SDK is told, beyond the diagnoses', () => {
  test('stream-cut: the cut call streams its start and deltas, never its end or a tool-call part, so it is never run', async () => {
    let ran = 0;
    const tools = {
      lookup_order: tool({
        inputSchema: z.object({ order_id: z.string(), include_items: z.boolean() }),
        execute: async () => {
          ran += 1;
          return { status: 'shipped' };
        },
      }),
    };
    const result = streamText({
      model: faultyLanguageModel({ fault: 'stream-cut', seed: 3 }),
      tools,
      prompt: 'Where is order A-1001?',
      onError: () => undefined,
    });
    const types: string[] = [];
    for await (const part of result.fullStream) types.push(part.type);
    expect(types).toContain('tool-input-start');
    expect(types).toContain('tool-input-delta');
    expect(types).not.toContain('tool-input-end');
    expect(types).not.toContain('tool-call');
    expect(types).not.toContain('tool-result');
    const [step] = await result.steps;
    expect(step?.toolCalls).toEqual([]);
    expect(ran).toBe(0);
  });

  test('ceiling-spent-on-reasoning: every output token is a reasoning token, none a text token', async () => {
    for (const streamed of [false, true]) {
      const outcome = await run(
        faultyLanguageModel({ fault: 'ceiling-spent-on-reasoning', seed: 2 }),
        JSON_TOOLS,
        streamed,
      );
      expect(outcome.ok && outcome.steps[0]?.usage).toMatchObject({
        outputTokens: CEILING,
        reasoningTokens: CEILING,
        outputTokenDetails: { textTokens: 0, reasoningTokens: CEILING },
      });
    }
  });

  test('any other fault: text tokens are the output tokens, with no reasoning', async () => {
    const outcome = await run(
      faultyLanguageModel({ fault: 'unknown-tool', seed: 2 }),
      JSON_TOOLS,
      false,
    );
    const usage = outcome.ok ? outcome.steps[0]?.usage : undefined;
    expect(usage?.outputTokenDetails.reasoningTokens).toBe(0);
    expect(usage?.outputTokenDetails.textTokens).toBe(usage?.outputTokens);
    expect(usage?.outputTokens).toBeGreaterThan(0);
  });
});

describe('every variant of a fault reads as the fault', () => {
  test.each(Object.keys(TOOL_SETS))(
    '%s tools: each violation family and each unparseable form, over seeds',
    async (set) => {
      const tools = TOOL_SETS[set as keyof typeof TOOL_SETS];
      const seen = new Set<string>();
      for (const fault of ['arguments-violate-schema', 'arguments-unparseable'] as const) {
        for (let seed = 0; seed < 80; seed += 1) {
          const events: FaultyModelEvent[] = [];
          const model = faultyLanguageModel({ fault, seed, onFault: (e) => events.push(e) });
          const outcome = await run(model, tools, seed % 2 === 1);
          expect(outcome.ok, outcome.ok ? '' : String(outcome.error)).toBe(true);
          if (!outcome.ok) return;
          expectDiagnosed(outcome.steps, fault, tools, events[0]);
          seen.add(String(events[0]?.variant).replace(/ at .*$/, ''));
        }
      }
      expect([...seen].sort()).toEqual(
        ['empty-arguments', ...VIOLATION_KINDS, ...MALFORMED_FAMILIES].sort(),
      );
    },
  );
});

describe('what the AI SDK cannot express is an error naming the fault, never a healthy answer', () => {
  test('ceiling-unreported without maxOutputTokens, in both calls', async () => {
    for (const streamed of [false, true]) {
      const model = faultyLanguageModel({ fault: 'ceiling-unreported' });
      const outcome = await run(model, ZOD_TOOLS, streamed, null);
      expect(outcome.ok).toBe(false);
      if (outcome.ok) continue;
      expect(outcome.error).toBeInstanceOf(Error);
      expect((outcome.error as Error).message).toBe(
        `tool-call-health: faultyLanguageModel: the fault "ceiling-unreported" cannot be written in ${streamed ? 'doStream' : 'doGenerate'}: the call sets no maxOutputTokens, so no answer can be shown to reach it; pass maxOutputTokens to generateText or streamText`,
      );
      expect(outcome.error).toMatchObject({
        name: 'FaultyLanguageModelError',
        code: 'fault-not-expressible',
      });
    }
  });

  test('strict-void says why and where to inject it instead', async () => {
    const outcome = await run(faultyLanguageModel({ fault: 'strict-void' }), ZOD_TOOLS, false);
    expect(outcome.ok || (outcome.error as Error).message).toMatch(
      /"strict-void" cannot be written in doGenerate: the AI SDK's model specification has no parallel-calls setting .* faultHandlers from tool-call-health\/msw/,
    );
  });

  test('of a list, each call carries one it can express; none expressible is an error listing them', async () => {
    const list: Fault[] = ['strict-void', 'stream-cut', 'refused', 'empty-output'];
    const seen = new Set<Fault | null>();
    for (const seed of [0, 1, 2, 3, 4, 5, 6, 7]) {
      const events: FaultyModelEvent[] = [];
      const model = faultyLanguageModel({ fault: list, seed, onFault: (e) => events.push(e) });
      const outcome = await run(model, ZOD_TOOLS, false);
      expect(outcome.ok).toBe(true);
      seen.add(events[0]?.fault ?? null);
    }
    expect([...seen].sort()).toEqual(['empty-output', 'refused']);
    const none = await run(
      faultyLanguageModel({ fault: ['strict-void', 'stream-cut'] }),
      ZOD_TOOLS,
      false,
    );
    expect(none.ok || (none.error as Error).message).toMatch(
      /none of the faults strict-void, stream-cut can be written in doGenerate; the first, "strict-void"/,
    );
  });

  test('a call with no function tools, and an options.tool the call does not declare', async () => {
    await expect(
      generateText({ model: faultyLanguageModel({ fault: 'refused' }), prompt: 'Hi' }),
    ).rejects.toThrow(
      "tool-call-health: faultyLanguageModel: the call declares no function tools, so there is no tool to call; pass the agent's tools to generateText or streamText",
    );
    const outcome = await run(
      faultyLanguageModel({ fault: 'refused', tool: 'cancel_order' }),
      ZOD_TOOLS,
      false,
    );
    expect(outcome.ok || (outcome.error as Error).message).toMatch(
      /options\.tool is "cancel_order", which the call does not declare \(it declares "lookup_order", "refund_order"\)/,
    );
  });

  test('schemas no arguments satisfy', async () => {
    const tools = {
      impossible: tool({
        inputSchema: jsonSchema({
          type: 'object',
          properties: { n: { type: 'integer', minimum: 5, maximum: 1 } },
          required: ['n'],
        }),
      }),
    };
    const outcome = await run(faultyLanguageModel({ fault: 'unknown-tool' }), tools, false);
    expect(outcome.ok || (outcome.error as Error).message).toMatch(
      /^tool-call-health: faultyLanguageModel: no arguments satisfy the schema of the tool/,
    );
    expect(outcome.ok || outcome.error).toMatchObject({ code: 'unsatisfiable-schema' });
  });

  test('a schema with no room for a violation at its top level', async () => {
    const tools = { ping: tool({ inputSchema: jsonSchema({ type: 'object', properties: {} }) }) };
    const outcome = await run(
      faultyLanguageModel({ fault: 'arguments-violate-schema' }),
      tools,
      false,
    );
    expect(outcome.ok || (outcome.error as Error).message).toMatch(
      /^tool-call-health: faultyLanguageModel: the fault "arguments-violate-schema" cannot be written: no schema of the call leaves room for a violation/,
    );
  });

  test('bad options throw when the model is made', () => {
    expect(() => faultyLanguageModel({ fault: 'broken' as Fault })).toThrow(
      /^tool-call-health: faultyLanguageModel\(\) needs options\.fault: one of unknown-tool, /,
    );
    expect(() => faultyLanguageModel({ fault: [] })).toThrow(/needs options\.fault/);
    expect(() => faultyLanguageModel({ fault: 'refused', seed: 1.5 })).toThrow(
      'tool-call-health: faultyLanguageModel() needs options.seed to be an integer; got 1.5',
    );
    expect(() => faultyLanguageModel({ fault: 'refused', tool: '' })).toThrow(/options\.tool/);
    expect(() =>
      faultyLanguageModel({ fault: 'refused', specificationVersion: 'v2' as 'v3' }),
    ).toThrow(/"v3" \(ai 6\) or "v4" \(ai 7\)/);
  });
});

/** What a step's content says, without the AI SDK's error objects. */
const contentOf = (steps: Steps) =>
  steps.map((step) =>
    step.content.map((part) =>
      part.type === 'tool-call'
        ? [part.type, part.toolCallId, part.toolName, part.input]
        : part.type === 'text' || part.type === 'reasoning'
          ? [part.type, part.text]
          : [part.type],
    ),
  );

describe('the seed', () => {
  test('the same seed gives the same answers, call by call; generateText and streamText agree', async () => {
    const tools = ZOD_TOOLS;
    const answers = async (seed: number, streamed: boolean) => {
      const model = faultyLanguageModel({ fault: [...FAULTS], seed });
      const out: unknown[] = [];
      for (let call = 0; call < 4; call += 1) {
        const outcome = await run(model, tools, streamed);
        out.push(outcome.ok ? contentOf(outcome.steps) : String(outcome.error));
      }
      return out;
    };
    const first = await answers(42, false);
    expect(await answers(42, false)).toEqual(first);
    expect(await answers(43, false)).not.toEqual(first);
    // The n-th call draws from the seed and n: four calls, not one answer four times.
    expect(new Set(first.map((answer) => JSON.stringify(answer))).size).toBeGreaterThan(1);
    const generated = await run(
      faultyLanguageModel({ fault: 'duplicate-call', seed: 5 }),
      tools,
      false,
    );
    const streamed = await run(
      faultyLanguageModel({ fault: 'duplicate-call', seed: 5 }),
      tools,
      true,
    );
    expect(generated.ok && contentOf(generated.steps)).toEqual(
      streamed.ok && contentOf(streamed.steps),
    );
  });

  test('options.tool targets that tool', async () => {
    for (const fault of ['arguments-violate-schema', 'arguments-truncated'] as const) {
      const outcome = await run(
        faultyLanguageModel({ fault, seed: 9, tool: 'refund_order' }),
        ZOD_TOOLS,
        false,
      );
      expect(outcome.ok && diagnoseCalls(outcome.steps, { tools: ZOD_TOOLS })[0]).toMatchObject({
        name: 'refund_order',
        state: fault,
      });
    }
  });
});

describe('the model as the AI SDK takes it', () => {
  test('a LanguageModelV3 by default, v4 when asked; no provider, so steps read as the ai-sdk surface', async () => {
    const model: LanguageModelV3 = faultyLanguageModel({ fault: 'refused' });
    expect(model).toMatchObject({ specificationVersion: 'v3', provider: 'tool-call-health' });
    expect(faultyLanguageModel({ fault: 'refused', specificationVersion: 'v4' })).toMatchObject({
      specificationVersion: 'v4',
    });
    const outcome = await run(model, ZOD_TOOLS, false);
    expect(outcome.ok && outcome.steps[0]?.model).toEqual({
      provider: 'tool-call-health',
      modelId: 'faulty-model',
    });
  });

  test('wrapped by middleware, and over several steps each call carries a fault', async () => {
    const tools = {
      lookup_order: tool({
        inputSchema: z.object({ order_id: z.string() }),
        execute: async () => ({ status: 'shipped' }),
      }),
    };
    const model = wrapLanguageModel({
      model: faultyLanguageModel({ fault: 'duplicate-call', seed: 1 }),
      middleware: { specificationVersion: 'v3' },
    });
    const result = await generateText({ model, tools, prompt: 'x', stopWhen: stepCountIs(3) });
    expect(result.steps).toHaveLength(3);
    const verdicts = diagnoseCalls(result, { tools });
    expect(verdicts.length).toBeGreaterThanOrEqual(6);
    // In each step the first call is dispatchable and every copy of it a repeat.
    for (const step of [0, 1, 2]) {
      const states = verdicts
        .filter((verdict) => verdict.at.startsWith(`steps[${step}].`))
        .map((verdict) => verdict.state);
      expect(states[0]).toMatch(/^dispatchable/);
      expect(states.slice(1)).toEqual(Array(states.length - 1).fill('duplicate-call'));
      expect(states.length).toBeGreaterThanOrEqual(2);
    }
  });
});

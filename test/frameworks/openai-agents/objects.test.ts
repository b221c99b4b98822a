/**
 * Every object an Agents SDK run leaves the caller, produced by the real library: the result's
 * state, its serialised forms, `rawResponses` and one response, the error a run rejects with; a
 * run of several model calls; the agent's tools as `{ tools }`; and proof that nothing is read
 * through a getter. Then what is missing or odd gets a verdict naming the field, never a throw.
 */
import type { RunResult } from '@openai/agents';
import { HttpResponse, http } from 'msw';
import { describe, expect, test } from 'vitest';
import {
  diagnoseCalls,
  diagnoseStrictGuarantee,
  diagnoseTruncation,
  readTurns,
} from '../../../src/index.js';
import { failureOf } from '../../matchers/support.js';
import { agentFor, recording, runner, runRecorded, server, useServer } from './support.js';

useServer();

// biome-ignore lint/suspicious/noExplicitAny: the SDK's result type is generic over its agent.
type AnyResult = RunResult<any, any>;

async function resultOf(name: string, stream = false): Promise<AnyResult> {
  const { result, error } = await runRecorded(`openai-responses/${name}.har`, stream);
  if (result === undefined) throw error;
  return result as AnyResult;
}

const statesOf = (subject: unknown) => diagnoseCalls(subject).map((verdict) => verdict.state);

describe('the forms a run is held in', () => {
  test('its state, serialised or live, and its responses read as the result does', async () => {
    const result = await resultOf('schema-violation');
    const forms: Array<[string, unknown, string]> = [
      ['result', result, 'rawResponses[0].output[0]'],
      ['result.state', result.state, '_modelResponses[0].output[0]'],
      ['state.toJSON()', result.state.toJSON(), 'modelResponses[0].output[0]'],
      [
        'state.toString(), parsed',
        JSON.parse(result.state.toString()),
        'modelResponses[0].output[0]',
      ],
      ['state.toString()', result.state.toString(), 'modelResponses[0].output[0]'],
      [
        'the result as JSON',
        JSON.parse(JSON.stringify(result)),
        'state.modelResponses[0].output[0]',
      ],
      ['rawResponses', result.rawResponses, 'output[0]'],
      ['rawResponses[0]', result.rawResponses[0], 'output[0]'],
    ];
    for (const [form, subject, at] of forms) {
      expect({
        form,
        verdicts: diagnoseCalls(subject).map(({ state, at }) => ({ state, at })),
      }).toEqual({
        form,
        verdicts: [{ state: 'arguments-violate-schema', at }],
      });
      expect(diagnoseStrictGuarantee(subject).state).toBe('no-strict-declared');
    }
  });

  test('a run of several model calls: a verdict per response, the failing one named', async () => {
    // The agent looks the order up, then refunds it with a schema violation, then stops.
    const healthy = recording('openai-responses/healthy-call.har', false);
    const violation = recording('openai-responses/schema-violation.har', false);
    const answers = [healthy.responseText, violation.responseText];
    let asked = 0;
    server.use(
      http.post('https://api.openai.com/v1/responses', () =>
        HttpResponse.text(answers[asked++] ?? '', {
          headers: { 'content-type': 'application/json' },
        }),
      ),
    );
    const agent = agentFor(healthy.request, {
      toolUseBehavior: { stopAtToolNames: ['issue_refund'] },
    });
    const result = await runner.run(agent, 'Refund the late fee on A-1002.', { maxTurns: 3 });

    expect(asked).toBe(2);
    expect(diagnoseCalls(result).map(({ state, at }) => `${at}: ${state}`)).toEqual([
      'rawResponses[0].output[1]: dispatchable',
      'rawResponses[1].output[0]: arguments-violate-schema',
    ]);
    expect(diagnoseStrictGuarantee(result)).toMatchObject({
      state: 'no-strict-declared',
      at: 'rawResponses[1]',
    });
    expect(result).toCallTool('lookup_order', { order_id: 'A-1001', include_items: false });
    expect(failureOf(() => expect(result).toBeDispatchable())).toContain(
      '"issue_refund" (call_p2GPAaw152cjVLo7nB4aVhnd) at rawResponses[1].output[0]: arguments-violate-schema',
    );
  });

  test('the error a run rejects with: judged when it holds the state, named when it does not', async () => {
    const { error: maxTurns } = await runRecorded(
      'openai-responses/reasoning-spent-the-ceiling.har',
      false,
    );
    expect(maxTurns?.name).toBe('MaxTurnsExceededError');
    expect(diagnoseTruncation(maxTurns)).toMatchObject({
      state: 'ceiling-spent-on-reasoning',
      at: 'state._modelResponses[0]',
    });

    const { error: unknownTool } = await runRecorded('openai-responses/unknown-tool.har', false);
    expect(diagnoseTruncation(unknownTool).detail).toMatchInlineSnapshot(
      `"this ModelBehaviorError ("Tool lookup_order_status not found in agent order-support.") carries no run state: the OpenAI Agents SDK rejected the run and kept none of its model responses, as it does when a non-streamed run's model calls a tool the agent does not have. Run it with { stream: true }: the StreamedRunResult keeps every model response, and can be judged"`,
    );
    expect(failureOf(() => expect(unknownTool).toBeDispatchable())).toMatchInlineSnapshot(`
      "tool-call-health: toBeDispatchable() accepts a provider response (OpenAI Responses or Chat Completions, Anthropic message, Gemini, Bedrock Converse), an exchange { request, response }, an Anthropic batch results line, an MCP exchange { tools, call }, a Vercel AI SDK result or its steps, an OpenAI Agents SDK run result, or a LangChain AIMessage.
        Received: an object with keys "state", "name"
        this ModelBehaviorError ("Tool lookup_order_status not found in agent order-support.") carries no run state: the OpenAI Agents SDK rejected the run and kept none of its model responses, as it does when a non-streamed run's model calls a tool the agent does not have. Run it with { stream: true }: the StreamedRunResult keeps every model response, and can be judged"
    `);
  });

  test('a streamed result read before its stream is consumed says so', async () => {
    const { har, request } = recording('openai-responses/healthy-call.har', true);
    const { recordedHandlers } = await import('../../../src/msw/index.js');
    server.use(
      ...recordedHandlers(har, { ignore: ['model', 'input', 'instructions', 'include', 'tools'] }),
    );
    const result = await runner.run(agentFor(request), 'Where is A-1001?', { stream: true });
    expect(diagnoseTruncation(result).detail).toMatchInlineSnapshot(
      `"this StreamedRunResult holds no model response yet: consume its stream and await result.completed before judging it"`,
    );
    for await (const _event of result) {
      // Consumed: now it can be judged.
    }
    await result.completed;
    expect(result).toBeDispatchable();
  });
});

describe('a streamed run keeps no provider body: its items say what was finished', () => {
  test('a function_call still in_progress when the stream ended is unfinished: its cut arguments are truncated, not unparseable', async () => {
    // The terminal event reports the call as its output_item.added did; no ceiling is set, so
    // the item's status is the only evidence of the cut.
    const { har, request } = recording(
      'openai-responses/max-output-tokens-mid-arguments.har',
      true,
      (body) => {
        for (const item of body.output as Array<Record<string, unknown>>) {
          if (item.type === 'function_call') item.status = 'in_progress';
        }
      },
    );
    const { recordedHandlers } = await import('../../../src/msw/index.js');
    server.use(
      ...recordedHandlers(har, { ignore: ['model', 'input', 'instructions', 'include', 'tools'] }),
    );
    const agent = agentFor({ ...request, max_output_tokens: null });
    const result = await runner.run(agent, 'Open a ticket for A-1005.', { stream: true });
    for await (const _event of result) {
      // Consumed to its end.
    }
    await result.completed.catch(() => undefined);
    const [verdict] = diagnoseCalls(result);
    expect(verdict).toMatchObject({ state: 'arguments-truncated', name: 'create_ticket' });
    expect(diagnoseCalls(result)).toHaveLength(1);
  });
});

describe("the agent's tools, as the tools option and as the SDK declares them", () => {
  test('{ tools: agent.tools } and { tools: agent } give the declarations tool() sends', async () => {
    const result = await resultOf('healthy-call');
    const response = result.rawResponses[0];
    // A response whose providerData is gone (as a stored one may be) names no tools of its own.
    const bare = { ...response, providerData: undefined };
    expect(diagnoseCalls(bare)[0]?.state).toBe('dispatchable-unconstrained');
    const agent = result.lastAgent;
    for (const tools of [agent?.tools, agent]) {
      expect(diagnoseCalls(bare, { tools }).map((verdict) => verdict.state)).toEqual([
        'dispatchable',
      ]);
      expect(bare).toBeDispatchable({ tools, requireStrict: true });
    }
  });

  test('tool() sends strict: true unless told otherwise, and a streamed turn knows it', async () => {
    const result = await resultOf('healthy-call', true);
    const read = readTurns(result);
    const tools = read.ok ? read.turns[0]?.turn.tools : null;
    expect(
      tools?.map(({ name, strict, strictStated }) => ({ name, strict, strictStated })),
    ).toEqual([
      { name: 'lookup_order', strict: true, strictStated: true },
      { name: 'create_ticket', strict: true, strictStated: true },
      { name: 'issue_refund', strict: true, strictStated: true },
    ]);
  });

  test('a handoff is a declared tool: calling it is no unknown tool', async () => {
    const { Agent, handoff } = await import('@openai/agents');
    const result = await resultOf('healthy-call', true);
    const response = result.rawResponses[0];
    const call = {
      type: 'function_call',
      callId: 'call_handoff',
      name: 'transfer_to_Refund_desk',
      arguments: '{}',
      status: 'completed',
    };
    const refunds = new Agent({ name: 'Refund desk' });
    const escalation = handoff(new Agent({ name: 'escalation' }), { toolNameOverride: 'escalate' });
    const agent = new Agent({ name: 'triage', handoffs: [refunds, escalation] });
    const withHandoff = { ...response, output: [call, { ...call, name: 'escalate' }] };
    expect(statesOf(withHandoff)).toEqual([
      'dispatchable-unconstrained',
      'dispatchable-unconstrained',
    ]);
    expect(diagnoseCalls(withHandoff, { tools: agent }).map((verdict) => verdict.state)).toEqual([
      'dispatchable',
      'dispatchable',
    ]);
  });
});

describe('own fields only', () => {
  test('no getter of the result is read: they may all throw', async () => {
    const result = await resultOf('schema-violation');
    const before = statesOf(result);
    const trap = Object.create(Object.getPrototypeOf(result));
    for (const key of [
      'rawResponses',
      'newItems',
      'lastAgent',
      'output',
      'history',
      'finalOutput',
    ]) {
      Object.defineProperty(trap, key, {
        get() {
          throw new Error(`the ${key} getter was read`);
        },
      });
    }
    const guarded = Object.assign(Object.create(trap), { state: result.state });
    expect(statesOf(guarded)).toEqual(before);
  });
});

describe('missing and odd fields', () => {
  test('a state without its responses, and responses without output, say which field', async () => {
    const result = await resultOf('healthy-call');
    const state = result.state as unknown as Record<string, unknown>;
    const noResponses = { state: { ...state, _modelResponses: 'gone' } };
    expect(diagnoseCalls(noResponses)[0]?.detail).toMatchInlineSnapshot(
      `"this RunResult has no _modelResponses list (its _modelResponses is the string "gone"), where the OpenAI Agents SDK keeps a run's model responses"`,
    );
    // A run that stopped before its first model call is read, not refused: no output, no call.
    const emptyRun = { state: { ...state, _modelResponses: [] } };
    expect(diagnoseCalls(emptyRun)).toEqual([]);
    expect(diagnoseTruncation(emptyRun)).toMatchObject({
      state: 'incomplete-other',
      detail:
        "The turn ended for a reason that is not the output ceiling (the run's stop before any model call).",
    });
    expect(diagnoseStrictGuarantee(emptyRun).strictTools).toEqual(
      diagnoseStrictGuarantee(result).strictTools,
    );
    expect(readTurns(emptyRun)).toMatchObject({
      ok: true,
      turns: [
        {
          at: '',
          turn: {
            calls: [],
            notes: expect.arrayContaining([
              "this RunResult holds no model response: the run stopped before its first model call (as an input guardrail's tripwire stops it), so there is no output and no call to judge",
            ]),
          },
        },
      ],
    });
    const junkResponse = { state: { ...state, _modelResponses: [42] } };
    expect(diagnoseTruncation(junkResponse)).toMatchObject({ state: 'empty-output' });
    expect(readTurns(junkResponse)).toMatchObject({
      ok: true,
      turns: [
        {
          at: 'rawResponses[0]',
          turn: {
            notes: ['rawResponses[0] is the integer 42, not a model response; nothing read'],
          },
        },
      ],
    });
    const noOutput = { ...result.rawResponses[0], providerData: undefined, output: 'nope' };
    expect(readTurns(noOutput)).toMatchObject({ ok: true });
    expect(diagnoseTruncation(noOutput).state).toBe('empty-output');
  });

  test("providerData that is no provider response: the response's own items are read, saying so", async () => {
    const result = await resultOf('healthy-call');
    const response = result.rawResponses[0]!;
    const broken = { ...response, providerData: { output: 'not a list', choices: 3 } };
    const read = readTurns(broken);
    expect(read.ok && read.turns[0]?.turn.notes[0]).toMatchInlineSnapshot(
      `"the model response has providerData that is an object with keys "output", "choices", no provider response, so the response's status, incomplete_details and request settings are not known from it: the stop is read from its items' status alone; no agent with tools came with it, so its tools are unknown (pass { tools: agent.tools })"`,
    );
    expect(statesOf(broken)).toEqual(['dispatchable-unconstrained']);
  });

  test("a Responses body without output or usage is joined with the response's own", async () => {
    // What the issue expected a streamed run to keep: no SDK version checked (0.14, 0.20) does.
    const result = await resultOf('max-output-tokens-mid-arguments');
    const response = result.rawResponses[0]!;
    const {
      output: _output,
      usage: _usage,
      id: _id,
      ...kept
    } = response.providerData as Record<string, unknown>;
    const joined = { ...response, providerData: kept };
    expect(diagnoseTruncation(joined)).toMatchObject({
      state: 'truncated-by-length',
      outputTokens: 200,
      ceiling: 200,
    });
    expect(statesOf(joined)).toEqual(['arguments-truncated']);
  });
});

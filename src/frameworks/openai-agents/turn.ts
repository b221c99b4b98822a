/**
 * One model response of an Agents SDK run (`ModelResponse`) as a turn. Where its `providerData`
 * is the provider's own response body (the Responses API body on a non-streamed run, a Chat
 * Completions body on the Chat model), that body is the turn, read by its wire surface: it
 * holds the status, `incomplete_details`, the tools with their `strict` and the settings the
 * request used. A streamed run keeps no `providerData`: the turn is then read from the response's
 * own `output` items and `usage`, with the tools of the agent that made it and the run's last
 * model settings, and its stop only from what the items' `status` shows.
 */
import type { Stop, ToolCall, Turn } from '../../model/model.js';
import { asCount, asList, isRecord, type Json, notAString, recordOf } from '../../model/narrow.js';
import { blankTurn } from '../../model/turn.js';
import type { AdaptedTurn, ToolsInto } from '../../surfaces/types.js';
import { formatCount } from '../../text/count.js';
import { describeValue } from '../../text/describe-value.js';
import { plural } from '../../text/plural.js';
import { type AgentsRun, own, ownText } from './run.js';
import { agentTools } from './tools.js';

/** The request field a repair names for the ceiling: the Agents SDK's own setting. */
export const CEILING_SETTING = 'modelSettings.maxTokens';

/**
 * Reads the run's model response at `index` into the turn `read/` takes: the provider body it
 * carries, with the turn from its own fields as the fallback, or that turn alone.
 *
 * @example
 * adaptResponse(run, 0, toolsInto); // { at: 'rawResponses[0]', payload: providerData, fallback }
 */
export function adaptResponse(run: AgentsRun, index: number, toolsInto: ToolsInto): AdaptedTurn {
  const response = run.responses[index];
  const at = run.at === '' && run.responses.length === 1 ? '' : `${run.at}[${index}]`;
  const name = at === '' ? 'the model response' : at;
  if (!isRecord(response)) {
    const turn = blankTurn('openai-agents', 'response');
    turn.notes.push(`${name} is ${describeValue(response)}, not a model response; nothing read`);
    return { at, turn };
  }
  const provided = own(response, 'providerData');
  const body = recordOf(provided);
  // A body with output (Responses) or choices (Chat) is always some surface's response, so no
  // fallback is built: reading a run costs what reading its bodies costs.
  if (body !== undefined && Array.isArray(body.output)) return { at, payload: provided };
  if (body !== undefined && Array.isArray(body.choices))
    return chatTurn(run, response, provided, at, name);
  if (body !== undefined && isResponsesBody(body)) {
    return {
      at,
      payload: joined(body, response),
      fallback: ownTurn(run, response, name, toolsInto, null),
      notes: [
        `${name}.providerData holds the Responses API body without its output and usage (as a streamed run keeps it): read joined with the model response's own output, usage and responseId`,
      ],
    };
  }
  const why =
    provided === undefined
      ? 'keeps no providerData (the OpenAI Agents SDK keeps none for a streamed model response)'
      : `has providerData that is ${describeValue(provided)}, no provider response`;
  return { at, turn: ownTurn(run, response, name, toolsInto, why) };
}

/**
 * A Chat Completions body (the SDK's Chat model keeps the completion as `providerData`), which
 * echoes neither tools nor settings: they are sent beside it as the request, from the agent
 * that made the turn and the run's last model settings, as that model sends them.
 */
function chatTurn(
  run: AgentsRun,
  response: Json,
  body: unknown,
  at: string,
  name: string,
): AdaptedTurn {
  const output = asList(own(response, 'output')) ?? [];
  const agent = agentOf(run, output);
  const settings = recordOf(run.settings);
  const request: Json = {};
  const notes: string[] = [];
  if (agent !== undefined) {
    const declared = agentTools(agent);
    request.tools = declared.tools;
    notes.push(
      `${name} is a Chat Completions response, which echoes no tools: they are read from agent "${ownText(agent, 'name') ?? '(unnamed)'}"${settings === undefined ? '' : ", its settings from the run's last model settings"}`,
      ...declared.notes,
    );
  }
  if (typeof settings?.parallelToolCalls === 'boolean') {
    request.parallel_tool_calls = settings.parallelToolCalls;
  }
  const ceiling = asCount(settings?.maxTokens);
  if (ceiling !== null && ceiling > 0) request.max_tokens = ceiling;
  if (Object.keys(request).length === 0) return { at, payload: body };
  return { at, payload: { request, response: body }, notes };
}

/** A Responses API body, even one a streamed run stripped of its output. */
function isResponsesBody(body: Json): boolean {
  return body.object === 'response' || typeof body.status === 'string';
}

/**
 * The turn read from a model response's own fields: its output items, its usage, the tools of
 * the agent that made it and the run's last model settings. `why` says why no provider body was
 * read; `null` when this is the fallback for one that could not be.
 */
function ownTurn(
  run: AgentsRun,
  response: Json,
  name: string,
  toolsInto: ToolsInto,
  why: string | null,
): Turn {
  const turn = blankTurn('openai-agents', 'response');
  turn.id = ownText(response, 'responseId') ?? null;
  const output = own(response, 'output');
  const items = Array.isArray(output) ? output : [];
  if (!Array.isArray(output)) {
    turn.notes.push(`${name}.output is ${describeValue(output)}, not a list of output items`);
  }
  for (const [index, item] of items.entries()) readItem(item, `output[${index}]`, turn);
  readUsage(own(response, 'usage'), name, turn);
  const settings = readSettings(run.settings, turn);
  const agent = agentOf(run, items);
  if (agent !== undefined) {
    const declared = agentTools(agent);
    toolsInto(declared.tools, 'agent.tools', turn);
    turn.notes.push(...declared.notes);
  }
  turn.stop = stopOf(items, turn);
  if (why !== null) {
    const from = [
      agent === undefined
        ? 'no agent with tools came with it, so its tools are unknown (pass { tools: agent.tools })'
        : `its tools are read from agent "${ownText(agent, 'name') ?? '(unnamed)'}"`,
      settings ? "its settings from the run's last model settings" : null,
    ].filter((part) => part !== null);
    turn.notes.push(
      `${name} ${why}, so the response's status, incomplete_details and request settings are not known from it: the stop is read from its items' status alone; ${from.join('; ')}`,
    );
  }
  return turn;
}

/**
 * The turn of a run that stopped before its first model call (an input guardrail's tripwire, an
 * error before the model): no output and no call, its tools read from the agent, and a stop that
 * says the model was never asked.
 *
 * @example
 * noModelCall(run, toolsInto).calls; // []
 */
export function noModelCall(run: AgentsRun, toolsInto: ToolsInto): Turn {
  const turn = blankTurn('openai-agents', 'response');
  const agent = agentOf(run, []);
  if (agent !== undefined) {
    const declared = agentTools(agent);
    toolsInto(declared.tools, 'agent.tools', turn);
    turn.notes.push(...declared.notes);
  }
  readSettings(run.settings, turn);
  turn.stop = { kind: 'failed', said: "the run's stop before any model call" };
  turn.outputTokens = 0;
  turn.notes.push(
    `${run.label} holds no model response: the run stopped before its first model call (as an input guardrail's tripwire stops it), so there is no output and no call to judge`,
  );
  return turn;
}

/** Reads one output item, as the SDK converts it from the provider's (camelCase `callId`). */
function readItem(value: unknown, at: string, turn: Turn): void {
  const item = recordOf(value);
  if (item === undefined) {
    turn.notes.push(`${at} is ${describeValue(value)}, not an output item; skipped`);
    return;
  }
  const type = typeof item.type === 'string' ? item.type : undefined;
  if (type === 'function_call') {
    turn.calls.push(readCall(item, at));
    return;
  }
  if (type === 'message') {
    for (const entry of Array.isArray(item.content) ? item.content : []) {
      const part = recordOf(entry);
      if (part?.type === 'output_text' && typeof part.text === 'string') turn.text += part.text;
      if (part?.type === 'refusal')
        turn.refusal = typeof part.refusal === 'string' ? part.refusal : '';
    }
    return;
  }
  if (type === 'reasoning') {
    turn.reasoningSeen = true;
    return;
  }
  // Hosted tool calls, computer and shell actions, handoff outputs: output, not a function call.
  turn.otherOutput.push(`${type ?? 'untyped item'} at ${at}`);
  turn.notes.push(`${at} (${type ?? 'no type'}) is not a function call; not checked`);
}

function readCall(item: Json, at: string): ToolCall {
  const raw = item.arguments;
  const callId = typeof item.callId === 'string' ? item.callId : undefined;
  return {
    name: typeof item.name === 'string' ? item.name : '',
    callId: callId ?? (typeof item.id === 'string' ? item.id : null),
    kind: 'function',
    arguments:
      typeof raw === 'string'
        ? { form: 'json-text', text: raw }
        : { form: 'missing', reason: notAString('arguments', raw) },
    unfinished: item.status === 'incomplete' || item.status === 'in_progress',
    at,
  };
}

/** The SDK's `Usage`: camelCase counts, and details as a list of the provider's records. */
function readUsage(value: unknown, name: string, turn: Turn): void {
  if (value === undefined) return;
  const usage = recordOf(value);
  if (usage === undefined) {
    turn.notes.push(`${name}.usage is ${describeValue(value)}, not a usage record; tokens unknown`);
    return;
  }
  turn.outputTokens = asCount(usage.outputTokens);
  const details = usage.outputTokensDetails;
  let reasoning: number | null = null;
  for (const entry of Array.isArray(details) ? details : [details]) {
    const count = asCount(recordOf(entry)?.reasoning_tokens);
    if (count !== null) reasoning = (reasoning ?? 0) + count;
  }
  turn.reasoningTokens = reasoning;
}

/** The run's effective model settings (`ModelSettings`): the ceiling and parallel calls. */
function readSettings(value: unknown, turn: Turn): boolean {
  const settings = recordOf(value);
  if (settings === undefined) return false;
  if (typeof settings.parallelToolCalls === 'boolean') {
    turn.parallelToolCalls = settings.parallelToolCalls;
  }
  const ceiling = asCount(settings.maxTokens);
  if (ceiling !== null && ceiling > 0) {
    turn.maxOutputTokens = ceiling;
    turn.maxOutputTokensField = CEILING_SETTING;
  }
  return true;
}

/**
 * The agent that made a turn: the one its generated items name (a handoff changes agents
 * mid-run), else the run's last agent.
 */
function agentOf(run: AgentsRun, output: unknown[]): unknown {
  if (output.length > 0) {
    const mine = new Set(output);
    for (const item of run.items) {
      if (mine.has(own(item, 'rawItem'))) {
        const agent = own(item, 'agent');
        if (isRecord(agent) && Object.hasOwn(agent, 'tools')) return agent;
      }
    }
  }
  return isRecord(run.agent) && Object.hasOwn(run.agent, 'tools') ? run.agent : undefined;
}

/**
 * What stopped a turn read from its own fields, which keep no status. Output that used all of a
 * known ceiling stopped there (the model can write no further). Below it, the item the Responses
 * API was writing when the response stopped early is marked `incomplete`: another stop. With no
 * known ceiling, an incomplete item cannot say why, and the stop is unreported, with a note.
 */
function stopOf(items: unknown[], turn: Turn): Stop {
  const index = items.findIndex((item) => recordOf(item)?.status === 'incomplete');
  const incomplete = index < 0 ? null : `output[${index}] status "incomplete"`;
  const ceiling = turn.maxOutputTokens;
  const used = turn.outputTokens;
  if (ceiling !== null && used !== null && used >= ceiling) {
    // The numbers follow in every message that quotes this stop.
    const usedAll = `all of ${CEILING_SETTING} used`;
    return {
      kind: 'ceiling',
      said: incomplete === null ? usedAll : `${incomplete} with ${usedAll}`,
    };
  }
  if (incomplete === null) return { kind: 'unreported', said: null };
  if (ceiling === null || used === null) {
    turn.notes.push(
      `${incomplete}: the response stopped early, and with neither its status nor a ${CEILING_SETTING} to measure the output against, why is not known (a content filter, or the model's own output limit)`,
    );
    return { kind: 'unreported', said: null };
  }
  return {
    kind: 'other',
    said: `${incomplete} below the ceiling, ${formatCount(used)} of ${plural(ceiling, 'token')}`,
  };
}

/**
 * A Responses body a streamed run kept without its output and usage, joined with the model
 * response's own: the items back in the API's shape (`call_id`), the usage in its names.
 */
function joined(body: Json, response: Json): Json {
  const output = own(response, 'output');
  const usage = recordOf(own(response, 'usage'));
  return {
    ...body,
    id: body.id ?? own(response, 'responseId'),
    output: (Array.isArray(output) ? output : []).map(wireItem),
    ...(usage === undefined
      ? {}
      : {
          usage: {
            input_tokens: usage.inputTokens,
            output_tokens: usage.outputTokens,
            total_tokens: usage.totalTokens,
            output_tokens_details: { reasoning_tokens: reasoningOf(usage.outputTokensDetails) },
          },
        }),
  };
}

function reasoningOf(details: unknown): number {
  let total = 0;
  for (const entry of Array.isArray(details) ? details : [details]) {
    total += asCount(recordOf(entry)?.reasoning_tokens) ?? 0;
  }
  return total;
}

/** One SDK output item in the Responses API's shape. */
function wireItem(value: unknown): unknown {
  const item = recordOf(value);
  if (item === undefined) return value;
  if (item.type === 'function_call') {
    return {
      type: 'function_call',
      id: item.id,
      call_id: item.callId,
      name: item.name,
      arguments: item.arguments,
      status: item.status,
    };
  }
  if (item.type === 'reasoning') return { type: 'reasoning', id: item.id, summary: [] };
  if (item.type === 'message') {
    const content = (Array.isArray(item.content) ? item.content : []).map((entry) => {
      const part = recordOf(entry);
      return part?.type === 'refusal'
        ? { type: 'refusal', refusal: part.refusal }
        : { type: part?.type, text: part?.text, annotations: [] };
    });
    return { type: 'message', id: item.id, role: item.role, status: item.status, content };
  }
  // A hosted tool call keeps the provider's item type in its providerData.
  const provided = recordOf(item.providerData);
  return { type: typeof provided?.type === 'string' ? provided.type : item.type, id: item.id };
}

import { OPENAI_STRICT } from '../../surfaces/openai-responses/strict-rules.js';
import type { Adapter } from '../../surfaces/types.js';
import { agentsHistory } from './history.js';
import { agentsValueOf } from './run.js';
import { agentTools, isAgent, isAgentsTool, listTools } from './tools.js';
import { adaptResponse, CEILING_SETTING, noModelCall } from './turn.js';

/**
 * Where the Agents SDK decides what `tool()` sends: `strict` is `options.strict ?? true`, and
 * zod parameters require it (read in @openai/agents-core 0.14.3 and 0.20.0).
 */
export const AGENTS_TOOL_SOURCE =
  'https://github.com/openai/openai-agents-js/blob/main/packages/agents-core/src/tool.ts';

/**
 * The OpenAI Agents SDK (`@openai/agents`): a `RunResult`, a `StreamedRunResult` once its stream
 * is consumed, a `RunState`, an error the SDK rejected a run with that holds one, a serialised
 * `RunState`, or `result.rawResponses` and its items. Each model response is one turn: the
 * provider body it carries when it carries one, read by that body's surface; otherwise its own
 * items, read as this surface, whose facts are OpenAI's under the SDK's own setting names.
 */
export const openaiAgents: Adapter = {
  kind: 'adapter',
  id: 'openai-agents',
  title: 'OpenAI Agents SDK',
  titleTakesThe: true,
  recognise: (value) => agentsValueOf(value) !== null,
  read: (value, toolsInto) => {
    const found = agentsValueOf(value);
    if (found === null) {
      return { kind: 'unreadable', problem: 'not an OpenAI Agents SDK run result or state' };
    }
    if (found.kind === 'unreadable') return found;
    const { run } = found;
    // A streamed result not yet consumed cannot be judged; a run that stopped before its first
    // model call (a guardrail's tripwire) is read: a turn with no output, and no call.
    if (run.responses.length === 0 && run.streamed) {
      return {
        kind: 'unreadable',
        problem: `${run.label} holds no model response yet: consume its stream and await result.completed before judging it`,
      };
    }
    if (run.responses.length === 0) {
      return { kind: 'turns', turns: [{ at: '', turn: noModelCall(run, toolsInto) }] };
    }
    return {
      kind: 'turns',
      turns: run.responses.map((_, index) => adaptResponse(run, index, toolsInto)),
    };
  },
  history: agentsHistory,
  toolsOption: (value) => {
    if (isAgent(value)) return agentTools(value);
    if (!Array.isArray(value) || value.length === 0 || !value.every(isAgentsTool)) return undefined;
    const notes: string[] = [];
    return { tools: listTools(value, 'tools', notes), notes };
  },
  facts: {
    ceilingField: CEILING_SETTING,
    cutCallsLookWhole: false,
    callItem: 'function_call item',
    streamEnd: 'the end of the run: await result.completed',
    declarationsFrom: 'the agent (its tools are read from it)',
    strict: {
      ...OPENAI_STRICT,
      // `tool()` states strict on every function tool it makes; a hand-made one may not.
      whenUnstated: 'not-strict',
      advice: (name) =>
        `Declare ${name} with tool() and leave strict at its default (true): the Agents SDK sends it with strict: true and a schema made strict, so decoding is held to it.`,
      serialiseWith: 'modelSettings: { parallelToolCalls: false }',
      source: { url: AGENTS_TOOL_SOURCE, read: '2026-12-01' },
    },
  },
};

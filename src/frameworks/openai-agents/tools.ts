/**
 * An agent's tools as the Responses API declarations the SDK sends for them: a `FunctionTool`
 * (what `tool()` returns) is `{ type: 'function', name, parameters, strict }`, a hosted tool is
 * the built-in it names, and each handoff is the `transfer_to_…` function the model calls to
 * hand over. Read through own fields only.
 */
import { isRecord } from '../../model/narrow.js';
import { describeValue } from '../../text/describe-value.js';
import { own, ownText } from './run.js';

/** Declarations in the Responses API's shape, and what could not be read. */
export interface AgentTools {
  tools: unknown[];
  notes: string[];
}

/** Tool kinds the SDK runs itself, declared to the API by their type alone. */
const CLIENT_TOOL_TYPES = new Set(['computer', 'shell', 'apply_patch']);

/** What a handoff to an agent declares when the `Handoff` sets no input (the SDK's default). */
const EMPTY_INPUT = {
  type: 'object',
  properties: {},
  required: [],
  additionalProperties: false,
};

/**
 * Whether a value is an Agents SDK tool: a function tool (its own `invoke`) or a hosted one.
 *
 * @example
 * isAgentsTool(tool({ name: 'lookup_order', parameters, execute })); // true
 */
export function isAgentsTool(value: unknown): boolean {
  if (!isRecord(value)) return false;
  return typeof own(value, 'invoke') === 'function' || own(value, 'type') === 'hosted_tool';
}

/**
 * Whether a value is an `Agent`: a name, and tools and handoffs of its own.
 *
 * @example
 * isAgent(new Agent({ name: 'support', tools: [lookupOrder] })); // true
 */
export function isAgent(value: unknown): boolean {
  return (
    isRecord(value) &&
    typeof own(value, 'name') === 'string' &&
    Array.isArray(own(value, 'tools')) &&
    Array.isArray(own(value, 'handoffs'))
  );
}

/**
 * The declarations an agent's tools and handoffs make, as the Responses API reads them.
 *
 * @example
 * agentTools(agent, 'rawResponses[0]').tools; // [{ type: 'function', name: 'lookup_order', parameters, strict: true }]
 */
export function agentTools(agent: unknown): AgentTools {
  const notes: string[] = [];
  const tools = listTools(own(agent, 'tools'), 'tools', notes);
  const handoffs = own(agent, 'handoffs');
  if (Array.isArray(handoffs)) {
    for (const [index, handoff] of handoffs.entries()) {
      const declared = handoffTool(handoff);
      if (declared === undefined) {
        notes.push(
          `handoffs[${index}] is ${describeValue(handoff)}, not an Agent or a Handoff; skipped`,
        );
      } else tools.push(declared);
    }
  }
  return { tools, notes };
}

/**
 * A list of the SDK's tools (an agent's `tools`) as declarations; each item that is no tool is
 * named in `notes`.
 *
 * @example
 * listTools(agent.tools, 'tools', notes);
 */
export function listTools(value: unknown, at: string, notes: string[]): unknown[] {
  if (!Array.isArray(value)) {
    notes.push(`the agent's ${at} is ${describeValue(value)}, not a list of tools`);
    return [];
  }
  const tools: unknown[] = [];
  for (const [index, item] of value.entries()) {
    const declared = declaration(item);
    if (declared === undefined) {
      notes.push(`${at}[${index}] is ${describeValue(item)}, not an Agents SDK tool; skipped`);
    } else tools.push(declared);
  }
  return tools;
}

/** One SDK tool as the declaration the SDK sends for it. */
function declaration(item: unknown): unknown {
  if (!isRecord(item)) return undefined;
  const type = ownText(item, 'type');
  if (type === 'function') {
    const strict = own(item, 'strict');
    return {
      type: 'function',
      name: own(item, 'name'),
      parameters: own(item, 'parameters'),
      // `tool()` always states it (true unless given false); a hand-made tool may not.
      ...(typeof strict === 'boolean' ? { strict } : {}),
    };
  }
  if (type === 'hosted_tool') {
    // The built-in it stands for (`web_search`, `file_search`, …), declared as the API knows it.
    const provided = own(item, 'providerData');
    return isRecord(provided) ? { ...provided } : { type: ownText(item, 'name') ?? 'hosted_tool' };
  }
  if (type !== undefined && CLIENT_TOOL_TYPES.has(type)) return { type };
  return undefined;
}

/** A handoff as the function tool the model calls to take it. */
function handoffTool(handoff: unknown): unknown {
  const toolName = ownText(handoff, 'toolName');
  if (toolName !== undefined) {
    const strict = own(handoff, 'strictJsonSchema');
    return {
      type: 'function',
      name: toolName,
      parameters: own(handoff, 'inputJsonSchema') ?? EMPTY_INPUT,
      strict: typeof strict === 'boolean' ? strict : true,
    };
  }
  const name = ownText(handoff, 'name');
  if (name === undefined || !isAgent(handoff)) return undefined;
  // The SDK's own naming (`toFunctionToolName`): every character not a letter or digit is `_`.
  return {
    type: 'function',
    name: `transfer_to_${name.replace(/[^a-zA-Z0-9]/g, '_')}`,
    parameters: EMPTY_INPUT,
    strict: true,
  };
}

/**
 * An MCP exchange `{ tools, call, result? }`, a lone `tools/call` request, or a `tools/list`
 * answer, read into one turn. The call is one `tools/call` on its way to a tool: there is no
 * model output around it, so no stop reason, no ceiling and no strict flag to read.
 */
import type { ToolCall } from '../../model/model.js';
import { type Json, recordOf } from '../../model/narrow.js';
import { blankTurn } from '../../model/turn.js';
import { describeValue } from '../../text/describe-value.js';
import type { AdapterReading, ToolsInto } from '../types.js';
import { idLabel, jsonRpcMessage } from './json-rpc.js';
import { allMcpTools, mcpToolListOf } from './tools.js';

/** Keys a bare `tools/list` result may hold besides `tools`. */
const LIST_RESULT_KEYS = new Set(['tools', 'nextCursor', '_meta']);

/** What an MCP value is, when it is one. */
type McpValue = 'exchange' | 'call' | 'tool-list';

/**
 * Which MCP value this is, or `null`. Only shapes no provider sends are claimed: an object with
 * a `call` and no `request` or `response`, a JSON-RPC `tools/call`, or a `tools/list` answer
 * whose every tool has an `inputSchema`.
 *
 * @example
 * mcpValueOf({ tools: listResult, call: callRequest }); // 'exchange'
 */
export function mcpValueOf(value: Json): McpValue | null {
  if (
    Object.hasOwn(value, 'call') &&
    !Object.hasOwn(value, 'request') &&
    !Object.hasOwn(value, 'response')
  ) {
    return 'exchange';
  }
  const message = jsonRpcMessage(value);
  if (message?.kind === 'request' && message.method === 'tools/call') return 'call';
  if (message?.kind === 'result') {
    const list = mcpToolListOf(value, '');
    return list !== undefined && allMcpTools(list.tools) ? 'tool-list' : null;
  }
  if (message !== undefined) return null;
  const tools = mcpToolListOf(value, '');
  return tools !== undefined &&
    allMcpTools(tools.tools) &&
    Object.keys(value).every((key) => LIST_RESULT_KEYS.has(key))
    ? 'tool-list'
    : null;
}

/** What a `call` must be, said once for every message about it. */
const CALL_EXPECTED =
  'a tools/call request (the JSON-RPC message with method "tools/call", or its params { name, arguments })';

/**
 * Reads an MCP value into one turn: the call's arguments as an object, the tools of the
 * `tools/list` answer as declarations.
 *
 * @example
 * readMcp({ tools: { tools: [getOrder] }, call: { name: 'get_order', arguments: { id: 'A1' } } }, toolsInto);
 * // { kind: 'turns', turns: [{ at: '', turn: { surface: 'mcp', source: 'tool-call', calls: [...] } }] }
 */
export function readMcp(value: Json, toolsInto: ToolsInto): AdapterReading {
  const kind = mcpValueOf(value);
  if (kind === 'tool-list') {
    const turn = blankTurn('mcp', 'request');
    const list = mcpToolListOf(value, '');
    toolsInto(list?.tools, list?.at ?? 'tools', turn);
    return { kind: 'turns', turns: [{ at: '', turn }] };
  }
  if (kind === 'call') return readExchange({ call: value }, toolsInto);
  return readExchange(value, toolsInto);
}

function readExchange(exchange: Json, toolsInto: ToolsInto): AdapterReading {
  const turn = blankTurn('mcp', 'tool-call');
  const call = callOf(exchange.call);
  if (typeof call === 'string') return { kind: 'unreadable', problem: call };
  turn.calls.push(call.call);
  turn.id = call.call.callId;
  if (call.note !== undefined) turn.notes.push(call.note);
  if (exchange.tools !== undefined) {
    const list = mcpToolListOf(exchange.tools, 'tools');
    if (list === undefined) {
      turn.notes.push(
        `tools is ${describeValue(exchange.tools)}, not a tools/list result ({ tools: [...] }) or its array; the tools are unknown`,
      );
    } else {
      toolsInto(list.tools, list.at, turn);
    }
  }
  return { kind: 'turns', turns: [{ at: '', turn }] };
}

/** The call of an exchange, with a note on what was read past, or why it is no call. */
function callOf(value: unknown): { call: ToolCall; note?: string } | string {
  const record = recordOf(value);
  if (record === undefined) {
    return `the MCP exchange's call is ${describeValue(value)}; expected ${CALL_EXPECTED}`;
  }
  const message = jsonRpcMessage(record);
  // A method beside an id JSON-RPC does not allow: a request that is no request.
  if (message === undefined && typeof record.method === 'string') {
    return `the MCP exchange's call is a "${record.method}" message whose id is ${describeValue(record.id)}, which no JSON-RPC id is (a string or a number)`;
  }
  if (message !== undefined && message.kind !== 'request') {
    return `the MCP exchange's call is a JSON-RPC ${message.kind === 'notification' ? 'notification' : 'response'}; expected ${CALL_EXPECTED}`;
  }
  if (message !== undefined && message.method !== 'tools/call') {
    return `the MCP exchange's call is a "${message.method}" request; expected ${CALL_EXPECTED}`;
  }
  const params = message === undefined ? record : message.params;
  const at = message === undefined ? 'call' : 'call.params';
  if (params === undefined) {
    return record.params === undefined
      ? `the MCP exchange's call is a tools/call request with no params; expected params { name, arguments }`
      : `the MCP exchange's call.params is ${describeValue(record.params)}; expected params { name, arguments }`;
  }
  if (typeof params.name !== 'string') {
    return params.name === undefined
      ? `${at} has no name; a tools/call names the tool it calls`
      : `${at}.name is ${describeValue(params.name)}; a tools/call names its tool with a string`;
  }
  const name = params.name;
  // The id as sent, written as JSON: `String()` made 1 and "1" one id, and the labels that
  // show it could not tell them apart.
  const callId = message === undefined ? null : idLabel(message.id);
  const absent = !Object.hasOwn(params, 'arguments') || params.arguments === undefined;
  return {
    call: {
      name,
      callId,
      kind: 'function',
      // MCP makes `arguments` optional: a call without them passes no arguments, read as {}.
      arguments: { form: 'object', value: absent ? {} : params.arguments },
      unfinished: false,
      at,
    },
    ...(absent
      ? { note: `${at} has no arguments; read as {} (MCP makes arguments optional)` }
      : {}),
  };
}

/**
 * What one line of an MCP log (or one body or event of a HAR's MCP exchange) holds: JSON-RPC
 * messages, alone, in a batch, or wrapped as a proxy logs them, with their session and
 * direction. Pure.
 */
import { recordOf } from '../model/narrow.js';
import { type JsonRpcMessage, jsonRpcMessage } from '../surfaces/mcp/json-rpc.js';

/** One message of a line, with where it came from. */
export interface Logged {
  message: JsonRpcMessage;
  value: unknown;
  session: unknown;
  direction: string | undefined;
}

/**
 * The session and direction of a message whose transport says them (a HAR's `Mcp-Session-Id`
 * header, a request's body or its response), where a proxy's log line would wrap the message.
 */
export interface Frame {
  session: string | null;
  direction: 'client->server' | 'server->client';
}

/**
 * Whether a parsed JSONL line looks like MCP traffic: a JSON-RPC message that says so
 * (`"jsonrpc": "2.0"`, or a `method`), a batch of them, or a proxy's `{ session, message }`.
 *
 * @example
 * isMcpLogLine({ session: 'a', direction: 'in', message: { jsonrpc: '2.0', id: 1, method: 'tools/list' } }); // true
 * isMcpLogLine({ custom_id: 'r1', result: { type: 'succeeded' } }); // false
 */
export function isMcpLogLine(value: unknown): boolean {
  const record = recordOf(value);
  if (record === undefined) {
    return Array.isArray(value) && value.length > 0 && value.every(saysJsonRpc);
  }
  if (saysJsonRpc(record)) return true;
  return Object.hasOwn(record, 'message') && isMcpLogLine(record.message);
}

/**
 * Whether a value is a JSON-RPC message: JSON-RPC 2.0 requires `"jsonrpc": "2.0"` in every
 * message, and the MCP SDKs always send it, so a line with a `method` but without it (an
 * application's own event log, `{"type":"request","method":"call_tool"}`) is none.
 */
function saysJsonRpc(value: unknown): boolean {
  const record = recordOf(value);
  return record !== undefined && record.jsonrpc === '2.0' && jsonRpcMessage(record) !== undefined;
}

/**
 * The messages of a line, or `undefined` when it holds none (or anything that is none). With a
 * frame, the value is the message (or batch) itself, and the frame says its session.
 */
export function messagesOf(value: unknown, frame?: Frame): Logged[] | undefined {
  const record = recordOf(value);
  const wrapped =
    frame === undefined &&
    record !== undefined &&
    jsonRpcMessage(record) === undefined &&
    Object.hasOwn(record, 'message');
  const inner = wrapped ? record.message : value;
  const session =
    frame !== undefined
      ? (frame.session ?? undefined)
      : wrapped
        ? (record.session ?? record.sessionId)
        : undefined;
  const direction =
    frame !== undefined
      ? frame.direction
      : wrapped && typeof record.direction === 'string'
        ? record.direction
        : undefined;
  // JSON-RPC batches: each message of the array, in order.
  const items = Array.isArray(inner) ? inner : [inner];
  if (items.length === 0) return undefined;
  const logged: Logged[] = [];
  for (const item of items) {
    const message = saysJsonRpc(item) ? jsonRpcMessage(item) : undefined;
    if (message === undefined) return undefined;
    logged.push({ message, value: item, session, direction });
  }
  return logged;
}

/** A tools/list result known by its shape: `{ tools: [...] }`, each named, with an inputSchema. */
export function toolsByShape(result: unknown): unknown[] | undefined {
  const tools = recordOf(result)?.tools;
  if (!Array.isArray(tools) || tools.length === 0) return undefined;
  const every = tools.every((tool) => {
    const record = recordOf(tool);
    return typeof record?.name === 'string' && Object.hasOwn(record, 'inputSchema');
  });
  return every ? tools : undefined;
}

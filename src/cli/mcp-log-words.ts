/**
 * How an MCP log's reader names what it read: where a message sits (a JSONL line, a part of a
 * HAR entry), a session, a request, a call. Pure wording, shared by the reader and its entries.
 */
import { recordOf } from '../model/narrow.js';
import { idLabel, jsonRpcMessage, type RequestId } from '../surfaces/mcp/json-rpc.js';
import { describeValue, previewJson } from '../text/describe-value.js';

/**
 * Where a message sits in what is read: a line of a JSONL log, or a part of a HAR entry.
 *
 * @example
 * linePlace(14); // { order: 14, at: '14', said: 'line 14', on: 'on line 14' }
 */
export interface Place {
  /** Grows through the source: what is left at the end is named in this order. */
  order: number;
  /** What follows the file in a location: `14`, `entries[3]`. */
  at: string;
  /** How a sentence names it: `line 14`, `entries[3] response event 2`. */
  said: string;
  /** The same after "answered": `on line 14`, `in entries[3] response event 2`. */
  on: string;
}

/**
 * The place of a JSONL line (1-based).
 *
 * @example
 * linePlace(3).said; // 'line 3'
 */
export function linePlace(line: number): Place {
  return { order: line, at: String(line), said: `line ${line}`, on: `on line ${line}` };
}

/** A session as a location shows it: bare when plain, quoted when it could be misread. */
export function sessionLabel(value: unknown): string | null {
  if (value === undefined) return null;
  if (typeof value === 'number') return String(value);
  if (
    typeof value === 'string' &&
    /^[A-Za-z0-9_.:/@-]{1,80}$/.test(value) &&
    !/^[\d.]+$/.test(value)
  ) {
    return value;
  }
  return previewJson(value, 80);
}

/**
 * A request as a location shows it: its session, when the log names sessions, and its id as
 * sent (`id 1`, `id "1"`).
 *
 * @example
 * where('a', '7'); // 'session a, id "7"'
 */
export function where(session: string | null, id: RequestId): string {
  return `${session === null ? '' : `session ${session}, `}id ${idLabel(id)}`;
}

/** `tools/call "get_order"`, from a logged request. */
export function callLabel(call: unknown): string {
  const name = calledTool(call);
  return name === undefined
    ? 'tools/call (no tool name)'
    : `tools/call ${JSON.stringify(name.length > 60 ? `${name.slice(0, 60)}…` : name)}`;
}

/** The name a logged tools/call request gives its tool, when it gives one. */
export function calledTool(call: unknown): string | undefined {
  const name = recordOf(recordOf(call)?.params)?.name;
  return typeof name === 'string' ? name : undefined;
}

/** Why a value of JSON is no JSON-RPC message. */
export function notJsonRpc(value: unknown): string {
  const record = recordOf(value);
  if (record === undefined) return `${describeValue(value)}, not a JSON-RPC message`;
  if (record.jsonrpc !== '2.0' && jsonRpcMessage(record) !== undefined) {
    return `${describeValue(value)}: no "jsonrpc": "2.0", which every JSON-RPC message carries`;
  }
  return `${describeValue(value)}: no method, and no result or error with an id`;
}

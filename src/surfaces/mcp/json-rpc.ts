/**
 * JSON-RPC 2.0 as MCP sends it: requests (`method` and `id`), notifications (`method`, no
 * `id`), and responses (`id` with `result` or `error`). Only the narrowing MCP reading needs.
 */
import { type Json, recordOf } from '../../model/narrow.js';

/** A message's id: JSON-RPC allows a string or a number. */
export type RequestId = string | number;

/** One JSON-RPC message, by what it is. */
export type JsonRpcMessage =
  | { kind: 'request'; id: RequestId; method: string; params: Json | undefined }
  | { kind: 'notification'; method: string; params: Json | undefined }
  | { kind: 'result'; id: RequestId; result: unknown }
  | { kind: 'error'; id: RequestId | null; code: number | null; message: string };

/**
 * What a JSON-RPC message is, or `undefined` when the value is none. A message need not carry
 * `jsonrpc: "2.0"` here: logs and proxies often strip it, and the other fields say enough.
 *
 * @example
 * jsonRpcMessage({ jsonrpc: '2.0', id: 2, method: 'tools/call', params: { name: 'lookup' } });
 * // { kind: 'request', id: 2, method: 'tools/call', params: { name: 'lookup' } }
 */
export function jsonRpcMessage(value: unknown): JsonRpcMessage | undefined {
  const message = recordOf(value);
  if (message === undefined) return undefined;
  const id = requestIdOf(message.id);
  if (typeof message.method === 'string') {
    const params = recordOf(message.params);
    if (id !== undefined) return { kind: 'request', id, method: message.method, params };
    return Object.hasOwn(message, 'id')
      ? undefined
      : { kind: 'notification', method: message.method, params };
  }
  const error = recordOf(message.error);
  if (error !== undefined && (id !== undefined || message.id === null)) {
    return {
      kind: 'error',
      id: id ?? null,
      code: typeof error.code === 'number' ? error.code : null,
      message: typeof error.message === 'string' ? error.message : '',
    };
  }
  if (id !== undefined && Object.hasOwn(message, 'result')) {
    return { kind: 'result', id, result: message.result };
  }
  return undefined;
}

function requestIdOf(value: unknown): RequestId | undefined {
  return typeof value === 'string' || (typeof value === 'number' && Number.isFinite(value))
    ? value
    : undefined;
}

/**
 * An id as JSON writes it, the one spelling every label and key uses: a number bare, a string
 * quoted, so `1` and `"1"` read apart. They are two ids: JSON-RPC 2.0 says a response's id "MUST
 * be the same as the value of the id member in the Request Object"
 * (https://www.jsonrpc.org/specification#response_object), so an answer with its id retyped
 * answers nothing.
 *
 * @example
 * idLabel(7); // '7'
 * idLabel('7'); // '"7"'
 */
export function idLabel(id: RequestId): string {
  return JSON.stringify(id);
}

/** Whether a value is a JSON-RPC message (it carries `jsonrpc`, or a method or result with an id). */
export function isJsonRpc(value: Json): boolean {
  return value.jsonrpc === '2.0' || jsonRpcMessage(value) !== undefined;
}

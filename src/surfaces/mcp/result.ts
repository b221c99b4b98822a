/**
 * A `tools/call` answer, in any of the forms it is passed around in: the JSON-RPC response
 * (`result` or `error`), or the `CallToolResult` itself. Only reading; judging it against the
 * tool's `outputSchema` is `diagnoseToolResult`'s.
 */
import { asList, type Json, recordOf } from '../../model/narrow.js';
import { describeValue } from '../../text/describe-value.js';
import { jsonRpcMessage, type RequestId } from './json-rpc.js';

/** What a `tools/call` answer said. */
export type McpAnswer =
  | {
      kind: 'result';
      /** The id it answers, when it came as a JSON-RPC response. */
      id: RequestId | null;
      /** Where the `CallToolResult` sits: `result.result` or `result`. */
      at: string;
      /** `undefined` when the result carries no `structuredContent` key. */
      structuredContent: unknown;
      hasStructuredContent: boolean;
      isError: boolean;
      /** The text of its `content` blocks, joined, for messages. */
      text: string;
      /** What was read past: a missing `content`, an `isError` that is no boolean. */
      notes: string[];
    }
  | { kind: 'protocol-error'; id: RequestId | null; code: number | null; message: string }
  | { kind: 'unreadable'; problem: string };

const EXPECTED =
  'a tools/call result (the JSON-RPC response, or its CallToolResult { content, structuredContent?, isError? })';

/**
 * Reads the `result` of an MCP exchange.
 *
 * @example
 * readMcpAnswer({ jsonrpc: '2.0', id: 2, result: { content: [], structuredContent: { total: 3 } } });
 * // { kind: 'result', id: 2, at: 'result.result', structuredContent: { total: 3 }, ... }
 */
export function readMcpAnswer(value: unknown): McpAnswer {
  const record = recordOf(value);
  if (record === undefined) {
    return {
      kind: 'unreadable',
      problem: `the result is ${describeValue(value)}; expected ${EXPECTED}`,
    };
  }
  const message = jsonRpcMessage(record);
  if (message?.kind === 'error') {
    return { kind: 'protocol-error', id: message.id, code: message.code, message: message.message };
  }
  if (message?.kind === 'request' || message?.kind === 'notification') {
    return {
      kind: 'unreadable',
      problem: `the result is a JSON-RPC ${message.kind} ("${message.method}"); expected ${EXPECTED}`,
    };
  }
  // An envelope JSON-RPC does not allow (an error that is no error object, a response with
  // neither result nor error): not a CallToolResult either, whatever fields it holds.
  if (message === undefined && (record.jsonrpc !== undefined || Object.hasOwn(record, 'error'))) {
    return {
      kind: 'unreadable',
      problem: Object.hasOwn(record, 'error')
        ? `the result's error is ${describeValue(record.error)}, not a JSON-RPC error object { code, message }`
        : `the result is a JSON-RPC message with neither a result nor an error (and an id ${describeValue(record.id)}); expected ${EXPECTED}`,
    };
  }
  if (message?.kind === 'result') {
    const result = recordOf(message.result);
    if (result === undefined) {
      return {
        kind: 'unreadable',
        problem: `the JSON-RPC response's result is ${describeValue(message.result)}; expected a CallToolResult`,
      };
    }
    return callToolResult(result, message.id, 'result.result');
  }
  return callToolResult(record, null, 'result');
}

function callToolResult(result: Json, id: RequestId | null, at: string): McpAnswer {
  const notes: string[] = [];
  const content = asList(result.content);
  if (content === undefined) {
    notes.push(
      `${at}.content is ${describeValue(result.content)}; MCP requires a list of content blocks (it may be empty)`,
    );
  }
  if (result.isError !== undefined && typeof result.isError !== 'boolean') {
    notes.push(`${at}.isError is ${describeValue(result.isError)}, not a boolean; read as false`);
  }
  const text = (content ?? [])
    .map((block) => {
      const entry = recordOf(block);
      return entry?.type === 'text' && typeof entry.text === 'string' ? entry.text : '';
    })
    .filter((part) => part !== '')
    .join(' ');
  return {
    kind: 'result',
    id,
    at,
    structuredContent: result.structuredContent,
    hasStructuredContent:
      Object.hasOwn(result, 'structuredContent') && result.structuredContent !== undefined,
    isError: result.isError === true,
    text,
    notes,
  };
}

/**
 * MCP traffic in a HAR: the JSON-RPC messages that MCP's Streamable HTTP transport carries, read
 * out of the recorded exchanges. The transport, as the specification has it
 * (https://modelcontextprotocol.io/specification/2025-11-25/basic/transports#streamable-http): a
 * client POSTs each JSON-RPC message (or batch) to one endpoint; the server answers a request
 * with `application/json` (the response) or with `text/event-stream`, whose `data:` events each
 * carry one JSON-RPC message (notifications and requests of its own before the response), and
 * answers notifications and responses with 202 and no body; a GET opens a stream for messages
 * the server sends unasked. The session is the `Mcp-Session-Id` header the server hands out on
 * its initialize answer and the client sends on every later request. Pure; what the messages
 * mean (pairing, tools) is for the reader of MCP logs, this only finds them.
 */
import { isRecord } from '../model/narrow.js';
import { Notebook } from '../stream/notes.js';
import { createSseDecoder } from '../stream/sse.js';
import type { RecordedExchange } from './read.js';

/** One message of MCP traffic a HAR holds, with where it sits and which way it went. */
export interface McpHttpMessage {
  /** The exchange's index among those given (a HAR's `entries[i]`). */
  entry: number;
  /** Where in the exchange: `request`, `response`, or `response event 2` (1-based). */
  part: string;
  /** The `Mcp-Session-Id` of the exchange (the request's, else the response's); `null` without one. */
  session: string | null;
  /** A request's body went from client to server; everything in a response the other way. */
  direction: 'client->server' | 'server->client';
  /** The message as JSON (a batch is one array); `undefined` when the text is not JSON. */
  message: unknown;
  /** The text it was read from: the body, or the event's data. */
  text: string;
}

/**
 * Whether an exchange is MCP's Streamable HTTP: a request whose body is a JSON-RPC message or
 * batch (each with `"jsonrpc": "2.0"`, as JSON-RPC 2.0 requires), or one that carries the
 * transport's own `Mcp-Session-Id` header (a GET stream, a DELETE ending the session).
 *
 * @example
 * const [exchange] = readHar('recordings/mcp.har');
 * isMcpHttp(exchange); // true for a POST of { "jsonrpc": "2.0", "method": "tools/list", "id": 1 }
 */
export function isMcpHttp(exchange: RecordedExchange): boolean {
  return (
    saysJsonRpc(exchange.request.body) ||
    headerOf(exchange.request.headers, 'mcp-session-id') !== undefined
  );
}

/**
 * The JSON-RPC messages of every Streamable HTTP exchange among `exchanges`, in the order the
 * HAR lists the exchanges (the order their requests started), each request's body before its
 * response's messages. Other exchanges (a model API beside the MCP server) are passed over.
 * A GET stream is listed where it started, so messages the server sent on it later are placed
 * before the exchanges that ran meanwhile: a HAR keeps no time for each event.
 *
 * @example
 * for (const { part, session, message } of mcpMessages(readHar('recordings/mcp.har'))) {
 *   console.log(part, session, message);
 * }
 */
export function mcpMessages(exchanges: readonly RecordedExchange[]): McpHttpMessage[] {
  return exchanges.flatMap((exchange, entry) =>
    isMcpHttp(exchange) ? mcpExchangeMessages(exchange, entry) : [],
  );
}

/**
 * The messages of one Streamable HTTP exchange: its request's body, then its response's (a
 * JSON body, or each SSE event with data; an event with none, like the SDK's priming event, is
 * no message).
 *
 * @example
 * mcpExchangeMessages(exchange, 3).map((message) => message.part); // ['request', 'response event 1']
 */
export function mcpExchangeMessages(exchange: RecordedExchange, entry: number): McpHttpMessage[] {
  const { request, response } = exchange;
  const session =
    headerOf(request.headers, 'mcp-session-id') ??
    headerOf(response.headers, 'mcp-session-id') ??
    null;
  const out: McpHttpMessage[] = [];
  const add = (part: string, direction: McpHttpMessage['direction'], text: string) => {
    out.push({ entry, part, session, direction, message: parsed(text), text });
  };
  if (request.body !== undefined) {
    // readHar parsed a JSON body already; a text body is kept as it came.
    const text = typeof request.body === 'string' ? request.body : JSON.stringify(request.body);
    add('request', 'client->server', text);
  }
  if (response.text.trim() === '') return out;
  if (/text\/event-stream/i.test(response.mimeType)) {
    let event = 0;
    const decoder = createSseDecoder(({ data }) => {
      if (data.trim() === '') return;
      event += 1;
      add(`response event ${event}`, 'server->client', data);
    }, new Notebook());
    decoder.feed(response.text);
    decoder.end();
  } else {
    add('response', 'server->client', response.text);
  }
  return out;
}

function saysJsonRpc(body: unknown): boolean {
  const items = Array.isArray(body) ? body : [body];
  return items.length > 0 && items.every((item) => isRecord(item) && item.jsonrpc === '2.0');
}

function parsed(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

function headerOf(headers: ReadonlyArray<[string, string]>, name: string): string | undefined {
  return headers.find(([key]) => key.toLowerCase() === name)?.[1];
}

/**
 * MCP's Streamable HTTP traffic in a HAR, read back as JSON-RPC messages: the recording is real
 * traffic between the SDK's McpServer (StreamableHTTPServerTransport, one session answering
 * POSTs with SSE, one with JSON) and its Client (StreamableHTTPClientTransport), written by the
 * library's HAR writer (test/cli/fixtures/mcp-http/record-har.mjs).
 */
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { isMcpHttp, mcpMessages } from '../../src/har/mcp.js';
import { readHar } from '../../src/har/read.js';
import { diagnoseCalls, diagnoseToolResult } from '../../src/index.js';
import { harOf } from '../msw/support.js';
import { chatRequest, chatResponse } from '../support/payloads.js';

const recording = join(
  import.meta.dirname,
  '..',
  'cli',
  'fixtures',
  'mcp-http',
  'streamable-http.har',
);

/** A message in brief: where, which session and way, and what it is. */
function brief({ message, ...where }: ReturnType<typeof mcpMessages>[number]) {
  const record = message as { id?: unknown; method?: string; result?: unknown };
  const what = record.method ?? (record.result === undefined ? 'error' : 'result');
  return `${where.entry} ${where.part} ${where.session} ${where.direction} ${what}${record.id === undefined ? '' : ` ${JSON.stringify(record.id)}`}`;
}

describe('mcpMessages', () => {
  const exchanges = readHar(recording);
  const messages = mcpMessages(exchanges);

  test('POSTs answered by SSE: the body, then each data: event, in order, with the session header', () => {
    expect(messages.filter((message) => message.session === 'sse-session').map(brief)).toEqual([
      // The initialize request carries no session yet: the answer's header names it.
      '0 request sse-session client->server initialize 0',
      '0 response event 1 sse-session server->client result 0',
      '1 request sse-session client->server notifications/initialized',
      // The GET stream the client opens, where McpServer also says its tools changed.
      '2 response event 1 sse-session server->client notifications/tools/list_changed',
      '3 request sse-session client->server tools/list 1',
      '3 response event 1 sse-session server->client result 1',
      '4 request sse-session client->server tools/call 2',
      '4 response event 1 sse-session server->client result 2',
      '5 request sse-session client->server tools/call 3',
      '5 response event 1 sse-session server->client result 3',
      '6 request sse-session client->server tools/call 4',
      // Sent on the call's own stream, before its answer.
      '6 response event 1 sse-session server->client notifications/tools/list_changed',
      '6 response event 2 sse-session server->client result 4',
      '7 request sse-session client->server tools/call 5',
      '7 response event 1 sse-session server->client result 5',
      '8 request sse-session client->server tools/call 6',
      '8 response event 1 sse-session server->client result 6',
      '9 request sse-session client->server tools/list 7',
      '9 response event 1 sse-session server->client result 7',
      '10 request sse-session client->server tools/call 8',
      '10 response event 1 sse-session server->client result 8',
    ]);
  });

  test('POSTs answered by JSON: the body, then the response; a 202 and an empty GET stream add none', () => {
    expect(messages.filter((message) => message.session === 'json-session').map(brief)).toEqual([
      '11 request json-session client->server initialize 0',
      '11 response json-session server->client result 0',
      '12 request json-session client->server notifications/initialized',
      '14 request json-session client->server tools/list 1',
      '14 response json-session server->client result 1',
      '15 request json-session client->server tools/call 2',
      '15 response json-session server->client result 2',
      '16 request json-session client->server tools/call 3',
      '16 response json-session server->client result 3',
      '17 request json-session client->server tools/call 4',
      '17 response json-session server->client result 4',
    ]);
    expect(exchanges[12]?.response.status).toBe(202);
    expect(exchanges[13]?.request.method).toBe('GET');
    expect(messages).toHaveLength(32);
  });

  test("each message's text is the JSON it crossed as", () => {
    for (const message of messages) expect(JSON.parse(message.text)).toEqual(message.message);
  });

  test('a model API exchange beside it is no MCP traffic, and gives no message', () => {
    const [chat] = readHar(
      harOf({
        url: 'https://api.openai.com/v1/chat/completions',
        request: chatRequest(),
        response: chatResponse({ text: 'hi' }),
      }),
    );
    expect(chat && isMcpHttp(chat)).toBe(false);
    expect(mcpMessages([chat!, ...exchanges])).toHaveLength(messages.length);
  });

  test('the readers judge what it gives: a tools/call and its answer against the tools/list of the session', () => {
    const of = (entry: number, part: string) =>
      messages.find((message) => message.entry === entry && message.part === part)?.message;
    const tools = of(14, 'response');
    expect(diagnoseCalls({ tools, call: of(15, 'request') }).map((call) => call.state)).toEqual([
      'dispatchable',
    ]);
    expect(
      diagnoseToolResult({ tools, call: of(15, 'request'), result: of(15, 'response') }).state,
    ).toBe('matches-output-schema');
    const sseTools = of(3, 'response event 1');
    expect(
      diagnoseCalls({ tools: sseTools, call: of(5, 'request') }).map((call) => call.state),
    ).toEqual(['arguments-violate-schema']);
  });
});

/**
 * tool-call-health/har: reading HAR 1.2 recordings into plain exchanges, and redacting secrets
 * out of text. Needs no peer: no msw, no vitest. Use it to feed recordings to the pure API
 * (`diagnoseCalls(JSON.parse(exchange.response.text))`) or to clean text before it is kept. A
 * binary body the HAR stores base64-encoded (Bedrock's event stream) is read as
 * `exchange.response.bytes`, which `reassembleStream` takes as it is.
 * `tool-call-health/msw` exports the same functions beside its handlers.
 *
 * @example
 * import { readHar, redact } from 'tool-call-health/har';
 *
 * for (const exchange of readHar('fixtures/openai')) {
 *   console.log(exchange.request.method, redact(exchange.request.url), exchange.response.status);
 * }
 * redact('my key is sk-proj-abc123def456ghi789'); // 'my key is [REDACTED]'
 */

// MCP's Streamable HTTP traffic in a recording: its JSON-RPC messages, in order.
export { isMcpHttp, type McpHttpMessage, mcpMessages } from './mcp.js';
// Reading recordings.
export { type HarDocument, type HarSource, type RecordedExchange, readHar } from './read.js';
// Redaction: the function, what it replaces secrets with, and what it looks for.
export {
  KEY_PATTERNS,
  REDACTED,
  type RedactOptions,
  redact,
  SECRET_HEADERS,
} from './redact.js';

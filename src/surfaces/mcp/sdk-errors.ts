/**
 * The errors an MCP SDK's server sends in place of a result when its own validation fails: the
 * TypeScript SDK's `McpServer` and the Python SDK's low-level `Server` hold a call's arguments
 * to `inputSchema` and the tool's `structuredContent` to `outputSchema`, and answer a failure
 * with a result of `isError: true` (older TypeScript SDKs: a JSON-RPC error -32602) whose text
 * says which. Only reading, as data: what each means for a verdict is `diagnoseToolResult`'s.
 */
import type { McpAnswer } from './result.js';

/** What the server's validation refused. */
export type SdkValidationFailure =
  /** The tool's `structuredContent` breaks its `outputSchema`. */
  | 'output-violates-schema'
  /** The tool lists an `outputSchema` and returned no `structuredContent`. */
  | 'output-missing'
  /** The call's arguments break the tool's `inputSchema`: the tool did not run. */
  | 'arguments-violate-schema';

/** A validation error of an SDK's server, read from its answer. */
export interface SdkValidationError {
  failure: SdkValidationFailure;
  /** Which server writes it, for messages: `the TypeScript SDK's McpServer`. */
  server: string;
  /** How it came: the text of an `isError` result, or the message of a JSON-RPC error -32602. */
  arrives: 'is-error' | 'json-rpc-error';
  /** The message as the server sent it. */
  message: string;
  /** What its validator said, one issue an item; empty when the message names none. */
  issues: string[];
}

/** One way an SDK words one failure, and where that wording is written. */
interface Wording {
  failure: SdkValidationFailure;
  server: string;
  arrives: SdkValidationError['arrives'];
  /** Matched after the `MCP error -32602: ` that the TypeScript SDK 1.x puts before it; the last group holds the validator's words. */
  pattern: RegExp;
  source: { url: string; read: string };
}

const TYPESCRIPT = "the TypeScript SDK's McpServer";
const PYTHON = "the Python SDK's low-level Server";
// `McpError` writes `MCP error ${code}: ${message}` (1.x, src/types.ts); the 2.x `ProtocolError`
// sends the message bare.
const MCP_ERROR_PREFIX = /^MCP error -32602: /;

/**
 * Every wording read, most specific first (a Python output message is any text after the
 * prefix, so the TypeScript ones come before it).
 */
const WORDINGS: readonly Wording[] = [
  // 1.21.0 and later catch these and send them as a result of isError: true (typescript-sdk#1044):
  // validateToolInput / validateToolOutput, dist/esm/server/mcp.js lines 232, 251 and 259 of 1.32.2.
  {
    failure: 'output-missing',
    server: TYPESCRIPT,
    arrives: 'is-error',
    pattern:
      /^Output validation error: Tool .+ has an output schema but no structured content was provided$/s,
    source: {
      url: 'https://github.com/modelcontextprotocol/typescript-sdk/blob/1.21.0/src/server/mcp.ts',
      read: '2026-12-02',
    },
  },
  {
    failure: 'output-violates-schema',
    server: TYPESCRIPT,
    arrives: 'is-error',
    pattern: /^Output validation error: Invalid structured content for tool [^:]+: (.*)$/s,
    source: {
      url: 'https://github.com/modelcontextprotocol/typescript-sdk/blob/1.21.0/src/server/mcp.ts',
      read: '2026-12-02',
    },
  },
  {
    failure: 'arguments-violate-schema',
    server: TYPESCRIPT,
    arrives: 'is-error',
    pattern: /^Input validation error: Invalid arguments for tool [^:]+: (.*)$/s,
    source: {
      url: 'https://github.com/modelcontextprotocol/typescript-sdk/blob/1.21.0/src/server/mcp.ts',
      read: '2026-12-02',
    },
  },
  // The Python SDK 1.x low-level Server words them without the tool's name, the validator's
  // message (jsonschema's) after the colon: src/mcp/server/lowlevel/server.py, lines 538, 569
  // and 575 of v1.29.0 (and of the v1.x branch on 2026-08-21).
  {
    failure: 'output-missing',
    server: PYTHON,
    arrives: 'is-error',
    pattern: /^Output validation error: outputSchema defined but no structured output returned$/,
    source: {
      url: 'https://github.com/modelcontextprotocol/python-sdk/blob/v1.29.0/src/mcp/server/lowlevel/server.py#L569',
      read: '2026-12-02',
    },
  },
  {
    failure: 'output-violates-schema',
    server: PYTHON,
    arrives: 'is-error',
    pattern: /^Output validation error: (.*)$/s,
    source: {
      url: 'https://github.com/modelcontextprotocol/python-sdk/blob/v1.29.0/src/mcp/server/lowlevel/server.py#L575',
      read: '2026-12-02',
    },
  },
  {
    failure: 'arguments-violate-schema',
    server: PYTHON,
    arrives: 'is-error',
    pattern: /^Input validation error: (.*)$/s,
    source: {
      url: 'https://github.com/modelcontextprotocol/python-sdk/blob/v1.29.0/src/mcp/server/lowlevel/server.py#L538',
      read: '2026-12-02',
    },
  },
  // 1.20.0 and earlier threw them as JSON-RPC errors -32602, without the "… validation error: "
  // lead: src/server/mcp.ts lines 142, 182 and 191 of 1.20.0. (1.21.0 and later word a refusal
  // over the element limit "Invalid arguments for tool X: …" too, but as an isError result.)
  {
    failure: 'output-missing',
    server: `${TYPESCRIPT} (1.20 and earlier)`,
    arrives: 'json-rpc-error',
    pattern: /^Tool .+ has an output schema but no structured content was provided$/s,
    source: {
      url: 'https://github.com/modelcontextprotocol/typescript-sdk/blob/1.20.0/src/server/mcp.ts#L182',
      read: '2026-12-02',
    },
  },
  {
    failure: 'output-violates-schema',
    server: `${TYPESCRIPT} (1.20 and earlier)`,
    arrives: 'json-rpc-error',
    pattern: /^Invalid structured content for tool [^:]+: (.*)$/s,
    source: {
      url: 'https://github.com/modelcontextprotocol/typescript-sdk/blob/1.20.0/src/server/mcp.ts#L191',
      read: '2026-12-02',
    },
  },
  {
    failure: 'arguments-violate-schema',
    server: `${TYPESCRIPT} (1.20 and earlier)`,
    arrives: 'json-rpc-error',
    pattern: /^Invalid arguments for tool [^:]+: (.*)$/s,
    source: {
      url: 'https://github.com/modelcontextprotocol/typescript-sdk/blob/1.20.0/src/server/mcp.ts#L142',
      read: '2026-12-02',
    },
  },
];

/**
 * The SDK validation error an answer carries, or `undefined` when it is none: the text of an
 * `isError` result, or the message of a JSON-RPC error -32602, in one of the SDKs' wordings.
 *
 * @example
 * sdkValidationErrorOf(readMcpAnswer({ content: [{ type: 'text', text:
 *   'MCP error -32602: Input validation error: Invalid arguments for tool get_order: Invalid input: expected string, received number at order_id' }],
 *   isError: true }));
 * // { failure: 'arguments-violate-schema', server: "the TypeScript SDK's McpServer", issues: ['Invalid input: expected string, received number at order_id'], ... }
 */
export function sdkValidationErrorOf(answer: McpAnswer): SdkValidationError | undefined {
  const sent: { arrives: SdkValidationError['arrives']; text: string } | undefined =
    answer.kind === 'result' && answer.isError
      ? { arrives: 'is-error', text: answer.text }
      : answer.kind === 'protocol-error' && answer.code === -32602
        ? { arrives: 'json-rpc-error', text: answer.message }
        : undefined;
  if (sent === undefined) return undefined;
  const message = sent.text.trim();
  const bare = message.replace(MCP_ERROR_PREFIX, '');
  for (const wording of WORDINGS) {
    if (wording.arrives !== sent.arrives) continue;
    const match = wording.pattern.exec(bare);
    if (match === null) continue;
    const said = match[1];
    return {
      failure: wording.failure,
      server: wording.server,
      arrives: sent.arrives,
      message,
      issues: said === undefined ? [] : issuesOf(said),
    };
  }
  return undefined;
}

/**
 * The validator's words, one issue an item. The TypeScript SDK joins zod's issues with new
 * lines ("… at total_cents", 1.23 and later); 1.22 and earlier sent zod's `error.message`, which
 * is its issues as indented JSON, read here as `message at path`.
 */
function issuesOf(said: string): string[] {
  const listed = zodIssues(said);
  if (listed !== undefined) return listed;
  return said
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '');
}

function zodIssues(said: string): string[] | undefined {
  if (!said.trimStart().startsWith('[')) return undefined;
  let parsed: unknown;
  try {
    parsed = JSON.parse(said);
  } catch {
    return undefined;
  }
  if (!Array.isArray(parsed) || parsed.length === 0) return undefined;
  const issues: string[] = [];
  for (const issue of parsed) {
    const message: unknown = issue?.message;
    const path: unknown = issue?.path;
    if (typeof message !== 'string') return undefined;
    const at = Array.isArray(path) && path.length > 0 ? ` at ${path.join('.')}` : '';
    issues.push(`${message}${at}`);
  }
  return issues;
}

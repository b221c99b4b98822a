import type { Adapter } from '../types.js';
import { mcpValueOf, readMcp } from './read.js';
import { readMcpTool } from './tools.js';

/** Where the MCP specification says how tools are declared, called and validated. */
export const MCP_TOOLS_SPEC =
  'https://modelcontextprotocol.io/specification/2025-11-25/server/tools';

/**
 * The Model Context Protocol: a `tools/call` against the `inputSchema` of `tools/list`. A call
 * here is no model's output, so MCP has no stop reason, no output ceiling and no strict flag.
 */
export const mcp: Adapter = {
  kind: 'adapter',
  id: 'mcp',
  title: 'MCP',
  recognise: (value) => !Array.isArray(value) && mcpValueOf(value) !== null,
  read: (value, toolsInto) =>
    Array.isArray(value)
      ? { kind: 'unreadable', problem: 'an MCP exchange is an object, not a list' }
      : readMcp(value, toolsInto),
  tools: readMcpTool,
  facts: {
    ceilingField: null,
    cutCallsLookWhole: false,
    callItem: 'tools/call request',
    streamEnd: 'the JSON-RPC response',
    strict: {
      provider: null,
      rules: null,
      whenUnstated: 'not-strict',
      voidedByParallelCalls: false,
      advice: (name) =>
        `MCP has no strict flag: validate the arguments of ${name} against its inputSchema in the server before running it, as the MCP specification requires of servers, and answer a failure with a result of isError: true.`,
      source: { url: MCP_TOOLS_SPEC, read: '2026-12-01' },
    },
  },
};

export { jsonRpcMessage, type RequestId } from './json-rpc.js';
export { type McpAnswer, readMcpAnswer } from './result.js';
export {
  type SdkValidationError,
  type SdkValidationFailure,
  sdkValidationErrorOf,
} from './sdk-errors.js';
export { allMcpTools, type McpToolList, mcpToolListOf, outputSchemaOf } from './tools.js';

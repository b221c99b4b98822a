/**
 * MCP tool declarations: `{ name, inputSchema, outputSchema? }`, as a `tools/list` result lists
 * them. MCP has no strict flag: a server validates its own inputs.
 */
import { asList, type Json, recordOf } from '../../model/narrow.js';
import type { ToolShapeReader } from '../types.js';
import { jsonRpcMessage } from './json-rpc.js';

/**
 * Reads one MCP tool, or says it is no MCP tool (`undefined`): `inputSchema` is a field only
 * MCP names so, which is what lets it be asked before every provider's tool reader.
 *
 * @example
 * readMcpTool({ name: 'get_order', inputSchema: { type: 'object' } });
 * // [{ kind: 'function', name: 'get_order', schemaField: 'inputSchema', strict: null, ... }]
 */
export const readMcpTool: ToolShapeReader = (item) => {
  if (!Object.hasOwn(item, 'inputSchema')) return undefined;
  return [
    {
      kind: 'function',
      path: [],
      name: typeof item.name === 'string' ? item.name : undefined,
      schema: item.inputSchema,
      schemaPath: ['inputSchema'],
      schemaField: 'inputSchema',
      strict: null,
    },
  ];
};

/** A list of MCP tools and where it sits, e.g. `tools.result.tools`. */
export interface McpToolList {
  tools: unknown[];
  at: string;
}

/**
 * The tools of a `tools/list` answer in any of the forms it is passed around in: the JSON-RPC
 * response, its result `{ tools }`, or the bare array; `at` names the path to the array from
 * `prefix`. `undefined` when the value holds no such list.
 *
 * @example
 * mcpToolListOf({ jsonrpc: '2.0', id: 1, result: { tools: [] } }, 'tools');
 * // { tools: [], at: 'tools.result.tools' }
 */
export function mcpToolListOf(value: unknown, prefix: string): McpToolList | undefined {
  if (Array.isArray(value)) return { tools: value, at: prefix };
  const record = recordOf(value);
  if (record === undefined) return undefined;
  const message = jsonRpcMessage(record);
  if (message?.kind === 'result') {
    const tools = asList(recordOf(message.result)?.tools);
    return tools === undefined ? undefined : { tools, at: join(prefix, 'result.tools') };
  }
  const tools = asList(record.tools);
  return tools === undefined ? undefined : { tools, at: join(prefix, 'tools') };
}

/** Whether every item of a list that has any is an MCP tool (`inputSchema`). */
export function allMcpTools(tools: readonly unknown[]): boolean {
  return (
    tools.length > 0 &&
    tools.every((tool) => {
      const record = recordOf(tool);
      return record !== undefined && Object.hasOwn(record, 'inputSchema');
    })
  );
}

/** The declared output schema of the named tool, with where it sits; `undefined` when none. */
export function outputSchemaOf(
  list: McpToolList,
  name: string,
): { tool: Json; at: string; outputSchema: unknown } | undefined {
  for (let index = 0; index < list.tools.length; index++) {
    const tool = recordOf(list.tools[index]);
    if (tool?.name !== name) continue;
    return { tool, at: `${list.at}[${index}]`, outputSchema: tool.outputSchema };
  }
  return undefined;
}

function join(prefix: string, path: string): string {
  return prefix === '' ? path : `${prefix}.${path}`;
}

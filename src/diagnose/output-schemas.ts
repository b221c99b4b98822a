/**
 * The `outputSchema`s of an MCP tools/list that can check no result: each is compiled as
 * `diagnoseToolResult` compiles it, so a broken one is told when the list is linted, not when a
 * result of its tool first comes. The SDK's `Client.listTools()` compiles them too, and throws
 * on the first that fails (`cacheToolMetadata`), before a test sees the list.
 */
import { recordOf } from '../model/narrow.js';
import { schemaProblem } from '../schema/check-arguments.js';
import type { StrictLintProblem } from '../schema/strict-lint/index.js';
import { mcpToolListOf } from '../surfaces/mcp/index.js';
import { quoted } from './wording.js';

/**
 * One problem per `outputSchema` of an MCP tools/list (its JSON-RPC response, its result, or
 * the array) that does not compile, with its path and the compile error; `[]` for any other
 * input. Never throws.
 *
 * @example
 * outputSchemaProblems({ tools: [{ name: 'get_total', inputSchema: { type: 'object' },
 *   outputSchema: { type: 'object', properties: { total: { type: 'integr' } } } }] });
 * // [{ path: 'tools[0].outputSchema', rule: 'output-schema-invalid', message: 'the outputSchema of "get_total" does not compile …' }]
 */
export function outputSchemaProblems(input: unknown): StrictLintProblem[] {
  try {
    const list = mcpToolListOf(input, '');
    if (list === undefined) return [];
    return list.tools.flatMap((item, index) => {
      const tool = recordOf(item);
      if (tool === undefined || tool.outputSchema === undefined) return [];
      const reason = schemaProblem(tool.outputSchema);
      if (reason === undefined) return [];
      const name = typeof tool.name === 'string' ? quoted(tool.name) : 'the tool with no name';
      return [
        {
          path: `${list.at}[${index}].outputSchema`,
          rule: 'output-schema-invalid',
          message: `the outputSchema of ${name} does not compile (${reason}), so no result of it can be checked, and the SDK's client.listTools() throws on the list that holds it — fix it on the server`,
        },
      ];
    });
  } catch {
    // A getter or proxy that throws: the strict lint of the same input reports it unreadable.
    return [];
  }
}

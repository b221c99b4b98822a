import { asText, recordOf } from '../../model/narrow.js';
import type { ToolShapeReader } from '../types.js';

/**
 * One item of Converse's `toolConfig.tools`: a union holding `toolSpec` (`{ name, description,
 * inputSchema: { json }, strict }`), a `cachePoint` or a `systemTool`. The last two sit among
 * the tools without being client tools: they are noted, not declared.
 *
 * @example
 * readBedrockTool({ toolSpec: { name: 'lookup', inputSchema: { json: { type: 'object' } } } });
 * // [{ kind: 'function', name: 'lookup', path: ['toolSpec'], schemaField: 'inputSchema.json', ... }]
 */
export const readBedrockTool: ToolShapeReader = (item) => {
  const spec = recordOf(item.toolSpec);
  if (spec !== undefined) {
    const schema = recordOf(spec.inputSchema)?.json;
    return [
      {
        kind: 'function',
        path: ['toolSpec'],
        name: asText(spec.name),
        schema,
        schemaPath: ['toolSpec', 'inputSchema', 'json'],
        schemaField: 'inputSchema.json',
        strict: typeof spec.strict === 'boolean' ? spec.strict : null,
      },
    ];
  }
  if (item.cachePoint !== undefined) {
    return [
      {
        kind: 'not-a-declaration',
        path: ['cachePoint'],
        problem: 'marks a prompt-cache point among the tools, not a tool; noted',
      },
    ];
  }
  const system = recordOf(item.systemTool);
  if (system !== undefined) {
    const name = asText(system.name);
    return [
      {
        kind: 'not-a-declaration',
        path: ['systemTool'],
        problem: `is a system tool${name ? ` "${name}"` : ''} Bedrock runs itself; its calls are not the client's, so it is not checked`,
      },
    ];
  }
  return undefined;
};

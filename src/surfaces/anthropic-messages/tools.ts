import { asText } from '../../model/narrow.js';
import type { ToolShapeReader } from '../types.js';

/**
 * An Anthropic client tool: `{ name, input_schema, strict }` (its `type` is absent or
 * "custom"; the `input_schema` is what decides). Server tools carry a versioned `type` and no
 * `input_schema`, so they are not claimed here.
 *
 * @example
 * readAnthropicTool({ name: 'lookup', input_schema: { type: 'object' } });
 * // [{ kind: 'function', name: 'lookup', schemaField: 'input_schema', strict: null, ... }]
 */
export const readAnthropicTool: ToolShapeReader = (item) => {
  if (item.input_schema === undefined) return undefined;
  return [
    {
      kind: 'function',
      path: [],
      name: asText(item.name),
      schema: item.input_schema,
      schemaPath: ['input_schema'],
      schemaField: 'input_schema',
      strict: typeof item.strict === 'boolean' ? item.strict : null,
    },
  ];
};

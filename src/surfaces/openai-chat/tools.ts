import { asText, recordOf } from '../../model/narrow.js';
import type { ToolShapeReader } from '../types.js';

/**
 * A Chat Completions tool: the function nested as `{ type: "function", function: { name,
 * parameters, strict } }`, or a custom tool nested as `{ type: "custom", custom: { name,
 * format } }`. `strict` is read inside the function, and beside it as some clients write it.
 *
 * @example
 * readChatTool({ type: 'function', function: { name: 'lookup', parameters: {}, strict: true } });
 * // [{ kind: 'function', name: 'lookup', strict: true, schemaPath: ['function', 'parameters'], ... }]
 */
export const readChatTool: ToolShapeReader = (item) => {
  const nested = recordOf(item.function);
  if (nested !== undefined) {
    const stated = typeof nested.strict === 'boolean' || typeof item.strict === 'boolean';
    return [
      {
        kind: 'function',
        path: [],
        name: asText(nested.name),
        schema: nested.parameters,
        schemaPath: ['function', 'parameters'],
        schemaField: 'parameters',
        strict: nested.strict === true || item.strict === true ? true : stated ? false : null,
      },
    ];
  }
  const custom = recordOf(item.custom);
  if (item.type !== 'custom' || custom === undefined) return undefined;
  return [
    {
      kind: 'custom',
      path: [],
      name: asText(custom.name),
      grammar: recordOf(custom.format)?.type === 'grammar',
    },
  ];
};

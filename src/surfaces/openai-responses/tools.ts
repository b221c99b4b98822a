import { asText, recordOf } from '../../model/narrow.js';
import type { ToolShapeReader } from '../types.js';

/**
 * A Responses API tool: flat `{ type: "function", name, parameters, strict }`, or a custom tool
 * `{ type: "custom", name, format }` whose input is free text (held to a grammar when its format
 * says so). An untyped item with a name is read as a function, as clients often write it.
 *
 * @example
 * readResponsesTool({ type: 'function', name: 'lookup', parameters: {} });
 * // [{ kind: 'function', name: 'lookup', strict: null, ... }] (null: not stated)
 */
export const readResponsesTool: ToolShapeReader = (item) => {
  const type = asText(item.type);
  const name = asText(item.name);
  if (type === 'custom') {
    return [{ kind: 'custom', path: [], name, grammar: recordOf(item.format)?.type === 'grammar' }];
  }
  if (type !== 'function' && !(type === undefined && name !== undefined)) return undefined;
  return [
    {
      kind: 'function',
      path: [],
      name,
      schema: item.parameters,
      schemaPath: ['parameters'],
      schemaField: 'parameters',
      // `strict: null` is stated, and means false: recorded echoes answer it with strict: false
      // (see strict-default.ts); only a missing key gets the rewrite an omitted strict gets.
      strict: typeof item.strict === 'boolean' ? item.strict : item.strict === null ? false : null,
    },
  ];
};

import { asText, either, recordOf } from '../../model/narrow.js';
import { openApiToJsonSchema } from '../../schema/index.js';
import { describeValue } from '../../text/describe-value.js';
import type { ToolShape, ToolShapeReader } from '../types.js';

/**
 * A Gemini tool: one item holding a list of `functionDeclarations` (`function_declarations` in
 * Python dumps), each with `parametersJsonSchema` (JSON Schema) or `parameters` (Gemini's
 * OpenAPI subset, converted here). Gemini has no per-tool strict flag.
 *
 * @example
 * readGeminiTool({ functionDeclarations: [{ name: 'lookup', parametersJsonSchema: {} }] });
 * // [{ kind: 'function', name: 'lookup', path: ['functionDeclarations', 0], ... }]
 */
export const readGeminiTool: ToolShapeReader = (item) => {
  const key =
    item.functionDeclarations !== undefined ? 'functionDeclarations' : 'function_declarations';
  const declarations = either(item.functionDeclarations, item.function_declarations);
  if (declarations === undefined) return undefined;
  if (!Array.isArray(declarations)) {
    return [
      {
        kind: 'not-a-declaration',
        path: [key],
        problem: `is ${describeValue(declarations)}, not a list; skipped`,
      },
    ];
  }
  const shapes: ToolShape[] = [];
  for (let index = 0; index < declarations.length; index++) {
    const declaration = recordOf(declarations[index]);
    if (declaration === undefined) {
      shapes.push({
        kind: 'not-a-declaration',
        path: [key, index],
        problem: `is ${describeValue(declarations[index])}, not a function declaration; skipped`,
      });
      continue;
    }
    const jsonSchema = either(declaration.parametersJsonSchema, declaration.parameters_json_schema);
    const openApi = declaration.parameters;
    shapes.push({
      kind: 'function',
      path: [key, index],
      name: asText(declaration.name),
      schema:
        jsonSchema !== undefined
          ? jsonSchema
          : openApi === undefined
            ? undefined
            : openApiToJsonSchema(openApi),
      schemaPath:
        jsonSchema !== undefined
          ? [
              key,
              index,
              declaration.parametersJsonSchema !== undefined
                ? 'parametersJsonSchema'
                : 'parameters_json_schema',
            ]
          : [key, index, 'parameters'],
      schemaField: jsonSchema !== undefined ? 'parametersJsonSchema' : 'parameters',
      strict: null,
    });
  }
  return shapes;
};

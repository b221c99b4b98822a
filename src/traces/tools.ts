/**
 * The tool definitions a model-call span records, by convention, handed to the registry's tool
 * readers in a shape one of the surfaces reads. None records the request's `strict` flag but
 * the AI SDK (`ai.prompt.tools` keeps a tool's `strict` when it was set) and the tools an
 * instrumentation copied whole (`llm.tools.N.tool.json_schema`, `gen_ai.tool.definitions`).
 */
import type { Turn } from '../model/model.js';
import { asList, asText, recordOf } from '../model/narrow.js';
import type { ToolsInto } from '../surfaces/types.js';
import { AI_SDK, GEN_AI, OPENINFERENCE, OPENLLMETRY } from './names.js';
import type { SpanRecord } from './spans.js';
import { indexedGroups, jsonAttribute, parsedValue } from './values.js';

/** Every attribute a span may declare its tools in, for the note on a span that has none. */
export const TOOL_ATTRIBUTES = [
  GEN_AI.toolDefinitions,
  `${OPENINFERENCE.tools}.N.tool.json_schema`,
  `${OPENLLMETRY.requestFunctions}.N.*`,
  AI_SDK.promptTools,
];

/**
 * Tool definitions as text, parsed once per distinct text: every span of an application
 * records the same tools, and a schema object met again is compiled by identity, where one
 * parsed afresh for each span was keyed by its whole content each time (spans read 1.16x the
 * time of the bodies they record, measured; the cache takes that back). Parsed schemas must not
 * be changed, as the compile cache already asks. Bounded: a stream of distinct texts clears it.
 */
const definitionsByText = new Map<string, unknown>();
const MOST_DEFINITIONS_KEPT = 256;

function definitionsOf(span: SpanRecord, notes: string[]): unknown {
  const text = Object.hasOwn(span.attributes, GEN_AI.toolDefinitions)
    ? span.attributes[GEN_AI.toolDefinitions]
    : undefined;
  if (typeof text !== 'string') return jsonAttribute(span, GEN_AI.toolDefinitions, notes);
  let parsed = definitionsByText.get(text);
  if (parsed === undefined) {
    parsed = jsonAttribute(span, GEN_AI.toolDefinitions, notes);
    if (parsed === undefined) return parsed;
    if (definitionsByText.size >= MOST_DEFINITIONS_KEPT) definitionsByText.clear();
    definitionsByText.set(text, parsed);
  }
  return parsed;
}

/**
 * Reads the span's tool definitions into the turn, from the first convention that has them;
 * `false` when the span records none (the turn's tools stay unknown).
 *
 * @example
 * spanToolsInto(span, turn, toolsInto); // true: turn.tools read from gen_ai.tool.definitions
 */
export function spanToolsInto(span: SpanRecord, turn: Turn, toolsInto: ToolsInto): boolean {
  const definitions = definitionsOf(span, turn.notes);
  if (definitions !== undefined) {
    toolsInto(definitions, GEN_AI.toolDefinitions, turn);
    return true;
  }
  const openInference = indexedGroups(span.attributes, OPENINFERENCE.tools);
  if (openInference.length > 0) {
    const tools = openInference.map(({ index, fields }) =>
      parsedValue(
        fields['tool.json_schema'],
        `${OPENINFERENCE.tools}.${index}.tool.json_schema`,
        turn.notes,
      ),
    );
    toolsInto(tools, OPENINFERENCE.tools, turn);
    return true;
  }
  const functions = indexedGroups(span.attributes, OPENLLMETRY.requestFunctions);
  if (functions.length > 0) {
    // OpenLLMetry flattens each function into name, description and parameters (JSON text).
    const tools = functions.map(({ index, fields }) => ({
      type: 'function',
      function: {
        name: fields.name,
        description: fields.description,
        parameters: parsedValue(
          fields.parameters,
          `${OPENLLMETRY.requestFunctions}.${index}.parameters`,
          turn.notes,
        ),
      },
    }));
    toolsInto(tools, OPENLLMETRY.requestFunctions, turn);
    return true;
  }
  const aiSdk = jsonAttribute(span, AI_SDK.promptTools, turn.notes);
  if (aiSdk !== undefined) {
    toolsInto(aiSdkTools(aiSdk, turn.notes), AI_SDK.promptTools, turn);
    return true;
  }
  return false;
}

/**
 * The AI SDK's language-model tools (`{ type: 'function', name, inputSchema, strict? }`, each
 * as JSON text) in the Responses API's function shape, which keeps `strict` where it was set;
 * a provider tool (`type: 'provider'`) is left as it is, for the readers to note.
 */
function aiSdkTools(value: unknown, notes: string[]): unknown {
  const list = asList(value);
  if (list === undefined) return value;
  return list.map((raw, index) => {
    const tool = recordOf(parsedValue(raw, `${AI_SDK.promptTools}[${index}]`, notes));
    if (tool === undefined || tool.type !== 'function') return tool ?? raw;
    return {
      type: 'function',
      name: asText(tool.name),
      description: tool.description,
      parameters: tool.inputSchema,
      ...(typeof tool.strict === 'boolean' ? { strict: tool.strict } : {}),
    };
  });
}

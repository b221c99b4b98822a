/**
 * Reads the `contents` a Gemini request sends back into a neutral history: `functionCall`
 * parts are calls, `functionResponse` parts results, each with its name and, where sent, its
 * `id`. Both spellings are read (camelCase from the JS SDK and REST, snake_case from Python).
 */
import { asList, asText, either, type Json, recordOf } from '../../model/narrow.js';
import {
  type HistoryFormat,
  OTHER_PART,
  type PartedFormat,
  type PartReading,
  readPartedHistory,
  type ToolHistory,
} from '../history.js';
import { GEMINI_HISTORY_RULES } from './history-rules.js';

function part(value: Json): PartReading {
  const call = recordOf(either(value.functionCall, value.function_call));
  if (call !== undefined) {
    return { kind: 'call', id: asText(call.id) ?? null, name: asText(call.name) ?? null };
  }
  const response = recordOf(either(value.functionResponse, value.function_response));
  if (response !== undefined) {
    return { kind: 'result', id: asText(response.id) ?? null, name: asText(response.name) ?? null };
  }
  return OTHER_PART;
}

const FORMAT: PartedFormat = {
  listName: 'contents',
  partsField: 'parts',
  part,
  provider: 'Gemini',
  rules: GEMINI_HISTORY_RULES,
};

/**
 * Reads `contents` into a {@link ToolHistory}; `null` when the body has no `contents` list.
 *
 * @example
 * readGeminiHistory({ contents: [{ role: 'model', parts: [{ functionCall: { name: 'f', args: {} } }] }] })?.messages[0]?.calls[0]?.id; // null
 */
export function readGeminiHistory(body: Json): ToolHistory | null {
  const list = asList(body.contents);
  return list === undefined ? null : readPartedHistory(list, FORMAT);
}

/**
 * The Gemini history format: reader, claim and rules. `contents` is Gemini's alone; a list
 * whose items hold `parts` is sure to be it.
 *
 * @example
 * geminiHistory.claims({ contents: [{ role: 'user', parts: [{ text: 'Hi' }] }] }); // 2
 */
export const geminiHistory: HistoryFormat = {
  list: 'contents',
  claims: (body) => {
    const list = asList(body.contents);
    if (list === undefined) return 0;
    return list.some((item) => Array.isArray(recordOf(item)?.parts)) ? 2 : 1;
  },
  read: readGeminiHistory,
  rules: GEMINI_HISTORY_RULES,
};

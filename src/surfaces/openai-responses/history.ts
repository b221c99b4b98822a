/**
 * Reads the `input` items a Responses request sends back into a neutral history: a
 * `function_call` (or `custom_tool_call`) item is a call, a `function_call_output` (or
 * `custom_tool_call_output`) item a result, paired by `call_id`. A `tool_search_call` the
 * client executes (`execution: "client"`) is a call too, answered by a `tool_search_output` or a
 * `function_call_output` (a recorded 200 answers it with one); one the server executed, and the
 * server's own tool items (`web_search_call`, `mcp_call`, ...), need no answer from the client.
 * `previous_response_id` and `conversation` hold earlier turns on the server, which the history
 * records.
 */
import { asList, asText, type Json, recordOf } from '../../model/narrow.js';
import {
  type HistoryFormat,
  type HistoryMessage,
  idNote,
  junkNote,
  listedMessage,
  type ToolHistory,
} from '../history.js';
import { RESPONSES_CONTINUATION_SOURCE, RESPONSES_HISTORY_RULES } from './history-rules.js';

const CALLS = new Set(['function_call', 'custom_tool_call']);
const OUTPUTS = new Set(['function_call_output', 'custom_tool_call_output']);

/** Whether an item is a call the client must answer: a function call, or a search it runs. */
function isClientCall(type: string | undefined, item: Json): type is string {
  if (type === undefined) return false;
  return CALLS.has(type) || (type === 'tool_search_call' && item.execution === 'client');
}

/** Whether an item is the client's answer: a call's output, or a client search's tools. */
function isClientOutput(type: string | undefined, item: Json): type is string {
  if (type === undefined) return false;
  return OUTPUTS.has(type) || (type === 'tool_search_output' && item.execution !== 'server');
}

/**
 * Reads `input` into a {@link ToolHistory}; `null` when the body has no `input`. A string input
 * is one user message: a history with no tool items.
 *
 * @example
 * readResponsesHistory({ input: [{ type: 'function_call', call_id: 'call_1', name: 'f', arguments: '{}' }] })?.messages[0]?.calls[0]?.id; // 'call_1'
 */
export function readResponsesHistory(body: Json): ToolHistory | null {
  if (body.input === undefined) return null;
  let heldElsewhere = continuation(body);
  const list = asList(body.input);
  if (list === undefined) {
    return { list: 'input', messages: [], notes: [], heldElsewhere };
  }
  const notes: string[] = [];
  // Pushed, not preallocated: V8 keeps an array made with `new Array(n)` for n past 100,000 as
  // a dictionary, slow to fill and heavy for the collector.
  const messages: HistoryMessage[] = [];
  for (let index = 0; index < list.length; index += 1) {
    const item = recordOf(list[index]);
    if (item === undefined) {
      notes.push(junkNote(`input[${index}]`, list[index], 'an input item'));
      messages.push(listedMessage('input', index));
      continue;
    }
    const type = asText(item.type);
    if (isClientCall(type, item)) {
      const at = `input[${index}]`;
      const id = asText(item.call_id) ?? null;
      if (id === null)
        notes.push(
          idNote(at, `a ${type} item`, 'call_id', item.call_id, 'no output can answer it'),
        );
      const call = { id, name: asText(item.name) ?? null, at, leading: false };
      messages.push(listedMessage('input', index, [call]));
    } else if (isClientOutput(type, item)) {
      const at = `input[${index}]`;
      const id = asText(item.call_id) ?? null;
      if (id === null)
        notes.push(idNote(at, `a ${type} item`, 'call_id', item.call_id, 'it answers no call'));
      const result = { id, name: null, at, leading: true };
      messages.push(listedMessage('input', index, undefined, [result], true));
    } else {
      // An item_reference names an item the server holds by its id, a function_call among
      // them: the output that answers it has no call in the request to pair with.
      if (type === 'item_reference' && heldElsewhere === null) {
        heldElsewhere = `input[${index}] is an item_reference to an item the server holds, so a function_call_output may answer a call the request does not show (${RESPONSES_CONTINUATION_SOURCE.url})`;
      }
      messages.push(listedMessage('input', index));
    }
  }
  return { list: 'input', messages, notes, heldElsewhere };
}

/** Why earlier calls may be on the server: the field that says so, in words, or `null`. */
function continuation(body: Json): string | null {
  const { url } = RESPONSES_CONTINUATION_SOURCE;
  const previous = asText(body.previous_response_id);
  if (previous !== undefined && previous !== '') {
    return `previous_response_id (${previous}) continues a response the server holds, so a function_call_output may answer a call the request does not show (${url})`;
  }
  if (body.conversation !== undefined && body.conversation !== null) {
    return `conversation continues a conversation the server holds, so a function_call_output may answer a call the request does not show (${url})`;
  }
  return null;
}

/**
 * A body with `input` is the Responses API's (no other surface sends that field): sure when an
 * item is one of its typed tool items, a guess otherwise, so a bare list of another provider's
 * messages is not taken for input items.
 */
function claimsResponses(body: Json): 0 | 1 | 2 {
  const list = asList(body.input);
  if (list === undefined) return body.input === undefined ? 0 : 1;
  for (const item of list) {
    const type = asText(recordOf(item)?.type);
    if (type !== undefined && (CALLS.has(type) || OUTPUTS.has(type))) return 2;
  }
  return 1;
}

/**
 * The Responses API history format: reader, claim and rules.
 *
 * @example
 * responsesHistory.claims({ input: [] }); // 2
 */
export const responsesHistory: HistoryFormat = {
  list: 'input',
  claims: claimsResponses,
  read: readResponsesHistory,
  rules: RESPONSES_HISTORY_RULES,
};

/**
 * A conversation sent back on the Responses API: the request body its client writes for a neutral
 * script of rounds of calls and results, message for message.
 */
import type { HistoryWriter, Script } from '../history-script.js';
import { responsesTool } from './write.js';

/**
 * The request body for a script.
 *
 * @example
 * responsesHistoryBody(script);
 */
export function responsesHistoryBody(script: Script): Record<string, unknown> {
  const input: unknown[] = [{ role: 'user', content: script.prompt }];
  for (const round of script.rounds) {
    if (round.preamble !== null) input.push({ role: 'assistant', content: round.preamble });
    for (const call of round.calls) {
      input.push({
        type: 'function_call',
        call_id: call.id,
        name: call.name,
        arguments: JSON.stringify(call.arguments),
      });
    }
    if (round.interrupt !== null) {
      input.push({ role: 'user', content: round.interrupt.asked });
      input.push({ role: 'assistant', content: round.interrupt.replied });
    }
    if (round.textBeforeResults !== null) {
      input.push({ role: 'user', content: round.textBeforeResults });
    }
    for (const result of round.results) {
      input.push({ type: 'function_call_output', call_id: result.id, output: result.output });
    }
  }
  input.push({ role: 'assistant', content: script.answer });
  input.push({ role: 'user', content: script.followUp });
  return {
    model: 'gpt-4.1',
    input,
    tools: script.tools.map((tool) => responsesTool({ ...tool, strict: true })),
  };
}

/** How the Responses API writes a conversation sent back. */
export const responsesHistoryWriter: HistoryWriter = {
  body: responsesHistoryBody,
  idPrefix: 'call_',
  idsOptional: false,
};

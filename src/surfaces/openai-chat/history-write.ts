/**
 * A conversation sent back on Chat Completions: the request body its client writes for a neutral
 * script of rounds of calls and results, message for message.
 */
import type { HistoryWriter, Script } from '../history-script.js';
import { chatTool } from './write.js';

/**
 * The request body for a script.
 *
 * @example
 * chatHistoryBody(script);
 */
export function chatHistoryBody(script: Script): Record<string, unknown> {
  const messages: unknown[] = [
    { role: 'system', content: 'You are a support agent.' },
    { role: 'user', content: script.prompt },
  ];
  for (const round of script.rounds) {
    messages.push({
      role: 'assistant',
      content: round.preamble,
      tool_calls: round.calls.map((call) => ({
        id: call.id,
        type: 'function',
        function: { name: call.name, arguments: JSON.stringify(call.arguments) },
      })),
    });
    if (round.interrupt !== null) {
      messages.push({ role: 'user', content: round.interrupt.asked });
      messages.push({ role: 'assistant', content: round.interrupt.replied });
    }
    if (round.textBeforeResults !== null) {
      messages.push({ role: 'user', content: round.textBeforeResults });
    }
    for (const result of round.results) {
      messages.push({ role: 'tool', tool_call_id: result.id, content: result.output });
    }
  }
  messages.push({ role: 'assistant', content: script.answer });
  messages.push({ role: 'user', content: script.followUp });
  return {
    model: 'gpt-4.1',
    messages,
    tools: script.tools.map(chatTool),
  };
}

/** How Chat Completions writes a conversation sent back. */
export const chatHistoryWriter: HistoryWriter = {
  body: chatHistoryBody,
  idPrefix: 'call_',
  idsOptional: false,
};

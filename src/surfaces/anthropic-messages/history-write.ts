/**
 * A conversation sent back on the Anthropic Messages API: the request body its client writes for a neutral
 * script of rounds of calls and results, message for message.
 */
import type { HistoryWriter, Script } from '../history-script.js';
import { anthropicTool } from './write.js';

/**
 * The request body for a script.
 *
 * @example
 * anthropicHistoryBody(script);
 */
export function anthropicHistoryBody(script: Script): Record<string, unknown> {
  const messages: unknown[] = [{ role: 'user', content: script.prompt }];
  for (const round of script.rounds) {
    messages.push({
      role: 'assistant',
      content: [
        ...(round.preamble === null ? [] : [{ type: 'text', text: round.preamble }]),
        ...round.calls.map((call) => ({
          type: 'tool_use',
          id: call.id,
          name: call.name,
          input: call.arguments,
        })),
      ],
    });
    if (round.interrupt !== null) {
      messages.push({ role: 'user', content: round.interrupt.asked });
      messages.push({ role: 'assistant', content: round.interrupt.replied });
    }
    if (round.results.length > 0 || round.textBeforeResults !== null) {
      messages.push({
        role: 'user',
        content: [
          ...(round.textBeforeResults === null
            ? []
            : [{ type: 'text', text: round.textBeforeResults }]),
          ...round.results.map((result) => ({
            type: 'tool_result',
            tool_use_id: result.id,
            content: result.output,
          })),
        ],
      });
    }
  }
  messages.push({ role: 'assistant', content: script.answer });
  messages.push({ role: 'user', content: script.followUp });
  return {
    model: 'claude-sonnet-4-5',
    max_tokens: 1024,
    system: 'You are a support agent.',
    messages,
    tools: script.tools.map(anthropicTool),
  };
}

/** How the Anthropic Messages API writes a conversation sent back. */
export const anthropicHistoryWriter: HistoryWriter = {
  body: anthropicHistoryBody,
  idPrefix: 'toolu_01',
  idsOptional: false,
};

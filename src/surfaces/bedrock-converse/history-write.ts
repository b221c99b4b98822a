/**
 * A conversation sent back on Bedrock Converse: the request body its client writes for a neutral
 * script of rounds of calls and results, message for message.
 */
import type { HistoryWriter, Script } from '../history-script.js';
import { bedrockTool } from './write.js';

/**
 * The request body for a script.
 *
 * @example
 * bedrockHistoryBody(script);
 */
export function bedrockHistoryBody(script: Script): Record<string, unknown> {
  const messages: unknown[] = [{ role: 'user', content: [{ text: script.prompt }] }];
  for (const round of script.rounds) {
    messages.push({
      role: 'assistant',
      content: [
        ...(round.preamble === null ? [] : [{ text: round.preamble }]),
        ...round.calls.map((call) => ({
          toolUse: { toolUseId: call.id, name: call.name, input: call.arguments },
        })),
      ],
    });
    if (round.interrupt !== null) {
      messages.push({ role: 'user', content: [{ text: round.interrupt.asked }] });
      messages.push({ role: 'assistant', content: [{ text: round.interrupt.replied }] });
    }
    if (round.results.length > 0 || round.textBeforeResults !== null) {
      messages.push({
        role: 'user',
        content: [
          ...(round.textBeforeResults === null ? [] : [{ text: round.textBeforeResults }]),
          ...round.results.map((result) => ({
            toolResult: { toolUseId: result.id, content: [{ text: result.output }] },
          })),
        ],
      });
    }
  }
  messages.push({ role: 'assistant', content: [{ text: script.answer }] });
  messages.push({ role: 'user', content: [{ text: script.followUp }] });
  return {
    messages,
    system: [{ text: 'You are a support agent.' }],
    inferenceConfig: { maxTokens: 1024 },
    toolConfig: {
      tools: script.tools.map(bedrockTool),
    },
  };
}

/** How Bedrock Converse writes a conversation sent back. */
export const bedrockHistoryWriter: HistoryWriter = {
  body: bedrockHistoryBody,
  idPrefix: 'tooluse_',
  idsOptional: false,
};

/**
 * A conversation sent back on Gemini: the request body its client writes for a neutral
 * script of rounds of calls and results, message for message.
 */
import type { HistoryWriter, Script } from '../history-script.js';
import { functionDeclaration } from './write.js';

/**
 * The request body for a script.
 *
 * @example
 * geminiHistoryBody(script);
 */
export function geminiHistoryBody(script: Script): Record<string, unknown> {
  const contents: unknown[] = [{ role: 'user', parts: [{ text: script.prompt }] }];
  for (const round of script.rounds) {
    contents.push({
      role: 'model',
      parts: [
        ...(round.preamble === null ? [] : [{ text: round.preamble }]),
        ...round.calls.map((call) => ({
          functionCall: {
            ...(call.id === null ? {} : { id: call.id }),
            name: call.name,
            args: call.arguments,
          },
        })),
      ],
    });
    if (round.interrupt !== null) {
      contents.push({ role: 'user', parts: [{ text: round.interrupt.asked }] });
      contents.push({ role: 'model', parts: [{ text: round.interrupt.replied }] });
    }
    if (round.results.length > 0 || round.textBeforeResults !== null) {
      contents.push({
        role: 'user',
        parts: [
          ...(round.textBeforeResults === null ? [] : [{ text: round.textBeforeResults }]),
          ...round.results.map((result) => ({
            functionResponse: {
              ...(result.id === null ? {} : { id: result.id }),
              name: result.name,
              response: { result: result.output },
            },
          })),
        ],
      });
    }
  }
  contents.push({ role: 'model', parts: [{ text: script.answer }] });
  contents.push({ role: 'user', parts: [{ text: script.followUp }] });
  return {
    contents,
    tools: [
      {
        functionDeclarations: script.tools.map((tool) => functionDeclaration(tool)),
      },
    ],
  };
}

/** How Gemini writes a conversation sent back. */
export const geminiHistoryWriter: HistoryWriter = {
  body: geminiHistoryBody,
  idPrefix: '',
  idsOptional: true,
};

/**
 * The support agent's loop over the official OpenAI client (Chat Completions): send the
 * conversation, run the calls the model asks for, send their results back, until the model
 * answers in text. Every request counts against one budget, and nothing of a turn the output
 * ceiling cut is acted on.
 */
import type OpenAI from 'openai';
import { runCalls } from './dispatch.js';
import { type OrderDesk, TOOLS } from './tools.js';

export const INSTRUCTIONS =
  'You are the support agent of Northwind Goods. Look orders up and refund damaged, missing or late items. Never promise a refund you have not issued.';

export interface AgentOptions {
  model?: string;
  /** The output-token ceiling of a request (`max_completion_tokens`). */
  maxTokens?: number;
  /** The most requests one question may cost, whatever they were for. */
  maxRequests?: number;
}

/** How a run ended. */
export type Outcome =
  | { kind: 'answered'; text: string }
  | { kind: 'refused'; text: string }
  | { kind: 'filtered' }
  /** The ceiling cut the answer, and cut it again with twice the room. */
  | { kind: 'cut' }
  /** `maxRequests` were spent before the model answered. */
  | { kind: 'out-of-budget' };

/**
 * Answers one question: sends the conversation, runs the calls the model asks for and sends
 * their results back, until the model answers, refuses, is filtered or cut twice, or the budget
 * is spent. Tools run on `desk`.
 *
 * @example
 * ```ts
 * const outcome = await runAgent(new OpenAI(), 'My kettle from A-2011 arrived broken.', desk);
 * if (outcome.kind === 'answered') reply(outcome.text);
 * ```
 */
export async function runAgent(
  client: OpenAI,
  question: string,
  desk: OrderDesk,
  options: AgentOptions = {},
): Promise<Outcome> {
  const { model = 'gpt-4.1', maxTokens = 1_024, maxRequests = 6 } = options;
  const messages: OpenAI.Chat.ChatCompletionMessageParam[] = [
    { role: 'system', content: INSTRUCTIONS },
    { role: 'user', content: question },
  ];
  let ceiling = maxTokens;
  for (let request = 0; request < maxRequests; request += 1) {
    const completion = await client.chat.completions.create({
      model,
      messages,
      tools: TOOLS,
      max_completion_tokens: ceiling,
    });
    const choice = completion.choices[0];
    if (choice === undefined) throw new Error('the completion has no choice');
    // A cut turn's calls may be missing their ends, or calls may be missing after them: none
    // runs, and the turn is not kept. Some servers relabel a cut as a finish, so an answer that
    // used the whole ceiling counts as cut whatever its finish_reason says.
    const used = completion.usage?.completion_tokens ?? 0;
    if (choice.finish_reason === 'length' || used >= ceiling) {
      // The same ceiling would likely be cut again, and billed again: one more try with twice
      // the room, and a second cut is the caller's to handle.
      if (ceiling > maxTokens) return { kind: 'cut' };
      ceiling *= 2;
      continue;
    }
    const { message } = choice;
    if (message.refusal) return { kind: 'refused', text: message.refusal };
    if (choice.finish_reason === 'content_filter') return { kind: 'filtered' };
    const calls = message.tool_calls ?? [];
    if (calls.length === 0) return { kind: 'answered', text: message.content ?? '' };
    messages.push(message, ...runCalls(calls, desk));
  }
  return { kind: 'out-of-budget' };
}

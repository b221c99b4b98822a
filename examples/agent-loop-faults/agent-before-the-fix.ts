/**
 * The loop as it was first written, kept so the property test keeps its bug caught (see the
 * README). It differs from agent.ts in how it meets a cut: a turn the output ceiling cut is
 * asked again as it was, and the budget counts tool rounds, which a cut turn never reaches, so
 * against a ceiling too small for the call it never stops and each request is billed up to the
 * ceiling; and it trusts finish_reason, so a cut the server relabels as a finish runs.
 */
import type OpenAI from 'openai';
import { INSTRUCTIONS, type Outcome } from './agent.js';
import { runCalls } from './dispatch.js';
import { type OrderDesk, TOOLS } from './tools.js';

export interface AgentOptionsBeforeTheFix {
  model?: string;
  maxTokens?: number;
  /** The most rounds of tool calls one question may take. */
  maxToolRounds?: number;
}

/**
 * Answers one question as `runAgent` does, with the bug the property found.
 *
 * @example
 * ```ts
 * await runAgentBeforeTheFix(client, 'Where is A-1042?', desk); // never returns if every answer is cut
 * ```
 */
export async function runAgentBeforeTheFix(
  client: OpenAI,
  question: string,
  desk: OrderDesk,
  options: AgentOptionsBeforeTheFix = {},
): Promise<Outcome> {
  const { model = 'gpt-4.1', maxTokens = 1_024, maxToolRounds = 5 } = options;
  const messages: OpenAI.Chat.ChatCompletionMessageParam[] = [
    { role: 'system', content: INSTRUCTIONS },
    { role: 'user', content: question },
  ];
  let toolRounds = 0;
  while (true) {
    const completion = await client.chat.completions.create({
      model,
      messages,
      tools: TOOLS,
      max_completion_tokens: maxTokens,
    });
    const choice = completion.choices[0];
    if (choice === undefined) throw new Error('the completion has no choice');
    // A cut answer is no use, so ask again.
    if (choice.finish_reason === 'length') continue;
    const { message } = choice;
    if (message.refusal) return { kind: 'refused', text: message.refusal };
    if (choice.finish_reason === 'content_filter') return { kind: 'filtered' };
    const calls = message.tool_calls ?? [];
    if (calls.length === 0) return { kind: 'answered', text: message.content ?? '' };
    if (toolRounds === maxToolRounds) return { kind: 'out-of-budget' };
    toolRounds += 1;
    messages.push(message, ...runCalls(calls, desk));
  }
}

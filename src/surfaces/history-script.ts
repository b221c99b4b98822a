/**
 * A multi-turn agent loop as a neutral script: a prompt, rounds of calls and their results, a
 * closing answer. Each surface's `history-write.ts` writes it as the request body its client
 * sends, message for message; the arbitraries draw scripts and break them.
 */
import type { NeutralTool } from './payload.js';

/** One call of a round, with the id its provider gave it (`null` where Gemini sent none). */
export interface ScriptCall {
  id: string | null;
  name: string;
  arguments: Record<string, unknown>;
}

/** One result of a round; `id` and `name` say which call it answers. */
export interface ScriptResult {
  id: string | null;
  name: string;
  output: string;
}

/** One round of a loop: the model's calls, then the results sent back. */
export interface ScriptRound {
  /** Text the model wrote before its calls, if any. */
  preamble: string | null;
  calls: ScriptCall[];
  results: ScriptResult[];
  /**
   * A user message and the model's reply to it, sent between the calls and their results (a
   * break everywhere but the Responses API; a reply, so no provider that combines back-to-back
   * messages of one role reads the user's message as part of the results' turn).
   */
  interrupt: { asked: string; replied: string } | null;
  /** Text put before the results in their message (a break where results must lead it). */
  textBeforeResults: string | null;
}

/**
 * A conversation: the tools, the first prompt, the rounds of tool use, and the model's closing
 * answer.
 *
 * @example
 * const script: Script = { tools: [], prompt: 'Hi', rounds: [], answer: 'Hello', followUp: 'Thanks' };
 */
export interface Script {
  tools: readonly NeutralTool[];
  prompt: string;
  rounds: ScriptRound[];
  answer: string;
  /** A follow-up the user sent after the answer, so the request ends on the user's turn. */
  followUp: string;
}

/**
 * How a surface writes a conversation sent back.
 *
 * @example
 * writerFor('anthropic-messages').history.idPrefix; // 'toolu_01'
 */
export interface HistoryWriter {
  /** The request body its client sends for the script. */
  body(script: Script): Record<string, unknown>;
  /** How its call ids begin (`call_`, `toolu_01`), so a generated id reads like a recorded one. */
  idPrefix: string;
  /** Whether a call may carry no id at all (Gemini's are optional). */
  idsOptional: boolean;
}

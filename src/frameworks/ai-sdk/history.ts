/**
 * Reads the AI SDK's own conversation, `ModelMessage[]` (`messages` given to `generateText`, or
 * `result.response.messages`), into a neutral history: an assistant message's `tool-call` parts
 * are calls (keyed by `toolCallId`), a tool message's `tool-result` parts their results, and a
 * `tool-approval-response` answers the call its `tool-approval-request` named (the SDK runs or
 * denies that call itself). Calls the provider executed, and the results it wrote into the
 * assistant message, are output of the turn, not calls the client answers.
 */
import { asList, asText, type Json, recordOf } from '../../model/narrow.js';
import {
  type FrameworkHistoryFormat,
  type FrameworkHistoryRead,
  type HistoryItem,
  type HistoryMessage,
  junkNote,
  type ToolHistory,
} from '../../surfaces/history.js';
import { describeValue } from '../../text/describe-value.js';
import { AI_SDK_HISTORY_RULES } from './history-rules.js';

const ROLES = new Set(['system', 'user', 'assistant', 'tool']);

/** A part only the AI SDK writes: camelCase ids on typed tool parts. */
function isAiSdkPart(value: unknown): boolean {
  const part = recordOf(value);
  if (part === undefined) return false;
  const type = asText(part.type);
  return (
    ((type === 'tool-call' || type === 'tool-result') && typeof part.toolCallId === 'string') ||
    type === 'tool-approval-request' ||
    type === 'tool-approval-response'
  );
}

/** The messages of a value: a list, or an object holding `messages`. */
function messagesOf(value: unknown): unknown[] | undefined {
  if (Array.isArray(value)) return value;
  return asList(recordOf(value)?.messages);
}

function claims(value: unknown): boolean {
  const messages = messagesOf(value);
  if (messages === undefined) return false;
  return messages.some((message) => asList(recordOf(message)?.content)?.some(isAiSdkPart));
}

/** The AI SDK's rule applies before any provider's, whatever provider the caller names. */
function read(value: unknown): FrameworkHistoryRead {
  const list = messagesOf(value);
  if (list === undefined)
    return { problem: `got ${describeValue(value)}, not a list of ModelMessages` };
  const listName = 'messages';
  const notes: string[] = [];
  const messages: HistoryMessage[] = [];
  // An approval answers the call its request named, wherever the two sit.
  const approvals = new Map<string, string>();
  for (let index = 0; index < list.length; index += 1) {
    const at = `${listName}[${index}]`;
    const message = recordOf(list[index]);
    const role = asText(message?.role);
    if (message === undefined || role === undefined || !ROLES.has(role)) {
      notes.push(
        junkNote(at, list[index], 'a ModelMessage (role system, user, assistant or tool)'),
      );
      messages.push({ at, calls: [], results: [], answers: false });
      continue;
    }
    const calls: HistoryItem[] = [];
    const results: HistoryItem[] = [];
    const content = message.content;
    const parts = Array.isArray(content) ? content : [];
    if (!Array.isArray(content) && typeof content !== 'string' && content !== undefined) {
      notes.push(junkNote(`${at}.content`, content, 'a string or a list of parts'));
    }
    parts.forEach((raw, position) => {
      const part = recordOf(raw);
      const partAt = `${at}.content[${position}]`;
      if (part === undefined) {
        notes.push(junkNote(partAt, raw, 'a content part'));
        return;
      }
      readPart(part, role, partAt, { calls, results, approvals, notes });
    });
    messages.push({
      at,
      calls,
      results,
      answers: role === 'tool',
      closes: role === 'user' || role === 'system',
    });
  }
  const history: ToolHistory = { list: listName, messages, notes, heldElsewhere: null };
  return { history, rules: AI_SDK_HISTORY_RULES, surface: 'ai-sdk' };
}

interface PartSink {
  calls: HistoryItem[];
  results: HistoryItem[];
  approvals: Map<string, string>;
  notes: string[];
}

function readPart(part: Json, role: string, at: string, sink: PartSink): void {
  const type = asText(part.type);
  const id = asText(part.toolCallId) ?? null;
  const name = asText(part.toolName) ?? null;
  if (role === 'assistant' && type === 'tool-call') {
    // The provider ran it and wrote its result into this turn: nothing for the client to answer.
    if (part.providerExecuted === true) return;
    sink.calls.push({ id, name, at, leading: false });
  } else if (role === 'assistant' && type === 'tool-approval-request') {
    const approval = asText(part.approvalId);
    if (approval !== undefined && id !== null) sink.approvals.set(approval, id);
  } else if (role === 'tool' && type === 'tool-result') {
    sink.results.push({ id, name, at, leading: true });
  } else if (role === 'tool' && type === 'tool-approval-response') {
    const approval = asText(part.approvalId);
    const answered = approval === undefined ? undefined : sink.approvals.get(approval);
    if (answered === undefined) {
      sink.notes.push(
        `${at} answers approval ${approval === undefined ? '(no approvalId)' : JSON.stringify(approval)}, which no tool-approval-request before it names`,
      );
      return;
    }
    // Approved, the SDK runs the tool; denied, it writes the denial as the result.
    sink.results.push({ id: answered, name, at, leading: true });
  }
}

/**
 * The AI SDK's conversation format: claim, reader and the SDK's rule.
 *
 * @example
 * aiSdkHistory.claims([{ role: 'assistant', content: [{ type: 'tool-call', toolCallId: 'c1', toolName: 'f', input: {} }] }]); // true
 */
export const aiSdkHistory: FrameworkHistoryFormat = { claims, read };

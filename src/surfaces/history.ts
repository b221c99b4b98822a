/**
 * The neutral shape of a conversation's tool history, and the shape of the rules a provider
 * holds it to. Each surface folder reads its own request into a {@link ToolHistory}
 * (`history.ts`) and states its provider's rules as data (`history-rules.ts`);
 * `diagnose/history.ts` applies the rules and words the verdicts without naming any provider's
 * fields.
 */
import type { Surface, WireSurfaceId } from '../model/model.js';
import { asText, type Json, recordOf } from '../model/narrow.js';
import { describeValue } from '../text/describe-value.js';

/**
 * One call or one result in a history: where it sits, its id and its tool name as written.
 *
 * @example
 * const call: HistoryItem = { id: 'call_8f2', name: 'issue_refund', at: 'messages[3].tool_calls[1]', leading: false };
 */
export interface HistoryItem {
  /** `null` where the item carries no id (Gemini parts may not). */
  id: string | null;
  /** The tool name, `null` where the item does not say one (a Chat tool message). */
  name: string | null;
  /** The item's path in the request: `messages[3].tool_calls[1]`. */
  at: string;
  /** Whether a result sits before every other part of its message (results are read in order). */
  leading: boolean;
}

/**
 * One message (or input item) of the history, with the calls and results it holds.
 *
 * @example
 * const message: HistoryMessage = { at: 'messages[4]', calls: [], results: [result], answers: true };
 */
export interface HistoryMessage {
  /** The message's path: `messages[3]`, `input[5]`. */
  at: string;
  calls: readonly HistoryItem[];
  results: readonly HistoryItem[];
  /**
   * A message that can stand in a run of answers: it holds results and nothing the provider
   * counts as a new turn (a Chat tool message). Where results must sit in the next message,
   * this is not consulted.
   */
  answers: boolean;
  /**
   * Where calls wait for their results until the next user turn (`until-user`): whether this
   * message is one (a user or system message), which every call still waiting must precede.
   */
  closes?: boolean;
}

/**
 * A request's conversation as far as tools go: one entry per message (or input item) in order,
 * and notes on what could not be read (a junk message is named, never thrown on).
 *
 * @example
 * const history: ToolHistory = { list: 'messages', messages: [], notes: [], heldElsewhere: null };
 */
export interface ToolHistory {
  /** The request field that holds the conversation, for messages: `messages`, `input`. */
  list: string;
  messages: HistoryMessage[];
  notes: string[];
  /**
   * Set when earlier turns are held by the provider rather than sent (the Responses API's
   * `previous_response_id`): the words saying so. Results whose calls are not in the request
   * are then not flagged, as they may answer calls the request does not show.
   */
  heldElsewhere: string | null;
}

/**
 * What a break is called, one per rule; the healthy and unreadable states are no rule's.
 *
 * @example
 * const kind: HistoryBreak = 'result-misplaced';
 */
export type HistoryBreak =
  | 'unanswered-call'
  | 'orphan-result'
  | 'duplicate-call-id'
  | 'result-misplaced';

/**
 * One rule a provider holds a history to, as data: the break it defines, what the provider
 * requires in its own terms, the error text it answers with, and where and when that was read.
 *
 * @example
 * const rule: HistoryRule = {
 *   breaks: 'orphan-result',
 *   requires: 'each tool_result block answers a tool_use block of the message before it',
 *   error: 'messages.N.content.0: unexpected `tool_use_id` found in `tool_result` blocks: …',
 *   source: { url: 'https://docs.anthropic.com/…', read: '2026-12-01' },
 * };
 */
export interface HistoryRule {
  breaks: HistoryBreak;
  /** What the provider requires, as a clause: "every tool call is answered by a tool message". */
  requires: string;
  /**
   * The provider's error text for the break, as its 400 words it, with the ids it names written
   * `<id>` and the message and block indexes `N`.
   */
  error: string;
  /** The page that documents the rule, and the date it was read; `errorSeen` where the error text was seen. */
  source: { url: string; read: string; errorSeen?: string };
}

/**
 * Where a provider requires the results of one message's calls to be:
 * - `next-message`: all of them in the very next message (Anthropic, Gemini, Bedrock);
 * - `following-run`: in the run of answer messages right after it (Chat's tool messages);
 * - `anywhere`: anywhere in the request (the Responses API pairs by `call_id` alone);
 * - `until-user`: anywhere after it, before the next user or system message (the AI SDK's
 *   prompt conversion).
 *
 * @example
 * ANTHROPIC_HISTORY_RULES.placement; // 'next-message'
 */
export type ResultPlacement = 'next-message' | 'following-run' | 'anywhere' | 'until-user';

/**
 * A provider's history rules as data: how results find their calls, and the rules it enforces,
 * each with its source. A break with no rule here is not flagged on this surface.
 *
 * @example
 * rules.rules.find((rule) => rule.breaks === 'unanswered-call')?.error;
 */
export interface HistoryRules {
  placement: ResultPlacement;
  /** Whether results must open the message that holds them, before any other part (Anthropic). */
  resultsLead: boolean;
  /** Whether a result without an id answers the next unanswered call of its name (Gemini). */
  matchByName: boolean;
  /** What the provider calls a call and a result in a request: `tool_use block`, `tool_result block`. */
  callNoun: string;
  resultNoun: string;
  /** Where a result belongs, after "but": "tool_result blocks must open the message right after their tool_use". */
  placementSaid: string;
  /**
   * Set where the provider reads back-to-back messages of one role as one turn before its rules
   * apply: why we know (its document's words, or a recorded 200), and where that was read.
   */
  combinesSameRole: { evidence: string; source: { url: string; read: string } } | null;
  /** How a broken history is refused, after "and": the provider's 400 by default. */
  refusedWith?: string;
  rules: readonly HistoryRule[];
}

/**
 * A framework's conversation read: its history, the rules that apply (the framework's own, or
 * the provider's behind it) and whose they are; or why it cannot be read.
 *
 * @example
 * const read: FrameworkHistoryRead = { problem: 'a LangChain conversation whose AI messages name no provider' };
 */
export type FrameworkHistoryRead =
  | { history: ToolHistory; rules: HistoryRules; surface: Surface }
  | { problem: string };

/**
 * A framework's own conversation (the AI SDK's `ModelMessage[]`, a LangChain message list): how
 * sure a value is to be one, and how to read it with the rules that apply to it.
 *
 * @example
 * aiSdkHistory.claims([{ role: 'tool', content: [{ type: 'tool-result', toolCallId: 'c' }] }]); // true
 */
export interface FrameworkHistoryFormat {
  /** Whether the value (a list of messages, or an object holding one) is this framework's conversation. */
  claims(value: unknown): boolean;
  /**
   * Reads it, or says why it cannot be: never a verdict read from a shape it does not know.
   * `surface`, where the caller names one, is the provider whose rules to apply.
   */
  read(value: unknown, surface?: WireSurfaceId): FrameworkHistoryRead;
}

/**
 * What a surface knows of request histories: how surely a body's conversation is its own, how
 * to read it, and its provider's rules.
 *
 * @example
 * surface.history?.claims({ contents: [] }); // 2 on Gemini
 */
export interface HistoryFormat {
  /** The request field that holds the conversation, so a bare list can be read as one. */
  list: string;
  /**
   * How surely a request's conversation is this surface's: 2 when its items are ones only this
   * provider writes, 1 a guess, 0 not at all.
   */
  claims(body: Json): 0 | 1 | 2;
  /** Reads the conversation, or `null` when the body holds no list of messages for it. */
  read(body: Json): ToolHistory | null;
  rules: HistoryRules;
}

/**
 * The note a reader writes for an entry that is no message (or no part of one), so junk is
 * named and skipped, never thrown on.
 *
 * @example
 * junkNote('messages[4]', 'hi', 'a message'); // 'messages[4] is the string "hi", not a message; skipped'
 */
export function junkNote(at: string, value: unknown, what: string): string {
  return `${at} is ${describeValue(value)}, not ${what}; skipped`;
}

/**
 * The note for an id field that holds no string: absent, or some other value, named.
 *
 * @example
 * idNote('messages[2]', 'a tool message', 'tool_call_id', 42, 'it answers no call');
 * // 'messages[2] is a tool message whose tool_call_id is the integer 42, not a string, so it answers no call'
 */
export function idNote(
  at: string,
  what: string,
  field: string,
  value: unknown,
  consequence: string,
): string {
  return value === undefined || value === null
    ? `${at} is ${what} with no ${field}, so ${consequence}`
    : `${at} is ${what} whose ${field} is ${describeValue(value)}, not a string, so ${consequence}`;
}

/** No calls, or no results: one shared empty list, so a long plain history allocates none. */
const NONE: readonly HistoryItem[] = Object.freeze([]);

/**
 * A message of a list, whose path (`messages[3]`) is written only when a verdict names it: a
 * 100,000-message history is read without making a string for each message.
 */
class ListedMessage implements HistoryMessage {
  constructor(
    private readonly list: string,
    private readonly index: number,
    readonly calls: readonly HistoryItem[],
    readonly results: readonly HistoryItem[],
    readonly answers: boolean,
  ) {}

  get at(): string {
    return `${this.list}[${this.index}]`;
  }
}

/**
 * The message at `index` of the list `list`, with the calls and results it holds (none by
 * default: an entry a reader skips, or finds no tool items in).
 *
 * @example
 * listedMessage('messages', 0).at; // 'messages[0]'
 */
export function listedMessage(
  list: string,
  index: number,
  calls: readonly HistoryItem[] = NONE,
  results: readonly HistoryItem[] = NONE,
  answers = false,
): HistoryMessage {
  return new ListedMessage(list, index, calls, results, answers);
}

/**
 * What one part of a message is to a history: a call, a result, or anything else.
 *
 * @example
 * const reading: PartReading = { kind: 'result', id: 'toolu_01', name: null };
 */
export type PartReading =
  | { kind: 'call' | 'result'; id: string | null; name: string | null }
  | { kind: 'other' };

/**
 * The reading of a part that is neither call nor result, shared: most parts are text.
 *
 * @example
 * const part = (value: Json): PartReading => (value.type === 'tool_use' ? call(value) : OTHER_PART);
 */
export const OTHER_PART: PartReading = Object.freeze({ kind: 'other' });

/** How a parted history is read: which field holds the parts, and what each part is. */
export interface PartedFormat {
  /** The list's field in the request: `messages`, `contents`. */
  listName: string;
  /** The field of a message that holds its parts: `content`, `parts`. */
  partsField: string;
  /** What a part is; `role` is its message's, for a part whose meaning depends on who wrote it. */
  part: (value: Json, role: string | undefined) => PartReading;
  /** The provider's name and rules, for the note on messages it reads as one turn. */
  provider: string;
  rules: HistoryRules;
}

/** One turn being read: a message, or back-to-back messages of one role the provider combines. */
interface OpenTurn {
  index: number;
  role: string | undefined;
  calls: HistoryItem[] | null;
  results: HistoryItem[] | null;
  /** Whether every part read so far in the turn is a result. */
  leading: boolean;
  /** Set once a message combined into the turn put something before a result of a later one. */
  textBeforeResults: boolean;
  last: number;
}

/**
 * Reads a list of messages whose parts sit in a list field (Anthropic's and Bedrock's
 * `content`, Gemini's `parts`) into a {@link ToolHistory}, asking `part` what each part is.
 * Where the provider combines back-to-back messages of one role into one turn, they are read
 * as one message, named by the first. One pass, so a 100,000-message history reads in linear
 * time.
 *
 * @example
 * readPartedHistory([{ content: [{ kind: 'x' }] }], { listName: 'messages', partsField: 'content', part: () => OTHER_PART, provider: 'Anthropic', rules });
 */
export function readPartedHistory(list: readonly unknown[], format: PartedFormat): ToolHistory {
  const { listName, partsField, part, rules } = format;
  const notes: string[] = [];
  // Pushed, not preallocated: V8 keeps an array made with `new Array(n)` for n past 100,000 as
  // a dictionary, slow to fill and heavy for the collector.
  const messages: HistoryMessage[] = [];
  let turn: OpenTurn | null = null;
  const close = () => {
    if (turn === null) return;
    const { calls, results } = turn;
    messages.push(
      listedMessage(
        listName,
        turn.index,
        calls ?? NONE,
        results ?? NONE,
        results !== null && calls === null,
      ),
    );
    if (turn.textBeforeResults && rules.combinesSameRole !== null) {
      notes.push(
        `${listName}[${turn.index}] to ${listName}[${turn.last}] are messages of one role (${turn.role}), which ${format.provider} combines into one turn (${rules.combinesSameRole.evidence}; ${rules.combinesSameRole.source.url}), so content of an earlier one comes before the ${rules.resultNoun}s of a later one; the verdict rests on that combining`,
      );
    }
    turn = null;
  };
  for (let index = 0; index < list.length; index += 1) {
    const message = recordOf(list[index]);
    if (message === undefined) {
      close();
      notes.push(junkNote(`${listName}[${index}]`, list[index], 'a message'));
      messages.push(listedMessage(listName, index));
      continue;
    }
    const role = asText(message.role);
    const continues: boolean =
      turn !== null && rules.combinesSameRole !== null && role !== undefined && role === turn.role;
    if (!continues) close();
    if (turn === null) {
      turn = {
        index,
        role,
        calls: null,
        results: null,
        leading: true,
        textBeforeResults: false,
        last: index,
      };
    }
    const open: OpenTurn = turn;
    open.last = index;
    const parts = message[partsField];
    if (!Array.isArray(parts)) {
      // A string body is plain text; anything else is junk where parts belong.
      if (parts !== undefined && typeof parts !== 'string') {
        notes.push(
          junkNote(`${listName}[${index}].${partsField}`, parts, `a list of ${partsField}`),
        );
      }
      if (typeof parts === 'string' && parts !== '') open.leading = false;
      continue;
    }
    // Whether every part of this message so far is a result, as if it stood alone.
    let ownLeading = true;
    // Lists and paths are made only for the parts that need them: most parts are text.
    let { calls, results, leading } = open;
    for (let position = 0; position < parts.length; position += 1) {
      const value = recordOf(parts[position]);
      if (value === undefined) {
        notes.push(
          junkNote(
            `${listName}[${index}].${partsField}[${position}]`,
            parts[position],
            'a content part',
          ),
        );
        leading = false;
        ownLeading = false;
        continue;
      }
      const read = part(value, role);
      if (read.kind === 'other') {
        leading = false;
        ownLeading = false;
      } else if (read.kind === 'call') {
        leading = false;
        ownLeading = false;
        calls ??= [];
        calls.push({
          id: read.id,
          name: read.name,
          at: `${listName}[${index}].${partsField}[${position}]`,
          leading: false,
        });
      } else {
        results ??= [];
        results.push({
          id: read.id,
          name: read.name,
          at: `${listName}[${index}].${partsField}[${position}]`,
          leading,
        });
        // A result led only by what an earlier message of the turn held.
        if (!leading && ownLeading) open.textBeforeResults = true;
      }
    }
    open.calls = calls;
    open.results = results;
    open.leading = leading;
  }
  close();
  return { list: listName, messages, notes, heldElsewhere: null };
}

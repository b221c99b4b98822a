/**
 * How a history's calls and results find each other: by position (the answer window each
 * provider requires), by id anywhere (the Responses API), and what is left over as unanswered,
 * orphaned or misplaced. `history.ts` applies a surface's rules with these and words verdicts.
 */
import type {
  HistoryBreak,
  HistoryItem,
  HistoryMessage,
  HistoryRules,
  ToolHistory,
} from '../surfaces/history.js';
import { plural } from '../text/plural.js';

/** A break found, with the message index it is ordered by: the provider meets the first one first. */
export interface Found {
  state: HistoryBreak;
  index: number;
  line: string;
  /** The id the break is about, put in the provider's error text; `null` when none. */
  id: string | null;
}

/** A call waiting for its answer, in the window where the provider requires it. */
interface Waiting {
  call: HistoryItem;
  index: number;
  answered: boolean;
}

/** A call or result that found no partner where the provider requires one. */
export interface Unmatched {
  item: HistoryItem;
  index: number;
  /** For a call: the message the answer window closed at; `null` when the request ended. */
  boundary: HistoryMessage | null;
}

/** The Responses API pairs by id alone: a call is answered by an output anywhere in the input. */
export function pairAnywhere(
  history: ToolHistory,
  unmatchedCalls: Unmatched[],
  unmatchedResults: Unmatched[],
): void {
  const answered = new Set<string>();
  const called = new Set<string>();
  for (const message of history.messages) {
    for (const result of message.results) if (result.id !== null) answered.add(result.id);
    for (const call of message.calls) if (call.id !== null) called.add(call.id);
  }
  history.messages.forEach((message, index) => {
    for (const call of message.calls) {
      if (call.id === null || !answered.has(call.id)) {
        unmatchedCalls.push({ item: call, index, boundary: null });
      }
    }
    for (const result of message.results) {
      if (result.id === null || !called.has(result.id)) {
        unmatchedResults.push({ item: result, index, boundary: null });
      }
    }
  });
}

/**
 * Pairs results with the calls of the message whose answer window they sit in: the next
 * message, or the run of answer messages after it. Linear: each call waits in one window, found
 * by id (or by name, where the provider matches by name) in a map.
 */
export function pairByPosition(
  history: ToolHistory,
  rules: HistoryRules,
  found: Found[],
  unmatchedCalls: Unmatched[],
  unmatchedResults: Unmatched[],
  notes: string[],
): void {
  const { messages } = history;
  let owner = -1;
  let next = -1;
  // One set of lists for every window, emptied when it closes: a long history makes no garbage here.
  const waiting: Waiting[] = [];
  const byId = new Map<string, Queue<Waiting>>();
  const byName = new Map<string, Queue<Waiting>>();
  const byNameNoId = new Map<string, Queue<Waiting>>();
  // Calls with no id, in order: what a result with no id answers where nothing else pairs it.
  const noId: Queue<Waiting> = { items: [], head: 0 };
  const close = (boundary: HistoryMessage | null) => {
    for (const entry of waiting) {
      if (!entry.answered) unmatchedCalls.push({ item: entry.call, index: entry.index, boundary });
    }
    owner = -1;
    waiting.length = 0;
    byId.clear();
    byName.clear();
    byNameNoId.clear();
    noId.items.length = 0;
    noId.head = 0;
  };
  for (let index = 0; index < messages.length; index += 1) {
    const message = messages[index];
    if (message === undefined) continue;
    const inWindow =
      owner >= 0 &&
      index === next &&
      (rules.placement === 'next-message' || message.answers || message.results.length > 0);
    if (owner >= 0 && !inWindow) close(message);
    for (const result of message.results) {
      const entry =
        owner >= 0
          ? take(
              result,
              byId,
              rules.matchByName ? (result.id === null ? byName : byNameNoId) : null,
              noId,
            )
          : undefined;
      if (
        entry !== undefined &&
        result.id === null &&
        entry.call.id === null &&
        !rules.matchByName
      ) {
        notes.push(
          `${result.at} and ${entry.call.at} carry no id, so they are paired in order, as servers that send no ids do (Ollama, Writer); ${rules.callNoun}s that carry ids are paired by them`,
        );
      }
      if (entry === undefined) {
        unmatchedResults.push({ item: result, index, boundary: null });
      } else if (rules.resultsLead && !result.leading) {
        found.push({
          state: 'result-misplaced',
          index: entry.index,
          id: result.id ?? entry.call.id,
          line: `${label(result, entry.call.name)}: answers ${entry.call.at}, but ${rules.placementSaid}`,
        });
      }
    }
    if (owner >= 0) {
      next = index + 1;
      // Where results must sit in the next message, the window is that one message; a run of
      // answers ends at the first message that is not one.
      if (rules.placement === 'next-message') close(message);
      else if (!message.answers) close(messages[index + 1] ?? null);
    }
    if (message.calls.length > 0) {
      if (owner >= 0) close(message);
      owner = index;
      next = index + 1;
      for (const call of message.calls) {
        // A repeated id waits like any other: its own result answers it, and the repeat is
        // reported once, as a duplicate, not again as an orphan.
        const entry: Waiting = { call, index, answered: false };
        waiting.push(entry);
        if (call.id !== null) queueInto(byId, call.id, entry);
        else noId.items.push(entry);
        if (call.name !== null) {
          queueInto(byName, call.name, entry);
          if (call.id === null) queueInto(byNameNoId, call.name, entry);
        }
      }
    }
  }
  if (owner >= 0) close(null);
}

/**
 * The AI SDK's pairing: a call waits until the next user or system message (or the end), and a
 * result anywhere before that answers it by id. Linear: one map of waiting calls by id.
 */
export function pairUntilUser(
  history: ToolHistory,
  unmatchedCalls: Unmatched[],
  unmatchedResults: Unmatched[],
): void {
  const waiting: Waiting[] = [];
  const byId = new Map<string, Queue<Waiting>>();
  const close = (boundary: HistoryMessage | null) => {
    for (const entry of waiting) {
      if (!entry.answered) unmatchedCalls.push({ item: entry.call, index: entry.index, boundary });
    }
    waiting.length = 0;
    byId.clear();
  };
  history.messages.forEach((message, index) => {
    if (message.closes === true) close(message);
    for (const result of message.results) {
      const entry = result.id === null ? undefined : firstOpen(byId.get(result.id), isWaiting);
      if (entry === undefined) unmatchedResults.push({ item: result, index, boundary: null });
      else entry.answered = true;
    }
    for (const call of message.calls) {
      const entry: Waiting = { call, index, answered: false };
      waiting.push(entry);
      if (call.id !== null) queueInto(byId, call.id, entry);
    }
  });
  close(null);
}

/** A list read from its first open entry on: each entry is passed over once, so lookups stay linear. */
interface Queue<T> {
  items: T[];
  head: number;
}

function queueInto<T>(map: Map<string, Queue<T>>, key: string, entry: T): void {
  const queue = map.get(key);
  if (queue === undefined) map.set(key, { items: [entry], head: 0 });
  else queue.items.push(entry);
}

/** The first entry of a queue still open, moving past the closed ones for good. */
function firstOpen<T>(queue: Queue<T> | undefined, open: (entry: T) => boolean): T | undefined {
  if (queue === undefined) return undefined;
  while (queue.head < queue.items.length && !open(queue.items[queue.head] as T)) queue.head += 1;
  return queue.items[queue.head];
}

const isWaiting = (entry: Waiting) => !entry.answered;

/**
 * The waiting call a result answers: by id; where the provider matches by name (`byName` given),
 * the first unanswered call of its name (of those with no id, when the result has one); and a
 * result with no id, else, the first unanswered call with no id.
 */
function take(
  result: HistoryItem,
  byId: Map<string, Queue<Waiting>>,
  byName: Map<string, Queue<Waiting>> | null,
  noId: Queue<Waiting>,
): Waiting | undefined {
  const entry =
    (result.id === null ? undefined : firstOpen(byId.get(result.id), isWaiting)) ??
    (byName === null || result.name === null
      ? undefined
      : firstOpen(byName.get(result.name), isWaiting)) ??
    (result.id === null ? firstOpen(noId, isWaiting) : undefined);
  if (entry !== undefined) entry.answered = true;
  return entry;
}

/**
 * What found no partner where it stood: a call and a result of one id are one misplaced pair;
 * the remaining calls are unanswered, the remaining results orphans (not flagged where the
 * provider may hold their calls, as with `previous_response_id`).
 */
export function pairTheRest(
  history: ToolHistory,
  rules: HistoryRules,
  firstCall: Map<string, HistoryItem>,
  found: Found[],
  unmatchedCalls: Unmatched[],
  unmatchedResults: Unmatched[],
  notes: string[],
): void {
  // Where the provider matches by name, a result with no id is found by its tool name.
  const strayById = new Map<string, Queue<Unmatched>>();
  const strayByName = new Map<string, Queue<Unmatched>>();
  for (const stray of unmatchedResults) {
    const { id, name } = stray.item;
    if (id !== null) queueInto(strayById, id, stray);
    else if (rules.matchByName && name !== null) queueInto(strayByName, name, stray);
  }
  const paired = new Set<Unmatched>();
  const misplacedIsARule = rules.rules.some((rule) => rule.breaks === 'result-misplaced');
  const unpaired = (queue: Queue<Unmatched> | undefined) =>
    firstOpen(queue, (stray) => !paired.has(stray));
  for (const waiting of unmatchedCalls) {
    const { item: call, index, boundary } = waiting;
    const stray =
      unpaired(call.id === null ? undefined : strayById.get(call.id)) ??
      unpaired(rules.matchByName && call.name !== null ? strayByName.get(call.name) : undefined);
    // Where the provider names no misplaced result (the AI SDK), a late result leaves its call
    // unanswered all the same.
    if (stray !== undefined && misplacedIsARule) {
      paired.add(stray);
      found.push({
        state: 'result-misplaced',
        index: Math.min(index, stray.index),
        id: call.id,
        line: `${label(stray.item, call.name)}: answers ${call.at}, but ${rules.placementSaid}`,
      });
      continue;
    }
    found.push({
      state: 'unanswered-call',
      index,
      id: call.id,
      line: `${label(call, call.name)}: ${unansweredWhere(rules, history, boundary)}`,
    });
  }
  let held = 0;
  for (const stray of unmatchedResults) {
    if (paired.has(stray)) continue;
    if (history.heldElsewhere !== null) {
      held += 1;
      continue;
    }
    found.push({
      state: 'orphan-result',
      index: stray.index,
      id: stray.item.id,
      line: `${label(stray.item, stray.item.name)}: ${orphanWhere(rules, history, stray, firstCall)}`,
    });
  }
  if (history.heldElsewhere !== null) {
    notes.push(
      held > 0
        ? `${plural(held, rules.resultNoun)} answer${held === 1 ? 's' : ''} no call in the request and ${held === 1 ? 'is' : 'are'} not flagged: ${history.heldElsewhere}`
        : `Earlier turns may be held by the provider: ${history.heldElsewhere}`,
    );
  }
}

/** After "no tool message answers it": where the answer was required. */
function unansweredWhere(
  rules: HistoryRules,
  history: ToolHistory,
  message: HistoryMessage | null,
): string {
  const boundary = message?.at ?? null;
  const none = `no ${rules.resultNoun} answers it`;
  if (rules.placement === 'anywhere') return `${none} anywhere in ${history.list}`;
  if (rules.placement === 'until-user') {
    return boundary === null ? `${none} before the prompt ends` : `${none} before ${boundary}`;
  }
  if (rules.placement === 'next-message') {
    return boundary === null ? `${none}, and no message follows it` : `${none} in ${boundary}`;
  }
  return boundary === null ? `${none} before the request ends` : `${none} before ${boundary}`;
}

/** Why a result answers nothing where it stands. */
function orphanWhere(
  rules: HistoryRules,
  history: ToolHistory,
  stray: Unmatched,
  firstCall: Map<string, HistoryItem>,
): string {
  const id = stray.item.id;
  if (id === null) return `carries no id, so it answers no ${rules.callNoun}`;
  const call = firstCall.get(id);
  const answeredElsewhere =
    call === undefined ? '' : `; ${call.at} has this id, and is answered already`;
  if (rules.placement === 'anywhere') return `answers no ${rules.callNoun} in ${history.list}`;
  if (rules.placement === 'next-message') {
    const before = history.messages[stray.index - 1];
    return before === undefined
      ? `answers no ${rules.callNoun}: no message comes before it`
      : `answers no ${rules.callNoun} of ${before.at}${answeredElsewhere}`;
  }
  return `follows no ${rules.callNoun} with this id${answeredElsewhere}`;
}

/** A call or result as a problem line names it: `messages[3].tool_calls[1] (call_8f2, "issue_refund")`. */
export function label(item: HistoryItem, name: string | null): string {
  const said = [item.id ?? (name === null ? 'no id' : null), name === null ? null : `"${name}"`]
    .filter((part) => part !== null)
    .join(', ');
  return `${item.at} (${said})`;
}

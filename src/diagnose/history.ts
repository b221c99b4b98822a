/**
 * Does the conversation a request sends back pair every tool call with its result, where the
 * provider requires? Each surface reads its request into a neutral history and states its
 * provider's rules as data (`surfaces/<surface>/history*.ts`); this file applies those rules
 * and words the verdicts, naming no provider's fields itself.
 */

import type { Surface } from '../model/model.js';
import { type Json, recordOf } from '../model/narrow.js';
import { checkOptionsObject, checkSurface } from '../read/index.js';
import { ADAPTERS, requestSurfaceOf, surfaceById, WIRE_SURFACES } from '../registry/index.js';
import type {
  HistoryBreak,
  HistoryItem,
  HistoryRule,
  HistoryRules,
  ToolHistory,
} from '../surfaces/history.js';
import type { WireSurface } from '../surfaces/types.js';
import { describeValue } from '../text/describe-value.js';
import { plural } from '../text/plural.js';
import { endsSentence, upperFirst } from '../text/sentence.js';
import {
  type Found,
  label,
  pairAnywhere,
  pairByPosition,
  pairTheRest,
  pairUntilUser,
  type Unmatched,
} from './history-pairing.js';
import { providerName } from './wording.js';

/**
 * What a request's tool history is fit for:
 * - `history-consistent`: every call is answered where the provider requires, every result
 *   answers a call;
 * - `unanswered-call`: a call has no result where the provider requires one;
 * - `orphan-result`: a result whose id answers no call;
 * - `duplicate-call-id`: two calls share an id, where the provider rejects that;
 * - `result-misplaced`: a result is present, but not where the provider requires it;
 * - `no-tool-history`: no call and no result to pair;
 * - `unreadable`: the input is no request body with a conversation.
 *
 * @example
 * const state: HistoryState = diagnoseHistory(requestBody).state; // 'unanswered-call'
 */
export type HistoryState = 'history-consistent' | HistoryBreak | 'no-tool-history' | 'unreadable';

/**
 * The verdict on a request's tool history.
 *
 * @example
 * const { state, problems, repairs }: HistoryDiagnosis = diagnoseHistory(requestBody);
 */
export interface HistoryDiagnosis {
  state: HistoryState;
  /** The surface (or framework, for its own messages) whose rules were applied; `null` when unreadable. */
  surface: Surface | null;
  /** One or two sentences on what was found, with the provider's own error text for a break. */
  detail: string;
  /** What the person who owns the loop should do, most useful first; empty when healthy. */
  repairs: string[];
  /** One line per break, naming the item's path, its id and its tool. */
  problems: string[];
  /** What was read past or not judged: junk messages, ids the provider documents no rule for. */
  notes: string[];
  /** How many calls and results the history holds. */
  calls: number;
  results: number;
}

/**
 * Options for {@link diagnoseHistory}.
 *
 * @example
 * diagnoseHistory(messages, { surface: 'anthropic-messages' } satisfies HistoryOptions);
 */
export interface HistoryOptions {
  /** Read the input as this surface's request (needed for a bare list of messages that does not say). */
  surface?: WireSurface['id'];
}

/** At most this many notes are returned; the rest are counted. */
const MAX_NOTES = 20;

/**
 * The state of a request's tool history: every call answered where its provider requires, and
 * every result answering a call. Reads the request body (or the `request` of an exchange, or a
 * bare list of messages) of any supported surface; never throws on data.
 *
 * @example
 * const verdict = diagnoseHistory(requestBody);
 * if (verdict.state !== 'history-consistent') console.log(verdict.problems);
 * // ['messages[3].tool_calls[1] (call_8f2, "issue_refund"): no tool message answers it before messages[5]']
 */
export function diagnoseHistory(input: unknown, options?: HistoryOptions): HistoryDiagnosis {
  // A surface the library does not know is a programming error: thrown, never read past.
  const given = checkOptionsObject(options, 'diagnoseHistory options', '{ surface }');
  checkSurface(given?.surface, 'diagnoseHistory options.surface');
  try {
    const read = readHistory(input, options);
    if (!read.ok) return unreadable(read.problem);
    return judge(read.surface, read.rules, read.history);
  } catch (error) {
    // Only exotic values get here (a getter or proxy that throws while being read).
    return unreadable(
      `reading the input threw (${error instanceof Error ? error.message : String(error)}); pass plain JSON data`,
    );
  }
}

type HistoryRead =
  | { ok: true; surface: Surface; rules: HistoryRules; history: ToolHistory }
  | { ok: false; problem: string };

/** The list fields any surface reads a conversation from, for messages: `messages, input or contents`. */
function listFields(): string {
  const fields = [...new Set(WIRE_SURFACES.flatMap((surface) => surface.history?.list ?? []))];
  return fields.length <= 1
    ? fields.join('')
    : `${fields.slice(0, -1).join(', ')} or ${fields[fields.length - 1]}`;
}

function readHistory(input: unknown, options: HistoryOptions | undefined): HistoryRead {
  let value = input;
  if (typeof value === 'string') {
    try {
      value = JSON.parse(value.charCodeAt(0) === 0xfeff ? value.slice(1) : value);
    } catch {
      return { ok: false, problem: `got ${describeValue(input)}, which is not JSON` };
    }
  }
  // A framework's own conversation (the AI SDK's messages, a LangChain list) is read as the
  // framework holds it, before any provider's reader, which would misread its shapes.
  for (const adapter of ADAPTERS) {
    const format = adapter.history;
    if (format === undefined || !format.claims(value)) continue;
    const read = format.read(value, options?.surface);
    if ('problem' in read) return { ok: false, problem: read.problem };
    return { ok: true, surface: read.surface, rules: read.rules, history: read.history };
  }
  if (Array.isArray(value)) return readList(value, options);
  let body = recordOf(value);
  if (body === undefined) {
    return { ok: false, problem: `got ${describeValue(value)}, which is no request body` };
  }
  // An exchange: the history is the request's; the response's calls are answered next time.
  if (Object.hasOwn(body, 'request')) {
    const request = recordOf(body.request);
    if (request === undefined) {
      return {
        ok: false,
        problem: `the exchange's request is ${describeValue(body.request)}, not a request body`,
      };
    }
    body = request;
  }
  const surface = options?.surface === undefined ? surfaceOf(body) : surfaceById(options.surface);
  const format = surface?.history;
  const history = format?.read(body) ?? null;
  if (surface === null || format === undefined || history === null) {
    return {
      ok: false,
      problem: `got ${describeValue(body)}, which holds no conversation (${listFields()})`,
    };
  }
  return { ok: true, surface: surface.id, rules: format.rules, history };
}

/** A bare list of messages, read as the list field of the surface that claims it surest. */
function readList(list: unknown[], options: HistoryOptions | undefined): HistoryRead {
  const candidates =
    options?.surface === undefined ? WIRE_SURFACES : [surfaceById(options.surface)];
  let best: { surface: WireSurface; body: Json } | null = null;
  for (const surface of candidates) {
    const format = surface.history;
    if (format === undefined) continue;
    const body: Json = { [format.list]: list };
    const claim = options?.surface === undefined ? format.claims(body) : 2;
    // A bare list says nothing else about its surface: only items that are sure say it.
    if (claim === 2 && best === null) best = { surface, body };
  }
  const format = best?.surface.history;
  const history = format?.read(best?.body ?? {}) ?? null;
  if (best === null || format === undefined || history === null) {
    return {
      ok: false,
      problem: `got ${describeValue(list)}, whose items show no surface; pass the request body, or { surface }`,
    };
  }
  return { ok: true, surface: best.surface.id, rules: format.rules, history };
}

/**
 * The surface whose conversation a body holds: the surest claim; among equal claims, the one
 * the request's other fields name (`system`, `inferenceConfig`), else the first in registry order.
 */
function surfaceOf(body: Json): WireSurface | null {
  let best: WireSurface[] = [];
  let sureness = 0;
  for (const surface of WIRE_SURFACES) {
    const claim = surface.history?.claims(body) ?? 0;
    if (claim > sureness) {
      best = [surface];
      sureness = claim;
    } else if (claim === sureness && claim > 0) {
      best.push(surface);
    }
  }
  if (best.length <= 1) return best[0] ?? null;
  const named = requestSurfaceOf(body);
  return named !== null && best.includes(named) ? named : (best[0] ?? null);
}

function unreadable(problem: string): HistoryDiagnosis {
  return {
    state: 'unreadable',
    surface: null,
    detail: `${upperFirst(problem)}.`,
    repairs: [
      'Pass the request body you send (or the exchange { request, response }), or a list of its messages with { surface }.',
    ],
    problems: [],
    notes: [],
    calls: 0,
    results: 0,
  };
}

/** Applies a surface's rules to its history: one pass to pair by position, one to pair the rest by id. */
function judge(surface: Surface, rules: HistoryRules, history: ToolHistory): HistoryDiagnosis {
  const ruleOf = new Map<HistoryBreak, HistoryRule>(rules.rules.map((rule) => [rule.breaks, rule]));
  const notes = [...history.notes];
  const found: Found[] = [];
  const { messages } = history;

  // Every call by id, the first of each: duplicates are found here, and an orphan's note says
  // where its id was answered.
  const firstCall = new Map<string, HistoryItem>();
  let calls = 0;
  let results = 0;
  // The providers that reject a repeated id do so within one message (or one combined turn):
  // their 400s point at two positions of one message, and an id reused by a later turn was
  // answered 200. So a repeat inside a message breaks the rule, and one across turns is a note.
  const inMessage = new Set<string>();
  for (let index = 0; index < messages.length; index += 1) {
    const message = messages[index];
    if (message === undefined) continue;
    results += message.results.length;
    inMessage.clear();
    for (const call of message.calls) {
      calls += 1;
      if (call.id === null) continue;
      const first = firstCall.get(call.id);
      const repeatsHere = inMessage.has(call.id);
      inMessage.add(call.id);
      if (first === undefined) {
        firstCall.set(call.id, call);
      } else if (repeatsHere && ruleOf.has('duplicate-call-id')) {
        found.push({
          state: 'duplicate-call-id',
          index,
          id: call.id,
          line: `${label(call, call.name)}: has the id of ${first.at}`,
        });
      } else {
        notes.push(
          ruleOf.has('duplicate-call-id')
            ? `${call.at} has the id of ${first.at} (${call.id}), in a later turn; ${providerName(surface)} rejects an id repeated within one message, and has answered one reused by a later turn, so it is not flagged`
            : `${call.at} has the id of ${first.at} (${call.id}); ${providerName(surface)} documents no rule against it, so it is not flagged`,
        );
      }
    }
  }

  const unmatchedCalls: Unmatched[] = [];
  const unmatchedResults: Unmatched[] = [];
  if (rules.placement === 'anywhere') {
    pairAnywhere(history, unmatchedCalls, unmatchedResults);
  } else if (rules.placement === 'until-user') {
    pairUntilUser(history, unmatchedCalls, unmatchedResults);
  } else {
    pairByPosition(history, rules, found, unmatchedCalls, unmatchedResults, notes);
  }
  pairTheRest(history, rules, firstCall, found, unmatchedCalls, unmatchedResults, notes);

  if (calls === 0 && results === 0) {
    return {
      state: 'no-tool-history',
      surface,
      detail: `No ${rules.callNoun} and no ${rules.resultNoun} in ${plural(messages.length, 'message')}: there is no tool history to pair.`,
      repairs: [],
      problems: [],
      notes: capped(notes),
      calls,
      results,
    };
  }
  // Kept only where the provider enforces a rule: the arbitrary's breaks and the fixtures rely on it.
  const flagged = found.filter((problem) => ruleOf.has(problem.state));
  if (flagged.length === 0) {
    return {
      state: 'history-consistent',
      surface,
      detail: `${plural(calls, rules.callNoun)} and ${plural(results, rules.resultNoun)} pair up as ${providerName(surface)} requires.`,
      repairs: [],
      problems: [],
      notes: capped(notes),
      calls,
      results,
    };
  }
  // The provider reports the first break it meets, reading the conversation in order.
  flagged.sort((left, right) => left.index - right.index);
  const first = flagged[0] as Found;
  const rule = ruleOf.get(first.state) as HistoryRule;
  const same = flagged.filter((problem) => problem.state === first.state).length;
  const others = flagged.length - same;
  return {
    state: first.state,
    surface,
    detail: `${breakSummary(first.state, same, rules)}: ${providerName(surface)} requires that ${rule.requires}, and ${rules.refusedWith ?? 'answers such a request with a 400'}: ${providerSays(rule, first.id, others)}`,
    repairs: repairsFor(flagged, rules),
    problems: flagged.map((problem) => problem.line),
    notes: capped(notes),
    calls,
    results,
  };
}

/** The provider's error text in quotes, with the id it would name, ending the sentence once. */
function providerSays(rule: HistoryRule, id: string | null, others: number): string {
  const text = `"${id === null ? rule.error : rule.error.replaceAll('<id>', id)}"`;
  if (others > 0) return `${text} (and ${plural(others, 'other problem')} below).`;
  return endsSentence(text.slice(0, -1)) ? text : `${text}.`;
}

/** The first sentence of a break's detail, before the provider's rule. */
function breakSummary(state: HistoryBreak, count: number, rules: HistoryRules): string {
  switch (state) {
    case 'unanswered-call':
      return `${plural(count, rules.callNoun)} ${count === 1 ? 'has' : 'have'} no ${rules.resultNoun} answering ${count === 1 ? 'it' : 'them'}`;
    case 'orphan-result':
      return `${plural(count, rules.resultNoun)} answer${count === 1 ? 's' : ''} no ${rules.callNoun}`;
    case 'result-misplaced':
      return `${plural(count, rules.resultNoun)} ${count === 1 ? 'is' : 'are'} not where ${count === 1 ? 'it belongs' : 'they belong'}`;
    case 'duplicate-call-id':
      return `${plural(count, rules.callNoun)} repeat${count === 1 ? 's' : ''} an earlier call's id`;
  }
}

/** The repairs for every kind of break found, in the order first met. */
function repairsFor(found: readonly Found[], rules: HistoryRules): string[] {
  const { callNoun, resultNoun } = rules;
  const repairs: Record<HistoryBreak, string[]> = {
    'unanswered-call': [
      `Answer every ${callNoun} with a ${resultNoun}, even when the tool threw or was skipped: send the error as its result rather than dropping it.`,
      `When trimming or summarising the history, cut before a ${callNoun} or after its ${resultNoun}s, never between them.`,
    ],
    'orphan-result': [
      `Drop a ${resultNoun} whose ${callNoun} was trimmed away, or keep the ${callNoun} it answers.`,
      'Send ids back exactly as the provider gave them: a rewritten id answers nothing.',
    ],
    'result-misplaced': [`Move the results where they belong: ${rules.placementSaid}.`],
    'duplicate-call-id': [
      `Give each ${callNoun} its own id: a turn replayed or merged twice into the history repeats them.`,
    ],
  };
  const seen = new Set<HistoryBreak>();
  const out: string[] = [];
  for (const problem of found) {
    if (seen.has(problem.state)) continue;
    seen.add(problem.state);
    out.push(...repairs[problem.state]);
  }
  return out;
}

function capped(notes: string[]): string[] {
  if (notes.length <= MAX_NOTES) return notes;
  return [...notes.slice(0, MAX_NOTES), `and ${plural(notes.length - MAX_NOTES, 'more note')}`];
}

/**
 * Counting as entries go by, so a corpus of any size is summarised in constant memory.
 */
import { type Exposure, exposure, type StrictState } from '../diagnose/strict.js';
import { fileOf } from '../report/location.js';
import {
  addTurn,
  addTurnTotals,
  createTurnTotals,
  summariseTurns,
  type TurnTotals,
} from '../report/turn-facts.js';
import { setOwnKey } from '../schema/json-type.js';
import type { AuditedEntry } from './entry.js';
import { type ResultKind, type StatesOf, type Subject, statesOf } from './findings.js';
import { type McpLogCounts, UNPAIRED_KINDS } from './mcp-log-states.js';
import type { ShardShare } from './shard.js';

/** Where a location's file is: the report layer's, which the HTML page groups by too. */
export { fileOf };

/** How many times each state was seen, per diagnosis; only states seen, in vocabulary order. */
export type StateCounts = { [D in ResultKind]: Partial<Record<StatesOf[D], number>> };

/** How a run compares with `--baseline`, in findings (see `baseline.ts`). */
export interface BaselineComparison {
  file: string;
  /** Findings the baseline does not hold. */
  new: number;
  /** The baseline's findings this run no longer has. */
  fixed: number;
  /** Findings in both. */
  remaining: number;
}

/** The numbers at the end of a report. */
export interface AuditSummary {
  entries: {
    /** Entries audited (in this shard). */
    audited: number;
    read: number;
    unreadable: number;
    skipped: number;
    notFound: number;
    fetchFailed: number;
    /** Entries with at least one finding. */
    withFindings: number;
  };
  /**
   * With `--shard`: the files and parts this shard read, and those it left to the other shards,
   * whose entries it never reads (so it cannot count them): the shards' `audited` add up to
   * the run's.
   */
  shard?: ShardShare;
  /** Entries read, by what they are: what decides which diagnoses the summary speaks of. */
  subjects: Record<Subject, number>;
  /** Tool calls in the entries read. */
  calls: number;
  /** Results that are findings (each makes the exit code 1). */
  findings: number;
  notes: number;
  states: StateCounts;
  /**
   * `exposure()` over the strict states: of the turns at risk (`strict-void` + `strict-at-risk`),
   * how many lost the guarantee; `rate` is `null` when no turn was at risk.
   */
  exposure: Exposure;
  /** Argument objects that came back with no guarantee: the calls of `strict-void` turns. */
  unguaranteedArguments: number;
  /** MCP logs read, added up: messages, exchanges paired, and each kind of unpaired message. */
  mcpLogs: McpLogCounts;
  /** Findings about a call, by the tool called, most first when written out. */
  findingsByTool: Record<string, number>;
  /** Findings by the file that holds them (a location without its place in the file). */
  findingsByFile: Record<string, number>;
  /**
   * Every turn read, findings or not: by model, by tool, and its output tokens as a share of its
   * ceiling (the histogram of where cut turns gather). Added in report version 2.
   */
  turns: TurnTotals;
  /** With `--baseline`: this run's findings against the previous run's. */
  baseline?: BaselineComparison;
}

/**
 * What the totals read of an audited entry: all of it but its words, so a worker thread sends
 * little more than this for each entry it audits.
 */
export type CountedEntry = Pick<
  AuditedEntry,
  'location' | 'key' | 'status' | 'subject' | 'calls' | 'unguaranteedArguments' | 'mcpLog' | 'turn'
> & {
  results: readonly (Pick<AuditedEntry['results'][number], 'diagnosis' | 'state' | 'severity'> & {
    /** The call a result is about, by its tool's name; `null` (or absent) for a whole turn. */
    call?: { name: string } | null;
  })[];
};

/**
 * The part of an entry the totals read.
 *
 * @example
 * addToTally(tally, countedEntry(entry)); // the same totals as addToTally(tally, entry)
 */
export function countedEntry(entry: AuditedEntry): CountedEntry {
  return {
    location: entry.location,
    key: entry.key,
    status: entry.status,
    subject: entry.subject,
    calls: entry.calls,
    unguaranteedArguments: entry.unguaranteedArguments,
    ...(entry.mcpLog === undefined ? {} : { mcpLog: entry.mcpLog }),
    turn: entry.turn,
    results: entry.results.map(({ diagnosis, state, severity, call }) => ({
      diagnosis,
      state,
      severity,
      call: call === null ? null : { name: call.name },
    })),
  };
}

/** The running totals behind an {@link AuditSummary}. */
export interface Tally {
  summary: AuditSummary;
}

/**
 * An empty tally.
 *
 * @example
 * const tally = createTally();
 * for (const entry of entries) addToTally(tally, entry);
 * summarise(tally).findings;
 */
export function createTally(): Tally {
  return {
    summary: {
      entries: {
        audited: 0,
        read: 0,
        unreadable: 0,
        skipped: 0,
        notFound: 0,
        fetchFailed: 0,
        withFindings: 0,
      },
      subjects: { 'model-output': 0, 'model-request': 0, 'mcp-call': 0 },
      calls: 0,
      findings: 0,
      notes: 0,
      states: {
        input: {},
        dispatch: {},
        truncation: {},
        strict: {},
        result: {},
        history: {},
        'mcp-log': {},
      },
      exposure: { atRisk: 0, void: 0, rate: null },
      unguaranteedArguments: 0,
      mcpLogs: { logs: 0, messages: 0, exchanges: 0, toolLists: 0, unpaired: {} },
      findingsByTool: {},
      findingsByFile: {},
      turns: createTurnTotals(),
    },
  };
}

const STATUS_FIELD = {
  read: 'read',
  unreadable: 'unreadable',
  skipped: 'skipped',
  'not-found': 'notFound',
  'fetch-failed': 'fetchFailed',
} as const;

/**
 * Adds one audited entry to the totals.
 *
 * @example
 * addToTally(tally, auditEntry(input, ['dispatch', 'truncation', 'strict']));
 */
export function addToTally(tally: Tally, entry: CountedEntry): void {
  const summary = tally.summary;
  summary.entries.audited += 1;
  summary.entries[STATUS_FIELD[entry.status]] += 1;
  if (entry.subject !== null) summary.subjects[entry.subject] += 1;
  summary.calls += entry.calls;
  summary.unguaranteedArguments += entry.unguaranteedArguments;
  if (entry.mcpLog !== undefined) addMcpLog(summary.mcpLogs, entry.mcpLog);
  let findings = 0;
  for (const result of entry.results) {
    const counts = summary.states[result.diagnosis] as Record<string, number>;
    counts[result.state] = (counts[result.state] ?? 0) + 1;
    if (result.severity === 'finding') {
      findings += 1;
      const tool = result.call?.name;
      if (tool !== undefined) countUnder(summary.findingsByTool, tool);
      countUnder(summary.findingsByFile, fileOf(entry.location));
    }
    if (result.severity === 'note') summary.notes += 1;
  }
  summary.findings += findings;
  if (findings > 0) summary.entries.withFindings += 1;
  if (entry.turn !== null) addTurn(summary.turns, entry.turn, entry.results, entry.calls);
}

/**
 * Adds the totals of `more`, a tally of the entries that follow those of `tally`, to it: as
 * if those entries had been added one by one, tables by tool, file and model keeping the order
 * the entries first named them in. How a job of `audit --jobs N` sends a run of entries back.
 *
 * @example
 * addTally(total, runTally); // the same totals as addToTally for each of the run's entries
 */
export function addTally(tally: Tally, more: Tally): void {
  const total = tally.summary;
  addCounts(total, more.summary);
  for (const [tool, count] of Object.entries(more.summary.findingsByTool)) {
    countUnder(total.findingsByTool, tool, count);
  }
  for (const [file, count] of Object.entries(more.summary.findingsByFile)) {
    countUnder(total.findingsByFile, file, count);
  }
}

/** Every count of `more` but the tables by tool and by file, added to `total`. */
function addCounts(total: AuditSummary, more: AuditSummary): void {
  for (const field of Object.keys(total.entries) as (keyof AuditSummary['entries'])[]) {
    total.entries[field] += more.entries[field];
  }
  for (const subject of Object.keys(total.subjects) as Subject[]) {
    total.subjects[subject] += more.subjects[subject] ?? 0;
  }
  total.calls += more.calls;
  total.findings += more.findings;
  total.notes += more.notes;
  total.unguaranteedArguments += more.unguaranteedArguments;
  for (const diagnosis of Object.keys(total.states) as ResultKind[]) {
    const into = total.states[diagnosis] as Record<string, number>;
    for (const [state, count] of Object.entries(more.states[diagnosis] ?? {})) {
      into[state] = (into[state] ?? 0) + (count as number);
    }
  }
  addMcpLog(total.mcpLogs, more.mcpLogs);
  addTurnTotals(total.turns, more.turns);
}

/**
 * The summary of one run made of its shards' summaries: every count added up, and findings by
 * tool and by file counted again from the merged entries, so their keys come in the order one
 * run meets them (the entries hold every finding, listed or shown).
 *
 * @example
 * mergeSummaries([shard1.summary, shard2.summary], mergedEntries).findings; // the sum
 */
export function mergeSummaries(
  summaries: readonly AuditSummary[],
  entries: readonly AuditedEntry[],
): AuditSummary {
  const tally = createTally();
  const total = tally.summary;
  for (const summary of summaries) addCounts(total, summary);
  for (const entry of entries) {
    for (const result of entry.results) {
      if (result.severity !== 'finding') continue;
      const tool = result.call?.name;
      if (tool !== undefined) countUnder(total.findingsByTool, tool);
      countUnder(total.findingsByFile, fileOf(entry.location));
    }
  }
  return summarise(tally);
}

/** `more` (one) more under `name`, an own key whatever it is (`__proto__` and `constructor` too). */
function countUnder(table: Record<string, number>, name: string, more = 1): void {
  const before = Object.hasOwn(table, name) ? (table[name] ?? 0) : 0;
  setOwnKey(table, name, before + more);
}

function addMcpLog(total: McpLogCounts, log: McpLogCounts): void {
  total.logs += log.logs;
  total.messages += log.messages;
  total.exchanges += log.exchanges;
  total.toolLists += log.toolLists;
  for (const kind of UNPAIRED_KINDS) {
    const count = log.unpaired[kind];
    if (count !== undefined) total.unpaired[kind] = (total.unpaired[kind] ?? 0) + count;
  }
}

/**
 * The summary so far: states in vocabulary order, and the strict exposure.
 *
 * @example
 * summarise(tally).exposure; // { atRisk: 6, void: 2, rate: 0.333 }
 */
export function summarise(tally: Tally): AuditSummary {
  const summary = structuredClone(tally.summary);
  const states = summary.states;
  summary.states = {
    input: ordered('input', states.input),
    dispatch: ordered('dispatch', states.dispatch),
    truncation: ordered('truncation', states.truncation),
    strict: ordered('strict', states.strict),
    result: ordered('result', states.result),
    history: ordered('history', states.history),
    'mcp-log': ordered('mcp-log', states['mcp-log']),
  };
  summary.exposure = exposure(strictStates(states.strict));
  summary.turns = summariseTurns(summary.turns);
  return summary;
}

function ordered<D extends ResultKind>(
  diagnosis: D,
  counts: Partial<Record<StatesOf[D], number>>,
): Partial<Record<StatesOf[D], number>> {
  const sorted: Partial<Record<StatesOf[D], number>> = {};
  for (const state of statesOf(diagnosis)) {
    const count = counts[state];
    if (count !== undefined) sorted[state] = count;
  }
  return sorted;
}

/** The at-risk strict states, one per turn, for `exposure()` (the only ones it counts). */
function* strictStates(counts: Partial<Record<StrictState, number>>): Generator<StrictState> {
  for (const state of ['strict-void', 'strict-at-risk'] as const) {
    for (let turn = 0; turn < (counts[state] ?? 0); turn += 1) yield state;
  }
}

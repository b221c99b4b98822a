/**
 * What a health report knows of every turn, findings or not: its model, how much of its output
 * ceiling it spent, and the tools it called; and those facts added up as turns go by, in memory
 * that grows with the models and tools seen, never with the turns.
 */
import type { Turn } from '../model/model.js';

/** One turn as the report lists it. */
export interface TurnFacts {
  /** The model the payload names; `null` when it names none. */
  model: string | null;
  /** Output tokens including reasoning, as reported; `null` when not reported. */
  outputTokens: number | null;
  /** The output-token ceiling; `null` when not known. */
  maxOutputTokens: number | null;
  /** The tools the turn called, each once, in the order first called. */
  tools: string[];
}

/**
 * The facts of a turn.
 *
 * @example
 * turnFacts(turn); // { model: 'gpt-4o-2024-08-06', outputTokens: 512, maxOutputTokens: 512, tools: ['charge'] }
 */
export function turnFacts(turn: Turn): TurnFacts {
  return {
    model: turn.model ?? null,
    outputTokens: turn.outputTokens,
    maxOutputTokens: turn.maxOutputTokens,
    tools: [...new Set(turn.calls.map((call) => call.name))],
  };
}

/** A turn's tally of one model: turns, calls, findings, and turns a truncation finding cut. */
export interface ModelTotals {
  model: string | null;
  turns: number;
  calls: number;
  findings: number;
  cut: number;
}

/** A tool's tally: calls of it, and findings about those calls. */
export interface ToolTotals {
  tool: string;
  calls: number;
  findings: number;
}

/** How many equal steps the histogram cuts the ceiling into: 5% each. */
export const SHARE_STEPS = 20;

/**
 * Turns by their output tokens as a share of their ceiling: `turns[i]` counts the turns whose
 * share is at least `i / SHARE_STEPS` and below the next step; the last bucket,
 * `turns[SHARE_STEPS]`, holds the turns that reached the ceiling, where cut turns gather.
 * `cut` counts, per bucket, the turns with a truncation finding.
 */
export interface OutputShare {
  turns: number[];
  cut: number[];
  /** Turns whose output tokens or ceiling the payload does not say. */
  unknown: number;
}

/** Every turn's facts, added up. */
export interface TurnTotals {
  /** By model, most turns first when summarised. */
  models: ModelTotals[];
  /** By tool, most calls first when summarised. */
  tools: ToolTotals[];
  outputShare: OutputShare;
}

/** What the totals read of a turn's results. */
export interface CountedResult {
  diagnosis: string;
  severity: 'finding' | 'note' | 'healthy';
  call?: { name: string } | null;
}

/**
 * Empty totals.
 *
 * @example
 * const totals = createTurnTotals();
 * addTurn(totals, entry.turn, entry.results);
 */
export function createTurnTotals(): TurnTotals {
  return {
    models: [],
    tools: [],
    outputShare: {
      turns: new Array(SHARE_STEPS + 1).fill(0),
      cut: new Array(SHARE_STEPS + 1).fill(0),
      unknown: 0,
    },
  };
}

/**
 * Adds one turn and the results judged on it. A call's finding counts against its tool; a
 * turn's truncation finding marks it cut.
 *
 * @example
 * addTurn(totals, { model: 'm', outputTokens: 512, maxOutputTokens: 512, tools: [] }, results);
 */
export function addTurn(
  totals: TurnTotals,
  turn: TurnFacts,
  results: readonly CountedResult[],
  calls: number,
): void {
  const findings = results.filter((result) => result.severity === 'finding');
  const cut = findings.some((result) => result.diagnosis === 'truncation');
  const model = rowOf(totals.models, (row) => row.model === turn.model, {
    model: turn.model,
    turns: 0,
    calls: 0,
    findings: 0,
    cut: 0,
  });
  model.turns += 1;
  model.calls += calls;
  model.findings += findings.length;
  if (cut) model.cut += 1;
  // Calls by tool: one per dispatch (or MCP result) verdict, which a turn gives each call.
  for (const result of results) {
    const name = result.call?.name;
    if (name === undefined || result.diagnosis !== 'dispatch') continue;
    toolRow(totals, name).calls += 1;
  }
  for (const result of findings) {
    const name = result.call?.name;
    if (name !== undefined) toolRow(totals, name).findings += 1;
  }
  const bucket = shareBucket(turn);
  if (bucket === null) totals.outputShare.unknown += 1;
  else {
    totals.outputShare.turns[bucket] = (totals.outputShare.turns[bucket] ?? 0) + 1;
    if (cut) totals.outputShare.cut[bucket] = (totals.outputShare.cut[bucket] ?? 0) + 1;
  }
}

/**
 * Adds totals already summed (a shard's) to `totals`: rows by model and by tool, and the
 * histogram bucket by bucket.
 *
 * @example
 * addTurnTotals(total, shard.summary.turns);
 */
export function addTurnTotals(totals: TurnTotals, more: TurnTotals): void {
  for (const row of more.models) {
    const model = rowOf(totals.models, (known) => known.model === row.model, {
      model: row.model,
      turns: 0,
      calls: 0,
      findings: 0,
      cut: 0,
    });
    model.turns += row.turns;
    model.calls += row.calls;
    model.findings += row.findings;
    model.cut += row.cut;
  }
  for (const row of more.tools) {
    const tool = toolRow(totals, row.tool);
    tool.calls += row.calls;
    tool.findings += row.findings;
  }
  const share = totals.outputShare;
  more.outputShare.turns.forEach((count, bucket) => {
    share.turns[bucket] = (share.turns[bucket] ?? 0) + count;
  });
  more.outputShare.cut.forEach((count, bucket) => {
    share.cut[bucket] = (share.cut[bucket] ?? 0) + count;
  });
  share.unknown += more.outputShare.unknown;
}

/**
 * The histogram bucket of a turn's output share, `null` when either number is unknown.
 *
 * @example
 * shareBucket({ outputTokens: 512, maxOutputTokens: 512 }); // 20, the ceiling's own bucket
 * shareBucket({ outputTokens: 100, maxOutputTokens: 1000 }); // 2 (10% to 15%)
 */
export function shareBucket(
  turn: Pick<TurnFacts, 'outputTokens' | 'maxOutputTokens'>,
): number | null {
  const { outputTokens, maxOutputTokens } = turn;
  if (outputTokens === null || maxOutputTokens === null || maxOutputTokens <= 0) return null;
  return Math.min(SHARE_STEPS, Math.floor((outputTokens / maxOutputTokens) * SHARE_STEPS));
}

/**
 * The totals as a report prints them: models by turns and tools by calls, most first, ties by
 * name, so two runs over the same turns print the same.
 */
export function summariseTurns(totals: TurnTotals): TurnTotals {
  const copy = structuredClone(totals);
  copy.models.sort((a, b) => b.turns - a.turns || byName(a.model ?? '', b.model ?? ''));
  copy.tools.sort((a, b) => b.calls - a.calls || b.findings - a.findings || byName(a.tool, b.tool));
  return copy;
}

function byName(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

function toolRow(totals: TurnTotals, tool: string): ToolTotals {
  return rowOf(totals.tools, (row) => row.tool === tool, { tool, calls: 0, findings: 0 });
}

function rowOf<Row>(rows: Row[], isIt: (row: Row) => boolean, fresh: Row): Row {
  const found = rows.find(isIt);
  if (found !== undefined) return found;
  rows.push(fresh);
  return fresh;
}

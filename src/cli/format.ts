/**
 * The human report: one block per entry, like a linter, then a summary. Pure: data and a
 * palette in, text out; whether there is colour is decided at the edge.
 */

import { formatCount } from '../text/count.js';
import { plural } from '../text/plural.js';
import { firstSentence } from '../text/sentence.js';
import { comparisonLine } from './baseline.js';
import type { AnyAuditResult, AuditedEntry, ResultCall } from './entry.js';
import { DIAGNOSIS_TABLE, type Diagnosis, type ResultKind } from './findings.js';
import { megabytes } from './progress.js';
import { type RepairBlock, repairMark } from './repair-book.js';
import type { Shard, ShardShare } from './shard.js';
import type { AuditSummary } from './summary.js';

/** How each kind of text is styled; {@link PLAIN} leaves it alone. */
export interface Palette {
  finding(text: string): string;
  note(text: string): string;
  healthy(text: string): string;
  location(text: string): string;
  dim(text: string): string;
}

/** No styling: what a pipe, a file or `NO_COLOR` gets. */
export const PLAIN: Palette = {
  finding: (text) => text,
  note: (text) => text,
  healthy: (text) => text,
  location: (text) => text,
  dim: (text) => text,
};

const SEVERITY_WIDTH = 'healthy'.length;
const DIAGNOSIS_WIDTH = 'truncation'.length;
/** Evidence lines sit under the diagnosis column: two spaces, the severity, two spaces. */
const EVIDENCE_INDENT = ' '.repeat(2 + SEVERITY_WIDTH + 2);
/** Where repair lines start: under the detail, as `RepairBook.fill` is told. */
export const REPAIR_INDENT = EVIDENCE_INDENT;

/**
 * One entry's block: its location (and surface), then a line per result with the evidence and
 * repairs under it. Ends with a blank line.
 *
 * @example
 * formatEntry(entry, PLAIN);
 * // fixtures/openai-chat/schema-violation.har:entries[0] openai-chat
 * //   finding  dispatch    arguments-violate-schema  "issue_refund" (call_Pyy2)
 * //            Parses, and breaks the schema of "issue_refund" in 2 places. ...
 */
export function formatEntry(
  entry: AuditedEntry,
  palette: Palette,
  repairs: RepairBlock[] | null = null,
): string {
  const location = palette.location(printable(entry.location));
  const header = entry.surface === null ? location : `${location} ${palette.dim(entry.surface)}`;
  const lines = entry.results.flatMap((result) => resultLines(result, palette, repairs));
  return `${[header, ...lines].join('\n')}\n\n`;
}

/**
 * An entry as `--format lines` prints it: one line per result, its location first, so `grep
 * unknown-tool` keeps where each finding is; the detail's first sentence ends the line.
 *
 * @example
 * formatEntryLines(entry, PLAIN);
 * // 'fixtures/openai-chat/schema-violation.har:entries[0]  finding  dispatch  arguments-violate-schema  "issue_refund" (call_Pyy2)  Parses, and breaks the schema of "issue_refund" in 2 places.\n'
 */
export function formatEntryLines(entry: AuditedEntry, palette: Palette): string {
  const location = palette.location(printable(entry.location));
  return entry.results
    .map((result) => {
      const paint = palette[result.severity];
      const call = result.call === null ? '' : `  ${callLabel(result.call)}`;
      return `${location}  ${paint(result.severity)}  ${result.diagnosis}  ${paint(result.state)}${call}  ${printable(firstSentence(result.detail))}\n`;
    })
    .join('');
}

/**
 * A result's lines. Its repairs are printed in full, or, when `repairs` is a list, left as a
 * mark the run fills in (see `repair-book.ts`), the block pushed onto the list.
 */
function resultLines(
  result: AnyAuditResult,
  palette: Palette,
  repairs: RepairBlock[] | null,
): string[] {
  const paint = palette[result.severity];
  const call = result.call === null ? '' : `  ${callLabel(result.call)}`;
  const head = `  ${paint(result.severity.padEnd(SEVERITY_WIDTH))}  ${result.diagnosis.padEnd(DIAGNOSIS_WIDTH)}  ${paint(result.state)}${call}`;
  const lines = [
    head,
    `${EVIDENCE_INDENT}${printable(result.detail)}`,
    ...result.problems.map((problem) => `${EVIDENCE_INDENT}- ${printable(problem)}`),
  ];
  if (result.repairs.length === 0) return lines;
  if (repairs === null) {
    lines.push(
      ...result.repairs.map(
        (repair) => `${EVIDENCE_INDENT}${palette.dim('repair:')} ${printable(repair)}`,
      ),
    );
  } else {
    lines.push(repairMark(repairs.length));
    repairs.push({
      group: `${result.diagnosis} ${result.state}`,
      repairs: result.repairs.map(printable),
    });
  }
  return lines;
}

/**
 * Control characters (an escape sequence in a file name, a NUL in a call id) and the bidi
 * overrides that reorder a line are shown as `\u001b`, never sent to the terminal as they are:
 * a recording must not be able to repaint or rewrite the report it appears in.
 *
 * @example
 * printable('evil\u001b[31m.json'); // 'evil\\u001b[31m.json'
 */
export function printable(text: string): string {
  return text.replace(
    /\p{Cc}|[\u202a-\u202e\u2066-\u2069]/gu,
    (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
}

/**
 * A call as people name it: its tool name and call id.
 *
 * @example
 * callLabel({ name: 'issue_refund', callId: 'call_1', at: 'output[1]' }); // '"issue_refund" (call_1)'
 */
export function callLabel(call: ResultCall): string {
  const name = call.name === '' ? '(no name)' : JSON.stringify(call.name);
  return call.callId === null ? `${name} at ${call.at}` : `${name} (${printable(call.callId)})`;
}

/**
 * What a shard read and what it left to the others, in files and parts of files: it never reads
 * the others' entries, so it cannot count them.
 *
 * @example
 * shareLine({ files: 3, parts: 1, bytes: 2_000_000, otherShards: { files: 4, parts: 1, bytes: 2_100_000 } });
 * // 'its share: 3 files and 1 part of a larger file (1.9 MB); 4 files and 1 part (2.0 MB) left to the other shards'
 */
export function shareLine(share: ShardShare): string {
  const pieces = ({ files, parts }: { files: number; parts: number }, whose: string) =>
    parts === 0
      ? plural(files, 'file')
      : `${plural(files, 'file')} and ${plural(parts, 'part')}${whose}`;
  const others = share.otherShards;
  return `its share: ${pieces(share, share.parts === 1 ? ' of a larger file' : ' of larger files')} (${megabytes(share.bytes)}); ${pieces(others, '')} (${megabytes(others.bytes)}) left to the other shards`;
}

/** What the summary says about the run, beside the numbers. */
export interface SummaryContext {
  only: readonly Diagnosis[];
  shard: Shard | null;
  /** `false` when Ctrl-C stopped the run. */
  complete: boolean;
  showAll: boolean;
}

/**
 * The summary: the repairs given most (`repairLines`, from the run's repair book), entries,
 * calls, states per diagnosis, the strict exposure and the arguments with no guarantee, then
 * the verdict line.
 *
 * @example
 * formatSummary(summarise(tally), { only: DIAGNOSES, shard: null, complete: true, showAll: false }, PLAIN);
 */
export function formatSummary(
  summary: AuditSummary,
  context: SummaryContext,
  palette: Palette,
  repairLines: readonly string[] = [],
): string {
  const { entries } = summary;
  const lines: string[] = [...repairLines];
  if (!context.complete) {
    lines.push(
      palette.finding('Interrupted: this summary covers only the entries audited so far.'),
    );
  }
  const statuses = [
    `${formatCount(entries.read)} read`,
    `${formatCount(entries.unreadable)} unreadable`,
    `${formatCount(entries.skipped)} skipped`,
    ...(entries.notFound > 0 ? [`${formatCount(entries.notFound)} not found`] : []),
    ...(entries.fetchFailed > 0 ? [`${formatCount(entries.fetchFailed)} not fetched`] : []),
  ];
  const shard =
    context.shard === null ? '' : ` in shard ${context.shard.index}/${context.shard.count}`;
  lines.push(
    `${plural(entries.audited, 'entry', 'entries')} audited${shard}: ${statuses.join(', ')}`,
  );
  if (summary.shard !== undefined) lines.push(shareLine(summary.shard));
  lines.push(`${plural(summary.calls, 'call')} checked`);

  // A diagnosis is spoken of when an entry it applies to was read: an audit of MCP traffic is
  // not told it has no truncation, nor a corpus of model turns that it has no MCP results.
  // `history` is reported only for requests that send tool history back, so only when it was.
  const audited = (kind: Diagnosis) =>
    DIAGNOSIS_TABLE[kind].appliesTo.some((subject) => summary.subjects[subject] > 0);
  const kinds: ResultKind[] = context.only.filter((kind) =>
    kind === 'history' ? Object.keys(summary.states.history).length > 0 : audited(kind),
  );
  if (Object.keys(summary.states.input).length > 0) kinds.push('input');
  for (const kind of kinds) {
    const states = Object.entries(summary.states[kind] as Record<string, number>);
    const listed = states.map(([state, times]) => `${formatCount(times)} ${state}`);
    lines.push(
      wrapList(`${kind.padEnd(DIAGNOSIS_WIDTH)}  `, listed.length === 0 ? ['none'] : listed),
    );
  }
  const logs = summary.mcpLogs;
  if (logs.logs > 0) {
    const unpaired = Object.entries(logs.unpaired).map(([kind, times]) => `${times} ${kind}`);
    lines.push(
      wrapList(`${'mcp-log'.padEnd(DIAGNOSIS_WIDTH)}  `, [
        `${plural(logs.logs, 'log')}: ${plural(logs.messages, 'message')}`,
        `${formatCount(logs.exchanges)} tools/call paired with ${logs.exchanges === 1 ? 'its answer' : 'their answers'}${unpaired.length === 0 ? '; nothing unpaired' : ''}`,
        ...unpaired,
      ]),
    );
  }
  if (context.only.includes('strict') && audited('strict')) {
    const { atRisk, rate } = summary.exposure;
    lines.push(
      rate === null
        ? 'strict exposure: no turn at risk'
        : `strict exposure: ${summary.exposure.void} of ${plural(atRisk, 'at-risk turn')} voided the guarantee (${percent(rate)})`,
    );
    lines.push(
      `no guarantee: ${plural(summary.unguaranteedArguments, 'argument object')} came back in strict-void turns`,
    );
  }
  lines.push(...mostFirst('tool', summary.findingsByTool, (tool) => JSON.stringify(tool)));
  lines.push(...mostFirst('model', findingsByModel(summary), modelName));
  lines.push(...mostFirst('file', summary.findingsByFile, (file) => file));
  if (summary.baseline !== undefined) {
    const line = comparisonLine(summary.baseline);
    lines.push(summary.baseline.new > 0 ? palette.finding(line) : palette.healthy(line));
  }
  const hidden =
    !context.showAll && summary.notes > 0
      ? ` (${plural(summary.notes, 'note')} not shown; --show-all lists ${summary.notes === 1 ? 'it' : 'them'})`
      : '';
  lines.push(
    summary.findings === 0
      ? palette.healthy(`No findings${hidden}.`)
      : palette.finding(
          `${plural(summary.findings, 'finding')} in ${plural(entries.withFindings, 'entry', 'entries')}${hidden}.`,
        ),
  );
  return `${lines.join('\n')}\n`;
}

/** Findings by the model the turn names (`''` for turns that name none), where there are any. */
function findingsByModel(summary: AuditSummary): Record<string, number> {
  const table: Record<string, number> = {};
  for (const row of summary.turns?.models ?? []) {
    if (row.findings > 0) table[row.model ?? ''] = (table[row.model ?? ''] ?? 0) + row.findings;
  }
  return table;
}

const modelName = (model: string) => (model === '' ? '(no model named)' : JSON.stringify(model));

/** The tools or files the summary names by their findings; the rest are counted. */
const NAMED_MOST = 10;

/** `findings by tool: "a" 12, "b" 3, and 2 more tools`, most first; none when the table is empty. */
function mostFirst(
  what: string,
  table: Record<string, number>,
  named: (name: string) => string,
): string[] {
  const rows = Object.entries(table).sort(([a, x], [b, y]) => y - x || (a < b ? -1 : 1));
  if (rows.length === 0) return [];
  const shown = rows
    .slice(0, NAMED_MOST)
    .map(([name, count]) => `${printable(named(name))} ${formatCount(count)}`);
  if (rows.length > NAMED_MOST)
    shown.push(`and ${plural(rows.length - NAMED_MOST, `more ${what}`)}`);
  return [wrapList(`findings by ${what}: `, shown)];
}

/** The widest a summary line grows before its list continues on the next line. */
const SUMMARY_WIDTH = 100;

/** `prefix` then the items, comma-separated, continued under the first item when too long. */
function wrapList(prefix: string, items: readonly string[]): string {
  const lines: string[] = [];
  let line = prefix;
  for (const [index, item] of items.entries()) {
    const piece = index < items.length - 1 ? `${item},` : item;
    if (line.length + piece.length + 1 > SUMMARY_WIDTH && line.trim() !== prefix.trim()) {
      lines.push(line.trimEnd());
      line = ' '.repeat(prefix.length);
    }
    line += line.endsWith(' ') || line === '' ? piece : ` ${piece}`;
  }
  lines.push(line.trimEnd());
  return lines.join('\n');
}

/** `0.25` as `25%`, `1/3` as `33.3%`. */
function percent(rate: number): string {
  return `${Number((rate * 100).toFixed(1))}%`;
}

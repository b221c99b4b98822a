/**
 * Auditing one entry: a payload found in a file (or fetched) in, the results of the selected
 * diagnoses out. Pure: no file, no clock, no output.
 */

import { createHash } from 'node:crypto';
import type { CallVerdict } from '../diagnose/call-verdict.js';
import { verdictsFor } from '../diagnose/dispatch.js';
import { diagnoseHistory, type HistoryDiagnosis } from '../diagnose/history.js';
import type { StrictDiagnosis } from '../diagnose/strict.js';
import { strictOf } from '../diagnose/strict.js';
import type { ToolResultDiagnosis } from '../diagnose/tool-result.js';
import { diagnoseToolResult } from '../diagnose/tool-result.js';
import type { TruncationDiagnosis } from '../diagnose/truncation.js';
import { truncationOf } from '../diagnose/truncation.js';
import { readTurn } from '../diagnose/turn.js';
import type { Turn } from '../model/model.js';
import { recordOf } from '../model/narrow.js';
import { turnFacts } from '../report/turn-facts.js';
import type { AnyAuditResult, AuditedEntry, AuditResult, EntryInput, StaleTools } from './entry.js';
import {
  DIAGNOSIS_TABLE,
  type Diagnosis,
  type InputState,
  type Subject,
  severityOf,
} from './findings.js';

const INPUT_REPAIRS: Record<InputState, string[]> = {
  unreadable: [
    'Fix or remove this recording: what does not parse cannot be checked, and it hides whatever it held.',
  ],
  skipped: [],
  'not-found': [
    'Stored responses expire (after 30 days by default) and exist only for requests sent with store left on; fetch them sooner, or record responses as they arrive.',
  ],
  'fetch-failed': [
    'Fetch these ids again later; raise --max-retries or --max-wait if the provider is rate limiting.',
  ],
};

/**
 * Runs the selected diagnoses over one opened entry. The entry is read once and each diagnosis
 * judges that one turn (the public `diagnose*` functions would read and copy it three times:
 * a third of the run time on a large corpus). A payload no reader accepts is `skipped`
 * (a folder of recordings holds manifests and API error bodies too); a request body gets the
 * strict diagnosis only, as it has no output yet.
 *
 * @example
 * const entry = auditEntry({ location: 'a.json', kind: 'payload', payload }, ['dispatch', 'strict']);
 * entry.results.filter((result) => result.severity === 'finding');
 */
export function auditEntry(input: EntryInput, only: readonly Diagnosis[]): AuditedEntry {
  const seen: { turn: Turn | null } = { turn: null };
  const entry = audited(input, only, seen);
  const { location, ...rest } = entry;
  const turn = seen.turn === null ? null : turnFacts(seen.turn);
  return { location, key: entryKey(input, seen.turn), ...rest, turn };
}

/**
 * What stays an entry's name when the recordings around it change (lines deleted above it, a
 * file renamed): the response id; else the call ids; else a hash of the payload; else, for an
 * entry with no payload, its location. A call on its way to a tool (MCP) is hashed, as
 * JSON-RPC ids restart with each session. Two entries may share a key (a folder of repeated
 * recordings): a comparison counts them.
 */
function entryKey(input: EntryInput, turn: Turn | null): string {
  if (turn !== null && turn.source !== 'tool-call') {
    if (turn.id !== null) return `id:${turn.id}`;
    const ids = turn.calls.map((call) => call.callId).filter((id) => id !== null);
    if (ids.length > 0) return `calls:${ids.join(',')}`;
  }
  if (input.kind === 'payload') {
    let text: string | undefined;
    try {
      text = JSON.stringify(input.payload);
    } catch {
      // A live object that will not serialise (a getter that throws, a cycle): named by place.
    }
    if (text !== undefined)
      return `sha1:${createHash('sha1').update(text).digest('hex').slice(0, 16)}`;
  }
  return `at:${input.location}`;
}

function audited(
  input: EntryInput,
  only: readonly Diagnosis[],
  seen: { turn: Turn | null },
): Omit<AuditedEntry, 'key' | 'turn'> {
  if (input.kind === 'problem') return problemEntry(input.location, input.state, input.detail);
  if (input.kind === 'mcp-log') {
    const { location, results, counts } = input;
    return {
      location,
      status: 'read',
      surface: 'mcp',
      subject: null,
      results,
      calls: 0,
      unguaranteedArguments: 0,
      mcpLog: counts,
    };
  }
  const read = readTurn(input.payload);
  if (!read.ok) {
    // An exchange the provider answered with an error (a 400) holds no turn, but its request
    // still holds the history that may be why.
    const history =
      read.apiError === true && only.includes('history') ? historyOf(input.payload) : null;
    if (history === null) return problemEntry(input.location, 'skipped', notAPayload(read));
    return {
      location: input.location,
      status: 'read',
      surface: history.surface,
      subject: 'model-request',
      results: [historyResult(history)],
      calls: 0,
      unguaranteedArguments: 0,
    };
  }
  const turn = read.turn;
  seen.turn = turn;
  if (turn.surface === 'mcp') {
    const entry = mcpEntry(input.location, input.payload, turn, only);
    return input.staleTools === undefined ? entry : judgedStale(entry, input.staleTools);
  }
  const subject = turn.source === 'request' ? 'model-request' : 'model-output';
  const runs = runsOn(subject, only);
  const results: AnyAuditResult[] = [];
  if (runs('dispatch')) results.push(...verdictsFor(turn).map(dispatchResult));
  if (runs('truncation')) results.push(truncationResult(truncationOf(turn)));
  let unguaranteedArguments = 0;
  if (runs('strict')) {
    const strict = strictOf(turn);
    results.push(strictResult(strict));
    if (strict.state === 'strict-void') unguaranteedArguments = turn.calls.length;
  }
  if (runs('history')) {
    // A request (alone or in an exchange) with tool items in its conversation; a response
    // alone, or a first turn, has no history to judge and gets no result.
    const history = historyOf(input.payload);
    if (history !== null) results.push(historyResult(history));
  }
  return {
    location: input.location,
    status: 'read',
    surface: turn.surface,
    subject,
    results,
    calls: turn.calls.length,
    unguaranteedArguments,
  };
}

/**
 * An MCP exchange: its call against the inputSchema (dispatch), and its answer against the
 * outputSchema (result) when it has both an answer and the tools it was called with. A call
 * is no model output, so truncation and strict, which judge a model's turn, do not run.
 */
function mcpEntry(
  location: string,
  payload: unknown,
  turn: Turn,
  only: readonly Diagnosis[],
): Omit<AuditedEntry, 'key' | 'turn'> {
  // A tools/list alone (no call) is read, and no diagnosis of the audit judges it.
  const subject = turn.source === 'tool-call' ? 'mcp-call' : null;
  const runs = subject === null ? () => false : runsOn(subject, only);
  const results: AnyAuditResult[] = [];
  if (runs('dispatch')) results.push(...verdictsFor(turn).map(dispatchResult));
  const exchange = recordOf(payload);
  if (
    runs('result') &&
    exchange !== undefined &&
    Object.hasOwn(exchange, 'result') &&
    Object.hasOwn(exchange, 'tools')
  ) {
    results.push(toolResult(diagnoseToolResult(exchange)));
  }
  return {
    location,
    status: 'read',
    surface: 'mcp',
    subject,
    results,
    calls: turn.calls.length,
    unguaranteedArguments: 0,
  };
}

/** Whether a diagnosis runs on an entry: chosen with `--only`, and one that applies to what it is. */
function runsOn(subject: Subject, only: readonly Diagnosis[]): (diagnosis: Diagnosis) => boolean {
  return (diagnosis) =>
    only.includes(diagnosis) && DIAGNOSIS_TABLE[diagnosis].appliesTo.includes(subject);
}

/** What a client does on notifications/tools/list_changed, as the MCP specification expects of it. */
const LIST_AGAIN =
  'List the tools again (tools/list) after notifications/tools/list_changed and before calling, so each call is checked against the schemas the server declares now.';

/**
 * An MCP call made while its session's tools were stale says so. A tool the stale list holds
 * was judged against it, and keeps its verdict: the call broke (or kept) the last schema the
 * session saw, and a client that calls without listing again owns that. A tool the list lacks
 * was judged with the tools unknown (see `callEntry` in mcp-log.ts), worded here: it may have
 * been added since, so it is no `unknown-tool`, only a call nothing checked.
 */
function judgedStale(
  entry: Omit<AuditedEntry, 'key' | 'turn'>,
  stale: StaleTools,
): Omit<AuditedEntry, 'key' | 'turn'> {
  const listed = stale.listedAt === null ? 'the tools/list' : `the tools/list of ${stale.listedAt}`;
  const changed = `the server said its tools changed (notifications/tools/list_changed, ${stale.changedAt}) after it, and the session listed none again before this call`;
  const results = entry.results.map((result): AnyAuditResult => {
    const tool = result.call === null ? 'the tool' : JSON.stringify(result.call.name);
    const repairs = result.severity === 'healthy' ? [] : [...result.repairs, LIST_AGAIN];
    if (stale.listed) {
      return {
        ...result,
        detail: `${result.detail} Judged against a stale list: ${changed}, so the schemas of ${tool} may have changed since ${listed}.`,
        repairs,
      };
    }
    const unlisted = `No tool named ${tool} is in ${listed}, but ${changed}: the tool may have been added since`;
    return result.diagnosis === 'dispatch' && result.state === 'dispatchable-unconstrained'
      ? {
          ...result,
          detail: `${unlisted}, so neither its arguments nor its result were checked against a schema.`,
          repairs: [LIST_AGAIN],
        }
      : { ...result, detail: `${result.detail} ${unlisted}.`, repairs };
  });
  return { ...entry, results };
}

/** The history of a request (alone or in an exchange), or `null` when it holds no tool history. */
function historyOf(payload: unknown): HistoryDiagnosis | null {
  const history = diagnoseHistory(payload);
  return history.state === 'unreadable' || history.state === 'no-tool-history' ? null : history;
}

function historyResult(diagnosis: HistoryDiagnosis): AuditResult<'history'> {
  return {
    diagnosis: 'history',
    state: diagnosis.state,
    severity: severityOf('history', diagnosis.state),
    call: null,
    detail: diagnosis.detail,
    problems: diagnosis.problems,
    repairs: diagnosis.repairs,
  };
}

/**
 * The entry for something that never reached a diagnosis.
 *
 * @example
 * problemEntry('logs/a.jsonl:7', 'unreadable', 'line 7 is not JSON');
 */
export function problemEntry(location: string, state: InputState, detail: string): AuditedEntry {
  return {
    location,
    key: `at:${location}`,
    status: state,
    surface: null,
    subject: null,
    results: [
      {
        diagnosis: 'input',
        state,
        severity: severityOf('input', state),
        call: null,
        detail,
        problems: [],
        repairs: INPUT_REPAIRS[state],
      },
    ],
    calls: 0,
    unguaranteedArguments: 0,
    turn: null,
  };
}

/**
 * readTurn's refusal names every accepted input where it helps; a corpus of skipped files needs a
 * shorter line, so the audit names the kinds in brief, once, beside what the reader found.
 */
function notAPayload(read: { problem: string; found: string }): string {
  return read.problem === read.found
    ? read.found
    : `not a model response, exchange, batch results line or request body: ${read.found}`;
}

function dispatchResult(verdict: CallVerdict): AuditResult<'dispatch'> {
  return {
    diagnosis: 'dispatch',
    state: verdict.state,
    severity: severityOf('dispatch', verdict.state),
    call: { name: verdict.name, callId: verdict.callId, at: verdict.at },
    detail: verdict.detail,
    problems: verdict.problems,
    repairs: verdict.repairs,
  };
}

function toolResult(diagnosis: ToolResultDiagnosis): AuditResult<'result'> {
  // What was read past (a result without content) is worth a line beside the verdict.
  const notes = diagnosis.notes.length === 0 ? '' : ` Read past: ${diagnosis.notes.join('; ')}.`;
  return {
    diagnosis: 'result',
    state: diagnosis.state,
    severity: severityOf('result', diagnosis.state),
    call:
      diagnosis.tool === ''
        ? null
        : { name: diagnosis.tool, callId: diagnosis.callId, at: 'result' },
    detail: `${diagnosis.detail}${notes}`,
    problems: diagnosis.problems,
    repairs: diagnosis.repairs,
  };
}

function truncationResult(diagnosis: TruncationDiagnosis): AuditResult<'truncation'> {
  return {
    diagnosis: 'truncation',
    state: diagnosis.state,
    severity: severityOf('truncation', diagnosis.state),
    call: null,
    detail: diagnosis.detail,
    problems: [],
    repairs: diagnosis.repairs,
  };
}

function strictResult(diagnosis: StrictDiagnosis): AuditResult<'strict'> {
  return {
    diagnosis: 'strict',
    state: diagnosis.state,
    severity: severityOf('strict', diagnosis.state),
    call: null,
    detail: diagnosis.detail,
    problems: [],
    repairs: diagnosis.repairs,
  };
}

/**
 * Auditing one entry: a payload found in a file (or fetched) in, the results of the selected
 * diagnoses out. Pure: no file, no clock, no output.
 */

import { verdictsFor } from '../diagnose/dispatch.js';
import { strictOf } from '../diagnose/strict.js';
import { truncationOf } from '../diagnose/truncation.js';
import {
  type CallVerdict,
  readTurn,
  type StrictDiagnosis,
  type Surface,
  type TruncationDiagnosis,
} from '../index.js';
import {
  type Diagnosis,
  type InputState,
  type ResultKind,
  type Severity,
  type StatesOf,
  severityOf,
} from './findings.js';

/**
 * One entry to audit, once opened: a payload any diagnosis accepts (a response, an exchange
 * `{ request, response }`, a batch results line, a reassembled stream, a request body), or the
 * reason there is none.
 */
export type EntryInput =
  | { location: string; kind: 'payload'; payload: unknown }
  | { location: string; kind: 'problem'; state: InputState; detail: string };

/**
 * An entry found but not opened yet. The location is known first, so `--shard` can pass over
 * an entry without parsing or reassembling it.
 */
export interface PendingEntry {
  /** `file`, `file:entries[2]`, `file:17`, `file:entries[1]:3`, `file:[4]`, or a fetched id. */
  location: string;
  open(): EntryInput | Promise<EntryInput>;
}

/** The call a result is about, for the dispatch diagnosis. */
export interface ResultCall {
  name: string;
  callId: string | null;
  /** Where the call sits in the payload, e.g. `choices[0].message.tool_calls[1]`. */
  at: string;
}

/** One result of one diagnosis (or of reading the entry) with its severity. */
export interface AuditResult<D extends ResultKind = ResultKind> {
  diagnosis: D;
  state: StatesOf[D];
  severity: Severity;
  /** Set for dispatch results, one per call; `null` for the others. */
  call: ResultCall | null;
  detail: string;
  /** One line per schema violation (dispatch); empty otherwise. */
  problems: string[];
  /** What to do, most useful first; empty when healthy. */
  repairs: string[];
}

/** Any result: a union over the diagnoses, so `state` narrows with `diagnosis`. */
export type AnyAuditResult = { [D in ResultKind]: AuditResult<D> }[ResultKind];

/** What auditing one entry found. */
export interface AuditedEntry {
  location: string;
  /** `read` when the diagnoses ran; otherwise why they did not. */
  status: 'read' | InputState;
  /** The provider surface, when the entry was read. */
  surface: Surface | null;
  /** In order: the input result (when not read), then dispatch (one per call), truncation, strict. */
  results: AnyAuditResult[];
  /** Tool calls in the turn. */
  calls: number;
  /** The calls of a `strict-void` turn: argument objects that came back with no guarantee. */
  unguaranteedArguments: number;
}

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
  if (input.kind === 'problem') return problemEntry(input.location, input.state, input.detail);
  const read = readTurn(input.payload);
  if (!read.ok) return problemEntry(input.location, 'skipped', notAPayload(read));
  const turn = read.turn;
  const results: AnyAuditResult[] = [];
  if (only.includes('dispatch')) results.push(...verdictsFor(turn).map(dispatchResult));
  if (only.includes('truncation') && turn.source !== 'request') {
    results.push(truncationResult(truncationOf(turn)));
  }
  let unguaranteedArguments = 0;
  if (only.includes('strict')) {
    const strict = strictOf(turn);
    results.push(strictResult(strict));
    if (strict.state === 'strict-void') unguaranteedArguments = turn.calls.length;
  }
  return {
    location: input.location,
    status: 'read',
    surface: turn.surface,
    results,
    calls: turn.calls.length,
    unguaranteedArguments,
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
    status: state,
    surface: null,
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

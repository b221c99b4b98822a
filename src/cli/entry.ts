/**
 * What an audit passes along, as types: an entry found, an entry opened, a result of one
 * diagnosis, and what auditing an entry found.
 */
import type { Surface } from '../model/model.js';
import type { TurnFacts } from '../report/turn-facts.js';
import type { InputState, ResultKind, Severity, StatesOf, Subject } from './findings.js';
import type { McpLogCounts } from './mcp-log-states.js';

/**
 * One entry to audit, once opened: a payload any diagnosis accepts (a response, an exchange
 * `{ request, response }`, a batch results line, a reassembled stream, a request body), or the
 * reason there is none.
 */
export type EntryInput =
  | { location: string; kind: 'payload'; payload: unknown; staleTools?: StaleTools }
  | { location: string; kind: 'problem'; state: InputState; detail: string }
  /** The end of an MCP log: what paired with nothing, judged already, and the log's numbers. */
  | { location: string; kind: 'mcp-log'; results: AuditResult<'mcp-log'>[]; counts: McpLogCounts };

/**
 * An MCP call sent while its session's tools were stale: the server had said they changed
 * (`notifications/tools/list_changed`) and no tools/list result had come since.
 */
export interface StaleTools {
  /** Where the stale list was read (`line 5`), `null` when the log does not say. */
  listedAt: string | null;
  /** Where the server said the tools changed. */
  changedAt: string;
  /** Whether the called tool is in the stale list (judged against it) or not (judged with the tools unknown). */
  listed: boolean;
}

/**
 * An entry found but not opened yet. The location is known first, so a job of `--jobs` can
 * pass over an entry another job audits without parsing or reassembling it.
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
  /**
   * The entry's name across runs, where its location may move (`id:resp_…`, `calls:call_…`,
   * `sha1:…` of the payload, `at:` the location for an entry with no payload); `--baseline`
   * compares runs by it.
   */
  key: string;
  /** `read` when the diagnoses ran; otherwise why they did not. */
  status: 'read' | InputState;
  /** The provider surface, when the entry was read. */
  surface: Surface | null;
  /**
   * What was read: a model's output, a request body alone, or an MCP tools/call; `null` for an
   * entry not read, and for an MCP log's closing entry.
   */
  subject: Subject | null;
  /** In order: the input result (when not read), then dispatch (one per call), truncation, strict. */
  results: AnyAuditResult[];
  /** Tool calls in the turn. */
  calls: number;
  /** The calls of a `strict-void` turn: argument objects that came back with no guarantee. */
  unguaranteedArguments: number;
  /** Only on the entry that closes an MCP log: its messages, exchanges and unpaired kinds. */
  mcpLog?: McpLogCounts;
  /**
   * The turn read (its model, output tokens, ceiling and the tools it called); `null` for an
   * entry not read, and for an MCP log's closing entry. Added in report version 2.
   */
  turn: TurnFacts | null;
}

/**
 * What the CLI calls a finding. One table per diagnosis, so the policy, the exit code and the
 * `--help` text are all read from the same place and cannot drift apart.
 */
import type { CallState } from '../diagnose/call-verdict.js';
import type { HistoryState } from '../diagnose/history.js';
import type { StrictState } from '../diagnose/strict.js';
import type { ToolResultState } from '../diagnose/tool-result.js';
import type { TruncationState } from '../diagnose/truncation.js';
import type { McpLogState } from './mcp-log-states.js';

/**
 * The diagnoses `--only` can choose from, in the order they are run and reported. `result`
 * judges an MCP tool's answer against its outputSchema (`diagnoseToolResult`); `history` the
 * conversation a request sends back (`diagnoseHistory`).
 */
export type Diagnosis = 'dispatch' | 'truncation' | 'strict' | 'result' | 'history';

/**
 * What an entry read is: a model's output (a response, an exchange, a stream, a batch line), a
 * request body alone, or an MCP tools/call. A diagnosis applies to some of them only.
 */
export type Subject = 'model-output' | 'model-request' | 'mcp-call';

/**
 * Every diagnosis, in report order: what it judges, as `--help` says it, and the subjects it
 * applies to, which decide both whether it runs on an entry and whether the summary speaks of
 * it. The help counts and lists the diagnoses from here, so it says what the report runs.
 */
export const DIAGNOSIS_TABLE: Readonly<
  Record<Diagnosis, { judges: string; appliesTo: readonly Subject[] }>
> = {
  dispatch: {
    judges: "one verdict per tool call, a model's or an MCP tools/call, on its arguments",
    appliesTo: ['model-output', 'mcp-call'],
  },
  truncation: {
    judges: "whether a model's output stopped early",
    appliesTo: ['model-output'],
  },
  strict: {
    judges: 'whether the strict-schema guarantee held',
    appliesTo: ['model-output', 'model-request'],
  },
  result: {
    judges: "an MCP tool's answer against its outputSchema",
    appliesTo: ['mcp-call'],
  },
  history: {
    judges: 'the tool calls and results a request sends back',
    appliesTo: ['model-output', 'model-request'],
  },
};

/** Every diagnosis, in report order. */
export const DIAGNOSES: readonly Diagnosis[] = Object.keys(DIAGNOSIS_TABLE) as Diagnosis[];

/**
 * What happened to an entry before any diagnosis could run.
 * - `unreadable`: a file, line or HAR entry that could not be read or parsed.
 * - `skipped`: valid JSON that is no model payload (a manifest, a batch's metadata, an API error
 *   body), a HAR entry with no 2xx response, a `.txt` without `data:` lines.
 * - `not-found`: `fetch` got a 404 (a stored response expired or never stored).
 * - `fetch-failed`: `fetch` gave up after its retries, or the connection failed.
 */
export type InputState = 'unreadable' | 'skipped' | 'not-found' | 'fetch-failed';

/**
 * - `finding`: somebody should act; any finding makes the exit code 1.
 * - `note`: worth knowing, not a fault; shown with `--show-all`.
 * - `healthy`: nothing to do; shown with `--show-all`.
 */
export type Severity = 'finding' | 'note' | 'healthy';

/** The states of each diagnosis, including the `input` pseudo-diagnosis. */
export interface StatesOf {
  input: InputState;
  dispatch: CallState;
  truncation: TruncationState;
  strict: StrictState;
  result: ToolResultState;
  history: HistoryState;
  /** What paired with nothing in an MCP log: reported whatever `--only` says, like `input`. */
  'mcp-log': McpLogState;
}

/**
 * The severity of every state, in each diagnosis's own vocabulary order (the order summaries
 * list states in). A `Record` over each state type, so a state added to a diagnosis does not
 * compile until it is placed here.
 */
export const SEVERITY: { readonly [D in keyof StatesOf]: Readonly<Record<StatesOf[D], Severity>> } =
  {
    input: {
      unreadable: 'finding',
      'fetch-failed': 'finding',
      skipped: 'note',
      'not-found': 'note',
    },
    dispatch: {
      dispatchable: 'healthy',
      // Valid, only not guaranteed by strict decoding: worth knowing, nothing broke.
      'dispatchable-unconstrained': 'note',
      'arguments-violate-schema': 'finding',
      'arguments-unparseable': 'finding',
      'arguments-truncated': 'finding',
      // Whole and valid, but the calls that would have followed may be missing.
      'turn-cut': 'finding',
      // Runs twice under a dispatcher that runs every call.
      'duplicate-call': 'finding',
      'unknown-tool': 'finding',
      'schema-invalid': 'finding',
      // Never reached for a call: an entry readTurn cannot read is an `input` result instead.
      unreadable: 'finding',
    },
    truncation: {
      complete: 'healthy',
      'truncated-by-length': 'finding',
      'ceiling-spent-on-reasoning': 'finding',
      'truncated-tool-use': 'finding',
      'ceiling-unreported': 'finding',
      'cut-without-a-reason': 'finding',
      'stream-cut': 'finding',
      'stopped-by-filter': 'finding',
      'incomplete-other': 'finding',
      // A refusal is an answer, not lost output: the code should surface it, not retry it.
      refused: 'note',
      'empty-output': 'finding',
      'schema-not-followed': 'finding',
      'not-succeeded': 'finding',
      unreadable: 'finding',
    },
    strict: {
      'no-tools': 'note',
      'no-strict-declared': 'note',
      'fanout-no-strict': 'finding',
      'strict-serialised': 'healthy',
      'strict-void': 'finding',
      'strict-at-risk': 'finding',
      // Anthropic does not document the parallel rule; the diagnosis itself says "no finding".
      'strict-held': 'healthy',
      // A trace span records no strict flag: nothing is known to be wrong, nor right.
      'strict-unrecorded': 'note',
      unreadable: 'finding',
    },
    result: {
      'matches-output-schema': 'healthy',
      // Nothing declared, so nothing to hold the result to: worth knowing, nothing broke.
      'no-output-schema': 'note',
      'structured-content-missing': 'finding',
      'violates-output-schema': 'finding',
      // The server's own validation refused the call's arguments: the client's or model's fault.
      'arguments-violate-schema': 'finding',
      // The tool answered as MCP asks a failing tool to: a failure to handle, not a fault.
      'tool-error': 'note',
      'protocol-error': 'finding',
      'unknown-tool': 'finding',
      'schema-invalid': 'finding',
      // Reached for an answer that is no CallToolResult (`"result": 5`).
      unreadable: 'finding',
    },
    history: {
      'history-consistent': 'healthy',
      // A provider answers each of these with a 400 before the model sees the request.
      'unanswered-call': 'finding',
      'orphan-result': 'finding',
      'duplicate-call-id': 'finding',
      'result-misplaced': 'finding',
      // Never reported: a request with no tool history, or no conversation, gets no result.
      'no-tool-history': 'note',
      unreadable: 'finding',
    },
    'mcp-log': {
      'all-paired': 'healthy',
      'unparseable-line': 'finding',
      'not-json-rpc': 'note',
      'orphan-response': 'finding',
      'unanswered-request': 'finding',
      // The specification lets a cancelled request go unanswered.
      'cancelled-request': 'note',
      // Audited all the same, with the tools unknown; the dispatch note says so per call.
      'call-before-tools-list': 'note',
    },
  };

/** Any diagnosis name a result can carry: a {@link Diagnosis}, `input`, or `mcp-log`. */
export type ResultKind = keyof StatesOf;

/** Every state name of one diagnosis, in vocabulary order. */
export function statesOf<D extends ResultKind>(diagnosis: D): StatesOf[D][] {
  return Object.keys(SEVERITY[diagnosis]) as StatesOf[D][];
}

/**
 * The severity of one state of one diagnosis.
 *
 * @example
 * severityOf('strict', 'strict-void'); // 'finding'
 * severityOf('dispatch', 'dispatchable-unconstrained'); // 'note'
 */
export function severityOf<D extends ResultKind>(diagnosis: D, state: StatesOf[D]): Severity {
  return (SEVERITY[diagnosis] as Record<string, Severity>)[state] ?? 'finding';
}

/**
 * The states of one diagnosis that have a given severity, in vocabulary order; `unreadable` is
 * left out of the diagnoses of a turn, where it cannot occur (the `input` result says it
 * instead). A tool result can be unreadable on its own (`"result": 5`), so `result` keeps it.
 *
 * @example
 * statesWith('strict', 'finding'); // ['fanout-no-strict', 'strict-void', 'strict-at-risk']
 */
export function statesWith<D extends ResultKind>(diagnosis: D, severity: Severity): StatesOf[D][] {
  return statesOf(diagnosis).filter(
    (state) =>
      severityOf(diagnosis, state) === severity &&
      !(diagnosis !== 'input' && diagnosis !== 'result' && state === 'unreadable'),
  );
}

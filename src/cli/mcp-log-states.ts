/**
 * What an MCP log's pairing can find, as data: the states of the \`mcp-log\` diagnosis, the kinds
 * of unpaired message, and a log's numbers. Shared by the reader (\`mcp-log.ts\`), its report and
 * the findings vocabulary.
 */

/**
 * What can be wrong with the pairing of a log, one state per kind of unpaired message, and
 * `all-paired` when nothing is.
 * - `unanswered-request`: a request (a `tools/call` or any other) with no answer by the end.
 * - `orphan-response`: a response whose id answers no request sent before it in its session.
 * - `call-before-tools-list`: a `tools/call` sent before any `tools/list` result in its session,
 *   so audited with its tools unknown.
 * - `cancelled-request`: a request cancelled by `notifications/cancelled` and never answered.
 * - `unparseable-line`: a line that is not JSON.
 * - `not-json-rpc`: a line of JSON that is no JSON-RPC message.
 */
export type McpLogState =
  | 'all-paired'
  | 'unanswered-request'
  | 'orphan-response'
  | 'call-before-tools-list'
  | 'cancelled-request'
  | 'unparseable-line'
  | 'not-json-rpc';

/** The kinds of unpaired message, in the order the closing entry lists them. */
export const UNPAIRED_KINDS = [
  'unparseable-line',
  'not-json-rpc',
  'orphan-response',
  'unanswered-request',
  'cancelled-request',
  'call-before-tools-list',
] as const satisfies readonly McpLogState[];

/** One kind of unpaired message. */
export type UnpairedKind = (typeof UNPAIRED_KINDS)[number];

/** The numbers of one log, or of every log of a run added up. */
export interface McpLogCounts {
  /** MCP logs read. */
  logs: number;
  /** JSON-RPC messages (a batch line counts each of its messages). */
  messages: number;
  /** `tools/call` requests paired with their answer, each audited as one entry. */
  exchanges: number;
  /** `tools/list` results read (pages included). */
  toolLists: number;
  /** Messages or lines of each unpaired kind; only kinds seen. */
  unpaired: Partial<Record<UnpairedKind, number>>;
}

/** How much of each kind the closing entry names; the rest are counted. */
export const NAMED_PER_KIND = 10;

/** Limits that keep a hostile or endless log in bounded memory. */
export interface McpLogLimits {
  /** Requests awaiting an answer; past it the oldest is given up as unanswered. */
  pending: number;
  /** Sessions whose tools are remembered; past it, the one that listed them longest ago is forgotten. */
  sessions: number;
  /** Distinct tools/list results shared between sessions that list the same tools. */
  distinctToolLists: number;
}

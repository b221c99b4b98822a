/**
 * The closing entry of an MCP log: what paired with nothing, one result per kind, each naming
 * its first lines and counting the rest, so nothing in a log is dropped silently. Pure.
 */

import { formatCount } from '../text/count.js';
import { plural } from '../text/plural.js';
import type { AuditResult, EntryInput } from './entry.js';
import { severityOf } from './findings.js';
import {
  type McpLogCounts,
  type McpLogLimits,
  NAMED_PER_KIND,
  UNPAIRED_KINDS,
  type UnpairedKind,
} from './mcp-log-states.js';

/** One unpaired message, named by where it sits (`line 14`, `entries[3] response`). */
export interface Named {
  at: string;
  text: string;
}

/**
 * What carried the messages: a JSONL log, one a line, or a HAR of Streamable HTTP traffic, one
 * a request body, a JSON response or an SSE event.
 */
export type Carrier = 'jsonl' | 'har';

/** The wording that differs by carrier: what holds one message, and how to mend one that broke. */
const CARRIED: Record<
  Carrier,
  { piece: [string, string]; of: string; mendUnparseable: string; mendNotJsonRpc: string }
> = {
  jsonl: {
    piece: ['line', 'lines'],
    of: 'of the log',
    mendUnparseable:
      'Fix or remove these lines: a message that does not parse cannot be paired, so its request or its answer shows up as unpaired too.',
    mendNotJsonRpc:
      'Log one JSON-RPC message a line, or { "session": ..., "message": {...} } as a proxy does, so every message is read.',
  },
  har: {
    piece: ['body or event', 'bodies or events'],
    of: 'of the MCP exchanges',
    mendUnparseable:
      'Record whole bodies and streams: a message that does not parse cannot be paired, so its request or its answer shows up as unpaired too.',
    mendNotJsonRpc:
      'An MCP endpoint carries JSON-RPC messages only: find what else answered on it (a proxy, an error page).',
  },
};

/** What each kind of unpaired message says, given how many there were and what carried them. */
const WORDING: Record<
  UnpairedKind,
  (count: number, carrier: Carrier) => { detail: string; repairs: string[] }
> = {
  'unparseable-line': (count, carrier) => ({
    detail: `${plural(count, ...CARRIED[carrier].piece)} ${CARRIED[carrier].of} ${count === 1 ? 'is' : 'are'} not JSON, so ${count === 1 ? 'the message it held was' : 'the messages they held were'} neither paired nor audited.`,
    repairs: [CARRIED[carrier].mendUnparseable],
  }),
  'not-json-rpc': (count, carrier) => ({
    detail: `${plural(count, ...CARRIED[carrier].piece)} ${count === 1 ? 'is' : 'are'} JSON but no JSON-RPC message (no "jsonrpc": "2.0", or no method, and no result or error with an id), so ${count === 1 ? 'it was' : 'they were'} passed over.`,
    repairs: [CARRIED[carrier].mendNotJsonRpc],
  }),
  'orphan-response': (count) => ({
    detail: `${plural(count, 'response')} answer${count === 1 ? 's' : ''} no request sent before ${count === 1 ? 'it' : 'them'} in ${count === 1 ? 'its' : 'their'} session: no request awaiting an answer has ${count === 1 ? 'its' : 'their'} id.`,
    repairs: [
      'A server answers with the id exactly as the request sent it, in the same session: a number stays a number (1 and "1" are different ids), and a string stays a string.',
      'If the log began mid-session, the requests are not in it: log each session from its start.',
    ],
  }),
  'unanswered-request': (count) => ({
    detail: `${plural(count, 'request')} got no answer by the end of the log. A tools/call among them is audited on its own, by its arguments only (its entry says "never answered").`,
    repairs: [
      'Every request is owed an answer, a result or a JSON-RPC error: a server that never answers leaves its client waiting until it times out.',
      'If the log was cut while requests were in flight, audit a log that runs until they are answered.',
    ],
  }),
  'cancelled-request': (count) => ({
    detail: `${plural(count, 'request')} ${count === 1 ? 'was' : 'were'} cancelled (notifications/cancelled) and never answered, as the MCP specification allows.`,
    repairs: [],
  }),
  'call-before-tools-list': (count) => ({
    detail: `${plural(count, 'tools/call request')} came before any tools/list result in ${count === 1 ? 'its' : 'their'} session, so ${count === 1 ? 'it was' : 'they were'} audited with the tools unknown: no argument and no result of ${count === 1 ? 'it' : 'theirs'} was checked against a schema.`,
    repairs: [
      'Log each session from its start (initialize, then tools/list), or have the client list tools before it calls them: a client calling from a cached list skips the schemas its server declares now.',
    ],
  }),
};

/**
 * The entry that closes an MCP log: one result per kind of unpaired message (`all-paired`,
 * healthy, when there is none), with the log's numbers for the summary.
 *
 * @example
 * closingEntry('traffic.jsonl', counts, named, { evictedRequests: 0, limits: MCP_LOG_LIMITS });
 */
export function closingEntry(
  file: string,
  counts: McpLogCounts,
  named: ReadonlyMap<UnpairedKind, readonly Named[]>,
  bounds: { evictedRequests: number; limits: McpLogLimits },
  carrier: Carrier = 'jsonl',
): EntryInput {
  const results: AuditResult<'mcp-log'>[] = [];
  for (const kind of UNPAIRED_KINDS) {
    const count = counts.unpaired[kind] ?? 0;
    if (count === 0) continue;
    const { detail, repairs } = WORDING[kind](count, carrier);
    const shown = named.get(kind) ?? [];
    const problems = shown.map((item) => `${item.at}: ${item.text}`);
    if (count > shown.length) {
      problems.push(
        `… and ${formatCount(count - shown.length)} more (the first ${NAMED_PER_KIND} are named)`,
      );
    }
    const evicted =
      kind === 'unanswered-request' && bounds.evictedRequests > 0
        ? ` ${plural(bounds.evictedRequests, 'request')} of them ${bounds.evictedRequests === 1 ? 'was' : 'were'} given up before the end, when more than ${formatCount(bounds.limits.pending)} requests awaited an answer at once.`
        : '';
    results.push({
      diagnosis: 'mcp-log',
      state: kind,
      severity: severityOf('mcp-log', kind),
      call: null,
      detail: `${detail}${evicted}`,
      problems,
      repairs,
    });
  }
  if (results.length === 0) {
    results.push({
      diagnosis: 'mcp-log',
      state: 'all-paired',
      severity: severityOf('mcp-log', 'all-paired'),
      call: null,
      detail: `${plural(counts.messages, 'message')}, every one paired: ${plural(counts.exchanges, 'tools/call request')} answered, each judged against the latest tools/list of its session.`,
      problems: [],
      repairs: [],
    });
  }
  return { location: file, kind: 'mcp-log', results, counts };
}

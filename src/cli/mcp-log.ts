/**
 * MCP traffic, read one message at a time: a JSONL log line by line, or the JSON-RPC messages a
 * HAR of MCP's Streamable HTTP carries. Each `tools/call` is paired with its answer by session
 * and id, and with the latest `tools/list` result of its session, then audited as an exchange
 * `{ tools, call, result }`. Pure: messages in, entries out. Only what is still owed is held
 * (requests not answered yet, each session's latest tools), so a log of any length runs in
 * bounded memory; whatever pairs with nothing is counted and named in a closing entry.
 */
import { recordOf } from '../model/narrow.js';
import { idLabel, type RequestId } from '../surfaces/mcp/json-rpc.js';
import { mcpToolListOf } from '../surfaces/mcp/tools.js';
import { formatCount } from '../text/count.js';
import { plural } from '../text/plural.js';
import type { EntryInput, PendingEntry, StaleTools } from './entry.js';
import { jsonFault } from './json-fault.js';
import { type Frame, type Logged, messagesOf, toolsByShape } from './mcp-log-lines.js';
import { type Carrier, closingEntry, type Named } from './mcp-log-report.js';
import {
  type McpLogCounts,
  type McpLogLimits,
  NAMED_PER_KIND,
  type UnpairedKind,
} from './mcp-log-states.js';
import {
  calledTool,
  callLabel,
  linePlace,
  notJsonRpc,
  type Place,
  sessionLabel,
  where,
} from './mcp-log-words.js';

/**
 * The limits `audit` reads MCP logs with: far above what a real log holds at once (a client
 * keeps a handful of calls in flight), and low enough that a hostile log stays in bounded memory.
 *
 * @example
 * mcpLogReader('traffic.jsonl', { ...MCP_LOG_LIMITS, pending: 100 });
 */
export const MCP_LOG_LIMITS: McpLogLimits = {
  pending: 10_000,
  sessions: 10_000,
  distinctToolLists: 64,
};

/**
 * What a server sends when its tools change; the client is to list them again
 * (https://modelcontextprotocol.io/specification/2025-11-25/server/tools#list-changed-notification).
 */
const TOOLS_CHANGED = 'notifications/tools/list_changed';

/** A request sent and not answered yet. */
interface Pending {
  place: Place;
  session: Session;
  id: RequestId;
  direction: string | undefined;
  method: string;
  /** `tools/call`: the message as logged, and its session's tools when it was sent. */
  call: unknown;
  tools: unknown;
  /** `tools/call` sent while the session's tools were stale: what the log knew of them. */
  stale: StaleTools | undefined;
  /** `tools/list`: a later page (`params.cursor`), whose tools add to the ones before. */
  page: boolean;
  cancelled: boolean;
}

/** What is remembered of a session: its label, its latest tools/list result, and whether it is stale. */
interface Session {
  key: string;
  label: string | null;
  /** The tools/list result `{ tools }`, or `undefined` until one arrives. */
  tools: { tools: unknown[] } | undefined;
  /** Where that result was read. */
  listedAt: string | undefined;
  /**
   * Where the server last said its tools changed, when no tools/list result came after it: the
   * tools held are stale until the next one.
   */
  changedAt: string | undefined;
}

/**
 * The reader of one MCP log: feed it messages in order, then call `end()` once. `line` reads a
 * JSONL line; `text` the JSON of one message (or batch, or proxy line) wherever it sits, as a
 * HAR's bodies and SSE events do.
 *
 * @example
 * const log = mcpLogReader('traffic.jsonl');
 * for (const [at, text] of lines.entries()) for (const entry of log.line(text, at + 1)) audit(entry);
 * for (const entry of log.end()) audit(entry);
 */
export interface McpLogReader {
  line(text: string, lineNumber: number): PendingEntry[];
  text(text: string, place: Place, frame?: Frame): PendingEntry[];
  end(): PendingEntry[];
}

/**
 * Reads one MCP log. `file` prefixes every location (`file:14 (session a, id 7, answered on
 * line 17)`); the closing entry is located at `file`. `carrier` words what held the messages
 * that did not read: a JSONL log's lines, or a HAR's bodies and events.
 *
 * @example
 * const log = mcpLogReader('traffic.jsonl');
 * log.line('{"jsonrpc":"2.0","id":1,"method":"tools/list"}', 1); // []
 */
export function mcpLogReader(
  file: string,
  limits: McpLogLimits = MCP_LOG_LIMITS,
  carrier: Carrier = 'jsonl',
): McpLogReader {
  const counts: McpLogCounts = { logs: 1, messages: 0, exchanges: 0, toolLists: 0, unpaired: {} };
  const named = new Map<UnpairedKind, Named[]>();
  // Keyed by session and id; two requests share a key only when both sides of a session use
  // the same id at once, so the list is short.
  const pending = new Map<string, Pending[]>();
  let pendingCount = 0;
  const sessions = new Map<string, Session>();
  let forgottenSessions = 0;
  // Sessions of one server list the same tools: one copy, whatever the number of sessions.
  const distinctLists = new Map<string, { tools: unknown[] }>();
  let evictedRequests = 0;

  const note = (kind: UnpairedKind, item: Named) => {
    counts.unpaired[kind] = (counts.unpaired[kind] ?? 0) + 1;
    const list = named.get(kind) ?? [];
    if (list.length === 0) named.set(kind, list);
    if (list.length < NAMED_PER_KIND) list.push(item);
  };

  const sessionOf = (value: unknown): Session => {
    const key = value === undefined ? '' : (JSON.stringify(value) ?? '');
    const known = sessions.get(key);
    if (known !== undefined) return known;
    const session: Session = {
      key,
      label: sessionLabel(value),
      tools: undefined,
      listedAt: undefined,
      changedAt: undefined,
    };
    sessions.set(key, session);
    if (sessions.size > limits.sessions) {
      // Map order is insertion order, refreshed when tools arrive: the first listed longest ago.
      const [oldest] = sessions.keys();
      if (oldest !== undefined && oldest !== key) {
        sessions.delete(oldest);
        forgottenSessions += 1;
      }
    }
    return session;
  };

  const givenUp = (request: Pending, why: string): PendingEntry[] => {
    const method = request.method === 'tools/call' ? callLabel(request.call) : request.method;
    note(request.cancelled ? 'cancelled-request' : 'unanswered-request', {
      at: request.place.said,
      text: `${method} (${where(request.session.label, request.id)})${why}`,
    });
    return request.method === 'tools/call' ? [unansweredCall(file, request)] : [];
  };

  const hold = (request: Pending): PendingEntry[] => {
    const key = pendingKey(request.session.key, request.id);
    const same = pending.get(key);
    const out: PendingEntry[] = [];
    if (same === undefined) {
      pending.set(key, [request]);
    } else {
      // The same side sending an id still awaiting its answer: JSON-RPC forbids it, and the
      // first can no longer be told from the second, so it is given up.
      const reused = same.findIndex((held) => held.direction === request.direction);
      if (reused !== -1) {
        const [old] = same.splice(reused, 1);
        pendingCount -= 1;
        if (old !== undefined) {
          out.push(...givenUp(old, `: its id was sent again ${request.place.on}`));
        }
      }
      same.push(request);
    }
    pendingCount += 1;
    if (pendingCount > limits.pending) {
      const [oldestKey] = pending.keys();
      const list = oldestKey === undefined ? undefined : pending.get(oldestKey);
      const oldest = list?.shift();
      if (oldestKey !== undefined && list?.length === 0) pending.delete(oldestKey);
      if (oldest !== undefined) {
        pendingCount -= 1;
        evictedRequests += 1;
        out.push(
          ...givenUp(
            oldest,
            `: given up after ${formatCount(limits.pending)} later requests went unanswered`,
          ),
        );
      }
    }
    return out;
  };

  /** The request a response answers: same session and id, sent the other way. */
  const answered = (session: Session, id: RequestId, direction: string | undefined) => {
    const key = pendingKey(session.key, id);
    const list = pending.get(key);
    if (list === undefined) return undefined;
    const index = list.findIndex(
      (held) =>
        held.direction === undefined || direction === undefined || held.direction !== direction,
    );
    if (index === -1) return undefined;
    const [request] = list.splice(index, 1);
    if (list.length === 0) pending.delete(key);
    pendingCount -= 1;
    return request;
  };

  const setTools = (session: Session, tools: unknown[], page: boolean, place: Place) => {
    counts.toolLists += 1;
    const all = page && session.tools ? [...session.tools.tools, ...tools] : tools;
    const text = JSON.stringify(all) ?? '';
    let shared = distinctLists.get(text);
    if (shared === undefined) {
      shared = { tools: all };
      // A log whose every session lists other tools keeps only the latest lists.
      if (distinctLists.size >= limits.distinctToolLists) distinctLists.clear();
      distinctLists.set(text, shared);
    }
    session.tools = shared;
    session.listedAt = place.said;
    // A tools/list answered after the server said its tools changed is the list as it is now.
    session.changedAt = undefined;
    // Refresh the session's place, so the one forgotten first is the one that listed longest ago.
    sessions.delete(session.key);
    sessions.set(session.key, session);
  };

  /** What a call sent now knows of its session's tools, when the server said they changed. */
  const staleOf = (session: Session, call: unknown): StaleTools | undefined => {
    if (session.changedAt === undefined || session.tools === undefined) return undefined;
    const name = calledTool(call);
    return {
      listedAt: session.listedAt ?? null,
      changedAt: session.changedAt,
      listed: session.tools.tools.some((tool) => recordOf(tool)?.name === name),
    };
  };

  const onMessage = (logged: Logged, place: Place): PendingEntry[] => {
    const { message } = logged;
    const session = sessionOf(logged.session);
    switch (message.kind) {
      case 'request': {
        const call = message.method === 'tools/call';
        if (call && session.tools === undefined) {
          note('call-before-tools-list', {
            at: place.said,
            text: `${callLabel(logged.value)} (${where(session.label, message.id)})${forgottenSessions > 0 ? `; the tools of ${plural(forgottenSessions, 'session')} had been forgotten by then, past ${formatCount(limits.sessions)} sessions at once` : ''}`,
          });
        }
        return hold({
          place,
          session,
          id: message.id,
          direction: logged.direction,
          method: message.method,
          call: call ? logged.value : undefined,
          tools: call ? session.tools : undefined,
          stale: call ? staleOf(session, logged.value) : undefined,
          page: message.method === 'tools/list' && message.params?.cursor !== undefined,
          cancelled: false,
        });
      }
      case 'notification': {
        if (message.method === TOOLS_CHANGED) session.changedAt = place.said;
        if (message.method === 'notifications/cancelled') {
          const id = message.params?.requestId;
          if (typeof id === 'string' || typeof id === 'number') {
            // Sent by the side that made the request, so the same way as it.
            const list = pending.get(pendingKey(session.key, id));
            const request = list?.find(
              (held) =>
                held.direction === undefined ||
                logged.direction === undefined ||
                held.direction === logged.direction,
            );
            if (request !== undefined) request.cancelled = true;
          }
        }
        return [];
      }
      case 'result':
      case 'error': {
        const request =
          message.id === null ? undefined : answered(session, message.id, logged.direction);
        if (request === undefined) return orphan(logged, session, place);
        if (request.method === 'tools/call') {
          counts.exchanges += 1;
          return [exchangeEntry(file, request, logged.value, place)];
        }
        if (request.method === 'tools/list' && message.kind === 'result') {
          const list = mcpToolListOf(message.result, '');
          if (list !== undefined && !Array.isArray(message.result)) {
            setTools(session, list.tools, request.page, place);
          }
        }
        return [];
      }
    }
  };

  const orphan = (logged: Logged, session: Session, place: Place): PendingEntry[] => {
    const { message } = logged;
    const id = message.kind === 'result' || message.kind === 'error' ? message.id : null;
    // A tools/list result whose request is not in the log (it began mid-session) is still
    // the session's tools: recognised by its shape, every tool named with an inputSchema.
    const tools = message.kind === 'result' ? toolsByShape(message.result) : undefined;
    if (tools !== undefined) setTools(session, tools, false, place);
    note('orphan-response', {
      at: place.said,
      text: `${message.kind === 'error' ? 'an error' : 'a result'} for ${id === null ? 'id null' : `id ${idLabel(id)}`}${session.label === null ? '' : ` in session ${session.label}`}${tools === undefined ? '' : ', read as a tools/list result by its shape'}`,
    });
    return [];
  };

  /** One message's text; `opening` when it starts its file, where an editor may put a BOM. */
  const read = (text: string, place: Place, opening: boolean, frame?: Frame): PendingEntry[] => {
    if (text.trim() === '') return [];
    let value: unknown;
    try {
      value = JSON.parse(opening && text.charCodeAt(0) === 0xfeff ? text.slice(1) : text);
    } catch {
      note('unparseable-line', { at: place.said, text: jsonFault(text) });
      return [];
    }
    const messages = messagesOf(value, frame);
    if (messages === undefined) {
      note('not-json-rpc', { at: place.said, text: notJsonRpc(value) });
      return [];
    }
    const out: PendingEntry[] = [];
    for (const logged of messages) {
      counts.messages += 1;
      out.push(...onMessage(logged, place));
    }
    return out;
  };

  return {
    line: (line, lineNumber) => read(line, linePlace(lineNumber), lineNumber === 1),
    text: (text, place, frame) => read(text, place, false, frame),
    end() {
      const out: PendingEntry[] = [];
      const left = [...pending.values()].flat().sort((a, b) => a.place.order - b.place.order);
      pending.clear();
      pendingCount = 0;
      for (const request of left) out.push(...givenUp(request, ''));
      const input: EntryInput = closingEntry(
        file,
        counts,
        named,
        { evictedRequests, limits },
        carrier,
      );
      out.push({ location: file, open: () => input });
      return out;
    },
  };
}

function exchangeEntry(
  file: string,
  request: Pending,
  result: unknown,
  answer: Place,
): PendingEntry {
  const location = `${file}:${request.place.at} (${where(request.session.label, request.id)}, answered ${answer.on})`;
  return callEntry(location, request, { result });
}

/** A call never answered: its arguments can still be judged, and it has no result to judge. */
function unansweredCall(file: string, request: Pending): PendingEntry {
  const location = `${file}:${request.place.at} (${where(request.session.label, request.id)}, ${request.cancelled ? 'cancelled' : 'never answered'})`;
  return callEntry(location, request, {});
}

/**
 * A call as an entry: `{ tools, call, result? }` with the tools its session had listed when it
 * was sent. A stale list that lacks the called tool is left out, so the call is judged with its
 * tools unknown: the tool may have been added since the list was read, and a confident
 * `unknown-tool` would blame a call the server may well know.
 */
function callEntry(location: string, request: Pending, answer: { result?: unknown }): PendingEntry {
  const { stale } = request;
  const withTools = request.tools !== undefined && (stale === undefined || stale.listed);
  const payload = withTools
    ? { tools: request.tools, call: request.call, ...answer }
    : { call: request.call, ...answer };
  const input: EntryInput =
    stale === undefined
      ? { location, kind: 'payload', payload }
      : { location, kind: 'payload', payload, staleTools: stale };
  return { location, open: () => input };
}

function pendingKey(session: string, id: RequestId): string {
  // 1 and "1" are different ids: JSON-RPC answers with the id exactly as it was sent.
  return `${session}\u0000${idLabel(id)}`;
}

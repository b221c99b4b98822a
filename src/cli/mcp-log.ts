/**
 * A JSONL log of MCP traffic, read one line at a time: each `tools/call` paired with its answer
 * by session and id, and with the latest `tools/list` result of its session, then audited as an
 * exchange `{ tools, call, result }`. Pure: lines in, entries out. Only what is still owed is
 * held (requests not answered yet, each session's latest tools), so a log of any length runs
 * in bounded memory; whatever pairs with nothing is counted and named in a closing entry.
 */
import { recordOf } from '../model/narrow.js';
import { type JsonRpcMessage, jsonRpcMessage, type RequestId } from '../surfaces/mcp/json-rpc.js';
import { mcpToolListOf } from '../surfaces/mcp/tools.js';
import { describeValue, previewJson } from '../text/describe-value.js';
import { plural } from '../text/plural.js';
import type { EntryInput, PendingEntry } from './entry.js';
import { closingEntry, type Named } from './mcp-log-report.js';
import {
  type McpLogCounts,
  type McpLogLimits,
  NAMED_PER_KIND,
  type UnpairedKind,
} from './mcp-log-states.js';
import { jsonFault } from './recordings.js';

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

/** A request sent and not answered yet. */
interface Pending {
  line: number;
  session: Session;
  id: RequestId;
  direction: string | undefined;
  method: string;
  /** `tools/call`: the message as logged, and its session's tools when it was sent. */
  call: unknown;
  tools: unknown;
  /** `tools/list`: a later page (`params.cursor`), whose tools add to the ones before. */
  page: boolean;
  cancelled: boolean;
}

/** What is remembered of a session: its label and its latest tools/list result. */
interface Session {
  key: string;
  label: string | null;
  /** The tools/list result `{ tools }`, or `undefined` until one arrives. */
  tools: { tools: unknown[] } | undefined;
}

/** One message of a line, with where it came from. */
interface Logged {
  message: JsonRpcMessage;
  value: unknown;
  session: unknown;
  direction: string | undefined;
}

/**
 * The reader of one MCP log: feed it lines in order, then call `end()` once.
 *
 * @example
 * const log = mcpLogReader('traffic.jsonl');
 * for (const [at, text] of lines.entries()) for (const entry of log.line(text, at + 1)) audit(entry);
 * for (const entry of log.end()) audit(entry);
 */
export interface McpLogReader {
  line(text: string, lineNumber: number): PendingEntry[];
  end(): PendingEntry[];
}

/**
 * Whether a parsed JSONL line looks like MCP traffic: a JSON-RPC message that says so
 * (`"jsonrpc": "2.0"`, or a `method`), a batch of them, or a proxy's `{ session, message }`.
 *
 * @example
 * isMcpLogLine({ session: 'a', direction: 'in', message: { jsonrpc: '2.0', id: 1, method: 'tools/list' } }); // true
 * isMcpLogLine({ custom_id: 'r1', result: { type: 'succeeded' } }); // false
 */
export function isMcpLogLine(value: unknown): boolean {
  const record = recordOf(value);
  if (record === undefined) {
    return Array.isArray(value) && value.length > 0 && value.every(saysJsonRpc);
  }
  if (saysJsonRpc(record)) return true;
  return Object.hasOwn(record, 'message') && isMcpLogLine(record.message);
}

/**
 * Whether a value is a JSON-RPC message: JSON-RPC 2.0 requires `"jsonrpc": "2.0"` in every
 * message, and the MCP SDKs always send it, so a line with a `method` but without it (an
 * application's own event log, `{"type":"request","method":"call_tool"}`) is none.
 */
function saysJsonRpc(value: unknown): boolean {
  const record = recordOf(value);
  return record !== undefined && record.jsonrpc === '2.0' && jsonRpcMessage(record) !== undefined;
}

/**
 * Reads one MCP log. `file` prefixes every location (`file:14 (session a, id 7, answered on
 * line 17)`); the closing entry is located at `file`.
 *
 * @example
 * const log = mcpLogReader('traffic.jsonl');
 * log.line('{"jsonrpc":"2.0","id":1,"method":"tools/list"}', 1); // []
 */
export function mcpLogReader(file: string, limits: McpLogLimits = MCP_LOG_LIMITS): McpLogReader {
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
    const session: Session = { key, label: sessionLabel(value), tools: undefined };
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
      line: request.line,
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
          out.push(...givenUp(old, `: its id was sent again on line ${request.line}`));
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
            `: given up after ${limits.pending.toLocaleString('en-US')} later requests went unanswered`,
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

  const setTools = (session: Session, tools: unknown[], page: boolean) => {
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
    // Refresh the session's place, so the one forgotten first is the one that listed longest ago.
    sessions.delete(session.key);
    sessions.set(session.key, session);
  };

  const onMessage = (logged: Logged, line: number): PendingEntry[] => {
    const { message } = logged;
    const session = sessionOf(logged.session);
    switch (message.kind) {
      case 'request': {
        const call = message.method === 'tools/call';
        if (call && session.tools === undefined) {
          note('call-before-tools-list', {
            line,
            text: `${callLabel(logged.value)} (${where(session.label, message.id)})${forgottenSessions > 0 ? `; the tools of ${plural(forgottenSessions, 'session')} had been forgotten by then, past ${limits.sessions.toLocaleString('en-US')} sessions at once` : ''}`,
          });
        }
        return hold({
          line,
          session,
          id: message.id,
          direction: logged.direction,
          method: message.method,
          call: call ? logged.value : undefined,
          tools: call ? session.tools : undefined,
          page: message.method === 'tools/list' && message.params?.cursor !== undefined,
          cancelled: false,
        });
      }
      case 'notification': {
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
        if (request === undefined) return orphan(logged, session, line);
        if (request.method === 'tools/call') {
          counts.exchanges += 1;
          return [exchangeEntry(file, request, logged.value, line)];
        }
        if (request.method === 'tools/list' && message.kind === 'result') {
          const list = mcpToolListOf(message.result, '');
          if (list !== undefined && !Array.isArray(message.result)) {
            setTools(session, list.tools, request.page);
          }
        }
        return [];
      }
    }
  };

  const orphan = (logged: Logged, session: Session, line: number): PendingEntry[] => {
    const { message } = logged;
    const id = message.kind === 'result' || message.kind === 'error' ? message.id : null;
    // A tools/list result whose request is not in the log (it began mid-session) is still
    // the session's tools: recognised by its shape, every tool named with an inputSchema.
    const tools = message.kind === 'result' ? toolsByShape(message.result) : undefined;
    if (tools !== undefined) setTools(session, tools, false);
    note('orphan-response', {
      line,
      text: `${message.kind === 'error' ? 'an error' : 'a result'} for ${id === null ? 'id null' : `id ${idLabel(id)}`}${session.label === null ? '' : ` in session ${session.label}`}${tools === undefined ? '' : ', read as a tools/list result by its shape'}`,
    });
    return [];
  };

  return {
    line(text, lineNumber) {
      if (text.trim() === '') return [];
      let value: unknown;
      try {
        value = JSON.parse(
          lineNumber === 1 && text.charCodeAt(0) === 0xfeff ? text.slice(1) : text,
        );
      } catch {
        note('unparseable-line', {
          line: lineNumber,
          text: jsonFault(text),
        });
        return [];
      }
      const messages = messagesOf(value);
      if (messages === undefined) {
        note('not-json-rpc', { line: lineNumber, text: notJsonRpc(value) });
        return [];
      }
      const out: PendingEntry[] = [];
      for (const logged of messages) {
        counts.messages += 1;
        out.push(...onMessage(logged, lineNumber));
      }
      return out;
    },
    end() {
      const out: PendingEntry[] = [];
      const left = [...pending.values()].flat().sort((a, b) => a.line - b.line);
      pending.clear();
      pendingCount = 0;
      for (const request of left) out.push(...givenUp(request, ''));
      const input: EntryInput = closingEntry(file, counts, named, { evictedRequests, limits });
      out.push({ location: file, open: () => input });
      return out;
    },
  };
}

/** The messages of a line, or `undefined` when it holds none (or anything that is none). */
function messagesOf(value: unknown): Logged[] | undefined {
  const record = recordOf(value);
  const wrapped =
    record !== undefined &&
    jsonRpcMessage(record) === undefined &&
    Object.hasOwn(record, 'message');
  const inner = wrapped ? record.message : value;
  const session = wrapped ? (record.session ?? record.sessionId) : undefined;
  const direction = wrapped && typeof record.direction === 'string' ? record.direction : undefined;
  // JSON-RPC batches: each message of the array, in order.
  const items = Array.isArray(inner) ? inner : [inner];
  if (items.length === 0) return undefined;
  const logged: Logged[] = [];
  for (const item of items) {
    const message = saysJsonRpc(item) ? jsonRpcMessage(item) : undefined;
    if (message === undefined) return undefined;
    logged.push({ message, value: item, session, direction });
  }
  return logged;
}

/** A tools/list result known by its shape: `{ tools: [...] }`, each named, with an inputSchema. */
function toolsByShape(result: unknown): unknown[] | undefined {
  const tools = recordOf(result)?.tools;
  if (!Array.isArray(tools) || tools.length === 0) return undefined;
  const every = tools.every((tool) => {
    const record = recordOf(tool);
    return typeof record?.name === 'string' && Object.hasOwn(record, 'inputSchema');
  });
  return every ? tools : undefined;
}

function exchangeEntry(
  file: string,
  request: Pending,
  result: unknown,
  line: number,
): PendingEntry {
  const location = `${file}:${request.line} (${where(request.session.label, request.id)}, answered on line ${line})`;
  const payload =
    request.tools === undefined
      ? { call: request.call, result }
      : { tools: request.tools, call: request.call, result };
  return { location, open: () => ({ location, kind: 'payload', payload }) };
}

/** A call never answered: its arguments can still be judged, and it has no result to judge. */
function unansweredCall(file: string, request: Pending): PendingEntry {
  const location = `${file}:${request.line} (${where(request.session.label, request.id)}, ${request.cancelled ? 'cancelled' : 'never answered'})`;
  const payload =
    request.tools === undefined
      ? { call: request.call }
      : { tools: request.tools, call: request.call };
  return { location, open: () => ({ location, kind: 'payload', payload }) };
}

function pendingKey(session: string, id: RequestId): string {
  // 1 and "1" are different ids: JSON-RPC answers with the id exactly as it was sent.
  return `${session}\u0000${typeof id === 'number' ? 'n' : 's'}${id}`;
}

/**
 * An id as a message shows it: a number bare, a string quoted, so `1` and `"1"` read apart.
 *
 * @example
 * idLabel(7); // '7'
 * idLabel('7'); // '"7"'
 */
export function idLabel(id: RequestId): string {
  return typeof id === 'number' ? String(id) : JSON.stringify(id);
}

/** A session as a location shows it: bare when plain, quoted when it could be misread. */
function sessionLabel(value: unknown): string | null {
  if (value === undefined) return null;
  if (typeof value === 'number') return String(value);
  if (
    typeof value === 'string' &&
    /^[A-Za-z0-9_.:/@-]{1,80}$/.test(value) &&
    !/^[\d.]+$/.test(value)
  ) {
    return value;
  }
  return previewJson(value, 80);
}

function where(session: string | null, id: RequestId): string {
  return `${session === null ? '' : `session ${session}, `}id ${idLabel(id)}`;
}

/** `tools/call "get_order"`, from a logged request. */
function callLabel(call: unknown): string {
  const params = recordOf(recordOf(call)?.params);
  const name = params?.name;
  return typeof name === 'string'
    ? `tools/call ${JSON.stringify(name.length > 60 ? `${name.slice(0, 60)}…` : name)}`
    : 'tools/call (no tool name)';
}

function notJsonRpc(value: unknown): string {
  const record = recordOf(value);
  if (record === undefined) return `${describeValue(value)}, not a JSON-RPC message`;
  if (record.jsonrpc !== '2.0' && jsonRpcMessage(record) !== undefined) {
    return `${describeValue(value)}: no "jsonrpc": "2.0", which every JSON-RPC message carries`;
  }
  return `${describeValue(value)}: no method, and no result or error with an id`;
}

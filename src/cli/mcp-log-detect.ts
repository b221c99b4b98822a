/**
 * Which kind of JSONL a file is, decided from its first lines: one payload a line (batch
 * results, responses, exchanges), each its own entry; or a log of MCP traffic, whose lines are
 * read together by {@link mcpLogReader}. Pure: lines in, entries out.
 */
import { readTurn } from '../diagnose/turn.js';
import type { PendingEntry } from './entry.js';
import { type McpLogReader, mcpLogReader } from './mcp-log.js';
import { isMcpLogLine } from './mcp-log-lines.js';
import { lineEntries } from './recordings.js';

/** Lines of JSON looked at before deciding: a log opens with initialize and tools/list. */
const LOOK_AT = 5;
/** Lines held at most while deciding, JSON or not: a broken opening cannot hold a file back. */
const HOLD_AT_MOST = 20;

/**
 * How a parsed line votes: `mcp` for MCP traffic, `payload` for something the model readers
 * take (a response, an exchange, a batch results line), `neither` for the rest.
 */
function voteOf(value: unknown): 'mcp' | 'payload' | 'neither' {
  if (isMcpLogLine(value)) return 'mcp';
  const read = readTurn(value);
  return read.ok && read.turn.surface !== 'mcp' ? 'payload' : 'neither';
}

/**
 * Reads one JSONL file line by line, holding its first lines until its kind is known: an MCP
 * log when one of its first lines of JSON is a JSON-RPC message (or a proxy's `{ session,
 * message }`) and none is a model payload; otherwise one entry a line, as `.jsonl` always was.
 *
 * @example
 * const reader = jsonlReader('traffic.jsonl');
 * for await (const line of lines) for (const entry of reader.line(line, ++n)) yield entry;
 * for (const entry of reader.end()) yield entry;
 */
export function jsonlReader(file: string): {
  line(text: string, lineNumber: number): PendingEntry[];
  end(): PendingEntry[];
  /** What the file was judged to be, once judged: an MCP log, or one entry a line. */
  kind(): 'mcp-log' | 'lines' | null;
} {
  const held: Array<[string, number]> = [];
  let votes = { mcp: 0, payload: 0, json: 0 };
  let log: McpLogReader | null = null;
  let decided = false;

  const asEntries = (text: string, lineNumber: number): PendingEntry[] => {
    if (log !== null) return log.line(text, lineNumber);
    return lineEntries(text, lineNumber, file);
  };
  const decide = (): PendingEntry[] => {
    decided = true;
    if (votes.mcp > 0 && votes.payload === 0) log = mcpLogReader(file);
    const out = held.flatMap(([text, lineNumber]) => asEntries(text, lineNumber));
    held.length = 0;
    votes = { mcp: 0, payload: 0, json: 0 };
    return out;
  };

  return {
    line(text, lineNumber) {
      if (decided) return asEntries(text, lineNumber);
      held.push([text, lineNumber]);
      if (text.trim() !== '') {
        try {
          const value: unknown = JSON.parse(text.charCodeAt(0) === 0xfeff ? text.slice(1) : text);
          votes.json += 1;
          const vote = voteOf(value);
          if (vote !== 'neither') votes[vote] += 1;
        } catch {
          // Not JSON: it decides nothing, and is reported once the kind is known.
        }
      }
      return votes.json >= LOOK_AT || votes.payload > 0 || held.length >= HOLD_AT_MOST
        ? decide()
        : [];
    },
    end() {
      const out = decided ? [] : decide();
      return log === null ? out : [...out, ...(log as McpLogReader).end()];
    },
    kind: () => (!decided ? null : log === null ? 'lines' : 'mcp-log'),
  };
}

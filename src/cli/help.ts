/**
 * The `--help` texts. Pure; the finding lists are read from the severity table, so the help
 * always says what the exit code does.
 */
import { SURFACE_IDS } from '../registry/index.js';
import { mcp } from '../surfaces/mcp/index.js';
import type { HelpTopic } from './args.js';
import {
  DIAGNOSES,
  DIAGNOSIS_TABLE,
  type ResultKind,
  type Severity,
  type Subject,
  statesWith,
} from './findings.js';

/**
 * The help for a topic, ending with a newline.
 *
 * @example
 * helpText('audit', '0.1.0').startsWith('Usage: tool-call-health audit'); // true
 */
export function helpText(topic: HelpTopic, version: string): string {
  switch (topic) {
    case 'main':
      return mainHelp(version);
    case 'audit':
      return auditHelp();
    case 'fetch':
      return fetchHelp();
    case 'merge':
      return mergeHelp();
  }
}

/**
 * The one line pointing from a usage error to the help that answers it.
 *
 * @example
 * helpHint('audit'); // "Run 'tool-call-health audit --help' for usage."
 */
export function helpHint(topic: HelpTopic): string {
  return topic === 'main'
    ? "Run 'tool-call-health --help' for usage."
    : `Run 'tool-call-health ${topic} --help' for usage.`;
}

function mainHelp(version: string): string {
  return `tool-call-health ${version}
Audit recorded LLM tool calls: arguments that break their schema, output cut by the token
ceiling, and parallel calls that void the strict-schema guarantee.

Usage:
  tool-call-health audit [options] <paths...>   audit recordings: HAR, JSON, JSONL, SSE
  tool-call-health fetch [options]              fetch OpenAI stored responses or Anthropic
                                                batch results, and audit them (or --save them)
  tool-call-health merge [options] <files...>   make the --json reports of audit --shard i/n
                                                runs one report, as one run writes it
  tool-call-health help [audit|fetch|merge]     the help of a command
  tool-call-health --version                    the version

Exit codes:
  0    no finding
  1    findings
  2    a usage error, nothing readable, or a key the provider refused
  130  interrupted (Ctrl-C): the summary so far is printed first
  143  stopped by SIGTERM (a cancelled CI job, kill): the same, with its own code

Run 'tool-call-health <command> --help' for a command's options.
`;
}

function mergeHelp(): string {
  return `Usage: tool-call-health merge [options] <files...>

Makes the --json reports of 'audit --shard i/n' runs (every i of one n, each audited with the
same paths and options) the report one unsharded run writes: the same entries in the same
order, the same totals, the same exit code.

Options:
  --json         the merged report as JSON (the same shape as audit --json)
  --html FILE    also write the merged report as one self-contained page
  -h, --help     this help

Refused, naming the reports: another report version (other tool-call-health versions of the
same report version are merged, with a warning), other --only, paths or --show-all, a report
compared with --baseline (merge first, then compare), a whole run's report, and shards that
overlap or leave a gap. A shard stopped before it was done makes the merged report incomplete.

Exit codes: 0 no finding, 1 findings, 2 reports that cannot be merged.
`;
}

function auditHelp(): string {
  return `Usage: tool-call-health audit [options] <paths...>

${diagnosesParagraph()}

Recordings, by extension:
  .har    HAR 1.2: one entry per entries[i], read with its request. text/event-stream bodies
          are reassembled first; JSONL bodies (batch results) give one entry per line. Entries
          without a 2xx response are skipped. MCP's Streamable HTTP traffic (a POST of JSON-RPC,
          answered with application/json or text/event-stream, or a request with an
          Mcp-Session-Id header) is read as an MCP log (below): its messages are paired by the
          Mcp-Session-Id header and id, and located by the entries that carry them.
  .json   one response, an exchange {"request","response"}, a batch results line, a request
          body, an array of these (one entry each), or a HAR document.
  .jsonl  one of the above per line, e.g. an Anthropic batch results file. Blank lines are
          ignored; a line that is not JSON is reported (cut short, or malformed and where).
          Or a log of MCP traffic, told apart by its first lines: one JSON-RPC message per
          line (a batch array too), or {"session", "message"} as a proxy logs it (a
          "direction" and a "timestamp" beside them are fine). Each tools/call is paired
          with its answer by session and id (1 and "1" are different ids; with "direction",
          an answer comes the other way) and with the latest tools/list result of its
          session before it, then audited: dispatch judges its arguments against the
          inputSchema, result its structuredContent against the outputSchema. What pairs
          with nothing is counted and its first 10 lines named, in an entry at the log's
          path. Only requests awaiting an answer are held, so a log of any length streams.
          After notifications/tools/list_changed, a session's tools are stale until its next
          tools/list result: a call to a tool they lack is judged with its tools unknown (it
          may have been added), a call to one they hold says its schemas may have changed.
  .ndjson the same as .jsonl.
  .log    read by its first line: JSON makes it JSON Lines, an SSE field (data:, event:)
          a transcript; any other text log is listed as skipped, saying why.
  .sse    an SSE transcript (data: lines), reassembled and then diagnosed.
  .txt    the same, when it holds data: lines; other text files are skipped.
Each also gzipped (.jsonl.gz, read through gunzip as it streams) and rotated (worker.jsonl.1,
app.log.2025-10-06). In a folder, every other file is listed as skipped with its extension, so
nothing is left out unsaid. JSONL, SSE and HAR files are streamed (a HAR entry by entry), so
memory stays flat however large they are; a .json file is one document, read whole. A HAR
that stops being JSON keeps the entries before the break, and the break is one unreadable
entry (at the entry the file ends inside, or at the file).

Locations:
  file                 a .json, .sse or .txt file
  file:entries[i]      HAR entry i (from 0)
  file:N               JSONL line N (from 1)
  file:entries[i]:N    line N of a HAR entry's JSONL body
  file:[i]             element i of a JSON array
  file:N (session s, id 7, answered on line M)
                       a tools/call on line N of an MCP log, and its answer ("never
                       answered" or "cancelled" when it got none); "session s, " only
                       when the log names sessions. An id is written as sent: id 7 and
                       id "7" are two ids
  file:entries[i] (session s, id 7, answered in entries[i] response event 1)
                       the same in a HAR of Streamable HTTP traffic

Options:
  --json              print one JSON report instead of text (shape below); --format json
  --format <f>        text (the default: each entry with its evidence and repairs, each
                      repair printed once and then named by its number), lines (one line
                      per result: location, severity, diagnosis, state, call and the
                      detail's first sentence, for grep), or json
  --show-all          list notes and healthy results too, not only findings
  --only <names>      run only these diagnoses (${DIAGNOSES.join(', ')});
                      repeat the option or separate with commas (--only dispatch,strict)
  --shard <i/n>       audit only shard i of n (1-based), reading only its share: whole files,
                      and parts of a large JSONL (a part holds the lines that start in its
                      bytes, each at its line number in the file). Each shard plans the split
                      alone from the files' paths and sizes, so n machines given the same
                      relative paths to the same files read every entry exactly once, and the
                      shards' counts add up to one run's. HAR, JSON, SSE and gzipped files go
                      whole, and so does a JSONL that is an MCP log (to the shard of its first
                      part). The summary says what the shard read and what it left to the
                      others. A shard left empty exits 0.
  --baseline <file>   compare with a previous run's --json report: list only entries with
                      findings the previous run did not have, end the summary with how many
                      are new, fixed and remaining, and exit 1 only on new ones. Findings are
                      matched by their entry's key (its response id, else its call ids, else
                      a hash of the payload), diagnosis, state and tool, never by location.
  --html <file>       also write the report as one self-contained HTML page: totals per
                      diagnosis and state, tables by tool and by model, a histogram of output
                      tokens as a share of the ceiling, the strict exposure, and the entries
                      --json would list, filterable by state, tool, model and file (the
                      filter is kept in the URL's #fragment). It fetches nothing when opened.
  -q, --quiet         no progress on stderr. On a terminal, a line shows the entries audited,
                      the rate, the bytes read of all there are and the time left; elsewhere
                      (a CI log) the same line is printed every 10 s.
  --jobs <n>          audit with n worker threads (1 to 64; default 1). The output is the
                      same as with one: the same entries in the same order, the same summary
                      and exit code. Each job reads every file and audits its blocks of 256
                      entries in turn, so it pays on many cores and a large corpus: on 2
                      cores and 200 MB of JSONL, 2 jobs took 5.0 s against one job's 6.2 s.
  -h, --help          this help

What counts as a finding (exit code 1):
${severityLines('finding')}
Notes (listed with --show-all; never a finding):
${severityLines('note')}
Healthy (listed with --show-all):
${severityLines('healthy')}
Skipped entries are valid JSON that is no model payload (a manifest, a batch's metadata, an
API error body), HAR entries without a 2xx response or without JSON (a browser's page, its
styles and images), .txt files without data: lines, text logs, and files of a folder that
are no recordings.
A request body on its own gets the strict diagnosis only: it has no output yet. An MCP
exchange gets dispatch and result only: a tools/call is no model output, so it has no
ceiling to be cut by and no strict flag. mcp-log results appear whatever --only says.
history judges the conversation a request (alone or in an exchange) sends back, and is
reported only for a request that holds tool calls or results.

Summary: entries audited (read, unreadable, skipped), calls checked, and the count of each
state per diagnosis, for each diagnosis that applies to what was read (an audit of MCP
traffic alone has no truncation or strict line; history appears when a request sent tool
history back). With model turns or requests read and strict run, the strict exposure
(strict-void turns over strict-void + strict-at-risk turns; "no turn at risk" when there are
none) and the argument objects that came back with no guarantee (the calls of strict-void
turns). With MCP logs, an mcp-log line: the logs, their messages, the tools/call paired with
their answers, and the count of each unpaired kind.

Exit codes: 0 no finding; 1 findings (a path that does not exist, beside others that do, is
an unreadable entry, and the rest is audited); 2 a usage error, no path given that exists, or
nothing readable (no entry was a model payload); 130 interrupted by Ctrl-C, or 143 by SIGTERM,
after printing the summary of what was audited so far (--json: a whole report, "complete":
false). On a terminal, stderr shows a progress line.

JSON report (--json), one document on stdout. Without --show-all, entries lists only entries
with findings, each with only its findings; with it, every entry and every result. Each entry
is written as soon as it is audited, so memory stays flat on any corpus; "complete" and the
summary follow the entries.
  {
    "version": 2,                      the report shape; bumped when it changes (2 added
                                       "turn" and summary.turns)
    "generator": { "name": "tool-call-health", "version": "x.y.z" },
    "command": "audit" | "fetch",
    "shard": { "index": 1, "count": 3 } | null,
    "paths": ["recordings/"],          the paths audit was given ([] for fetch); merge orders
                                       the shards' entries by them
    "only": ["dispatch", "truncation", "strict"],
    "showAll": false,
    "entries": [{
      "location": "recordings/chat.har:entries[0]",
      "key": "id:chatcmpl-…" | "calls:call_…" | "sha1:…" | "at:…",
                                       the entry across runs, as --baseline matches it
      "status": "read" | "unreadable" | "skipped" | "not-found" | "fetch-failed",
${surfaceUnion()}
      "subject": "model-output" | "model-request" | "mcp-call" | null,
                                       what was read; null when nothing was, and on an MCP
                                       log's closing entry
      "results": [{
        "diagnosis": "input" | "dispatch" | "truncation" | "strict" | "result" | "history"
                     | "mcp-log",
        "state": "arguments-violate-schema",
        "severity": "finding" | "note" | "healthy",
        "call": { "name": "issue_refund", "callId": "call_1", "at": "output[1]" } | null,
        "detail": "...",
        "problems": ["arguments.amount_cents: expected integer, got string"],
        "repairs": ["..."]
      }],
      "calls": 1,                      tool calls in the turn
      "unguaranteedArguments": 0,      its calls, when the turn is strict-void
      "mcpLog": {...}                  only on an MCP log's closing entry, as summary.mcpLogs
      "turn": { "model": "gpt-4o-2024-08-06" | null, "outputTokens": 512 | null,
                "maxOutputTokens": 512 | null, "tools": ["issue_refund"] } | null
                                       the turn read: its model, output tokens and ceiling
                                       as the payload says them, and the tools it called
    }],
    "complete": true,                  false when Ctrl-C stopped the run
    "summary": {
      "entries": { "audited", "read", "unreadable", "skipped", "notFound", "fetchFailed",
                   "withFindings" },
      "subjects": { "model-output": 40, "model-request": 2, "mcp-call": 5 },
                                       entries read, by what they are
      "calls": 47, "findings": 40, "notes": 12,
      "states": { "input": {...}, "dispatch": {...}, "truncation": {...}, "strict": {...},
                  "result": {...}, "history": {...}, "mcp-log": {...} },
                                       state -> count, only states seen, in vocabulary order
      "exposure": { "atRisk": 8, "void": 2, "rate": 0.25 },   rate is null with no turn at risk
      "unguaranteedArguments": 6,
      "mcpLogs": { "logs": 1, "messages": 1200, "exchanges": 300, "toolLists": 2,
                   "unpaired": { "orphan-response": 1, "unanswered-request": 2 } },
      "findingsByTool": { "issue_refund": 12 },        findings about a call, by tool
      "findingsByFile": { "logs/day-1.jsonl": 30 },    findings by the file holding them
      "turns": {                       every turn read, findings or not
        "models": [{ "model": "gpt-4o-2024-08-06" | null, "turns", "calls", "findings",
                     "cut" }],         cut: turns with a truncation finding
        "tools": [{ "tool": "issue_refund", "calls", "findings" }],
        "outputShare": { "turns": [21 counts], "cut": [21 counts], "unknown": 3 }
                                       turns by output tokens / ceiling, in 5% steps; the
                                       21st holds the turns that reached the ceiling
      },
      "baseline": { "file", "new", "fixed", "remaining" }      only with --baseline
      "shard": { "files": 120, "parts": 2, "bytes": 50331648,
                 "otherShards": { "files": 240, "parts": 4, "bytes": 100663296 } }
                                       only with --shard: what this shard read, and what it
                                       left to the others (whose entries it never reads)
    },
    "fetch": null                      for fetch: see 'tool-call-health fetch --help'
  }
`;
}

function fetchHelp(): string {
  return `Usage: tool-call-health fetch --ids FILE [options]
       tool-call-health fetch --batch ID [options]

Fetches what a provider stored, read only, and audits it like 'audit' (same report, same
options, same exit codes), or with --save writes it as recordings to audit later.

Sources:
  --ids FILE         OpenAI stored responses: GET {base}/responses/{id} with
                     Authorization: Bearer $OPENAI_API_KEY (and OpenAI-Organization /
                     OpenAI-Project from OPENAI_ORG_ID / OPENAI_PROJECT_ID when set).
                     One id per line: resp_ followed by letters, digits, _ or - only. Blank
                     lines and # comments are ignored, duplicates dropped, and any other line
                     is reported by its line number (never echoed) and skipped.
                     A 404 is reported as expired or never stored, and the rest go on.
  --batch ID         Anthropic Message Batch results (repeatable): GET
                     {base}/messages/batches/{id}, then its results_url (or
                     {base}/messages/batches/{id}/results when results_url names another
                     host, as behind a proxy), with x-api-key: $ANTHROPIC_API_KEY and
                     anthropic-version: 2023-06-01. The JSONL is streamed, line by line.
Both may be given; entries are located by id (resp_...) and by batch id and line (msgbatch_...:N).

Options:
  --base-url URL     the API root, for a proxy or a test server. Defaults: OPENAI_BASE_URL or
                     https://api.openai.com/v1; ANTHROPIC_BASE_URL or https://api.anthropic.com/v1
                     (/v1 is added to an Anthropic root without it, as the Anthropic SDK's
                     ANTHROPIC_BASE_URL has none). With both --ids and --batch it serves both.
  --save DIR         write what was fetched instead of auditing it: DIR/<resp_id>.json per
                     response and DIR/<msgbatch_id>.jsonl per batch, with every key redacted.
                     'tool-call-health audit DIR' reads them; so do storedResponses() and
                     batchResults() from tool-call-health/msw. Not with --json, --show-all, --only.
  --max-retries N    retries after the first try on 408, 429, 5xx or a dropped connection
                     (default 4, so at most 5 tries; 0 to 20)
  --max-wait S       the longest single wait in seconds (default 60). Waits follow retry-after
                     (seconds or an HTTP date) or retry-after-ms when sent, and otherwise back
                     off exponentially from 0.5 s with jitter; each is capped at S.
  --timeout S        give a request up when its server sends nothing for S seconds: no
                     answer, or no more of the body (default 60); it counts as a dropped
                     connection, so it is retried
  --json, --format <f>, --show-all,
  --only <names>                       as for audit
  -h, --help         this help

Keys are read from the environment only, and are never printed, saved, or put in an error
message or the JSON report. 401 or 403 stops the run with exit code 2: the key was refused.

Exit codes: 0 no finding; 1 findings (including ids given up on after the retries);
2 a usage error, a missing or refused key, or nothing fetched; 130 interrupted (143 by
SIGTERM).
With --save: 0 when everything found was saved, 1 when some ids were given up on, 2 when
nothing was saved.

JSON report: as for audit, with "command": "fetch" and
    "fetch": {
      "requested": { "responses": 3, "batches": 1 },
      "invalidIds": [{ "line": 4, "problem": "not a response id: ..." }],
      "duplicateIds": 1,
      "fetched": { "responses": 2, "batchLines": 4 },
      "notFound": ["resp_..."],
      "failed": [{ "id": "resp_...", "problem": "HTTP 503 after 5 tries" }],
      "retries": 2
    }
`;
}

/** How the help names what a diagnosis applies to. */
const SUBJECT_WORDS: Record<Subject, string> = {
  'model-output': "a model's output",
  'model-request': 'a request',
  'mcp-call': 'an MCP tools/call',
};

/**
 * The opening paragraph: the diagnoses, counted and listed from the table the audit runs them
 * from, each with what it judges and what it applies to, so the help cannot drift from the report.
 */
function diagnosesParagraph(): string {
  const listed = DIAGNOSES.map((name) => {
    const { judges, appliesTo } = DIAGNOSIS_TABLE[name];
    return `${name} (${judges}; on ${appliesTo.map((subject) => SUBJECT_WORDS[subject]).join(' or ')})`;
  });
  return wrap(
    '',
    `Reads every recording under the paths (folders recursively, in sorted order, skipping node_modules and hidden folders) and runs ${DIAGNOSES.length} diagnoses, each on the entries it applies to: ${listed.join(', ')}. Prints the findings like a linter (location, severity, diagnosis, state, call, detail, repairs), then a summary.`,
  );
}

const KIND_WIDTH = 'truncation'.length;

function severityLines(severity: Severity): string {
  const kinds: ResultKind[] = [
    'input',
    'dispatch',
    'truncation',
    'strict',
    'result',
    'history',
    'mcp-log',
  ];
  return kinds
    .map((kind) => [kind, statesWith(kind, severity)] as const)
    .filter(([, states]) => states.length > 0)
    .map(([kind, states]) => wrap(`  ${kind.padEnd(KIND_WIDTH)}  `, states.join(', ')))
    .join('\n');
}

/** Wraps a list at 92 columns, continuing under its first item. */
function wrap(prefix: string, text: string): string {
  const lines: string[] = [];
  let line = prefix;
  for (const word of text.split(' ')) {
    if (line.length + word.length > 92 && line.trim() !== '') {
      lines.push(line.trimEnd());
      line = ' '.repeat(prefix.length);
    }
    line += `${word} `;
  }
  lines.push(line.trimEnd());
  return lines.join('\n');
}

/** The report's `surface` field: every wire surface's id, and MCP's, from the registry. */
function surfaceUnion(): string {
  const ids = [...SURFACE_IDS, mcp.id].map((id) => `"${id}"`);
  const lines: string[] = [];
  let line = '      "surface":';
  for (const [index, id] of ids.entries()) {
    const word = `${index === 0 ? '' : '| '}${id}`;
    if (line.length + word.length + 1 > 86) {
      lines.push(line);
      line = ' '.repeat(16);
    }
    line += ` ${word}`;
  }
  lines.push(`${line} | null,`);
  return lines.join('\n');
}

/**
 * Recordings into entries: what each kind of file holds, and where each entry sits in it.
 * Pure: text in, entries out. The cheap structural work happens at once, so every location is
 * known; the costly work (parsing a body, reassembling a stream) waits in `open()`, so an entry
 * another shard owns is never parsed.
 */

import { type HarStreamFault, harEntryStream } from '../har/entry-stream.js';
import { isMcpHttp, mcpExchangeMessages } from '../har/mcp.js';
import { harExchanges, type RecordedExchange } from '../har/read.js';
import { isRecord } from '../model/narrow.js';
import { reassembleStream } from '../read/reassemble.js';
import type { ReassembledStream } from '../stream/types.js';
import { LIBRARY_PREFIX } from '../text/library-message.js';
import { plural } from '../text/plural.js';
import { isTraceExport, traceEntries } from '../traces/index.js';
import type { EntryInput, PendingEntry } from './entry.js';
import { describedFault, jsonFault } from './json-fault.js';
import { MCP_LOG_LIMITS, type McpLogReader, mcpLogReader } from './mcp-log.js';
import type { FilePart } from './shard.js';

/**
 * The kinds of file `audit` reads, by extension; a `log` is read as JSONL or SSE, by its first
 * line.
 */
export type RecordingKind = 'har' | 'json' | 'jsonl' | 'sse' | 'txt' | 'log';

/**
 * A file to read (with `--shard`, maybe one part of it), a folder that could not be listed, or
 * a path listed as skipped, with why: a file of a folder that is no recording, a second way to
 * a file, a link that loops.
 */
export type FoundRecording =
  | {
      path: string;
      kind: RecordingKind;
      part?: FilePart;
      /** Its size in bytes when the run began (`-1`: no file to size), once `withSizes` took it. */
      size?: number;
    }
  | { path: string; kind: 'unlistable'; problem: string }
  | { path: string; kind: 'skipped'; reason: string };

/** The extensions `audit` reads, for messages. */
export const RECORDING_EXTENSIONS =
  '.har, .json, .jsonl, .ndjson, .log, .sse or .txt; gzipped (.gz) or rotated (.1, .2025-10-06) too';

/** What a rotated log appends to its name: a number, or a date. */
const ROTATION = /\.(?:\d+|\d{4}-\d{2}-\d{2})$/;

/**
 * The kind of a file by its extension (case-insensitive), read past `.gz` and a rotation suffix
 * (`worker.jsonl.1`), or `null` when `audit` does not read it.
 *
 * @example
 * recordingKindOf('logs/batch_results.JSONL'); // 'jsonl'
 * recordingKindOf('logs/worker.ndjson.2.gz'); // 'jsonl'
 */
export function recordingKindOf(path: string): RecordingKind | null {
  const name = path.replace(/\.gz$/i, '').replace(ROTATION, '');
  const extension = /\.([A-Za-z]+)$/.exec(name)?.[1]?.toLowerCase();
  switch (extension) {
    case 'har':
    case 'json':
    case 'jsonl':
    case 'sse':
    case 'txt':
    case 'log':
      return extension;
    case 'ndjson':
      return 'jsonl';
    default:
      return null;
  }
}

/**
 * Whether a file is gzipped, by its name.
 *
 * @example
 * isGzipped('day-1.jsonl.gz'); // true
 */
export function isGzipped(path: string): boolean {
  return /\.gz$/i.test(path);
}

/**
 * How a file no recording is named in a report: its extension, or that it has none.
 *
 * @example
 * notARecording('shots/a.PNG'); // 'not a recording audit reads (.png files are not read)'
 */
export function notARecording(path: string): string {
  const extension = /\.([^./\\]+)$/.exec(path)?.[1]?.toLowerCase();
  return `not a recording audit reads (${extension === undefined ? 'a file with no extension' : `.${extension} files`} ${extension === undefined ? 'is' : 'are'} not read)`;
}

/**
 * Says why a text is not JSON: cut short (a valid prefix), empty, or malformed and where.
 *
 * @example
 * jsonProblem('{"id": "resp_', 'line 3'); // 'line 3 is cut short (ends inside a string; 1 unclosed container): ...'
 */
export function jsonProblem(text: string, what: string): string {
  return `${what} is ${jsonFault(text)}`;
}

/**
 * The entries of a whole `.har` or `.json` document: a HAR document gives one entry per
 * `entries[i]`; a JSON array one per element (`file:[i]`); anything else is one entry.
 *
 * @example
 * documentEntries(readFileSync('chat.har', 'utf8'), 'chat.har', 'har').map((entry) => entry.location);
 * // ['chat.har:entries[0]', 'chat.har:entries[1]']
 */
export function documentEntries(text: string, file: string, kind: 'har' | 'json'): PendingEntry[] {
  let document: unknown;
  try {
    document = JSON.parse(withoutBom(text));
  } catch {
    return [problemAt(file, 'unreadable', jsonProblem(text, 'the file'))];
  }
  const entries = isRecord(document) && isRecord(document.log) ? document.log.entries : undefined;
  if (Array.isArray(entries)) return harEntries(entries, file);
  if (kind === 'har') {
    return [problemAt(file, 'unreadable', NOT_A_HAR)];
  }
  if (isTraceExport(document)) return spanEntries(document, file);
  if (Array.isArray(document)) {
    return document.map((payload, index) => payloadAt(`${file}:[${index}]`, payload));
  }
  return [payloadAt(file, document)];
}

/**
 * The entries of a trace export: one per model-call span (`file:trace[…].span[…]`), a malformed
 * part unreadable at its place while the rest is audited, and the spans that are no model call
 * counted in one skipped entry.
 *
 * @example
 * spanEntries(JSON.parse(otlpText), 'traces.json').map((entry) => entry.location);
 * // ['traces.json:trace[4bf9…].span[00f0…]', 'traces.json']
 */
export function spanEntries(document: unknown, file: string): PendingEntry[] {
  const out: PendingEntry[] = [];
  for (const entry of traceEntries(document)) {
    if (entry.kind === 'span') out.push(payloadAt(`${file}:${entry.at}`, entry.span));
    else if (entry.kind === 'problem') {
      out.push(problemAt(`${file}:${entry.at}`, 'unreadable', entry.problem));
    } else out.push(problemAt(file, 'skipped', entry.detail));
  }
  return out;
}

/** A JSONL line that is a whole OTLP document (the collector's file exporter writes one a line). */
const OTLP_LINE = /^\uFEFF?\s*\{\s*"resourceSpans"/;

/**
 * One line of a JSONL file (or of a JSONL body), 1-based; `null` for a blank line.
 *
 * @example
 * jsonlLineEntry('{"custom_id":"a","result":{...}}', 3, 'batch.jsonl')?.location; // 'batch.jsonl:3'
 */
export function jsonlLineEntry(
  line: string,
  lineNumber: number,
  prefix: string,
): PendingEntry | null {
  if (line.trim() === '') return null;
  const location = `${prefix}:${lineNumber}`;
  return {
    location,
    open: () => {
      try {
        return { location, kind: 'payload', payload: JSON.parse(withoutBom(line)) };
      } catch {
        return problem(location, 'unreadable', jsonProblem(line, `line ${lineNumber}`));
      }
    },
  };
}

/**
 * The entries of one line of a JSONL whose lines stand alone (no MCP log): the spans of an OTLP
 * document on it, or the line as one entry; none for a blank line. The whole file and each part
 * of it read lines alike through this.
 *
 * @example
 * lineEntries('{"custom_id":"a","result":{...}}', 3, 'batch.jsonl')[0]?.location; // 'batch.jsonl:3'
 */
export function lineEntries(line: string, lineNumber: number, prefix: string): PendingEntry[] {
  const spans = otlpLineEntries(line, lineNumber, prefix);
  if (spans !== null) return spans;
  const entry = jsonlLineEntry(line, lineNumber, prefix);
  return entry === null ? [] : [entry];
}

/**
 * An OTLP document on one line (the collector's file exporter writes one a line), parsed at once
 * since its spans are its entries; `null` for any other line. One line is one export's batch, so
 * memory stays bounded by the longest line.
 *
 * @example
 * otlpLineEntries('{"resourceSpans":[...]}', 3, 'traces.jsonl')?.[0]?.location; // 'traces.jsonl:3:trace[…].span[…]'
 */
export function otlpLineEntries(
  line: string,
  lineNumber: number,
  prefix: string,
): PendingEntry[] | null {
  if (!OTLP_LINE.test(line)) return null;
  const location = `${prefix}:${lineNumber}`;
  try {
    return spanEntries(JSON.parse(withoutBom(line)), location);
  } catch {
    return [problemAt(location, 'unreadable', jsonProblem(line, `line ${lineNumber}`))];
  }
}

/**
 * A reassembled SSE transcript as an entry: its response, or why there is none. A `.txt` file
 * without `data:` lines is some other text file, and skipped.
 *
 * @example
 * streamEntry(await reassembleStreamAsync(createReadStream(file)), file, 'sse');
 */
export function streamEntry(
  stream: ReassembledStream,
  location: string,
  kind: 'sse' | 'txt',
  request?: unknown,
): EntryInput {
  if (stream.events === 0) {
    return kind === 'txt'
      ? problem(location, 'skipped', 'holds no data: lines, so it is not an SSE transcript')
      : problem(location, 'unreadable', 'holds no SSE events (no data: lines)');
  }
  const payload = request === undefined ? stream : { request, response: stream };
  return { location, kind: 'payload', payload };
}

const HAR_ERROR_PREFIX = new RegExp(`^${LIBRARY_PREFIX}.*? entries\\[0\\]: `);

/**
 * A HAR's entries, given one at a time: each its own entry, but MCP's Streamable HTTP traffic,
 * whose messages are read together as one MCP log (paired by session and id, judged against
 * each session's tools/list), located by the HAR entries that carry them and closed by an entry
 * at `file` when the HAR ends. The same whether the HAR was read whole or as it streamed.
 *
 * @example
 * const reader = harEntryReader('chat.har');
 * reader.entry(raw, 0); // [{ location: 'chat.har:entries[0]', open }]
 * reader.end(); // the MCP log's closing entry, if the HAR held MCP traffic
 */
export function harEntryReader(file: string): {
  entry(raw: unknown, index: number): PendingEntry[];
  end(): PendingEntry[];
} {
  let mcp: McpLogReader | null = null;
  let order = 0;
  return {
    entry(raw, index) {
      const location = `${file}:entries[${index}]`;
      let exchange: RecordedExchange | undefined;
      try {
        // One entry at a time, so a broken entry costs only itself.
        [exchange] = harExchanges({ log: { entries: [raw] } }, file);
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        return [problemAt(location, 'unreadable', message.replace(HAR_ERROR_PREFIX, ''))];
      }
      if (exchange === undefined) return [];
      if (!isMcpHttp(exchange)) return harEntry(exchange, location);
      mcp ??= mcpLogReader(file, MCP_LOG_LIMITS, 'har');
      const out: PendingEntry[] = [];
      for (const message of mcpExchangeMessages(exchange, index)) {
        const said = `entries[${index}] ${message.part}`;
        const place = { order: order++, at: `entries[${index}]`, said, on: `in ${said}` };
        out.push(...mcp.text(message.text, place, message));
      }
      return out;
    },
    end: () => (mcp === null ? [] : mcp.end()),
  };
}

function harEntries(entries: readonly unknown[], file: string): PendingEntry[] {
  const reader = harEntryReader(file);
  return [...entries.flatMap((raw, index) => reader.entry(raw, index)), ...reader.end()];
}

/**
 * The entries of a `.har` file as its text streams, one HAR entry parsed at a time, so a HAR
 * of any size is never held whole: the same entries at the same locations as
 * {@link documentEntries} gives a whole HAR. A HAR that stops being JSON keeps the entries
 * before the break, and the break is one unreadable entry: at the entry the file ends inside,
 * or at the file when the text around the entries breaks. An entry that is not JSON is
 * unreadable alone.
 *
 * @example
 * for await (const entry of harStreamEntries(textPieces(createReadStream('big.har')), 'big.har')) ...
 */
export async function* harStreamEntries(
  pieces: AsyncIterable<string>,
  file: string,
): AsyncGenerator<PendingEntry> {
  const split = harEntryStream();
  const reader = harEntryReader(file);
  for await (const piece of pieces) {
    for (const { index, text } of split.push(piece)) {
      let raw: unknown;
      try {
        raw = JSON.parse(text);
      } catch {
        yield problemAt(
          `${file}:entries[${index}]`,
          'unreadable',
          jsonProblem(text, `entries[${index}]`),
        );
        continue;
      }
      yield* reader.entry(raw, index);
    }
  }
  const fault = split.end();
  yield* reader.end();
  if (fault !== null) yield harFaultEntry(fault, file);
}

/** A streamed HAR's fault as the entry that reports it. */
function harFaultEntry(fault: HarStreamFault, file: string): PendingEntry {
  switch (fault.kind) {
    case 'empty':
      return problemAt(file, 'skipped', 'an empty file (nothing but white space)');
    case 'not-a-har':
      return problemAt(file, 'unreadable', NOT_A_HAR);
    case 'cut-entry':
      return problemAt(
        `${file}:entries[${fault.index}]`,
        'unreadable',
        `the file ends inside entries[${fault.index}], which is ${jsonFault(fault.text)}`,
      );
    case 'not-json': {
      const read =
        fault.after === 0
          ? ''
          : `; the ${plural(fault.after, 'entry', 'entries')} before it ${fault.after === 1 ? 'is' : 'are'} read`;
      return problemAt(
        file,
        'unreadable',
        `the file is ${describedFault(fault.description, fault.opening)}${read}`,
      );
    }
  }
}

const NOT_A_HAR = 'not a HAR document: expected { "log": { "entries": [...] } }';

/** One HAR entry that is no MCP traffic: decoded now (cheap), its body read on `open()`. */
function harEntry(exchange: RecordedExchange, location: string): PendingEntry[] {
  const { request, response } = exchange;
  if (response.status === 0) {
    return [problemAt(location, 'skipped', 'no response was recorded (status 0)')];
  }
  if (response.status < 200 || response.status > 299) {
    return [
      problemAt(location, 'skipped', `HTTP ${response.status}: an error answer, not model output`),
    ];
  }
  if (response.bytes === undefined ? response.text.trim() === '' : response.bytes.length === 0) {
    return [problemAt(location, 'skipped', `HTTP ${response.status} with an empty body`)];
  }
  // A text body (not JSON) is not a request this library reads; the response alone is judged.
  const sent = isRecord(request.body) ? request.body : undefined;
  if (/jsonl|ndjson/i.test(response.mimeType)) {
    return response.text
      .split(/\r?\n/)
      .flatMap((line, at) => jsonlLineEntry(line, at + 1, location) ?? []);
  }
  const { bytes } = response;
  if (bytes !== undefined && /application\/vnd\.amazon\.eventstream/i.test(response.mimeType)) {
    // Bedrock's ConverseStream: binary, so read from the recorded bytes, never their text.
    return [
      {
        location,
        open: () => streamEntry(reassembleStream(bytes), location, 'sse', sent),
      },
    ];
  }
  if (/text\/event-stream/i.test(response.mimeType)) {
    return [
      {
        location,
        open: () => streamEntry(reassembleStream(response.text), location, 'sse', sent),
      },
    ];
  }
  // A browser's HAR holds the page too (HTML, scripts, styles, images): an answer that is not
  // labelled JSON and does not start like it is no model traffic, and is skipped, not a finding.
  if (!/json/i.test(response.mimeType) && !/^\s*[[{]/.test(response.text)) {
    const type = response.mimeType.split(';')[0]?.trim() || 'no content type';
    return [problemAt(location, 'skipped', `not model traffic: a ${type} answer, not JSON`)];
  }
  return [textEntry(response.text, location, 'the response body', sent)];
}

/**
 * A JSON body as an entry: parsed on `open()` into a payload (paired with its request when
 * there is one), or an `unreadable` result saying how it fails to be JSON.
 *
 * @example
 * textEntry(await response.text(), 'resp_68af40', 'the body').location; // 'resp_68af40'
 */
export function textEntry(
  text: string,
  location: string,
  what: string,
  request?: unknown,
): PendingEntry {
  return {
    location,
    open: () => {
      try {
        const body: unknown = JSON.parse(withoutBom(text));
        return {
          location,
          kind: 'payload',
          payload: request === undefined ? body : { request, response: body },
        };
      } catch {
        return problem(location, 'unreadable', jsonProblem(text, what));
      }
    },
  };
}

/** Editors on Windows start UTF-8 files with a byte-order mark, which `JSON.parse` rejects. */
function withoutBom(text: string): string {
  return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
}

function payloadAt(location: string, payload: unknown): PendingEntry {
  return { location, open: () => ({ location, kind: 'payload', payload }) };
}

function problemAt(
  location: string,
  state: 'unreadable' | 'skipped',
  detail: string,
): PendingEntry {
  return { location, open: () => problem(location, state, detail) };
}

function problem(location: string, state: 'unreadable' | 'skipped', detail: string): EntryInput {
  return { location, kind: 'problem', state, detail };
}

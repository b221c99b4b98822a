/**
 * Reading HAR 1.2 recordings into plain exchanges. `harExchanges` is pure (a parsed object in,
 * exchanges out); `readHar` adds the file-system edge: files, folders and arrays of them.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { isRecord } from '../model/narrow.js';
import { libraryMessage } from '../text/library-message.js';
import { redactUrl } from './redact.js';

/** A parsed HAR document: only `log.entries` is required here; every entry is checked when read. */
export interface HarDocument {
  log: { entries: readonly unknown[] };
}

/**
 * Where recordings come from: a `.har` file path, a folder (searched recursively for `.har`
 * files, in sorted path order), a parsed HAR object, or an array of these (in array order).
 */
export type HarSource = string | HarDocument | ReadonlyArray<string | HarDocument>;

/** One recorded request and its response, decoded and checked. */
export interface RecordedExchange {
  /** Where it came from, for messages: `fixtures/chat.har entries[2]`. */
  at: string;
  request: {
    /** Upper-case, e.g. `POST`. */
    method: string;
    url: string;
    headers: Array<[string, string]>;
    /** The parsed JSON body; the raw text when it is not JSON; `undefined` when there is none. */
    body: unknown;
  };
  response: {
    /** `0` records a request that failed without a response (HAR's convention). */
    status: number;
    statusText: string;
    headers: Array<[string, string]>;
    /** `content.mimeType`, e.g. `text/event-stream; charset=utf-8`; `''` when unrecorded. */
    mimeType: string;
    /**
     * The body as text: a stream's whole SSE text; a base64-stored body decoded, read as UTF-8
     * (so a binary body's text is not its bytes: use {@link RecordedExchange.response.bytes}).
     */
    text: string;
    /**
     * The body's bytes, exactly as recorded, when the HAR stores it base64-encoded
     * (`content.encoding: "base64"`), as it does a binary body such as Bedrock's
     * `application/vnd.amazon.eventstream`; absent for a body stored as text, whose bytes are
     * `text` in UTF-8.
     *
     * @example
     * const [exchange] = readHar('fixtures/bedrock-converse/stream-tool-use.har');
     * reassembleStream(exchange.response.bytes ?? exchange.response.text).surface; // 'bedrock-converse'
     */
    bytes?: Uint8Array;
  };
}

/**
 * Reads recordings from files, folders, parsed HAR objects, or an array of them, synchronously
 * (it is test set-up). Entries keep file order, files keep the order described by
 * {@link HarSource}. Anything malformed throws a `tool-call-health:` error naming the file and
 * the entry index.
 *
 * @example
 * const exchanges = readHar('fixtures/openai');
 * exchanges[0]?.response.status; // 200
 */
export function readHar(source: HarSource): RecordedExchange[] {
  const sources: ReadonlyArray<string | HarDocument> = Array.isArray(source) ? source : [source];
  return sources.flatMap((one, index) =>
    typeof one === 'string'
      ? harFiles(one).flatMap((file) => harExchanges(parseHarFile(file), file))
      : harExchanges(one, sources.length > 1 ? `HAR object [${index}]` : 'HAR object'),
  );
}

/**
 * Turns one parsed HAR document into exchanges, checking every entry. Pure. `origin` names the
 * document in error messages and in each exchange's `at`.
 *
 * @example
 * const [exchange] = harExchanges(JSON.parse(text), 'fixtures/chat.har');
 * exchange?.request.body; // { model: 'gpt-4.1', messages: [...] }
 */
export function harExchanges(har: unknown, origin = 'HAR object'): RecordedExchange[] {
  const log = isRecord(har) ? har.log : undefined;
  const entries = isRecord(log) ? log.entries : undefined;
  if (!Array.isArray(entries)) {
    throw new Error(
      libraryMessage(`${origin} is not a HAR document: expected { log: { entries: [...] } }`),
    );
  }
  return entries.map((entry, index) => readEntry(entry, `${origin} entries[${index}]`));
}

function readEntry(entry: unknown, at: string): RecordedExchange {
  const fail = (problem: string): never => {
    throw new Error(libraryMessage(`${at}: ${problem}`));
  };
  if (!isRecord(entry)) return fail('the entry is not an object');
  const request = entry.request;
  const response = entry.response;
  if (!isRecord(request)) return fail('request is missing');
  if (!isRecord(response)) return fail('response is missing');

  const method = request.method;
  if (typeof method !== 'string' || method === '') return fail('request.method is missing');
  const url = request.url;
  if (typeof url !== 'string' || !URL.canParse(url)) {
    return fail(`request.url is not an absolute URL (${shown(url)})`);
  }
  const status = response.status;
  if (typeof status !== 'number' || !Number.isInteger(status) || status < 0 || status > 999) {
    return fail(`response.status is not an HTTP status (${shown(status)})`);
  }
  const content = response.content ?? {};
  if (!isRecord(content)) return fail('response.content is not an object');

  return {
    at,
    request: {
      method: method.toUpperCase(),
      url,
      headers: readHeaders(request.headers, 'request.headers', fail),
      body: readRequestBody(request.postData, fail),
    },
    response: {
      status,
      statusText: typeof response.statusText === 'string' ? response.statusText : '',
      headers: readHeaders(response.headers, 'response.headers', fail),
      mimeType: typeof content.mimeType === 'string' ? content.mimeType : '',
      ...readContent(content, fail),
    },
  };
}

function readHeaders(
  value: unknown,
  where: string,
  fail: (problem: string) => never,
): Array<[string, string]> {
  if (value === undefined) return [];
  if (!Array.isArray(value)) return fail(`${where} is not an array`);
  return value.map((header, index) => {
    if (!isRecord(header) || typeof header.name !== 'string' || typeof header.value !== 'string') {
      return fail(`${where}[${index}] is not { name, value } strings`);
    }
    return [header.name, header.value];
  });
}

function readRequestBody(postData: unknown, fail: (problem: string) => never): unknown {
  if (postData === undefined) return undefined;
  if (!isRecord(postData)) return fail('request.postData is not an object');
  const text = postData.text;
  if (text === undefined || text === '') return undefined;
  if (typeof text !== 'string') return fail('request.postData.text is not a string');
  const mimeType = typeof postData.mimeType === 'string' ? postData.mimeType : '';
  try {
    return JSON.parse(text);
  } catch (error) {
    // A JSON body that does not parse is a broken recording, not a text body to match loosely.
    if (/\bjson\b/i.test(mimeType)) {
      return fail(`request.postData says ${mimeType} but its text is not JSON (${reason(error)})`);
    }
    return text;
  }
}

function readContent(
  content: Record<string, unknown>,
  fail: (p: string) => never,
): { text: string; bytes?: Uint8Array } {
  const text = content.text;
  if (text === undefined) return { text: '' };
  if (typeof text !== 'string') return fail('response.content.text is not a string');
  if (content.encoding === undefined || content.encoding === '') return { text };
  if (content.encoding !== 'base64') {
    return fail(`response.content.encoding ${shown(content.encoding)} is not base64`);
  }
  if (!/^[A-Za-z0-9+/\s]*={0,2}\s*$/.test(text)) {
    return fail('response.content.text is marked base64 but is not base64');
  }
  const decoded = Buffer.from(text, 'base64');
  // A plain Uint8Array, not a Buffer: equal to any other Uint8Array of the same bytes.
  const bytes = new Uint8Array(decoded.buffer, decoded.byteOffset, decoded.byteLength).slice();
  return { text: decoded.toString('utf8'), bytes };
}

/** The `.har` files a path names: itself, or every `.har` file below a folder, sorted by path. */
function harFiles(path: string): string[] {
  let isFolder: boolean;
  try {
    isFolder = statSync(path).isDirectory();
  } catch (error) {
    throw new Error(libraryMessage(`cannot read HAR source ${path} (${reason(error)})`));
  }
  if (!isFolder) return [path];
  const files = harFilesBelow(path).sort();
  if (files.length === 0) {
    throw new Error(libraryMessage(`the folder ${path} holds no .har files`));
  }
  return files;
}

function harFilesBelow(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((item) => {
    const path = join(folder, item.name);
    if (item.isDirectory()) return harFilesBelow(path);
    return item.isFile() && item.name.toLowerCase().endsWith('.har') ? [path] : [];
  });
}

function parseHarFile(file: string): unknown {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    throw new Error(libraryMessage(`cannot read ${file} (${reason(error)})`));
  }
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new Error(libraryMessage(`${file} is not JSON (${reason(error)})`));
  }
}

function reason(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/**
 * A recorded value quoted in an error: redacted (a URL may carry `?key=`), and cut to 80
 * characters, since an error message is no place for a 10 MB field.
 */
function shown(value: unknown): string {
  let text: string;
  try {
    text =
      typeof value === 'string'
        ? JSON.stringify(redactUrl(value.slice(0, 2_000)))
        : (JSON.stringify(value) ?? String(value));
  } catch {
    text = String(value);
  }
  return text.length > 80 ? `${text.slice(0, 79)}…` : text;
}

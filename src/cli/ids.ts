/**
 * The ids `fetch` may put into a URL. Each one is checked against the provider's id shape
 * before it gets near a request, so a line of a file can never become a path or a query.
 */

/** An OpenAI stored response id: `resp_` and then letters, digits, `_` or `-` only. */
const RESPONSE_ID = /^resp_[A-Za-z0-9_-]+$/;

/** An Anthropic Message Batch id: `msgbatch_` and then letters, digits, `_` or `-` only. */
const BATCH_ID = /^msgbatch_[A-Za-z0-9_-]+$/;

/** Longer than any real id; a longer line is a paste gone wrong, not an id. */
const MAX_ID_LENGTH = 200;

/** An ids-file line that is not an id, with its 1-based line number. */
export interface InvalidIdLine {
  line: number;
  problem: string;
}

/** The ids of an ids file, in first-seen order, and what was dropped. */
export interface IdList {
  ids: string[];
  invalid: InvalidIdLine[];
  /** Lines that repeated an id already listed. */
  duplicates: number;
}

/**
 * Reads an ids file: one `resp_…` id per line; blank lines and `#` comments (whole-line or
 * trailing) are ignored, duplicates dropped, and every other line reported with its number.
 * The offending text is never echoed: a mistaken paste may hold a key.
 *
 * @example
 * parseIdList('# nightly sample\nresp_abc\nresp_abc\nhttps://x\n');
 * // { ids: ['resp_abc'], invalid: [{ line: 4, problem: 'not a response id: ...' }], duplicates: 1 }
 */
export function parseIdList(text: string): IdList {
  const ids: string[] = [];
  const seen = new Set<string>();
  const invalid: InvalidIdLine[] = [];
  let duplicates = 0;
  const lines = text.replace(/^\uFEFF/, '').split(/\r\n|\n|\r/);
  for (const [index, raw] of lines.entries()) {
    const id = raw.replace(/#.*$/, '').trim();
    if (id === '') continue;
    const problem = responseIdProblem(id);
    if (problem !== null) invalid.push({ line: index + 1, problem });
    else if (seen.has(id)) duplicates += 1;
    else {
      seen.add(id);
      ids.push(id);
    }
  }
  return { ids, invalid, duplicates };
}

/**
 * What is wrong with a response id, or `null` when it may go into a URL.
 *
 * @example
 * responseIdProblem('resp_68af40c2'); // null
 * responseIdProblem('resp_../../files'); // 'not a response id: ...'
 */
export function responseIdProblem(id: string): string | null {
  if (id.length > MAX_ID_LENGTH) return `longer than ${MAX_ID_LENGTH} characters: not an id`;
  if (!RESPONSE_ID.test(id)) {
    return 'not a response id: expected resp_ followed by letters, digits, _ or - only';
  }
  return null;
}

/**
 * What is wrong with a Message Batch id, or `null` when it may go into a URL.
 *
 * @example
 * batchIdProblem('msgbatch_01xXx6BZr1ZHB2jcYcWh4NbA'); // null
 */
export function batchIdProblem(id: string): string | null {
  if (id.length > MAX_ID_LENGTH) return `longer than ${MAX_ID_LENGTH} characters: not an id`;
  if (!BATCH_ID.test(id)) {
    return 'not a Message Batch id: expected msgbatch_ followed by letters, digits, _ or - only';
  }
  return null;
}

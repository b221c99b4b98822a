/**
 * What is wrong with text that should be one JSON document, said once for every reader of the
 * CLI (a recording, a JSONL line, an MCP log's message). Pure.
 */
import { describeJson } from '../json/json-state.js';
import type { JsonDescription } from '../json/scanner.js';

/**
 * What is wrong with text that should be one JSON document, worded to follow "is": `empty`,
 * `cut short (…)`, `not JSON: …`.
 *
 * @example
 * jsonFault('{"a":'); // 'cut short (…): a prefix of JSON, as a write or a download that stopped early leaves it.'
 */
export function jsonFault(text: string): string {
  // A byte-order mark is read past when parsing, so it is read past here too: a file holding
  // only one is empty, and an offset counts from the file's first character.
  const bom = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  const found = describeJson(text.slice(bom));
  const described = found.offset === undefined ? found : { ...found, offset: found.offset + bom };
  return describedFault(described, text.slice(bom));
}

/**
 * {@link jsonFault} for a text already described (a document scanned as it streamed): `opening`
 * is its first characters, enough to tell a log line's prefix.
 *
 * @example
 * describedFault({ state: 'malformed', offset: 9, reason: "expected ',' …" }, '{"log": {'); // "not JSON: expected ',' … (at character 9)"
 */
export function describedFault(described: JsonDescription, opening: string): string {
  switch (described.state) {
    case 'empty':
      return 'empty';
    case 'truncated':
      return `cut short (${described.reason ?? 'it ends early'}): a prefix of JSON, as a write or a download that stopped early leaves it.`;
    default:
      if (described.reason === SECOND_VALUE && !/^\s*[[{]/.test(opening)) {
        // `2025-10-06T12:00:00Z INFO {...}` parses as the number 2025 and then more: a line
        // with a prefix before its JSON, not a JSON document with something after it.
        return `not JSON: it begins ${JSON.stringify(preview(opening))}, text before any JSON document (a log line's timestamp or level reads so)`;
      }
      return `not JSON: ${described.reason ?? 'it does not parse'}${described.offset === undefined ? '' : ` (at character ${described.offset})`}`;
  }
}

/** What the scanner says when one whole value is followed by more text. */
const SECOND_VALUE = 'a second value after the document ended';

/** The first 32 characters of a text, marked where it goes on. */
function preview(text: string): string {
  const trimmed = text.trimStart();
  return trimmed.length > 32 ? `${trimmed.slice(0, 32)}…` : trimmed;
}

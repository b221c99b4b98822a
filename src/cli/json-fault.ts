/**
 * What is wrong with text that should be one JSON document, said once for every reader of the
 * CLI (a recording, a JSONL line, an MCP log's message). Pure.
 */
import { describeJson } from '../json/json-state.js';

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
  switch (described.state) {
    case 'empty':
      return 'empty';
    case 'truncated':
      return `cut short (${described.reason ?? 'it ends early'}): a prefix of JSON, as a write or a download that stopped early leaves it.`;
    default:
      return `not JSON: ${described.reason ?? 'it does not parse'}${described.offset === undefined ? '' : ` (at character ${described.offset})`}`;
  }
}

import { isRecord } from '../model/narrow.js';
import { formatPath, type PathStep } from '../text/path.js';
import { pointerTokens } from './json-pointer.js';

const ARRAY_INDEX = /^(?:0|[1-9][0-9]*)$/;

/**
 * A path both as a reader sees it (worded by `formatPath`) and as steps to sort by.
 *
 * @example
 * const path: RenderedPath = { text: 'arguments.rows[0]', steps: ['rows', 0] };
 */
export interface RenderedPath {
  text: string;
  steps: PathStep[];
}

/**
 * Renders pointer tokens as a path a person reads, walking `value` to tell array indexes
 * (`[0]`) from object keys that merely look numeric (`["0"]`). Identifier keys read as
 * `.key`, anything else as `["two words"]`. `trailingKey` names a key of the object the
 * tokens lead to (a missing or extra property).
 *
 * @example
 * renderPath('arguments', ['rows', '0', 'sku'], { rows: [{ sku: 1 }] }).text; // 'arguments.rows[0].sku'
 */
export function renderPath(
  root: string,
  tokens: readonly string[],
  value: unknown,
  trailingKey?: string,
): RenderedPath {
  const steps: PathStep[] = [];
  let node: unknown = value;
  for (const token of tokens) {
    // Without a value to walk, a numeric token is most likely an index.
    if ((Array.isArray(node) || node === undefined) && ARRAY_INDEX.test(token)) {
      const index = Number(token);
      steps.push(index);
      node = Array.isArray(node) ? node[index] : undefined;
      continue;
    }
    steps.push(token);
    node = isRecord(node) && Object.hasOwn(node, token) ? node[token] : undefined;
  }
  if (trailingKey !== undefined) steps.push(trailingKey);
  return { text: formatPath(steps, root), steps };
}

/**
 * Turns a JSON pointer into the readable path this library prints, rooted at `arguments`.
 * Pass the arguments value so numeric tokens are read as indexes only inside arrays;
 * without it, numeric tokens read as indexes.
 *
 * @example
 * formatArgumentPath('/rows/0/sku', { rows: [{}] }); // 'arguments.rows[0].sku'
 * formatArgumentPath('/ids/0', { ids: { 0: 'a' } });  // 'arguments.ids["0"]'
 * formatArgumentPath('/two words');                  // 'arguments["two words"]'
 */
export function formatArgumentPath(pointer: string, value?: unknown): string {
  return renderPath('arguments', pointerTokens(pointer), value).text;
}

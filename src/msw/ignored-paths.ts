/**
 * The `ignore` option of recordedHandlers: request-body paths, written as the no-recording 404
 * prints them (`formatPath` in src/text/path.ts), read back into steps and gathered in a trie
 * that the body comparison walks alongside the body.
 */
import { describeValue } from '../text/describe-value.js';
import { libraryMessage } from '../text/library-message.js';
import type { PathStep } from '../text/path.js';

/** `[*]` in a path: any index of an array (never an object key; `["*"]` is the key `*`). */
export const ANY_INDEX = -1;

/**
 * Ignored paths as a trie: `end` marks a path that is ignored with all that lies below it.
 * The comparison walks the body and this trie together, so checking a node costs the number of
 * patterns alive at it, not the number of patterns.
 */
export interface IgnoredPaths {
  end: boolean;
  keys: Map<string, IgnoredPaths>;
  indexes: Map<number, IgnoredPaths>;
}

/** The trie nodes alive at a point of the walk; a walk starts from `[root]`. */
export type IgnoreState = readonly IgnoredPaths[];

const IDENTIFIER = /[A-Za-z_$][A-Za-z0-9_$]*/y;
const INDEX = /(?:0|[1-9][0-9]*)(?=\])/y;

const NOTATION =
  'write it as the 404 message prints paths: model, messages[1].content, metadata.trace_id, input[*].call_id, tools[0]["two words"]';

/** Fields whose difference must never be ignored, and why. */
const NEVER_IGNORED: ReadonlyMap<string, string> = new Map([
  ['stream', 'a JSON recording cannot answer a streamed request, nor a stream a plain one'],
]);

/**
 * Reads one path in the notation `formatPath` writes (`messages[1].content`, `["two words"]`),
 * plus `[*]` for any index. Throws a `tool-call-health:` error saying what is wrong and where.
 *
 * @example
 * parseFieldPath('messages[1].content'); // ['messages', 1, 'content']
 * parseFieldPath('input[*].call_id'); // ['input', ANY_INDEX, 'call_id']
 * parseFieldPath('metadata["trace-id"]'); // ['metadata', 'trace-id']
 */
export function parseFieldPath(text: string, where = 'path'): PathStep[] {
  const fail = (reason: string, at?: number): never => {
    const position = at === undefined ? '' : ` (at character ${at + 1})`;
    throw new Error(
      libraryMessage(
        `${where} ${JSON.stringify(text)} is not a path: ${reason}${position}; ${NOTATION}`,
      ),
    );
  };
  if (text === '') fail('it is empty');
  const steps: PathStep[] = [];
  let at = 0;
  // Where the last bare name began, to show how a key like trace-id is written instead.
  let nameStart = -1;
  const identifier = (): string | undefined => {
    IDENTIFIER.lastIndex = at;
    const name = IDENTIFIER.exec(text)?.[0];
    if (name !== undefined) {
      nameStart = at;
      at += name.length;
    }
    return name;
  };
  const bracket = (): PathStep => {
    const open = at;
    at += 1;
    let step: PathStep;
    if (text[at] === '"') {
      step = quotedKey();
    } else if (text[at] === '*') {
      step = ANY_INDEX;
      at += 1;
    } else {
      INDEX.lastIndex = at;
      const digits = INDEX.exec(text)?.[0];
      if (digits === undefined) {
        return fail('a bracket holds an index like [0], [*] or a quoted key like ["a b"]', open);
      }
      step = Number(digits);
      at += digits.length;
    }
    if (text[at] !== ']') return fail(`"[" is not closed`, open);
    at += 1;
    return step;
  };
  const quotedKey = (): string => {
    const start = at;
    let end = at + 1;
    while (end < text.length && text[end] !== '"') end += text[end] === '\\' ? 2 : 1;
    if (end >= text.length) return fail('a quoted key is not closed', start);
    try {
      const key: unknown = JSON.parse(text.slice(start, end + 1));
      at = end + 1;
      return key as string;
    } catch {
      return fail('a quoted key is not a JSON string', start);
    }
  };

  if (text[0] === '[') {
    const first = bracket();
    if (typeof first === 'number') {
      fail('a request body is an object: a path starts with a field name, not an index', 0);
    }
    steps.push(first);
  } else {
    const name = identifier();
    if (name === undefined) {
      fail(
        /[0-9]/.test(text[0] ?? '')
          ? 'a request body is an object: a path starts with a field name, not an index'
          : 'a field name that is not a plain name is written quoted, as ["a b"]',
        0,
      );
    }
    steps.push(name as string);
  }
  while (at < text.length) {
    const char = text[at] ?? '';
    if (char === '.') {
      at += 1;
      const name = identifier();
      if (name !== undefined) {
        steps.push(name);
      } else if (/[0-9]/.test(text[at] ?? '')) {
        fail('an index is written in brackets, as [0]', at);
      } else if (at === text.length || text[at] === '.' || text[at] === '[') {
        fail('a "." is not followed by a name', at - 1);
      } else {
        fail('a key that is not a plain name is written quoted, as ["a b"]', at);
      }
    } else if (char === '[') {
      steps.push(bracket());
      nameStart = -1;
    } else if (nameStart >= 0) {
      const stop = text.slice(at).search(/[.[]/);
      const key = text.slice(nameStart, stop === -1 ? text.length : at + stop);
      fail(`a key that is not a plain name is written quoted, as [${JSON.stringify(key)}]`, at);
    } else {
      fail(`expected "." or "[" after ${JSON.stringify(text.slice(0, at))}`, at);
    }
  }
  return steps;
}

/**
 * The `ignore` option checked and gathered into a trie. Anything else than a list of paths,
 * a path that does not parse, or a field that must never be ignored is a `tool-call-health:`
 * error naming the option and the item.
 *
 * @example
 * const ignored = ignoredPaths(['max_output_tokens', 'metadata.trace_id'], 'recordedHandlers()');
 */
export function ignoredPaths(option: unknown, caller: string): IgnoredPaths {
  const root = emptyNode();
  if (option === undefined) return root;
  if (!Array.isArray(option)) {
    throw new TypeError(
      libraryMessage(
        `${caller} option ignore is a list of paths (strings), got ${describeValue(option)}`,
      ),
    );
  }
  for (const [index, text] of option.entries()) {
    const where = `${caller} ignore[${index}]`;
    if (typeof text !== 'string') {
      throw new TypeError(libraryMessage(`${where} is a path string, got ${describeValue(text)}`));
    }
    const steps = parseFieldPath(text, where);
    const never = steps.length === 1 ? NEVER_IGNORED.get(String(steps[0])) : undefined;
    if (never !== undefined) {
      throw new Error(
        libraryMessage(`${where} ${JSON.stringify(text)} cannot be ignored: ${never}`),
      );
    }
    let node = root;
    for (const step of steps) node = child(node, step);
    node.end = true;
  }
  return root;
}

/** The trie nodes alive one step further down: exact keys and indexes, and `[*]` for indexes. */
export function advance(state: IgnoreState, step: PathStep): IgnoreState {
  if (state.length === 0) return state;
  const next: IgnoredPaths[] = [];
  for (const node of state) {
    if (typeof step === 'number') {
      const exact = node.indexes.get(step);
      if (exact !== undefined) next.push(exact);
      const any = node.indexes.get(ANY_INDEX);
      if (any !== undefined) next.push(any);
    } else {
      const exact = node.keys.get(step);
      if (exact !== undefined) next.push(exact);
    }
  }
  return next;
}

/** Whether the walk stands on an ignored path. */
export function isIgnored(state: IgnoreState): boolean {
  return state.some((node) => node.end);
}

/** The node one step below, made when the trie has none yet. */
function child(node: IgnoredPaths, step: PathStep): IgnoredPaths {
  const existing = typeof step === 'number' ? node.indexes.get(step) : node.keys.get(step);
  if (existing !== undefined) return existing;
  const made = emptyNode();
  if (typeof step === 'number') node.indexes.set(step, made);
  else node.keys.set(step, made);
  return made;
}

function emptyNode(): IgnoredPaths {
  return { end: false, keys: new Map(), indexes: new Map() };
}

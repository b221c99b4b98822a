/**
 * A JSON array arriving in pieces, split into the text of each element as it completes: the
 * framing of Gemini's `streamGenerateContent` without `alt=sse`, whose body is one array of
 * `GenerateContentResponse` chunks (`[{...}\r\n,\r\n{...}]`). Linear in the text: each character
 * is looked at once, and an element's pieces are joined once.
 */
import { type Notebook, preview } from './notes.js';

/**
 * Feeds array text in pieces of any size; `end()` says whether the array was closed.
 *
 * @example
 * ```ts
 * const array = createJsonArraySplitter((element) => reader.pushPayload({ data: element, eventName: undefined }), notes);
 * array.feed('[{"a":1},{"b"');
 * array.feed(':2}]'); // two elements: '{"a":1}', '{"b":2}'
 * array.end(); // true: the closing ] arrived
 * ```
 */
export interface JsonArraySplitter {
  feed(text: string): void;
  /** Reads a last element left without its `,` or `]`, if it is whole; `true` when the array was closed. */
  end(): boolean;
}

const SPACE = new Set([0x20, 0x09, 0x0a, 0x0d, 0xfeff]);
const COMMA = 0x2c;
const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN_ARRAY = 0x5b;
const CLOSE_ARRAY = 0x5d;
const OPEN_OBJECT = 0x7b;
const CLOSE_OBJECT = 0x7d;

/**
 * A splitter that hands each element's text to `onElement` (untrimmed JSON text, parsed by the
 * caller) and puts what it skipped into the notes.
 *
 * @example
 * ```ts
 * const array = createJsonArraySplitter(onElement, notes);
 * array.feed(text);
 * if (!array.end()) console.log('the array was cut');
 * ```
 */
export function createJsonArraySplitter(
  onElement: (text: string) => void,
  notes: Notebook,
): JsonArraySplitter {
  let where: 'before' | 'between' | 'element' | 'after' = 'before';
  let closed = false;
  let depth = 0;
  let inString = false;
  let escaped = false;
  // The element's text from earlier pieces of input; the current piece is sliced at its end.
  let pieces: string[] = [];
  let trailing = '';

  function finish(text: string): void {
    pieces = [];
    if (text.trim() === '') {
      notes.tally('json-array-empty', (count) =>
        count === 1 ? 'an empty array element skipped' : `${count} empty array elements skipped`,
      );
      return;
    }
    onElement(text);
  }

  function startElement(code: number): void {
    where = 'element';
    inString = code === QUOTE;
    escaped = false;
    depth = code === OPEN_OBJECT || code === OPEN_ARRAY ? 1 : 0;
  }

  return {
    feed(text) {
      let start = 0;
      for (let index = 0; index < text.length; index++) {
        const code = text.charCodeAt(index);
        if (where === 'element') {
          if (inString) {
            if (escaped) escaped = false;
            else if (code === BACKSLASH) escaped = true;
            else if (code === QUOTE) inString = false;
          } else if (code === QUOTE) inString = true;
          else if (code === OPEN_OBJECT || code === OPEN_ARRAY) depth++;
          else if ((code === CLOSE_OBJECT || code === CLOSE_ARRAY) && depth > 0) depth--;
          else if (depth === 0 && (code === COMMA || code === CLOSE_ARRAY)) {
            pieces.push(text.slice(start, index));
            finish(pieces.join(''));
            where = code === COMMA ? 'between' : 'after';
            closed = code === CLOSE_ARRAY;
          }
        } else if (SPACE.has(code)) {
          // White space between elements, and the CRLFs Gemini puts around its commas.
        } else if (where === 'between') {
          if (code === CLOSE_ARRAY) {
            where = 'after';
            closed = true;
          } else if (code === COMMA) finish('');
          else {
            startElement(code);
            start = index;
          }
        } else if (where === 'before' && code === OPEN_ARRAY) {
          where = 'between';
        } else if (trailing === '') {
          // Text after the closing ] (or, were the caller wrong, before any [).
          where = 'after';
          trailing = text.slice(index, index + 80);
        }
      }
      if (where === 'element') pieces.push(text.slice(start));
    },
    end() {
      if (trailing !== '') notes.add(`text after the JSON array skipped (${preview(trailing)})`);
      if (where === 'element') {
        const text = pieces.join('');
        where = 'between';
        pieces = [];
        if (isWholeJson(text)) onElement(text);
        else {
          notes.add(
            `the array's last element was cut off mid-way (${preview(text.trim().slice(-60))}); skipped`,
          );
        }
      }
      return closed;
    },
  };
}

function isWholeJson(text: string): boolean {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}

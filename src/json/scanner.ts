/**
 * An incremental, non-recursive recogniser for the RFC 8259 JSON grammar.
 *
 * It answers one question about the text seen so far: is it a complete document, a proper
 * prefix of one (truncated), nothing but whitespace, or something no continuation can repair.
 * It never builds values, so it runs in linear time and constant memory per nesting level.
 */

import { libraryMessage } from '../text/library-message.js';
import { plural } from '../text/plural.js';

/** The four verdicts about a text that should hold one JSON document. */
export type JsonState = 'empty' | 'parses' | 'truncated' | 'malformed';

/**
 * A verdict with the evidence a person needs to act on it.
 *
 * - `malformed`: `offset` is the index (UTF-16 code unit) of the first character that no valid
 *   document could continue with, and `reason` names the mistake.
 * - `truncated`: `reason` says what the text still owes (an open string, a number's digit,
 *   unclosed containers...).
 * - `empty`: `reason` says whether the text is empty or only whitespace.
 * - `parses`: no offset and no reason.
 *
 * @example
 * ```ts
 * const description: JsonDescription = { state: 'malformed', offset: 8, reason: "unexpected '}' after the document ended" };
 * ```
 */
export interface JsonDescription {
  state: JsonState;
  offset?: number;
  reason?: string;
}

/** What a value begins as, for a {@link JsonTokenListener}. */
export const VALUE_KIND = {
  string: 0,
  number: 1,
  object: 2,
  array: 3,
  true: 4,
  false: 5,
  null: 6,
} as const;
export type ValueKind = (typeof VALUE_KIND)[keyof typeof VALUE_KIND];

/**
 * Told where the tokens of the text are as the scanner meets them, for a reader that judges
 * values while they stream (`watchArguments`). Each index is the token's character in the
 * chunk being pushed; nothing is reported at or after the character that made the text
 * malformed.
 */
export interface JsonTokenListener {
  /** The first character of a value: its opening quote or bracket, its first digit or '-', or a literal's first letter. */
  value(kind: ValueKind, index: number): void;
  /** The opening quote of an object key. */
  key(index: number): void;
  /** The closing quote of a string or key. */
  stringEnd(index: number): void;
  /** The character after a number, which ends it (it is then read as what follows the number). */
  numberEnd(index: number): void;
  /** A ',' between elements or members. */
  comma(index: number): void;
  /** A '}' or ']' that closes a container. */
  close(index: number): void;
}

// Modes of the machine. Plain numeric constants keep the hot loop's switch a jump table.
const TOP_VALUE = 0; // nothing but whitespace seen yet
const AFTER_COLON = 1; // an object value is owed
const ARRAY_START = 2; // after '[': a value or ']'
const ARRAY_AFTER_COMMA = 3; // after ',' in an array: a value is owed
const OBJECT_START = 4; // after '{': a key or '}'
const OBJECT_AFTER_COMMA = 5; // after ',' in an object: a key is owed
const AFTER_KEY = 6; // after a key string: ':' is owed
const AFTER_VALUE = 7; // after a value inside a container: ',' or the closer
const DONE = 8; // the top-level value is complete; only whitespace may follow
const IN_STRING = 9;
const IN_ESCAPE = 10; // right after a backslash
const IN_UNICODE_ESCAPE = 11; // inside \uXXXX; hexDigitsSeen counts the digits
const NUMBER_MINUS = 12; // '-' seen, a digit is owed
const NUMBER_ZERO = 13; // a leading '0': no more integer digits allowed
const NUMBER_INTEGER = 14;
const NUMBER_DOT = 15; // '.' seen, a digit is owed
const NUMBER_FRACTION = 16;
const NUMBER_EXPONENT_MARK = 17; // 'e' or 'E' seen, a sign or digit is owed
const NUMBER_EXPONENT_SIGN = 18; // sign seen, a digit is owed
const NUMBER_EXPONENT = 19;
const IN_LITERAL = 20; // inside true / false / null
const MALFORMED = 21;

const ARRAY = 0;
const OBJECT = 1;

const SPACE = 0x20;
const TAB = 0x09;
const LINE_FEED = 0x0a;
const CARRIAGE_RETURN = 0x0d;
const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const COMMA = 0x2c;
const COLON = 0x3a;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACKET = 0x5d;
const OPEN_BRACE = 0x7b;
const CLOSE_BRACE = 0x7d;
const MINUS = 0x2d;
const PLUS = 0x2b;
const DOT = 0x2e;
const DIGIT_ZERO = 0x30;
const DIGIT_NINE = 0x39;
const LOWER_E = 0x65;
const UPPER_E = 0x45;
const LOWER_U = 0x75;
const BYTE_ORDER_MARK = 0xfeff;

const INITIAL_STACK_CAPACITY = 64;
const RETAINED_STACK_CAPACITY = 4096;

const asciiDecoder = new TextDecoder();

/** How many string characters are stepped through before the rest of the run is skipped natively. */
const SHORT_STRING_RUN = 16;

/** A run of string characters that need no attention: not '"', '\\' or a control character. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: raw control characters are what JSON strings forbid
const PLAIN_STRING_RUN = /[^"\\\u0000-\u001f]*/y;

/**
 * Where the run of plain string characters (not '"', '\\' or a control character) that
 * continues at `from` ends: the index of the next character that needs attention, or the
 * chunk's length. Keys and short values end within a few characters, cheaper to step through
 * than to start a regular expression for; a longer run is skipped natively. A function of its
 * own, so V8 optimises this loop on its own too.
 */
function endOfPlainRun(chunk: string, from: number): number {
  const length = chunk.length;
  const shortRunEnd = Math.min(from + SHORT_STRING_RUN, length);
  let index = from;
  while (index < shortRunEnd) {
    const code = chunk.charCodeAt(index);
    if (code === QUOTE || code === BACKSLASH || code < SPACE) return index;
    index++;
  }
  if (index === length) return index;
  PLAIN_STRING_RUN.lastIndex = index;
  PLAIN_STRING_RUN.test(chunk);
  return PLAIN_STRING_RUN.lastIndex;
}

/** A copy of the container stack with twice the room. */
function doubled(containers: Uint8Array<ArrayBuffer>): Uint8Array<ArrayBuffer> {
  const grown = new Uint8Array(containers.length * 2);
  grown.set(containers);
  return grown;
}

function isJsonWhitespace(code: number): boolean {
  return code === SPACE || code === LINE_FEED || code === CARRIAGE_RETURN || code === TAB;
}

function isDigit(code: number): boolean {
  return code >= DIGIT_ZERO && code <= DIGIT_NINE;
}

/** The characters that may follow '\\' other than 'u'. */
function isSimpleEscape(code: number): boolean {
  return (
    code === QUOTE ||
    code === BACKSLASH ||
    code === 0x2f || // /
    code === 0x62 || // b
    code === 0x66 || // f
    code === 0x6e || // n
    code === 0x72 || // r
    code === 0x74 // t
  );
}

function isHexDigit(code: number): boolean {
  return (
    (code >= DIGIT_ZERO && code <= DIGIT_NINE) ||
    (code >= 0x41 && code <= 0x46) ||
    (code >= 0x61 && code <= 0x66)
  );
}

function isHighSurrogate(code: number): boolean {
  return code >= 0xd800 && code <= 0xdbff;
}

function isLowSurrogate(code: number): boolean {
  return code >= 0xdc00 && code <= 0xdfff;
}

function codePointLabel(codePoint: number): string {
  return `U+${codePoint.toString(16).toUpperCase().padStart(4, '0')}`;
}

/** Control characters, spaces that look like nothing, and unpaired surrogate halves. */
function isInvisible(codePoint: number): boolean {
  return (
    codePoint <= SPACE ||
    (codePoint >= 0x7f && codePoint <= 0xa0) ||
    (codePoint >= 0xd800 && codePoint <= 0xdfff) ||
    codePoint === 0xfeff
  );
}

/** Quotes a character for a message; invisible or unpaired ones are named by code point. */
function quoteCharacter(codePoint: number): string {
  if (codePoint === SPACE) return 'a space';
  if (codePoint === TAB) return 'a tab (U+0009)';
  if (codePoint === LINE_FEED) return 'a line feed (U+000A)';
  if (codePoint === CARRIAGE_RETURN) return 'a carriage return (U+000D)';
  if (isInvisible(codePoint)) return codePointLabel(codePoint);
  const character = String.fromCodePoint(codePoint);
  return character === "'" ? `"'"` : `'${character}'`;
}

function startsValue(code: number): boolean {
  return (
    code === QUOTE ||
    code === OPEN_BRACE ||
    code === OPEN_BRACKET ||
    code === MINUS ||
    isDigit(code) ||
    code === 0x74 || // t
    code === 0x66 || // f
    code === 0x6e // n
  );
}

/**
 * A resumable JSON scanner: feed it text in chunks of any size with {@link JsonScanner.push}
 * and read the verdict for everything pushed so far at any moment.
 *
 * A chunk boundary may fall anywhere (inside an escape, a `\u` sequence, a number, a literal,
 * between the halves of a surrogate pair); the verdict is the same as for the whole text.
 * Nesting is kept in a byte stack that doubles as needed, never on the call stack, so a
 * million unclosed `[` cost a megabyte, not a stack overflow.
 *
 * Verdicts follow `JSON.parse` (ECMA-404 / RFC 8259): whitespace is only space, tab, LF and CR,
 * so a leading byte-order mark is `malformed`; lone surrogates inside strings are accepted.
 *
 * @example
 * ```ts
 * const scanner = new JsonScanner();
 * scanner.push('{"city": "Par');
 * scanner.state; // 'truncated'
 * scanner.completion(); // '"}'
 * scanner.push('is"}');
 * scanner.state; // 'parses'
 * ```
 */
export class JsonScanner {
  private mode = TOP_VALUE;
  private containers = new Uint8Array(INITIAL_STACK_CAPACITY);
  private depth = 0;
  /** Whether the open string is an object key (so a ':' and a value are still owed after it). */
  private stringIsKey = false;
  private hexDigitsSeen = 0;
  private literal = '';
  private literalPosition = 0;
  /** UTF-16 code units pushed so far: the offset of the next chunk's first character. */
  private consumed = 0;
  private errorOffset = 0;
  private errorReason = '';
  /**
   * Set when the offending character is a high surrogate at the very end of a chunk: the next
   * chunk may hold its low half, which lets the message name the real character. Checking it
   * on the next push keeps the message independent of where chunks were split.
   */
  private errorAwaitsLowSurrogate = false;
  private pendingMessage: ((quoted: string, codePoint: number) => string) | null = null;
  private errorCodeUnit = 0;
  private listener: JsonTokenListener | null = null;

  /** A scanner that tells `listener` where each token is, as it scans (see {@link JsonTokenListener}). */
  static listenedBy(listener: JsonTokenListener): JsonScanner {
    const scanner = new JsonScanner();
    scanner.listener = listener;
    return scanner;
  }

  /**
   * Forgets everything pushed, to scan a new text with the same scanner (a stack up to 4,096
   * levels is kept, so scanning many texts allocates nothing). Returns the scanner.
   */
  reset(): this {
    this.mode = TOP_VALUE;
    this.depth = 0;
    // A stack grown for one deeply nested text is not kept for the rest of the process.
    if (this.containers.length > RETAINED_STACK_CAPACITY) {
      this.containers = new Uint8Array(INITIAL_STACK_CAPACITY);
    }
    this.stringIsKey = false;
    this.hexDigitsSeen = 0;
    this.literal = '';
    this.literalPosition = 0;
    this.consumed = 0;
    this.errorOffset = 0;
    this.errorReason = '';
    this.errorAwaitsLowSurrogate = false;
    this.pendingMessage = null;
    this.errorCodeUnit = 0;
    return this;
  }

  /** UTF-16 code units pushed so far. */
  get length(): number {
    return this.consumed;
  }

  /** The verdict for everything pushed so far. */
  get state(): JsonState {
    switch (this.mode) {
      case MALFORMED:
        return 'malformed';
      case TOP_VALUE:
        return 'empty';
      case DONE:
        return 'parses';
      case NUMBER_ZERO:
      case NUMBER_INTEGER:
      case NUMBER_FRACTION:
      case NUMBER_EXPONENT:
        // A top-level number that could stop here is already a whole document.
        return this.depth === 0 ? 'parses' : 'truncated';
      default:
        return 'truncated';
    }
  }

  /**
   * Feeds the next piece of text. Once the text is malformed, later chunks are only counted.
   * Returns the scanner so calls can be chained. Throws a `TypeError` for a non-string chunk.
   */
  push(chunk: string): this {
    if (typeof chunk !== 'string') {
      // Stream deltas come from untyped payloads; fail loudly rather than count NaN characters.
      throw new TypeError(libraryMessage(`JsonScanner.push expects a string, got ${typeof chunk}`));
    }
    const length = chunk.length;
    if (this.mode === MALFORMED) {
      if (this.errorAwaitsLowSurrogate && length > 0) this.resolveSplitSurrogate(chunk);
    } else {
      this.scan(chunk);
    }
    this.consumed += length;
    return this;
  }

  /** Runs the machine over `chunk`; offsets count from the chunk's start. */
  private scan(chunk: string): void {
    const length = chunk.length;
    // The machine lives in locals while it runs (V8 keeps them in registers) and is written
    // back before anything that reads the fields: a failure, a growing stack, the end.
    let mode = this.mode;
    let depth = this.depth;
    let containers = this.containers;
    const listener = this.listener;
    let index = 0;
    scan: while (index < length) {
      let code = chunk.charCodeAt(index);
      switch (mode) {
        case IN_STRING: {
          if (code !== QUOTE && code !== BACKSLASH && code >= SPACE) {
            index = endOfPlainRun(chunk, index + 1);
            if (index === length) break scan;
            code = chunk.charCodeAt(index);
          }
          if (code === QUOTE) {
            mode = this.stringIsKey ? AFTER_KEY : depth === 0 ? DONE : AFTER_VALUE;
            if (listener !== null) listener.stringEnd(index);
          } else if (code === BACKSLASH) {
            mode = IN_ESCAPE;
          } else {
            this.mode = mode;
            this.fail(
              chunk,
              index,
              `control character ${codePointLabel(code)} inside a string (it must be escaped)`,
            );
            break scan;
          }
          index++;
          break;
        }
        case IN_ESCAPE:
          if (isSimpleEscape(code)) {
            mode = IN_STRING;
          } else if (code === LOWER_U) {
            mode = IN_UNICODE_ESCAPE;
            this.hexDigitsSeen = 0;
          } else {
            this.mode = mode;
            this.failOnEscape(chunk, index);
            break scan;
          }
          index++;
          break;
        case IN_UNICODE_ESCAPE:
          if (!isHexDigit(code)) {
            this.mode = mode;
            this.failWith(chunk, index, (found) => `invalid hex digit ${found} in a '\\u' escape`);
            break scan;
          }
          if (++this.hexDigitsSeen === 4) mode = IN_STRING;
          index++;
          break;
        case TOP_VALUE:
        case AFTER_COLON:
        case ARRAY_START:
        case ARRAY_AFTER_COMMA:
          if (code === QUOTE) {
            mode = IN_STRING;
            this.stringIsKey = false;
            if (listener !== null) listener.value(VALUE_KIND.string, index);
          } else if (code === OPEN_BRACE || code === OPEN_BRACKET) {
            if (depth === containers.length) {
              // A plain function, not a method: a method call here, rarely reached, made V8
              // drop its optimised code thousands of times (no feedback for the load).
              containers = doubled(containers);
              this.containers = containers;
            }
            containers[depth++] = code === OPEN_BRACE ? OBJECT : ARRAY;
            mode = code === OPEN_BRACE ? OBJECT_START : ARRAY_START;
            if (listener !== null)
              listener.value(code === OPEN_BRACE ? VALUE_KIND.object : VALUE_KIND.array, index);
          } else if (code > DIGIT_ZERO && code <= DIGIT_NINE) {
            mode = NUMBER_INTEGER;
            if (listener !== null) listener.value(VALUE_KIND.number, index);
          } else if (code === DIGIT_ZERO) {
            mode = NUMBER_ZERO;
            if (listener !== null) listener.value(VALUE_KIND.number, index);
          } else if (code === MINUS) {
            mode = NUMBER_MINUS;
            if (listener !== null) listener.value(VALUE_KIND.number, index);
          } else if (code === CLOSE_BRACKET && mode === ARRAY_START) {
            depth--;
            mode = depth === 0 ? DONE : AFTER_VALUE;
            if (listener !== null) listener.close(index);
          } else if (code === 0x74 || code === 0x66 || code === 0x6e) {
            // t, f, n
            mode = IN_LITERAL;
            this.literal = code === 0x74 ? 'true' : code === 0x66 ? 'false' : 'null';
            this.literalPosition = 1;
            if (listener !== null)
              listener.value(
                code === 0x74
                  ? VALUE_KIND.true
                  : code === 0x66
                    ? VALUE_KIND.false
                    : VALUE_KIND.null,
                index,
              );
          } else if (!isJsonWhitespace(code)) {
            this.mode = mode;
            this.depth = depth;
            this.failOnValuePosition(chunk, index, code);
            break scan;
          }
          index++;
          break;
        case OBJECT_START:
        case OBJECT_AFTER_COMMA:
          if (code === QUOTE) {
            mode = IN_STRING;
            this.stringIsKey = true;
            if (listener !== null) listener.key(index);
          } else if (code === CLOSE_BRACE && mode === OBJECT_START) {
            depth--;
            mode = depth === 0 ? DONE : AFTER_VALUE;
            if (listener !== null) listener.close(index);
          } else if (!isJsonWhitespace(code)) {
            this.mode = mode;
            this.depth = depth;
            this.failOnKeyPosition(chunk, index, code);
            break scan;
          }
          index++;
          break;
        case AFTER_KEY:
          if (code === COLON) {
            mode = AFTER_COLON;
          } else if (!isJsonWhitespace(code)) {
            this.mode = mode;
            this.failWith(
              chunk,
              index,
              (found) => `expected ':' after an object key but found ${found}`,
            );
            break scan;
          }
          index++;
          break;
        case AFTER_VALUE: {
          if (isJsonWhitespace(code)) {
            index++;
            break;
          }
          const inObject = containers[depth - 1] === OBJECT;
          if (code === COMMA) {
            mode = inObject ? OBJECT_AFTER_COMMA : ARRAY_AFTER_COMMA;
            if (listener !== null) listener.comma(index);
          } else if (code === (inObject ? CLOSE_BRACE : CLOSE_BRACKET)) {
            depth--;
            mode = depth === 0 ? DONE : AFTER_VALUE;
            if (listener !== null) listener.close(index);
          } else {
            this.mode = mode;
            this.depth = depth;
            this.failInContainer(chunk, index, code);
            break scan;
          }
          index++;
          break;
        }
        case DONE:
          if (!isJsonWhitespace(code)) {
            this.mode = mode;
            this.failAfterDocument(chunk, index, code);
            break scan;
          }
          index++;
          break;
        case IN_LITERAL:
          if (code !== this.literal.charCodeAt(this.literalPosition)) {
            this.mode = mode;
            this.failInLiteral(chunk, index);
            break scan;
          }
          if (++this.literalPosition === this.literal.length) {
            mode = depth === 0 ? DONE : AFTER_VALUE;
          }
          index++;
          break;
        case NUMBER_MINUS:
          if (code === DIGIT_ZERO) {
            mode = NUMBER_ZERO;
          } else if (isDigit(code)) {
            mode = NUMBER_INTEGER;
          } else {
            this.mode = mode;
            this.failWith(chunk, index, (found) => `expected a digit after '-' but found ${found}`);
            break scan;
          }
          index++;
          break;
        case NUMBER_ZERO:
          if (isDigit(code)) {
            this.mode = mode;
            this.fail(chunk, index, 'a number cannot have a leading zero');
            break scan;
          }
          if (code === DOT) {
            mode = NUMBER_DOT;
            index++;
          } else if (code === LOWER_E || code === UPPER_E) {
            mode = NUMBER_EXPONENT_MARK;
            index++;
          } else {
            // The number ended; this character belongs to what follows it.
            mode = depth === 0 ? DONE : AFTER_VALUE;
            if (listener !== null) listener.numberEnd(index);
          }
          break;
        case NUMBER_INTEGER:
        case NUMBER_FRACTION:
        case NUMBER_EXPONENT:
          while (isDigit(code)) {
            if (++index === length) break scan;
            code = chunk.charCodeAt(index);
          }
          if (code === DOT && mode === NUMBER_INTEGER) {
            mode = NUMBER_DOT;
            index++;
          } else if ((code === LOWER_E || code === UPPER_E) && mode !== NUMBER_EXPONENT) {
            mode = NUMBER_EXPONENT_MARK;
            index++;
          } else {
            mode = depth === 0 ? DONE : AFTER_VALUE;
            if (listener !== null) listener.numberEnd(index);
          }
          break;
        case NUMBER_DOT:
          if (!isDigit(code)) {
            this.mode = mode;
            this.failWith(
              chunk,
              index,
              (found) => `expected a digit after the decimal point but found ${found}`,
            );
            break scan;
          }
          mode = NUMBER_FRACTION;
          index++;
          break;
        case NUMBER_EXPONENT_MARK:
          if (code === PLUS || code === MINUS) {
            mode = NUMBER_EXPONENT_SIGN;
          } else if (isDigit(code)) {
            mode = NUMBER_EXPONENT;
          } else {
            this.mode = mode;
            this.failWith(
              chunk,
              index,
              (found) => `expected a sign or digit in the exponent but found ${found}`,
            );
            break scan;
          }
          index++;
          break;
        case NUMBER_EXPONENT_SIGN:
          if (!isDigit(code)) {
            this.mode = mode;
            this.failWith(
              chunk,
              index,
              (found) => `expected a digit in the exponent but found ${found}`,
            );
            break scan;
          }
          mode = NUMBER_EXPONENT;
          index++;
          break;
      }
    }
    if (this.mode !== MALFORMED) this.mode = mode;
    this.depth = depth;
  }

  /** The verdict with its evidence: where a malformed text went wrong, what a truncated one owes. */
  describe(): JsonDescription {
    const state = this.state;
    switch (state) {
      case 'malformed':
        return { state, offset: this.errorOffset, reason: this.errorReason };
      case 'empty':
        return {
          state,
          reason: this.consumed === 0 ? 'the text is empty' : 'the text is only whitespace',
        };
      case 'parses':
        return { state };
      case 'truncated': {
        const owed = this.describeOpenToken();
        const parts = owed === '' ? [] : [owed];
        if (this.depth > 0) parts.push(plural(this.depth, 'unclosed container'));
        return { state, reason: parts.join('; ') };
      }
    }
  }

  /**
   * For a truncated text, a short suffix that makes the whole text parse: it closes the open
   * string, escape, number or literal, supplies any owed key, ':' or value, then closes every
   * container. `null` when the text is not truncated.
   */
  completion(): string | null {
    if (this.state !== 'truncated') return null;
    return this.completeOpenToken() + this.closers();
  }

  private failOnEscape(chunk: string, index: number): void {
    this.failWith(chunk, index, (quoted, codePoint) =>
      isInvisible(codePoint)
        ? `invalid escape: '\\' followed by ${quoted}`
        : `invalid escape '\\${String.fromCodePoint(codePoint)}'`,
    );
  }

  private failInLiteral(chunk: string, index: number): void {
    const literal = this.literal;
    const seen = literal.slice(0, this.literalPosition);
    this.failWith(
      chunk,
      index,
      (found) => `expected the literal '${literal}' but found ${found} after '${seen}'`,
    );
  }

  /** A character after a value inside a container that is neither ',' nor its closer. */
  private failInContainer(chunk: string, index: number, code: number): void {
    if (code === CLOSE_BRACE || code === CLOSE_BRACKET) {
      this.failOnMismatchedCloser(chunk, index, code);
      return;
    }
    const expectation =
      this.containers[this.depth - 1] === OBJECT
        ? "expected ',' or '}' after an object value"
        : "expected ',' or ']' after an array element";
    this.failWith(chunk, index, (found) => `${expectation} but found ${found}`);
  }

  private failOnValuePosition(chunk: string, index: number, code: number): void {
    if (this.mode === ARRAY_AFTER_COMMA && code === CLOSE_BRACKET) {
      this.fail(chunk, index, "a trailing ',' before ']'");
    } else if (code === CLOSE_BRACE || code === CLOSE_BRACKET) {
      if (this.mode === TOP_VALUE) {
        this.failWith(chunk, index, (found) => `unexpected ${found} before any value`);
      } else if (this.mode === ARRAY_START) {
        this.failOnMismatchedCloser(chunk, index, code);
      } else {
        this.failWith(chunk, index, (found) => `expected a value but found ${found}`);
      }
    } else if (code === BYTE_ORDER_MARK && this.mode === TOP_VALUE) {
      this.fail(chunk, index, 'a byte-order mark (U+FEFF) before the document');
    } else if (code === PLUS) {
      this.fail(chunk, index, "a number cannot start with '+'");
    } else if (code === DOT) {
      this.fail(chunk, index, "a number must start with a digit, not '.'");
    } else if (code === 0x27) {
      this.fail(chunk, index, 'expected a value but found "\'" (strings need double quotes)');
    } else {
      this.failWith(chunk, index, (found) => `expected a value but found ${found}`);
    }
  }

  private failOnKeyPosition(chunk: string, index: number, code: number): void {
    if (code === CLOSE_BRACE) {
      this.fail(chunk, index, "a trailing ',' before '}'");
    } else if (code === CLOSE_BRACKET && this.mode === OBJECT_START) {
      this.failOnMismatchedCloser(chunk, index, code);
    } else {
      this.failWith(
        chunk,
        index,
        (found) => `expected a double-quoted object key but found ${found}`,
      );
    }
  }

  private failOnMismatchedCloser(chunk: string, index: number, code: number): void {
    const open = this.containers[this.depth - 1] === OBJECT ? "'{'" : "'['";
    const closer = code === CLOSE_BRACE ? "'}'" : "']'";
    this.fail(chunk, index, `${closer} does not close the open ${open}`);
  }

  private failAfterDocument(chunk: string, index: number, code: number): void {
    if (startsValue(code)) {
      this.fail(chunk, index, 'a second value after the document ended');
    } else {
      this.failWith(chunk, index, (found) => `unexpected ${found} after the document ended`);
    }
  }

  private fail(chunk: string, index: number, reason: string): void {
    this.failWith(chunk, index, () => reason);
  }

  /** Records the first error; the message names the offending character, joined across a pair. */
  private failWith(
    chunk: string,
    index: number,
    message: (quoted: string, codePoint: number) => string,
  ): void {
    this.mode = MALFORMED;
    this.errorOffset = this.consumed + index;
    const code = chunk.charCodeAt(index);
    this.errorCodeUnit = code;
    if (isHighSurrogate(code) && index + 1 === chunk.length) {
      // Its low half may arrive in the next chunk; until then, name the lone unit.
      this.errorAwaitsLowSurrogate = true;
      this.pendingMessage = message;
    }
    const codePoint = chunk.codePointAt(index) ?? code;
    this.errorReason = message(quoteCharacter(codePoint), codePoint);
  }

  /** Completes a message whose offending high surrogate ended the previous chunk. */
  private resolveSplitSurrogate(chunk: string): void {
    const message = this.pendingMessage;
    this.errorAwaitsLowSurrogate = false;
    this.pendingMessage = null;
    const low = chunk.charCodeAt(0);
    if (message === null || !isLowSurrogate(low)) return;
    const codePoint = (this.errorCodeUnit - 0xd800) * 0x400 + (low - 0xdc00) + 0x10000;
    this.errorReason = message(quoteCharacter(codePoint), codePoint);
  }

  private describeOpenToken(): string {
    const where = this.stringIsKey ? 'an object key' : 'a string';
    switch (this.mode) {
      case IN_STRING:
        return `ends inside ${where}`;
      case IN_ESCAPE:
        return `ends inside an escape sequence in ${where}`;
      case IN_UNICODE_ESCAPE:
        return `ends inside a '\\u' escape in ${where}`;
      case NUMBER_MINUS:
      case NUMBER_DOT:
      case NUMBER_EXPONENT_MARK:
      case NUMBER_EXPONENT_SIGN:
        return 'ends inside a number';
      case IN_LITERAL:
        return `ends inside the literal '${this.literal}'`;
      case AFTER_KEY:
        return "ends after an object key, before its ':'";
      case AFTER_COLON:
        return "ends after ':', before the value";
      case ARRAY_AFTER_COMMA:
        return "ends after ',', before the next element";
      case OBJECT_AFTER_COMMA:
        return "ends after ',', before the next key";
      default:
        return '';
    }
  }

  private completeOpenToken(): string {
    const afterKey = this.stringIsKey ? ':0' : '';
    switch (this.mode) {
      case IN_STRING:
        return `"${afterKey}`;
      case IN_ESCAPE:
        return `n"${afterKey}`;
      case IN_UNICODE_ESCAPE:
        return `${'0'.repeat(4 - this.hexDigitsSeen)}"${afterKey}`;
      case NUMBER_MINUS:
      case NUMBER_DOT:
      case NUMBER_EXPONENT_MARK:
      case NUMBER_EXPONENT_SIGN:
      case AFTER_COLON:
      case ARRAY_AFTER_COMMA:
        return '0';
      case IN_LITERAL:
        return this.literal.slice(this.literalPosition);
      case AFTER_KEY:
        return ':0';
      case OBJECT_AFTER_COMMA:
        return '"":0';
      default:
        return '';
    }
  }

  /** The closers for every open container, innermost first. */
  private closers(): string {
    // One native ASCII decode keeps a million closers in the low milliseconds.
    const bytes = new Uint8Array(this.depth);
    for (let level = 0; level < this.depth; level++) {
      const container = this.containers[this.depth - 1 - level];
      bytes[level] = container === OBJECT ? CLOSE_BRACE : CLOSE_BRACKET;
    }
    return asciiDecoder.decode(bytes);
  }
}

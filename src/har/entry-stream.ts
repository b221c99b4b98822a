/**
 * A HAR document read as it streams: the text of each element of `log.entries`, one at a time,
 * so a HAR of any size is never held whole. The text around the entries (the document's
 * skeleton, each entry standing in as `0`) goes through the resumable JSON scanner, which says
 * where the document stops being JSON, in the file's own characters. Pure: text in, entry texts
 * and a verdict out.
 */

import type { JsonDescription } from '../json/scanner.js';
import { JsonScanner } from '../json/scanner.js';

/** The text of one element of `log.entries`, and its index there. */
export interface HarEntryText {
  index: number;
  text: string;
}

/** Why a streamed HAR document ended badly, as data for the face that words it. */
export type HarStreamFault =
  /** Nothing but white space. */
  | { kind: 'empty' }
  /** Whole JSON, but no `log.entries` array. */
  | { kind: 'not-a-har' }
  /** The text ends inside entry `index`: what of it arrived. */
  | { kind: 'cut-entry'; index: number; text: string }
  /**
   * The text outside the entries stops being JSON, or ends early: the scanner's description,
   * its offset counted in the file's characters; `opening` is the file's first characters, and
   * `after` the number of entries read before it.
   */
  | { kind: 'not-json'; description: JsonDescription; opening: string; after: number };

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const COMMA = 0x2c;
const COLON = 0x3a;
const OPEN_BRACE = 0x7b;
const CLOSE_BRACE = 0x7d;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACKET = 0x5d;

function isWhitespace(code: number): boolean {
  return code === 0x20 || code === 0x0a || code === 0x0d || code === 0x09;
}

/**
 * A reader of one HAR document's text, pushed in pieces: `push` returns the entries its piece
 * completed, `end` what is wrong with the whole, or `null`. Once the text outside the entries
 * is no longer JSON, `push` returns nothing more and `end` says where it broke.
 *
 * @example
 * const split = harEntryStream();
 * for await (const piece of text) for (const { index, text } of split.push(piece)) read(JSON.parse(text), index);
 * const fault = split.end(); // null for a whole HAR
 */
export function harEntryStream(): {
  push(piece: string): HarEntryText[];
  end(): HarStreamFault | null;
} {
  const skeleton = new JsonScanner();
  /** Characters of the file before the current piece, and of the skeleton scanned before it. */
  let fileOffset = 0;
  let skeletonOffset = 0;
  let opening = '';
  let broken: HarStreamFault | null = null;

  // Where the text is: containers open (only the outer three are told apart), strings, escapes.
  let depth = 0;
  let inString = false;
  /** Backslashes that ended the last piece inside a string: an odd run escapes what follows. */
  let carriedBackslashes = 0;
  /** Per depth 1 and 2: whether the container is an object, and the key last read there. */
  const isObject: boolean[] = [];
  const keys: string[] = [];
  let expectingKey = false;
  let keyPieces: string[] | null = null;
  let inEntries = false;
  let entriesSeen = false;

  // The entry being read: its pieces so far, and whether it is a container or a bare value.
  let entry: string[] | null = null;
  let entryIsContainer = false;
  let entryIndex = 0;

  /** Feeds the skeleton `text`, which starts at `at` in the file; notes the first break. */
  const scanSkeleton = (text: string, at: number) => {
    if (broken !== null || text.length === 0) return;
    skeleton.push(text);
    if (skeleton.state === 'malformed') {
      const found = skeleton.describe();
      const offset = (found.offset ?? 0) - skeletonOffset + at;
      broken = {
        kind: 'not-json',
        description: { ...found, offset },
        opening,
        after: entryIndex,
      };
    }
    skeletonOffset += text.length;
  };

  return {
    push(piece) {
      if (broken !== null) return [];
      let chunk = piece;
      if (fileOffset === 0 && skeletonOffset === 0 && chunk.charCodeAt(0) === 0xfeff) {
        // A byte-order mark is read past, as JSON.parse of the whole file would be after it.
        chunk = chunk.slice(1);
        fileOffset = 1;
      }
      if (opening.length < 64) opening += chunk.slice(0, 64 - opening.length);
      const done: HarEntryText[] = [];
      const length = chunk.length;
      let outsideFrom = entry === null ? 0 : -1;
      let entryFrom = entry === null ? -1 : 0;
      let index = 0;
      const finishEntry = (end: number) => {
        (entry as string[]).push(chunk.slice(entryFrom, end));
        done.push({ index: entryIndex++, text: (entry as string[]).join('') });
        entry = null;
        entryFrom = -1;
        outsideFrom = end;
      };
      while (index < length) {
        if (inString) {
          // The string's end is the next quote after an even run of backslashes (a run may
          // have begun in the piece before): found by indexOf, never a character at a time.
          let quote = chunk.indexOf('"', index);
          while (quote !== -1 && isEscaped(chunk, quote, index, carriedBackslashes)) {
            quote = chunk.indexOf('"', quote + 1);
          }
          if (quote === -1) {
            keyPieces?.push(chunk.slice(index));
            carriedBackslashes = backslashesBefore(chunk, length, index, carriedBackslashes);
            index = length;
            break;
          }
          keyPieces?.push(chunk.slice(index, quote));
          inString = false;
          carriedBackslashes = 0;
          if (keyPieces !== null) {
            keys[depth] = keyOf(keyPieces.join(''));
            keyPieces = null;
          }
          index = quote + 1;
          continue;
        }
        const code = chunk.charCodeAt(index);
        if (isWhitespace(code)) {
          index += 1;
          continue;
        }
        if (
          inEntries &&
          depth === 3 &&
          entry === null &&
          code !== COMMA &&
          code !== CLOSE_BRACKET
        ) {
          // An entry begins: the skeleton takes a 0 in its place.
          scanSkeleton(chunk.slice(outsideFrom, index), fileOffset + outsideFrom);
          scanSkeleton('0', fileOffset + index);
          entry = [];
          entryFrom = index;
          entryIsContainer = code === OPEN_BRACE || code === OPEN_BRACKET;
        } else if (
          entry !== null &&
          !entryIsContainer &&
          depth === 3 &&
          (code === COMMA || code === CLOSE_BRACKET)
        ) {
          finishEntry(index);
        }
        if (code === QUOTE) {
          inString = true;
          if (expectingKey && depth <= 2) keyPieces = [];
          expectingKey = false;
        } else if (code === OPEN_BRACE || code === OPEN_BRACKET) {
          depth += 1;
          if (depth <= 2) {
            isObject[depth] = code === OPEN_BRACE;
            expectingKey = code === OPEN_BRACE;
            keys[depth] = '';
          } else if (depth === 3 && code === OPEN_BRACKET && !entriesSeen) {
            inEntries =
              isObject[1] === true &&
              keys[1] === 'log' &&
              isObject[2] === true &&
              keys[2] === 'entries';
            entriesSeen = inEntries;
          }
        } else if (code === CLOSE_BRACE || code === CLOSE_BRACKET) {
          if (depth === 3) inEntries = false;
          depth = Math.max(0, depth - 1);
          if (entry !== null && entryIsContainer && depth === 3) {
            index += 1;
            finishEntry(index);
            continue;
          }
        } else if (code === COMMA) {
          if (depth <= 2 && isObject[depth] === true) expectingKey = true;
        } else if (code === COLON) {
          expectingKey = false;
        }
        index += 1;
        if (broken !== null) return done;
      }
      if (entry !== null) (entry as string[]).push(chunk.slice(entryFrom));
      else scanSkeleton(chunk.slice(outsideFrom), fileOffset + outsideFrom);
      fileOffset += length;
      return broken === null
        ? done
        : done.filter((item) => item.index < (broken as { after: number }).after);
    },
    end() {
      if (broken !== null) return broken;
      if (entry !== null) return { kind: 'cut-entry', index: entryIndex, text: entry.join('') };
      const state = skeleton.state;
      if (state === 'empty') return { kind: 'empty' };
      if (state !== 'parses') {
        return { kind: 'not-json', description: skeleton.describe(), opening, after: entryIndex };
      }
      return entriesSeen ? null : { kind: 'not-a-har' };
    },
  };
}

/**
 * The backslashes right before `end` in `chunk`, counted back to `from` (where the string's
 * text in this piece starts), plus those `carried` from the piece before when the run reaches it.
 */
function backslashesBefore(chunk: string, end: number, from: number, carried: number): number {
  let at = end - 1;
  while (at >= from && chunk.charCodeAt(at) === BACKSLASH) at -= 1;
  return end - 1 - at + (at < from ? carried : 0);
}

/** Whether the quote at `quote` is escaped: an odd run of backslashes before it. */
function isEscaped(chunk: string, quote: number, from: number, carried: number): boolean {
  return backslashesBefore(chunk, quote, from, carried) % 2 === 1;
}

/** A key as JSON reads it (escapes and all); the raw text when it is no string. */
function keyOf(raw: string): string {
  try {
    return JSON.parse(`"${raw}"`) as string;
  } catch {
    return raw;
  }
}

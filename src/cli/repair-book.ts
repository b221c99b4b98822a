/**
 * Each repair printed once in the text report. A week of recordings repeats the same repair
 * under thousands of findings; the report prints a repair's words the first time a finding of
 * its group (diagnosis and state) needs it, numbered, refers to that number after, and ends
 * with the repairs given most, each with how many findings it was given for.
 *
 * An entry's text is formatted where it is audited (in a worker thread, with `--jobs`), which
 * cannot know what the report printed before it; so it holds a mark for each result's repairs
 * ({@link repairMark}), and the run, which writes entries in order, fills the marks in.
 */

import { formatCount } from '../text/count.js';
import { plural } from '../text/plural.js';
import { firstSentence } from '../text/sentence.js';

/** The one style the book uses: the report's palette, or any with a `dim`. */
interface Dimming {
  dim(text: string): string;
}

/** One result's repairs, as an entry's text marks them: the group they were given in, in order. */
export interface RepairBlock {
  /** The diagnosis and state they repair: `dispatch arguments-truncated`. */
  group: string;
  repairs: readonly string[];
}

/**
 * Distinct repairs the book numbers; past these, a repair is printed in full wherever it is
 * given, so a corpus whose repairs all differ (a number in each) keeps flat memory.
 */
export const REPAIR_BOOK_LIMIT = 2_000;

/** The repairs the summary lists by the findings they were given for. */
const LISTED_MOST = 10;

/** Marks are NULs around a number: text an entry shows has its control characters escaped. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: the NULs are the mark, on purpose.
const MARK = /\u0000(\d+)\u0000/g;

/**
 * The mark for a result's repairs in an entry's text: the `index`-th block of the entry, on
 * a line of its own.
 *
 * @example
 * `${lines}\n${repairMark(0)}`; // filled in by RepairBook.fill
 */
export function repairMark(index: number): string {
  return `\u0000${index}\u0000`;
}

/** The repairs a run has printed, and how often each was given. */
export interface RepairBook {
  /**
   * An entry's text with its marks filled in, in the order the report prints it: a repair new
   * to its group in full, with its number; one printed before by its number alone.
   */
  fill(text: string, blocks: readonly RepairBlock[], palette: Dimming, indent: string): string;
  /** The summary's lines: the repairs given most, with their counts; none when nothing repeated. */
  summaryLines(palette: Dimming): string[];
}

interface Booked {
  number: number;
  group: string;
  text: string;
  given: number;
}

/**
 * An empty book.
 *
 * @example
 * const book = createRepairBook();
 * stdout.write(book.fill(piece.text, piece.repairs, palette, '           '));
 */
export function createRepairBook(limit = REPAIR_BOOK_LIMIT): RepairBook {
  const booked = new Map<string, Booked>();
  /** Repairs printed in full where given because the book was full, counted for the summary. */
  let unbooked = 0;

  const linesOf = (block: RepairBlock, palette: Dimming, indent: string): string[] => {
    const lines: string[] = [];
    let seen: number[] = [];
    const foldSeen = () => {
      if (seen.length === 0) return;
      const label = seen.length === 1 ? `repair ${seen[0]}:` : `repairs ${seen.join(', ')}:`;
      lines.push(`${indent}${palette.dim(label)} as above`);
      seen = [];
    };
    for (const text of block.repairs) {
      const key = `${block.group}\u0000${text}`;
      const known = booked.get(key);
      if (known !== undefined) {
        known.given += 1;
        seen.push(known.number);
        continue;
      }
      foldSeen();
      if (booked.size >= limit) {
        unbooked += 1;
        lines.push(`${indent}${palette.dim('repair:')} ${text}`);
        continue;
      }
      const number = booked.size + 1;
      booked.set(key, { number, group: block.group, text, given: 1 });
      lines.push(`${indent}${palette.dim(`repair ${number}:`)} ${text}`);
    }
    foldSeen();
    return lines;
  };

  return {
    fill(text, blocks, palette, indent) {
      if (blocks.length === 0) return text;
      return text.replace(MARK, (_, index: string) => {
        const block = blocks[Number(index)];
        return block === undefined ? '' : linesOf(block, palette, indent).join('\n');
      });
    },
    summaryLines(palette) {
      const rows = [...booked.values()];
      if (!rows.some((row) => row.given > 1)) return [];
      rows.sort((a, b) => b.given - a.given || a.number - b.number);
      const listed = rows.slice(0, LISTED_MOST);
      const counts = listed.map((row) => `${formatCount(row.given)}x`);
      const labels = listed.map((row) => `repair ${row.number}`);
      const countWidth = Math.max(...counts.map((count) => count.length));
      const labelWidth = Math.max(...labels.map((label) => label.length));
      const lines = [
        `repairs, each printed once above, most given first (${plural(booked.size, 'repair')}):`,
        ...listed.map(
          (row, index) =>
            `  ${counts[index]?.padStart(countWidth)}  ${palette.dim(labels[index]?.padEnd(labelWidth) ?? '')}  ${row.group}: ${firstSentence(row.text)}`,
        ),
      ];
      if (rows.length > LISTED_MOST) {
        lines.push(`  and ${plural(rows.length - LISTED_MOST, 'more repair')}`);
      }
      if (unbooked > 0) {
        lines.push(
          `  past the first ${formatCount(limit)} repairs, ${plural(unbooked, 'repair')} ${unbooked === 1 ? 'was' : 'were'} printed in full where given`,
        );
      }
      // A blank line parts them from the totals that follow.
      return [...lines, ''];
    },
  };
}

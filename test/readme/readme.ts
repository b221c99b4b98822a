/**
 * The README's fenced blocks, as the doc-tests read them: each with its language, its text, the
 * line its fence opens on and the heading it sits under. A block is named by its key,
 * `<heading> › <first line>`, in `README_BLOCKS` (blocks.ts) and wherever a test looks it up.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = fileURLToPath(new URL('../../', import.meta.url));

export interface ReadmeBlock {
  /** The fence's info string: `ts`, `sh`, ...; `''` for a plain fence (output). */
  lang: string;
  /** The block's text, without leading and trailing blank space. */
  text: string;
  /** The line of README.md the fence opens on, 1-based. */
  line: number;
  /** The nearest heading above the block, without its `#`s. */
  heading: string;
  firstLine: string;
  /** `<heading> › <first line>`: how blocks.ts and the tests name the block. */
  key: string;
}

/** Every fenced block of README.md, read now (another change may be editing it). */
export function readmeBlocks(): ReadmeBlock[] {
  const lines = readFileSync(join(root, 'README.md'), 'utf8').split('\n');
  const blocks: ReadmeBlock[] = [];
  let heading = '';
  let open: { lang: string; line: number; body: string[] } | null = null;
  for (const [index, line] of lines.entries()) {
    if (open) {
      if (line.trimStart().startsWith('```')) {
        const text = dedent(open.body).trim();
        const firstLine = text.split('\n')[0] ?? '';
        blocks.push({
          lang: open.lang,
          text,
          line: open.line,
          heading,
          firstLine,
          key: `${heading} › ${firstLine}`,
        });
        open = null;
      } else {
        open.body.push(line);
      }
    } else if (line.trimStart().startsWith('```')) {
      open = { lang: line.trim().slice(3).trim(), line: index + 1, body: [] };
    } else if (/^#{1,6} /.test(line)) {
      heading = line.replace(/^#+ /, '').trim();
    }
  }
  return blocks;
}

/** The README block with this key; throws, naming the key, when there is none. */
export function readmeBlock(key: string): ReadmeBlock {
  const block = readmeBlocks().find((candidate) => candidate.key === key);
  if (!block) throw new Error(`README.md has no block "${key}" (heading › first line)`);
  return block;
}

const START = /^\s*\/\/ --- README: (.+) ---\s*$/;
const END = /^\s*\/\/ --- end ---\s*$/;

/**
 * The README text a file pastes between `// --- README: <heading> ---` and `// --- end ---`,
 * with the indentation the surrounding code gave it removed.
 */
export function markedRegions(source: string): { heading: string; text: string }[] {
  const regions: { heading: string; text: string }[] = [];
  let open: { heading: string; lines: string[] } | null = null;
  for (const line of source.split('\n')) {
    const start = START.exec(line);
    if (start) {
      open = { heading: start[1] ?? '', lines: [] };
    } else if (open && END.test(line)) {
      regions.push({ heading: open.heading, text: dedent(open.lines).trim() });
      open = null;
    } else if (open) {
      open.lines.push(line);
    }
  }
  return regions;
}

function dedent(lines: string[]): string {
  const indents = lines
    .filter((line) => line.trim() !== '')
    .map((line) => line.length - line.trimStart().length);
  const common = indents.length > 0 ? Math.min(...indents) : 0;
  return lines.map((line) => line.slice(common)).join('\n');
}

/**
 * Whether a file holds the block as written: its whole text somewhere in the file (a config
 * file, a command in a string), or between markers naming the block's heading.
 */
export function holdsVerbatim(source: string, block: ReadmeBlock): boolean {
  return (
    source.includes(block.text) ||
    markedRegions(source).some(
      (region) => region.heading === block.heading && region.text === block.text,
    )
  );
}

/**
 * Strings a regular expression matches, written from the expression: the seeded interpreter's
 * `stringMatching`. It reads what tool schemas' patterns use (literals, escapes, classes and
 * negated classes, `.`, groups and alternation, every quantifier, anchors) and refuses what it
 * cannot write (look-arounds, back-references, Unicode property escapes) by throwing, as
 * fast-check's own does; its caller tests every result against the real expression anyway.
 */
import type { Random } from './random.js';

/** An expression part this sampler cannot write. */
export class UnwritableRegexError extends Error {
  override name = 'UnwritableRegexError';
}

/** A set of characters: a test for one, and where to look for members. */
interface CharSet {
  has(character: string): boolean;
  /** Members to draw from directly (ranges and literals of the set). */
  members: string[];
}

type Node =
  | { kind: 'literal'; text: string }
  | { kind: 'set'; set: CharSet; negated: boolean }
  | { kind: 'sequence'; items: Node[] }
  | { kind: 'choice'; branches: Node[] }
  | { kind: 'repeat'; node: Node; min: number; max: number };

/** Characters a negated set draws from: what tool schemas' strings are made of. */
const POOL = [
  ...'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789',
  ...' -_.,:;!?@#&/+()[]{}\'"',
  ...'éüßñ中日',
];
const DIGITS = [...'0123456789'];
const WORD = [...'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_'];
const SPACE = [' ', '\t', '\n'];
/** How many repetitions an open quantifier (`*`, `+`, `{2,}`) adds past its least count. */
const OPEN_EXTRA = 3;

const setOf = (members: string[], has?: (character: string) => boolean): CharSet => ({
  members,
  has: has ?? ((character) => members.includes(character)),
});
const DIGIT_SET = setOf(DIGITS, (character) => /\d/.test(character));
const WORD_SET = setOf(WORD, (character) => /\w/.test(character));
const SPACE_SET = setOf(SPACE, (character) => /\s/u.test(character));
const ANY = setOf(POOL, (character) => character !== '\n' && character !== '\r');

/** Parses an expression's source into nodes. */
function parse(source: string): Node {
  let at = 0;
  const unwritable = (what: string): never => {
    throw new UnwritableRegexError(`${what} at character ${at} of /${source}/ cannot be written`);
  };
  const choice = (): Node => {
    const branches = [sequence()];
    while (source[at] === '|') {
      at += 1;
      branches.push(sequence());
    }
    return branches.length === 1 ? (branches[0] as Node) : { kind: 'choice', branches };
  };
  const sequence = (): Node => {
    const items: Node[] = [];
    while (at < source.length && source[at] !== '|' && source[at] !== ')') {
      let atom = single();
      atom = quantified(atom);
      items.push(atom);
    }
    return { kind: 'sequence', items };
  };
  const quantified = (atom: Node): Node => {
    const next = source[at];
    let min: number;
    let max: number;
    if (next === '*' || next === '+' || next === '?') {
      at += 1;
      min = next === '+' ? 1 : 0;
      max = next === '?' ? 1 : min + OPEN_EXTRA;
    } else if (next === '{' && /^\{\d+(,\d*)?\}/.test(source.slice(at))) {
      const [whole = '', low = '0', comma, high] =
        /^\{(\d+)(,(\d*))?\}/.exec(source.slice(at)) ?? [];
      at += whole.length;
      min = Number(low);
      max =
        comma === undefined
          ? min
          : high === undefined || high === ''
            ? min + OPEN_EXTRA
            : Number(high);
    } else {
      return atom;
    }
    if (source[at] === '?') at += 1;
    return { kind: 'repeat', node: atom, min, max };
  };
  const single = (): Node => {
    const character = source[at] as string;
    if (character === '^' || character === '$') {
      at += 1;
      return { kind: 'literal', text: '' };
    }
    if (character === '.') {
      at += 1;
      return { kind: 'set', set: ANY, negated: false };
    }
    if (character === '(') {
      at += 1;
      if (source[at] === '?') {
        const kind = source.slice(at, at + 3);
        if (kind.startsWith('?:')) at += 2;
        else if (kind.startsWith('?<') && kind !== '?<=' && kind !== '?<!') {
          at = source.indexOf('>', at) + 1;
          if (at === 0) unwritable('a group name');
        } else unwritable('a look-around');
      }
      const inner = choice();
      if (source[at] !== ')') unwritable('an unclosed group');
      at += 1;
      return inner;
    }
    if (character === '[') return characterClass();
    if (character === '\\') return escaped(false);
    if ('*+?{'.includes(character)) unwritable(`a quantifier with nothing before it`);
    at += 1;
    const point = source.codePointAt(at - 1) ?? 0;
    if (point > 0xffff) at += 1;
    return { kind: 'literal', text: String.fromCodePoint(point) };
  };
  /** An escape: a node outside a class, a set or one character inside one. */
  const escaped = (inClass: boolean): Extract<Node, { kind: 'literal' | 'set' }> => {
    const next = source[at + 1];
    at += 2;
    switch (next) {
      case 'd':
      case 'D':
        return { kind: 'set', set: DIGIT_SET, negated: next === 'D' };
      case 'w':
      case 'W':
        return { kind: 'set', set: WORD_SET, negated: next === 'W' };
      case 's':
      case 'S':
        return { kind: 'set', set: SPACE_SET, negated: next === 'S' };
      case 'b':
        if (inClass) return { kind: 'literal', text: '\b' };
        return unwritable('a word boundary');
      case 'B':
        return unwritable('a non-boundary');
      case 't':
        return { kind: 'literal', text: '\t' };
      case 'n':
        return { kind: 'literal', text: '\n' };
      case 'r':
        return { kind: 'literal', text: '\r' };
      case 'f':
        return { kind: 'literal', text: '\f' };
      case 'v':
        return { kind: 'literal', text: '\v' };
      case '0':
        return { kind: 'literal', text: '\0' };
      case 'x': {
        const hex = source.slice(at, at + 2);
        at += 2;
        return { kind: 'literal', text: String.fromCharCode(Number.parseInt(hex, 16)) };
      }
      case 'u': {
        if (source[at] === '{') {
          const close = source.indexOf('}', at);
          const point = Number.parseInt(source.slice(at + 1, close), 16);
          at = close + 1;
          return { kind: 'literal', text: String.fromCodePoint(point) };
        }
        const hex = source.slice(at, at + 4);
        at += 4;
        return { kind: 'literal', text: String.fromCharCode(Number.parseInt(hex, 16)) };
      }
      case 'p':
      case 'P':
        return unwritable('a Unicode property escape');
      case undefined:
        return unwritable('a trailing backslash');
      default:
        if (/[1-9k]/.test(next)) return unwritable('a back-reference');
        return { kind: 'literal', text: next };
    }
  };
  const characterClass = (): Node => {
    at += 1;
    const negated = source[at] === '^';
    if (negated) at += 1;
    const members: string[] = [];
    const tests: Array<(character: string) => boolean> = [];
    let first = true;
    while (at < source.length && (source[at] !== ']' || first)) {
      first = false;
      const low = classAtom();
      if (source[at] === '-' && source[at + 1] !== ']' && low.kind === 'literal') {
        at += 1;
        const high = classAtom();
        if (high.kind !== 'literal') return unwritable('a range ending in a class');
        const from = low.text.codePointAt(0) ?? 0;
        const to = high.text.codePointAt(0) ?? from;
        for (let point = from; point <= to && point - from < 128; point += 1)
          members.push(String.fromCodePoint(point));
        tests.push((character) => {
          const point = character.codePointAt(0) ?? -1;
          return point >= from && point <= to;
        });
      } else if (low.kind === 'literal') {
        members.push(low.text);
        tests.push((character) => character === low.text);
      } else {
        members.push(...(low.negated ? [] : low.set.members));
        const { set, negated: inverse } = low;
        tests.push((character) => set.has(character) !== inverse);
      }
    }
    if (source[at] !== ']') unwritable('an unclosed class');
    at += 1;
    return {
      kind: 'set',
      set: setOf(members, (character) => tests.some((test) => test(character))),
      negated,
    };
  };
  const classAtom = (): Extract<Node, { kind: 'literal' | 'set' }> => {
    if (source[at] === '\\') return escaped(true);
    const point = source.codePointAt(at) ?? 0;
    at += point > 0xffff ? 2 : 1;
    return { kind: 'literal', text: String.fromCodePoint(point) };
  };
  const tree = choice();
  if (at !== source.length) unwritable('an unmatched )');
  return tree;
}

function write(node: Node, random: Random): string {
  switch (node.kind) {
    case 'literal':
      return node.text;
    case 'set': {
      const { set, negated } = node;
      const candidates = negated ? POOL.filter((character) => !set.has(character)) : set.members;
      if (candidates.length === 0) throw new UnwritableRegexError('a class no character is in');
      return random.pick(candidates);
    }
    case 'sequence':
      return node.items.map((item) => write(item, random)).join('');
    case 'choice':
      return write(random.pick(node.branches), random);
    case 'repeat': {
      const count = random.int(node.min, node.max);
      let out = '';
      for (let index = 0; index < count; index += 1) out += write(node.node, random);
      return out;
    }
  }
}

/**
 * A string matching the whole of `regex`'s source, drawn from `random`; it throws an
 * {@link UnwritableRegexError} for what it cannot write.
 *
 * @example
 * sampleRegex(/^A-[0-9]{4}$/u, seededRandom(1)); // 'A-3071'
 */
export function sampleRegex(regex: RegExp, random: Random): string {
  return write(parse(regex.source), random);
}

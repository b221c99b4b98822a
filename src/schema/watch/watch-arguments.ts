/**
 * Judging arguments while they stream: after each piece of text, can some completion still be
 * valid against the schema (`feasible`), can none (`infeasible`), or is the text no JSON
 * prefix at all (`malformed`)? The resumable scanner finds the tokens and judges the JSON; the
 * watcher keeps, for every value open, the schema objects that apply to it, tied together as
 * the combinators tie them (all of `allOf`, some branch of `anyOf` / `oneOf`), and fails one
 * at the first character no completion can get past. Sound by construction: a check fails
 * only on what every completion keeps (a kind begun, a string's decoded prefix, a whole
 * number, a count of members that only grows); anything it cannot judge early waits for
 * `end()`, which is the whole document's check.
 */

import {
  JsonScanner,
  type JsonTokenListener,
  VALUE_KIND,
  type ValueKind,
} from '../../json/scanner.js';
import { libraryMessage } from '../../text/library-message.js';
import { formatPath, type PathStep } from '../../text/path.js';
import { plural } from '../../text/plural.js';
import { checkArguments, checkParsedArguments } from '../check-arguments.js';
import { prepareForDialect } from '../dialect.js';
import type { JsonObject } from '../json-type.js';
import { listTypes, previewOf } from '../wording.js';
import {
  elementSchema,
  KIND,
  memberSchemas,
  type SchemaPlan,
  SchemaPlans,
  type Subschema,
} from './plan.js';

/**
 * The verdict on the text written so far.
 * - While writing: `feasible` (some completion is valid), `infeasible` (none is), `malformed`
 *   (not a JSON prefix).
 * - After `end()`: `valid`, `invalid` (whole JSON that breaks the schema), `malformed`, or
 *   `truncated` (a prefix that never closed).
 *
 * @example
 * const verdict: PrefixVerdict = { state: 'infeasible', offset: 17, path: 'arguments.amount_cents', problems: ['arguments.amount_cents: expected integer, got string'] };
 */
export interface PrefixVerdict {
  state: 'feasible' | 'infeasible' | 'malformed' | 'valid' | 'invalid' | 'truncated';
  /** The index, in all the text written, of the character that doomed it or broke the JSON. */
  offset?: number;
  /** Where: `arguments.amount_cents`. */
  path?: string;
  /** Worded as the schema violations are worded. */
  problems: string[];
}

/**
 * A watcher of one call's arguments.
 *
 * @example
 * const watcher: ArgumentsWatcher = watchArguments(schema);
 */
export interface ArgumentsWatcher {
  /** Appends `text` and judges everything written so far. */
  write(text: string): PrefixVerdict;
  /** The text is whole: the document's verdict. Later calls return it again. */
  end(): PrefixVerdict;
}

/** Options for {@link watchArguments}. */
export interface WatchArgumentsOptions {
  /** What paths begin with: `arguments` (the default), or `structuredContent` for a tool's result. */
  root?: string;
}

/**
 * Watches a call's arguments stream in against `schema`, answering after every piece whether
 * the call can still be valid. Throws a `TypeError` for a schema that cannot be compiled.
 *
 * @example
 * const watcher = watchArguments({ type: 'object', properties: { amount_cents: { type: 'integer' } } });
 * watcher.write('{"amount_cents":'); // { state: 'feasible', problems: [] }
 * watcher.write('"12'); // { state: 'infeasible', offset: 16, path: 'arguments.amount_cents', ... }
 */
export function watchArguments(
  schema: unknown,
  options: WatchArgumentsOptions = {},
): ArgumentsWatcher {
  const root = options.root ?? 'arguments';
  const check = checkArguments(schema, null);
  if (check.kind === 'schema-invalid') {
    throw new TypeError(
      libraryMessage(`watchArguments: the schema does not compile (${check.reason})`),
    );
  }
  if (typeof schema === 'boolean') return new Watcher(schema, schema, false, root);
  const prepared = prepareForDialect(structuredClone(schema as JsonObject));
  if (!prepared.ok) throw new TypeError(libraryMessage(`watchArguments: ${prepared.reason}`));
  return new Watcher(schema as JsonObject, prepared.schema, prepared.dialect === 'draft-07', root);
}

/**
 * One schema object's claim on a value, in a tree of claims that mirrors the combinators: a
 * claim fails when any of its own checks or children fails (all of them must hold), except an
 * `anyOf` / `oneOf` claim, which fails when its last live branch does.
 */
class Claim {
  failed = false;
  /** For a choice: branches not yet failed, and what the failed ones said. */
  live = 0;
  readonly branchProblems: string[] = [];
  constructor(
    readonly parent: Claim | null,
    readonly choice: boolean,
  ) {}

  /** Whether this claim and every claim above it still stand. */
  get standing(): boolean {
    for (let claim: Claim | null = this; claim !== null; claim = claim.parent) {
      if (claim.failed) return false;
    }
    return true;
  }
}

/** A schema object applied to one value: its plan, and the claim a failed check fails. */
interface Applied {
  plan: SchemaPlan;
  claim: Claim;
}

/** An open object or array. */
interface Frame {
  object: boolean;
  applied: Applied[];
  /** Members or elements begun. */
  count: number;
  /** The member being read: its key once the key has closed. */
  key: string | null;
  /** Per applied schema, the subschemas the member's value must match. */
  pending: [Claim, Subschema[]][];
}

/** A string-prefix check: a maximum length, the strings it may become, or both. */
interface StringCheck {
  claim: Claim;
  /** The schema the check comes from: the string's own, or, for a key, its object's. */
  plan: SchemaPlan;
  isKey: boolean;
  maxLength: number | null;
  candidates: string[] | null;
  done: boolean;
}

const KIND_WORDS: Readonly<Record<number, string>> = {
  [KIND.string]: 'string',
  [KIND.number]: 'number',
  [KIND.object]: 'object',
  [KIND.array]: 'array',
  [KIND.boolean]: 'boolean',
  [KIND.null]: 'null',
};

const VALUE_KIND_BITS: readonly number[] = [
  KIND.string,
  KIND.number,
  KIND.object,
  KIND.array,
  KIND.boolean,
  KIND.boolean,
  KIND.null,
];
const LITERALS: readonly unknown[] = [
  undefined,
  undefined,
  undefined,
  undefined,
  true,
  false,
  null,
];

const HEX = /^[0-9a-fA-F]$/;

class Watcher implements ArgumentsWatcher, JsonTokenListener {
  private readonly scanner = JsonScanner.listenedBy(this);
  private readonly plans: SchemaPlans;
  private readonly rootSchema: Subschema;
  private readonly top = new Claim(null, false);
  private readonly frames: Frame[] = [];
  private chunk = '';
  /** Where the chunk being scanned starts in all the text. */
  private chunkStart = 0;
  private text = '';
  private doomed: { offset: number; path: string; problem: string } | null = null;
  private ended: PrefixVerdict | null = null;

  // The string being read (a key or a value): its checks, its raw text so far when needed.
  private stringOpen = false;
  private stringIsKey = false;
  private stringFrom = 0;
  /** Where the open string's text (after its quote) starts in all the text. */
  private stringBase = 0;
  private stringRaw = '';
  private stringNeedsText = false;
  private checks: StringCheck[] = [];
  private units = 0;
  private codePoints = 0;
  private lastUnit = 0;
  private escape = '';
  private escapeCounted = false;

  // The number being read, and the schemas that judge it when it ends.
  private numberOpen = false;
  private numberFrom = 0;
  private numberRaw = '';
  private numberApplied: Applied[] = [];
  private numberPath: PathStep[] = [];

  constructor(
    private readonly schema: unknown,
    prepared: Subschema,
    draft07: boolean,
    private readonly root: string,
  ) {
    this.plans = new SchemaPlans(prepared, draft07);
    this.rootSchema = prepared;
  }

  write(text: string): PrefixVerdict {
    if (typeof text !== 'string') {
      throw new TypeError(
        libraryMessage(`watchArguments: write expects a string, got ${typeof text}`),
      );
    }
    if (this.ended !== null) throw new Error(libraryMessage('watchArguments: write after end()'));
    this.text += text;
    this.chunk = text;
    this.scanner.push(text);
    const description = this.scanner.describe();
    // What the string or number still open holds of this chunk, up to where the JSON broke.
    const limit =
      description.state === 'malformed' && description.offset !== undefined
        ? Math.min(text.length, description.offset - this.chunkStart)
        : text.length;
    if (this.doomed === null && limit >= 0) {
      if (this.stringOpen) this.readString(this.stringFrom, limit);
      if (this.numberOpen) this.numberRaw += text.slice(this.numberFrom, limit);
    }
    this.stringFrom = 0;
    this.numberFrom = 0;
    this.chunkStart += text.length;
    return this.verdict();
  }

  end(): PrefixVerdict {
    if (this.ended !== null) return this.ended;
    const description = this.scanner.describe();
    let verdict: PrefixVerdict;
    if (description.state === 'malformed') {
      verdict = {
        state: 'malformed',
        offset: description.offset,
        problems: [`${this.root}: ${description.reason}`],
      };
    } else if (description.state !== 'parses') {
      verdict = {
        state: 'truncated',
        problems: [`${this.root}: the text stopped before it closed (${description.reason})`],
      };
    } else {
      const check = checkParsedArguments(this.schema, JSON.parse(this.text), false, this.root);
      verdict =
        check.kind === 'valid'
          ? { state: 'valid', problems: [] }
          : {
              state: 'invalid',
              problems: check.kind === 'invalid' ? check.problems : [`${this.root}: ${check.kind}`],
            };
    }
    this.ended = verdict;
    return verdict;
  }

  private verdict(): PrefixVerdict {
    const description = this.scanner.describe();
    if (description.state === 'malformed') {
      return {
        state: 'malformed',
        offset: description.offset,
        problems: [`${this.root}: ${description.reason}`],
      };
    }
    if (this.doomed !== null) {
      const { offset, path, problem } = this.doomed;
      return { state: 'infeasible', offset, path, problems: [problem] };
    }
    return { state: 'feasible', problems: [] };
  }

  // --- the scanner's tokens ---

  value(kind: ValueKind, index: number): void {
    if (this.doomed !== null) return;
    const offset = this.chunkStart + index;
    const parent = this.frames[this.frames.length - 1];
    const applied: Applied[] = [];
    if (parent === undefined) {
      this.apply(this.rootSchema, this.top, applied, offset, []);
    } else if (parent.object) {
      for (const [claim, subs] of parent.pending) {
        for (const sub of subs) this.apply(sub, claim, applied, offset, this.path());
      }
      parent.pending = [];
    } else {
      const position = parent.count;
      parent.count += 1;
      for (const { plan, claim } of parent.applied) {
        if (plan.maxItems !== null && parent.count > plan.maxItems) {
          this.fail(
            claim,
            offset,
            this.path(false),
            `already ${plural(parent.count, 'item')}, more than the maximum of ${plan.maxItems}`,
          );
          continue;
        }
        const sub = elementSchema(plan, position);
        if (sub !== undefined) this.apply(sub, claim, applied, offset, this.path());
      }
    }
    if (this.doomed !== null) return;
    const path = this.path();
    const bit = VALUE_KIND_BITS[kind] as number;
    const live: Applied[] = [];
    for (const entry of applied) {
      const { plan, claim } = entry;
      if ((plan.kinds & bit) === 0) {
        this.fail(
          claim,
          offset,
          path,
          `expected ${listTypes(plan.typeNames)}, got ${KIND_WORDS[bit]}`,
        );
      } else if ((plan.valueKinds & bit) === 0) {
        this.fail(
          claim,
          offset,
          path,
          `${KIND_WORDS[bit]} begun, but ${declaredList(plan.declared ?? [])}`,
        );
      } else {
        live.push(entry);
      }
      if (this.doomed !== null) return;
    }
    switch (kind) {
      case VALUE_KIND.object:
      case VALUE_KIND.array:
        this.frames.push({
          object: kind === VALUE_KIND.object,
          applied: live,
          count: 0,
          key: null,
          pending: [],
        });
        break;
      case VALUE_KIND.string:
        this.openString(false, index, live);
        break;
      case VALUE_KIND.number:
        this.numberOpen = true;
        this.numberFrom = index;
        this.numberRaw = '';
        this.numberApplied = live.filter(({ plan }) => plan.scalar !== null);
        this.numberPath = path;
        break;
      default:
        for (const { plan, claim } of live) {
          if (plan.scalar !== null)
            this.judgeScalar(plan.scalar, LITERALS[kind], claim, offset, path);
        }
    }
  }

  key(index: number): void {
    if (this.doomed !== null) return;
    const frame = this.frames[this.frames.length - 1] as Frame;
    frame.count += 1;
    frame.key = null;
    const offset = this.chunkStart + index;
    const live: Applied[] = [];
    for (const entry of frame.applied) {
      const { plan, claim } = entry;
      if (plan.maxProperties !== null && frame.count > plan.maxProperties) {
        this.fail(
          claim,
          offset,
          this.path(false),
          `already ${plural(frame.count, 'key')}, more than the maximum of ${plan.maxProperties}`,
        );
        if (this.doomed !== null) return;
      } else {
        live.push(entry);
      }
    }
    this.openString(true, index, live);
  }

  stringEnd(index: number): void {
    if (this.doomed !== null || !this.stringOpen) return;
    this.readString(this.stringFrom, index);
    if (this.doomed !== null) return;
    const offset = this.chunkStart + index;
    const decoded = this.stringNeedsText ? (JSON.parse(`"${this.stringRaw}"`) as string) : '';
    for (const check of this.checks) {
      if (check.done || check.candidates === null) continue;
      if (!check.candidates.some((candidate) => candidate.length === this.units)) {
        this.failString(check, offset, decoded);
        if (this.doomed !== null) return;
      }
    }
    this.stringOpen = false;
    if (this.stringIsKey) this.keyClosed(decoded, offset);
  }

  numberEnd(index: number): void {
    if (this.doomed !== null || !this.numberOpen) return;
    this.numberOpen = false;
    const raw = this.numberRaw + this.chunk.slice(this.numberFrom, index);
    const value = Number(raw);
    const offset = this.chunkStart + index;
    for (const { plan, claim } of this.numberApplied) {
      this.judgeScalar(plan.scalar as JsonObject, value, claim, offset, this.numberPath);
      if (this.doomed !== null) return;
    }
  }

  comma(index: number): void {
    if (this.doomed !== null) return;
    const frame = this.frames[this.frames.length - 1] as Frame;
    const offset = this.chunkStart + index;
    // After ',' another member or element is owed: a limit already reached is broken now.
    for (const { plan, claim } of frame.applied) {
      const limit = frame.object ? plan.maxProperties : plan.maxItems;
      if (limit !== null && frame.count + 1 > limit) {
        const noun = frame.object ? 'key' : 'item';
        this.fail(
          claim,
          offset,
          this.path(false),
          `one more ${noun} is owed after ${plural(frame.count, noun)}, more than the maximum of ${limit}`,
        );
      } else if (!frame.object && elementSchema(plan, frame.count) === false) {
        this.fail(
          claim,
          offset,
          [...this.path(false), frame.count],
          'no item is allowed here (the schema is false)',
        );
      }
      if (this.doomed !== null) return;
    }
  }

  close(): void {
    if (this.doomed !== null) return;
    this.frames.pop();
  }

  // --- judging ---

  /** Applies `schema` to a value beginning at `offset`, under `parent`; `false` fails at once. */
  private apply(
    schema: Subschema,
    parent: Claim,
    into: Applied[],
    offset: number,
    path: PathStep[],
    seen?: Set<JsonObject>,
  ): void {
    if (schema === true) return;
    const claim = new Claim(parent, false);
    if (schema === false) {
      this.fail(claim, offset, path, 'no value is allowed here (the schema is false)');
      return;
    }
    // A $ref cycle met again within one value (`$ref: '#'` at the root) adds nothing new.
    if (seen?.has(schema)) return;
    const plan = this.plans.planOf(schema);
    into.push({ plan, claim });
    const expanding = seen ?? new Set<JsonObject>();
    expanding.add(schema);
    for (const sub of plan.allOf) this.apply(sub, claim, into, offset, path, expanding);
    if (plan.ref !== undefined) this.apply(plan.ref, claim, into, offset, path, expanding);
    for (const branches of plan.alternatives) {
      const choice = new Claim(claim, true);
      choice.live = branches.length;
      if (branches.length === 0) this.fail(choice, offset, path, 'no branch to match');
      for (const branch of branches) this.apply(branch, choice, into, offset, path, expanding);
    }
    expanding.delete(schema);
  }

  private judgeScalar(
    scalar: JsonObject,
    value: unknown,
    claim: Claim,
    offset: number,
    path: PathStep[],
  ): void {
    if (!claim.standing) return;
    const check = checkParsedArguments(scalar, value, true, formatPath(path, this.root));
    if (check.kind === 'invalid') this.failWorded(claim, offset, path, check.problems[0] as string);
  }

  private keyClosed(key: string, offset: number): void {
    const frame = this.frames[this.frames.length - 1] as Frame;
    frame.key = key;
    frame.pending = [];
    for (const { plan, claim } of frame.applied) {
      if (!claim.standing) continue;
      const subs = memberSchemas(plan, key);
      if (plan.additional === false && subs.length === 0 && !plan.keysForbidExtra) {
        // Extra keys are forbidden and no property or pattern names this one.
        this.fail(claim, offset, this.path(), 'not declared, and the schema forbids extra keys');
      } else if (subs.includes(false)) {
        this.fail(claim, offset, this.path(), 'no value is allowed here (the schema is false)');
      } else if (subs.length > 0) {
        frame.pending.push([claim, subs]);
      }
      if (this.doomed !== null) return;
    }
  }

  private openString(isKey: boolean, index: number, applied: Applied[]): void {
    this.stringOpen = true;
    this.stringIsKey = isKey;
    this.stringFrom = index + 1;
    this.stringBase = this.chunkStart + index + 1;
    this.stringRaw = '';
    this.units = 0;
    this.codePoints = 0;
    this.lastUnit = 0;
    this.escape = '';
    this.checks = [];
    for (const { plan, claim } of applied) {
      const candidates = isKey ? plan.keys : plan.strings;
      const maxLength = isKey ? null : plan.maxLength;
      if (candidates !== null || maxLength !== null) {
        this.checks.push({ claim, plan, isKey, maxLength, candidates, done: false });
      }
    }
    const frame = this.frames[this.frames.length - 1];
    // A key's text finds its member's schemas; a value's text only words a failed check.
    this.stringNeedsText = isKey
      ? frame !== undefined && frame.applied.length > 0
      : this.checks.length > 0;
  }

  /** Reads the raw string text `chunk[from, to)`: each decoded unit through the checks. */
  private readString(from: number, to: number): void {
    if (from >= to) return;
    const chunk = this.chunk;
    if (this.stringNeedsText) this.stringRaw += chunk.slice(from, to);
    if (this.checks.length === 0) return;
    for (let index = from; index < to; index++) {
      const code = chunk.charCodeAt(index);
      const offset = this.chunkStart + index;
      if (this.escape === '') {
        if (code === 0x5c) {
          this.escape = '\\';
          this.escapeBegun(offset);
        } else {
          this.unit(code, offset, false);
        }
      } else {
        this.escape += chunk[index];
        this.escapeGrew(offset);
      }
      if (this.doomed !== null) return;
    }
  }

  /** A backslash: some unit is coming, and unless it may pair with a high surrogate, a code point. */
  private escapeBegun(offset: number): void {
    this.escapeCounted = !isHighSurrogate(this.lastUnit);
    if (this.escapeCounted) this.countCodePoint(offset);
    for (const check of this.checks) {
      if (!check.done && check.candidates !== null) {
        this.narrow(check, offset, (candidate) => candidate.length > this.units);
      }
    }
  }

  private escapeGrew(offset: number): void {
    const sequence = this.escape;
    if (sequence.length === 2 && sequence[1] !== 'u') {
      this.escape = '';
      const unit = (JSON.parse(`"${sequence}"`) as string).charCodeAt(0);
      this.unit(unit, offset, this.escapeCounted);
      return;
    }
    if (sequence.length <= 2 || !HEX.test(sequence[sequence.length - 1] as string)) return;
    const digits = sequence.slice(2);
    if (digits.length === 4) {
      this.escape = '';
      this.unit(Number.parseInt(digits, 16), offset, this.escapeCounted);
      return;
    }
    // Some hex digits: the unit lies in a known range.
    const span = 16 ** (4 - digits.length);
    const low = Number.parseInt(digits, 16) * span;
    const position = this.units;
    for (const check of this.checks) {
      if (!check.done && check.candidates !== null) {
        this.narrow(check, offset, (candidate) => {
          const unit = candidate.charCodeAt(position);
          return unit >= low && unit < low + span;
        });
      }
    }
  }

  /** One decoded UTF-16 unit of the string, at `offset`; `counted` when its code point already was. */
  private unit(code: number, offset: number, counted: boolean): void {
    const pairs = isLowSurrogate(code) && isHighSurrogate(this.lastUnit);
    if (!counted && !pairs) this.countCodePoint(offset);
    const position = this.units;
    this.units += 1;
    this.lastUnit = code;
    for (const check of this.checks) {
      if (!check.done && check.candidates !== null) {
        this.narrow(check, offset, (candidate) => candidate.charCodeAt(position) === code);
      }
    }
  }

  private countCodePoint(offset: number): void {
    this.codePoints += 1;
    for (const check of this.checks) {
      if (!check.done && check.maxLength !== null && this.codePoints > check.maxLength) {
        check.done = true;
        const path = this.path();
        this.failWorded(
          check.claim,
          offset,
          path,
          `${formatPath(path, this.root)}: ${previewBegun(this.soFar(offset + 1))} is already ${plural(this.codePoints, 'character')} long, longer than the maximum of ${check.maxLength}`,
        );
      }
    }
  }

  private narrow(check: StringCheck, offset: number, keep: (candidate: string) => boolean): void {
    const candidates = (check.candidates as string[]).filter(keep);
    check.candidates = candidates;
    if (candidates.length === 0) this.failString(check, offset, null);
  }

  private failString(check: StringCheck, offset: number, whole: string | null): void {
    check.done = true;
    const path = this.path();
    const where = formatPath(path, this.root);
    const shown = whole === null ? previewBegun(this.soFar(offset + 1)) : previewOf(whole);
    if (check.isKey) {
      const declared = check.plan.properties === null ? [] : Object.keys(check.plan.properties);
      const problem = check.plan.keysForbidExtra
        ? `a key ${shown} is not declared (${declaredKeys(declared)}), and the schema forbids extra keys`
        : `a key ${shown} is not among the names propertyNames allows`;
      this.failWorded(check.claim, offset, path, `${where}: ${problem}`);
      return;
    }
    const values = check.plan.declared ?? [];
    this.failWorded(
      check.claim,
      offset,
      path,
      whole === null
        ? `${where}: ${shown} begins none of ${declaredValues(values)}`
        : `${where}: ${shown} is not one of ${declaredValues(values)}`,
    );
  }

  /** The open string's text decoded up to (not including) `end` in all the text, for a message. */
  private soFar(end: number): string {
    return decodePartial(this.stringRaw.slice(0, end - this.stringBase));
  }

  private fail(claim: Claim, offset: number, path: PathStep[], problem: string): void {
    this.failWorded(claim, offset, path, `${formatPath(path, this.root)}: ${problem}`);
  }

  /** Fails a claim and, through the combinators, each claim above it that now cannot hold. */
  private failWorded(claim: Claim, offset: number, path: PathStep[], problem: string): void {
    let current: Claim | null = claim;
    let said = problem;
    while (current !== null && !current.failed) {
      current.failed = true;
      const parent: Claim | null = current.parent;
      if (parent === null) {
        this.doomed = { offset, path: formatPath(path, this.root), problem: said };
        return;
      }
      if (parent.choice) {
        parent.branchProblems.push(said);
        parent.live -= 1;
        if (parent.live > 0) return;
        said =
          parent.branchProblems.length === 1
            ? said
            : `${formatPath(path, this.root)}: matches none of the ${parent.branchProblems.length} branches (${parent.branchProblems.join('; ')})`;
      }
      current = parent;
    }
  }

  /**
   * The path to the value being read: each open container's key or index. Without the innermost
   * container's member, the path to that container itself.
   */
  private path(toMember = true): PathStep[] {
    const steps: PathStep[] = [];
    const innermost = this.frames.length - 1;
    for (let level = 0; level <= innermost; level++) {
      const frame = this.frames[level] as Frame;
      if (level === innermost && !toMember) break;
      if (frame.object) {
        if (frame.key !== null) steps.push(frame.key);
      } else if (frame.count > 0) {
        steps.push(frame.count - 1);
      }
    }
    return steps;
  }
}

function isHighSurrogate(code: number): boolean {
  return code >= 0xd800 && code <= 0xdbff;
}

function isLowSurrogate(code: number): boolean {
  return code >= 0xdc00 && code <= 0xdfff;
}

/** A string's decoded beginning, as a message shows it: quoted, open at the end. */
function previewBegun(text: string): string {
  const shown = JSON.stringify(text.length > 40 ? text.slice(0, 40) : text);
  return `${shown.slice(0, -1)}…`;
}

/** Raw JSON string text cut anywhere, decoded as far as its escapes are whole. */
function decodePartial(raw: string): string {
  const cut = /\\(u[0-9a-fA-F]{0,3})?$/.exec(raw);
  const whole = cut === null ? raw : raw.slice(0, cut.index);
  try {
    return JSON.parse(`"${whole}"`) as string;
  } catch {
    return whole;
  }
}

function declaredValues(values: readonly unknown[]): string {
  const shown = values.slice(0, 5).map((value) => previewOf(value));
  const more = values.length > 5 ? `, and ${values.length - 5} more` : '';
  return values.length === 1
    ? `the one declared value, ${shown[0]}`
    : `the ${plural(values.length, 'declared value')}: ${shown.join(', ')}${more}`;
}

function declaredList(values: readonly unknown[]): string {
  return values.length === 0
    ? 'no value is declared'
    : `the declared values are ${declaredValues(values).replace(/^the /, '')}`;
}

function declaredKeys(keys: readonly string[]): string {
  if (keys.length === 0) return 'no key is declared';
  const shown = keys.slice(0, 5).map((key) => JSON.stringify(key));
  return `declared: ${shown.join(', ')}${keys.length > 5 ? `, and ${keys.length - 5} more` : ''}`;
}

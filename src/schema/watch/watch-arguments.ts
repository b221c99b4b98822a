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

import { numberAt } from '../../json/number-text.js';
import {
  JsonScanner,
  type JsonTokenListener,
  VALUE_KIND,
  type ValueKind,
} from '../../json/scanner.js';
import { libraryMessage } from '../../text/library-message.js';
import { formatPath, type PathStep } from '../../text/path.js';
import { plural } from '../../text/plural.js';
import { checkParsedArguments } from '../check-arguments.js';
import type { JsonObject } from '../json-type.js';
import { listTypes } from '../wording.js';
import { type Applied, Claim } from './claim.js';
import { declaredList } from './open-string.js';
import {
  elementSchema,
  KIND_WORDS,
  LITERALS,
  type Member,
  memberSchemas,
  plansFor,
  type SchemaPlans,
  type Subschema,
  scalarValid,
  VALUE_KIND_BITS,
} from './plan.js';
import { StringReader } from './string-reader.js';
import type { ArgumentsWatcher, PrefixVerdict, WatchArgumentsOptions } from './types.js';

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
  return new Watcher(schema, plansFor(schema), options.root ?? 'arguments');
}

/** An open object or array. */
interface Frame {
  object: boolean;
  applied: Applied[];
  /** Members or elements begun. */
  count: number;
  /** The member being read: its key once the key has closed. */
  key: string | null;
  /**
   * Per applied schema still standing, the member its value must match: side by side, the
   * first `pending` of each (the lists are reused; setting an array's length is a runtime call).
   */
  pending: number;
  pendingClaims: Claim[];
  pendingMembers: Member[];
}

class Watcher implements ArgumentsWatcher, JsonTokenListener {
  private readonly scanner = JsonScanner.listenedBy(this);
  private readonly top = new Claim(null, false);
  /** The open containers, outermost first: `depth` of them; those past it are kept for reuse. */
  private readonly frames: Frame[] = [];
  private depth = 0;
  private chunk = '';
  /** Where the chunk being scanned starts in all the text. */
  private chunkStart = 0;
  private text = '';
  private doomed: { offset: number; path: string; problem: string } | null = null;
  /** Schemas one value may still apply: see {@link APPLY_LIMIT}. */
  private applyBudget = APPLY_LIMIT;
  private ended: PrefixVerdict | null = null;

  /** The string being read, a key or a value. */
  private readonly string = new StringReader((claim, offset, problem) => {
    this.fail(claim, offset, problem);
    return this.doomed !== null;
  });

  // The number being read, and the schemas that judge it when it ends.
  private numberOpen = false;
  private numberFrom = 0;
  private numberRaw = '';
  private numberApplied: Applied[] = NONE;

  constructor(
    private readonly schema: unknown,
    private readonly plans: SchemaPlans,
    private readonly root: string,
  ) {}

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
    if (this.doomed === null && (this.string.open || this.numberOpen)) {
      // What the string or number still open holds of this chunk, up to where the JSON broke.
      let limit = text.length;
      if (this.scanner.state === 'malformed') {
        limit = Math.min(limit, (this.scanner.describe().offset ?? 0) - this.chunkStart);
      }
      if (this.string.open) this.string.carry(text, limit, this.chunkStart);
      if (this.numberOpen && limit > this.numberFrom) {
        this.numberRaw += text.slice(this.numberFrom, limit);
      }
    }
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
    } else if (description.state === 'empty') {
      // No arguments at all: a call with nothing to say, read as {} (as diagnoseCalls reads it).
      verdict = this.judged({});
    } else if (description.state !== 'parses') {
      verdict = {
        state: 'truncated',
        problems: [`${this.root}: the text stopped before it closed (${description.reason})`],
      };
    } else {
      verdict = this.judged(JSON.parse(this.text));
    }
    this.ended = verdict;
    return verdict;
  }

  /** The whole value's verdict, by the same check as diagnoseCalls. */
  private judged(value: unknown): PrefixVerdict {
    const check = checkParsedArguments(this.schema, value, false, this.root);
    if (check.kind === 'valid') return { state: 'valid', problems: [] };
    return {
      state: 'invalid',
      problems: check.kind === 'invalid' ? check.problems : [`${this.root}: ${check.kind}`],
    };
  }

  private verdict(): PrefixVerdict {
    if (this.scanner.state === 'malformed') {
      const { offset, reason } = this.scanner.describe();
      return { state: 'malformed', offset, problems: [`${this.root}: ${reason}`] };
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
    this.applyBudget = APPLY_LIMIT;
    const offset = this.chunkStart + index;
    const parent = this.depth === 0 ? undefined : (this.frames[this.depth - 1] as Frame);
    let applied: Applied[] = NONE;
    if (parent === undefined) {
      applied = [];
      this.apply(this.plans.root, this.top, applied, offset);
    } else if (parent.object) {
      const pending = parent.pending;
      if (pending > 0) {
        const claims = parent.pendingClaims;
        const members = parent.pendingMembers;
        const only = pending === 1 ? this.plainAlone(claims[0] as Claim, members[0]) : null;
        if (only !== null) {
          applied = only;
        } else {
          applied = [];
          for (let at = 0; at < pending; at++) {
            const claim = claims[at] as Claim;
            for (const sub of (members[at] as Member).subs) this.apply(sub, claim, applied, offset);
          }
        }
        parent.pending = 0;
      }
    } else {
      const position = parent.count;
      parent.count += 1;
      const alone = parent.applied.length === 1;
      for (const { plan, claim } of parent.applied) {
        if (plan.maxItems !== null && parent.count > plan.maxItems) {
          this.fail(
            claim,
            offset,
            `already ${plural(parent.count, 'item')}, more than the maximum of ${plan.maxItems}`,
            this.where(false),
          );
          continue;
        }
        const only =
          alone && position >= plan.prefixItems.length ? this.plainAlone(claim, plan.every) : null;
        if (only !== null) {
          applied = only;
          continue;
        }
        const sub = elementSchema(plan, position);
        if (sub !== undefined) {
          if (applied === NONE) applied = [];
          this.apply(sub, claim, applied, offset);
        }
      }
    }
    if (this.doomed !== null) return;
    const bit = VALUE_KIND_BITS[kind] as number;
    let live = applied;
    for (const entry of applied) {
      const { plan, claim } = entry;
      let problem: string | null = null;
      if ((plan.kinds & bit) === 0) {
        problem = `expected ${listTypes(plan.typeNames)}, got ${KIND_WORDS[bit]}`;
      } else if ((plan.valueKinds & bit) === 0) {
        problem = `${KIND_WORDS[bit]} begun, but ${declaredList(plan.declared ?? [])}`;
      }
      if (problem !== null) {
        this.fail(claim, offset, problem);
        if (this.doomed !== null) return;
        live = live.filter((other) => other !== entry);
      }
    }
    switch (kind) {
      case VALUE_KIND.object:
      case VALUE_KIND.array:
        this.openFrame(kind === VALUE_KIND.object, live);
        break;
      case VALUE_KIND.string:
        this.string.begin(false, index, this.chunkStart, live);
        break;
      case VALUE_KIND.number:
        this.numberOpen = true;
        this.numberFrom = index;
        this.numberRaw = '';
        this.numberApplied = live;
        break;
      default:
        for (const { plan, claim } of live) {
          if (plan.scalar !== null) this.judgeScalar(plan.scalar, LITERALS[kind], claim, offset);
        }
    }
  }

  key(index: number): void {
    if (this.doomed !== null) return;
    const frame = this.frames[this.depth - 1] as Frame;
    frame.count += 1;
    frame.key = null;
    let live = frame.applied;
    for (const entry of frame.applied) {
      const { plan, claim } = entry;
      if (plan.maxProperties !== null && frame.count > plan.maxProperties) {
        this.fail(
          claim,
          this.chunkStart + index,
          `already ${plural(frame.count, 'key')}, more than the maximum of ${plan.maxProperties}`,
        );
        if (this.doomed !== null) return;
        live = live.filter((other) => other !== entry);
      }
    }
    this.string.begin(true, index, this.chunkStart, live);
  }

  stringEnd(index: number): void {
    if (this.doomed !== null || !this.string.open) return;
    const text = this.string.close(this.chunk, index, this.chunkStart);
    if (text !== null && this.doomed === null && this.string.isKey) {
      this.keyClosed(text, this.chunkStart + index);
    }
  }

  numberEnd(index: number): void {
    if (this.doomed !== null || !this.numberOpen) return;
    this.numberOpen = false;
    if (this.numberApplied.length === 0) return;
    // A number within one write is read in place; one that spans writes, from its pieces.
    const value =
      this.numberRaw === ''
        ? numberAt(this.chunk, this.numberFrom, index)
        : Number(this.numberRaw + this.chunk.slice(this.numberFrom, index));
    const offset = this.chunkStart + index;
    for (const { plan, claim } of this.numberApplied) {
      if (plan.scalar === null) continue;
      this.judgeScalar(plan.scalar, value, claim, offset);
      if (this.doomed !== null) return;
    }
  }

  comma(index: number): void {
    if (this.doomed !== null) return;
    const frame = this.frames[this.depth - 1] as Frame;
    const offset = this.chunkStart + index;
    // After ',' another member or element is owed: a limit already reached is broken now.
    for (const { plan, claim } of frame.applied) {
      const limit = frame.object ? plan.maxProperties : plan.maxItems;
      if (limit !== null && frame.count + 1 > limit) {
        const noun = frame.object ? 'key' : 'item';
        this.fail(
          claim,
          offset,
          `one more ${noun} is owed after ${plural(frame.count, noun)}, more than the maximum of ${limit}`,
          this.where(false),
        );
      } else if (!frame.object && elementSchema(plan, frame.count) === false) {
        this.fail(
          claim,
          offset,
          'no item is allowed here (the schema is false)',
          this.where(false, frame.count),
        );
      }
      if (this.doomed !== null) return;
    }
  }

  close(): void {
    if (this.doomed !== null) return;
    this.depth -= 1;
  }

  // --- judging ---

  /** A container opens: the frame at this depth, reused when one was opened here before. */
  private openFrame(object: boolean, applied: Applied[]): void {
    const frame = this.frames[this.depth];
    if (frame === undefined) {
      this.frames.push({
        object,
        applied,
        count: 0,
        key: null,
        pending: 0,
        pendingClaims: [],
        pendingMembers: [],
      });
    } else {
      frame.object = object;
      frame.applied = applied;
      frame.count = 0;
      frame.key = null;
      frame.pending = 0;
    }
    this.depth += 1;
  }

  /**
   * The schemas of a value whose member is one plain plan under a claim of all-of (see
   * `Member`): the claim's one list for that plan, with nothing expanded. `null` otherwise:
   * apply the member's schemas one by one.
   */
  private plainAlone(claim: Claim, member: Member | undefined): Applied[] | null {
    if (member === undefined || claim.choice) return null;
    const plain = this.plans.plainOf(member);
    return plain === null ? null : claim.aloneOf(plain);
  }

  /** Applies `schema` to a value beginning at `offset`, under `parent`; `false` fails at once. */
  private apply(
    schema: Subschema,
    parent: Claim,
    into: Applied[],
    offset: number,
    expanding?: Set<JsonObject>,
  ): void {
    if (schema === true) return;
    // Past the budget a schema is not applied: it fails nothing early (a branch left out keeps
    // its choice alive), so the verdict stays sound and waits for end() there.
    if (this.applyBudget <= 0) return;
    this.applyBudget -= 1;
    // Under a claim that needs all of its parts, a part's failure is the claim's own: only a
    // branch of a choice needs a claim of its own.
    const claim = parent.choice ? new Claim(parent, false) : parent;
    if (schema === false) {
      this.fail(claim, offset, 'no value is allowed here (the schema is false)');
      return;
    }
    // A $ref cycle met again within one value (`$ref: '#'` at the root) adds nothing new.
    if (expanding?.has(schema)) return;
    const plan = this.plans.planOf(schema);
    into.push(claim === parent ? claim.pairOf(plan) : { plan, claim, alone: undefined });
    if (plan.allOf.length === 0 && plan.ref === undefined && plan.alternatives.length === 0) return;
    const seen = expanding ?? new Set<JsonObject>();
    seen.add(schema);
    for (const sub of plan.allOf) this.apply(sub, claim, into, offset, seen);
    if (plan.ref !== undefined) this.apply(plan.ref, claim, into, offset, seen);
    for (const branches of plan.alternatives) {
      const choice = new Claim(claim, true);
      choice.live = branches.length;
      if (branches.length === 0) this.fail(choice, offset, 'no branch to match');
      for (const branch of branches) this.apply(branch, choice, into, offset, seen);
    }
    seen.delete(schema);
  }

  /** A whole number or literal against the scalar keywords; only a failure is worded. */
  private judgeScalar(scalar: JsonObject, value: unknown, claim: Claim, offset: number): void {
    if (!claim.standing) return;
    if (scalarValid(scalar, value)) return;
    const where = this.where();
    const check = checkParsedArguments(scalar, value, true, where);
    if (check.kind === 'invalid')
      this.failWorded(claim, offset, where, check.problems[0] as string);
  }

  private keyClosed(key: string, offset: number): void {
    const frame = this.frames[this.depth - 1] as Frame;
    frame.key = key;
    frame.pending = 0;
    for (const { plan, claim } of frame.applied) {
      if (!claim.standing) continue;
      const member = memberSchemas(plan, key);
      const subs = member.subs;
      if (plan.additional === false && subs.length === 0 && !plan.keysForbidExtra) {
        // Extra keys are forbidden and no property or pattern names this one.
        this.fail(claim, offset, 'not declared, and the schema forbids extra keys');
      } else if (subs.includes(false)) {
        this.fail(claim, offset, 'no value is allowed here (the schema is false)');
      } else if (subs.length > 0) {
        frame.pendingClaims[frame.pending] = claim;
        frame.pendingMembers[frame.pending] = member;
        frame.pending += 1;
      }
      if (this.doomed !== null) return;
    }
  }

  private fail(claim: Claim, offset: number, problem: string, where = this.where()): void {
    this.failWorded(claim, offset, where, `${where}: ${problem}`);
  }

  /** Fails a claim for a whole violation line; the call is doomed when its top claim fails. */
  private failWorded(claim: Claim, offset: number, where: string, problem: string): void {
    const top = claim.fail(problem, where);
    if (top !== null) this.doomed = { offset, path: where, problem: top };
  }

  /**
   * Where the value being read is, as messages write it: each open container's key or index.
   * Without the innermost container's member, where that container is; with `index`, where
   * that element of it is.
   */
  private where(toMember = true, index?: number): string {
    const steps: PathStep[] = [];
    const innermost = this.depth - 1;
    for (let level = 0; level <= innermost; level++) {
      const frame = this.frames[level] as Frame;
      if (level === innermost && !toMember) break;
      if (frame.object) {
        if (frame.key !== null) steps.push(frame.key);
      } else if (frame.count > 0) {
        steps.push(frame.count - 1);
      }
    }
    if (index !== undefined) steps.push(index);
    return formatPath(steps, this.root);
  }
}

/**
 * The most schemas one value applies. A `$ref` graph that branches at every level
 * (`a0: anyOf [a1, a1]`, `a1: anyOf [a2, a2]`, …) is small as text and doubles with each level
 * when expanded: 30 levels hung a call's verdict. Past this, a value's remaining schemas are
 * judged at `end()` only.
 */
const APPLY_LIMIT = 512;

/** No schema applies: shared, never written to. */
const NONE: Applied[] = [];

import type { SchemaPlan } from './plan.js';

/**
 * The claims schemas make on the values of a streamed document, tied as the combinators tie
 * them: a claim fails when any of its parts fails (all of them must hold), except a choice
 * (`anyOf` / `oneOf`), which fails when its last live branch does. A failure only ever spreads
 * upward, and a claim once failed stays failed: what makes the watcher monotone.
 */
export class Claim {
  failed = false;
  /** For a choice: branches not yet failed, and what the failed ones said. */
  live = 0;
  readonly branchProblems: string[] = [];
  /**
   * Each plan applied under this claim, paired with it once, by the plan's `id`: see
   * {@link Claim.pairOf}. A list, not a Map: looked up for nearly every value of a document.
   */
  private pairs: (Applied | undefined)[] | null = null;
  constructor(
    readonly parent: Claim | null,
    readonly choice: boolean,
  ) {}

  /**
   * `plan` applied under this claim, the same pair each time: the rows of an array, and their
   * members, all apply their schemas under the claim above the array. Kept on the claim, so the
   * pairs of a branch's claim, new for each value, go with it.
   */
  pairOf(plan: SchemaPlan): Applied {
    this.pairs ??= [];
    let pair = this.pairs[plan.id];
    if (pair === undefined) {
      pair = { plan, claim: this, alone: undefined };
      this.pairs[plan.id] = pair;
    }
    return pair;
  }

  /**
   * `plan` applied under this claim as the only schema of a value: one list, the same each
   * time, so the values of a plain member (most of a tool's schema) allocate nothing.
   */
  aloneOf(plan: SchemaPlan): Applied[] {
    const pair = this.pairOf(plan);
    pair.alone ??= [pair];
    return pair.alone;
  }

  /** Whether this claim and every claim above it still stand. */
  get standing(): boolean {
    for (let claim: Claim | null = this; claim !== null; claim = claim.parent) {
      if (claim.failed) return false;
    }
    return true;
  }

  /**
   * Fails this claim for `problem` (a whole violation line, path first) and, through the
   * combinators, every claim above it that now cannot hold. Returns the line the top claim
   * failed with, when it did (a choice that lost its last branch names every branch), else null.
   *
   * @example
   * new Claim(null, false).fail('arguments: expected object, got array', 'arguments'); // the same line
   */
  fail(problem: string, where: string): string | null {
    let current: Claim | null = this;
    let said = problem;
    while (current !== null && !current.failed) {
      current.failed = true;
      const parent: Claim | null = current.parent;
      if (parent === null) return said;
      if (parent.choice) {
        parent.branchProblems.push(said);
        parent.live -= 1;
        if (parent.live > 0) return null;
        if (parent.branchProblems.length > 1) {
          said = `${where}: matches none of the ${parent.branchProblems.length} branches (${parent.branchProblems.join('; ')})`;
        }
      }
      current = parent;
    }
    return null;
  }
}

/** A schema object applied to one value: its plan, and the claim a failed check fails. */
export interface Applied {
  plan: SchemaPlan;
  claim: Claim;
  /** This pair as a value's only schema: see {@link Claim.aloneOf}. Never written to. */
  alone?: Applied[];
}

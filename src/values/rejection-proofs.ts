/**
 * Proofs that values generated for one leaf fail another schema: what makes a `oneOf`'s
 * branches exclusive and an array's items distinct by construction. Sound, not complete: a
 * proof that cannot be made says "maybe", and the caller refuses what it cannot prove.
 */
import {
  type LeafPlan,
  numbersDisjoint,
  planLeaf,
  rangesDisjoint,
  typeOverlaps,
} from './leaf-plan.js';
import type { SchemaDocument, SchemaEntry } from './schema-document.js';
import {
  expandEntries,
  listedValues,
  nextCombinator,
  propertyEntries,
  type RefVisits,
  type SchemaNode,
  withBranch,
} from './schema-plan.js';

/** Depth of nested keys a proof follows. */
const MAX_PROOF_DEPTH = 6;

/**
 * The proofs for one schema document, memoised by node.
 *
 * @example
 * ```ts
 * const proofs = new RejectionProofs(document, 12, (entries, visits) => leavesOf(entries, visits));
 * proofs.proveRejects(leaf, proofs.acceptorLeaves(entries, visits)[0]);
 * ```
 */
export class RejectionProofs {
  private readonly accepted = new Map<string, LeafPlan[]>();

  constructor(
    private readonly document: SchemaDocument,
    /** How many times a proof may follow one `$ref`: more than generation, so it sees further. */
    private readonly proofVisits: number,
    /** The leaves generated for a subschema, or `undefined` when nothing can be built there. */
    private readonly generatedLeaves: (
      entries: readonly SchemaEntry[],
      visits: RefVisits,
    ) => readonly LeafPlan[] | undefined,
  ) {}

  /** The leaves a subschema accepts, for proofs: never throws on keywords it cannot generate. */
  acceptorLeaves(entries: readonly SchemaEntry[], visits: RefVisits): LeafPlan[] {
    let node: SchemaNode;
    try {
      node = expandEntries(this.document, entries, visits, this.proofVisits);
    } catch {
      return [this.unknownLeaf()];
    }
    return this.acceptorNode(node);
  }

  /** Whether every value generated for `generated` fails `acceptor`. Sound, not complete. */
  proveRejects(generated: LeafPlan, acceptor: LeafPlan, depth = 0): boolean {
    if (generated.candidates !== null) {
      const pointers = acceptor.node.parts.map((part) => part.pointer);
      return generated.candidates.every((value) => !this.document.acceptsAll(pointers, value));
    }
    if (acceptor.candidates !== null && acceptor.candidates.length === 0) return true;
    for (const type of generated.generated) {
      if (!typeOverlaps(acceptor.allowed, type)) continue;
      if (type === 'integer' || type === 'number') {
        if (numbersDisjoint(generated.numbers, acceptor.numbers)) continue;
      } else if (type === 'string') {
        if (
          rangesDisjoint(
            generated.strings.minLength,
            generated.strings.maxLength,
            acceptor.strings.minLength,
            acceptor.strings.maxLength,
          )
        )
          continue;
      } else if (type === 'array') {
        if (
          rangesDisjoint(
            generated.arrays.minItems,
            generated.arrays.maxItems,
            acceptor.arrays.minItems,
            acceptor.arrays.maxItems,
          )
        )
          continue;
      } else if (type === 'object') {
        const provable = depth < MAX_PROOF_DEPTH && !generated.freeForm;
        if (provable && this.objectsDisjoint(generated, acceptor, depth)) continue;
      }
      return false;
    }
    return true;
  }

  private unknownLeaf(): LeafPlan {
    const node = expandEntries(this.document, [], new Map(), 1);
    return planLeaf(this.document, node, null);
  }

  private acceptorNode(node: SchemaNode): LeafPlan[] {
    const cached = this.accepted.get(node.key);
    if (cached !== undefined) return cached;
    let leaves: LeafPlan[];
    if (node.impossible !== null) {
      // A false schema accepts nothing; a recursion cut short might accept anything.
      leaves = node.impossible.startsWith('recursion') ? [this.unknownLeaf()] : [];
    } else {
      const listed = listedValues(node);
      const combinator = listed === null ? nextCombinator(node) : null;
      if (listed !== null) leaves = [planLeaf(this.document, node, listed)];
      else if (combinator !== null) {
        leaves = combinator.branches.flatMap((_, index) =>
          this.acceptorNode(withBranch(this.document, node, combinator, index, this.proofVisits)),
        );
      } else leaves = [planLeaf(this.document, node, null)];
    }
    this.accepted.set(node.key, leaves);
    return leaves;
  }

  private objectsDisjoint(generated: LeafPlan, acceptor: LeafPlan, depth: number): boolean {
    for (const key of generated.required) {
      const leaves = this.generatedLeaves(
        propertyEntries(generated.node, key),
        generated.node.visits,
      );
      if (leaves === undefined) continue;
      const accepting = this.acceptorLeaves(
        propertyEntries(acceptor.node, key),
        acceptor.node.visits,
      );
      const rejected = leaves.every((leaf) =>
        accepting.every((other) => this.proveRejects(leaf, other, depth + 1)),
      );
      if (rejected) return true;
    }
    // Undeclared keys are never named like a declared one, so a key the acceptor requires
    // and the generated side does not declare is never there.
    return acceptor.required.some((key) => !generated.declaredKeys.includes(key));
  }
}

/**
 * Builds value arbitraries from a schema, node by node. Every check that needs Ajv runs here,
 * while the arbitraries are built; the arbitraries themselves are pure `tuple`/`record`-style
 * combinations and maps, so generating never consults Ajv and never filters blindly.
 *
 * How validity is guaranteed where construction alone cannot do it:
 * - `enum`/`const`: the listed values are checked with Ajv against every schema that applies
 *   at that place (including any `oneOf`, `not`, `pattern` beside them); only accepted ones are
 *   drawn.
 * - `oneOf`: each branch is generated on its own, and before it is used we prove that every
 *   value it can produce fails every other branch: by type, by disjoint numeric or length
 *   ranges, by a required key whose values the other branch rejects (a discriminator) or
 *   forbids, or, for listed values, by asking Ajv. A `oneOf` we cannot prove throws.
 * - `uniqueItems`: listed item values are drawn as a shuffled subset; other items come from
 *   `uniqueArray` keyed by canonical JSON (Ajv's deep equality), and an array that comes out
 *   short (fast-check may give up on duplicates) is replaced by a distinct set found at build
 *   time. Tuple positions must be provably distinct, as for `oneOf`.
 * - `pattern`/`format` with length limits: the matching strings are sampled at build time;
 *   when at least 5% fit, the rest are filtered out (at most a few tries per value), else it throws.
 */
import type { JsonValue } from '../model/narrow.js';
import { canonicalSchemaKey } from '../schema/canonical.js';
import { type JsonObject, setOwnKey } from '../schema/json-type.js';
import { libraryMessage } from '../text/library-message.js';
import { plural } from '../text/plural.js';
import type { Gen, Gens } from './gen.js';
import { assertSupportedKeywords, schemaPathText, UnsupportedSchemaError } from './keywords.js';
import { type LeafPlan, planLeaf } from './leaf-plan.js';
import { anyJsonValue, extraKey, formatValues, numberInRules } from './leaf-values.js';
import { RejectionProofs } from './rejection-proofs.js';
import type { SchemaDocument, SchemaEntry } from './schema-document.js';
import {
  type Combinator,
  expandEntries,
  extraKeyEntries,
  itemEntries,
  listedValues,
  nextCombinator,
  propertyEntries,
  type RefVisits,
  type SchemaNode,
  withBranch,
} from './schema-plan.js';
import { stringValues } from './string-values.js';

/**
 * What a subschema builds to: a generator and the leaf plans behind it (one per resolved
 * combination of `anyOf`/`oneOf` branches), or why no value can be built.
 *
 * @example
 * ```ts
 * const built: Built = builder.fromEntries([{ schema: { type: 'string' }, pointer: '' }], new Map());
 * if (built.ok) g.probe(built.gen, 1);
 * ```
 */
export type Built =
  | { ok: true; gen: Gen<JsonValue>; leaves: readonly LeafPlan[] }
  | { ok: false; reason: string };

interface BuildOptions {
  /** How many times one `$ref` target may be entered along a path; also the depth of free JSON. */
  maxDepth: number;
  /** The longest array built where the schema sets no `maxItems`. */
  maxItems: number;
  /**
   * Build anyway where a keyword cannot be honoured by construction (`not`, `if`, an unknown
   * format, an unprovable `oneOf`), leaving it out: the caller then checks each value with the
   * validator, as fault injection does for any tool a user declares.
   */
  lenient?: boolean;
}

const ABSENT = Symbol('absent');

/** Sorted-key JSON: equal for values Ajv's deep equality calls equal. */
function jsonKey(value: unknown): string {
  const read = canonicalSchemaKey(value);
  return read.ok ? read.key : String(value);
}

function distinct(values: readonly unknown[]): unknown[] {
  const seen = new Set<string>();
  return values.filter((value) => {
    const key = jsonKey(value);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

function copyOf(value: JsonValue): JsonValue {
  return typeof value === 'object' && value !== null ? structuredClone(value) : value;
}

const fail = (reason: string): Built => ({ ok: false, reason });

/**
 * Builds arbitraries for the subschemas of one document, memoised by node.
 *
 * @example
 * ```ts
 * const builder = new ValueBuilder(document, { maxDepth: 3, maxItems: 4 });
 * const built = builder.fromEntries([{ schema: document.root, pointer: '' }], new Map([['', 1]]));
 * ```
 */
export class ValueBuilder {
  private readonly built = new Map<string, Built>();
  private readonly building = new Set<string>();
  private readonly formats: Readonly<Record<string, Gen<string>>>;
  private readonly proofs: RejectionProofs;

  constructor(
    readonly document: SchemaDocument,
    readonly options: BuildOptions,
    /** The interpreter every generator is made in: fast-check's, or the seeded one. */
    readonly g: Gens,
  ) {
    this.formats = formatValues(g);
    this.proofs = new RejectionProofs(document, this.maxVisits + 8, (entries, visits) => {
      const built = this.fromEntries(entries, visits);
      return built.ok ? built.leaves : undefined;
    });
  }

  private get maxVisits(): number {
    return Math.max(1, this.options.maxDepth);
  }

  /** Builds what a value satisfying every entry looks like. */
  fromEntries(entries: readonly SchemaEntry[], visits: RefVisits): Built {
    return this.fromNode(expandEntries(this.document, entries, visits, this.maxVisits));
  }

  fromNode(node: SchemaNode): Built {
    const cached = this.built.get(node.key);
    if (cached !== undefined) return cached;
    if (this.building.has(node.key)) {
      // Only a $ref can lead back to a node, and every $ref spends recursion budget.
      throw new Error(libraryMessage(`argumentsFor looped on the schema at ${node.key}`));
    }
    this.building.add(node.key);
    try {
      const built = this.buildNode(node);
      this.built.set(node.key, built);
      return built;
    } finally {
      this.building.delete(node.key);
    }
  }

  private buildNode(node: SchemaNode): Built {
    if (node.impossible !== null) return fail(node.impossible);
    if (node.parts.length === 0) {
      // Nothing constrains this place (no schema, or `true`): any small JSON value.
      return {
        ok: true,
        gen: anyJsonValue(this.g, this.options.maxDepth),
        leaves: [{ ...planLeaf(this.document, node, null), freeForm: true }],
      };
    }
    const listed = listedValues(node);
    if (listed !== null) return this.buildListed(node, listed);
    const combinator = nextCombinator(node);
    if (combinator !== null) return this.buildCombinator(node, combinator);
    return this.buildLeaf(node);
  }

  private buildListed(node: SchemaNode, listed: unknown[]): Built {
    const pointers = node.parts.map((part) => part.pointer);
    const candidates = distinct(
      listed.filter((value) => this.document.acceptsAll(pointers, value)),
    );
    const where = node.parts.map((part) => schemaPathText(part.pointer)).join(', ');
    const first = candidates[0] as JsonValue | undefined;
    if (first === undefined) {
      return fail(`no value listed by enum/const satisfies every schema at ${where}`);
    }
    const values = candidates as JsonValue[];
    return {
      ok: true,
      gen: this.g.map(this.g.constantFrom(...values), copyOf),
      leaves: [planLeaf(this.document, node, values)],
    };
  }

  private buildCombinator(node: SchemaNode, combinator: Combinator): Built {
    const branches = combinator.branches.map((_, index) => ({
      index,
      built: this.fromNode(withBranch(this.document, node, combinator, index, this.maxVisits)),
    }));
    const usable = branches.flatMap(({ index, built }) => (built.ok ? [{ index, built }] : []));
    if (combinator.keyword === 'oneOf') {
      if (this.options.lenient !== true) {
        for (const { index, built } of usable)
          this.assertExclusive(node, combinator, index, built.leaves);
      }
    }
    const first = usable[0];
    if (first === undefined) {
      const reasons = branches.map(({ index, built }) =>
        built.ok ? '' : `branch ${index}: ${built.reason}`,
      );
      return fail(
        `no ${combinator.keyword} branch at ${schemaPathText(combinator.part.pointer)} can be built (${reasons.join('; ')})`,
      );
    }
    return {
      ok: true,
      gen:
        usable.length === 1
          ? first.built.gen
          : this.g.oneof(...usable.map(({ built }) => built.gen)),
      leaves: usable.flatMap(({ built }) => built.leaves),
    };
  }

  private assertExclusive(
    node: SchemaNode,
    combinator: Combinator,
    index: number,
    leaves: readonly LeafPlan[],
  ): void {
    const pointer = combinator.part.pointer;
    combinator.branches.forEach((branch, other) => {
      if (other === index) return;
      const accepting = this.proofs.acceptorLeaves(
        [{ schema: branch, pointer: `${pointer}/oneOf/${other}` }],
        node.visits,
      );
      for (const leaf of leaves) {
        // Listed values were checked by Ajv against the oneOf itself: exactly one branch.
        if (leaf.candidates !== null) continue;
        if (accepting.every((acceptor) => this.proofs.proveRejects(leaf, acceptor))) continue;
        throw new UnsupportedSchemaError(
          'oneOf',
          schemaPathText(`${pointer}/oneOf`),
          `cannot show that values generated for branch ${index} fail branch ${other}, so a value could match both; make the branches exclusive by type, by disjoint ranges, or by a required key with distinct const/enum values (or one the other branch forbids)`,
        );
      }
    });
  }

  private buildLeaf(node: SchemaNode): Built {
    if (this.options.lenient !== true) {
      for (const part of node.parts) assertSupportedKeywords(part.schema, part.pointer);
    }
    const plan = planLeaf(this.document, node, null);
    const { g } = this;
    const options: Gen<JsonValue>[] = [];
    const reasons: string[] = [];
    const add = (type: string, result: Gen<JsonValue> | string) => {
      if (typeof result === 'string') reasons.push(`${type}: ${result}`);
      else options.push(result);
    };
    const types = plan.generated;
    if (types.has('null')) add('null', g.constant(null));
    if (types.has('boolean')) add('boolean', g.boolean());
    if (types.has('number')) add('number', numberInRules(g, plan.numbers, false));
    else if (types.has('integer')) add('integer', numberInRules(g, plan.numbers, true));
    if (types.has('string'))
      add('string', stringValues(g, this.formats, plan, this.options.lenient === true));
    if (types.has('object')) add('object', this.objectValues(plan));
    if (types.has('array')) add('array', this.arrayValues(plan));
    const where = node.parts.map((part) => schemaPathText(part.pointer)).join(', ') || '#';
    if (options.length === 0) {
      return fail(
        types.size === 0
          ? `no type is allowed by every schema at ${where}`
          : `nothing can be built at ${where} (${reasons.join('; ')})`,
      );
    }
    return {
      ok: true,
      gen: options.length === 1 ? (options[0] as Gen<JsonValue>) : g.oneof(...options),
      leaves: [plan],
    };
  }

  private objectValues(plan: LeafPlan): Gen<JsonValue> | string {
    const { g } = this;
    const { node } = plan;
    const fields: { key: string; value: Gen<JsonValue | typeof ABSENT> }[] = [];
    for (const key of plan.declaredKeys) {
      const child = this.fromEntries(propertyEntries(node, key), node.visits);
      const required = plan.required.includes(key);
      if (!child.ok) {
        if (required) return `required key ${JSON.stringify(key)}: ${child.reason}`;
        continue;
      }
      fields.push({
        key,
        value: required ? child.gen : g.option(child.gen, { nil: ABSENT }),
      });
    }
    let extras: Gen<[string, JsonValue][]> = g.constant([]);
    const extrasWelcome =
      !plan.extraKeysForbidden && (plan.extraKeysInvited || plan.declaredKeys.length === 0);
    if (extrasWelcome) {
      const value = this.fromEntries(extraKeyEntries(node), node.visits);
      if (value.ok) {
        extras = g.uniqueArray(g.tuple(extraKey(g, this.document.declaredNames), value.gen), {
          maxLength: plan.extraKeysInvited ? 2 : 3,
          selector: ([key]) => key,
        });
      }
    }
    return g.map(
      g.tuple(g.tuple(...fields.map((field) => field.value)), extras),
      ([values, extra]) => {
        const object: JsonObject = {};
        values.forEach((value, index) => {
          const field = fields[index];
          if (field !== undefined && value !== ABSENT) setOwnKey(object, field.key, value);
        });
        for (const [key, value] of extra) setOwnKey(object, key, value);
        return object as JsonValue;
      },
    );
  }

  private arrayValues(plan: LeafPlan): Gen<JsonValue> | string {
    const { g } = this;
    const { node, arrays } = plan;
    const low = arrays.minItems;
    let high = Math.min(arrays.maxItems, Math.max(low, this.options.maxItems));
    const prefix: Extract<Built, { ok: true }>[] = [];
    for (let index = 0; index < Math.min(arrays.prefixLength, high); index += 1) {
      const item = this.fromEntries(itemEntries(this.document, node, index), node.visits);
      if (!item.ok) {
        high = index;
        break;
      }
      prefix.push(item);
    }
    const restStart = arrays.prefixLength;
    let rest: Built | undefined;
    if (high > restStart) {
      rest = this.fromEntries(itemEntries(this.document, node, restStart), node.visits);
      if (!rest.ok) high = restStart;
    }
    if (low > high) return `minItems ${low}, but no more than ${plural(high, 'item')} can be built`;
    const where = schemaPathText(
      node.parts.find((part) => part.schema.uniqueItems === true)?.pointer ?? '',
    );
    if (arrays.unique && this.options.lenient !== true) {
      this.assertDistinctPositions(plan, prefix, rest, where);
    }
    const restItems = (minLength: number, maxLength: number): Gen<JsonValue[]> | string => {
      if (rest === undefined || !rest.ok)
        return minLength === 0 ? g.constant([]) : 'no item can be built past the prefix';
      return arrays.unique
        ? this.uniqueItems(rest, minLength, maxLength)
        : g.array(rest.gen, { minLength, maxLength });
    };
    if (prefix.length === 0) {
      const items = restItems(low, high);
      return typeof items === 'string' ? items : (items as Gen<JsonValue>);
    }
    const options: Gen<JsonValue>[] = [];
    const fullPrefix = g.tuple(...prefix.map((item) => item.gen));
    if (low <= prefix.length) {
      options.push(
        g.map(
          g.tuple(fullPrefix, g.integer({ min: low, max: Math.min(prefix.length, high) })),
          ([items, length]) => items.slice(0, length),
        ),
      );
    }
    if (high > prefix.length && prefix.length === restStart) {
      const more = restItems(Math.max(1, low - prefix.length), high - prefix.length);
      if (typeof more !== 'string') {
        options.push(g.map(g.tuple(fullPrefix, more), ([items, tail]) => [...items, ...tail]));
      }
    }
    const first = options[0];
    if (first === undefined) return `no array of ${low} to ${high} items can be built`;
    return options.length === 1 ? first : g.oneof(...options);
  }

  /** Unique items by canonical JSON, with a distinct set found now for arrays that come out short. */
  private uniqueItems(
    item: Extract<Built, { ok: true }>,
    minLength: number,
    maxLength: number,
  ): Gen<JsonValue[]> | string {
    const { g } = this;
    const [leaf] = item.leaves;
    if (item.leaves.length === 1 && leaf !== undefined && leaf.candidates !== null) {
      const values = leaf.candidates as JsonValue[];
      if (values.length < minLength)
        return `uniqueItems needs ${plural(minLength, 'distinct item')}, and only ${plural(values.length, 'value')} ${values.length === 1 ? 'is' : 'are'} allowed`;
      return g.map(
        g.shuffledSubarray(values, { minLength, maxLength: Math.min(maxLength, values.length) }),
        (items) => items.map(copyOf),
      );
    }
    let fallback: JsonValue[] = [];
    if (minLength > 0) {
      const found = distinct(g.probe(item.gen, 40 * minLength + 100));
      if (found.length < minLength)
        return `uniqueItems needs ${plural(minLength, 'distinct item')}, and only ${found.length} ${found.length === 1 ? 'was' : 'were'} found`;
      fallback = found.slice(0, minLength) as JsonValue[];
    }
    return g.map(g.uniqueArray(item.gen, { minLength, maxLength, selector: jsonKey }), (items) =>
      items.length >= minLength && distinct(items).length === items.length
        ? items
        : fallback.map(copyOf),
    );
  }

  private assertDistinctPositions(
    plan: LeafPlan,
    prefix: readonly Extract<Built, { ok: true }>[],
    rest: Built | undefined,
    where: string,
  ): void {
    const { node } = plan;
    prefix.forEach((item, index) => {
      const later: SchemaEntry[][] = [];
      for (let other = index + 1; other < prefix.length; other += 1)
        later.push(itemEntries(this.document, node, other));
      if (rest?.ok === true) later.push(itemEntries(this.document, node, plan.arrays.prefixLength));
      for (const entries of later) {
        const accepting = this.proofs.acceptorLeaves(entries, node.visits);
        const proven = item.leaves.every((leaf) =>
          accepting.every((acceptor) => this.proofs.proveRejects(leaf, acceptor)),
        );
        if (!proven) {
          throw new UnsupportedSchemaError(
            'uniqueItems',
            `${where}/uniqueItems`,
            `cannot show that tuple position ${index} never equals a later item; uniqueItems with prefixItems needs positions of distinct types, ranges or values`,
          );
        }
      }
    });
  }
}

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
import fc, { type JsonValue } from 'fast-check';
import { type JsonObject, setOwnKey } from '../../schema/json-type.js';
import { libraryMessage } from '../../text/library-message.js';
import { plural } from '../../text/plural.js';
import {
  ARGUMENTS_FOR_FORMATS,
  assertSupportedKeywords,
  schemaPathText,
  UnsupportedSchemaError,
} from './keywords.js';
import {
  anyJsonValue,
  extraKey,
  FORMAT_VALUES,
  numberInRules,
  plainString,
} from './leaf-values.js';
import type { SchemaDocument, SchemaEntry } from './schema-document.js';
import {
  type Combinator,
  expandEntries,
  extraKeyEntries,
  itemEntries,
  type LeafPlan,
  listedValues,
  type NumberRules,
  nextCombinator,
  planLeaf,
  propertyEntries,
  type RefVisits,
  type SchemaNode,
  typeOverlaps,
  withBranch,
} from './schema-plan.js';

/**
 * What a subschema builds to: an arbitrary and the leaf plans behind it (one per resolved
 * combination of `anyOf`/`oneOf` branches), or why no value can be built.
 *
 * @example
 * ```ts
 * const built: Built = builder.fromEntries([{ schema: { type: 'string' }, pointer: '' }], new Map());
 * if (built.ok) fc.sample(built.arbitrary, 1);
 * ```
 */
export type Built =
  | { ok: true; arbitrary: fc.Arbitrary<JsonValue>; leaves: readonly LeafPlan[] }
  | { ok: false; reason: string };

interface BuildOptions {
  /** How many times one `$ref` target may be entered along a path; also the depth of free JSON. */
  maxDepth: number;
  /** The longest array built where the schema sets no `maxItems`. */
  maxItems: number;
}

/** Share of pattern/format samples that must fit a length window before filtering is allowed. */
const MIN_FIT_SHARE = 0.05;
const PROBE_SAMPLES = 200;
/** A fixed seed: what is probed at build time never depends on the run. */
const PROBE_SEED = 20_240_601;
/** Depth of nested keys a proof follows. */
const MAX_PROOF_DEPTH = 6;

const ABSENT = Symbol('absent');

/** Sorted-key JSON: equal for values Ajv's deep equality calls equal. */
function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (typeof value === 'object' && value !== null) {
    const entries = Object.keys(value)
      .sort()
      .map((key) => `${JSON.stringify(key)}:${canonicalJson((value as JsonObject)[key])}`);
    return `{${entries.join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

function distinct(values: readonly unknown[]): unknown[] {
  const seen = new Set<string>();
  return values.filter((value) => {
    const key = canonicalJson(value);
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
  private readonly accepted = new Map<string, LeafPlan[]>();
  private readonly building = new Set<string>();

  constructor(
    readonly document: SchemaDocument,
    readonly options: BuildOptions,
  ) {}

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

  /** The leaves a subschema accepts, for proofs: never throws on keywords it cannot generate. */
  acceptorLeaves(entries: readonly SchemaEntry[], visits: RefVisits): LeafPlan[] {
    let node: SchemaNode;
    try {
      node = expandEntries(this.document, entries, visits, this.maxVisits + 8);
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
          this.acceptorNode(withBranch(this.document, node, combinator, index, this.maxVisits + 8)),
        );
      } else leaves = [planLeaf(this.document, node, null)];
    }
    this.accepted.set(node.key, leaves);
    return leaves;
  }

  private objectsDisjoint(generated: LeafPlan, acceptor: LeafPlan, depth: number): boolean {
    for (const key of generated.required) {
      const child = this.fromEntries(propertyEntries(generated.node, key), generated.node.visits);
      if (!child.ok) continue;
      const accepting = this.acceptorLeaves(
        propertyEntries(acceptor.node, key),
        acceptor.node.visits,
      );
      const rejected = child.leaves.every((leaf) =>
        accepting.every((other) => this.proveRejects(leaf, other, depth + 1)),
      );
      if (rejected) return true;
    }
    // Undeclared keys are never named like a declared one, so a key the acceptor requires
    // and the generated side does not declare is never there.
    return acceptor.required.some((key) => !generated.declaredKeys.includes(key));
  }

  private buildNode(node: SchemaNode): Built {
    if (node.impossible !== null) return fail(node.impossible);
    if (node.parts.length === 0) {
      // Nothing constrains this place (no schema, or `true`): any small JSON value.
      return {
        ok: true,
        arbitrary: anyJsonValue(this.options.maxDepth),
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
      arbitrary: fc.constantFrom(...values).map(copyOf),
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
      for (const { index, built } of usable)
        this.assertExclusive(node, combinator, index, built.leaves);
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
      arbitrary:
        usable.length === 1
          ? first.built.arbitrary
          : fc.oneof(...usable.map(({ built }) => built.arbitrary)),
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
      const accepting = this.acceptorLeaves(
        [{ schema: branch, pointer: `${pointer}/oneOf/${other}` }],
        node.visits,
      );
      for (const leaf of leaves) {
        // Listed values were checked by Ajv against the oneOf itself: exactly one branch.
        if (leaf.candidates !== null) continue;
        if (accepting.every((acceptor) => this.proveRejects(leaf, acceptor))) continue;
        throw new UnsupportedSchemaError(
          'oneOf',
          schemaPathText(`${pointer}/oneOf`),
          `cannot show that values generated for branch ${index} fail branch ${other}, so a value could match both; make the branches exclusive by type, by disjoint ranges, or by a required key with distinct const/enum values (or one the other branch forbids)`,
        );
      }
    });
  }

  private buildLeaf(node: SchemaNode): Built {
    for (const part of node.parts) assertSupportedKeywords(part.schema, part.pointer);
    const plan = planLeaf(this.document, node, null);
    const options: fc.Arbitrary<JsonValue>[] = [];
    const reasons: string[] = [];
    const add = (type: string, result: fc.Arbitrary<JsonValue> | string) => {
      if (typeof result === 'string') reasons.push(`${type}: ${result}`);
      else options.push(result);
    };
    const types = plan.generated;
    if (types.has('null')) add('null', fc.constant(null));
    if (types.has('boolean')) add('boolean', fc.boolean());
    if (types.has('number')) add('number', numberInRules(plan.numbers, false));
    else if (types.has('integer')) add('integer', numberInRules(plan.numbers, true));
    if (types.has('string')) add('string', this.stringValues(plan));
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
      arbitrary:
        options.length === 1 ? (options[0] as fc.Arbitrary<JsonValue>) : fc.oneof(...options),
      leaves: [plan],
    };
  }

  private stringValues(plan: LeafPlan): fc.Arbitrary<string> | string {
    const { minLength, maxLength, patterns, formats } = plan.strings;
    if (minLength > maxLength) return `minLength ${minLength} is above maxLength ${maxLength}`;
    const distinctFormats = [...new Set(formats.map((part) => String(part.schema.format)))];
    const distinctPatterns = [...new Set(patterns.map((part) => String(part.schema.pattern)))];
    if (distinctFormats.length > 1) {
      throw new UnsupportedSchemaError(
        'format',
        schemaPathText(`${formats[1]?.pointer}/format`),
        `two formats (${distinctFormats.join(', ')}) apply to one string`,
      );
    }
    if (distinctPatterns.length > 1) {
      throw new UnsupportedSchemaError(
        'pattern',
        schemaPathText(`${patterns[1]?.pointer}/pattern`),
        'two patterns apply to one string',
      );
    }
    const format = formats[0];
    const pattern = patterns[0];
    if (format !== undefined && pattern !== undefined) {
      throw new UnsupportedSchemaError(
        'pattern',
        schemaPathText(`${pattern.pointer}/pattern`),
        'a pattern together with a format is not generated',
      );
    }
    let base: fc.Arbitrary<string> | undefined;
    let source = '';
    if (format !== undefined) {
      const name = String(format.schema.format);
      base = Object.hasOwn(FORMAT_VALUES, name) ? FORMAT_VALUES[name] : undefined;
      if (base === undefined) {
        throw new UnsupportedSchemaError(
          'format',
          schemaPathText(`${format.pointer}/format`),
          `unknown format ${JSON.stringify(name)}; the formats generated are ${ARGUMENTS_FOR_FORMATS.join(', ')}`,
        );
      }
      source = `format ${name}`;
    }
    if (pattern !== undefined) {
      base = patternValues(String(pattern.schema.pattern), pattern.pointer);
      source = `pattern ${String(pattern.schema.pattern)}`;
    }
    if (base === undefined) return plainString(minLength, maxLength);
    if (minLength === 0 && maxLength === Number.POSITIVE_INFINITY) return base;
    const fits = (text: string) => {
      const length = [...text].length;
      return length >= minLength && length <= maxLength;
    };
    const sample = fc.sample(base, { seed: PROBE_SEED, numRuns: PROBE_SAMPLES });
    const share = sample.filter(fits).length / sample.length;
    if (share < MIN_FIT_SHARE) {
      const keyword = minLength > 0 ? 'minLength' : 'maxLength';
      const owner = plan.node.parts.find((part) => Object.hasOwn(part.schema, keyword));
      throw new UnsupportedSchemaError(
        keyword,
        schemaPathText(`${owner?.pointer ?? ''}/${keyword}`),
        `only ${Math.round(share * 100)}% of generated strings for ${source} have ${lengthWindow(minLength, maxLength)}; loosen the limits or the ${format === undefined ? 'pattern' : 'format'}`,
      );
    }
    return base.filter(fits);
  }

  private objectValues(plan: LeafPlan): fc.Arbitrary<JsonValue> | string {
    const { node } = plan;
    const fields: { key: string; value: fc.Arbitrary<JsonValue | typeof ABSENT> }[] = [];
    for (const key of plan.declaredKeys) {
      const child = this.fromEntries(propertyEntries(node, key), node.visits);
      const required = plan.required.includes(key);
      if (!child.ok) {
        if (required) return `required key ${JSON.stringify(key)}: ${child.reason}`;
        continue;
      }
      fields.push({
        key,
        value: required ? child.arbitrary : fc.option(child.arbitrary, { nil: ABSENT }),
      });
    }
    let extras: fc.Arbitrary<[string, JsonValue][]> = fc.constant([]);
    const extrasWelcome =
      !plan.extraKeysForbidden && (plan.extraKeysInvited || plan.declaredKeys.length === 0);
    if (extrasWelcome) {
      const value = this.fromEntries(extraKeyEntries(node), node.visits);
      if (value.ok) {
        extras = fc.uniqueArray(fc.tuple(extraKey(this.document.declaredNames), value.arbitrary), {
          maxLength: plan.extraKeysInvited ? 2 : 3,
          selector: ([key]) => key,
        });
      }
    }
    return fc
      .tuple(fc.tuple(...fields.map((field) => field.value)), extras)
      .map(([values, extra]) => {
        const object: JsonObject = {};
        values.forEach((value, index) => {
          const field = fields[index];
          if (field !== undefined && value !== ABSENT) setOwnKey(object, field.key, value);
        });
        for (const [key, value] of extra) setOwnKey(object, key, value);
        return object as JsonValue;
      });
  }

  private arrayValues(plan: LeafPlan): fc.Arbitrary<JsonValue> | string {
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
    if (arrays.unique) this.assertDistinctPositions(plan, prefix, rest, where);
    const restItems = (
      minLength: number,
      maxLength: number,
    ): fc.Arbitrary<JsonValue[]> | string => {
      if (rest === undefined || !rest.ok)
        return minLength === 0 ? fc.constant([]) : 'no item can be built past the prefix';
      return arrays.unique
        ? this.uniqueItems(rest, minLength, maxLength)
        : fc.array(rest.arbitrary, { minLength, maxLength });
    };
    if (prefix.length === 0) {
      const items = restItems(low, high);
      return typeof items === 'string' ? items : (items as fc.Arbitrary<JsonValue>);
    }
    const options: fc.Arbitrary<JsonValue>[] = [];
    const fullPrefix = fc.tuple(...prefix.map((item) => item.arbitrary));
    if (low <= prefix.length) {
      options.push(
        fc
          .tuple(fullPrefix, fc.integer({ min: low, max: Math.min(prefix.length, high) }))
          .map(([items, length]) => items.slice(0, length)),
      );
    }
    if (high > prefix.length && prefix.length === restStart) {
      const more = restItems(Math.max(1, low - prefix.length), high - prefix.length);
      if (typeof more !== 'string') {
        options.push(fc.tuple(fullPrefix, more).map(([items, tail]) => [...items, ...tail]));
      }
    }
    const first = options[0];
    if (first === undefined) return `no array of ${low} to ${high} items can be built`;
    return options.length === 1 ? first : fc.oneof(...options);
  }

  /** Unique items by canonical JSON, with a distinct set found now for arrays that come out short. */
  private uniqueItems(
    item: Extract<Built, { ok: true }>,
    minLength: number,
    maxLength: number,
  ): fc.Arbitrary<JsonValue[]> | string {
    const [leaf] = item.leaves;
    if (item.leaves.length === 1 && leaf !== undefined && leaf.candidates !== null) {
      const values = leaf.candidates as JsonValue[];
      if (values.length < minLength)
        return `uniqueItems needs ${plural(minLength, 'distinct item')}, and only ${plural(values.length, 'value')} ${values.length === 1 ? 'is' : 'are'} allowed`;
      return fc
        .shuffledSubarray(values, { minLength, maxLength: Math.min(maxLength, values.length) })
        .map((items) => items.map(copyOf));
    }
    let fallback: JsonValue[] = [];
    if (minLength > 0) {
      const found = distinct(
        fc.sample(item.arbitrary, { seed: PROBE_SEED, numRuns: 40 * minLength + 100 }),
      );
      if (found.length < minLength)
        return `uniqueItems needs ${plural(minLength, 'distinct item')}, and only ${found.length} ${found.length === 1 ? 'was' : 'were'} found`;
      fallback = found.slice(0, minLength) as JsonValue[];
    }
    return fc
      .uniqueArray(item.arbitrary, { minLength, maxLength, selector: canonicalJson })
      .map((items) =>
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
        const accepting = this.acceptorLeaves(entries, node.visits);
        const proven = item.leaves.every((leaf) =>
          accepting.every((acceptor) => this.proveRejects(leaf, acceptor)),
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

function lengthWindow(minLength: number, maxLength: number): string {
  if (maxLength === Number.POSITIVE_INFINITY) return `at least ${minLength} characters`;
  if (minLength === 0) return `at most ${maxLength} characters`;
  return `${minLength} to ${maxLength} characters`;
}

function numbersDisjoint(left: NumberRules, right: NumberRules): boolean {
  const below = (high: number, highExclusive: boolean, low: number, lowExclusive: boolean) =>
    high < low || (high === low && (highExclusive || lowExclusive));
  return (
    below(left.high, left.highExclusive, right.low, right.lowExclusive) ||
    below(right.high, right.highExclusive, left.low, left.lowExclusive)
  );
}

function rangesDisjoint(
  leftMin: number,
  leftMax: number,
  rightMin: number,
  rightMax: number,
): boolean {
  return leftMax < rightMin || rightMax < leftMin;
}

/**
 * Strings matching a JSON Schema pattern, compiled with the `u` flag as Ajv compiles it.
 * The match is anchored when fast-check can do so: a whole-string match is a match, and it
 * reads like a real value rather than noise around one.
 */
function patternValues(pattern: string, pointer: string): fc.Arbitrary<string> {
  const where = schemaPathText(`${pointer}/pattern`);
  try {
    new RegExp(pattern, 'u');
  } catch (error) {
    throw new UnsupportedSchemaError(
      'pattern',
      where,
      `not a valid regular expression with the u flag (${(error as Error).message})`,
    );
  }
  const attempts = [`^(?:${pattern})$`, pattern];
  let last: unknown;
  for (const source of attempts) {
    try {
      const arbitrary = fc.stringMatching(new RegExp(source, 'u'));
      const regex = new RegExp(pattern, 'u');
      const sample = fc.sample(arbitrary, { seed: PROBE_SEED, numRuns: 20 });
      if (sample.every((text) => regex.test(text))) return arbitrary;
    } catch (error) {
      last = error;
    }
  }
  throw new UnsupportedSchemaError(
    'pattern',
    where,
    `fast-check cannot generate strings for it${last instanceof Error ? ` (${last.message})` : ''}`,
  );
}

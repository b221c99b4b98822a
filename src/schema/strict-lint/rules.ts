/**
 * The shape of a provider's strict-mode rules as data. The walker in this folder reads a
 * {@link StrictModeRules} table and knows no provider by name; each wire surface that has a
 * strict mode keeps its own table in its folder (`src/surfaces/<surface>/strict-rules.ts`).
 */

/**
 * Every rule id `lintStrictSchema` can report. Ids marked "guard" are this linter's own limits on
 * hostile input, not a provider's documented rule.
 *
 * @example
 * const blocking: StrictLintRule[] = ['additional-properties-not-false', 'property-not-required'];
 */
export type StrictLintRule =
  | 'not-a-tool'
  | 'missing-schema'
  | 'unreadable-input'
  | 'not-a-schema'
  | 'root-not-object'
  | 'root-any-of'
  | 'additional-properties-not-false'
  | 'property-not-required'
  | 'missing-type'
  | 'unsupported-keyword'
  | 'undocumented-keyword'
  | 'unsupported-format'
  | 'unsupported-pattern'
  | 'ref-with-siblings'
  | 'unresolved-ref'
  | 'recursive-ref'
  | 'all-of-with-ref'
  | 'enum-complex-value'
  | 'nesting-too-deep'
  | 'too-many-properties'
  | 'too-many-enum-values'
  | 'enum-string-budget-exceeded'
  | 'string-budget-exceeded'
  | 'too-many-strict-tools'
  | 'too-many-optional-parameters'
  | 'too-many-union-parameters'
  // guard
  | 'circular-schema'
  // guard
  | 'schema-too-large';

/**
 * The rule ids a provider's table can list. The rest are the linter's own: the input is no tool
 * (`not-a-tool`, `missing-schema`, `unreadable-input`), a subschema is no schema (`not-a-schema`),
 * or the walk's guards against hostile input (`circular-schema`, `schema-too-large`).
 *
 * @example
 * const id: ProviderRuleId = 'recursive-ref';
 */
export type ProviderRuleId = Exclude<
  StrictLintRule,
  | 'not-a-tool'
  | 'missing-schema'
  | 'unreadable-input'
  | 'not-a-schema'
  | 'circular-schema'
  | 'schema-too-large'
>;

/**
 * Where a rule is stated and when it was read.
 *
 * @example
 * const source: StrictRuleSource = {
 *   url: 'https://platform.claude.com/docs/en/build-with-claude/structured-outputs#json-schema-limitations',
 *   read: '2026-11-30',
 *   says: 'not supported: "Recursive schemas"',
 * };
 */
export interface StrictRuleSource {
  /** The page that states the rule; `null` where only the API's own error text does. */
  url: string | null;
  /** The day it was read, `YYYY-MM-DD`. */
  read: string;
  /** What the source says, its own words in quotation marks. */
  says: string;
}

/**
 * What is known of a rule, strongest first:
 * - `refused-for-tools`: the provider answered a strict tool that breaks it with a 400 (quoted
 *   in a public thread, or recorded);
 * - `refused-for-response-format`: a 400 was seen only for structured-output schemas;
 * - `documented-unsupported`: the provider's documents list it, and no refusal of a tool was seen;
 * - `seen-accepted`: the provider answered 200 to strict tools that break it.
 * Only a rule refused for tools makes a problem; the others make notes that say what is known.
 *
 * @example
 * const kind: StrictEvidenceKind = 'seen-accepted';
 */
export type StrictEvidenceKind =
  | 'refused-for-tools'
  | 'refused-for-response-format'
  | 'documented-unsupported'
  | 'seen-accepted';

/**
 * The evidence for a rule: its kind, and what was seen where, in a clause.
 *
 * @example
 * const evidence: StrictEvidence = { kind: 'refused-for-tools', seen: 'letta-ai/letta#3137, 2026-01-08' };
 */
export interface StrictEvidence {
  kind: StrictEvidenceKind;
  /** Where it was seen or read, with dates: threads, recordings, the page. */
  seen: string;
}

/**
 * One rule of a provider's strict mode: the lint checks it only where the provider's table lists
 * it, so the table says both what is enforced and on whose word.
 *
 * @example
 * const rule: StrictRule = {
 *   id: 'property-not-required',
 *   checks: 'every property of an object is listed in required',
 *   source: { url: 'https://…#supported-schemas', read: '2026-11-30', says: '"all fields … must be specified as required"' },
 * };
 */
export interface StrictRule {
  id: ProviderRuleId;
  /** What the rule checks, in a line. */
  checks: string;
  source: StrictRuleSource;
  /** The API's error text for a schema that breaks the rule; the lint's message quotes it. */
  refusal?: string;
  /** What is known of it; for `unsupported-keyword`, each keyword's own evidence says more. */
  evidence: StrictEvidence;
}

/**
 * Why a provider refuses a keyword, and what to do instead.
 *
 * @example
 * OPENAI_STRICT_RULES.unsupportedKeywords.get('allOf')?.fix; // 'merge its schemas into one'
 */
export interface UnsupportedKeyword {
  /** The source's own words, or the API's error text. */
  why: string;
  fix: string;
  evidence: StrictEvidence;
}

/**
 * The size limits of one provider's strict mode; `null` where the provider documents none.
 *
 * @example
 * OPENAI_STRICT_RULES.limits.maxObjectNesting; // 10
 */
export interface StrictModeLimits {
  /** Objects nested inside objects, the root object being level 1. */
  maxObjectNesting: number | null;
  /** Keys of `properties`, summed over one schema. */
  maxPropertiesPerSchema: number | null;
  /** Values of every `enum`, summed over one schema. */
  maxEnumValuesPerSchema: number | null;
  /** A single enum of more than `moreThanValues` values may hold at most `maxChars` characters of strings. */
  largeEnum: { moreThanValues: number; maxChars: number } | null;
  /** Characters of property names, definition names, enum values and const values in one schema. */
  maxSchemaStringChars: number | null;
  /** Tools sent strict in one request. */
  maxStrictToolsPerRequest: number | null;
  /** Properties left out of `required`, summed over every strict tool of a request. */
  maxOptionalParametersPerRequest: number | null;
  /** Schemas using `anyOf` or a list of types, summed over every strict tool of a request. */
  maxUnionParametersPerRequest: number | null;
}

/**
 * What one provider's strict mode accepts, as its documentation (or, where marked, its API's
 * error text) states it: the rules it enforces, one entry each, and the values those rules read
 * (keyword lists, formats, limits).
 *
 * @example
 * ANTHROPIC_STRICT_RULES.supportedFormats.includes('uri'); // true
 */
export interface StrictModeRules {
  /** How messages name the provider: `OpenAI`. */
  providerName: string;
  /** How a verdict names the mode: `OpenAI strict mode`. */
  modeName: string;
  /** The page most of the rules rest on. */
  source: { title: string; url: string; read: string };
  /** The rules enforced, one per id; a rule not listed is not checked. */
  rules: readonly StrictRule[];
  /** The largest `minItems` accepted; `null` where any is (read by `unsupported-keyword`). */
  maxMinItems: number | null;
  /** What is known of the `minItems` bound; `null` where there is none. */
  minItemsEvidence: StrictEvidence | null;
  /**
   * The only keywords accepted, anything else being `undocumented-keyword`; `null` where the
   * provider takes standard JSON Schema minus a list.
   */
  supportedKeywords: ReadonlySet<string> | null;
  /** Keywords accepted on the root schema only (added to `supportedKeywords` there). */
  rootOnlyKeywords: ReadonlySet<string>;
  /** Keywords refused, each with why and the repair (read by `unsupported-keyword`). */
  unsupportedKeywords: ReadonlyMap<string, UnsupportedKeyword>;
  /** The `format` values accepted (read by `unsupported-format`). */
  supportedFormats: readonly string[];
  /** Where subschemas sit, so the lint can walk into them. */
  subschemas: { maps: readonly string[]; lists: readonly string[]; singles: readonly string[] };
  /** Read by `nesting-too-deep`, `too-many-*`, `enum-string-budget-exceeded` and `string-budget-exceeded`. */
  limits: StrictModeLimits;
}

/**
 * The listed rule of this id, or `undefined` when the provider does not enforce it.
 *
 * @example
 * ruleOf(ANTHROPIC_STRICT_RULES, 'recursive-ref')?.source.url;
 */
export function ruleOf(rules: StrictModeRules, id: ProviderRuleId): StrictRule | undefined {
  return rules.rules.find((rule) => rule.id === id);
}

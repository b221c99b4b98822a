/**
 * Strict-mode lint for tool definitions: would OpenAI or Anthropic refuse this parameters schema
 * with an HTTP 400, or quietly stop enforcing part of it, once the tool is sent with
 * `strict: true`? Each provider's rules live in one constant below, with the page and the date
 * they were read. Pure: nothing is fetched, nothing in the input is changed.
 */

import {
  describeJsonType,
  isJsonObject,
  type JsonObject,
  previewJson,
} from '../schema/json-type.js';
import { plural } from '../text/plural.js';

/**
 * The providers whose strict mode `lintStrictSchema` knows.
 *
 * @example
 * const provider: StrictProvider = 'openai';
 */
export type StrictProvider = 'openai' | 'anthropic';

/**
 * One thing a provider's strict mode would refuse or weaken.
 *
 * @example
 * const problem: StrictLintProblem = {
 *   path: 'tools[0].parameters.properties.note',
 *   rule: 'property-not-required',
 *   message: '"note" is not in required; …',
 * };
 */
export interface StrictLintProblem {
  /** Where, from the input's root, e.g. `tools[1].function.parameters.properties.rows.items` ('' is the input itself). */
  path: string;
  /** A stable kebab-case rule id, one of {@link StrictLintRule}. */
  rule: string;
  /** One sentence for a person, with this schema's own names and numbers and what to change. */
  message: string;
}

/**
 * What `lintStrictSchema` found.
 *
 * @example
 * const result: StrictLintResult = { provider: 'openai', tools: 2, problems: [] };
 */
export interface StrictLintResult {
  provider: StrictProvider;
  /** How many function tools had a schema to lint (built-in and custom tools are not counted). */
  tools: number;
  /** Ordered by path, then rule; never two alike. */
  problems: StrictLintProblem[];
}

/**
 * Options for `lintStrictSchema`.
 *
 * @example
 * const options: StrictLintOptions = { provider: 'anthropic' };
 */
export interface StrictLintOptions {
  provider: StrictProvider;
}

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
 * Why a provider refuses a keyword, and what to do instead.
 *
 * @example
 * OPENAI_STRICT_RULES.unsupportedKeywords.get('allOf')?.fix; // 'merge its schemas into one'
 */
export interface UnsupportedKeyword {
  /** The source's own words, or the API's error text. */
  why: string;
  fix: string;
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
 * error text) states it.
 *
 * @example
 * ANTHROPIC_STRICT_RULES.supportedFormats.includes('uri'); // true
 */
export interface StrictModeRules {
  providerName: string;
  source: { title: string; url: string; read: string };
  /** The root schema must be `{"type": "object"}`. */
  rootMustBeObject: boolean;
  rootMayUseAnyOf: boolean;
  everyPropertyRequired: boolean;
  /** Every subschema must carry `type` (or `anyOf` / `$ref`). */
  everySchemaNeedsType: boolean;
  refMayHaveSiblings: boolean;
  recursionAllowed: boolean;
  /** A `$ref` directly inside `allOf` is refused (only where `allOf` itself is accepted). */
  refusesRefInAllOf: boolean;
  enumValuesMustBeScalar: boolean;
  /** Reject regex backreferences, lookarounds and word boundaries in `pattern`. */
  restrictedPatterns: boolean;
  /** The largest `minItems` accepted; `null` where any is. */
  maxMinItems: number | null;
  /** The only keywords accepted; `null` where the provider takes standard JSON Schema minus a list. */
  supportedKeywords: ReadonlySet<string> | null;
  /** Keywords accepted on the root schema only (added to `supportedKeywords` there). */
  rootOnlyKeywords: ReadonlySet<string>;
  unsupportedKeywords: ReadonlyMap<string, UnsupportedKeyword>;
  supportedFormats: readonly string[];
  /** Where subschemas sit, so the lint can walk into them. */
  subschemas: { maps: readonly string[]; lists: readonly string[]; singles: readonly string[] };
  limits: StrictModeLimits;
}

// ================================================================================================
// OpenAI strict mode: Structured Outputs, and function calling with `strict: true`.
// Read 2026-11-30 from a stored copy of "Structured model outputs | OpenAI API", section
// "Supported schemas":
//   https://developers.openai.com/api/docs/guides/structured-outputs#supported-schemas
//   (formerly https://platform.openai.com/docs/guides/structured-outputs)
// Public code quoting the same figures dates the text 2026-08-03 and 2026-10-08.
// - Supported: types string, number, boolean, integer, object, array, enum, anyOf; string
//   `pattern` and `format` (the nine formats below); number `multipleOf`, `maximum`,
//   `exclusiveMaximum`, `minimum`, `exclusiveMinimum`; array `minItems`, `maxItems`;
//   definitions (`$defs`, `$ref`) and recursion (`$ref: "#"`, or a definition that refers to itself).
// - "Root objects must not be anyOf and must be an object"; "all fields or function parameters
//   must be specified as required" (optional = a union with null); "additionalProperties: false
//   must always be set in objects".
// - Not supported, "Composition": allOf, not, dependentRequired, dependentSchemas, if, then, else.
// - "A schema may have up to 5000 object properties total, with up to 10 levels of nesting";
//   "up to 1000 enum values across all enum properties"; a single string enum of more than 250
//   values may total 15,000 characters; property names, definition names, enum values and const
//   values may total 120,000 characters.
// Older figures from the same page, superseded (prefer the newest): at launch (August 2024)
// 100 properties, 5 levels, 500 enum values, 7,500 characters for a large enum and 15,000 in all
// (as quoted by openai-java's JsonSchemaValidator); a later revision had 5,000 properties and
// still 5 levels. The launch page also called minLength, maxLength, pattern, format, minimum,
// maximum, multipleOf, patternProperties, unevaluatedProperties, propertyNames, minProperties,
// maxProperties, unevaluatedItems, contains, minContains, maxContains, minItems, maxItems and
// uniqueItems unsupported; the current page supports some of them, lists some as unsupported
// "for fine-tuned models" only, and no longer mentions the rest. Anything off the supported
// list is therefore reported as `undocumented-keyword`, not as a certain 400.
// Not on the page but the API's own 400 text, seen in public code through 2026-09:
// "'default' is not permitted", "'uniqueItems' is not permitted", "schema must have a 'type'
// key" (also for a bare {"const": …}) and "$ref cannot have keywords {'description'}".
// `title` is kept because OpenAI's own SDKs send Pydantic titles; `$schema` and `$id` are
// accepted on the root only, as openai-java's validator accepts them.
// Unverified readings, stated here so they can be revisited: nesting counts object schemas only
// (arrays add no level); the limits apply per tool schema; a definition counts once however often
// it is referenced (recursion makes any other count infinite); characters are Unicode code points.
// ================================================================================================
/**
 * OpenAI's strict-mode rules and limits, read 2026-11-30 from "Structured model outputs | OpenAI
 * API" (see the comment above this constant in the source for every sentence it rests on).
 *
 * @example
 * OPENAI_STRICT_RULES.limits.maxPropertiesPerSchema; // 5000
 */
export const OPENAI_STRICT_RULES: StrictModeRules = {
  providerName: 'OpenAI',
  source: {
    title: 'Structured model outputs | OpenAI API — Supported schemas',
    url: 'https://developers.openai.com/api/docs/guides/structured-outputs#supported-schemas',
    read: '2026-11-30',
  },
  rootMustBeObject: true,
  rootMayUseAnyOf: false,
  everyPropertyRequired: true,
  everySchemaNeedsType: true,
  refMayHaveSiblings: false,
  recursionAllowed: true,
  refusesRefInAllOf: false,
  enumValuesMustBeScalar: false,
  restrictedPatterns: false,
  maxMinItems: null,
  supportedKeywords: new Set([
    'type',
    'properties',
    'required',
    'additionalProperties',
    'items',
    'anyOf',
    '$ref',
    '$defs',
    'definitions',
    'enum',
    'const',
    'description',
    'title',
    'pattern',
    'format',
    'multipleOf',
    'maximum',
    'exclusiveMaximum',
    'minimum',
    'exclusiveMinimum',
    'minItems',
    'maxItems',
  ]),
  rootOnlyKeywords: new Set(['$schema', '$id']),
  unsupportedKeywords: new Map<string, UnsupportedKeyword>([
    ['allOf', { why: 'the guide lists it as unsupported', fix: 'merge its schemas into one' }],
    [
      'not',
      {
        why: 'the guide lists it as unsupported',
        fix: 'remove it and check the rule in your own code',
      },
    ],
    [
      'dependentRequired',
      {
        why: 'the guide lists it as unsupported',
        fix: 'remove it and check the rule in your own code',
      },
    ],
    [
      'dependentSchemas',
      {
        why: 'the guide lists it as unsupported',
        fix: 'remove it and check the rule in your own code',
      },
    ],
    ...(['if', 'then', 'else'] as const).map((keyword): [string, UnsupportedKeyword] => [
      keyword,
      {
        why: 'the guide lists if, then and else as unsupported',
        fix: 'describe each allowed shape as an option of anyOf instead',
      },
    ]),
    [
      'default',
      {
        why: `the API answers "'default' is not permitted"`,
        fix: 'remove it and state the default in the description',
      },
    ],
    [
      'uniqueItems',
      {
        why: `the API answers "'uniqueItems' is not permitted"`,
        fix: 'remove it and drop duplicates in your own code',
      },
    ],
  ]),
  supportedFormats: [
    'date-time',
    'time',
    'date',
    'duration',
    'email',
    'hostname',
    'ipv4',
    'ipv6',
    'uuid',
  ],
  subschemas: {
    maps: ['properties', '$defs', 'definitions'],
    lists: ['anyOf'],
    singles: ['items'],
  },
  limits: {
    maxObjectNesting: 10,
    maxPropertiesPerSchema: 5000,
    maxEnumValuesPerSchema: 1000,
    largeEnum: { moreThanValues: 250, maxChars: 15_000 },
    maxSchemaStringChars: 120_000,
    maxStrictToolsPerRequest: null,
    maxOptionalParametersPerRequest: null,
    maxUnionParametersPerRequest: null,
  },
};

// ================================================================================================
// Anthropic strict tool use (`strict: true` on a tool) and JSON outputs share one rule set.
// Read 2026-11-30 from a stored copy (fetched 2026-09-26) of "Structured outputs - Claude
// Platform Docs", sections "JSON Schema limitations" and "Schema complexity limits":
//   https://platform.claude.com/docs/en/build-with-claude/structured-outputs#json-schema-limitations
// which "Strict tool use" points to for its schema subset:
//   https://platform.claude.com/docs/en/agents-and-tools/tool-use/strict-tool-use
// - Supported: all basic types including null; enum of "strings, numbers, bools, or nulls only";
//   const; anyOf and allOf ("allOf with $ref not supported"); $ref, $def and definitions
//   ("external $ref not supported"); default; required; additionalProperties "must be set to
//   false for objects"; formats date-time, time, date, duration, email, hostname, uri, ipv4, ipv6,
//   uuid; array minItems "only values 0 and 1".
// - Not supported: recursive schemas; complex types within enums; external $ref; numerical
//   constraints ("such as minimum, maximum, multipleOf", so exclusiveMinimum/exclusiveMaximum are
//   read as included); minLength, maxLength; "array constraints beyond minItems of 0 or 1" (read
//   as maxItems, uniqueItems, contains, minContains, maxContains); additionalProperties other than
//   false. Regex: no backreferences, no lookahead/lookbehind, no \b or \B ("complex {n,m}
//   quantifiers with large ranges" name no threshold, so they are not linted).
// - Explicit limits for a request: 20 strict tools; 24 optional parameters ("each parameter not
//   listed in required"); 16 parameters with union types ("anyOf or type arrays").
// - Required-ness is free: unlike OpenAI, optional properties are allowed.
// The root `type: "object"` comes from the Messages API reference (tools[].input_schema.type is
// the constant "object"): https://platform.claude.com/docs/en/api/messages
// Anthropic documents no nesting, property-count, enum-size or string-size limit, so none is
// linted; other keywords (oneOf, not, if/then/else, patternProperties, …) are neither listed as
// supported nor as unsupported, so none is reported.
// ================================================================================================
/**
 * Anthropic's strict-tool-use rules and limits, read 2026-11-30 from "Structured outputs - Claude
 * Platform Docs" (see the comment above this constant in the source for every sentence it rests on).
 *
 * @example
 * ANTHROPIC_STRICT_RULES.limits.maxUnionParametersPerRequest; // 16
 */
export const ANTHROPIC_STRICT_RULES: StrictModeRules = {
  providerName: 'Anthropic',
  source: {
    title: 'Structured outputs - Claude Platform Docs — JSON Schema limitations',
    url: 'https://platform.claude.com/docs/en/build-with-claude/structured-outputs#json-schema-limitations',
    read: '2026-11-30',
  },
  rootMustBeObject: true,
  rootMayUseAnyOf: true,
  everyPropertyRequired: false,
  everySchemaNeedsType: false,
  refMayHaveSiblings: true,
  recursionAllowed: false,
  refusesRefInAllOf: true,
  enumValuesMustBeScalar: true,
  restrictedPatterns: true,
  maxMinItems: 1,
  supportedKeywords: null,
  rootOnlyKeywords: new Set(),
  unsupportedKeywords: new Map<string, UnsupportedKeyword>([
    ...(['minimum', 'maximum', 'multipleOf', 'exclusiveMinimum', 'exclusiveMaximum'] as const).map(
      (keyword): [string, UnsupportedKeyword] => [
        keyword,
        {
          why: 'numerical constraints are not supported',
          fix: 'remove it, state the bound in the description and check it in your own code',
        },
      ],
    ),
    ...(['minLength', 'maxLength'] as const).map((keyword): [string, UnsupportedKeyword] => [
      keyword,
      {
        why: 'string length constraints are not supported',
        fix: 'remove it, state the length in the description and check it in your own code',
      },
    ]),
    ...(['maxItems', 'uniqueItems', 'contains', 'minContains', 'maxContains'] as const).map(
      (keyword): [string, UnsupportedKeyword] => [
        keyword,
        {
          why: 'array constraints beyond minItems 0 or 1 are not supported',
          fix: 'remove it and check the array in your own code',
        },
      ],
    ),
  ]),
  supportedFormats: [
    'date-time',
    'time',
    'date',
    'duration',
    'email',
    'hostname',
    'uri',
    'ipv4',
    'ipv6',
    'uuid',
  ],
  subschemas: {
    maps: ['properties', '$defs', 'definitions'],
    lists: ['anyOf', 'allOf', 'oneOf', 'prefixItems'],
    singles: ['items'],
  },
  limits: {
    maxObjectNesting: null,
    maxPropertiesPerSchema: null,
    maxEnumValuesPerSchema: null,
    largeEnum: null,
    maxSchemaStringChars: null,
    maxStrictToolsPerRequest: 20,
    maxOptionalParametersPerRequest: 24,
    maxUnionParametersPerRequest: 16,
  },
};

const RULES_BY_PROVIDER: Record<StrictProvider, StrictModeRules> = {
  openai: OPENAI_STRICT_RULES,
  anthropic: ANTHROPIC_STRICT_RULES,
};

// This linter's own guards against hostile input, not provider rules: the walk is iterative, so
// these bound time and output, not the call stack. Real tool schemas nest a handful of levels and
// hold a few hundred nodes.
const LINT_MAX_SCHEMA_DEPTH = 1000;
const LINT_MAX_SCHEMA_NODES = 200_000;

/**
 * Lints tool definitions for a provider's strict mode, so a unit test can fail before deploy when
 * a tool would be rejected (HTTP 400) or silently weakened. Takes one tool in any provider shape
 * (OpenAI Responses `{type: 'function', name, parameters}`, Chat Completions
 * `{type: 'function', function: {name, parameters}}`, Anthropic `{name, input_schema}`), an array
 * of them, or a request body with a `tools` array. Built-in tools (`{type: 'web_search'}`, …) and
 * OpenAI custom tools are skipped. Every function tool is linted as if sent with `strict: true`,
 * whatever its own flag says: pass the tools you mean to make strict. Never throws on any `input`.
 *
 * @throws TypeError when `options.provider` is not `'openai'` or `'anthropic'`.
 * @example
 * const { problems } = lintStrictSchema(requestBody, { provider: 'openai' });
 * expect(problems).toEqual([]);
 * // or: problems[0] → { path: 'tools[0].parameters.properties.note', rule: 'property-not-required', message: '…' }
 */
export function lintStrictSchema(input: unknown, options: StrictLintOptions): StrictLintResult {
  const provider = options?.provider;
  const rules = rulesFor(provider);
  try {
    const findings: Finding[] = [];
    const tools = findTools(input, findings);
    const request: RequestTallies = {
      strictTools: tally(rules.limits.maxStrictToolsPerRequest),
      optionalParameters: tally(rules.limits.maxOptionalParametersPerRequest),
      unionParameters: tally(rules.limits.maxUnionParametersPerRequest),
    };
    for (const tool of tools) lintTool(tool, rules, request, findings);
    reportRequestTallies(request, rules, findings);
    return { provider, tools: tools.length, problems: orderProblems(findings) };
  } catch (error) {
    // Only exotic objects get here (a getter or proxy that throws while being read).
    return {
      provider,
      tools: 0,
      problems: [
        {
          path: '',
          rule: 'unreadable-input',
          message: `reading the input threw ${error instanceof Error ? `${error.name}: ${error.message}` : 'a non-Error value'}; pass plain JSON data (what JSON.parse returns)`,
        },
      ],
    };
  }
}

function rulesFor(provider: unknown): StrictModeRules {
  if (provider === 'openai' || provider === 'anthropic') return RULES_BY_PROVIDER[provider];
  throw new TypeError(
    `tool-call-health: lintStrictSchema needs options.provider 'openai' or 'anthropic'; received ${describeValue(provider)}`,
  );
}

// ---- finding the tools -------------------------------------------------------------------------

type Segment = string | number;

interface Finding {
  segments: readonly Segment[];
  rule: StrictLintRule;
  message: string;
}

interface FunctionTool {
  name: string | undefined;
  toolPath: Segment[];
  schema: unknown;
  schemaPath: Segment[];
  /** How the schema's own shape names it, for messages: `parameters` or `input_schema`. */
  schemaField: 'parameters' | 'input_schema';
}

const WHAT_A_TOOL_IS =
  'a tool definition ({"type": "function", "name", "parameters"}, {"type": "function", "function": {…}} or {"name", "input_schema"})';

function findTools(input: unknown, findings: Finding[]): FunctionTool[] {
  if (Array.isArray(input)) return readTools(input, [], findings);
  if (isJsonObject(input) && Object.hasOwn(input, 'tools')) {
    const tools = input.tools;
    if (Array.isArray(tools)) return readTools(tools, ['tools'], findings);
    report(
      findings,
      ['tools'],
      'not-a-tool',
      `tools is ${describeValue(tools)}; expected an array of tool definitions`,
    );
    return [];
  }
  if (!isJsonObject(input)) {
    report(
      findings,
      [],
      'not-a-tool',
      `expected ${WHAT_A_TOOL_IS}, an array of them, or a request body with a tools array; received ${describeValue(input)}`,
    );
    return [];
  }
  const tool = readTool(input, [], findings);
  return tool === null ? [] : [tool];
}

function readTools(items: unknown[], at: Segment[], findings: Finding[]): FunctionTool[] {
  const tools: FunctionTool[] = [];
  items.forEach((item, index) => {
    const tool = readTool(item, [...at, index], findings);
    if (tool !== null) tools.push(tool);
  });
  return tools;
}

function readTool(item: unknown, at: Segment[], findings: Finding[]): FunctionTool | null {
  if (!isJsonObject(item)) {
    report(
      findings,
      at,
      'not-a-tool',
      `expected ${WHAT_A_TOOL_IS}; received ${describeValue(item)}`,
    );
    return null;
  }
  const name = typeof item.name === 'string' ? item.name : undefined;
  // Anthropic client tools may say `type: "custom"`; their input_schema is what decides.
  if (Object.hasOwn(item, 'input_schema')) {
    return withSchema(item.input_schema, 'input_schema', name, at, findings);
  }
  const nested = item.function;
  if (isJsonObject(nested)) {
    const nestedName = typeof nested.name === 'string' ? nested.name : name;
    return withSchema(nested.parameters, 'parameters', nestedName, at, findings, ['function']);
  }
  if (item.type === 'function' || (item.type === undefined && name !== undefined)) {
    return withSchema(item.parameters, 'parameters', name, at, findings);
  }
  // Built-in tools run on the provider's side and custom tools take free text: no schema to lint.
  if (typeof item.type === 'string') return null;
  report(findings, at, 'not-a-tool', `expected ${WHAT_A_TOOL_IS}; received ${describeValue(item)}`);
  return null;
}

function withSchema(
  schema: unknown,
  field: 'parameters' | 'input_schema',
  name: string | undefined,
  at: Segment[],
  findings: Finding[],
  between: Segment[] = [],
): FunctionTool | null {
  if (schema === undefined || schema === null) {
    report(
      findings,
      at,
      'missing-schema',
      `the function tool ${name === undefined ? 'with no name' : `"${name}"`} has no ${field} schema, so strict mode has nothing to enforce; add "${field}": {"type": "object", "properties": {}, "required": [], "additionalProperties": false}`,
    );
    return null;
  }
  return {
    name,
    toolPath: at,
    schema,
    schemaPath: [...at, ...between, field],
    schemaField: field,
  };
}

// ---- linting one tool --------------------------------------------------------------------------

interface Tally {
  readonly limit: number | null;
  total: number;
  /** Where the running total first went past the limit. */
  passedAt: { path: Segment[]; label: string } | null;
}

interface RequestTallies {
  strictTools: Tally;
  optionalParameters: Tally;
  unionParameters: Tally;
}

interface SchemaTallies {
  properties: Tally;
  enumValues: Tally;
  stringChars: Tally;
}

interface ToolContext {
  rules: StrictModeRules;
  root: JsonObject;
  rootPath: Segment[];
  findings: Finding[];
  schema: SchemaTallies;
  request: RequestTallies;
  sawRef: boolean;
  /** Each distinct $ref resolved once: the walk and the depth check both ask. */
  resolved: Map<string, RefTarget | null>;
}

function tally(limit: number | null): Tally {
  return { limit, total: 0, passedAt: null };
}

function addTo(counter: Tally, amount: number, path: Segment[], label: string): void {
  if (counter.limit === null) return;
  counter.total += amount;
  if (counter.passedAt === null && counter.total > counter.limit) {
    counter.passedAt = { path, label };
  }
}

function lintTool(
  tool: FunctionTool,
  rules: StrictModeRules,
  request: RequestTallies,
  findings: Finding[],
): void {
  const toolLabel = tool.name === undefined ? 'the tool with no name' : `"${tool.name}"`;
  addTo(request.strictTools, 1, tool.toolPath, toolLabel);
  const rootLabel =
    tool.schemaField === 'parameters'
      ? `the parameters schema of ${toolLabel}`
      : `the input_schema of ${toolLabel}`;
  const root = tool.schema;
  if (!isJsonObject(root)) {
    report(
      findings,
      tool.schemaPath,
      'root-not-object',
      `${rootLabel} is ${describeValue(root)}, not a schema; ${rules.providerName} strict mode needs {"type": "object", "properties": {…}, "additionalProperties": false}`,
    );
    return;
  }
  const context: ToolContext = {
    rules,
    root,
    rootPath: tool.schemaPath,
    findings,
    schema: {
      properties: tally(rules.limits.maxPropertiesPerSchema),
      enumValues: tally(rules.limits.maxEnumValuesPerSchema),
      stringChars: tally(rules.limits.maxSchemaStringChars),
    },
    request,
    sawRef: false,
    resolved: new Map(),
  };
  walkSchema(
    { node: root, path: tool.schemaPath, label: rootLabel },
    rules,
    true,
    (visit) => checkSchema(visit, context),
    (rule, visit, message) => report(findings, visit.path, rule, message),
  );
  reportSchemaTallies(context.schema, rules, findings);
  if (context.sawRef) checkReferences(context, rootLabel);
}

// ---- the walk ----------------------------------------------------------------------------------

interface SchemaVisit {
  node: unknown;
  path: Segment[];
  label: string;
  role: 'root' | 'property' | 'definition' | 'member';
  /** Object nesting level, counting this node when it is an object schema (root object = 1). */
  level: number;
  /** Schema nodes above this one. */
  depth: number;
}

type GuardReport = (rule: StrictLintRule, visit: SchemaVisit, message: string) => void;

/**
 * Visits a schema and its subschemas in document order with an explicit stack, so no input can
 * overflow the call stack. `visit` returns false to keep the walk out of a node's subschemas.
 */
function walkSchema(
  start: { node: unknown; path: Segment[]; label: string },
  rules: StrictModeRules,
  includeDefinitions: boolean,
  visit: (visit: SchemaVisit) => boolean,
  onGuard: GuardReport | null,
): void {
  type Step = { enter: SchemaVisit } | { leave: object };
  const steps: Step[] = [
    {
      enter: {
        ...start,
        role: 'root',
        level: isObjectSchema(start.node) ? 1 : 0,
        depth: 0,
      },
    },
  ];
  // Nodes on the current path: a JavaScript object that contains itself could never be sent as JSON.
  const open = new Set<object>();
  let visited = 0;
  for (let step = steps.pop(); step !== undefined; step = steps.pop()) {
    if ('leave' in step) {
      open.delete(step.leave);
      continue;
    }
    const current = step.enter;
    if (current.depth >= LINT_MAX_SCHEMA_DEPTH) {
      onGuard?.(
        'nesting-too-deep',
        current,
        `${current.label} sits ${count(current.depth)} schemas deep, where this linter stops walking; no provider documents accepting a schema this deep — flatten it`,
      );
      continue;
    }
    visited += 1;
    if (visited > LINT_MAX_SCHEMA_NODES) {
      onGuard?.(
        'schema-too-large',
        current,
        `the schema holds more than ${count(LINT_MAX_SCHEMA_NODES)} subschemas (shared objects count once per use), so this linter stopped at ${current.label}; no provider documents accepting a schema this large — split the tool`,
      );
      return;
    }
    const node = current.node;
    if (typeof node === 'object' && node !== null && open.has(node)) {
      onGuard?.(
        'circular-schema',
        current,
        `${current.label} is the same JavaScript object as one of its ancestors, so the schema cannot be sent as JSON — use "$ref" for recursion`,
      );
      continue;
    }
    if (!visit(current) || !isJsonObject(node)) continue;
    open.add(node);
    steps.push({ leave: node });
    const children = childSchemas(current, node, rules, includeDefinitions);
    for (let index = children.length - 1; index >= 0; index -= 1) {
      const child = children[index];
      if (child !== undefined) steps.push({ enter: child });
    }
  }
}

function childSchemas(
  parent: SchemaVisit,
  node: JsonObject,
  rules: StrictModeRules,
  includeDefinitions: boolean,
): SchemaVisit[] {
  const children: SchemaVisit[] = [];
  const add = (
    child: unknown,
    path: Segment[],
    label: string,
    role: SchemaVisit['role'],
    levelAbove: number,
  ) => {
    children.push({
      node: child,
      path,
      label,
      role,
      level: levelAbove + (isObjectSchema(child) ? 1 : 0),
      depth: parent.depth + 1,
    });
  };
  for (const keyword of Object.keys(node)) {
    const value = node[keyword];
    const at = [...parent.path, keyword];
    const isDefinitions = keyword === '$defs' || keyword === 'definitions';
    if (rules.subschemas.maps.includes(keyword) && isJsonObject(value)) {
      if (isDefinitions && !includeDefinitions) continue;
      for (const key of Object.keys(value)) {
        if (keyword === 'properties')
          add(value[key], [...at, key], `"${key}"`, 'property', parent.level);
        // A definition nests only where it is referenced, so it starts from level 0.
        else if (isDefinitions)
          add(value[key], [...at, key], `definition "${key}"`, 'definition', 0);
        else
          add(
            value[key],
            [...at, key],
            `${keyword} "${key}" of ${parent.label}`,
            'member',
            parent.level,
          );
      }
    } else if (
      rules.subschemas.lists.includes(keyword) ||
      (keyword === 'items' && Array.isArray(value))
    ) {
      if (!Array.isArray(value)) continue;
      value.forEach((member, index) => {
        add(
          member,
          [...at, index],
          `${keyword}[${index}] of ${parent.label}`,
          'member',
          parent.level,
        );
      });
    } else if (rules.subschemas.singles.includes(keyword) && value !== undefined) {
      const label =
        keyword === 'items'
          ? `the item schema of ${parent.label}`
          : `${keyword} of ${parent.label}`;
      add(value, at, label, 'member', parent.level);
    }
  }
  return children;
}

function isObjectSchema(node: unknown): boolean {
  if (!isJsonObject(node)) return false;
  const type = node.type;
  if (type === 'object') return true;
  if (Array.isArray(type)) return type.includes('object');
  return type === undefined && isJsonObject(node.properties);
}

// ---- checks on one schema node -----------------------------------------------------------------

function checkSchema(visit: SchemaVisit, context: ToolContext): boolean {
  const { rules, findings } = context;
  const name = visit.path.at(-1);
  if (visit.role === 'property' && typeof name === 'string') {
    addTo(context.schema.properties, 1, visit.path, visit.label);
    addTo(context.schema.stringChars, charCount(name), visit.path, visit.label);
  }
  if (visit.role === 'definition' && typeof name === 'string') {
    addTo(context.schema.stringChars, charCount(name), visit.path, visit.label);
  }
  const node = visit.node;
  if (!isJsonObject(node)) {
    // `true` and `false` are schemas in standard JSON Schema; only OpenAI demands a type everywhere.
    if (typeof node === 'boolean' && !rules.everySchemaNeedsType) return false;
    report(
      findings,
      visit.path,
      'not-a-schema',
      `${visit.label} is ${describeValue(node)}, not a schema object; give it a schema such as {"type": "string"}`,
    );
    return false;
  }
  const maxNesting = rules.limits.maxObjectNesting;
  if (maxNesting !== null && visit.level > maxNesting) {
    report(
      findings,
      visit.path,
      'nesting-too-deep',
      `${visit.label} is object nesting level ${count(visit.level)}; ${rules.providerName} allows ${count(maxNesting)} levels — flatten the schema, e.g. lift its fields into its parent`,
    );
    return false;
  }
  if (visit.role === 'root') checkRoot(visit, node, context);
  checkKeywords(visit, node, context);
  checkType(visit, node, context);
  checkObject(visit, node, context);
  checkReference(visit, node, context);
  checkValues(visit, node, context);
  checkStrings(visit, node, context);
  checkUnion(visit, node, context);
  return true;
}

function checkRoot(visit: SchemaVisit, node: JsonObject, context: ToolContext): void {
  const { rules, findings } = context;
  if (rules.rootMustBeObject && node.type !== 'object') {
    report(
      findings,
      visit.path,
      'root-not-object',
      `${visit.label} ${node.type === undefined ? 'has no type' : `has type ${previewJson(node.type)}`}; ${rules.providerName} strict mode needs the root to be {"type": "object"} — wrap the value in a property of an object`,
    );
  }
  if (!rules.rootMayUseAnyOf && Object.hasOwn(node, 'anyOf')) {
    report(
      findings,
      [...visit.path, 'anyOf'],
      'root-any-of',
      `${visit.label} uses anyOf at the root, which ${rules.providerName} does not allow — make the root an object and move the union into one of its properties`,
    );
  }
}

function checkKeywords(visit: SchemaVisit, node: JsonObject, context: ToolContext): void {
  const { rules, findings } = context;
  for (const keyword of Object.keys(node)) {
    const at = [...visit.path, keyword];
    const unsupported = rules.unsupportedKeywords.get(keyword);
    if (unsupported !== undefined) {
      report(
        findings,
        at,
        'unsupported-keyword',
        `"${keyword}" on ${visit.label} is not supported by ${rules.providerName} strict mode (${unsupported.why}) — ${unsupported.fix}`,
      );
      continue;
    }
    if (keyword === 'minItems' && rules.maxMinItems !== null) {
      const minItems = node.minItems;
      if (typeof minItems === 'number' && minItems > rules.maxMinItems) {
        report(
          findings,
          at,
          'unsupported-keyword',
          `${visit.label} has minItems ${minItems}, but ${rules.providerName} strict mode supports minItems of 0 or 1 only — lower it to 1 and check the count in your own code`,
        );
      }
      continue;
    }
    const supported = rules.supportedKeywords;
    if (supported === null || supported.has(keyword)) continue;
    if (visit.role === 'root' && rules.rootOnlyKeywords.has(keyword)) continue;
    report(
      findings,
      at,
      'undocumented-keyword',
      `"${keyword}" on ${visit.label} is not among the keywords ${rules.providerName} documents for strict mode, so it may be rejected or not enforced — remove it and check that rule in your own code`,
    );
  }
}

function checkType(visit: SchemaVisit, node: JsonObject, context: ToolContext): void {
  const { rules, findings } = context;
  if (!rules.everySchemaNeedsType || visit.role === 'root') return;
  if (['type', 'anyOf', '$ref'].some((keyword) => Object.hasOwn(node, keyword))) return;
  const sample = Object.hasOwn(node, 'const')
    ? node.const
    : Array.isArray(node.enum)
      ? node.enum[0]
      : undefined;
  const type = sample === undefined ? 'string' : describeJsonType(sample);
  report(
    findings,
    visit.path,
    'missing-type',
    `${visit.label} has no "type" (nor anyOf or $ref); ${rules.providerName} rejects that ("schema must have a 'type' key") — add ${sample === undefined ? 'one, e.g. ' : ''}"type": "${type}"`,
  );
}

function checkObject(visit: SchemaVisit, node: JsonObject, context: ToolContext): void {
  const { rules, findings } = context;
  const properties = node.properties;
  if (properties !== undefined && !isJsonObject(properties)) {
    report(
      findings,
      [...visit.path, 'properties'],
      'not-a-schema',
      `the properties of ${visit.label} are ${describeValue(properties)}, not an object of property schemas — write {"name": {"type": "string"}, …}`,
    );
  }
  if (!isObjectSchema(node)) return;
  const extra = node.additionalProperties;
  if (extra !== false) {
    report(
      findings,
      visit.path,
      'additional-properties-not-false',
      extra === undefined
        ? `${visit.label} is an object without "additionalProperties": false, which ${rules.providerName} strict mode requires on every object — add it and list every key the model may send under properties`
        : `${visit.label} has additionalProperties ${previewJson(extra)}, but ${rules.providerName} strict mode requires false on every object — set it to false and list every key the model may send under properties`,
    );
  }
  if (!isJsonObject(properties)) return;
  const required = new Set(
    Array.isArray(node.required)
      ? node.required.filter((key): key is string => typeof key === 'string')
      : [],
  );
  for (const key of Object.keys(properties)) {
    if (required.has(key)) continue;
    const at = [...visit.path, 'properties', key];
    if (rules.everyPropertyRequired) {
      report(
        findings,
        at,
        'property-not-required',
        notRequiredMessage(key, properties[key], rules),
      );
    }
    addTo(context.request.optionalParameters, 1, at, `"${key}"`);
  }
}

function notRequiredMessage(key: string, schema: unknown, rules: StrictModeRules): string {
  const start = `"${key}" is not in required; ${rules.providerName} strict mode requires every property to be required`;
  if (isJsonObject(schema)) {
    const type = schema.type;
    if (typeof type === 'string' && type !== 'null') {
      return `${start} — add it to required and allow null ({"type": ["${type}", "null"]}) to keep it optional`;
    }
    if (Array.isArray(type)) {
      if (type.includes('null')) {
        return `${start} — add it to required; its type already allows null, so the model can still leave it empty`;
      }
      return `${start} — add it to required and allow null ({"type": ${previewJson([...type, 'null'], 80)}}) to keep it optional`;
    }
    if (Array.isArray(schema.anyOf)) {
      return `${start} — add it to required and add {"type": "null"} to its anyOf to keep it optional`;
    }
    if (typeof schema.$ref === 'string') {
      return `${start} — add it to required and allow null ({"anyOf": [{"$ref": ${previewJson(schema.$ref, 80)}}, {"type": "null"}]}) to keep it optional`;
    }
  }
  return `${start} — add it to required and allow null (wrap it as {"anyOf": [<its schema>, {"type": "null"}]}) to keep it optional`;
}

function checkReference(visit: SchemaVisit, node: JsonObject, context: ToolContext): void {
  const { rules, findings } = context;
  if (rules.refusesRefInAllOf && Array.isArray(node.allOf)) {
    node.allOf.forEach((member, index) => {
      if (isJsonObject(member) && Object.hasOwn(member, '$ref')) {
        report(
          findings,
          [...visit.path, 'allOf', index],
          'all-of-with-ref',
          `allOf[${index}] of ${visit.label} is a $ref, which ${rules.providerName} does not support inside allOf — copy the referenced schema in place of the $ref`,
        );
      }
    });
  }
  if (!Object.hasOwn(node, '$ref')) return;
  const ref = node.$ref;
  const at = [...visit.path, '$ref'];
  if (typeof ref !== 'string') {
    report(
      findings,
      at,
      'unresolved-ref',
      `the $ref of ${visit.label} is ${describeValue(ref)}, not a reference — write "#/$defs/<name>"`,
    );
  } else if (!ref.startsWith('#')) {
    report(
      findings,
      at,
      'unresolved-ref',
      `$ref ${previewJson(ref, 80)} on ${visit.label} points outside this schema, and ${rules.providerName} strict mode resolves only local references — copy the definition under "$defs" and refer to "#/$defs/<name>"`,
    );
  } else if (resolveRef(ref, context) === null) {
    report(
      findings,
      at,
      'unresolved-ref',
      `$ref ${previewJson(ref, 80)} on ${visit.label} does not resolve inside this schema — add the definition it names or correct the reference`,
    );
  } else {
    context.sawRef = true;
  }
  if (rules.refMayHaveSiblings) return;
  const siblings = Object.keys(node).filter(
    (key) => key !== '$ref' && key !== '$defs' && key !== 'definitions',
  );
  if (siblings.length > 0) {
    report(
      findings,
      visit.path,
      'ref-with-siblings',
      `${visit.label} has ${siblings.map((key) => `"${key}"`).join(', ')} beside its $ref, which ${rules.providerName} rejects ("$ref cannot have keywords …") — move ${siblings.length === 1 ? 'it' : 'them'} into the referenced definition or drop ${siblings.length === 1 ? 'it' : 'them'}`,
    );
  }
}

function checkValues(visit: SchemaVisit, node: JsonObject, context: ToolContext): void {
  const { rules, findings } = context;
  if (Object.hasOwn(node, 'const')) {
    addTo(context.schema.stringChars, charCount(node.const), [...visit.path, 'const'], visit.label);
  }
  const values = node.enum;
  if (!Array.isArray(values)) return;
  const at = [...visit.path, 'enum'];
  addTo(context.schema.enumValues, values.length, at, `the enum of ${visit.label}`);
  let stringChars = 0;
  values.forEach((value, index) => {
    const chars = charCount(value);
    addTo(context.schema.stringChars, chars, at, `the enum of ${visit.label}`);
    if (typeof value === 'string') stringChars += chars;
    if (rules.enumValuesMustBeScalar && typeof value === 'object' && value !== null) {
      report(
        findings,
        [...at, index],
        'enum-complex-value',
        `enum value ${index} of ${visit.label} is ${describeValue(value)}; ${rules.providerName} accepts only strings, numbers, booleans and null in an enum — describe that shape as an anyOf option instead`,
      );
    }
  });
  const largeEnum = rules.limits.largeEnum;
  if (
    largeEnum !== null &&
    values.length > largeEnum.moreThanValues &&
    stringChars > largeEnum.maxChars
  ) {
    report(
      findings,
      at,
      'enum-string-budget-exceeded',
      `the enum of ${visit.label} has ${count(values.length)} values whose strings total ${count(stringChars)} characters; ${rules.providerName} allows ${count(largeEnum.maxChars)} characters in an enum of more than ${count(largeEnum.moreThanValues)} values — shorten the values or split the enum`,
    );
  }
}

function checkStrings(visit: SchemaVisit, node: JsonObject, context: ToolContext): void {
  const { rules, findings } = context;
  const format = node.format;
  if (typeof format === 'string' && !rules.supportedFormats.includes(format)) {
    report(
      findings,
      [...visit.path, 'format'],
      'unsupported-format',
      `format ${previewJson(format)} on ${visit.label} is not one ${rules.providerName} strict mode supports (${rules.supportedFormats.join(', ')}) — remove it, or describe the shape with pattern`,
    );
  }
  const pattern = node.pattern;
  if (rules.restrictedPatterns && typeof pattern === 'string') {
    const feature = unsupportedRegexFeature(pattern);
    if (feature !== null) {
      report(
        findings,
        [...visit.path, 'pattern'],
        'unsupported-pattern',
        `the pattern of ${visit.label} uses ${feature}, which ${rules.providerName} strict mode does not support (nor other backreferences, lookarounds or word boundaries) — simplify the pattern and check the rest in your own code`,
      );
    }
  }
}

function checkUnion(visit: SchemaVisit, node: JsonObject, context: ToolContext): void {
  const type = node.type;
  if (Array.isArray(node.anyOf) || (Array.isArray(type) && type.length > 1)) {
    addTo(context.request.unionParameters, 1, visit.path, visit.label);
  }
}

/** Names the first regex feature Anthropic's grammar compiler refuses, or null. */
function unsupportedRegexFeature(pattern: string): string | null {
  let inClass = false;
  for (let index = 0; index < pattern.length; index += 1) {
    const char = pattern.charAt(index);
    const next = pattern.charAt(index + 1);
    if (char === '\\') {
      // Inside [...], \b is a backspace and digits are octal-ish escapes, not the features refused.
      if (!inClass) {
        if (next >= '1' && next <= '9') return `a backreference (\\${next})`;
        if (next === 'k' && pattern.charAt(index + 2) === '<')
          return 'a named backreference (\\k<…>)';
        if (next === 'b' || next === 'B') return `a word boundary (\\${next})`;
      }
      index += 1;
      continue;
    }
    if (inClass) {
      if (char === ']') inClass = false;
      continue;
    }
    if (char === '[') inClass = true;
    else if (char === '(' && next === '?') {
      const kind = pattern.charAt(index + 2);
      const after = pattern.charAt(index + 3);
      if (kind === '=' || kind === '!') return `a lookahead ((?${kind}…))`;
      if (kind === '<' && (after === '=' || after === '!')) return `a lookbehind ((?<${after}…))`;
    }
  }
  return null;
}

// ---- references: resolution, recursion and depth through $ref ------------------------------------

interface RefTarget {
  node: unknown;
  path: Segment[];
}

interface RefEdge {
  path: Segment[];
  label: string;
  ref: string;
  /** The object level at the $ref; the target's own levels add to it. */
  level: number;
  target: RefTarget;
}

function resolveRef(ref: string, context: ToolContext): RefTarget | null {
  let target = context.resolved.get(ref);
  if (target === undefined) {
    target = resolveLocalRef(ref, context.root, context.rootPath);
    context.resolved.set(ref, target);
  }
  return target;
}

function resolveLocalRef(ref: string, root: JsonObject, rootPath: Segment[]): RefTarget | null {
  if (ref === '#' || ref === '#/') return { node: root, path: rootPath };
  if (!ref.startsWith('#/')) return null;
  let node: unknown = root;
  const path = [...rootPath];
  for (const raw of ref.slice(2).split('/')) {
    // A fragment is percent-decoded first, then JSON-pointer unescaped (RFC 6901, section 6).
    let key = raw;
    if (key.includes('%')) {
      try {
        key = decodeURIComponent(key);
      } catch {
        return null;
      }
    }
    if (key.includes('~')) key = key.replaceAll('~1', '/').replaceAll('~0', '~');
    if (Array.isArray(node) && /^(0|[1-9]\d*)$/.test(key)) {
      node = node[Number(key)];
      path.push(Number(key));
    } else if (isJsonObject(node) && Object.hasOwn(node, key)) {
      node = node[key];
      path.push(key);
    } else {
      return null;
    }
  }
  return { node, path };
}

/** The deepest object level inside a subschema, and the references leaving it (not walking $defs). */
function outline(
  target: RefTarget,
  label: string,
  context: ToolContext,
): { maxLevel: number; edges: RefEdge[] } {
  let maxLevel = 0;
  const edges: RefEdge[] = [];
  walkSchema(
    { node: target.node, path: target.path, label },
    context.rules,
    false,
    (visit) => {
      if (visit.level > maxLevel) maxLevel = visit.level;
      const node = visit.node;
      if (isJsonObject(node) && typeof node.$ref === 'string') {
        const resolved = resolveRef(node.$ref, context);
        if (resolved !== null) {
          edges.push({
            path: [...visit.path, '$ref'],
            label: visit.label,
            ref: node.$ref,
            level: visit.level,
            target: resolved,
          });
        }
      }
      return true;
    },
    null,
  );
  return { maxLevel, edges };
}

/**
 * Follows references depth-first from `start` with an explicit stack. A reference back to a
 * schema still being followed is recursion: it adds no depth (OpenAI allows it; Anthropic does
 * not, so it is collected). Each target is outlined once; `depths` remembers finished ones.
 */
function followReferences(
  start: RefTarget,
  label: string,
  context: ToolContext,
  depths: Map<object, number>,
  recursive: RefEdge[],
): { edge: RefEdge; reach: number }[] {
  interface Frame {
    target: RefTarget;
    edges: RefEdge[];
    next: number;
    depth: number;
    via: RefEdge | null;
  }
  const active = new Set<object>();
  const frames: Frame[] = [];
  const fromStart: { edge: RefEdge; reach: number }[] = [];
  const open = (target: RefTarget, targetLabel: string, via: RefEdge | null) => {
    const shape = outline(target, targetLabel, context);
    if (typeof target.node === 'object' && target.node !== null) active.add(target.node);
    frames.push({ target, edges: shape.edges, next: 0, depth: shape.maxLevel, via });
  };
  const settle = (frame: Frame, edge: RefEdge, targetDepth: number) => {
    const reach = edge.level + targetDepth;
    if (reach > frame.depth) frame.depth = reach;
    if (frame === frames[0]) fromStart.push({ edge, reach });
  };
  open(start, label, null);
  for (let frame = frames.at(-1); frame !== undefined; frame = frames.at(-1)) {
    const edge = frame.edges[frame.next];
    if (edge !== undefined) {
      frame.next += 1;
      const node = edge.target.node;
      const isObject = typeof node === 'object' && node !== null;
      if (isObject && active.has(node)) {
        recursive.push(edge);
        continue;
      }
      const known = isObject ? depths.get(node) : undefined;
      if (known !== undefined) settle(frame, edge, known);
      else open(edge.target, `the target of ${edge.ref}`, edge);
      continue;
    }
    frames.pop();
    const node = frame.target.node;
    if (typeof node === 'object' && node !== null) {
      active.delete(node);
      depths.set(node, frame.depth);
    }
    const parent = frames.at(-1);
    if (parent !== undefined && frame.via !== null) settle(parent, frame.via, frame.depth);
  }
  return fromStart;
}

function checkReferences(context: ToolContext, rootLabel: string): void {
  const { rules, findings, root, rootPath } = context;
  const depths = new Map<object, number>();
  const recursive: RefEdge[] = [];
  const fromRoot = followReferences(
    { node: root, path: rootPath },
    rootLabel,
    context,
    depths,
    recursive,
  );
  const maxNesting = rules.limits.maxObjectNesting;
  if (maxNesting !== null) {
    for (const { edge, reach } of fromRoot) {
      // A $ref already past the limit sits under a node the walk reported and stopped at.
      if (reach <= maxNesting || edge.level > maxNesting) continue;
      report(
        findings,
        edge.path,
        'nesting-too-deep',
        `following $ref ${previewJson(edge.ref, 80)} from ${edge.label} nests objects ${count(reach)} levels deep; ${rules.providerName} allows ${count(maxNesting)} — flatten the referenced definitions`,
      );
    }
  }
  if (rules.recursionAllowed) return;
  // Definitions nothing refers to can still refer to themselves.
  for (const container of ['$defs', 'definitions']) {
    const definitions = root[container];
    if (!isJsonObject(definitions)) continue;
    for (const key of Object.keys(definitions)) {
      const node = definitions[key];
      if (typeof node === 'object' && node !== null && depths.has(node)) continue;
      followReferences(
        { node, path: [...rootPath, container, key] },
        `definition "${key}"`,
        context,
        depths,
        recursive,
      );
    }
  }
  for (const edge of recursive) {
    report(
      findings,
      edge.path,
      'recursive-ref',
      `$ref ${previewJson(edge.ref, 80)} on ${edge.label} refers back to a schema that contains it, and ${rules.providerName} strict mode does not support recursive schemas — unroll it to a fixed depth, or leave this tool non-strict`,
    );
  }
}

// ---- totals ------------------------------------------------------------------------------------

function reportSchemaTallies(
  tallies: SchemaTallies,
  rules: StrictModeRules,
  findings: Finding[],
): void {
  const provider = rules.providerName;
  const { properties, enumValues, stringChars } = tallies;
  if (properties.passedAt !== null && properties.limit !== null) {
    report(
      findings,
      properties.passedAt.path,
      'too-many-properties',
      `${properties.passedAt.label} is object property number ${count(properties.limit + 1)} of this schema, which has ${count(properties.total)}; ${provider} allows ${count(properties.limit)} in one schema — split the tool or drop properties`,
    );
  }
  if (enumValues.passedAt !== null && enumValues.limit !== null) {
    report(
      findings,
      enumValues.passedAt.path,
      'too-many-enum-values',
      `${enumValues.passedAt.label} takes this schema past ${count(enumValues.limit)} enum values (it has ${count(enumValues.total)} across all enums), more than ${provider} allows — shorten the enums, or take a plain string and list the choices in the description`,
    );
  }
  if (stringChars.passedAt !== null && stringChars.limit !== null) {
    report(
      findings,
      stringChars.passedAt.path,
      'string-budget-exceeded',
      `property names, definition names, enum values and const values in this schema total ${count(stringChars.total)} characters, and ${stringChars.passedAt.label} is where they pass ${provider}'s limit of ${count(stringChars.limit)} — shorten names and enum values, or split the tool`,
    );
  }
}

function reportRequestTallies(
  tallies: RequestTallies,
  rules: StrictModeRules,
  findings: Finding[],
): void {
  const provider = rules.providerName;
  const { strictTools, optionalParameters, unionParameters } = tallies;
  if (strictTools.passedAt !== null && strictTools.limit !== null) {
    report(
      findings,
      strictTools.passedAt.path,
      'too-many-strict-tools',
      `${strictTools.passedAt.label} is strict tool number ${count(strictTools.limit + 1)} of ${count(strictTools.total)} in this request; ${provider} allows ${count(strictTools.limit)} — keep strict only on the tools whose inputs must be exact`,
    );
  }
  if (optionalParameters.passedAt !== null && optionalParameters.limit !== null) {
    report(
      findings,
      optionalParameters.passedAt.path,
      'too-many-optional-parameters',
      `${optionalParameters.passedAt.label} is optional parameter number ${count(optionalParameters.limit + 1)} of ${count(optionalParameters.total)} across this request's strict tools; ${provider} allows ${count(optionalParameters.limit)} — list more properties in required, or make fewer tools strict`,
    );
  }
  if (unionParameters.passedAt !== null && unionParameters.limit !== null) {
    report(
      findings,
      unionParameters.passedAt.path,
      'too-many-union-parameters',
      `${unionParameters.passedAt.label} is union-typed schema number ${count(unionParameters.limit + 1)} of ${count(unionParameters.total)} (anyOf or a list of types) across this request's strict tools; ${provider} allows ${count(unionParameters.limit)} — replace unions, e.g. leave an optional property out of required instead of allowing null`,
    );
  }
}

// ---- output ------------------------------------------------------------------------------------

function report(
  findings: Finding[],
  segments: readonly Segment[],
  rule: StrictLintRule,
  message: string,
): void {
  findings.push({ segments, rule, message });
}

function orderProblems(findings: Finding[]): StrictLintProblem[] {
  const ordered = [...findings].sort(
    (a, b) =>
      compareSegments(a.segments, b.segments) ||
      compareText(a.rule, b.rule) ||
      compareText(a.message, b.message),
  );
  const seen = new Set<string>();
  const problems: StrictLintProblem[] = [];
  for (const finding of ordered) {
    const problem = {
      path: formatPath(finding.segments),
      rule: finding.rule,
      message: finding.message,
    };
    const key = `${problem.path}\u0000${problem.rule}\u0000${problem.message}`;
    if (seen.has(key)) continue;
    seen.add(key);
    problems.push(problem);
  }
  return problems;
}

function compareSegments(a: readonly Segment[], b: readonly Segment[]): number {
  const shared = Math.min(a.length, b.length);
  for (let index = 0; index < shared; index += 1) {
    const left = a[index];
    const right = b[index];
    if (left === right || left === undefined || right === undefined) continue;
    if (typeof left === 'number' && typeof right === 'number') return left - right;
    // An index sorts before a key; keys sort by code unit, the same on every machine.
    if (typeof left === 'number') return -1;
    if (typeof right === 'number') return 1;
    return compareText(left, right);
  }
  return a.length - b.length;
}

function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

const IDENTIFIER = /^[A-Za-z_$][A-Za-z0-9_$]*$/;

function formatPath(segments: readonly Segment[]): string {
  let path = '';
  for (const segment of segments) {
    if (typeof segment === 'number') path += `[${segment}]`;
    else if (IDENTIFIER.test(segment)) path += path === '' ? segment : `.${segment}`;
    else path += `[${JSON.stringify(segment)}]`;
  }
  return path;
}

// ---- wording -----------------------------------------------------------------------------------

function count(value: number): string {
  return value.toLocaleString('en-US');
}

/** Characters as a person counts them (code points); a non-string counts as its JSON text. */
function charCount(value: unknown): number {
  if (typeof value === 'string') {
    return value.length - (value.match(/[\uD800-\uDBFF][\uDC00-\uDFFF]/g)?.length ?? 0);
  }
  try {
    return JSON.stringify(value)?.length ?? 0;
  } catch {
    return 0;
  }
}

function describeValue(value: unknown): string {
  if (value === undefined) return 'undefined';
  if (value === null) return 'null';
  if (Array.isArray(value)) return `an array of ${plural(value.length, 'item')}`;
  if (isJsonObject(value)) {
    const keys = Object.keys(value);
    if (keys.length === 0) return 'an empty object';
    const shown = keys.slice(0, 5).map((key) => JSON.stringify(key));
    return `an object with keys ${shown.join(', ')}${keys.length > 5 ? ', …' : ''}`;
  }
  const type = describeJsonType(value);
  if (type === 'function' || type === 'symbol' || type === 'undefined') return `a ${type}`;
  return `the ${type} ${previewJson(value)}`;
}

/**
 * OpenAI's strict mode as data: the rules the strict lint checks a schema against, each with the
 * page (or the API's error text) it rests on and the day it was read, and the strict facts both
 * OpenAI surfaces share. OpenAI Chat Completions uses the same rules and refers to this file.
 */

import type {
  StrictModeRules,
  StrictRuleSource,
  UnsupportedKeyword,
} from '../../schema/strict-lint/index.js';
import type { StrictFacts } from '../types.js';

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

const SUPPORTED_SCHEMAS = {
  url: 'https://developers.openai.com/api/docs/guides/structured-outputs#supported-schemas',
  read: '2026-11-30',
} as const;

/** The API's own 400 text, quoted where the guide says nothing. */
function apiError(says: string): StrictRuleSource {
  return {
    url: null,
    read: '2026-11-30',
    says: `the API's 400 text, seen in public code through 2026-09: ${says}`,
  };
}

/**
 * OpenAI's strict-mode rules and limits, read 2026-11-30 from "Structured model outputs | OpenAI
 * API" (see the comment above this constant in the source for every sentence it rests on).
 *
 * @example
 * OPENAI_STRICT_RULES.limits.maxPropertiesPerSchema; // 5000
 */
export const OPENAI_STRICT_RULES: StrictModeRules = {
  providerName: 'OpenAI',
  modeName: 'OpenAI strict mode',
  source: {
    title: 'Structured model outputs | OpenAI API — Supported schemas',
    ...SUPPORTED_SCHEMAS,
  },
  rules: [
    {
      id: 'root-not-object',
      checks: 'the root schema is {"type": "object"}',
      source: {
        ...SUPPORTED_SCHEMAS,
        says: '"Root objects must not be anyOf and must be an object"',
      },
    },
    {
      id: 'root-any-of',
      checks: 'the root schema does not use anyOf',
      source: {
        ...SUPPORTED_SCHEMAS,
        says: '"Root objects must not be anyOf and must be an object"',
      },
    },
    {
      id: 'additional-properties-not-false',
      checks: 'every object schema sets additionalProperties: false',
      source: {
        ...SUPPORTED_SCHEMAS,
        says: '"additionalProperties: false must always be set in objects"',
      },
    },
    {
      id: 'property-not-required',
      checks: 'every property of an object is listed in required (optional = a union with null)',
      source: {
        ...SUPPORTED_SCHEMAS,
        says: '"all fields or function parameters must be specified as required"',
      },
    },
    {
      id: 'missing-type',
      checks: 'every schema below the root has type, anyOf or $ref (a bare {"const": …} too)',
      source: apiError(`"schema must have a 'type' key"`),
      refusal: "schema must have a 'type' key",
    },
    {
      id: 'unsupported-keyword',
      checks: 'no keyword the guide or the API refuses (see unsupportedKeywords)',
      source: {
        ...SUPPORTED_SCHEMAS,
        says: 'not supported, "Composition": allOf, not, dependentRequired, dependentSchemas, if, then, else; and the API answers "\'default\' is not permitted", "\'uniqueItems\' is not permitted"',
      },
    },
    {
      id: 'undocumented-keyword',
      checks: 'only keywords the guide lists as supported (see supportedKeywords)',
      source: {
        ...SUPPORTED_SCHEMAS,
        says: 'supported: types, enum, anyOf; string pattern and format; number multipleOf, maximum, exclusiveMaximum, minimum, exclusiveMinimum; array minItems, maxItems; definitions ($defs, $ref)',
      },
    },
    {
      id: 'unsupported-format',
      checks: 'format is one of the nine supported',
      source: {
        ...SUPPORTED_SCHEMAS,
        says: 'supported formats: date-time, time, date, duration, email, hostname, ipv4, ipv6, uuid',
      },
    },
    {
      id: 'unresolved-ref',
      checks: 'every $ref resolves inside the schema',
      source: {
        ...SUPPORTED_SCHEMAS,
        says: 'supported: definitions ($defs, referred to with $ref) and recursion ($ref: "#")',
      },
    },
    {
      id: 'ref-with-siblings',
      checks: 'a $ref stands alone in its schema',
      source: apiError(`"$ref cannot have keywords {'description'}"`),
      refusal: '$ref cannot have keywords …',
    },
    {
      id: 'nesting-too-deep',
      checks: 'objects nest at most limits.maxObjectNesting levels, through $ref too',
      source: {
        ...SUPPORTED_SCHEMAS,
        says: '"A schema may have up to 5000 object properties total, with up to 10 levels of nesting"',
      },
    },
    {
      id: 'too-many-properties',
      checks: 'one schema has at most limits.maxPropertiesPerSchema properties',
      source: {
        ...SUPPORTED_SCHEMAS,
        says: '"A schema may have up to 5000 object properties total, with up to 10 levels of nesting"',
      },
    },
    {
      id: 'too-many-enum-values',
      checks: 'one schema has at most limits.maxEnumValuesPerSchema enum values',
      source: { ...SUPPORTED_SCHEMAS, says: '"up to 1000 enum values across all enum properties"' },
    },
    {
      id: 'enum-string-budget-exceeded',
      checks: 'a large enum (limits.largeEnum) stays within its characters',
      source: {
        ...SUPPORTED_SCHEMAS,
        says: 'a single string enum of more than 250 values may total 15,000 characters',
      },
    },
    {
      id: 'string-budget-exceeded',
      checks: 'names and values stay within limits.maxSchemaStringChars characters',
      source: {
        ...SUPPORTED_SCHEMAS,
        says: 'property names, definition names, enum values and const values may total 120,000 characters',
      },
    },
  ],
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

/**
 * What strict mode means on both OpenAI surfaces (Responses and Chat Completions): the same
 * rules, parallel calls void the guarantee, and the same repair. What an unstated `strict`
 * means, and the page that says so, differ by surface and stay in each one's facts.
 *
 * @example
 * const strict: StrictFacts = { ...OPENAI_STRICT, whenUnstated: 'not-strict', source };
 */
export const OPENAI_STRICT: Pick<
  StrictFacts,
  'provider' | 'rules' | 'voidedByParallelCalls' | 'advice' | 'serialiseWith'
> = {
  provider: 'openai',
  rules: OPENAI_STRICT_RULES,
  voidedByParallelCalls: true,
  advice: (name) =>
    `Declare ${name} with strict: true, additionalProperties: false on every object and every property listed in required, so decoding is held to the schema.`,
  serialiseWith: 'parallel_tool_calls: false',
};

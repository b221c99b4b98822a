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
// Each rule and refused keyword carries its evidence, re-checked 2026-12-02 against public
// threads and recorded traffic: only a refusal of a strict tool makes a problem. `default` was
// answered 200 on strict tools by api.openai.com (21 recorded requests, 2025-08 to 2026-02; the
// 400s are from 2024 and from Azure), and `uniqueItems` was refused only in response_format, so
// both are notes; minLength and maxLength are unsupported "for fine-tuned models" only.
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
      evidence: {
        kind: 'refused-for-tools',
        seen: 'kernl-sdk/kernl#62, 2026-01-26: "Invalid schema for function …: schema must be a JSON Schema of \'type: "object"\'"',
      },
    },
    {
      id: 'root-any-of',
      checks: 'the root schema does not use anyOf',
      source: {
        ...SUPPORTED_SCHEMAS,
        says: '"Root objects must not be anyOf and must be an object"',
      },
      evidence: {
        kind: 'refused-for-tools',
        seen: 'a root anyOf answered with the same 400, kernl-sdk/kernl#62, 2026-01-26',
      },
    },
    {
      id: 'additional-properties-not-false',
      checks: 'every object schema sets additionalProperties: false',
      source: {
        ...SUPPORTED_SCHEMAS,
        says: '"additionalProperties: false must always be set in objects"',
      },
      evidence: {
        kind: 'refused-for-tools',
        seen: 'openai/openai-agents-python#1023, 2025-07-06; letta-ai/letta#3137, 2026-01-08',
      },
    },
    {
      id: 'property-not-required',
      checks: 'every property of an object is listed in required (optional = a union with null)',
      source: {
        ...SUPPORTED_SCHEMAS,
        says: '"all fields or function parameters must be specified as required"',
      },
      evidence: {
        kind: 'refused-for-tools',
        seen: 'ash-project/ash_ai#155, 2025-12-21; dust-tt/dust#27635, 2026-06-19',
      },
    },
    {
      id: 'missing-type',
      checks: 'every schema below the root has type, anyOf or $ref (a bare {"const": …} too)',
      source: apiError(`"schema must have a 'type' key"`),
      refusal: "schema must have a 'type' key",
      evidence: {
        kind: 'refused-for-tools',
        seen: 'can1357/oh-my-pi#211, 2026-02-28, through GitHub Copilot',
      },
    },
    {
      id: 'unsupported-keyword',
      checks: 'no keyword the guide or the API refuses (see unsupportedKeywords)',
      source: {
        ...SUPPORTED_SCHEMAS,
        says: 'not supported, "Composition": allOf, not, dependentRequired, dependentSchemas, if, then, else; and the API answers "\'default\' is not permitted", "\'uniqueItems\' is not permitted"',
      },
      evidence: {
        kind: 'documented-unsupported',
        seen: "the guide's Supported schemas, read 2026-11-30; each keyword says more",
      },
    },
    {
      id: 'undocumented-keyword',
      checks: 'only keywords the guide lists as supported (see supportedKeywords)',
      source: {
        ...SUPPORTED_SCHEMAS,
        says: 'supported: types, enum, anyOf; string pattern and format; number multipleOf, maximum, exclusiveMaximum, minimum, exclusiveMinimum; array minItems, maxItems; definitions ($defs, $ref)',
      },
      evidence: {
        kind: 'refused-for-tools',
        seen: 'propertyNames refused for a strict tool, can1357/oh-my-pi#209, 2026-02-28, through GitHub Copilot',
      },
    },
    {
      id: 'unsupported-format',
      checks: 'format is one of the nine supported',
      source: {
        ...SUPPORTED_SCHEMAS,
        says: 'supported formats: date-time, time, date, duration, email, hostname, ipv4, ipv6, uuid',
      },
      evidence: {
        kind: 'refused-for-tools',
        seen: 'format "uri" refused for a strict tool, can1357/oh-my-pi#206, 2026-02-28, through GitHub Copilot',
      },
    },
    {
      id: 'unresolved-ref',
      checks: 'every $ref resolves inside the schema',
      source: {
        ...SUPPORTED_SCHEMAS,
        says: 'supported: definitions ($defs, referred to with $ref) and recursion ($ref: "#")',
      },
      evidence: {
        kind: 'documented-unsupported',
        seen: 'the guide, read 2026-11-30; no 400 found by 2026-12-02',
      },
    },
    {
      id: 'ref-with-siblings',
      checks: 'a $ref stands alone in its schema',
      source: apiError(`"$ref cannot have keywords {'description'}"`),
      refusal: '$ref cannot have keywords …',
      evidence: {
        kind: 'refused-for-tools',
        seen: 'camel-ai/camel#3001, 2025-08-10, on Azure OpenAI',
      },
    },
    {
      id: 'nesting-too-deep',
      checks: 'objects nest at most limits.maxObjectNesting levels, through $ref too',
      source: {
        ...SUPPORTED_SCHEMAS,
        says: '"A schema may have up to 5000 object properties total, with up to 10 levels of nesting"',
      },
      evidence: {
        kind: 'documented-unsupported',
        seen: 'the guide, read 2026-11-30; no 400 found by 2026-12-02',
      },
    },
    {
      id: 'too-many-properties',
      checks: 'one schema has at most limits.maxPropertiesPerSchema properties',
      source: {
        ...SUPPORTED_SCHEMAS,
        says: '"A schema may have up to 5000 object properties total, with up to 10 levels of nesting"',
      },
      evidence: {
        kind: 'documented-unsupported',
        seen: 'the guide, read 2026-11-30; no 400 found by 2026-12-02',
      },
    },
    {
      id: 'too-many-enum-values',
      checks: 'one schema has at most limits.maxEnumValuesPerSchema enum values',
      source: { ...SUPPORTED_SCHEMAS, says: '"up to 1000 enum values across all enum properties"' },
      evidence: {
        kind: 'documented-unsupported',
        seen: 'the guide, read 2026-11-30; no 400 found by 2026-12-02',
      },
    },
    {
      id: 'enum-string-budget-exceeded',
      checks: 'a large enum (limits.largeEnum) stays within its characters',
      source: {
        ...SUPPORTED_SCHEMAS,
        says: 'a single string enum of more than 250 values may total 15,000 characters',
      },
      evidence: {
        kind: 'documented-unsupported',
        seen: 'the guide, read 2026-11-30; no 400 found by 2026-12-02',
      },
    },
    {
      id: 'string-budget-exceeded',
      checks: 'names and values stay within limits.maxSchemaStringChars characters',
      source: {
        ...SUPPORTED_SCHEMAS,
        says: 'property names, definition names, enum values and const values may total 120,000 characters',
      },
      evidence: {
        kind: 'documented-unsupported',
        seen: 'the guide, read 2026-11-30; no 400 found by 2026-12-02',
      },
    },
  ],
  maxMinItems: null,
  minItemsEvidence: null,
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
    // Unsupported "for fine-tuned models" only, as the guide says (quoted in ai-dynamo/dynamo#15153).
    'minLength',
    'maxLength',
  ]),
  rootOnlyKeywords: new Set(['$schema', '$id']),
  unsupportedKeywords: new Map<string, UnsupportedKeyword>([
    [
      'allOf',
      {
        why: 'the guide lists it as unsupported',
        fix: 'merge its schemas into one',
        evidence: {
          kind: 'documented-unsupported',
          seen: 'the guide lists it as unsupported, read 2026-11-30; no 400 for a strict tool found by 2026-12-02',
        },
      },
    ],
    [
      'not',
      {
        why: 'the guide lists it as unsupported',
        fix: 'remove it and check the rule in your own code',
        evidence: {
          kind: 'documented-unsupported',
          seen: 'the guide lists it as unsupported, read 2026-11-30; no 400 for a strict tool found by 2026-12-02',
        },
      },
    ],
    [
      'dependentRequired',
      {
        why: 'the guide lists it as unsupported',
        fix: 'remove it and check the rule in your own code',
        evidence: {
          kind: 'documented-unsupported',
          seen: 'the guide lists it as unsupported, read 2026-11-30; no 400 for a strict tool found by 2026-12-02',
        },
      },
    ],
    [
      'dependentSchemas',
      {
        why: 'the guide lists it as unsupported',
        fix: 'remove it and check the rule in your own code',
        evidence: {
          kind: 'documented-unsupported',
          seen: 'the guide lists it as unsupported, read 2026-11-30; no 400 for a strict tool found by 2026-12-02',
        },
      },
    ],
    ...(['if', 'then', 'else'] as const).map((keyword): [string, UnsupportedKeyword] => [
      keyword,
      {
        why: 'the guide lists if, then and else as unsupported',
        fix: 'describe each allowed shape as an option of anyOf instead',
        evidence: {
          kind: 'documented-unsupported',
          seen: 'the guide lists it as unsupported, read 2026-11-30; no 400 for a strict tool found by 2026-12-02',
        },
      },
    ]),
    [
      'default',
      {
        why: 'the guide does not list it among the supported keywords',
        fix: 'state the default in the description too, where the model reads it',
        evidence: {
          kind: 'seen-accepted',
          seen: '21 recorded strict-tool requests to api.openai.com from 2025-08 to 2026-02 in the Arize-ai/openinference, crewAIInc/crewAI and traceloop/openllmetry cassettes, and openai/openai-agents-python#4390 (2026-08-13); its 400s quoting "\'default\' is not permitted" are from 2024 and from Azure',
        },
      },
    ],
    [
      'uniqueItems',
      {
        why: `the API answers "'uniqueItems' is not permitted" for structured outputs`,
        fix: 'remove it and drop duplicates in your own code',
        evidence: {
          kind: 'refused-for-response-format',
          seen: 'mastra-ai/mastra#23321 and other threads, all for response_format; no strict tool refused by 2026-12-02',
        },
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

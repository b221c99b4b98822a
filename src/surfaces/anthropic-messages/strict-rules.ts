/**
 * Anthropic's strict tool use as data: the rules the strict lint checks an `input_schema`
 * against, each with the page it rests on and the day it was read.
 */

import type { StrictModeRules, UnsupportedKeyword } from '../../schema/strict-lint/index.js';

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

const LIMITATIONS = {
  url: 'https://platform.claude.com/docs/en/build-with-claude/structured-outputs#json-schema-limitations',
  read: '2026-11-30',
} as const;

/** The same page, section "Schema complexity limits". */
const COMPLEXITY_LIMITS = {
  url: 'https://platform.claude.com/docs/en/build-with-claude/structured-outputs',
  read: '2026-11-30',
} as const;

/**
 * Anthropic's strict-tool-use rules and limits, read 2026-11-30 from "Structured outputs - Claude
 * Platform Docs" (see the comment above this constant in the source for every sentence it rests on).
 *
 * @example
 * ANTHROPIC_STRICT_RULES.limits.maxUnionParametersPerRequest; // 16
 */
export const ANTHROPIC_STRICT_RULES: StrictModeRules = {
  providerName: 'Anthropic',
  modeName: 'Anthropic strict tool use',
  source: {
    title: 'Structured outputs - Claude Platform Docs — JSON Schema limitations',
    ...LIMITATIONS,
  },
  rules: [
    {
      id: 'root-not-object',
      checks: 'the root schema is {"type": "object"}',
      source: {
        url: 'https://platform.claude.com/docs/en/api/messages',
        read: '2026-11-30',
        says: 'tools[].input_schema.type is the constant "object"',
      },
      evidence: {
        kind: 'refused-for-tools',
        seen: 'anthropics/claude-code#40075, 2026-03-28',
      },
    },
    {
      id: 'additional-properties-not-false',
      checks: 'every object schema sets additionalProperties: false',
      source: { ...LIMITATIONS, says: 'additionalProperties "must be set to false for objects"' },
      evidence: {
        kind: 'refused-for-tools',
        seen: 'vercel/ai#20681, 2026-09-12, claude-haiku-4-5 on Bedrock',
      },
    },
    {
      id: 'unsupported-keyword',
      checks:
        'no numerical, string-length or array constraint beyond minItems 0 or 1 (see unsupportedKeywords, maxMinItems)',
      source: {
        ...LIMITATIONS,
        says: 'not supported: numerical constraints ("such as minimum, maximum, multipleOf"), minLength, maxLength, "array constraints beyond minItems of 0 or 1"; minItems "only values 0 and 1"',
      },
      evidence: {
        kind: 'documented-unsupported',
        seen: 'the JSON Schema limitations, read 2026-11-30; each keyword says more',
      },
    },
    {
      id: 'unsupported-format',
      checks: 'format is one of the ten supported',
      source: {
        ...LIMITATIONS,
        says: 'supported formats: date-time, time, date, duration, email, hostname, uri, ipv4, ipv6, uuid',
      },
      evidence: {
        kind: 'documented-unsupported',
        seen: 'the JSON Schema limitations, read 2026-11-30; no 400 found by 2026-12-02',
      },
    },
    {
      id: 'unsupported-pattern',
      checks: 'pattern uses no backreference, lookaround or word boundary',
      source: {
        ...LIMITATIONS,
        says: 'regex: no backreferences, no lookahead/lookbehind, no \\b or \\B',
      },
      evidence: {
        kind: 'documented-unsupported',
        seen: 'the JSON Schema limitations, read 2026-11-30; no 400 found by 2026-12-02',
      },
    },
    {
      id: 'unresolved-ref',
      checks: 'every $ref resolves inside the schema',
      source: { ...LIMITATIONS, says: '"external $ref not supported"' },
      evidence: {
        kind: 'documented-unsupported',
        seen: 'the JSON Schema limitations, read 2026-11-30; no 400 found by 2026-12-02',
      },
    },
    {
      id: 'recursive-ref',
      checks: 'no $ref refers back to a schema that contains it',
      source: { ...LIMITATIONS, says: 'not supported: recursive schemas' },
      evidence: {
        kind: 'documented-unsupported',
        seen: 'the JSON Schema limitations, read 2026-11-30; no 400 found by 2026-12-02',
      },
    },
    {
      id: 'all-of-with-ref',
      checks: 'no $ref directly inside allOf',
      source: { ...LIMITATIONS, says: '"allOf with $ref not supported"' },
      evidence: {
        kind: 'documented-unsupported',
        seen: 'the JSON Schema limitations, read 2026-11-30; no 400 found by 2026-12-02',
      },
    },
    {
      id: 'enum-complex-value',
      checks: 'enum values are strings, numbers, booleans or null',
      source: { ...LIMITATIONS, says: 'enum of "strings, numbers, bools, or nulls only"' },
      evidence: {
        kind: 'documented-unsupported',
        seen: 'the JSON Schema limitations, read 2026-11-30; no 400 found by 2026-12-02',
      },
    },
    {
      id: 'too-many-strict-tools',
      checks: 'at most limits.maxStrictToolsPerRequest strict tools in a request',
      source: { ...COMPLEXITY_LIMITS, says: 'explicit limits for a request: 20 strict tools' },
      evidence: {
        kind: 'refused-for-tools',
        seen: 'datarobot-oss/datarobot-genai#547, 2026-07-14, on Bedrock; camel-ai/camel#4171, 2026-07-13',
      },
    },
    {
      id: 'too-many-optional-parameters',
      checks: 'at most limits.maxOptionalParametersPerRequest optional properties across a request',
      source: {
        ...COMPLEXITY_LIMITS,
        says: '24 optional parameters ("each parameter not listed in required")',
      },
      evidence: {
        kind: 'refused-for-tools',
        seen: 'elie222/inbox-zero#2323, 2026-04-20, claude-sonnet-4-5',
      },
    },
    {
      id: 'too-many-union-parameters',
      checks: 'at most limits.maxUnionParametersPerRequest union-typed schemas across a request',
      source: {
        ...COMPLEXITY_LIMITS,
        says: '16 parameters with union types ("anyOf or type arrays")',
      },
      evidence: {
        kind: 'documented-unsupported',
        seen: 'the JSON Schema limitations, read 2026-11-30; no 400 found by 2026-12-02',
      },
    },
  ],
  maxMinItems: 1,
  minItemsEvidence: {
    kind: 'documented-unsupported',
    seen: 'the JSON Schema limitations, read 2026-11-30; no 400 found by 2026-12-02',
  },
  supportedKeywords: null,
  rootOnlyKeywords: new Set(),
  unsupportedKeywords: new Map<string, UnsupportedKeyword>([
    ...(['minimum', 'maximum', 'multipleOf', 'exclusiveMinimum', 'exclusiveMaximum'] as const).map(
      (keyword): [string, UnsupportedKeyword] => [
        keyword,
        {
          why: 'numerical constraints are not supported',
          fix: 'remove it, state the bound in the description and check it in your own code',
          // "For 'integer' type, properties maximum, minimum are not supported" (earendil-works/pi#9953).
          evidence:
            keyword === 'minimum' || keyword === 'maximum'
              ? { kind: 'refused-for-tools', seen: 'earendil-works/pi#9953, 2026-09-23' }
              : {
                  kind: 'documented-unsupported',
                  seen: 'the JSON Schema limitations, read 2026-11-30; no 400 found by 2026-12-02',
                },
        },
      ],
    ),
    ...(['minLength', 'maxLength'] as const).map((keyword): [string, UnsupportedKeyword] => [
      keyword,
      {
        why: 'string length constraints are not supported',
        fix: 'remove it, state the length in the description and check it in your own code',
        evidence: {
          kind: 'documented-unsupported',
          seen: 'the JSON Schema limitations, read 2026-11-30; no 400 found by 2026-12-02',
        },
      },
    ]),
    ...(['maxItems', 'uniqueItems', 'contains', 'minContains', 'maxContains'] as const).map(
      (keyword): [string, UnsupportedKeyword] => [
        keyword,
        {
          why: 'array constraints beyond minItems 0 or 1 are not supported',
          fix: 'remove it and check the array in your own code',
          // "For 'array' type, property 'maxItems' is not supported" (experientiallabs/experiential#804).
          evidence:
            keyword === 'maxItems'
              ? { kind: 'refused-for-tools', seen: 'experientiallabs/experiential#804, 2026-09-05' }
              : {
                  kind: 'documented-unsupported',
                  seen: 'the JSON Schema limitations, read 2026-11-30; no 400 found by 2026-12-02',
                },
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

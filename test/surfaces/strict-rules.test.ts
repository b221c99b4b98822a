import { describe, expect, test } from 'vitest';
import { surfaceById, WIRE_SURFACES } from '../../src/registry/index.js';
import type { ProviderRuleId, StrictModeRules } from '../../src/schema/strict-lint/index.js';
import { ANTHROPIC_STRICT_RULES } from '../../src/surfaces/anthropic-messages/strict-rules.js';
import { OPENAI_STRICT_RULES } from '../../src/surfaces/openai-responses/strict-rules.js';

const TABLES: Array<[string, StrictModeRules]> = [
  ['OpenAI', OPENAI_STRICT_RULES],
  ['Anthropic', ANTHROPIC_STRICT_RULES],
];

const ids = (rules: StrictModeRules) => rules.rules.map((rule) => rule.id);

describe('strict rules as data', () => {
  test('a surface has a strict provider exactly when it has strict rules', () => {
    for (const surface of WIRE_SURFACES) {
      expect(surface.facts.strict.provider === null, surface.id).toBe(
        surface.facts.strict.rules === null,
      );
    }
  });

  test('both OpenAI surfaces share one table and one repair', () => {
    const responses = surfaceById('openai-responses').facts.strict;
    const chat = surfaceById('openai-chat').facts.strict;
    expect(responses.rules).toBe(OPENAI_STRICT_RULES);
    expect(chat.rules).toBe(OPENAI_STRICT_RULES);
    expect(chat.advice).toBe(responses.advice);
    expect(surfaceById('anthropic-messages').facts.strict.rules).toBe(ANTHROPIC_STRICT_RULES);
  });

  test('each provider lists the rules it enforces', () => {
    expect(ids(OPENAI_STRICT_RULES)).toEqual([
      'root-not-object',
      'root-any-of',
      'additional-properties-not-false',
      'property-not-required',
      'missing-type',
      'unsupported-keyword',
      'undocumented-keyword',
      'unsupported-format',
      'unresolved-ref',
      'ref-with-siblings',
      'nesting-too-deep',
      'too-many-properties',
      'too-many-enum-values',
      'enum-string-budget-exceeded',
      'string-budget-exceeded',
    ]);
    expect(ids(ANTHROPIC_STRICT_RULES)).toEqual([
      'root-not-object',
      'additional-properties-not-false',
      'unsupported-keyword',
      'unsupported-format',
      'unsupported-pattern',
      'unresolved-ref',
      'recursive-ref',
      'all-of-with-ref',
      'enum-complex-value',
      'too-many-strict-tools',
      'too-many-optional-parameters',
      'too-many-union-parameters',
    ]);
  });

  test.each(TABLES)(
    '%s: every rule once, with what it checks, its source and the day read',
    (_, rules) => {
      expect(new Set(ids(rules)).size).toBe(rules.rules.length);
      for (const rule of rules.rules) {
        expect(rule.checks, rule.id).not.toBe('');
        expect(rule.source.says, rule.id).not.toBe('');
        expect(rule.source.read, rule.id).toMatch(/^\d{4}-\d{2}-\d{2}$/);
        if (rule.source.url === null) expect(rule.refusal, rule.id).toBeTypeOf('string');
        else expect(rule.source.url, rule.id).toMatch(/^https:\/\//);
      }
    },
  );

  test.each(TABLES)('%s: a limit is set exactly where its rule is listed', (_, rules) => {
    const { limits } = rules;
    const pairs: Array<[ProviderRuleId, unknown]> = [
      ['nesting-too-deep', limits.maxObjectNesting],
      ['too-many-properties', limits.maxPropertiesPerSchema],
      ['too-many-enum-values', limits.maxEnumValuesPerSchema],
      ['enum-string-budget-exceeded', limits.largeEnum],
      ['string-budget-exceeded', limits.maxSchemaStringChars],
      ['too-many-strict-tools', limits.maxStrictToolsPerRequest],
      ['too-many-optional-parameters', limits.maxOptionalParametersPerRequest],
      ['too-many-union-parameters', limits.maxUnionParametersPerRequest],
      ['undocumented-keyword', rules.supportedKeywords],
    ];
    for (const [id, value] of pairs) expect(ids(rules).includes(id), id).toBe(value !== null);
  });
});

/**
 * What the checks share while one tool is linted: the provider's rules, the findings, the
 * running totals the size limits are judged on, and the references already resolved.
 */

import type { JsonObject } from '../json-type.js';
import { count, type Finding, report, type Segment } from './problems.js';
import type { ProviderRuleId, StrictModeRules } from './rules.js';

/** A running total against one limit; `limit` is `null` where the provider sets none. */
export interface Tally {
  readonly limit: number | null;
  total: number;
  /** Where the running total first went past the limit. */
  passedAt: { path: Segment[]; label: string } | null;
}

/** Totals summed over every strict tool of one request. */
export interface RequestTallies {
  strictTools: Tally;
  optionalParameters: Tally;
  unionParameters: Tally;
}

/** Totals summed over one tool's schema. */
export interface SchemaTallies {
  properties: Tally;
  enumValues: Tally;
  stringChars: Tally;
}

/** Where a `$ref` leads: the node and its path from the input's root. */
export interface RefTarget {
  node: unknown;
  path: Segment[];
}

export interface ToolContext {
  rules: StrictModeRules;
  /** The rule ids the provider's table lists: a check runs only when its rule is here. */
  enabled: ReadonlySet<ProviderRuleId>;
  root: JsonObject;
  rootPath: Segment[];
  findings: Finding[];
  schema: SchemaTallies;
  request: RequestTallies;
  sawRef: boolean;
  /** Each distinct $ref resolved once: the walk and the depth check both ask. */
  resolved: Map<string, RefTarget | null>;
}

/** The ids a table lists, asked once per node, so kept as a set. */
export function enabledRules(rules: StrictModeRules): ReadonlySet<ProviderRuleId> {
  return new Set(rules.rules.map((rule) => rule.id));
}

/** A limit as the lint applies it: `null` (no limit) unless the table lists its rule. */
export function limitOf(
  enabled: ReadonlySet<ProviderRuleId>,
  id: ProviderRuleId,
  limit: number | null,
): number | null {
  return enabled.has(id) ? limit : null;
}

/** The object nesting limit as the lint applies it (`null`: none). */
export function nestingLimit(context: ToolContext): number | null {
  return limitOf(context.enabled, 'nesting-too-deep', context.rules.limits.maxObjectNesting);
}

export function tally(limit: number | null): Tally {
  return { limit, total: 0, passedAt: null };
}

export function addTo(counter: Tally, amount: number, path: Segment[], label: string): void {
  if (counter.limit === null) return;
  counter.total += amount;
  if (counter.passedAt === null && counter.total > counter.limit) {
    counter.passedAt = { path, label };
  }
}

/** The request's totals, each against its limit where the table lists the rule. */
export function requestTallies(
  rules: StrictModeRules,
  enabled: ReadonlySet<ProviderRuleId>,
): RequestTallies {
  const { limits } = rules;
  return {
    strictTools: tally(limitOf(enabled, 'too-many-strict-tools', limits.maxStrictToolsPerRequest)),
    optionalParameters: tally(
      limitOf(enabled, 'too-many-optional-parameters', limits.maxOptionalParametersPerRequest),
    ),
    unionParameters: tally(
      limitOf(enabled, 'too-many-union-parameters', limits.maxUnionParametersPerRequest),
    ),
  };
}

/** One schema's totals, each against its limit where the table lists the rule. */
export function schemaTallies(
  rules: StrictModeRules,
  enabled: ReadonlySet<ProviderRuleId>,
): SchemaTallies {
  const { limits } = rules;
  return {
    properties: tally(limitOf(enabled, 'too-many-properties', limits.maxPropertiesPerSchema)),
    enumValues: tally(limitOf(enabled, 'too-many-enum-values', limits.maxEnumValuesPerSchema)),
    stringChars: tally(limitOf(enabled, 'string-budget-exceeded', limits.maxSchemaStringChars)),
  };
}

export function reportSchemaTallies(
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

export function reportRequestTallies(
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

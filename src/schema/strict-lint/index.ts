/**
 * The strict-mode lint's walker: given a provider's rules as data ({@link StrictModeRules}) and
 * the tool schemas to lint, reports what that strict mode would refuse or weaken. It knows no
 * provider by name; each surface with a strict mode keeps its table in its own folder, and
 * `lintStrictSchema` (`src/diagnose/strict-lint.ts`) finds the tools and picks the table.
 * Pure: nothing is fetched, nothing in the input is changed.
 */

import { isRecord } from '../../model/narrow.js';
import { describeValue } from '../../text/describe-value.js';
import { checkKeywords, checkRoot, checkType } from './checks/keywords.js';
import { checkObject } from './checks/objects.js';
import { checkStrings } from './checks/strings.js';
import { checkUnion, checkValues } from './checks/values.js';
import {
  addTo,
  enabledRules,
  nestingLimit,
  type RequestTallies,
  reportRequestTallies,
  reportSchemaTallies,
  requestTallies,
  schemaTallies,
  type ToolContext,
} from './context.js';
import { charCount, count, type Finding, report, type Segment } from './problems.js';
import { checkReference, checkReferences } from './refs.js';
import type { StrictModeRules } from './rules.js';
import { type SchemaVisit, walkSchema } from './walk.js';

export { sortByEvidence } from './evidence.js';
export {
  type Finding,
  orderProblems,
  report,
  type Segment,
  type StrictLintNote,
  type StrictLintProblem,
} from './problems.js';
export type {
  ProviderRuleId,
  StrictEvidence,
  StrictEvidenceKind,
  StrictLintRule,
  StrictModeLimits,
  StrictModeRules,
  StrictRule,
  StrictRuleSource,
  UnsupportedKeyword,
} from './rules.js';

/**
 * One function tool's schema to lint, where it sits in the input, and how its shape names it.
 *
 * @example
 * const target: StrictLintTarget = {
 *   name: 'lookup', toolPath: ['tools', 0], schema: { type: 'object' },
 *   schemaPath: ['tools', 0, 'parameters'], schemaField: 'parameters',
 * };
 */
export interface StrictLintTarget {
  name: string | undefined;
  toolPath: Segment[];
  schema: unknown;
  schemaPath: Segment[];
  /** What the tool's shape calls its schema, for messages: `parameters`, `input_schema`. */
  schemaField: string;
}

/**
 * Lints each tool's schema against one provider's rules, as if all were sent strict in one
 * request, adding what it finds to `findings` (order them with `orderProblems`).
 *
 * @example
 * const findings: Finding[] = [];
 * lintToolSchemas([target], OPENAI_STRICT_RULES, findings);
 * orderProblems(findings); // [{ path: 'tools[0].parameters', rule: 'additional-properties-not-false', … }]
 */
export function lintToolSchemas(
  tools: readonly StrictLintTarget[],
  rules: StrictModeRules,
  findings: Finding[],
): void {
  const enabled = enabledRules(rules);
  const request = requestTallies(rules, enabled);
  for (const tool of tools) lintTool(tool, rules, enabled, request, findings);
  reportRequestTallies(request, rules, findings);
}

function lintTool(
  tool: StrictLintTarget,
  rules: StrictModeRules,
  enabled: ToolContext['enabled'],
  request: RequestTallies,
  findings: Finding[],
): void {
  const toolLabel = tool.name === undefined ? 'the tool with no name' : `"${tool.name}"`;
  addTo(request.strictTools, 1, tool.toolPath, toolLabel);
  // `the parameters schema of "x"`, `the input_schema of "x"`.
  const rootLabel = /schema$/i.test(tool.schemaField)
    ? `the ${tool.schemaField} of ${toolLabel}`
    : `the ${tool.schemaField} schema of ${toolLabel}`;
  const root = tool.schema;
  if (!isRecord(root)) {
    // Nothing to walk, whatever the table lists.
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
    enabled,
    root,
    rootPath: tool.schemaPath,
    findings,
    schema: schemaTallies(rules, enabled),
    request,
    sawRef: false,
    resolved: new Map(),
  };
  walkSchema(
    { node: root, path: tool.schemaPath, label: rootLabel },
    rules,
    true,
    (visit) => checkSchema(visit, context),
    (rule, visit, message) => report(findings, visit.path, rule, message, { own: true }),
  );
  reportSchemaTallies(context.schema, rules, findings);
  if (context.sawRef) checkReferences(context, rootLabel);
}

/** Every check on one node; false keeps the walk out of its subschemas. */
function checkSchema(visit: SchemaVisit, context: ToolContext): boolean {
  const { rules, enabled, findings } = context;
  const name = visit.path.at(-1);
  if (visit.role === 'property' && typeof name === 'string') {
    addTo(context.schema.properties, 1, visit.path, visit.label);
    addTo(context.schema.stringChars, charCount(name), visit.path, visit.label);
  }
  if (visit.role === 'definition' && typeof name === 'string') {
    addTo(context.schema.stringChars, charCount(name), visit.path, visit.label);
  }
  const node = visit.node;
  if (!isRecord(node)) {
    // `true` and `false` are schemas in standard JSON Schema; only a strict mode that demands a
    // type on every schema refuses them.
    if (typeof node === 'boolean' && !enabled.has('missing-type')) return false;
    report(
      findings,
      visit.path,
      'not-a-schema',
      `${visit.label} is ${describeValue(node)}, not a schema object; give it a schema such as {"type": "string"}`,
    );
    return false;
  }
  const maxNesting = nestingLimit(context);
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

/**
 * Where a strict lint finds the tools of its input: a request body, a list of tools, one tool,
 * a bare schema, an MCP tools/list, read through the registry's tool shapes, with each tool left
 * out (not declared strict, not a function) named and why.
 */

import { isRecord, recordOf } from '../model/narrow.js';
import { toolGroupOf } from '../read/tools.js';
import { claimTool, WIRE_SURFACES } from '../registry/index.js';
import {
  type Finding,
  lintToolSchemas,
  report,
  type Segment,
  type StrictLintProblem,
  type StrictLintTarget,
  type StrictModeRules,
  sortByEvidence,
} from '../schema/strict-lint/index.js';
import type { StrictProvider, SurfaceDescription } from '../surfaces/types.js';
import { describeValue } from '../text/describe-value.js';
import { formatPath } from '../text/path.js';
import { plural } from '../text/plural.js';
import { providerName } from './wording.js';

export const WHAT_A_TOOL_IS =
  'a tool definition ({"type": "function", "name", "parameters"}, {"type": "function", "function": {…}} or {"name", "input_schema"})';

/** The `type` values of JSON Schema: an object with one of them is a schema, not a built-in tool. */
export const SCHEMA_TYPES = new Set([
  'object',
  'array',
  'string',
  'number',
  'integer',
  'boolean',
  'null',
]);

/** Whether a value is a JSON schema where a tool was expected (`{"type": "object", …}`). */
export function isBareSchema(value: unknown): boolean {
  try {
    const record = recordOf(value);
    return record !== undefined && typeof record.type === 'string' && SCHEMA_TYPES.has(record.type);
  } catch {
    return false;
  }
}

/** What the input holds, gathered as it is read. */
export interface FoundTools {
  targets: StrictLintTarget[];
  functionTools: number;
  skipped: StrictLintSkippedTool[];
  findings: Finding[];
}

export function findTools(input: unknown, only: StrictLintSelection, found: FoundTools): void {
  // A lone tool is linted whatever its flag says; a list or body is what `only` selects from.
  const select = only === 'declared-strict';
  if (Array.isArray(input)) {
    readTools(input, [], select, found);
    return;
  }
  // A tools/list answer as its JSON-RPC response: the tools sit in its result.
  const listed =
    isRecord(input) && !Object.hasOwn(input, 'tools') ? recordOf(input.result) : undefined;
  if (listed !== undefined && Array.isArray(listed.tools)) {
    readTools(listed.tools, ['result', 'tools'], select, found);
    return;
  }
  if (isRecord(input) && Object.hasOwn(input, 'tools')) {
    const tools = input.tools;
    if (Array.isArray(tools)) {
      readTools(tools, ['tools'], select, found);
      return;
    }
    // One object grouping declarations (Gemini's, from the Python SDK) is read as readTurn reads it.
    const group = toolGroupOf(tools);
    if (group !== undefined) {
      readTool(group, ['tools'], select, found);
      return;
    }
    report(
      found.findings,
      ['tools'],
      'not-a-tool',
      `tools is ${describeValue(tools)}; expected an array of tool definitions`,
    );
    return;
  }
  if (!isRecord(input)) {
    report(
      found.findings,
      [],
      'not-a-tool',
      `expected ${WHAT_A_TOOL_IS}, an array of them, or a request body with a tools array; received ${describeValue(input)}`,
    );
    return;
  }
  readTool(input, [], false, found);
}

export function readTools(
  items: unknown[],
  at: Segment[],
  select: boolean,
  found: FoundTools,
): void {
  items.forEach((item, index) => {
    readTool(item, [...at, index], select, found);
  });
}

/** The function tools one item declares, read by the surface whose shape it is. */
export function readTool(item: unknown, at: Segment[], select: boolean, found: FoundTools): void {
  const { findings } = found;
  const record = isRecord(item) ? recordOf(item) : undefined;
  if (record === undefined) {
    report(
      findings,
      at,
      'not-a-tool',
      `expected ${WHAT_A_TOOL_IS}; received ${describeValue(item)}`,
    );
    return;
  }
  const claim = claimTool(record);
  if (claim === undefined && isBareSchema(record)) {
    report(
      findings,
      at,
      'not-a-tool',
      `expected ${WHAT_A_TOOL_IS}; received a bare JSON schema (type "${record.type}"), which belongs in a tool's parameters or input_schema`,
    );
    return;
  }
  // Built-in tools run on the provider's side: no schema to lint.
  if (claim === undefined && typeof record.type === 'string') return;
  // A shape of a wire surface with no strict mode (Gemini's functionDeclarations) is no tool
  // any strict mode takes; an adapter's tool (MCP's) is sent through whichever provider.
  if (
    claim === undefined ||
    (claim.surface.kind === 'wire' && claim.surface.facts.strict.rules === null)
  ) {
    report(
      findings,
      at,
      'not-a-tool',
      `expected ${WHAT_A_TOOL_IS}; received ${describeValue(item)}`,
    );
    return;
  }
  for (const shape of claim.shapes) {
    const toolPath = [...at, ...shape.path];
    // Custom tools take free text: no schema to lint.
    if (shape.kind === 'custom') continue;
    if (shape.kind === 'not-a-declaration') {
      report(findings, toolPath, 'not-a-tool', `expected ${WHAT_A_TOOL_IS}; it ${shape.problem}`);
      continue;
    }
    found.functionTools += 1;
    const target: StrictLintTarget = {
      name: shape.name,
      toolPath,
      schema: shape.schema,
      schemaPath: [...at, ...shape.schemaPath],
      schemaField: shape.schemaField,
    };
    if (select && shape.strict !== true) {
      found.skipped.push(skippedTool(target, shape.strict, claim.surface));
      continue;
    }
    if (shape.schema === undefined || shape.schema === null) {
      const field = shape.schemaField;
      report(
        findings,
        toolPath,
        'missing-schema',
        `the function tool ${shape.name === undefined ? 'with no name' : `"${shape.name}"`} has no ${field} schema, so strict mode has nothing to enforce; add "${field}": {"type": "object", "properties": {}, "required": [], "additionalProperties": false}`,
      );
      continue;
    }
    found.targets.push(target);
  }
}

/**
 * A tool that does not set `strict: true`, and what its provider makes of it. Where the surface
 * rewrites a tool that leaves strict out (the Responses API), the rewritten schema is linted
 * alone, as `readTurn` judges it: it complies (made strict) or the server falls back.
 */
export function skippedTool(
  target: StrictLintTarget,
  strict: boolean | null,
  surface: SurfaceDescription,
): StrictLintSkippedTool {
  const path = formatPath(target.toolPath);
  const label = target.name === undefined ? 'The tool with no name' : `"${target.name}"`;
  const { whenUnstated, provider } = surface.facts.strict;
  const rules = provider === null ? undefined : STRICT_MODES.get(provider);
  if (strict !== null || whenUnstated === 'not-strict' || rules === undefined) {
    const says = strict === null ? 'leaves strict out' : 'sets strict to false';
    return {
      path,
      name: target.name,
      state: 'not-strict',
      message: `${label} ${says}, so ${providerName(surface.id)} does not hold its calls to the schema`,
      problems: [],
    };
  }
  const findings: Finding[] = [];
  const rewritten = whenUnstated.normalise(target.schema).schema;
  lintToolSchemas([{ ...target, schema: rewritten }], rules, findings);
  // What the server refuses decides the fallback; what is only documented may hold.
  const { problems } = sortByEvidence(findings, rules);
  const [first] = problems;
  if (first === undefined) {
    return {
      path,
      name: target.name,
      state: 'made-strict',
      message: `${label} leaves strict out, so ${providerName(surface.id)} rewrites its schema into strict mode (every object closed, every property required), and the rewritten schema complies`,
      problems: [],
    };
  }
  const others =
    problems.length > 1 ? ` (and ${plural(problems.length - 1, 'other problem')})` : '';
  return {
    path,
    name: target.name,
    state: 'falls-back',
    message: `${label} leaves strict out, and its schema cannot be rewritten into strict mode (${first.path}: ${first.message} [${first.rule}]${others}), so ${providerName(surface.id)} falls back to non-strict calling for it; ${whenUnstated.undecided}, so set "strict": false to say so, or "strict": true and fix the schema`,
    problems,
  };
}

/**
 * A function tool `only: 'declared-strict'` did not lint, and how its provider sends it.
 *
 * @example
 * const skipped: StrictLintSkippedTool = {
 *   path: 'tools[2]', name: 'search', state: 'falls-back',
 *   message: '"search" leaves strict out, and …', problems: [{ path: 'tools[2].parameters', … }],
 * };
 */
export interface StrictLintSkippedTool {
  /** Where the tool sits in the input, e.g. `tools[2]`. */
  path: string;
  /** The name as written, `undefined` when absent or not text. */
  name: string | undefined;
  /**
   * `not-strict`: it sets strict to false, or leaves it out where that means false.
   * `made-strict`: it leaves strict out where the provider then rewrites the schema into strict
   * mode (the Responses API), and the rewritten schema complies.
   * `falls-back`: it leaves strict out there, but the rewritten schema still breaks a rule, so
   * the provider falls back to non-strict calling for it (`problems` says why).
   */
  state: 'not-strict' | 'made-strict' | 'falls-back';
  /** One sentence for a person: what the tool says and what the provider makes of it. */
  message: string;
  /** For `falls-back`: what the rewritten schema still breaks, paths in the input; else empty. */
  problems: StrictLintProblem[];
}

/**
 * Which function tools `lintStrictSchema` lints: every one, or those that declare strict.
 *
 * @example
 * const only: StrictLintSelection = 'declared-strict';
 */
export type StrictLintSelection = 'all' | 'declared-strict';

/** Each provider's strict rules, taken from the first surface in the registry that names them. */
export const STRICT_MODES = new Map<StrictProvider, StrictModeRules>();
for (const surface of WIRE_SURFACES) {
  const { provider, rules } = surface.facts.strict;
  if (provider !== null && rules !== null && !STRICT_MODES.has(provider)) {
    STRICT_MODES.set(provider, rules);
  }
}

/**
 * Strict-mode lint for tool definitions: would a provider refuse this parameters schema with an
 * HTTP 400, or quietly stop enforcing part of it, once the tool is sent with `strict: true`? The
 * tools are read with the one tool-shape reader the turn reader uses, the provider's rules come
 * from the surface whose strict mode it is (`src/surfaces/<surface>/strict-rules.ts`), and the
 * walker in `src/schema/strict-lint/` checks each schema against them. Pure: nothing is fetched,
 * nothing in the input is changed.
 */

import { isRecord, recordOf } from '../model/narrow.js';
import { toolGroupOf } from '../read/tools.js';
import {
  type Finding,
  lintToolSchemas,
  orderProblems,
  report,
  type Segment,
  type StrictLintProblem,
  type StrictLintRule,
  type StrictLintTarget,
  type StrictModeRules,
} from '../schema/strict-lint/index.js';
import { claimTool, WIRE_SURFACES } from '../surfaces/index.js';
import type { StrictProvider, WireSurface } from '../surfaces/types.js';
import { describeValue } from '../text/describe-value.js';
import { libraryMessage } from '../text/library-message.js';

export type { StrictLintProblem, StrictLintRule, StrictProvider };

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

/** Each provider's strict rules, taken from the first surface in the registry that names them. */
const STRICT_MODES = new Map<StrictProvider, StrictModeRules>();
for (const surface of WIRE_SURFACES) {
  const { provider, rules } = surface.facts.strict;
  if (provider !== null && rules !== null && !STRICT_MODES.has(provider)) {
    STRICT_MODES.set(provider, rules);
  }
}

/**
 * The providers `lintStrictSchema` takes, in registry order.
 *
 * @example
 * STRICT_PROVIDERS; // ['openai', 'anthropic']
 */
export const STRICT_PROVIDERS: readonly StrictProvider[] = [...STRICT_MODES.keys()];

/** `'openai' or 'anthropic'`, for messages that say what a provider option takes. */
export const STRICT_PROVIDER_CHOICES = STRICT_PROVIDERS.map((provider) => `'${provider}'`)
  .join(', ')
  .replace(/, ([^,]*)$/, ' or $1');

/**
 * Whether a value names a provider `lintStrictSchema` knows.
 *
 * @example
 * isStrictProvider('anthropic'); // true
 */
export function isStrictProvider(value: unknown): value is StrictProvider {
  return typeof value === 'string' && STRICT_MODES.has(value as StrictProvider);
}

/**
 * How a verdict names a provider's strict mode.
 *
 * @example
 * strictModeName('anthropic'); // 'Anthropic strict tool use'
 */
export function strictModeName(provider: StrictProvider): string {
  return STRICT_MODES.get(provider)?.modeName ?? provider;
}

/**
 * The provider whose strict mode tools are written for, read from their shape: of the surfaces
 * with a strict mode that claim one of the tools, the one whose shape is most specific (an
 * `input_schema` tool makes it Anthropic); the first such surface in the registry when none
 * claims any. Takes what `lintStrictSchema` takes.
 *
 * @example
 * strictProviderOf([{ name: 'lookup', input_schema: { type: 'object' } }]); // 'anthropic'
 */
export function strictProviderOf(input: unknown): StrictProvider {
  const items = Array.isArray(input)
    ? input
    : isRecord(input) && Array.isArray(input.tools)
      ? input.tools
      : [input];
  let best: WireSurface | undefined;
  for (const item of items) {
    const record = recordOf(item);
    const surface = record === undefined ? undefined : claimTool(record)?.surface;
    if (surface === undefined || surface.facts.strict.provider === null) continue;
    if (best === undefined || surface.request.specificity > best.request.specificity) {
      best = surface;
    }
  }
  return best?.facts.strict.provider ?? (STRICT_PROVIDERS[0] as StrictProvider);
}

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
  if (!isStrictProvider(provider)) {
    throw new TypeError(
      libraryMessage(
        `lintStrictSchema needs options.provider ${STRICT_PROVIDER_CHOICES}; received ${describeValue(provider)}`,
      ),
    );
  }
  const rules = STRICT_MODES.get(provider) as StrictModeRules;
  try {
    const findings: Finding[] = [];
    const tools = findTools(input, findings);
    lintToolSchemas(tools, rules, findings);
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

// ---- finding the tools -------------------------------------------------------------------------

const WHAT_A_TOOL_IS =
  'a tool definition ({"type": "function", "name", "parameters"}, {"type": "function", "function": {…}} or {"name", "input_schema"})';

function findTools(input: unknown, findings: Finding[]): StrictLintTarget[] {
  if (Array.isArray(input)) return readTools(input, [], findings);
  if (isRecord(input) && Object.hasOwn(input, 'tools')) {
    const tools = input.tools;
    if (Array.isArray(tools)) return readTools(tools, ['tools'], findings);
    // One object grouping declarations (Gemini's, from the Python SDK) is read as readTurn reads it.
    const group = toolGroupOf(tools);
    if (group !== undefined) return readTool(group, ['tools'], findings);
    report(
      findings,
      ['tools'],
      'not-a-tool',
      `tools is ${describeValue(tools)}; expected an array of tool definitions`,
    );
    return [];
  }
  if (!isRecord(input)) {
    report(
      findings,
      [],
      'not-a-tool',
      `expected ${WHAT_A_TOOL_IS}, an array of them, or a request body with a tools array; received ${describeValue(input)}`,
    );
    return [];
  }
  return readTool(input, [], findings);
}

function readTools(items: unknown[], at: Segment[], findings: Finding[]): StrictLintTarget[] {
  const tools: StrictLintTarget[] = [];
  items.forEach((item, index) => {
    tools.push(...readTool(item, [...at, index], findings));
  });
  return tools;
}

/** The function tools one item declares, read by the surface whose shape it is. */
function readTool(item: unknown, at: Segment[], findings: Finding[]): StrictLintTarget[] {
  const record = isRecord(item) ? recordOf(item) : undefined;
  if (record === undefined) {
    report(
      findings,
      at,
      'not-a-tool',
      `expected ${WHAT_A_TOOL_IS}; received ${describeValue(item)}`,
    );
    return [];
  }
  const claim = claimTool(record);
  // Built-in tools run on the provider's side: no schema to lint.
  if (claim === undefined && typeof record.type === 'string') return [];
  // A shape of a surface with no strict mode (Gemini's functionDeclarations) is no tool any
  // strict mode takes.
  if (claim === undefined || claim.surface.facts.strict.rules === null) {
    report(
      findings,
      at,
      'not-a-tool',
      `expected ${WHAT_A_TOOL_IS}; received ${describeValue(item)}`,
    );
    return [];
  }
  const tools: StrictLintTarget[] = [];
  for (const shape of claim.shapes) {
    const toolPath = [...at, ...shape.path];
    // Custom tools take free text: no schema to lint.
    if (shape.kind === 'custom') continue;
    if (shape.kind === 'not-a-declaration') {
      report(findings, toolPath, 'not-a-tool', `expected ${WHAT_A_TOOL_IS}; it ${shape.problem}`);
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
    tools.push({
      name: shape.name,
      toolPath,
      schema: shape.schema,
      schemaPath: [...at, ...shape.schemaPath],
      schemaField: shape.schemaField,
    });
  }
  return tools;
}

/**
 * Strict-mode lint for tool definitions: would a provider refuse this parameters schema with an
 * HTTP 400, or quietly stop enforcing part of it, once the tool is sent with `strict: true`? The
 * tools are read with the one tool-shape reader the turn reader uses, the provider's rules come
 * from the surface whose strict mode it is (`src/surfaces/<surface>/strict-rules.ts`), and the
 * walker in `src/schema/strict-lint/` checks each schema against them. Pure: nothing is fetched,
 * nothing in the input is changed.
 */

import { isRecord, recordOf } from '../model/narrow.js';
import { checkOptionsObject } from '../read/index.js';
import { claimTool } from '../registry/index.js';
import {
  lintToolSchemas,
  type StrictEvidenceKind,
  type StrictLintNote,
  type StrictLintProblem,
  type StrictLintRule,
  type StrictModeRules,
  sortByEvidence,
} from '../schema/strict-lint/index.js';
import { allMcpTools, mcpToolListOf } from '../surfaces/mcp/index.js';
import type { StrictProvider, WireSurface } from '../surfaces/types.js';
import { describeValue } from '../text/describe-value.js';
import { libraryMessage } from '../text/library-message.js';
import {
  type FoundTools,
  findTools,
  isBareSchema,
  STRICT_MODES,
  type StrictLintSelection,
  type StrictLintSkippedTool,
  WHAT_A_TOOL_IS,
} from './strict-lint-tools.js';

export type {
  StrictEvidenceKind,
  StrictLintNote,
  StrictLintProblem,
  StrictLintRule,
  StrictLintSelection,
  StrictLintSkippedTool,
  StrictProvider,
};

/**
 * What `lintStrictSchema` found.
 *
 * @example
 * const result: StrictLintResult = { provider: 'openai', tools: 2, functionTools: 2, problems: [], notes: [], skipped: [] };
 */
export interface StrictLintResult {
  provider: StrictProvider;
  /** How many function tools had a schema to lint (built-in and custom tools are not counted, nor `skipped` ones). */
  tools: number;
  /** How many function tools the input holds, linted or skipped, with a schema or without. */
  functionTools: number;
  /**
   * What the provider has refused for a strict tool (or what is no tool or schema at all), ordered
   * by path, then rule; never two alike. An empty list is a pass.
   */
  problems: StrictLintProblem[];
  /**
   * What breaks a rule the provider has not been seen to refuse for a strict tool: documented as
   * unsupported, refused only in structured outputs, or even seen accepted; each says which.
   */
  notes: StrictLintNote[];
  /**
   * The function tools of a list or request body that `only: 'declared-strict'` left out of the
   * lint because they do not set `strict: true`, in input order; always empty otherwise.
   */
  skipped: StrictLintSkippedTool[];
}

/**
 * Options for `lintStrictSchema`.
 *
 * @example
 * const options: StrictLintOptions = { provider: 'anthropic', only: 'declared-strict' };
 */
export interface StrictLintOptions {
  /** Whose strict mode to lint for; read from the tools' shape when omitted (`input_schema` is Anthropic). */
  provider?: StrictProvider;
  /**
   * Which function tools of a list or request body to lint. `'all'` (the default): every one,
   * as if each were sent with `strict: true`. `'declared-strict'`: only those that set
   * `strict: true`, as the provider checks them; the rest are listed in `skipped`. A lone tool
   * definition is always linted, whatever its own flag says: passing it alone says it is meant
   * to be strict.
   */
  only?: StrictLintSelection;
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
 * Whether the input is an MCP `tools/list` answer (its JSON-RPC response, its result, or the
 * array of tools), whose tools name no provider: they are sent through one.
 *
 * @example
 * isMcpToolList({ tools: [{ name: 'get_order', inputSchema: { type: 'object' } }] }); // true
 */
export function isMcpToolList(input: unknown): boolean {
  try {
    const list = mcpToolListOf(input, '');
    return list !== undefined && allMcpTools(list.tools);
  } catch {
    // A getter or proxy that throws: no list this can read.
    return false;
  }
}

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
  return claimedStrictProvider(input) ?? (STRICT_PROVIDERS[0] as StrictProvider);
}

/** The provider the tools' shape names, `undefined` when no tool has a strict mode's shape. */
function claimedStrictProvider(input: unknown): StrictProvider | undefined {
  try {
    const items = Array.isArray(input)
      ? input
      : isRecord(input) && Array.isArray(input.tools)
        ? input.tools
        : [input];
    let best: WireSurface | undefined;
    for (const item of items) {
      const record = recordOf(item);
      const surface = record === undefined ? undefined : claimTool(record)?.surface;
      // An adapter's tools (MCP) name no provider: they are sent through one.
      if (surface?.kind !== 'wire' || surface.facts.strict.provider === null) continue;
      if (best === undefined || surface.request.specificity > best.request.specificity) {
        best = surface;
      }
    }
    return best?.facts.strict.provider ?? undefined;
  } catch {
    // A getter or proxy that throws: the shape says nothing.
    return undefined;
  }
}

/**
 * Lints tool definitions for a provider's strict mode, so a unit test can fail before deploy when
 * a tool would be rejected (HTTP 400) or silently weakened. Takes one tool in any provider shape
 * (OpenAI Responses `{type: 'function', name, parameters}`, Chat Completions
 * `{type: 'function', function: {name, parameters}}`, Anthropic `{name, input_schema}`), an array
 * of them, or a request body with a `tools` array. Built-in tools (`{type: 'web_search'}`, …) and
 * OpenAI custom tools are skipped.
 *
 * By default every function tool is linted as if sent with `strict: true`, whatever its own flag
 * says: pass the tools you mean to make strict. With `only: 'declared-strict'` a list or request
 * body is linted as the provider checks it: the tools that set `strict: true`, the others listed
 * in `skipped` (a Responses tool that leaves `strict` out is rewritten by the server and linted
 * as rewritten, to say whether it is made strict or falls back to non-strict). The provider is
 * read from the tools' shape unless `options.provider` names it. Never throws on any `input`
 * when `options.provider` is given.
 *
 * @throws TypeError when `options.provider` is not `'openai'` or `'anthropic'`, when `only` is
 * not `'all'` or `'declared-strict'`, or when `provider` is left out and no tool in the input
 * has a strict mode's shape (a bare JSON schema, an empty list, Gemini declarations).
 * @example
 * const { problems } = lintStrictSchema(requestBody, { only: 'declared-strict' });
 * expect(problems).toEqual([]);
 * // or: problems[0] → { path: 'tools[0].parameters.properties.note', rule: 'property-not-required', message: '…' }
 */
export function lintStrictSchema(input: unknown, options?: StrictLintOptions): StrictLintResult {
  // Checked at run time too: JavaScript callers pass what they like.
  checkOptionsObject(options, 'lintStrictSchema options', "{ provider: 'openai' }");
  const only: unknown = options?.only ?? 'all';
  if (only !== 'all' && only !== 'declared-strict') {
    throw new TypeError(
      libraryMessage(
        `lintStrictSchema needs options.only 'all' or 'declared-strict'; received ${describeValue(only)}`,
      ),
    );
  }
  const provider = providerFor(input, options?.provider);
  const rules = STRICT_MODES.get(provider) as StrictModeRules;
  try {
    const found: FoundTools = { targets: [], functionTools: 0, skipped: [], findings: [] };
    findTools(input, only, found);
    lintToolSchemas(found.targets, rules, found.findings);
    const { problems, notes } = sortByEvidence(found.findings, rules);
    return {
      provider,
      tools: found.targets.length,
      functionTools: found.functionTools,
      problems,
      notes,
      skipped: found.skipped,
    };
  } catch (error) {
    // Only exotic objects get here (a getter or proxy that throws while being read).
    return {
      provider,
      tools: 0,
      functionTools: 0,
      problems: [
        {
          path: '',
          rule: 'unreadable-input',
          message: `reading the input threw ${error instanceof Error ? `${error.name}: ${error.message}` : 'a non-Error value'}; pass plain JSON data (what JSON.parse returns)`,
        },
      ],
      notes: [],
      skipped: [],
    };
  }
}

/** The provider named, or the one the tools' shape says; a TypeError naming the option else. */
function providerFor(input: unknown, named: unknown): StrictProvider {
  if (named === undefined) {
    const claimed = claimedStrictProvider(input);
    if (claimed !== undefined) return claimed;
    // A bare schema stays no tool whatever the provider, so the way out is to wrap it.
    const what = isMcpToolList(input)
      ? `MCP tools ({"name", "inputSchema"}) are sent to a model through a provider's API, and name none; pass options.provider ${STRICT_PROVIDER_CHOICES}, once for each provider you send them to`
      : isBareSchema(input)
        ? `the input is a bare JSON schema, not a tool definition; wrap it in one, e.g. lintStrictSchema({ type: 'function', name: 'my_tool', parameters: schema }), and pass options.provider ${STRICT_PROVIDER_CHOICES} if the shape does not say`
        : `no tool in the input has the shape of ${WHAT_A_TOOL_IS}; pass options.provider ${STRICT_PROVIDER_CHOICES}, e.g. lintStrictSchema(input, { provider: '${STRICT_PROVIDERS[0]}' })`;
    throw new TypeError(
      libraryMessage(`lintStrictSchema cannot tell whose strict mode to check: ${what}`),
    );
  }
  if (!isStrictProvider(named)) {
    throw new TypeError(
      libraryMessage(
        `lintStrictSchema needs options.provider ${STRICT_PROVIDER_CHOICES}; received ${describeValue(named)}`,
      ),
    );
  }
  return named;
}

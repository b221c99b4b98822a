import { outputSchemaProblems } from '../diagnose/output-schemas.js';
import {
  isMcpToolList,
  isStrictProvider,
  lintStrictSchema,
  STRICT_PROVIDER_CHOICES,
  STRICT_PROVIDERS,
  type StrictLintResult,
  type StrictProvider,
  strictModeName,
  strictProviderOf,
} from '../diagnose/strict-lint.js';
import { asText, recordOf } from '../model/narrow.js';
import { adapterToolsOption } from '../registry/index.js';
import { describeValue } from '../text/describe-value.js';
import { libraryMessage } from '../text/library-message.js';
import { plural } from '../text/plural.js';
import type { MatcherContext, MatcherResult } from './context.js';
import { MatcherInputError, refusePromise } from './guard.js';
import { compose } from './message.js';
import { recordVerdict } from './record.js';

export interface StrictCompatibleOptions {
  /** Whose strict mode to check against; read from the tool shape when omitted (`input_schema` is Anthropic). */
  provider?: StrictProvider;
  /**
   * Check every function tool of a list or request body as if each were sent with
   * `strict: true`, not only those that declare it. A lone tool definition is always checked,
   * so `all` changes nothing there.
   */
  all?: boolean;
}

/**
 * Passes when the strict tools of a request body or a list would be accepted by the provider's
 * strict mode as written: those that set `strict: true` (`function.strict` on Chat
 * Completions), and on the Responses API those that leave `strict` out, which the server
 * rewrites into strict mode. Tools that do not declare strict are not checked (the API takes
 * them as they are) unless `{ all: true }` asks; a Responses tool whose rewrite still breaks a
 * rule is named, since the server falls back to non-strict calling for it. A lone tool
 * definition is checked whatever its flag says. A failure lists each problem with its path.
 * An MCP tools/list result names no provider and has no strict flag: every tool is checked as a
 * client would send it with `strict: true`, for the `provider` given or for each one, and every
 * `outputSchema` must compile (the SDK's `client.listTools()` throws on one that does not).
 *
 * @example
 * expect(tools).toBeStrictCompatible({ provider: 'openai' });
 * expect(anthropicRequest).toBeStrictCompatible(); // provider read from input_schema
 * expect(requestBody).toBeStrictCompatible({ all: true }); // every function tool, strict or not
 * expect(await client.listTools()).toBeStrictCompatible(); // MCP: OpenAI's and Anthropic's rules
 * expect({ lookup_order: tool({ inputSchema, strict: true }) }).toBeStrictCompatible(); // an AI SDK ToolSet
 */
export function toBeStrictCompatible(
  this: MatcherContext,
  received: unknown,
  options?: StrictCompatibleOptions,
): MatcherResult {
  refusePromise('toBeStrictCompatible', received, {
    what: 'the tools',
    call: '…',
    args: options ? 'options' : '',
  });
  if (typeof received !== 'object' || received === null) {
    throw new MatcherInputError(
      libraryMessage(
        `toBeStrictCompatible() accepts a tool definition, an array of them, a request body with tools, an MCP tools/list result, or a framework's tools (an AI SDK ToolSet, an Agents SDK agent, LangChain tools).\n  Received: ${describeValue(received)}`,
      ),
    );
  }
  const all: unknown = options?.all;
  if (all !== undefined && typeof all !== 'boolean') {
    throw new MatcherInputError(
      libraryMessage(
        `toBeStrictCompatible({ all }) takes true or false; received ${describeValue(all)}`,
      ),
    );
  }
  const hint = this.utils.matcherHint(
    'toBeStrictCompatible',
    'received',
    options ? 'options' : '',
    {
      isNot: this.isNot,
      promise: this.promise,
    },
  );
  if (isMcpToolList(received)) return judgeMcpTools(this, received, options?.provider, hint);
  // A framework's collection that is no list (an AI SDK ToolSet, an Agents SDK agent) is
  // checked as the declarations the framework sends; a list's items (LangChain tools, Agents SDK
  // tools) are read by the lint itself, with paths into the caller's own objects.
  const framework = Array.isArray(received) ? undefined : adapterToolsOption(received);
  const tools = framework === undefined ? received : framework.tools;
  const provider = options?.provider ?? strictProviderOf(tools);
  if (!isStrictProvider(provider)) {
    throw new MatcherInputError(
      libraryMessage(
        `toBeStrictCompatible({ provider }) takes ${STRICT_PROVIDER_CHOICES}; received ${describeValue(provider)}`,
      ),
    );
  }
  const linted = lintStrictSchema(tools, {
    provider,
    only: all === true ? 'all' : 'declared-strict',
  });
  const result = framework === undefined ? linted : namedByTool(linted, framework.tools);
  const madeStrict = result.skipped.filter((tool) => tool.state === 'made-strict').length;
  const fallsBack = result.skipped
    .filter((tool) => tool.state === 'falls-back')
    .map((tool) => `  - ${tool.path}: ${tool.message}`);
  // The tools the provider holds to their schema: those that declare strict, and those it makes so.
  const strict = result.tools + madeStrict;
  const pass = strict > 0 && result.problems.length === 0;
  // Declarations are judged here, not a turn: a verdict without turns or results.
  recordVerdict(this, 'toBeStrictCompatible', pass, () => ({ turns: [], results: [] }));
  const name = strictModeName(provider);
  const selection = selectionLine(result.functionTools, result.skipped.length, madeStrict);
  // What breaks a rule no strict tool was refused for, and what the framework's tools left
  // unread: said, never counted.
  const read = framework?.notes ?? [];
  const noted =
    result.notes.length + read.length === 0
      ? []
      : [
          `Also ${plural(result.notes.length + read.length, 'note')}, not counted:`,
          ...result.notes.map(
            (note) => `  - ${note.path || '(input)'}: ${note.message} [${note.rule}]`,
          ),
          ...read.map((note) => `  - ${note}`),
        ];
  const message = () => {
    if (pass) {
      return compose(hint, [
        strict === 1 && result.skipped.length === 0
          ? `Expected ${name} to refuse this tool, but it complies.`
          : `Expected ${name} to refuse these tools, but ${strict === 1 ? 'the one strict tool complies' : `all ${plural(strict, 'strict tool')} comply`}.`,
        ...selection,
        ...fallsBack,
        ...noted,
      ]);
    }
    if (result.functionTools === 0 && result.problems.length === 0) {
      return compose(hint, [
        `Expected function tools to check against ${name}, but found none (built-in and custom tools are not checked).`,
      ]);
    }
    if (strict === 0 && result.problems.length === 0) {
      return compose(hint, [
        `Expected tools that declare strict to check against ${name}, but ${result.functionTools === 1 ? 'the one function tool does not' : `none of the ${plural(result.functionTools, 'function tool')} does`} (pass { all: true } to check every tool).`,
        ...fallsBack,
      ]);
    }
    return compose(hint, [
      `Expected ${name} to accept ${plural(strict, 'tool')}, but found ${plural(result.problems.length, 'problem')}:`,
      ...result.problems.map(
        (problem) => `  - ${problem.path || '(input)'}: ${problem.message} [${problem.rule}]`,
      ),
      ...selection,
      ...fallsBack,
      ...noted,
    ]);
  };
  return { pass, message };
}

/**
 * A collection that is no list (an AI SDK ToolSet keyed by name, an Agents SDK agent) checked
 * as the list read from it: each path names its tool (`["lookup_order"].parameters…`), since a
 * place in that list is nowhere in the caller's code.
 */
function namedByTool(result: StrictLintResult, declared: readonly unknown[]): StrictLintResult {
  const rename = <T extends { path: string }>(item: T): T => {
    const place = /^\[(\d+)\]/.exec(item.path);
    const tool = place === null ? undefined : recordOf(declared[Number(place[1])]);
    const name = asText(tool?.name) ?? asText(recordOf(tool?.function)?.name);
    return place === null || name === undefined
      ? item
      : { ...item, path: `[${JSON.stringify(name)}]${item.path.slice(place[0].length)}` };
  };
  return {
    ...result,
    problems: result.problems.map(rename),
    notes: result.notes.map(rename),
    skipped: result.skipped.map(rename),
  };
}

/**
 * An MCP tools/list names no provider and has no strict flag: every tool is checked, as a
 * client would send it with `strict: true`, for the provider named, or for each one. Its
 * outputSchemas are sent to no provider, so they are held only to compiling: one that does not
 * checks no result, and the SDK's client refuses the whole list for it.
 */
function judgeMcpTools(
  context: MatcherContext,
  received: unknown,
  named: unknown,
  hint: string,
): MatcherResult {
  if (named !== undefined && !isStrictProvider(named)) {
    throw new MatcherInputError(
      libraryMessage(
        `toBeStrictCompatible({ provider }) takes ${STRICT_PROVIDER_CHOICES}; received ${describeValue(named)}`,
      ),
    );
  }
  const providers = named === undefined ? STRICT_PROVIDERS : [named];
  const results = providers.map((provider) =>
    lintStrictSchema(received, { provider, only: 'all' }),
  );
  const tools = results[0]?.functionTools ?? 0;
  const refusing = results.filter((result) => result.problems.length > 0);
  const outputs = outputSchemaProblems(received);
  const pass = tools > 0 && refusing.length === 0 && outputs.length === 0;
  recordVerdict(context, 'toBeStrictCompatible', pass, () => ({ turns: [], results: [] }));
  const names = results.map((result) => strictModeName(result.provider));
  const modes = names.join(' and ');
  const message = () => {
    if (tools === 0) {
      return compose(hint, ['Expected MCP tools to check, but the tools/list lists none.']);
    }
    const listed = tools === 1 ? 'the MCP tool' : `the ${plural(tools, 'MCP tool')}`;
    const them = tools === 1 ? 'it' : 'them';
    if (pass) {
      return compose(hint, [
        `Expected ${modes} to refuse ${listed}, but ${results.length > 1 ? 'both accept' : 'it accepts'} ${them}.`,
      ]);
    }
    const refusers = refusing.map((result) => strictModeName(result.provider));
    const refusal =
      refusers.length === 0
        ? []
        : [`${refusers.length === 1 ? `${refusers[0]} refuses` : 'both refuse'} ${them}`];
    const broken =
      outputs.length === 0
        ? []
        : [
            `${plural(outputs.length, 'outputSchema')} ${outputs.length === 1 ? 'does' : 'do'} not compile`,
          ];
    const line = (problem: { path: string; message: string; rule: string }) =>
      `  - ${problem.path || '(input)'}: ${problem.message} [${problem.rule}]`;
    return compose(hint, [
      `Expected ${modes} to accept ${listed}${outputs.length === 0 ? '' : ', and every outputSchema to compile'}, but ${[...refusal, ...broken].join(', and ')}:`,
      ...results.flatMap((result) => [
        '',
        result.problems.length === 0
          ? `${strictModeName(result.provider)}: complies.`
          : `${strictModeName(result.provider)}: ${plural(result.problems.length, 'problem')}`,
        ...result.problems.map(line),
      ]),
      ...(outputs.length === 0
        ? []
        : ['', `outputSchema: ${plural(outputs.length, 'problem')}`, ...outputs.map(line)]),
      ...(refusers.length === 0
        ? []
        : [
            '',
            'MCP has no strict flag: these are the rules a client meets when it sends the tools with strict: true. Fix the inputSchema on the server, or have the client send the refused tools without strict.',
          ]),
    ]);
  };
  return { pass, message };
}

/** Which tools were checked, when some were not: `2 of 5 function tools declare strict; …`. */
function selectionLine(functionTools: number, skipped: number, madeStrict: number): string[] {
  if (skipped === 0) return [];
  const declared = functionTools - skipped;
  const of = `of the ${plural(functionTools, 'function tool')}`;
  const head =
    declared === 0
      ? `None ${of} declares strict`
      : `${declared} ${of} ${declared === 1 ? 'declares' : 'declare'} strict`;
  const made =
    madeStrict === 0
      ? ''
      : `; ${madeStrict} ${madeStrict === 1 ? 'leaves' : 'leave'} it out, which the server makes strict`;
  const checked = declared + madeStrict === 1 ? 'that one' : 'those';
  return [`${head}${made}; checked ${checked} (pass { all: true } to check every tool).`];
}

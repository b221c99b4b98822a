import type { Surface, ToolDeclaration, Turn } from '../model/model.js';
import type { TurnCut } from '../model/turn.js';
import { describeSurface, isSurfaceId } from '../registry/index.js';
import { formatCount } from '../text/count.js';
import { shortList } from '../text/list.js';
import { plural } from '../text/plural.js';

/**
 * The request field that sets this turn's output ceiling: the one it was read from, else the
 * provider's current name ("the output ceiling" where the surface has none to name).
 */
export function ceilingField(turn: Turn): string {
  return (
    turn.maxOutputTokensField ??
    describeSurface(turn.surface).facts.ceilingField ??
    'the output ceiling'
  );
}

/**
 * How to have a provider hold calls to a tool not held to its schema: `strict: true`, Gemini's
 * validated mode, or, for a function in Chat's deprecated `functions` list (which has no strict
 * mode), moving it to `tools`.
 */
export function strictAdvice(
  surface: Surface,
  name: string,
  tool?: Pick<ToolDeclaration, 'legacyFunction'>,
): string {
  if (tool?.legacyFunction) {
    return `Move ${name} from the deprecated functions list to tools ({ type: "function", function: { name, parameters, strict: true } }): legacy functions have no strict mode, so nothing holds their calls to the schema.`;
  }
  return describeSurface(surface).facts.strict.advice(name);
}

/**
 * The setting that lets at most one call come back per turn, as the object at hand sets it: a
 * framework's own (`modelSettings: { parallelToolCalls: false }`, the AI SDK's provider option)
 * for a turn read through one, else the provider's (`parallel_tool_calls: false`); `null` where
 * none is documented.
 */
export function serialiseSetting(turn: Pick<Turn, 'surface' | 'via'>): string | null {
  const framework = turn.via === undefined ? undefined : describeSurface(turn.via).facts.strict;
  const provider = describeSurface(turn.surface).facts.strict;
  return (
    (isSurfaceId(turn.surface) ? framework?.serialiseByProvider?.[turn.surface] : undefined) ??
    framework?.serialiseWith ??
    provider.serialiseWith ??
    null
  );
}

/** "a valid JSON prefix (ends inside a string; 2 unclosed containers)", from the scanner's reason. */
export function prefixPhrase(reason: string | undefined): string {
  return reason ? `a valid JSON prefix (${reason})` : 'a valid JSON prefix';
}

/**
 * The provider API named alone, mid-sentence: `the OpenAI Responses API`, `Anthropic`. A
 * sentence that starts with it passes it through `upperFirst`.
 */
export function providerName(surface: Surface): string {
  const { title, titleTakesThe } = describeSurface(surface);
  return titleTakesThe === true ? `the ${title}` : title;
}

/**
 * The one way a message points at the payload it judges: `this OpenAI Responses API payload`,
 * `this Anthropic response` (never "this the …").
 */
export function thisPayload(surface: Surface, noun: 'payload' | 'response' = 'payload'): string {
  return `this ${describeSurface(surface).title} ${noun}`;
}

export function percent(share: number): string {
  return `${Math.round(share * 100)}%`;
}

/** The share of the ceiling this turn used, or `null` when either number is unknown. */
export function ceilingShare(turn: Turn): number | null {
  if (turn.maxOutputTokens === null || turn.outputTokens === null || turn.maxOutputTokens === 0) {
    return null;
  }
  return turn.outputTokens / turn.maxOutputTokens;
}

/** The share of output spent on reasoning, or `null` when not reported. */
export function reasoningShare(turn: Turn): number | null {
  if (turn.reasoningTokens === null || turn.outputTokens === null || turn.outputTokens === 0) {
    return null;
  }
  return Math.min(1, turn.reasoningTokens / turn.outputTokens);
}

/**
 * This turn's numbers in one phrase, with no brackets of its own: "used 4,096 tokens of a
 * 4,096-token ceiling, 100% of it".
 * A ceiling that is not known is said to be unknown, never shown as 0.
 */
export function usagePhrase(turn: Turn): string {
  const used = turn.outputTokens;
  const cap = turn.maxOutputTokens;
  if (used !== null && cap !== null) {
    const share = ceilingShare(turn);
    // No brackets: the phrase itself often sits inside a bracket (cutPhrase).
    return `used ${plural(used, 'token')} of a ${formatCount(cap)}-token ceiling${share === null ? '' : `, ${percent(share)} of it`}`;
  }
  if (used !== null) {
    return `used ${plural(used, 'token')}; the ceiling is not in the payload: pass the request or { maxOutputTokens }`;
  }
  if (cap !== null)
    return `the ceiling was ${plural(cap, 'token')}; output tokens were not reported`;
  return 'neither the ceiling nor the output tokens are in the payload';
}

/**
 * A ceiling reached under a stop that says the turn finished, in its own numbers:
 * `the stop said finish_reason "stop", but 512 of a 512-token max_tokens were used`.
 */
export function unreportedCeilingPhrase(turn: Turn): string {
  const used = turn.outputTokens ?? 0;
  const cap = formatCount(turn.maxOutputTokens ?? 0);
  return `the stop said ${turn.stop.said ?? 'nothing'}, but ${formatCount(used)} of a ${cap}-token ${ceilingField(turn)} ${used === 1 ? 'was' : 'were'} used`;
}

/**
 * How a turn was cut, with its stop and numbers, for a clause after "Cut mid-write:" or
 * "its turn was cut:": `the output ceiling was reached (finish_reason "length"; used 48 tokens
 * of a 48-token ceiling, 100% of it)`.
 */
export function cutPhrase(turn: Turn, cut: TurnCut): string {
  const said = turn.stop.said ?? 'no stop reason';
  switch (cut) {
    case 'ceiling':
      return `the output ceiling was reached (${said}; ${usagePhrase(turn)})`;
    case 'context-window':
      return `the context window filled (${said}; ${usagePhrase(turn)})`;
    // The ceiling did not end a filtered turn, so its numbers would only mislead.
    case 'filter':
      return `a content filter stopped it (${said})`;
    case 'stream-cut':
      return 'the stream ended before its terminal event (the connection dropped, or it was read too early)';
    case 'ceiling-unreported':
      return `the output ceiling was reached without being reported (${unreportedCeilingPhrase(turn)})`;
  }
}

/** The repair for an error body: there is no turn to judge, and the request is what to look at. */
export const API_ERROR_REPAIR =
  'The provider answered with an error, not a turn: handle it before reading any output (retry a 429 or 5xx with backoff; fix the request for another 4xx).';

/** The repair for a turn a content filter stopped: a ceiling is not its cause. */
export const FILTERED_REPAIR =
  'Handle a filtered turn on the refusal path, not as a ceiling: a higher ceiling will not change it.';

/** The repair for a ceiling reached under a finished stop: the server hid the cut. */
export const REPORT_SERVER_REPAIR =
  'Report it to whoever runs the server: it reported a finish for a turn that ran into its ceiling.';

/** Quotes a name for a message. */
export function quoted(name: string): string {
  return name === '' ? '(no name)' : `"${name}"`;
}

/** Names in a list, quoted, at most `limit` of them and then how many more. */
export function nameList(names: readonly string[], limit = 8): string {
  return shortList(names.map(quoted), limit);
}

/**
 * How to hand over the declarations a payload did not carry: a framework's own collection as
 * `{ tools }` for a turn read through one, else the exchange or `{ tools }`. `checked` says what
 * having them buys: `so the arguments are checked against the declared schema`.
 */
export function passToolsAdvice(turn: Pick<Turn, 'surface' | 'via'>, checked: string): string {
  const framework = describeSurface(turn.via ?? turn.surface).facts.declarationsFrom;
  return framework === undefined
    ? `Pass the exchange { request, response } or { tools } ${checked}.`
    : `Pass ${framework} as { tools } ${checked}.`;
}

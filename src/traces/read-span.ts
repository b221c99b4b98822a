/**
 * One span into one turn, or why it is none: a span that is no model call (an agent, a tool's
 * run, a workflow, an HTTP request) is skipped, since the model-call span under it holds the
 * same calls; counting both would count each call twice.
 */

import { CUT_CALLS_LOOK_WHOLE, providerSurface } from '../frameworks/ai-sdk/providers.js';
import type { Turn } from '../model/model.js';
import { asText, type Json, recordOf } from '../model/narrow.js';
import { blankTurn, modelInto } from '../model/turn.js';
import type { ToolsInto } from '../surfaces/types.js';
import { plural } from '../text/plural.js';
import {
  AI_SDK,
  AI_SDK_MODEL_CALL_OPERATIONS,
  GEN_AI,
  GEN_AI_MODEL_CALL_OPERATIONS,
  OPENINFERENCE,
  OPENLLMETRY,
} from './names.js';
import {
  aiSdkOutputOf,
  type FinishWord,
  genAiOutputOf,
  indexedCompletions,
  langfuseOutput,
  openInferenceOutput,
  type SpanOutput,
} from './output.js';
import type { SpanRecord } from './spans.js';
import { spanStop } from './stop-reasons.js';
import { spanToolsInto, TOOL_ATTRIBUTES } from './tools.js';
import { countOf, firstOf, jsonAttribute, recordFrom } from './values.js';

/** Why a span is no turn: it carries no GenAI convention, or it is a span around model calls. */
export type SkippedSpan = { skipped: 'not-genai' } | { skipped: 'not-a-model-call'; kind: string };

/** What a span is, by the conventions it carries. */
export function spanRole(span: SpanRecord): 'model-call' | SkippedSpan {
  const attributes = span.attributes;
  const operation = asText(attributes[AI_SDK.operationId]);
  if (operation !== undefined) {
    return AI_SDK_MODEL_CALL_OPERATIONS.has(operation)
      ? 'model-call'
      : { skipped: 'not-a-model-call', kind: `${AI_SDK.operationId} "${operation}"` };
  }
  const openInference = asText(attributes[OPENINFERENCE.spanKind]);
  if (openInference !== undefined) {
    return openInference.toUpperCase() === 'LLM'
      ? 'model-call'
      : { skipped: 'not-a-model-call', kind: `${OPENINFERENCE.spanKind} "${openInference}"` };
  }
  const genAi = asText(attributes[GEN_AI.operationName]);
  if (genAi !== undefined) {
    return GEN_AI_MODEL_CALL_OPERATIONS.has(genAi)
      ? 'model-call'
      : { skipped: 'not-a-model-call', kind: `${GEN_AI.operationName} "${genAi}"` };
  }
  const traceloop = asText(attributes[OPENLLMETRY.spanKind]);
  if (traceloop !== undefined) {
    return { skipped: 'not-a-model-call', kind: `${OPENLLMETRY.spanKind} "${traceloop}"` };
  }
  if (span.langfuse !== undefined) {
    return span.langfuse.type === 'GENERATION'
      ? 'model-call'
      : { skipped: 'not-a-model-call', kind: `a Langfuse ${span.langfuse.type} observation` };
  }
  // No kind said: a span that names a model or records a model's output is a model call.
  for (const key of Object.keys(attributes)) {
    if (key.startsWith('gen_ai.') || key.startsWith('llm.')) return 'model-call';
  }
  return { skipped: 'not-genai' };
}

/**
 * A model-call span as a turn of the `otel` surface, named in `id` by its response id where it
 * records one. Each fact is read from the first convention that records it.
 *
 * @example
 * readSpanTurn(span, toolsInto).calls.map((call) => call.name); // ['get_weather']
 */
export function readSpanTurn(span: SpanRecord, toolsInto: ToolsInto): Turn {
  const turn = blankTurn('otel', 'response');
  const notes = turn.notes;
  notes.push(...span.notes);
  const attributes = span.attributes;
  const provider = firstOf(attributes, [
    GEN_AI.providerName,
    GEN_AI.system,
    OPENINFERENCE.provider,
    OPENINFERENCE.system,
    AI_SDK.modelProvider,
  ]);
  if (typeof provider?.value === 'string') turn.provider = provider.value;
  const model = firstOf(attributes, [
    GEN_AI.responseModel,
    AI_SDK.responseModel,
    OPENINFERENCE.modelName,
    GEN_AI.requestModel,
    AI_SDK.modelId,
  ]);
  modelInto(turn, model?.value);
  const id = firstOf(attributes, [GEN_AI.responseId, AI_SDK.responseId]);
  turn.id = typeof id?.value === 'string' ? id.value : null;

  const output = outputOf(span, notes);
  if (output !== undefined) {
    turn.calls = onceEach(output.calls, notes);
    turn.text = output.text;
    turn.reasoningSeen = output.reasoningSeen;
  }
  readStop(turn, span, output?.finish ?? []);
  readUsage(turn, span);
  markCutCall(turn, attributes);
  if (!spanToolsInto(span, turn, toolsInto) && turn.calls.length > 0) {
    notes.push(
      `the span records no tool definitions (${TOOL_ATTRIBUTES.join(', ')}), so its calls are checked as JSON only: pass { tools } to check them against their schemas`,
    );
  }
  return turn;
}

/** The model's output, from the first convention that recorded it. */
function outputOf(span: SpanRecord, notes: string[]): SpanOutput | undefined {
  return (
    genAiOutputOf(span, notes) ??
    indexedCompletions(span, notes) ??
    openInferenceOutput(span, notes) ??
    aiSdkOutputOf(span, notes) ??
    (span.langfuse === undefined ? undefined : langfuseOutput(span.langfuse.output, notes))
  );
}

/**
 * Providers that hand a call's input over decoded (Anthropic, Bedrock) make a call the ceiling
 * cut look whole, and so does a span that records it: the last call of such a turn is the one
 * being written when the stop says ceiling, and may be when the numbers do (`readTurn` marks it
 * then), as the AI SDK's reader judges its steps. The provider is told by the AI SDK's provider
 * id, or by the GenAI conventions' provider names for those two.
 */
function markCutCall(turn: Turn, attributes: Json): void {
  const last = turn.calls[turn.calls.length - 1];
  if (last === undefined) return;
  const aiSdk = providerSurface({ provider: attributes[AI_SDK.modelProvider] });
  const named = asText(attributes[GEN_AI.providerName] ?? attributes[GEN_AI.system]);
  const decoded =
    (aiSdk !== null && CUT_CALLS_LOOK_WHOLE.has(aiSdk)) ||
    (named !== undefined && DECODED_INPUT_PROVIDERS.has(named));
  if (!decoded) return;
  last.endsOutput = true;
  // Text here is the decoded input written back out (the AI SDK's `input`): an object, as sent.
  if (last.arguments.form === 'json-text') {
    const value = parsedObject(last.arguments.text);
    if (value !== undefined) last.arguments = { form: 'object', value };
  }
  if (turn.stop.kind !== 'ceiling' && turn.stop.kind !== 'context-window') return;
  last.unfinished = true;
  turn.notes.push(
    `${last.at} is the call the model was writing when it stopped (${turn.stop.said}); its provider hands a cut call's input over decoded, so it looks whole, and it is read as unfinished`,
  );
}

function parsedObject(text: string): Json | undefined {
  try {
    return recordOf(JSON.parse(text));
  } catch {
    return undefined;
  }
}

/** The GenAI conventions' names of the providers whose calls arrive decoded. */
const DECODED_INPUT_PROVIDERS: ReadonlySet<string> = new Set(['anthropic', 'aws.bedrock']);

/**
 * Each call once: a provider gives every call an id of its own, so two calls on one span with
 * the same id, name and arguments are one call an instrumentation recorded twice. Where the id
 * is the tool's name (instrumentations of providers that give calls no id), two alike calls may
 * be two, and both are kept.
 */
function onceEach(calls: Turn['calls'], notes: string[]): Turn['calls'] {
  const seen = new Set<string>();
  const kept: Turn['calls'] = [];
  for (const call of calls) {
    if (call.callId === null || call.callId === call.name) {
      kept.push(call);
      continue;
    }
    const key = JSON.stringify([call.callId, call.name, call.arguments]);
    if (seen.has(key)) {
      notes.push(
        `${call.at} repeats call ${call.callId} as recorded before on this span; counted once`,
      );
      continue;
    }
    seen.add(key);
    kept.push(call);
  }
  return kept;
}

/**
 * The stop: the output's own finish words, else `gen_ai.response.finish_reasons`; of several
 * (one per choice), the first that is no plain finish speaks.
 */
function readStop(turn: Turn, span: SpanRecord, finish: readonly FinishWord[]): void {
  const words = [...finish];
  if (words.length === 0) {
    const reasons = jsonAttribute(span, GEN_AI.responseFinishReasons, turn.notes);
    const list = Array.isArray(reasons) ? reasons : typeof reasons === 'string' ? [reasons] : [];
    for (const word of list) {
      if (typeof word === 'string') words.push({ word, field: GEN_AI.responseFinishReasons });
    }
  }
  let chosen: ReturnType<typeof spanStop> | undefined;
  for (const { word, field } of words) {
    const read = spanStop(word, field);
    if (
      chosen === undefined ||
      (chosen.stop.kind === 'finished' && read.stop.kind !== 'finished')
    ) {
      chosen = read;
    }
  }
  if (chosen === undefined) return;
  turn.stop = chosen.stop;
  if (!chosen.known) {
    turn.notes.push(`${chosen.stop.said} is no finish reason this reads; read as another stop`);
  }
}

/** Output tokens and the ceiling, by convention, and the parallel setting where it was recorded. */
function readUsage(turn: Turn, span: SpanRecord): void {
  const attributes = span.attributes;
  const invocation = recordFrom(
    attributes[OPENINFERENCE.invocationParameters],
    OPENINFERENCE.invocationParameters,
    turn.notes,
  );
  const langfuse = span.langfuse;
  const usage = recordOf(langfuse?.usageDetails);
  const parameters = recordOf(langfuse?.modelParameters);
  turn.outputTokens =
    countOf(
      firstOf(attributes, [
        GEN_AI.usageOutputTokens,
        GEN_AI.usageCompletionTokens,
        OPENINFERENCE.tokenCountCompletion,
        AI_SDK.usageOutputTokens,
        AI_SDK.usageCompletionTokens,
      ])?.value,
    ) ?? countOf(usage?.output ?? usage?.completion ?? usage?.output_tokens);
  const ceiling =
    firstOf(attributes, [GEN_AI.requestMaxTokens, AI_SDK.maxOutputTokens, AI_SDK.maxTokens]) ??
    settingOf(invocation) ??
    settingOf(parameters);
  const count = countOf(ceiling?.value);
  if (ceiling !== undefined && count !== null && count > 0) {
    turn.maxOutputTokens = count;
    turn.maxOutputTokensField = ceilingWord(ceiling.key);
  }
  if (typeof invocation?.parallel_tool_calls === 'boolean') {
    turn.parallelToolCalls = invocation.parallel_tool_calls;
  }
}

/** The ceiling among a request's parameters, as the provider names it. */
function settingOf(parameters: Json | undefined): { key: string; value: unknown } | undefined {
  return parameters === undefined
    ? undefined
    : firstOf(parameters, [
        'max_tokens',
        'max_completion_tokens',
        'max_output_tokens',
        'maxOutputTokens',
      ]);
}

/** The request setting a repair names for a ceiling read from a span attribute. */
function ceilingWord(key: string): string {
  if (key === AI_SDK.maxOutputTokens) return 'maxOutputTokens';
  if (key === AI_SDK.maxTokens) return 'maxTokens';
  if (key === GEN_AI.requestMaxTokens) return 'max_tokens';
  return key;
}

/** How a report counts spans that are no turn, e.g. `3 spans that are not GenAI model calls`. */
export function skippedPhrase(notGenAi: number, notModelCalls: number): string {
  const parts: string[] = [];
  if (notGenAi > 0) parts.push(`${plural(notGenAi, 'span')} with no GenAI attributes`);
  if (notModelCalls > 0) {
    parts.push(
      `${plural(notModelCalls, 'span')} around model calls (agents, tools, workflows), whose calls their model-call spans hold`,
    );
  }
  return parts.join(' and ');
}

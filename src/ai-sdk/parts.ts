/**
 * A fault's turn told in the AI SDK's vocabulary: content parts for `doGenerate`, stream parts
 * for `doStream`, the unified finish reason with the words it stands for, and usage as the
 * specification counts it. The words are the ones the AI SDK's own providers use, so the
 * package's AI SDK adapter reads each as the fault: a refusal is `content-filter` with the raw
 * reason `refusal` (as @ai-sdk/anthropic reports one), a filter `content-filter` with
 * `content_filter`, a cut stream one that ends with no finish part.
 */
import type { Turn } from '../model/model.js';
import { libraryMessage } from '../text/library-message.js';
import { piecesOf } from '../values/calls.js';
import type {
  FaultyCallOptions,
  FaultyContent,
  FaultyFinishReason,
  FaultyGenerateResult,
  FaultyStreamPart,
  FaultyUsage,
} from './types.js';

/** What a model that spent its ceiling thinking had written when it stopped. */
const REASONING = 'The customer asks about an order. I should check which tool fits, then';

/** How the turn stopped, in the AI SDK's words; `null` for a stream cut before its finish. */
function finishOf(turn: Turn, calls: number): FaultyFinishReason | null {
  if (turn.refusal !== null || turn.stop.kind === 'refusal')
    return { unified: 'content-filter', raw: 'refusal' };
  switch (turn.stop.kind) {
    case 'filter':
      return { unified: 'content-filter', raw: 'content_filter' };
    case 'ceiling':
      return { unified: 'length', raw: 'length' };
    case 'finished':
      return calls > 0
        ? { unified: 'tool-calls', raw: 'tool_calls' }
        : { unified: 'stop', raw: 'stop' };
    case 'connection-cut':
      return null;
    default:
      throw new Error(
        libraryMessage(
          `faultyLanguageModel: a fault's answer stopped as ${turn.stop.kind} (${turn.stop.said}), which has no AI SDK finish reason here; please report this`,
        ),
      );
  }
}

/** Input tokens: a plain estimate from the prompt the AI SDK passed (4 characters a token). */
function inputTokens(call: FaultyCallOptions): number {
  let length = 0;
  try {
    length = JSON.stringify(call?.prompt ?? '').length;
  } catch {
    length = 0;
  }
  return Math.max(1, Math.ceil(length / 4));
}

function usageOf(turn: Turn, call: FaultyCallOptions): FaultyUsage {
  const input = inputTokens(call);
  const output = turn.outputTokens ?? 0;
  const reasoning = turn.reasoningTokens ?? 0;
  return {
    inputTokens: { total: input, noCache: input, cacheRead: undefined, cacheWrite: undefined },
    outputTokens: { total: output, text: Math.max(0, output - reasoning), reasoning },
  };
}

/** The call's input as the JSON text the specification carries. */
function inputOf(call: Turn['calls'][number]): string {
  const args = call.arguments;
  if (args.form === 'json-text') return args.text;
  if (args.form === 'object') return JSON.stringify(args.value);
  return '';
}

/** The content the turn holds: reasoning, then text (a refusal's too), then calls. */
function contentOf(turn: Turn): FaultyContent[] {
  const content: FaultyContent[] = [];
  if ((turn.reasoningTokens ?? 0) > 0 || turn.reasoningSeen)
    content.push({ type: 'reasoning', text: REASONING });
  const text = turn.refusal ?? turn.text;
  if (text !== '') content.push({ type: 'text', text });
  turn.calls.forEach((call, index) => {
    content.push({
      type: 'tool-call',
      toolCallId: call.callId ?? `call_${index}`,
      toolName: call.name,
      input: inputOf(call),
    });
  });
  return content;
}

/**
 * The answer of `doGenerate`.
 *
 * @example
 * ```ts
 * answerOf(turn, options, 'faulty-model').finishReason; // { unified: 'length', raw: 'length' }
 * ```
 */
export function answerOf(
  turn: Turn,
  call: FaultyCallOptions,
  modelId: string,
): FaultyGenerateResult {
  const content = contentOf(turn);
  const calls = content.filter((part) => part.type === 'tool-call').length;
  const finishReason = finishOf(turn, calls);
  if (finishReason === null) {
    throw new Error(libraryMessage('faultyLanguageModel: a cut stream has no doGenerate answer'));
  }
  return {
    content,
    finishReason,
    usage: usageOf(turn, call),
    warnings: [],
    response: { id: turn.id ?? 'faulty-response', modelId },
  };
}

/**
 * The parts `doStream` streams: each content part as its start, deltas and end, each call as
 * its input's start, deltas and end and then the call, and the finish. A cut stream stops
 * inside the last call's input, with neither its end, its call nor a finish.
 *
 * @example
 * ```ts
 * partsOf(turn, options, 'faulty-model').at(-1); // { type: 'finish', finishReason, usage }
 * ```
 */
export function partsOf(turn: Turn, call: FaultyCallOptions, modelId: string): FaultyStreamPart[] {
  const content = contentOf(turn);
  const calls = content.filter((part) => part.type === 'tool-call').length;
  const finishReason = finishOf(turn, calls);
  const parts: FaultyStreamPart[] = [
    { type: 'stream-start', warnings: [] },
    { type: 'response-metadata', id: turn.id ?? 'faulty-response', modelId },
  ];
  content.forEach((part, index) => {
    if (part.type === 'tool-call') {
      const id = part.toolCallId;
      parts.push({ type: 'tool-input-start', id, toolName: part.toolName });
      for (const delta of piecesOf(part.input))
        if (delta !== '') parts.push({ type: 'tool-input-delta', id, delta });
      if (finishReason === null && index === content.length - 1) return;
      parts.push({ type: 'tool-input-end', id }, part);
      return;
    }
    const id = `${part.type}-${index}`;
    const kind = part.type;
    parts.push({ type: `${kind}-start`, id });
    for (const delta of piecesOf(part.text)) parts.push({ type: `${kind}-delta`, id, delta });
    parts.push({ type: `${kind}-end`, id });
  });
  if (finishReason !== null)
    parts.push({ type: 'finish', finishReason, usage: usageOf(turn, call) });
  return parts;
}

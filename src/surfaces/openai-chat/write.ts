/**
 * OpenAI Chat Completions bodies, field for field as the API and the official SDK write them:
 * the request, a tool, the completion, its message, calls and usage, and the chunk stream.
 */
import { isRecord, type Json } from '../../model/narrow.js';
import { openaiError } from '../openai-responses/write.js';
import {
  asksStream,
  dataFrame,
  type JsonObject,
  type JsonValue,
  type NeutralTool,
  type PayloadTurn,
  type PayloadWriter,
  records,
  type StreamWriter,
  sseSent,
  stringOr,
  takeFrom,
  without,
} from '../payload.js';

/**
 * A function tool, `strict` inside the function and only when stated.
 *
 * @example
 * chatTool({ name: 'lookup', description: 'Look up.', parameters: {}, strict: true });
 * // { type: 'function', function: { name: 'lookup', description: 'Look up.', parameters: {}, strict: true } }
 */
export function chatTool(tool: NeutralTool): JsonObject {
  return {
    type: 'function',
    function: {
      name: tool.name,
      description: tool.description,
      parameters: tool.parameters,
      ...(tool.strict === undefined ? {} : { strict: tool.strict }),
    },
  };
}

/**
 * A custom tool whose free-text input is held to a Lark grammar.
 *
 * @example
 * chatCustomTool({ name: 'search', description: 'Search.', grammar: 'start: "a"' });
 */
export function chatCustomTool(tool: { name: string; description: string; grammar: string }) {
  return {
    type: 'custom',
    custom: {
      name: tool.name,
      description: tool.description,
      format: { type: 'grammar', grammar: { definition: tool.grammar, syntax: 'lark' } },
    },
  };
}

/** What a Chat Completions request says. */
export interface ChatRequestInput {
  model: string;
  system: string;
  prompt: string;
  tools: JsonValue[];
  parallel?: boolean | undefined;
  /** Sent as `max_completion_tokens`. */
  ceiling?: number | undefined;
  responseFormat?: JsonObject | undefined;
  stream?: boolean | undefined;
}

/**
 * A request body, keys in the order a developer writes them.
 *
 * @example
 * chatRequest({ model: 'gpt-4.1', system: 'Be brief.', prompt: 'Hi', tools: [] });
 */
export function chatRequest(input: ChatRequestInput): JsonObject {
  return {
    model: input.model,
    messages: [
      { role: 'system', content: input.system },
      { role: 'user', content: input.prompt },
    ],
    tools: input.tools,
    ...(input.parallel === undefined ? {} : { parallel_tool_calls: input.parallel }),
    ...(input.ceiling === undefined ? {} : { max_completion_tokens: input.ceiling }),
    ...(input.responseFormat === undefined ? {} : { response_format: input.responseFormat }),
    // The SDK's stream helper appends `stream: true` after the caller's own keys.
    ...(input.stream ? { stream_options: { include_usage: true }, stream: true } : {}),
  };
}

/**
 * The `usage` of a completion.
 *
 * @example
 * chatUsage({ prompt: 318, completion: 23 }).total_tokens; // 341
 */
export function chatUsage(counts: {
  prompt: number;
  completion: number;
  reasoning?: number;
  cached?: number;
}): JsonObject {
  const { prompt, completion, reasoning = 0, cached = 0 } = counts;
  return {
    prompt_tokens: prompt,
    completion_tokens: completion,
    total_tokens: prompt + completion,
    prompt_tokens_details: { cached_tokens: cached, audio_tokens: 0 },
    completion_tokens_details: {
      reasoning_tokens: reasoning,
      audio_tokens: 0,
      accepted_prediction_tokens: 0,
      rejected_prediction_tokens: 0,
    },
  };
}

/**
 * The assistant message of a choice; `tool_calls` only when there are calls.
 *
 * @example
 * chatMessage({ refusal: "I can't help with that." });
 */
export function chatMessage(parts: {
  content?: string | null;
  toolCalls?: JsonValue[] | undefined;
  refusal?: string | null;
}): JsonObject {
  const { content = null, toolCalls, refusal = null } = parts;
  return {
    role: 'assistant',
    content,
    ...(toolCalls === undefined ? {} : { tool_calls: toolCalls }),
    refusal,
    annotations: [],
  };
}

/**
 * One function call of a message; `args` is the JSON text the model wrote.
 *
 * @example
 * chatToolCall('call_abc', 'lookup_order', '{"order_id":"A-1"}');
 */
export const chatToolCall = (id: string, name: string, args: string): JsonObject => ({
  id,
  type: 'function',
  function: { name, arguments: args },
});

/**
 * One custom tool call of a message: free text for a custom tool.
 *
 * @example
 * chatCustomToolCall('call_abc', 'search_orders', 'status:late');
 */
export const chatCustomToolCall = (id: string, name: string, input: string): JsonObject => ({
  id,
  type: 'custom',
  custom: { name, input },
});

/** What a completion says besides its message. */
export interface ChatCompletionInput {
  id: string;
  /** Unix seconds. */
  created: number;
  /** The dated snapshot that answered: `gpt-4.1-2025-04-14`. */
  model: string;
  message: JsonObject;
  /** `null` for a completion whose stream was cut before its finish chunk. */
  finishReason: string | null;
  /** `null` for a completion whose stream was cut before its usage chunk. */
  usage: JsonObject | null;
  /** `system_fingerprint`; `null` where the model reports none. */
  fingerprint: string | null;
}

/**
 * A completion body with one choice.
 *
 * @example
 * chatCompletion({ id: 'chatcmpl-1', created: 0, model: 'gpt-4.1-2025-04-14', message, finishReason: 'tool_calls', usage, fingerprint: null });
 */
export function chatCompletion(input: ChatCompletionInput): JsonObject {
  return {
    id: input.id,
    object: 'chat.completion',
    created: input.created,
    model: input.model,
    choices: [
      { index: 0, message: input.message, logprobs: null, finish_reason: input.finishReason },
    ],
    usage: input.usage,
    service_tier: 'default',
    system_fingerprint: input.fingerprint,
  };
}

/** How a recorded stream differs from the plainest one the API sends. */
export interface ChatStreamOptions {
  /**
   * OpenAI pads each chunk with an `obfuscation` field so sizes do not leak content: given the
   * chunk's streamed text (`''` when none) and which chunk it is, the padding.
   */
  obfuscation?: (text: string, chunk: 'delta' | 'finish' | 'usage') => string;
  /** The connection closed after the last delta: no finish chunk, no usage chunk, no `[DONE]`. */
  cut?: boolean;
}

/**
 * A completion as its chunk stream: per choice a first delta with the role (carrying the first
 * call's header when there is no text), `content` deltas, each call's header (`index`, `id`,
 * name, empty arguments) and its `arguments` deltas, the `finish_reason` chunk; then a `usage`
 * chunk when the completion has usage, and `data: [DONE]`.
 *
 * @example
 * const writer = chatStream(completion);
 * writer.write(writer.texts.map((text) => [text]));
 */
export function chatStream(response: Json, options: ChatStreamOptions = {}): StreamWriter {
  const choices = records(response.choices);
  const texts: string[] = [];
  for (const choice of choices) {
    const message = isRecord(choice.message) ? choice.message : {};
    if (typeof message.content === 'string') texts.push(message.content);
    if (typeof message.refusal === 'string' && message.refusal !== '') texts.push(message.refusal);
    for (const call of records(message.tool_calls)) {
      const fn = isRecord(call.function) ? call.function : {};
      texts.push(stringOr(fn.arguments, ''));
    }
  }
  // A stream that asked for usage carries `usage: null` on every chunk, then a usage chunk.
  const asksUsage = Object.hasOwn(response, 'usage');
  const hasUsage = isRecord(response.usage);
  const base: Json = { ...without(response, 'choices', 'usage'), object: 'chat.completion.chunk' };
  const { obfuscation } = options;
  const render = (pieces: readonly (readonly string[])[], cut: boolean): string => {
    const take = takeFrom(pieces);
    const frames: string[] = [];
    const chunk = (choice: Json, text: string, kind: 'delta' | 'finish') =>
      frames.push(
        dataFrame({
          ...base,
          choices: [choice],
          ...(asksUsage ? { usage: null } : {}),
          ...(obfuscation === undefined ? {} : { obfuscation: obfuscation(text, kind) }),
        }),
      );
    choices.forEach((choice, position) => {
      const index = typeof choice.index === 'number' ? choice.index : position;
      const message = isRecord(choice.message) ? choice.message : {};
      const delta = (body: Json, text = '') =>
        chunk({ index, delta: body, logprobs: null, finish_reason: null }, text, 'delta');
      const text = typeof message.content === 'string';
      const refusal = typeof message.refusal === 'string' && message.refusal !== '';
      const calls = records(message.tool_calls);
      const header = (call: Json, slot: number) => {
        const fn = isRecord(call.function) ? call.function : {};
        return {
          index: slot,
          ...without(call, 'function'),
          function: { name: fn.name, arguments: '' },
        };
      };
      const [firstCall] = calls;
      const opensCall = !text && firstCall !== undefined;
      delta({
        role: stringOr(message.role, 'assistant'),
        content: text ? '' : null,
        ...(opensCall ? { tool_calls: [header(firstCall, 0)] } : {}),
        refusal: refusal ? '' : null,
      });
      if (text) for (const piece of take()) if (piece !== '') delta({ content: piece }, piece);
      if (refusal) for (const piece of take()) if (piece !== '') delta({ refusal: piece }, piece);
      calls.forEach((call, slot) => {
        if (slot > 0 || !opensCall) delta({ tool_calls: [header(call, slot)] });
        for (const piece of take()) {
          if (piece !== '')
            delta({ tool_calls: [{ index: slot, function: { arguments: piece } }] }, piece);
        }
      });
      if (cut) return;
      chunk(
        {
          index,
          delta: {},
          logprobs: choice.logprobs ?? null,
          finish_reason: choice.finish_reason ?? 'stop',
          ...without(choice, 'index', 'message', 'delta', 'logprobs', 'finish_reason'),
        },
        '',
        'finish',
      );
    });
    if (cut) return frames.join('');
    if (hasUsage) {
      frames.push(
        dataFrame({
          ...base,
          choices: [],
          usage: response.usage,
          ...(obfuscation === undefined ? {} : { obfuscation: obfuscation('', 'usage') }),
        }),
      );
    }
    frames.push('data: [DONE]\n\n');
    return frames.join('');
  };
  return {
    texts,
    write: (pieces) => render(pieces, options.cut === true),
    send: (pieces, sent) => sseSent(render(pieces, options.cut === true || sent?.cut === true)),
  };
}

const callId = (turn: PayloadTurn, index: number) => `call_${turn.ids.calls[index] ?? ''}`;

/** The Chat Completions writer: a turn as `gpt-4.1` answers it. */
export const chatWriter: PayloadWriter = {
  can: {
    arguments: 'json-text',
    cutCalls: true,
    parallelSettings: [true, false],
    ceilingRequired: false,
    reasoningTokens: false,
    strictTools: true,
    unwritable: {},
    streamsCallsWhole: false,
  },
  route: { path: /\/chat\/completions$/, streamed: asksStream, requiredField: 'messages' },
  callIds: (turn) => turn.calls.map((_, index) => callId(turn, index)),
  exchange(turn) {
    const request = chatRequest({
      model: 'gpt-4.1',
      system: turn.system,
      prompt: turn.prompt,
      tools: turn.tools.map(chatTool),
      parallel: turn.parallel,
      ceiling: turn.ceiling,
      stream: turn.streamed,
    });
    const { outcome } = turn;
    const toolCalls = turn.calls.map((call, index) =>
      chatToolCall(callId(turn, index), call.name, call.text),
    );
    const response = chatCompletion({
      id: `chatcmpl-${turn.ids.response}`,
      created: turn.created,
      model: turn.model ?? 'gpt-4.1-2025-04-14',
      // A message's text and its calls travel together; a filter may stop a turn after its calls.
      message: chatMessage({
        content:
          outcome?.kind === 'answered' ? outcome.text : outcome?.kind === 'empty' ? '' : null,
        toolCalls: outcome === undefined || toolCalls.length > 0 ? toolCalls : undefined,
        refusal: outcome?.kind === 'refused' ? outcome.text : null,
      }),
      finishReason: finishReasonOf(turn),
      usage: chatUsage({
        prompt: turn.usage.input,
        completion: turn.usage.output,
        // Reasoning is reported only where a turn's outcome says the ceiling went to it.
        ...(outcome === undefined ? {} : { reasoning: turn.usage.reasoning }),
      }),
      fingerprint: `fp_${turn.ids.fingerprint}`,
    });
    return { request, response };
  },
  stream: (response) => chatStream(response),
  error: openaiError,
};

/** The finish reason a written turn ends with. */
function finishReasonOf(turn: PayloadTurn): string {
  switch (turn.outcome?.kind) {
    case 'filtered':
      return 'content_filter';
    case 'reasoning-only':
      return 'length';
    case 'refused':
    case 'empty':
      return 'stop';
    case 'answered':
      if (turn.ending === 'ceiling') return 'length';
      return turn.calls.length > 0 ? 'tool_calls' : 'stop';
    default:
      return turn.ending === 'ceiling' ? 'length' : 'tool_calls';
  }
}

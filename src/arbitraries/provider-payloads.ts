/**
 * Exchanges `{ request, response }` in each provider's wire format, field for field as the
 * recordings in fixtures/*.har have them, from one neutral description of a turn.
 */
import fc, { type JsonValue } from 'fast-check';
import type { Surface } from '../model/model.js';

/**
 * A tool as the arbitraries declare it to every provider.
 *
 * @example
 * ```ts
 * const tool: ToolSpec = { name: 'lookup_order', parameters: { type: 'object', properties: { order_id: { type: 'string' } } }, strict: true };
 * ```
 */
export interface ToolSpec {
  name: string;
  /** The parameters as a JSON Schema object (sent as `parametersJsonSchema` to Gemini). */
  parameters: unknown;
  /** Ask for strict decoding; not stating it means not strict on every surface here. */
  strict?: boolean;
  description?: string;
}

/**
 * A request and its response, as a caller would store them.
 *
 * @example
 * ```ts
 * const exchange: ToolCallExchange = { request: { model: 'gpt-4.1', messages: [] }, response: { id: 'chatcmpl-1', choices: [] } };
 * ```
 */
export interface ToolCallExchange {
  request: Record<string, JsonValue>;
  response: Record<string, JsonValue>;
}

/**
 * One call in the turn: its tool name, its arguments as text (OpenAI) and as an object.
 *
 * @example
 * ```ts
 * const call: TurnCall = { name: 'lookup_order', text: '{"order_id":"A-1001"}', value: { order_id: 'A-1001' } };
 * ```
 */
export interface TurnCall {
  name: string;
  text: string;
  value: JsonValue;
}

/**
 * A tool as the payloads carry it: its schema copied to plain JSON.
 *
 * @example
 * ```ts
 * const tool: DeclaredTool = { name: 'lookup_order', parameters: { type: 'object' }, strict: true };
 * ```
 */
export interface DeclaredTool extends ToolSpec {
  parameters: JsonValue;
}

/**
 * Everything a payload says, before it is written in one provider's shape.
 *
 * @example
 * ```ts
 * exchangeFor('openai-chat', turn); // the turn written as a Chat Completions exchange
 * ```
 */
export interface Turn {
  tools: readonly DeclaredTool[];
  calls: readonly TurnCall[];
  /** `ceiling`: the output-token limit cut the last call; `malformed-call`: Gemini rejected it. */
  ending: 'finished' | 'ceiling' | 'malformed-call';
  /** The request's parallel-calls setting; `undefined` leaves it unstated. */
  parallel: boolean | undefined;
  /** The ceiling the request set, if any. */
  ceiling: number | undefined;
  usage: { input: number; output: number; reasoning: number };
  ids: TurnIds;
  prompt: string;
  /** Text the assistant wrote before its calls (Anthropic), if any. */
  preface: string | undefined;
  /** Gemini's finishMessage for a malformed call. */
  malformedMessage: string;
  created: number;
}

/** Random parts of ids, drawn once per turn; each surface shapes its own ids from them. */
interface TurnIds {
  response: string;
  /** Four distinct call ids' random parts. */
  calls: readonly string[];
  items: readonly string[];
  suffix: string;
  fingerprint: string;
}

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
const HEX = '0123456789abcdef';

const text = (alphabet: string, length: number) =>
  fc.string({ unit: fc.constantFrom(...alphabet), minLength: length, maxLength: length });

/** Four ids that differ: a repeat (possible once shrinking simplifies them) gets its tail changed. */
const distinctIds = (alphabet: string, length: number) =>
  fc
    .tuple(
      text(alphabet, length),
      text(alphabet, length),
      text(alphabet, length),
      text(alphabet, length),
    )
    .map((ids) =>
      ids.map((id, index) =>
        ids.indexOf(id) === index ? id : `${id.slice(0, -1)}${alphabet.charAt(index)}`,
      ),
    );

/**
 * The random parts of a turn's ids.
 *
 * @example
 * ```ts
 * fc.sample(turnIds(), 1)[0]?.calls.length; // 4
 * ```
 */
export function turnIds(): fc.Arbitrary<TurnIds> {
  return fc.record({
    response: text(BASE62, 29),
    calls: distinctIds(BASE62, 24),
    items: distinctIds(HEX, 32),
    suffix: text(HEX, 16),
    fingerprint: text(HEX, 10),
  });
}

/**
 * What the user says in the generated requests: short support questions, one not in English.
 *
 * @example
 * ```ts
 * fc.constantFrom(...PROMPTS);
 * ```
 */
export const PROMPTS = [
  'Where is my order A-1001? It was due Friday.',
  'The desk arrived scratched, please sort it out.',
  'Refund the shipping on my last order.',
  'Can you check both of my orders and tell me which one is late?',
  'Bitte prüfen Sie meine Bestellung, sie ist nicht angekommen.',
  'My parcel says delivered but nothing is here 📦',
];

const SYSTEM =
  'You are the order-support agent for Northwind Goods. Use the tools to look orders up, open tickets and issue refunds.';

function description(tool: DeclaredTool): string {
  return tool.description ?? `Calls ${tool.name}.`;
}

/** `call_` + 24 characters, as OpenAI writes call ids. */
function openAiCallId(turn: Turn, index: number): string {
  return `call_${turn.ids.calls[index] ?? ''}`;
}

/**
 * The ids a surface gives each call, in order; `null` where the surface has none (Gemini).
 *
 * @example
 * ```ts
 * callIds('anthropic-messages', turn); // ['toolu_01A09q90qw90lq917835lq9a']
 * ```
 */
export function callIds(surface: Surface, turn: Turn): (string | null)[] {
  return turn.calls.map((_, index) => {
    if (surface === 'gemini') return null;
    if (surface === 'anthropic-messages')
      return `toolu_01${(turn.ids.calls[index] ?? '').slice(0, 22)}`;
    return openAiCallId(turn, index);
  });
}

/**
 * The exchange for a turn on one surface.
 *
 * @example
 * ```ts
 * const { request, response } = exchangeFor('gemini', turn);
 * ```
 */
export function exchangeFor(surface: Surface, turn: Turn): ToolCallExchange {
  switch (surface) {
    case 'openai-responses':
      return responsesExchange(turn);
    case 'openai-chat':
      return chatExchange(turn);
    case 'anthropic-messages':
      return anthropicExchange(turn);
    case 'gemini':
      return geminiExchange(turn);
  }
}

function responsesExchange(turn: Turn): ToolCallExchange {
  const { ids } = turn;
  const cut = turn.ending === 'ceiling';
  const tools = turn.tools.map((tool) => ({
    type: 'function',
    name: tool.name,
    description: description(tool),
    parameters: tool.parameters,
    strict: tool.strict === true,
  }));
  const request: Record<string, JsonValue> = {
    model: 'gpt-5',
    instructions: SYSTEM,
    input: [{ role: 'user', content: turn.prompt }],
    tools,
    ...(turn.parallel === undefined ? {} : { parallel_tool_calls: turn.parallel }),
    ...(turn.ceiling === undefined ? {} : { max_output_tokens: turn.ceiling }),
  };
  const item = (index: number) => `${ids.items[index] ?? ''}${ids.suffix}`;
  const output: JsonValue[] = [];
  if (turn.usage.reasoning > 0)
    output.push({ id: `rs_${item(3)}`, type: 'reasoning', summary: [] });
  turn.calls.forEach((call, index) => {
    output.push({
      id: `fc_${item(index)}`,
      type: 'function_call',
      status: cut && index === turn.calls.length - 1 ? 'incomplete' : 'completed',
      arguments: call.text,
      call_id: openAiCallId(turn, index),
      name: call.name,
    });
  });
  const response: Record<string, JsonValue> = {
    id: `resp_${ids.items[0]?.slice(0, 16) ?? ''}${ids.items[1]?.slice(0, 16) ?? ''}${ids.suffix}`,
    object: 'response',
    created_at: turn.created,
    status: cut ? 'incomplete' : 'completed',
    background: false,
    error: null,
    incomplete_details: cut ? { reason: 'max_output_tokens' } : null,
    instructions: SYSTEM,
    max_output_tokens: turn.ceiling ?? null,
    max_tool_calls: null,
    model: 'gpt-5-2025-08-07',
    output,
    parallel_tool_calls: turn.parallel ?? true,
    previous_response_id: null,
    reasoning: { effort: 'low', summary: null },
    service_tier: 'default',
    store: true,
    temperature: 1,
    text: { format: { type: 'text' }, verbosity: 'medium' },
    tool_choice: 'auto',
    tools,
    top_p: 1,
    truncation: 'disabled',
    usage: {
      input_tokens: turn.usage.input,
      input_tokens_details: { cached_tokens: 0 },
      output_tokens: turn.usage.output,
      output_tokens_details: { reasoning_tokens: turn.usage.reasoning },
      total_tokens: turn.usage.input + turn.usage.output,
    },
    user: null,
    metadata: {},
  };
  return { request, response };
}

function chatExchange(turn: Turn): ToolCallExchange {
  const cut = turn.ending === 'ceiling';
  const request: Record<string, JsonValue> = {
    model: 'gpt-4.1',
    messages: [
      { role: 'system', content: SYSTEM },
      { role: 'user', content: turn.prompt },
    ],
    tools: turn.tools.map((tool) => ({
      type: 'function',
      function: {
        name: tool.name,
        description: description(tool),
        parameters: tool.parameters,
        ...(tool.strict === undefined ? {} : { strict: tool.strict }),
      },
    })),
    ...(turn.parallel === undefined ? {} : { parallel_tool_calls: turn.parallel }),
    ...(turn.ceiling === undefined ? {} : { max_completion_tokens: turn.ceiling }),
  };
  const response: Record<string, JsonValue> = {
    id: `chatcmpl-${turn.ids.response}`,
    object: 'chat.completion',
    created: turn.created,
    model: 'gpt-4.1-2025-04-14',
    choices: [
      {
        index: 0,
        message: {
          role: 'assistant',
          content: null,
          tool_calls: turn.calls.map((call, index) => ({
            id: openAiCallId(turn, index),
            type: 'function',
            function: { name: call.name, arguments: call.text },
          })),
          refusal: null,
          annotations: [],
        },
        logprobs: null,
        finish_reason: cut ? 'length' : 'tool_calls',
      },
    ],
    usage: {
      prompt_tokens: turn.usage.input,
      completion_tokens: turn.usage.output,
      total_tokens: turn.usage.input + turn.usage.output,
      prompt_tokens_details: { cached_tokens: 0, audio_tokens: 0 },
      completion_tokens_details: {
        reasoning_tokens: 0,
        audio_tokens: 0,
        accepted_prediction_tokens: 0,
        rejected_prediction_tokens: 0,
      },
    },
    service_tier: 'default',
    system_fingerprint: `fp_${turn.ids.fingerprint}`,
  };
  return { request, response };
}

function anthropicExchange(turn: Turn): ToolCallExchange {
  const cut = turn.ending === 'ceiling';
  const ids = callIds('anthropic-messages', turn);
  const request: Record<string, JsonValue> = {
    model: 'claude-sonnet-4-5-20250929',
    max_tokens: turn.ceiling ?? 1024,
    system: SYSTEM,
    messages: [{ role: 'user', content: turn.prompt }],
    tools: turn.tools.map((tool) => ({
      name: tool.name,
      description: description(tool),
      input_schema: tool.parameters,
      ...(tool.strict === undefined ? {} : { strict: tool.strict }),
    })),
    ...(turn.parallel === false
      ? { tool_choice: { type: 'auto', disable_parallel_tool_use: true } }
      : {}),
  };
  const content: JsonValue[] = [];
  if (turn.preface !== undefined) content.push({ type: 'text', text: turn.preface });
  turn.calls.forEach((call, index) => {
    content.push({ type: 'tool_use', id: ids[index] ?? null, name: call.name, input: call.value });
  });
  const response: Record<string, JsonValue> = {
    model: 'claude-sonnet-4-5-20250929',
    id: `msg_01${turn.ids.response.slice(0, 22)}`,
    type: 'message',
    role: 'assistant',
    content,
    stop_reason: cut ? 'max_tokens' : 'tool_use',
    stop_sequence: null,
    usage: {
      input_tokens: turn.usage.input,
      cache_creation_input_tokens: 0,
      cache_read_input_tokens: 0,
      cache_creation: { ephemeral_5m_input_tokens: 0, ephemeral_1h_input_tokens: 0 },
      output_tokens: turn.usage.output,
      service_tier: 'standard',
    },
  };
  return { request, response };
}

function geminiExchange(turn: Turn): ToolCallExchange {
  const malformed = turn.ending === 'malformed-call';
  const request: Record<string, JsonValue> = {
    contents: [{ parts: [{ text: turn.prompt }], role: 'user' }],
    systemInstruction: { parts: [{ text: SYSTEM }], role: 'user' },
    tools: [
      {
        functionDeclarations: turn.tools.map((tool) => ({
          name: tool.name,
          description: description(tool),
          parametersJsonSchema: tool.parameters,
        })),
      },
    ],
    ...(turn.ceiling === undefined ? {} : { generationConfig: { maxOutputTokens: turn.ceiling } }),
  };
  const candidate: Record<string, JsonValue> = malformed
    ? {
        content: {},
        finishReason: 'MALFORMED_FUNCTION_CALL',
        index: 0,
        finishMessage: turn.malformedMessage,
      }
    : {
        content: {
          parts: turn.calls.map((call) => ({
            functionCall: { name: call.name, args: call.value },
          })),
          role: 'model',
        },
        finishReason: 'STOP',
        index: 0,
      };
  const response: Record<string, JsonValue> = {
    candidates: [candidate],
    usageMetadata: {
      promptTokenCount: turn.usage.input,
      ...(malformed ? {} : { candidatesTokenCount: turn.usage.output - turn.usage.reasoning }),
      totalTokenCount: turn.usage.input + turn.usage.output,
      promptTokensDetails: [{ modality: 'TEXT', tokenCount: turn.usage.input }],
      ...(turn.usage.reasoning > 0 ? { thoughtsTokenCount: turn.usage.reasoning } : {}),
    },
    modelVersion: 'gemini-2.5-flash',
    responseId: turn.ids.response.slice(0, 23),
  };
  return { request, response };
}

/**
 * How Gemini quotes a call it could not parse, e.g.
 * `Malformed function call: print(default_api.create_ticket(order_id='A-5006', priority='normal'))`.
 *
 * @example
 * ```ts
 * malformedCallMessage('lookup_order', { order_id: 'A-1001', include_items: true });
 * // "Malformed function call: print(default_api.lookup_order(order_id='A-1001', include_items=True))"
 * ```
 */
export function malformedCallMessage(name: string, value: JsonValue): string {
  const python = (item: JsonValue): string => {
    if (item === null) return 'None';
    if (item === true) return 'True';
    if (item === false) return 'False';
    if (typeof item === 'string') return `'${item.replaceAll("'", "\\'")}'`;
    if (typeof item === 'number') return String(item);
    if (Array.isArray(item)) return `[${item.map(python).join(', ')}]`;
    return `{${Object.entries(item)
      .map(([key, member]) => `'${key}': ${python(member ?? null)}`)
      .join(', ')}}`;
  };
  const args =
    value !== null && typeof value === 'object' && !Array.isArray(value)
      ? Object.entries(value).map(([key, member]) => `${key}=${python(member ?? null)}`)
      : [];
  return `Malformed function call: print(default_api.${name}(${args.join(', ')}))`;
}

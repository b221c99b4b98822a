/**
 * The wire types `toolCallResponse` hands out (src/surfaces/<surface>/wire-types.ts) are a cast
 * over writers that return JSON records, so here every generated payload is held to them at run
 * time: each key the type has and no other, each value of the type. The checks are typed against
 * the wire types (a check may accept less than its field's type, never more, and a record's
 * check names every key of its type and no other), so the types and this test move together.
 * test/types/arbitraries-payloads.typecheck.ts proves what the types fit in the SDKs.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  TOOL_CALL_SURFACES,
  type ToolCallExchange,
  type ToolSpec,
  toolCallResponse,
} from '../../src/arbitraries/index.js';
import type { WireSurfaceId } from '../../src/model/model.js';
import type {
  AnthropicMessageWire,
  AnthropicRequestWire,
} from '../../src/surfaces/anthropic-messages/wire-types.js';
import type {
  BedrockDocument,
  BedrockRequestWire,
  BedrockResponseWire,
} from '../../src/surfaces/bedrock-converse/wire-types.js';
import type {
  GeminiRequestWire,
  GeminiResponseWire,
} from '../../src/surfaces/gemini/wire-types.js';
import type {
  ChatCompletionWire,
  ChatRequestWire,
} from '../../src/surfaces/openai-chat/wire-types.js';
import type {
  ResponsesRequestWire,
  ResponsesResponseWire,
} from '../../src/surfaces/openai-responses/wire-types.js';
import type { JsonObject } from '../../src/surfaces/payload.js';
import { CREATE_TICKET, ISSUE_REFUND, LOOKUP_ORDER, runs } from './support.js';

// ---------------------------------------------------------------------------------------------
// A check: the problems of a value at a path, typed with what it accepts.
// ---------------------------------------------------------------------------------------------

interface Check<T> {
  (value: unknown, path: string): string[];
  /** Accepts an absent key. */
  readonly optional?: boolean;
  /** Never set: carries the type the check accepts, so a check fits a field of a wider type only. */
  readonly accepts?: T;
}

const check = <T>(test: (value: unknown, path: string) => string[]): Check<T> => test;
const problem = (path: string, expected: string, value: unknown) => [
  `${path}: expected ${expected}, got ${JSON.stringify(value)}`,
];
const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const string = check<string>((value, path) =>
  typeof value === 'string' ? [] : problem(path, 'a string', value),
);
const number = check<number>((value, path) =>
  typeof value === 'number' && Number.isFinite(value) ? [] : problem(path, 'a number', value),
);
const boolean = check<boolean>((value, path) =>
  typeof value === 'boolean' ? [] : problem(path, 'a boolean', value),
);

function literal<const L extends readonly (string | number | boolean | null)[]>(
  ...values: L
): Check<L[number]> {
  return check((value, path) =>
    values.includes(value as L[number])
      ? []
      : problem(path, `one of ${JSON.stringify(values)}`, value),
  );
}

function prefixed<const P extends string>(prefix: P): Check<`${P}${string}`> {
  return check((value, path) =>
    typeof value === 'string' && value.startsWith(prefix) && value.length > prefix.length
      ? []
      : problem(path, `a string starting ${prefix}`, value),
  );
}

/** Plain JSON all the way down, as a body parsed from the wire is. */
function json(value: unknown, path: string): string[] {
  if (value === null || typeof value === 'string' || typeof value === 'boolean') return [];
  if (typeof value === 'number') return Number.isFinite(value) ? [] : problem(path, 'JSON', value);
  if (Array.isArray(value)) return value.flatMap((item, index) => json(item, `${path}[${index}]`));
  if (isObject(value) && Object.getPrototypeOf(value) === Object.prototype)
    return Object.entries(value).flatMap(([key, item]) => json(item, `${path}.${key}`));
  return problem(path, 'JSON', value);
}

const jsonObject = check<JsonObject>((value, path) =>
  isObject(value) ? json(value, path) : problem(path, 'a JSON object', value),
);

function optional<T>(inner: Check<T>): Check<T | undefined> {
  return Object.assign(check<T | undefined>(inner), { optional: true });
}

function array<T>(item: Check<T>): Check<T[]> {
  return check((value, path) =>
    Array.isArray(value)
      ? value.flatMap((member, index) => item(member, `${path}[${index}]`))
      : problem(path, 'an array', value),
  );
}

function tuple<T extends unknown[]>(...items: { [K in keyof T]: Check<T[K]> }): Check<T> {
  return check((value, path) =>
    Array.isArray(value) && value.length === items.length
      ? items.flatMap((item, index) => item(value[index], `${path}[${index}]`))
      : problem(path, `an array of ${items.length}`, value),
  );
}

/** An object with exactly these keys (an optional one may be absent). */
function record<T>(shape: { [K in keyof T]-?: Check<T[K]> }): Check<T> {
  const checks: [string, Check<unknown>][] = Object.entries(shape);
  return check((value, path) => {
    if (!isObject(value)) return problem(path, 'an object', value);
    const known = new Set(checks.map(([key]) => key));
    return [
      ...Object.keys(value)
        .filter((key) => !known.has(key))
        .map((key) => `${path}.${key}: not in the wire type`),
      ...checks.flatMap(([key, inner]) =>
        Object.hasOwn(value, key)
          ? inner(value[key], `${path}.${key}`)
          : inner.optional
            ? []
            : [`${path}.${key}: missing`],
      ),
    ];
  });
}

/** The problems of the alternative that comes closest, or none where one fits. */
function oneOf<T extends unknown[]>(
  ...alternatives: { [K in keyof T]: Check<T[K]> }
): Check<T[number]> {
  return check((value, path) => {
    const found = alternatives.map((alternative) => alternative(value, path));
    return found.some((problems) => problems.length === 0)
      ? []
      : (found.sort((a, b) => a.length - b.length)[0] ?? []);
  });
}

// ---------------------------------------------------------------------------------------------
// The surfaces' wire types as checks
// ---------------------------------------------------------------------------------------------

type ChatMessage = ChatCompletionWire['choices'][0]['message'];
const chatRequest = record<ChatRequestWire>({
  model: string,
  messages: tuple<ChatRequestWire['messages']>(
    record({ role: literal('system'), content: string }),
    record({ role: literal('user'), content: string }),
  ),
  tools: array(
    record({
      type: literal('function'),
      function: record({
        name: string,
        description: string,
        parameters: jsonObject,
        strict: optional(boolean),
      }),
    }),
  ),
  parallel_tool_calls: optional(boolean),
  max_completion_tokens: optional(number),
});
const chatCompletion = record<ChatCompletionWire>({
  id: prefixed('chatcmpl-'),
  object: literal('chat.completion'),
  created: number,
  model: string,
  choices: tuple<ChatCompletionWire['choices']>(
    record({
      index: literal(0),
      message: record<ChatMessage>({
        role: literal('assistant'),
        content: literal(null),
        tool_calls: array(
          record({
            id: prefixed('call_'),
            type: literal('function'),
            function: record({ name: string, arguments: string }),
          }),
        ),
        refusal: literal(null),
        annotations: tuple<[]>(),
      }),
      logprobs: literal(null),
      finish_reason: literal('tool_calls', 'length'),
    }),
  ),
  usage: record({
    prompt_tokens: number,
    completion_tokens: number,
    total_tokens: number,
    prompt_tokens_details: record({ cached_tokens: number, audio_tokens: number }),
    completion_tokens_details: record({
      reasoning_tokens: number,
      audio_tokens: number,
      accepted_prediction_tokens: number,
      rejected_prediction_tokens: number,
    }),
  }),
  service_tier: literal('default'),
  system_fingerprint: prefixed('fp_'),
});

const responsesTool = record<ResponsesRequestWire['tools'][number]>({
  type: literal('function'),
  name: string,
  description: string,
  parameters: jsonObject,
  strict: boolean,
});
const responsesRequest = record<ResponsesRequestWire>({
  model: string,
  instructions: string,
  input: tuple<ResponsesRequestWire['input']>(record({ role: literal('user'), content: string })),
  tools: array(responsesTool),
  parallel_tool_calls: optional(boolean),
  max_output_tokens: optional(number),
});
const responsesResponse = record<ResponsesResponseWire>({
  id: prefixed('resp_'),
  object: literal('response'),
  created_at: number,
  status: literal('completed', 'incomplete'),
  background: literal(false),
  billing: record({ payer: literal('developer') }),
  error: literal(null),
  incomplete_details: oneOf(literal(null), record({ reason: literal('max_output_tokens') })),
  instructions: string,
  max_output_tokens: oneOf(number, literal(null)),
  max_tool_calls: literal(null),
  model: string,
  output: array(
    oneOf(
      record({ id: prefixed('rs_'), type: literal('reasoning'), summary: tuple<[]>() }),
      record({
        id: prefixed('fc_'),
        type: literal('function_call'),
        status: literal('completed', 'incomplete'),
        arguments: string,
        call_id: prefixed('call_'),
        name: string,
      }),
    ),
  ),
  parallel_tool_calls: boolean,
  previous_response_id: literal(null),
  prompt_cache_key: literal(null),
  reasoning: record({ effort: literal('low'), summary: literal(null) }),
  safety_identifier: literal(null),
  service_tier: literal('default'),
  store: literal(true),
  temperature: number,
  text: record({ format: record({ type: literal('text') }), verbosity: literal('medium') }),
  tool_choice: literal('auto'),
  tools: array(responsesTool),
  top_logprobs: number,
  top_p: number,
  truncation: literal('disabled'),
  usage: record({
    input_tokens: number,
    input_tokens_details: record({ cached_tokens: number }),
    output_tokens: number,
    output_tokens_details: record({ reasoning_tokens: number }),
    total_tokens: number,
  }),
  user: literal(null),
  metadata: record({}),
});

const anthropicRequest = record<AnthropicRequestWire>({
  model: string,
  max_tokens: number,
  system: string,
  tools: array(
    record({
      name: string,
      description: string,
      input_schema: jsonObject,
      strict: optional(boolean),
    }),
  ),
  messages: tuple<AnthropicRequestWire['messages']>(
    record({ role: literal('user'), content: string }),
  ),
  tool_choice: optional(
    record({ type: literal('auto'), disable_parallel_tool_use: literal(true) }),
  ),
});
const anthropicMessage = record<AnthropicMessageWire>({
  model: string,
  id: prefixed('msg_01'),
  type: literal('message'),
  role: literal('assistant'),
  content: array(
    oneOf(
      record({ type: literal('text'), text: string }),
      record({
        type: literal('tool_use'),
        id: prefixed('toolu_01'),
        name: string,
        input: jsonObject,
      }),
    ),
  ),
  stop_reason: literal('tool_use', 'max_tokens'),
  stop_sequence: literal(null),
  usage: record({
    input_tokens: number,
    cache_creation_input_tokens: number,
    cache_read_input_tokens: number,
    cache_creation: record({
      ephemeral_5m_input_tokens: number,
      ephemeral_1h_input_tokens: number,
    }),
    output_tokens: number,
    service_tier: literal('standard'),
  }),
});

const geminiText = tuple<[{ text: string }]>(record({ text: string }));
const geminiRequest = record<GeminiRequestWire>({
  contents: tuple<GeminiRequestWire['contents']>(
    record({ parts: geminiText, role: literal('user') }),
  ),
  systemInstruction: record({ parts: geminiText, role: literal('user') }),
  tools: tuple<GeminiRequestWire['tools']>(
    record({
      functionDeclarations: array(
        record({ name: string, description: string, parametersJsonSchema: jsonObject }),
      ),
    }),
  ),
  generationConfig: optional(record({ maxOutputTokens: number })),
});
type GeminiCandidate = GeminiResponseWire['candidates'][0];
const geminiResponse = record<GeminiResponseWire>({
  candidates: tuple<GeminiResponseWire['candidates']>(
    oneOf(
      record<Exclude<GeminiCandidate, { finishReason: 'MALFORMED_FUNCTION_CALL' }>>({
        content: record({
          parts: array(record({ functionCall: record({ name: string, args: jsonObject }) })),
          role: literal('model'),
        }),
        finishReason: oneOf(literal('STOP'), literal('MAX_TOKENS')),
        index: literal(0),
      }),
      record<Extract<GeminiCandidate, { finishReason: 'MALFORMED_FUNCTION_CALL' }>>({
        content: record({}),
        finishReason: literal('MALFORMED_FUNCTION_CALL'),
        index: literal(0),
        finishMessage: string,
      }),
    ),
  ),
  usageMetadata: record({
    promptTokenCount: number,
    candidatesTokenCount: optional(number),
    totalTokenCount: number,
    promptTokensDetails: tuple<GeminiResponseWire['usageMetadata']['promptTokensDetails']>(
      record({ modality: literal('TEXT'), tokenCount: number }),
    ),
    thoughtsTokenCount: optional(number),
  }),
  modelVersion: string,
  responseId: string,
});

/** A JSON object with no `undefined` anywhere: `json` refuses one, as Smithy's DocumentType does. */
const bedrockDocument = check<{ [key: string]: BedrockDocument }>((value, path) =>
  isObject(value) ? json(value, path) : problem(path, 'a JSON object', value),
);
const bedrockText = tuple<[{ text: string }]>(record({ text: string }));
const bedrockRequest = record<BedrockRequestWire>({
  inferenceConfig: optional(record({ maxTokens: number })),
  messages: tuple<BedrockRequestWire['messages']>(
    record({ role: literal('user'), content: bedrockText }),
  ),
  system: bedrockText,
  toolConfig: record({
    tools: array(
      record({
        toolSpec: record({
          name: string,
          description: string,
          inputSchema: record({ json: bedrockDocument }),
          strict: optional(boolean),
        }),
      }),
    ),
  }),
});
const bedrockResponse = record<BedrockResponseWire>({
  output: record({
    message: record({
      role: literal('assistant'),
      content: array(
        oneOf(
          record({ text: string }),
          record({
            toolUse: record({
              toolUseId: prefixed('tooluse_'),
              name: string,
              input: bedrockDocument,
            }),
          }),
        ),
      ),
    }),
  }),
  stopReason: literal('tool_use', 'max_tokens'),
  usage: record({ inputTokens: number, outputTokens: number, totalTokens: number }),
  metrics: record({ latencyMs: number }),
});

/** Each typed surface's request and response checks. */
const WIRE: { [S in WireSurfaceId]?: Check<ToolCallExchange<S>> } = {
  'openai-chat': record({ request: chatRequest, response: chatCompletion }),
  'openai-responses': record({ request: responsesRequest, response: responsesResponse }),
  'anthropic-messages': record({ request: anthropicRequest, response: anthropicMessage }),
  gemini: record({ request: geminiRequest, response: geminiResponse }),
  'bedrock-converse': record({ request: bedrockRequest, response: bedrockResponse }),
};

const TOOLS: ToolSpec[] = [
  { name: 'lookup_order', parameters: LOOKUP_ORDER, strict: true },
  { name: 'create_ticket', parameters: CREATE_TICKET },
  { name: 'issue_refund', parameters: ISSUE_REFUND, strict: false, description: 'Refund.' },
  // An object schema that does not say `type: 'object'`: why input_schema is any JSON object.
  { name: 'note', parameters: { properties: { text: { type: 'string' } }, required: ['text'] } },
];

describe('the wire types of toolCallResponse', () => {
  it.each(TOOL_CALL_SURFACES)('hold every payload written for %s', (surface) => {
    // A surface with no wire types yet is typed as JSON records (ToolCallExchange's fallback).
    const wire = WIRE[surface] ?? record({ request: jsonObject, response: jsonObject });
    fc.assert(
      fc.property(toolCallResponse({ tools: TOOLS, surface }), (sample) => {
        expect(wire(sample.payload, 'payload')).toEqual([]);
      }),
      runs(300),
    );
  });

  it('refuse what the types do not say: a key too many, a value of another type', () => {
    const [sample] = fc.sample(toolCallResponse({ tools: TOOLS, surface: 'openai-chat' }), {
      seed: 1,
      numRuns: 1,
    });
    if (sample === undefined) throw new Error('no sample');
    const wire = WIRE['openai-chat'];
    const { response } = sample.payload;
    expect(wire?.({ ...sample.payload, response: { ...response, extra: 1 } }, 'payload')).toEqual([
      'payload.response.extra: not in the wire type',
    ]);
    const stopped = { ...response.choices[0], finish_reason: 'stop' };
    expect(
      wire?.({ ...sample.payload, response: { ...response, choices: [stopped] } }, 'payload'),
    ).toEqual([
      'payload.response.choices[0].finish_reason: expected one of ["tool_calls","length"], got "stop"',
    ]);
  });
});

/**
 * Builders of realistic provider payloads, field for field as each API sends them, so each
 * test states only what it is about. Ids are shaped like real ones and carry no secrets.
 */

export const CHARGE_SCHEMA = {
  type: 'object',
  additionalProperties: false,
  required: ['account_id', 'amount_cents', 'currency'],
  properties: {
    account_id: { type: 'string' },
    amount_cents: { type: 'integer' },
    currency: { type: 'string', enum: ['usd', 'eur'] },
  },
};

export const GOOD_CHARGE = '{"account_id":"acct_9","amount_cents":1200,"currency":"usd"}';
export const BAD_CHARGE =
  '{"account_id":"acct_9","amount_cents":"1200","currency":"gbp","idempotency_key":"k1"}';
export const CUT_CHARGE = '{"account_id":"acct_9","amount_cen';

export interface Call {
  name: string;
  /** A JSON string for OpenAI; parsed into an object for Anthropic and Gemini. */
  arguments: string;
}

export type Ending = 'finished' | 'ceiling' | 'filter';

export interface Scenario {
  calls?: Call[];
  text?: string;
  ending?: Ending;
  strict?: boolean;
  parallel?: boolean;
  maxOutputTokens?: number;
  outputTokens?: number;
  reasoningTokens?: number;
}

const call = (i: number) => `call_${'a1b2c3d4e5f6'.slice(0, 6)}${i}`;

/** An OpenAI Responses API response; it echoes tools, parallel_tool_calls and the ceiling. */
export function responsesResponse(s: Scenario = {}) {
  const ending = s.ending ?? 'finished';
  const calls = s.calls ?? [];
  return {
    id: 'resp_68af4030592c81938ec0a5fbab4a3e9f05438e46b5f69a3b',
    object: 'response',
    created_at: 1756315696,
    status: ending === 'finished' ? 'completed' : 'incomplete',
    error: null,
    incomplete_details:
      ending === 'finished'
        ? null
        : { reason: ending === 'ceiling' ? 'max_output_tokens' : 'content_filter' },
    max_output_tokens: s.maxOutputTokens ?? null,
    model: 'gpt-5-2025-08-07',
    output: [
      ...(s.reasoningTokens
        ? [
            {
              id: 'rs_68af4030baa48193b0b43b4c2a176a1a05438e46b5f69a3b',
              type: 'reasoning',
              summary: [],
            },
          ]
        : []),
      ...calls.map((c, i) => ({
        id: `fc_68af40310a8c8193a1c2b4d5e6f7a8b9${i}5438e46b5f69a3b`,
        type: 'function_call',
        status: ending === 'ceiling' && i === calls.length - 1 ? 'incomplete' : 'completed',
        arguments: c.arguments,
        call_id: call(i),
        name: c.name,
      })),
      ...(s.text !== undefined
        ? [
            {
              id: 'msg_68af4031f0a48193a3c6d7e8f9a0b1c205438e46b5f69a3b',
              type: 'message',
              status: ending === 'finished' ? 'completed' : 'incomplete',
              content: [{ type: 'output_text', annotations: [], logprobs: [], text: s.text }],
              role: 'assistant',
            },
          ]
        : []),
    ],
    parallel_tool_calls: s.parallel ?? true,
    tool_choice: 'auto',
    tools: [
      {
        type: 'function',
        description: 'Charge a customer account.',
        name: 'charge',
        parameters: CHARGE_SCHEMA,
        strict: s.strict ?? true,
      },
    ],
    usage: {
      input_tokens: 81,
      input_tokens_details: { cached_tokens: 0 },
      output_tokens: s.outputTokens ?? 40,
      output_tokens_details: { reasoning_tokens: s.reasoningTokens ?? 0 },
      total_tokens: 81 + (s.outputTokens ?? 40),
    },
  };
}

export function chatRequest(s: Scenario = {}) {
  return {
    model: 'gpt-4.1-2025-04-14',
    messages: [{ role: 'user', content: 'Charge acct_9 twelve dollars.' }],
    tools: [
      {
        type: 'function',
        function: {
          name: 'charge',
          description: 'Charge a customer account.',
          parameters: CHARGE_SCHEMA,
          strict: s.strict ?? true,
        },
      },
    ],
    ...(s.parallel === undefined ? {} : { parallel_tool_calls: s.parallel }),
    ...(s.maxOutputTokens === undefined ? {} : { max_completion_tokens: s.maxOutputTokens }),
  };
}

export function chatResponse(s: Scenario = {}) {
  const ending = s.ending ?? 'finished';
  const calls = s.calls ?? [];
  return {
    id: 'chatcmpl-C9jT4l6nqC2dMvWq8m5xYb3ZkE1rP',
    object: 'chat.completion',
    created: 1756315696,
    model: 'gpt-4.1-2025-04-14',
    choices: [
      {
        index: 0,
        message: {
          role: 'assistant',
          content: s.text ?? null,
          refusal: null,
          annotations: [],
          ...(calls.length > 0
            ? {
                tool_calls: calls.map((c, i) => ({
                  id: call(i),
                  type: 'function',
                  function: { name: c.name, arguments: c.arguments },
                })),
              }
            : {}),
        },
        logprobs: null,
        finish_reason:
          ending === 'ceiling'
            ? 'length'
            : ending === 'filter'
              ? 'content_filter'
              : calls.length > 0
                ? 'tool_calls'
                : 'stop',
      },
    ],
    usage: {
      prompt_tokens: 81,
      completion_tokens: s.outputTokens ?? 40,
      total_tokens: 81 + (s.outputTokens ?? 40),
      prompt_tokens_details: { cached_tokens: 0, audio_tokens: 0 },
      completion_tokens_details: {
        reasoning_tokens: s.reasoningTokens ?? 0,
        audio_tokens: 0,
        accepted_prediction_tokens: 0,
        rejected_prediction_tokens: 0,
      },
    },
    service_tier: 'default',
    system_fingerprint: 'fp_3f58d112f7',
  };
}

export function anthropicRequest(s: Scenario = {}) {
  return {
    model: 'claude-sonnet-4-5-20250929',
    max_tokens: s.maxOutputTokens ?? 1024,
    messages: [{ role: 'user', content: 'Charge acct_9 twelve dollars.' }],
    tools: [
      {
        name: 'charge',
        description: 'Charge a customer account.',
        input_schema: CHARGE_SCHEMA,
        ...(s.strict === undefined ? {} : { strict: s.strict }),
      },
    ],
    ...(s.parallel === false
      ? { tool_choice: { type: 'auto', disable_parallel_tool_use: true } }
      : {}),
  };
}

/** Anthropic `input` is an object; a cut tool_use arrives with whatever input was written (often `{}`). */
export function anthropicMessage(s: Scenario = {}) {
  const ending = s.ending ?? 'finished';
  const calls = s.calls ?? [];
  return {
    id: 'msg_01XFDUDYJgAACzvnptvVoYEL',
    type: 'message',
    role: 'assistant',
    model: 'claude-sonnet-4-5-20250929',
    content: [
      ...(s.text !== undefined ? [{ type: 'text', text: s.text }] : []),
      ...calls.map((c, i) => ({
        type: 'tool_use',
        id: `toolu_01A09q90qw90lq917835lq9${i}`,
        name: c.name,
        input: parseOr(c.arguments, {}),
      })),
    ],
    stop_reason:
      ending === 'ceiling'
        ? 'max_tokens'
        : ending === 'filter'
          ? 'refusal'
          : calls.length > 0
            ? 'tool_use'
            : 'end_turn',
    stop_sequence: null,
    usage: {
      input_tokens: 412,
      cache_creation_input_tokens: 0,
      cache_read_input_tokens: 0,
      output_tokens: s.outputTokens ?? 40,
      service_tier: 'standard',
    },
  };
}

export function geminiRequest(s: Scenario = {}) {
  return {
    contents: [{ role: 'user', parts: [{ text: 'Charge acct_9 twelve dollars.' }] }],
    tools: [
      {
        functionDeclarations: [
          {
            name: 'charge',
            description: 'Charge a customer account.',
            parameters: {
              type: 'OBJECT',
              properties: {
                account_id: { type: 'STRING' },
                amount_cents: { type: 'INTEGER' },
                currency: { type: 'STRING', enum: ['usd', 'eur'] },
              },
              required: ['account_id', 'amount_cents', 'currency'],
            },
          },
        ],
      },
    ],
    ...(s.maxOutputTokens === undefined
      ? {}
      : { generationConfig: { maxOutputTokens: s.maxOutputTokens } }),
  };
}

export function geminiResponse(s: Scenario = {}) {
  const ending = s.ending ?? 'finished';
  const calls = s.calls ?? [];
  return {
    candidates: [
      {
        content: {
          parts: [
            ...(s.text !== undefined ? [{ text: s.text }] : []),
            ...calls.map((c) => ({
              functionCall: { name: c.name, args: parseOr(c.arguments, {}) },
            })),
          ],
          role: 'model',
        },
        finishReason: ending === 'ceiling' ? 'MAX_TOKENS' : ending === 'filter' ? 'SAFETY' : 'STOP',
        index: 0,
      },
    ],
    usageMetadata: {
      promptTokenCount: 61,
      candidatesTokenCount: (s.outputTokens ?? 40) - (s.reasoningTokens ?? 0),
      totalTokenCount: 61 + (s.outputTokens ?? 40),
      ...(s.reasoningTokens ? { thoughtsTokenCount: s.reasoningTokens } : {}),
    },
    modelVersion: 'gemini-2.5-flash',
    responseId: 'm36LaZGyCLz1xs0PtNSB-QU',
  };
}

function parseOr(text: string, fallback: unknown): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return fallback;
  }
}

/**
 * Builds the recorded-exchange corpus in fixtures/: one HAR 1.2 file per scenario, the
 * manifest that says what each one should diagnose to, and the batch results as raw JSONL.
 *
 * Regenerate after changing a builder (from the package root):
 *
 *   node scripts/build-fixtures.mjs
 *
 * test/fixtures/manifest.test.ts rebuilds everything in memory and fails when the files on disk
 * differ by one byte, so edit this file, never the fixtures.
 *
 * Every payload is built field for field like the provider's own wire format (compared with
 * the recordings in ../shared/corpora/provider-recordings and the official SDK types); ids,
 * times and sizes come from a seeded generator, so the output never changes between runs.
 * Nothing here carries a key, a cookie or personal data: orders and accounts are fictional.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

// ---------------------------------------------------------------------------------------------
// Deterministic ids and clocks
// ---------------------------------------------------------------------------------------------

const HEX = '0123456789abcdef';
const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
// Anthropic ids avoid look-alike characters.
const BASE58 = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';
const BASE64 = `${BASE62}+/`;
const BASE64URL = `${BASE62}-_`;

/**
 * A source of pseudo-random characters seeded by a string (FNV-1a, then mulberry32), so one
 * scenario's ids stay the same when another scenario is added or changed.
 */
function randomSource(seed) {
  let hash = 0x811c9dc5;
  for (const char of seed) {
    hash ^= char.codePointAt(0) ?? 0;
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  let state = hash;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    chars: (alphabet, length) =>
      Array.from({ length }, () => alphabet[Math.floor(next() * alphabet.length)]).join(''),
    between: (low, high) => low + Math.floor(next() * (high - low + 1)),
  };
}

/** One recording's moment, in the three spellings the payloads use. */
function momentAt(iso) {
  const date = new Date(iso);
  return {
    iso: date.toISOString(),
    unix: Math.floor(date.getTime() / 1000),
    http: date.toUTCString(),
    plus: (ms) => momentAt(new Date(date.getTime() + ms).toISOString()),
  };
}

const hex8 = (unix) => unix.toString(16).padStart(8, '0');

/**
 * Responses API ids as they looked in 2025: the creation time in hex, then random hex with an
 * `81xx` shard marker, then a 16-hex suffix every item of the same response shares.
 */
function responsesIds(random, createdAt) {
  const shard = random.chars(HEX, 2);
  const suffix = random.chars(HEX, 16);
  return (prefix, secondsLater = 0) =>
    `${prefix}_${hex8(createdAt + secondsLater)}${random.chars(HEX, 4)}81${shard}${random.chars(HEX, 16)}${suffix}`;
}

const openaiCallId = (random) => `call_${random.chars(BASE62, 24)}`;
/**
 * Chat completion ids open with a clock: their first four base62 characters count roughly
 * minutes (`chatcmpl-C9jT…` in late August 2025, `chatcmpl-D8Z5…` in February 2026).
 */
function chatCompletionId(random, unix) {
  const tick = Math.floor(2897351 + ((unix - 1756315696) * 233840) / 14618187);
  const clock = [3, 2, 1, 0].map((power) => BASE62[Math.floor(tick / 62 ** power) % 62]).join('');
  return `chatcmpl-${clock}${random.chars(BASE62, 25)}`;
}
const openaiRequestId = (random) => `req_${random.chars(HEX, 32)}`;
const anthropicId = (random, prefix) => `${prefix}_01${random.chars(BASE58, 22)}`;
// Request ids open with a slowly moving prefix; `011CV` is how they began in December 2025.
const anthropicRequestId = (random) => `req_011CV${random.chars(BASE58, 19)}`;
const cfRay = (random, colo) => `${random.chars(HEX, 16)}-${colo}`;

// ---------------------------------------------------------------------------------------------
// The order-support agent's tools, in one neutral shape
// ---------------------------------------------------------------------------------------------

const LOOKUP_ORDER = {
  name: 'lookup_order',
  description: 'Look up an order by id: status, carrier, delivery estimate and, if asked, items.',
  parameters: {
    type: 'object',
    properties: {
      order_id: { type: 'string', description: 'The order id, e.g. A-1001.' },
      include_items: { type: 'boolean', description: 'Whether to include the line items.' },
    },
    required: ['order_id', 'include_items'],
    additionalProperties: false,
  },
};

const CREATE_TICKET = {
  name: 'create_ticket',
  description: 'Open a support ticket on an order so a human agent follows up.',
  parameters: {
    type: 'object',
    properties: {
      order_id: { type: 'string', description: 'The order id, e.g. A-1001.' },
      category: {
        type: 'string',
        enum: ['damaged', 'missing_item', 'late_delivery', 'billing', 'other'],
      },
      summary: {
        type: 'string',
        description: 'One or two sentences for the agent who picks the ticket up.',
      },
      priority: { type: 'string', enum: ['low', 'normal', 'high'] },
    },
    required: ['order_id', 'category', 'summary', 'priority'],
    additionalProperties: false,
  },
};

const ISSUE_REFUND = {
  name: 'issue_refund',
  description: 'Refund part or all of an order to the original payment method.',
  parameters: {
    type: 'object',
    properties: {
      order_id: { type: 'string', description: 'The order id, e.g. A-1001.' },
      amount_cents: { type: 'integer', description: 'The amount to refund, in cents.' },
      currency: { type: 'string', enum: ['usd', 'eur'] },
      reason: { type: 'string', enum: ['damaged', 'missing_item', 'late_delivery', 'goodwill'] },
    },
    required: ['order_id', 'amount_cents', 'currency', 'reason'],
    additionalProperties: false,
  },
};

const SUPPORT_HOURS = {
  name: 'get_support_hours',
  description: "Today's phone support hours and the current wait time. Takes no arguments.",
  parameters: { type: 'object', properties: {}, required: [], additionalProperties: false },
};

const AGENT_TOOLS = [LOOKUP_ORDER, CREATE_TICKET, ISSUE_REFUND];

/** A free-text tool held to a Lark grammar: the model writes a filter, not JSON. */
const SEARCH_ORDERS = {
  name: 'search_orders',
  description:
    'Search orders with a filter such as `customer:acct_9 AND status:delayed`. Fields: status, customer, carrier, placed_after (YYYY-MM-DD).',
  grammar: [
    'start: filter (" AND " filter)*',
    'filter: FIELD ":" VALUE',
    'FIELD: "status" | "customer" | "carrier" | "placed_after"',
    'VALUE: /[A-Za-z0-9_.-]+/',
  ].join('\n'),
};

const SYSTEM_PROMPT =
  'You are the order-support agent for Northwind Goods. Use the tools to look orders up, open tickets and issue refunds. Never promise a refund you have not issued.';

/** A structured-output format for the answer text, used where a refusal is recorded. */
const SUPPORT_REPLY_SCHEMA = {
  type: 'object',
  properties: {
    reply: { type: 'string' },
    escalate: { type: 'boolean' },
  },
  required: ['reply', 'escalate'],
  additionalProperties: false,
};

const responsesTool = (tool, strict) => ({
  type: 'function',
  name: tool.name,
  description: tool.description,
  parameters: tool.parameters,
  strict,
});

/** The Responses API echoes a function tool with its keys in this order. */
const responsesToolEcho = (tool) =>
  tool.type === 'function'
    ? {
        type: 'function',
        description: tool.description,
        name: tool.name,
        parameters: tool.parameters,
        strict: tool.strict,
      }
    : tool;

const responsesCustomTool = (tool) => ({
  type: 'custom',
  name: tool.name,
  description: tool.description,
  format: { type: 'grammar', syntax: 'lark', definition: tool.grammar },
});

const chatTool = (tool, strict) => ({
  type: 'function',
  function: {
    name: tool.name,
    description: tool.description,
    parameters: tool.parameters,
    strict,
  },
});

const chatCustomTool = (tool) => ({
  type: 'custom',
  custom: {
    name: tool.name,
    description: tool.description,
    format: { type: 'grammar', grammar: { definition: tool.grammar, syntax: 'lark' } },
  },
});

const anthropicTool = (tool, strict) => ({
  name: tool.name,
  description: tool.description,
  input_schema: tool.parameters,
  ...(strict ? { strict: true } : {}),
});

/** Gemini takes the OpenAPI subset: upper-case types, and no additionalProperties. */
function geminiDeclaration(tool) {
  const convert = (schema) => {
    const out = { type: schema.type.toUpperCase() };
    if (schema.description) out.description = schema.description;
    if (schema.enum) out.enum = schema.enum;
    if (schema.properties) {
      out.properties = Object.fromEntries(
        Object.entries(schema.properties).map(([key, value]) => [key, convert(value)]),
      );
    }
    if (schema.required?.length) out.required = schema.required;
    return out;
  };
  return { name: tool.name, description: tool.description, parameters: convert(tool.parameters) };
}

// ---------------------------------------------------------------------------------------------
// OpenAI Responses API
// ---------------------------------------------------------------------------------------------

const REASONING_MODELS = new Set(['gpt-5']);
const OPENAI_SNAPSHOTS = {
  'gpt-5': 'gpt-5-2025-08-07',
  'gpt-5-mini': 'gpt-5-mini-2025-08-07',
  'gpt-4.1': 'gpt-4.1-2025-04-14',
  'gpt-4.1-mini': 'gpt-4.1-mini-2025-04-14',
};
// A model's fingerprint stays the same across a day's traffic; gpt-5 reports none on Chat.
const FINGERPRINTS = {
  'gpt-4.1-2025-04-14': 'fp_b3f1157249',
  'gpt-4.1-mini-2025-04-14': 'fp_6f2eabb9a5',
  'gpt-5-2025-08-07': null,
  'gpt-5-mini-2025-08-07': null,
};

function userInput(text) {
  return [{ role: 'user', content: text }];
}

/** A Responses request body, keys in the order a developer writes them. */
function responsesRequest({
  model,
  input,
  tools,
  parallel,
  maxOutputTokens,
  reasoning,
  text,
  stream,
}) {
  return {
    model,
    instructions: SYSTEM_PROMPT,
    input: userInput(input),
    tools,
    ...(parallel === undefined ? {} : { parallel_tool_calls: parallel }),
    ...(maxOutputTokens === undefined ? {} : { max_output_tokens: maxOutputTokens }),
    ...(reasoning === undefined ? {} : { reasoning }),
    ...(text === undefined ? {} : { text }),
    ...(stream ? { stream: true } : {}),
  };
}

function responsesUsage({ input, output, reasoning = 0, cached = 0 }) {
  return {
    input_tokens: input,
    input_tokens_details: { cached_tokens: cached },
    output_tokens: output,
    output_tokens_details: { reasoning_tokens: reasoning },
    total_tokens: input + output,
  };
}

/**
 * A Responses API response: it echoes the request's settings (tools, parallel_tool_calls, the
 * ceiling), with the server's defaults filled in. Streamed objects carry no `billing`.
 */
function responsesResponse({
  id,
  createdAt,
  request,
  status = 'completed',
  incompleteReason = null,
  output,
  usage,
  streamed = false,
}) {
  const reasoningModel = REASONING_MODELS.has(request.model);
  return {
    id,
    object: 'response',
    created_at: createdAt,
    status,
    background: false,
    ...(streamed ? {} : { billing: { payer: 'developer' } }),
    error: null,
    incomplete_details: incompleteReason === null ? null : { reason: incompleteReason },
    instructions: request.instructions ?? null,
    max_output_tokens: request.max_output_tokens ?? null,
    max_tool_calls: null,
    model: OPENAI_SNAPSHOTS[request.model],
    output,
    parallel_tool_calls: request.parallel_tool_calls ?? true,
    previous_response_id: null,
    prompt_cache_key: null,
    reasoning: {
      effort: request.reasoning?.effort ?? (reasoningModel ? 'medium' : null),
      summary: null,
    },
    safety_identifier: null,
    service_tier: 'default',
    store: true,
    temperature: 1,
    text: { format: request.text?.format ?? { type: 'text' }, verbosity: 'medium' },
    tool_choice: 'auto',
    tools: (request.tools ?? []).map(responsesToolEcho),
    top_logprobs: 0,
    top_p: 1,
    truncation: 'disabled',
    usage,
    user: null,
    metadata: {},
  };
}

const reasoningItem = (id) => ({ id, type: 'reasoning', summary: [] });

const functionCallItem = ({ id, status = 'completed', args, callId, name }) => ({
  id,
  type: 'function_call',
  status,
  arguments: args,
  call_id: callId,
  name,
});

const customToolCallItem = ({ id, callId, input, name }) => ({
  id,
  type: 'custom_tool_call',
  status: 'completed',
  call_id: callId,
  input,
  name,
});

const messageItem = ({ id, status = 'completed', content }) => ({
  id,
  type: 'message',
  status,
  content,
  role: 'assistant',
});

const outputText = (text) => ({ type: 'output_text', annotations: [], logprobs: [], text });

// ---------------------------------------------------------------------------------------------
// OpenAI Chat Completions
// ---------------------------------------------------------------------------------------------

function chatRequest({
  model,
  input,
  tools,
  parallel,
  maxCompletionTokens,
  responseFormat,
  stream,
}) {
  return {
    model,
    messages: [
      { role: 'system', content: SYSTEM_PROMPT },
      { role: 'user', content: input },
    ],
    tools,
    ...(parallel === undefined ? {} : { parallel_tool_calls: parallel }),
    ...(maxCompletionTokens === undefined ? {} : { max_completion_tokens: maxCompletionTokens }),
    ...(responseFormat === undefined ? {} : { response_format: responseFormat }),
    // The SDK's stream helper appends `stream: true` after the caller's own keys.
    ...(stream ? { stream_options: { include_usage: true }, stream: true } : {}),
  };
}

function chatUsage({ prompt, completion, reasoning = 0, cached = 0 }) {
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

function chatMessage({ content = null, toolCalls, refusal = null }) {
  return {
    role: 'assistant',
    content,
    ...(toolCalls === undefined ? {} : { tool_calls: toolCalls }),
    refusal,
    annotations: [],
  };
}

const chatToolCall = (id, name, args) => ({
  id,
  type: 'function',
  function: { name, arguments: args },
});

function chatCompletion({ id, created, request, message, finishReason, usage }) {
  const model = OPENAI_SNAPSHOTS[request.model];
  return {
    id,
    object: 'chat.completion',
    created,
    model,
    choices: [{ index: 0, message, logprobs: null, finish_reason: finishReason }],
    usage,
    service_tier: 'default',
    system_fingerprint: FINGERPRINTS[model],
  };
}

// ---------------------------------------------------------------------------------------------
// Anthropic Messages and Message Batches
// ---------------------------------------------------------------------------------------------

const ANTHROPIC_MODEL = 'claude-haiku-4-5-20251001';

function anthropicRequest({ maxTokens, tools, input, stream }) {
  return {
    model: ANTHROPIC_MODEL,
    max_tokens: maxTokens,
    system: SYSTEM_PROMPT,
    tools,
    messages: [{ role: 'user', content: input }],
    ...(stream ? { stream: true } : {}),
  };
}

function anthropicUsage({ input, output, serviceTier = 'standard', webSearches }) {
  return {
    input_tokens: input,
    cache_creation_input_tokens: 0,
    cache_read_input_tokens: 0,
    cache_creation: { ephemeral_5m_input_tokens: 0, ephemeral_1h_input_tokens: 0 },
    output_tokens: output,
    service_tier: serviceTier,
    ...(webSearches === undefined
      ? {}
      : { server_tool_use: { web_search_requests: webSearches, web_fetch_requests: 0 } }),
  };
}

function anthropicMessage({ id, content, stopReason, usage }) {
  return {
    model: ANTHROPIC_MODEL,
    id,
    type: 'message',
    role: 'assistant',
    content,
    stop_reason: stopReason,
    stop_sequence: null,
    usage,
  };
}

const toolUse = (id, name, input) => ({ type: 'tool_use', id, name, input });

// ---------------------------------------------------------------------------------------------
// Gemini generateContent
// ---------------------------------------------------------------------------------------------

const GEMINI_MODEL = 'gemini-2.5-flash';

function geminiRequest({ input, tools, generationConfig }) {
  return {
    contents: [{ parts: [{ text: input }], role: 'user' }],
    systemInstruction: { parts: [{ text: SYSTEM_PROMPT }], role: 'user' },
    ...(tools === undefined ? {} : { tools }),
    generationConfig,
  };
}

function geminiUsage({ prompt, answer, thoughts }) {
  return {
    promptTokenCount: prompt,
    ...(answer === undefined ? {} : { candidatesTokenCount: answer }),
    totalTokenCount: prompt + (answer ?? 0) + (thoughts ?? 0),
    promptTokensDetails: [{ modality: 'TEXT', tokenCount: prompt }],
    ...(thoughts === undefined ? {} : { thoughtsTokenCount: thoughts }),
  };
}

function geminiResponse({ candidate, usage, responseId }) {
  const { content, finishReason, ...rest } = candidate;
  return {
    candidates: [{ content, finishReason, index: 0, ...rest }],
    usageMetadata: usage,
    modelVersion: GEMINI_MODEL,
    responseId,
  };
}

// ---------------------------------------------------------------------------------------------
// HTTP: headers as each SDK sends them and each provider answers, and the HAR around them
// ---------------------------------------------------------------------------------------------

const NODE_VERSION = 'v20.19.5';
const OPENAI_SDK = '6.30.1';
const ANTHROPIC_SDK = '0.137.0';
const GOOGLE_GENAI_SDK = '1.22.0';

const header = (name, value) => ({ name, value: String(value) });
const byteLength = (text) => Buffer.byteLength(text, 'utf8');

function stainlessHeaders(client, version) {
  return [
    header('accept', client.accept ?? 'application/json'),
    header('user-agent', `${client.name}/JS ${version}`),
    header('x-stainless-retry-count', 0),
    ...(client.timeout ? [header('x-stainless-timeout', client.timeout)] : []),
    header('x-stainless-lang', 'js'),
    header('x-stainless-package-version', version),
    header('x-stainless-os', 'Linux'),
    header('x-stainless-arch', 'x64'),
    header('x-stainless-runtime', 'node'),
    header('x-stainless-runtime-version', NODE_VERSION),
  ];
}

/**
 * What the OpenAI SDK sends. The recorder keeps no credential: the authorization header is
 * dropped before the exchange is written, never redacted in place.
 */
function openaiRequestHeaders(body, { helper } = {}) {
  return [
    ...stainlessHeaders({ name: 'OpenAI' }, OPENAI_SDK),
    ...(helper ? [header('x-stainless-helper-method', helper)] : []),
    header('content-type', 'application/json'),
    header('host', 'api.openai.com'),
    header('content-length', byteLength(body)),
  ];
}

function anthropicRequestHeaders(body, { beta, helper, accept } = {}) {
  return [
    ...stainlessHeaders({ name: 'Anthropic', timeout: 600, accept }, ANTHROPIC_SDK),
    header('anthropic-version', '2023-06-01'),
    ...(beta ? [header('anthropic-beta', beta)] : []),
    ...(helper ? [header('x-stainless-helper-method', helper)] : []),
    ...(body === undefined
      ? [header('host', 'api.anthropic.com')]
      : [
          header('content-type', 'application/json'),
          header('host', 'api.anthropic.com'),
          header('content-length', byteLength(body)),
        ]),
  ];
}

function geminiRequestHeaders(body) {
  const client = `google-genai-sdk/${GOOGLE_GENAI_SDK} gl-node/${NODE_VERSION}`;
  return [
    header('content-type', 'application/json'),
    header('user-agent', client),
    header('x-goog-api-client', client),
    header('host', 'generativelanguage.googleapis.com'),
    header('content-length', byteLength(body)),
  ];
}

// Framing headers (content-length, transfer-encoding, connection) are left out of responses:
// the HAR holds the decoded body, and a replay that re-sent them would misframe it.

const EVENT_STREAM = 'text/event-stream; charset=utf-8';

function openaiResponseHeaders({ at, random, processingMs, contentType }) {
  return [
    header('date', at.http),
    header('content-type', contentType),
    header('access-control-expose-headers', 'X-Request-ID'),
    header('openai-processing-ms', processingMs),
    header('openai-version', '2020-10-01'),
    header('x-envoy-upstream-service-time', processingMs + random.between(2, 9)),
    header('x-ratelimit-limit-requests', 10000),
    header('x-ratelimit-limit-tokens', 30000000),
    header('x-ratelimit-remaining-requests', 9999),
    header('x-ratelimit-remaining-tokens', 30000000 - random.between(900, 4000)),
    header('x-ratelimit-reset-requests', '6ms'),
    header('x-ratelimit-reset-tokens', '1ms'),
    header('x-request-id', openaiRequestId(random)),
    header('strict-transport-security', 'max-age=31536000; includeSubDomains; preload'),
    header('cf-cache-status', 'DYNAMIC'),
    header('x-content-type-options', 'nosniff'),
    header('server', 'cloudflare'),
    header('cf-ray', cfRay(random, 'SJC')),
    header('alt-svc', 'h3=":443"; ma=86400'),
  ];
}

function anthropicResponseHeaders({ at, random, processingMs, contentType, rateLimits = true }) {
  const reset = at.plus(2000).iso.replace(/\.\d{3}Z$/, 'Z');
  const limits = rateLimits
    ? [
        ['input-tokens', 4000000, random.between(900, 3000)],
        ['output-tokens', 800000, 0],
        ['requests', 4000, 1],
        ['tokens', 4800000, random.between(900, 3000)],
      ].flatMap(([kind, limit, used]) => [
        header(`anthropic-ratelimit-${kind}-limit`, limit),
        header(`anthropic-ratelimit-${kind}-remaining`, limit - used),
        header(`anthropic-ratelimit-${kind}-reset`, reset),
      ])
    : [];
  return [
    header('date', at.http),
    header('content-type', contentType),
    ...(contentType.startsWith('text/event-stream') ? [header('cache-control', 'no-cache')] : []),
    ...limits,
    header('request-id', anthropicRequestId(random)),
    header('strict-transport-security', 'max-age=31536000; includeSubDomains; preload'),
    header('x-envoy-upstream-service-time', processingMs),
    header('via', '1.1 google'),
    header('cf-cache-status', 'DYNAMIC'),
    header('x-robots-tag', 'none'),
    header('server', 'cloudflare'),
    header('cf-ray', cfRay(random, 'SJC')),
  ];
}

function geminiResponseHeaders({ at, processingMs }) {
  return [
    header('content-type', 'application/json; charset=UTF-8'),
    header('vary', 'Origin'),
    header('vary', 'X-Origin'),
    header('vary', 'Referer'),
    header('date', at.http),
    header('server', 'scaffolding on HTTPServer2'),
    header('x-xss-protection', '0'),
    header('x-frame-options', 'SAMEORIGIN'),
    header('x-content-type-options', 'nosniff'),
    header('server-timing', `gfet4t7; dur=${processingMs}`),
    header('alt-svc', 'h3=":443"; ma=2592000,h3-29=":443"; ma=2592000'),
  ];
}

/** Milliseconds with the microsecond part a browser or proxy records. */
const millis = (random, low, high) => random.between(low * 1000, high * 1000) / 1000;

function harEntry({ at, random, request, response, waitMs, receiveMs, comment }) {
  const send = millis(random, 0, 1);
  const wait = waitMs + random.between(0, 999) / 1000;
  const receive = receiveMs;
  return {
    startedDateTime: at.iso,
    time: Math.round((send + wait + receive) * 1000) / 1000,
    request: {
      method: request.method,
      url: request.url,
      httpVersion: 'HTTP/1.1',
      cookies: [],
      headers: request.headers,
      queryString: [],
      ...(request.body === undefined
        ? {}
        : { postData: { mimeType: 'application/json', text: request.body } }),
      headersSize: -1,
      bodySize: request.body === undefined ? 0 : byteLength(request.body),
    },
    response: {
      status: 200,
      statusText: 'OK',
      httpVersion: 'HTTP/1.1',
      cookies: [],
      headers: response.headers,
      content: {
        size: byteLength(response.text),
        mimeType: response.mimeType,
        text: response.text,
      },
      redirectURL: '',
      headersSize: -1,
      bodySize: byteLength(response.text),
      ...(comment ? { comment } : {}),
    },
    cache: {},
    timings: { blocked: -1, dns: -1, connect: -1, send, wait, receive, ssl: -1 },
  };
}

function har(entries, comment) {
  return {
    log: {
      version: '1.2',
      creator: { name: 'tool-call-health fixture builder', version: '0.1.0' },
      entries,
      comment,
    },
  };
}

// ---------------------------------------------------------------------------------------------
// Server-sent events, framed as each provider frames them
// ---------------------------------------------------------------------------------------------

/** Chat Completions: `data:` lines only, and a literal `[DONE]` when the stream ends well. */
const chatEventStream = (chunks, { done }) =>
  chunks.map((chunk) => `data: ${JSON.stringify(chunk)}\n\n`).join('') +
  (done ? 'data: [DONE]\n\n' : '');

/** Responses and Anthropic: an `event:` line naming the type, then its `data:` line. */
const namedEventStream = (events) =>
  events.map(({ event, data }) => `event: ${event}\ndata: ${data}\n\n`).join('');

const named = (payload) => ({ event: payload.type, data: JSON.stringify(payload) });
// Anthropic writes its keep-alive with a space after the colon, unlike every other event.
const ANTHROPIC_PING = { event: 'ping', data: '{"type": "ping"}' };

/** Splits text the way a tokenizer streams it: JSON punctuation runs, words, short digit runs. */
function streamPieces(text) {
  const pieces = text.match(/\{"|":\s?"?|",\s?"|"\}|\s?[A-Za-z_]+|\d{1,3}|[^A-Za-z\d]/g) ?? [];
  if (pieces.join('') !== text) throw new Error(`streamPieces lost characters of ${text}`);
  return pieces;
}

/** Text deltas as Anthropic sends them: a few words at a time, spaces kept. */
const textPieces = (text) => {
  const words = text.match(/\S+\s*/g) ?? [];
  const pieces = [];
  for (let i = 0; i < words.length; i += 3) pieces.push(words.slice(i, i + 3).join(''));
  return pieces;
};

/** OpenAI pads each streamed delta with random characters so sizes do not leak content. */
const obfuscation = (random, delta, width) =>
  random.chars(BASE62, Math.max(1, width - delta.length));

// ---------------------------------------------------------------------------------------------
// Scenario helpers: one function per surface turns a scenario into its HAR entry
// ---------------------------------------------------------------------------------------------

const OPENAI_RESPONSES_URL = 'https://api.openai.com/v1/responses';
const OPENAI_CHAT_URL = 'https://api.openai.com/v1/chat/completions';
const ANTHROPIC_MESSAGES_URL = 'https://api.anthropic.com/v1/messages';
const geminiUrl = (model) =>
  `https://generativelanguage.googleapis.com/v1beta/models/${model}:generateContent`;

const json = (value) => JSON.stringify(value);

function openaiEntry({ at, random, url, requestBody, responseText, streamed, comment }) {
  const processingMs = random.between(streamed ? 380 : 900, streamed ? 700 : 4200);
  const requestText = json(requestBody);
  return harEntry({
    at,
    random,
    request: {
      method: 'POST',
      url,
      headers: openaiRequestHeaders(requestText, streamed ? { helper: 'stream' } : {}),
      body: requestText,
    },
    response: {
      headers: openaiResponseHeaders({
        at: at.plus(processingMs),
        random,
        processingMs,
        contentType: streamed ? EVENT_STREAM : 'application/json',
      }),
      mimeType: streamed ? 'text/event-stream' : 'application/json',
      text: responseText,
    },
    waitMs: processingMs + random.between(20, 60),
    receiveMs: streamed ? millis(random, 900, 2400) : millis(random, 0, 3),
    comment,
  });
}

function anthropicEntry({ at, random, requestBody, responseText, streamed, beta }) {
  const processingMs = random.between(streamed ? 400 : 1100, streamed ? 800 : 3800);
  const requestText = json(requestBody);
  return harEntry({
    at,
    random,
    request: {
      method: 'POST',
      url: ANTHROPIC_MESSAGES_URL,
      headers: anthropicRequestHeaders(requestText, {
        beta,
        ...(streamed ? { helper: 'stream' } : {}),
      }),
      body: requestText,
    },
    response: {
      headers: anthropicResponseHeaders({
        at: at.plus(processingMs),
        random,
        processingMs,
        contentType: streamed ? EVENT_STREAM : 'application/json',
      }),
      mimeType: streamed ? 'text/event-stream' : 'application/json',
      text: responseText,
    },
    waitMs: processingMs + random.between(20, 60),
    receiveMs: streamed ? millis(random, 900, 2200) : millis(random, 0, 3),
  });
}

function geminiEntry({ at, random, requestBody, responseText }) {
  const processingMs = random.between(1400, 5200);
  const requestText = json(requestBody);
  return harEntry({
    at,
    random,
    request: {
      method: 'POST',
      url: geminiUrl(GEMINI_MODEL),
      headers: geminiRequestHeaders(requestText),
      body: requestText,
    },
    response: {
      headers: geminiResponseHeaders({ at: at.plus(processingMs), processingMs }),
      mimeType: 'application/json',
      text: responseText,
    },
    waitMs: processingMs + random.between(20, 60),
    receiveMs: millis(random, 0, 3),
  });
}

/** The pretty-printed text of a recorded JSON body, as a recorder stores it. */
const bodyText = (value) => `${JSON.stringify(value, null, 2)}\n`;

// ---------------------------------------------------------------------------------------------
// OpenAI Responses scenarios
// ---------------------------------------------------------------------------------------------

/**
 * One non-streamed Responses exchange. `output(ids, random)` builds the output items, so every
 * id is drawn from this response's own id family.
 */
function responsesScenario({ at, seed, request, status, incompleteReason, output, usage }) {
  const random = randomSource(seed);
  const moment = momentAt(at);
  const ids = responsesIds(random, moment.unix);
  const response = responsesResponse({
    id: ids('resp'),
    createdAt: moment.unix,
    request,
    status,
    incompleteReason,
    output: output(ids, random),
    usage,
  });
  return [
    openaiEntry({
      at: moment,
      random,
      url: OPENAI_RESPONSES_URL,
      requestBody: request,
      responseText: bodyText(response),
    }),
  ];
}

const strictTools = (tools) => tools.map((tool) => responsesTool(tool, true));
const looseTools = (tools) => tools.map((tool) => responsesTool(tool, false));

const responsesScenarios = [
  {
    name: 'openai-responses/healthy-call',
    description:
      'A strict lookup_order call with valid arguments and parallel calls off: the turn a dispatcher hopes for.',
    expect: { calls: ['dispatchable'], truncation: 'complete', strict: 'strict-serialised' },
    build: (seed) =>
      responsesScenario({
        seed,
        at: '2025-10-07T14:02:11.318Z',
        request: responsesRequest({
          model: 'gpt-5',
          input: 'Where is my order A-1001? It was due Friday.',
          tools: strictTools(AGENT_TOOLS),
          parallel: false,
          reasoning: { effort: 'low' },
        }),
        output: (ids, random) => [
          reasoningItem(ids('rs', 1)),
          functionCallItem({
            id: ids('fc', 2),
            args: '{"order_id":"A-1001","include_items":false}',
            callId: openaiCallId(random),
            name: 'lookup_order',
          }),
        ],
        usage: responsesUsage({ input: 512, output: 87, reasoning: 64 }),
      }),
  },
  {
    name: 'openai-responses/schema-violation',
    description:
      'issue_refund is not strict, and the model sends amount_cents as a decimal string and a currency outside the enum: it parses, and breaks the schema.',
    expect: {
      calls: ['arguments-violate-schema'],
      truncation: 'complete',
      strict: 'no-strict-declared',
    },
    build: (seed) =>
      responsesScenario({
        seed,
        at: '2025-10-07T14:09:42.775Z',
        request: responsesRequest({
          model: 'gpt-4.1',
          input:
            'Order A-1002 arrived two weeks late. Please refund the 18.50 shipping fee, I paid in pounds.',
          tools: looseTools(AGENT_TOOLS),
        }),
        output: (ids, random) => [
          functionCallItem({
            id: ids('fc', 1),
            args: '{"order_id":"A-1002","amount_cents":"18.50","currency":"gbp","reason":"late_delivery"}',
            callId: openaiCallId(random),
            name: 'issue_refund',
          }),
        ],
        usage: responsesUsage({ input: 498, output: 41 }),
      }),
  },
  {
    name: 'openai-responses/unparseable-arguments',
    description:
      'create_ticket is not strict, and the summary quotes the customer without escaping the inner quotes, so the arguments are not JSON.',
    expect: {
      calls: ['arguments-unparseable'],
      truncation: 'complete',
      strict: 'no-strict-declared',
    },
    build: (seed) =>
      responsesScenario({
        seed,
        at: '2025-10-07T14:17:05.140Z',
        request: responsesRequest({
          model: 'gpt-4.1',
          input:
            'The box for A-1003 said "fragile" on every side and the vase inside is in pieces. Open a ticket.',
          tools: looseTools(AGENT_TOOLS),
        }),
        output: (ids, random) => [
          functionCallItem({
            id: ids('fc', 1),
            args: '{"order_id":"A-1003","category":"damaged","summary":"Box was marked "fragile" on every side; the vase arrived broken.","priority":"normal"}',
            callId: openaiCallId(random),
            name: 'create_ticket',
          }),
        ],
        usage: responsesUsage({ input: 503, output: 46 }),
      }),
  },
  {
    name: 'openai-responses/unknown-tool',
    description:
      'The model calls lookup_order_status, which was never declared; the nearest declared tool is lookup_order.',
    expect: { calls: ['unknown-tool'], truncation: 'complete', strict: 'no-strict-declared' },
    build: (seed) =>
      responsesScenario({
        seed,
        at: '2025-10-07T14:23:51.902Z',
        request: responsesRequest({
          model: 'gpt-4.1-mini',
          input: 'Has A-1004 shipped yet? Just the status please.',
          tools: looseTools(AGENT_TOOLS),
        }),
        output: (ids, random) => [
          functionCallItem({
            id: ids('fc', 1),
            args: '{"order_id":"A-1004"}',
            callId: openaiCallId(random),
            name: 'lookup_order_status',
          }),
        ],
        usage: responsesUsage({ input: 489, output: 19 }),
      }),
  },
  {
    name: 'openai-responses/max-output-tokens-mid-arguments',
    description:
      'status incomplete with incomplete_details.reason max_output_tokens: the last function_call is marked incomplete and its arguments stop inside the summary string.',
    expect: {
      calls: ['arguments-truncated'],
      truncation: 'truncated-by-length',
      strict: 'strict-at-risk',
    },
    build: (seed) =>
      responsesScenario({
        seed,
        at: '2025-10-07T14:31:26.457Z',
        request: responsesRequest({
          model: 'gpt-5',
          input:
            'My blender from A-1005 arrived with a cracked jar and the lid is missing. Open a ticket with all the details.',
          tools: strictTools(AGENT_TOOLS),
          maxOutputTokens: 200,
        }),
        status: 'incomplete',
        incompleteReason: 'max_output_tokens',
        output: (ids, random) => [
          reasoningItem(ids('rs', 2)),
          functionCallItem({
            id: ids('fc', 5),
            status: 'incomplete',
            args: '{"order_id":"A-1005","category":"damaged","summary":"Customer reports the blender from order A-1005 arrived with a cracked glass jar and without its lid. The outer box showed no visible damage, so the jar was probably cracked before packing. The customer has photos of the jar and the packing slip, has not used the blender, and would prefer a replacement jar and lid to a refund of the whole order; they also ask whether',
            callId: openaiCallId(random),
            name: 'create_ticket',
          }),
        ],
        usage: responsesUsage({ input: 531, output: 200, reasoning: 96 }),
      }),
  },
  {
    name: 'openai-responses/reasoning-spent-the-ceiling',
    description:
      'status incomplete (max_output_tokens) with only a reasoning item in the output: all 256 output tokens went to reasoning and the answer never began.',
    expect: { calls: [], truncation: 'ceiling-spent-on-reasoning', strict: 'strict-at-risk' },
    build: (seed) =>
      responsesScenario({
        seed,
        at: '2025-10-07T14:38:09.611Z',
        request: responsesRequest({
          model: 'gpt-5',
          input:
            'Orders A-1006, A-1007 and A-1008 all went to the same address and only one arrived. Work out which items are missing and what I am owed.',
          tools: strictTools(AGENT_TOOLS),
          maxOutputTokens: 256,
          reasoning: { effort: 'high' },
        }),
        status: 'incomplete',
        incompleteReason: 'max_output_tokens',
        output: (ids) => [reasoningItem(ids('rs', 3))],
        usage: responsesUsage({ input: 547, output: 256, reasoning: 256 }),
      }),
  },
  {
    name: 'openai-responses/refusal',
    description:
      'The request asks for a structured support reply and the model answers with a refusal content part instead of text.',
    expect: { calls: [], truncation: 'refused', strict: 'strict-serialised' },
    build: (seed) =>
      responsesScenario({
        seed,
        at: '2025-10-07T14:44:37.088Z',
        request: responsesRequest({
          model: 'gpt-4.1',
          input:
            'Write a message to the courier for A-1009 saying I know where their depot is and they will regret losing my parcel.',
          tools: strictTools(AGENT_TOOLS),
          parallel: false,
          text: {
            format: {
              type: 'json_schema',
              name: 'support_reply',
              schema: SUPPORT_REPLY_SCHEMA,
              strict: true,
            },
          },
        }),
        output: (ids) => [
          messageItem({
            id: ids('msg', 1),
            content: [{ type: 'refusal', refusal: "I'm sorry, but I can't help with that." }],
          }),
        ],
        usage: responsesUsage({ input: 566, output: 11 }),
      }),
  },
  {
    name: 'openai-responses/content-filter',
    description:
      'status incomplete with incomplete_details.reason content_filter: the message stops partway and is marked incomplete.',
    expect: { calls: [], truncation: 'stopped-by-filter', strict: 'no-strict-declared' },
    build: (seed) =>
      responsesScenario({
        seed,
        at: '2025-10-07T14:51:13.529Z',
        request: responsesRequest({
          model: 'gpt-4.1',
          input:
            'Draft a reply to the review on A-1010 and quote the reviewer word for word, insults included.',
          tools: looseTools(AGENT_TOOLS),
        }),
        status: 'incomplete',
        incompleteReason: 'content_filter',
        output: (ids) => [
          messageItem({
            id: ids('msg', 1),
            status: 'incomplete',
            content: [
              outputText(
                'Thank you for taking the time to review order A-1010. We are sorry the delivery fell short, and',
              ),
            ],
          }),
        ],
        usage: responsesUsage({ input: 494, output: 23 }),
      }),
  },
  {
    name: 'openai-responses/strict-void-fanout',
    description:
      'Strict tools with parallel_tool_calls: true, and the turn fans out into three calls; the third breaks its schema (amount_cents as a string), which strict would have prevented on a single call.',
    expect: {
      calls: ['dispatchable', 'dispatchable', 'arguments-violate-schema'],
      truncation: 'complete',
      strict: 'strict-void',
    },
    build: (seed) =>
      responsesScenario({
        seed,
        at: '2025-10-07T14:58:40.264Z',
        request: responsesRequest({
          model: 'gpt-4.1',
          input:
            'Check A-1011 and A-1012 for me, and refund the 18.50 late fee on A-1012 straight away.',
          tools: strictTools(AGENT_TOOLS),
          parallel: true,
        }),
        output: (ids, random) => [
          functionCallItem({
            id: ids('fc', 1),
            args: '{"order_id":"A-1011","include_items":false}',
            callId: openaiCallId(random),
            name: 'lookup_order',
          }),
          functionCallItem({
            id: ids('fc', 1),
            args: '{"order_id":"A-1012","include_items":false}',
            callId: openaiCallId(random),
            name: 'lookup_order',
          }),
          functionCallItem({
            id: ids('fc', 1),
            args: '{"order_id":"A-1012","amount_cents":"1850","currency":"usd","reason":"late_delivery"}',
            callId: openaiCallId(random),
            name: 'issue_refund',
          }),
        ],
        usage: responsesUsage({ input: 541, output: 94 }),
      }),
  },
  {
    name: 'openai-responses/strict-at-risk',
    description:
      'Strict tools and parallel_tool_calls left unset (echoed as true): one valid call this time, and the same request loses the guarantee whenever it fans out.',
    expect: { calls: ['dispatchable'], truncation: 'complete', strict: 'strict-at-risk' },
    build: (seed) =>
      responsesScenario({
        seed,
        at: '2025-10-07T15:05:02.913Z',
        request: responsesRequest({
          model: 'gpt-4.1',
          input: 'What is in order A-1013? I forgot what I bought.',
          tools: strictTools(AGENT_TOOLS),
        }),
        output: (ids, random) => [
          functionCallItem({
            id: ids('fc', 1),
            args: '{"order_id":"A-1013","include_items":true}',
            callId: openaiCallId(random),
            name: 'lookup_order',
          }),
        ],
        usage: responsesUsage({ input: 505, output: 22 }),
      }),
  },
  {
    name: 'openai-responses/strict-serialised',
    description:
      'Strict tools with parallel_tool_calls: false: one create_ticket call whose arguments the strict schema guarantees.',
    expect: { calls: ['dispatchable'], truncation: 'complete', strict: 'strict-serialised' },
    build: (seed) =>
      responsesScenario({
        seed,
        at: '2025-10-07T15:12:48.370Z',
        request: responsesRequest({
          model: 'gpt-4.1',
          input: 'I was charged twice for A-1014. Please get someone to look at it.',
          tools: strictTools(AGENT_TOOLS),
          parallel: false,
        }),
        output: (ids, random) => [
          functionCallItem({
            id: ids('fc', 1),
            args: '{"order_id":"A-1014","category":"billing","summary":"Customer reports being charged twice for order A-1014.","priority":"high"}',
            callId: openaiCallId(random),
            name: 'create_ticket',
          }),
        ],
        usage: responsesUsage({ input: 512, output: 41 }),
      }),
  },
  {
    name: 'openai-responses/custom-tool-call',
    description:
      'A custom_tool_call to search_orders, whose free-text input is held to a Lark grammar, beside strict function tools with parallel calls on.',
    expect: { calls: ['dispatchable'], truncation: 'complete', strict: 'strict-at-risk' },
    build: (seed) =>
      responsesScenario({
        seed,
        at: '2025-10-07T15:19:33.846Z',
        request: responsesRequest({
          model: 'gpt-5',
          input: 'Which of the orders on account acct_9 are delayed with FedEx right now?',
          tools: [...strictTools([LOOKUP_ORDER]), responsesCustomTool(SEARCH_ORDERS)],
          reasoning: { effort: 'minimal' },
        }),
        output: (ids, random) => [
          reasoningItem(ids('rs', 1)),
          customToolCallItem({
            id: ids('ctc', 1),
            callId: openaiCallId(random),
            input: 'customer:acct_9 AND status:delayed AND carrier:fedex',
            name: 'search_orders',
          }),
        ],
        usage: responsesUsage({ input: 388, output: 29, reasoning: 0 }),
      }),
  },
];

// ---------------------------------------------------------------------------------------------
// OpenAI Chat Completions scenarios
// ---------------------------------------------------------------------------------------------

function chatScenario({ at, seed, request, message, finishReason, usage }) {
  const random = randomSource(seed);
  const moment = momentAt(at);
  const response = chatCompletion({
    id: chatCompletionId(random, moment.unix),
    created: moment.unix,
    request,
    message: message(random),
    finishReason,
    usage,
  });
  return [
    openaiEntry({
      at: moment,
      random,
      url: OPENAI_CHAT_URL,
      requestBody: request,
      responseText: bodyText(response),
    }),
  ];
}

const strictChatTools = (tools) => tools.map((tool) => chatTool(tool, true));
const looseChatTools = (tools) => tools.map((tool) => chatTool(tool, false));
const SUPPORT_REPLY_FORMAT = {
  type: 'json_schema',
  json_schema: { name: 'support_reply', schema: SUPPORT_REPLY_SCHEMA, strict: true },
};

const chatScenarios = [
  {
    name: 'openai-chat/healthy-call',
    description:
      'A strict lookup_order call with valid arguments and parallel_tool_calls: false in the request.',
    expect: { calls: ['dispatchable'], truncation: 'complete', strict: 'strict-serialised' },
    build: (seed) =>
      chatScenario({
        seed,
        at: '2025-10-07T15:26:04.512Z',
        request: chatRequest({
          model: 'gpt-4.1',
          input: 'Can you tell me where A-2001 is? The tracking page is blank.',
          tools: strictChatTools(AGENT_TOOLS),
          parallel: false,
        }),
        message: (random) =>
          chatMessage({
            toolCalls: [
              chatToolCall(
                openaiCallId(random),
                'lookup_order',
                '{"order_id":"A-2001","include_items":false}',
              ),
            ],
          }),
        finishReason: 'tool_calls',
        usage: chatUsage({ prompt: 318, completion: 23 }),
      }),
  },
  {
    name: 'openai-chat/schema-violation',
    description:
      'issue_refund is not strict; the call sends currency "gbp" and an undeclared note key, so it parses and breaks the schema in two places.',
    expect: {
      calls: ['arguments-violate-schema'],
      truncation: 'complete',
      strict: 'no-strict-declared',
    },
    build: (seed) =>
      chatScenario({
        seed,
        at: '2025-10-07T15:33:47.006Z',
        request: chatRequest({
          model: 'gpt-4.1',
          input:
            'A-2002 is missing the charging cable. Refund 12 pounds for it and note that I want to keep the rest.',
          tools: looseChatTools(AGENT_TOOLS),
        }),
        message: (random) =>
          chatMessage({
            toolCalls: [
              chatToolCall(
                openaiCallId(random),
                'issue_refund',
                '{"order_id":"A-2002","amount_cents":1200,"currency":"gbp","reason":"missing_item","note":"Customer keeps the rest of the order."}',
              ),
            ],
          }),
        finishReason: 'tool_calls',
        usage: chatUsage({ prompt: 326, completion: 44 }),
      }),
  },
  {
    name: 'openai-chat/unparseable-arguments',
    description:
      'create_ticket is not strict and the arguments end with a trailing comma before the closing brace, which JSON.parse rejects.',
    expect: {
      calls: ['arguments-unparseable'],
      truncation: 'complete',
      strict: 'no-strict-declared',
    },
    build: (seed) =>
      chatScenario({
        seed,
        at: '2025-10-07T15:40:22.735Z',
        request: chatRequest({
          model: 'gpt-4.1-mini',
          input: 'The lamp in A-2003 flickers and buzzes. Log it for the team.',
          tools: looseChatTools(AGENT_TOOLS),
        }),
        message: (random) =>
          chatMessage({
            toolCalls: [
              chatToolCall(
                openaiCallId(random),
                'create_ticket',
                '{"order_id":"A-2003","category":"damaged","summary":"Lamp flickers and buzzes when switched on.","priority":"normal",}',
              ),
            ],
          }),
        finishReason: 'tool_calls',
        usage: chatUsage({ prompt: 315, completion: 39 }),
      }),
  },
  {
    name: 'openai-chat/unknown-tool',
    description:
      'The model calls cancel_order, which the request never declared and which is not near any declared name.',
    expect: { calls: ['unknown-tool'], truncation: 'complete', strict: 'no-strict-declared' },
    build: (seed) =>
      chatScenario({
        seed,
        at: '2025-10-07T15:47:58.219Z',
        request: chatRequest({
          model: 'gpt-4.1-mini',
          input: 'Cancel A-2004 please, I ordered the wrong size.',
          tools: looseChatTools(AGENT_TOOLS),
        }),
        message: (random) =>
          chatMessage({
            toolCalls: [
              chatToolCall(openaiCallId(random), 'cancel_order', '{"order_id":"A-2004"}'),
            ],
          }),
        finishReason: 'tool_calls',
        usage: chatUsage({ prompt: 309, completion: 17 }),
      }),
  },
  {
    name: 'openai-chat/length-mid-arguments',
    description:
      'finish_reason "length" with max_completion_tokens 48: the create_ticket arguments stop inside the summary string.',
    expect: {
      calls: ['arguments-truncated'],
      truncation: 'truncated-by-length',
      strict: 'strict-at-risk',
    },
    build: (seed) =>
      chatScenario({
        seed,
        at: '2025-10-07T15:54:31.664Z',
        request: chatRequest({
          model: 'gpt-4.1',
          input:
            'Three of the six glasses in A-2005 were shattered and the box was soaked. Open a ticket and describe everything.',
          tools: strictChatTools(AGENT_TOOLS),
          maxCompletionTokens: 48,
        }),
        message: (random) =>
          chatMessage({
            toolCalls: [
              chatToolCall(
                openaiCallId(random),
                'create_ticket',
                '{"order_id":"A-2005","category":"damaged","summary":"Three of six glasses arrived shattered and the outer box was soaked through; customer',
              ),
            ],
          }),
        finishReason: 'length',
        usage: chatUsage({ prompt: 336, completion: 48 }),
      }),
  },
  {
    name: 'openai-chat/reasoning-spent-the-ceiling',
    description:
      'finish_reason "length" with empty content and no calls: all 400 completion tokens were reasoning tokens.',
    expect: { calls: [], truncation: 'ceiling-spent-on-reasoning', strict: 'strict-at-risk' },
    build: (seed) =>
      chatScenario({
        seed,
        at: '2025-10-07T16:01:15.093Z',
        request: chatRequest({
          model: 'gpt-5-mini',
          input:
            'Compare the delivery times of A-2006, A-2007 and A-2008 and tell me which carrier I should avoid.',
          tools: strictChatTools(AGENT_TOOLS),
          maxCompletionTokens: 400,
        }),
        message: () => chatMessage({ content: '' }),
        finishReason: 'length',
        usage: chatUsage({ prompt: 331, completion: 400, reasoning: 400 }),
      }),
  },
  {
    name: 'openai-chat/refusal',
    description:
      'The request asks for a structured support reply and message.refusal carries the refusal, with content null.',
    expect: { calls: [], truncation: 'refused', strict: 'strict-serialised' },
    build: (seed) =>
      chatScenario({
        seed,
        at: '2025-10-07T16:08:44.571Z',
        request: chatRequest({
          model: 'gpt-4.1',
          input:
            'Give me the home address and phone number of whoever signed for A-2009 so I can go and get it myself.',
          tools: strictChatTools(AGENT_TOOLS),
          parallel: false,
          responseFormat: SUPPORT_REPLY_FORMAT,
        }),
        message: () => chatMessage({ refusal: "I'm sorry, I can't help with that request." }),
        finishReason: 'stop',
        usage: chatUsage({ prompt: 402, completion: 12 }),
      }),
  },
  {
    name: 'openai-chat/content-filter',
    description:
      'finish_reason "content_filter": the reply stops partway because a content filter ended it.',
    expect: { calls: [], truncation: 'stopped-by-filter', strict: 'no-strict-declared' },
    build: (seed) =>
      chatScenario({
        seed,
        at: '2025-10-07T16:15:20.148Z',
        request: chatRequest({
          model: 'gpt-4.1',
          input:
            'Repeat the abusive note the driver left on A-2010 back to me exactly, then apologise for it.',
          tools: looseChatTools(AGENT_TOOLS),
        }),
        message: () =>
          chatMessage({
            content: 'I am very sorry about the note left with order A-2010. It read:',
          }),
        finishReason: 'content_filter',
        usage: chatUsage({ prompt: 322, completion: 15 }),
      }),
  },
  {
    name: 'openai-chat/strict-void-fanout',
    description:
      'Strict tools, parallel_tool_calls not sent (it defaults to true), and three calls in one turn: each happens to validate, and none was guaranteed to.',
    expect: {
      calls: ['dispatchable', 'dispatchable', 'dispatchable'],
      truncation: 'complete',
      strict: 'strict-void',
    },
    build: (seed) =>
      chatScenario({
        seed,
        at: '2025-10-07T16:22:03.781Z',
        request: chatRequest({
          model: 'gpt-4.1',
          input:
            'Look up A-2011 and A-2012, and open a high-priority ticket on A-2012 because the fridge arrived dented.',
          tools: strictChatTools(AGENT_TOOLS),
        }),
        message: (random) =>
          chatMessage({
            toolCalls: [
              chatToolCall(
                openaiCallId(random),
                'lookup_order',
                '{"order_id":"A-2011","include_items":false}',
              ),
              chatToolCall(
                openaiCallId(random),
                'lookup_order',
                '{"order_id":"A-2012","include_items":true}',
              ),
              chatToolCall(
                openaiCallId(random),
                'create_ticket',
                '{"order_id":"A-2012","category":"damaged","summary":"Fridge arrived with a dented door.","priority":"high"}',
              ),
            ],
          }),
        finishReason: 'tool_calls',
        usage: chatUsage({ prompt: 348, completion: 96 }),
      }),
  },
  {
    name: 'openai-chat/strict-at-risk',
    description:
      'Strict tools with parallel_tool_calls: true stated in the request, and one valid call this turn.',
    expect: { calls: ['dispatchable'], truncation: 'complete', strict: 'strict-at-risk' },
    build: (seed) =>
      chatScenario({
        seed,
        at: '2025-10-07T16:29:37.402Z',
        request: chatRequest({
          model: 'gpt-4.1',
          input: 'Which items were in A-2013? I need them for an insurance claim.',
          tools: strictChatTools(AGENT_TOOLS),
          parallel: true,
        }),
        message: (random) =>
          chatMessage({
            toolCalls: [
              chatToolCall(
                openaiCallId(random),
                'lookup_order',
                '{"order_id":"A-2013","include_items":true}',
              ),
            ],
          }),
        finishReason: 'tool_calls',
        usage: chatUsage({ prompt: 320, completion: 23 }),
      }),
  },
  {
    name: 'openai-chat/strict-serialised',
    description:
      'Strict tools with parallel_tool_calls: false: one issue_refund call the strict schema guarantees.',
    expect: { calls: ['dispatchable'], truncation: 'complete', strict: 'strict-serialised' },
    build: (seed) =>
      chatScenario({
        seed,
        at: '2025-10-07T16:36:12.955Z',
        request: chatRequest({
          model: 'gpt-4.1',
          input: 'The headphones in A-2014 never arrived. Refund the 59.99 please.',
          tools: strictChatTools(AGENT_TOOLS),
          parallel: false,
        }),
        message: (random) =>
          chatMessage({
            toolCalls: [
              chatToolCall(
                openaiCallId(random),
                'issue_refund',
                '{"order_id":"A-2014","amount_cents":5999,"currency":"usd","reason":"missing_item"}',
              ),
            ],
          }),
        finishReason: 'tool_calls',
        usage: chatUsage({ prompt: 327, completion: 35 }),
      }),
  },
  {
    name: 'openai-chat/empty-arguments',
    description:
      'A call to get_support_hours, a strict tool with no parameters, whose arguments arrive as the empty string: no arguments, not broken ones.',
    expect: { calls: ['dispatchable'], truncation: 'complete', strict: 'strict-serialised' },
    build: (seed) =>
      chatScenario({
        seed,
        at: '2025-10-07T16:43:49.327Z',
        request: chatRequest({
          model: 'gpt-4.1-mini',
          input: 'Is phone support open right now? I would rather talk to someone about A-2015.',
          tools: strictChatTools([...AGENT_TOOLS, SUPPORT_HOURS]),
          parallel: false,
        }),
        message: (random) =>
          chatMessage({
            toolCalls: [chatToolCall(openaiCallId(random), 'get_support_hours', '')],
          }),
        finishReason: 'tool_calls',
        usage: chatUsage({ prompt: 371, completion: 12 }),
      }),
  },
  {
    name: 'openai-chat/custom-tool-call',
    description:
      'A custom tool call (type "custom") to search_orders, whose free-text input is held to a Lark grammar, beside a strict function tool with parallel calls on.',
    expect: { calls: ['dispatchable'], truncation: 'complete', strict: 'strict-at-risk' },
    build: (seed) =>
      chatScenario({
        seed,
        at: '2025-10-07T16:50:26.614Z',
        request: chatRequest({
          model: 'gpt-5',
          input: 'List the orders on acct_9 that shipped with UPS after 2025-09-01.',
          tools: [chatTool(LOOKUP_ORDER, true), chatCustomTool(SEARCH_ORDERS)],
        }),
        message: (random) =>
          chatMessage({
            toolCalls: [
              {
                id: openaiCallId(random),
                type: 'custom',
                custom: {
                  name: 'search_orders',
                  input: 'customer:acct_9 AND carrier:ups AND placed_after:2025-09-01',
                },
              },
            ],
          }),
        finishReason: 'tool_calls',
        usage: chatUsage({ prompt: 281, completion: 164, reasoning: 128 }),
      }),
  },
];

// ---------------------------------------------------------------------------------------------
// Anthropic Messages scenarios
// ---------------------------------------------------------------------------------------------

function anthropicScenario({ at, seed, request, beta, content, stopReason, usage }) {
  const random = randomSource(seed);
  const moment = momentAt(at);
  const message = anthropicMessage({
    id: anthropicId(random, 'msg'),
    content: content(random),
    stopReason,
    usage,
  });
  return [
    anthropicEntry({
      at: moment,
      random,
      requestBody: request,
      responseText: bodyText(message),
      beta,
    }),
  ];
}

const WEB_SEARCH_TOOL = { type: 'web_search_20250305', name: 'web_search', max_uses: 5 };
const STRUCTURED_OUTPUTS_BETA = 'structured-outputs-2025-11-13';

/** A web_search_tool_result as the API returns it: titles and URLs, content encrypted. */
function webSearchResult(random, toolUseId, pages) {
  return {
    type: 'web_search_tool_result',
    tool_use_id: toolUseId,
    content: pages.map(([title, url, pageAge]) => ({
      type: 'web_search_result',
      title,
      url,
      encrypted_content: `Eu${random.chars(BASE64, 254)}`,
      page_age: pageAge,
    })),
  };
}

const anthropicScenarios = [
  {
    name: 'anthropic-messages/tool-use',
    description:
      'A short text block, then a tool_use of lookup_order with valid input; the tools are strict (structured-outputs beta) and stop_reason is tool_use.',
    expect: { calls: ['dispatchable'], truncation: 'complete', strict: 'strict-held' },
    build: (seed) =>
      anthropicScenario({
        seed,
        at: '2025-12-03T10:04:17.226Z',
        beta: STRUCTURED_OUTPUTS_BETA,
        request: anthropicRequest({
          maxTokens: 1024,
          tools: AGENT_TOOLS.map((tool) => anthropicTool(tool, true)),
          input: 'Is A-3001 still on its way? It has been eight days.',
        }),
        content: (random) => [
          { type: 'text', text: "I'll look up order A-3001 for you." },
          toolUse(anthropicId(random, 'toolu'), 'lookup_order', {
            order_id: 'A-3001',
            include_items: false,
          }),
        ],
        stopReason: 'tool_use',
        usage: anthropicUsage({ input: 1184, output: 84 }),
      }),
  },
  {
    name: 'anthropic-messages/max-tokens-in-tool-use',
    description:
      'stop_reason max_tokens while the last block, a create_ticket tool_use, was being written: its input is whatever had arrived ({}), and it must not run.',
    expect: {
      calls: ['arguments-truncated'],
      truncation: 'truncated-tool-use',
      strict: 'no-strict-declared',
    },
    build: (seed) =>
      anthropicScenario({
        seed,
        at: '2025-12-03T10:11:52.690Z',
        request: anthropicRequest({
          maxTokens: 96,
          tools: AGENT_TOOLS.map((tool) => anthropicTool(tool, false)),
          input:
            'The standing desk from A-3002 came with a bent leg, two missing bolts and a scratched top. Open a ticket covering all of it.',
        }),
        content: (random) => [
          {
            type: 'text',
            text: "I'm sorry the desk arrived in that state. I'll open a ticket with every issue you listed so the team can sort out replacements.",
          },
          toolUse(anthropicId(random, 'toolu'), 'create_ticket', {}),
        ],
        stopReason: 'max_tokens',
        usage: anthropicUsage({ input: 1203, output: 96 }),
      }),
  },
  {
    name: 'anthropic-messages/refusal',
    description:
      'stop_reason refusal with no content: the safety system ended the turn before any text or tool use.',
    expect: { calls: [], truncation: 'refused', strict: 'no-strict-declared' },
    build: (seed) =>
      anthropicScenario({
        seed,
        at: '2025-12-03T10:19:05.431Z',
        request: anthropicRequest({
          maxTokens: 1024,
          tools: AGENT_TOOLS.map((tool) => anthropicTool(tool, false)),
          input:
            'A-3003 was a chemistry set. Explain how to turn its reagents into a toxic gas in quantity.',
        }),
        content: () => [],
        stopReason: 'refusal',
        usage: anthropicUsage({ input: 1172, output: 4 }),
      }),
  },
  {
    name: 'anthropic-messages/pause-turn',
    description:
      'stop_reason pause_turn during a web_search server-tool run: server_tool_use and web_search_tool_result blocks, no client tool call; send it back to continue.',
    expect: { calls: [], truncation: 'incomplete-other', strict: 'no-strict-declared' },
    build: (seed) =>
      anthropicScenario({
        seed,
        at: '2025-12-03T10:26:39.874Z',
        request: anthropicRequest({
          maxTokens: 2048,
          tools: [WEB_SEARCH_TOOL, anthropicTool(LOOKUP_ORDER, false)],
          input:
            'A-3004 is stuck in Memphis. Is there a FedEx hub delay there this week, and when might it move?',
        }),
        content: (random) => {
          const first = anthropicId(random, 'srvtoolu');
          const second = anthropicId(random, 'srvtoolu');
          return [
            { type: 'text', text: "I'll check for current FedEx service alerts around Memphis." },
            {
              type: 'server_tool_use',
              id: first,
              name: 'web_search',
              input: { query: 'FedEx Memphis hub delay this week' },
            },
            webSearchResult(random, first, [
              ['Service Alerts | FedEx', 'https://www.fedex.com/en-us/service-alerts.html', null],
              [
                'FedEx Memphis World Hub weather operations update',
                'https://newsroom.fedex.com/newsroom/global-english/memphis-hub-operations',
                '2 days ago',
              ],
            ]),
            {
              type: 'text',
              text: 'There is a weather-related alert for the Memphis hub. Let me look for an expected recovery date.',
            },
            {
              type: 'server_tool_use',
              id: second,
              name: 'web_search',
              input: { query: 'FedEx Memphis hub backlog recovery date December 2025' },
            },
            webSearchResult(random, second, [
              [
                'Storms slow package sorting at FedEx Memphis hub',
                'https://www.commercialappeal.com/story/news/2025/12/02/fedex-hub-storm-delays/',
                '1 day ago',
              ],
            ]),
          ];
        },
        stopReason: 'pause_turn',
        usage: anthropicUsage({ input: 9417, output: 142, webSearches: 2 }),
      }),
  },
];

// ---------------------------------------------------------------------------------------------
// Anthropic Message Batches results
// ---------------------------------------------------------------------------------------------

/**
 * The batch results, one line per request, in the order the API streamed them (not request
 * order). Each `expect` says how the line diagnoses on its own: a results line carries no tool
 * declarations, so a whole call is unconstrained and strict cannot be judged.
 */
function batchLines(random) {
  const message = (content, stopReason, output) =>
    anthropicMessage({
      id: anthropicId(random, 'msg'),
      content,
      stopReason,
      usage: anthropicUsage({ input: 1160 + random.between(0, 80), output, serviceTier: 'batch' }),
    });
  return [
    {
      line: {
        custom_id: 'ticket-A-4002',
        result: {
          type: 'succeeded',
          message: message(
            [
              {
                type: 'text',
                text: "I'll open a ticket for the cracked screen on A-4002 so the team can arrange a replacement.",
              },
              toolUse(anthropicId(random, 'toolu'), 'create_ticket', {}),
            ],
            'max_tokens',
            64,
          ),
        },
      },
      expect: {
        calls: ['arguments-truncated'],
        truncation: 'truncated-tool-use',
        strict: 'no-tools',
      },
    },
    {
      line: {
        custom_id: 'lookup-A-4001',
        result: {
          type: 'succeeded',
          message: message(
            [
              { type: 'text', text: "I'll check where order A-4001 is." },
              toolUse(anthropicId(random, 'toolu'), 'lookup_order', {
                order_id: 'A-4001',
                include_items: false,
              }),
            ],
            'tool_use',
            71,
          ),
        },
      },
      expect: {
        calls: ['dispatchable-unconstrained'],
        truncation: 'complete',
        strict: 'no-tools',
      },
    },
    {
      line: {
        custom_id: 'refund-A-4003',
        result: {
          type: 'errored',
          error: {
            type: 'error',
            error: {
              type: 'invalid_request_error',
              message:
                'tools.2.custom.input_schema: JSON schema is invalid. It must match JSON Schema draft 2020-12 (https://json-schema.org/draft/2020-12). Learn more about tool use at https://docs.claude.com/en/docs/tool-use.',
            },
            request_id: null,
          },
        },
      },
      expect: { calls: [], truncation: 'not-succeeded', strict: 'no-tools' },
    },
    {
      line: { custom_id: 'lookup-A-4004', result: { type: 'expired' } },
      expect: { calls: [], truncation: 'not-succeeded', strict: 'no-tools' },
    },
  ];
}

/**
 * The SDK's `messages.batches.results(id)` first retrieves the batch for its `results_url`,
 * then streams that URL as JSONL; the recording keeps both requests, in order.
 */
function batchScenario(seed) {
  const random = randomSource(seed);
  const created = momentAt('2025-12-01T08:30:12.418Z');
  const ended = created.plus(24 * 60 * 60 * 1000 + 4187);
  const retrievedAt = momentAt('2025-12-02T09:15:40.207Z');
  const batchId = anthropicId(random, 'msgbatch');
  const batchUrl = `https://api.anthropic.com/v1/messages/batches/${batchId}`;
  const lines = batchLines(random);
  const jsonl = lines.map(({ line }) => `${JSON.stringify(line)}\n`).join('');
  const counts = { processing: 0, succeeded: 0, errored: 0, canceled: 0, expired: 0 };
  for (const { line } of lines) counts[line.result.type] += 1;
  // RFC 3339 with microseconds, as the Batches API writes its times.
  const rfc3339 = (moment, micros = random.chars('0123456789', 3)) =>
    moment.iso.replace('Z', `${micros}Z`);
  const createdMicros = random.chars('0123456789', 3);
  const batch = {
    id: batchId,
    type: 'message_batch',
    processing_status: 'ended',
    request_counts: counts,
    ended_at: rfc3339(ended),
    created_at: rfc3339(created, createdMicros),
    expires_at: rfc3339(created.plus(24 * 60 * 60 * 1000), createdMicros),
    cancel_initiated_at: null,
    results_url: `${batchUrl}/results`,
    archived_at: null,
  };
  const retrieveMs = random.between(80, 160);
  const resultsAt = retrievedAt.plus(retrieveMs + 240);
  const resultsMs = random.between(120, 260);
  const entries = [
    harEntry({
      at: retrievedAt,
      random,
      request: { method: 'GET', url: batchUrl, headers: anthropicRequestHeaders(undefined) },
      response: {
        headers: anthropicResponseHeaders({
          at: retrievedAt.plus(retrieveMs),
          random,
          processingMs: retrieveMs,
          contentType: 'application/json',
          rateLimits: false,
        }),
        mimeType: 'application/json',
        text: bodyText(batch),
      },
      waitMs: retrieveMs + random.between(10, 30),
      receiveMs: millis(random, 0, 2),
    }),
    harEntry({
      at: resultsAt,
      random,
      request: {
        method: 'GET',
        url: batch.results_url,
        headers: anthropicRequestHeaders(undefined, { accept: 'application/binary' }),
      },
      response: {
        headers: anthropicResponseHeaders({
          at: resultsAt.plus(resultsMs),
          random,
          processingMs: resultsMs,
          contentType: 'application/x-jsonl',
          rateLimits: false,
        }),
        mimeType: 'application/x-jsonl',
        text: jsonl,
      },
      waitMs: resultsMs + random.between(10, 30),
      receiveMs: millis(random, 1, 6),
    }),
  ];
  return { entries, jsonl, lines };
}

// ---------------------------------------------------------------------------------------------
// Gemini scenarios
// ---------------------------------------------------------------------------------------------

function geminiScenario({ at, seed, request, candidate, usage }) {
  const random = randomSource(seed);
  const moment = momentAt(at);
  const response = geminiResponse({
    candidate: candidate(random),
    usage,
    responseId: random.chars(BASE64URL, 23),
  });
  return [
    geminiEntry({ at: moment, random, requestBody: request, responseText: bodyText(response) }),
  ];
}

const geminiTools = [{ functionDeclarations: AGENT_TOOLS.map(geminiDeclaration) }];
/** Gemini 2.5 returns a thought signature on a function call part while thinking is on. */
const thoughtSignature = (random) => `Cr${random.chars(BASE64, 318)}`;

const geminiScenarios = [
  {
    name: 'gemini/function-call',
    description:
      'A functionCall part for lookup_order with valid args and finishReason STOP; Gemini has no strict flag, so nothing guaranteed the args.',
    expect: {
      calls: ['dispatchable-unconstrained'],
      truncation: 'complete',
      strict: 'no-strict-declared',
    },
    build: (seed) =>
      geminiScenario({
        seed,
        at: '2025-10-07T17:02:18.403Z',
        request: geminiRequest({
          input: 'Has A-5001 left the warehouse yet?',
          tools: geminiTools,
          generationConfig: { maxOutputTokens: 1024 },
        }),
        candidate: (random) => ({
          content: {
            parts: [
              {
                functionCall: {
                  name: 'lookup_order',
                  args: { order_id: 'A-5001', include_items: false },
                },
                thoughtSignature: thoughtSignature(random),
              },
            ],
            role: 'model',
          },
          finishReason: 'STOP',
        }),
        usage: geminiUsage({ prompt: 274, answer: 22, thoughts: 118 }),
      }),
  },
  {
    name: 'gemini/max-tokens-spent-thinking',
    description:
      'finishReason MAX_TOKENS with no parts at all: thinking used 1019 of the 1024-token maxOutputTokens and no answer or call was written.',
    expect: { calls: [], truncation: 'ceiling-spent-on-reasoning', strict: 'no-strict-declared' },
    build: (seed) =>
      geminiScenario({
        seed,
        at: '2025-10-07T17:09:51.766Z',
        request: geminiRequest({
          input:
            'Work out which of A-5002, A-5003 and A-5004 can still be merged into one shipment and what it would save me.',
          tools: geminiTools,
          generationConfig: { maxOutputTokens: 1024 },
        }),
        candidate: () => ({ content: { role: 'model' }, finishReason: 'MAX_TOKENS' }),
        usage: geminiUsage({ prompt: 296, thoughts: 1019 }),
      }),
  },
  {
    name: 'gemini/max-tokens-mid-answer',
    description:
      'finishReason MAX_TOKENS with thinking off and a JSON response requested: the text stops mid-object at the 96-token maxOutputTokens.',
    expect: { calls: [], truncation: 'truncated-by-length', strict: 'no-tools' },
    build: (seed) =>
      geminiScenario({
        seed,
        at: '2025-10-07T17:16:27.152Z',
        request: geminiRequest({
          input:
            'Summarise the delivery history of A-5005 as JSON: one entry per scan with place, time and status.',
          generationConfig: {
            maxOutputTokens: 96,
            responseMimeType: 'application/json',
            thinkingConfig: { thinkingBudget: 0 },
          },
        }),
        candidate: () => ({
          content: {
            parts: [
              {
                text: '{\n  "order_id": "A-5005",\n  "scans": [\n    {\n      "place": "Columbus, OH",\n      "time": "2025-10-02T08:14:00Z",\n      "status": "picked_up"\n    },\n    {\n      "place": "Indianapolis, IN",\n      "time": "2025-10-03T02:41:00Z",\n      "status": "in_transit"\n    },\n    {\n      "place": "Indianapolis, IN",\n      "time": "2025-10-04T',
              },
            ],
            role: 'model',
          },
          finishReason: 'MAX_TOKENS',
        }),
        usage: geminiUsage({ prompt: 212, answer: 96 }),
      }),
  },
  {
    name: 'gemini/malformed-function-call',
    description:
      'finishReason MALFORMED_FUNCTION_CALL with empty content: Gemini dropped a create_ticket call it could not parse and quotes it in finishMessage.',
    expect: {
      calls: ['arguments-unparseable'],
      truncation: 'incomplete-other',
      strict: 'no-strict-declared',
    },
    build: (seed) =>
      geminiScenario({
        seed,
        at: '2025-10-07T17:23:04.589Z',
        request: geminiRequest({
          input:
            'The rug from A-5006 smells of smoke and has a burn mark. Open a ticket and attach my two photos.',
          tools: geminiTools,
          generationConfig: { maxOutputTokens: 1024 },
        }),
        candidate: () => ({
          content: {},
          finishReason: 'MALFORMED_FUNCTION_CALL',
          finishMessage:
            "Malformed function call: print(default_api.create_ticket(order_id='A-5006', category='damaged', summary='Rug smells of smoke and has a burn mark', priority='normal', attachments=[photo_1.jpg, photo_2.jpg]))",
        }),
        usage: geminiUsage({ prompt: 305, thoughts: 161 }),
      }),
  },
];

// ---------------------------------------------------------------------------------------------
// Streamed scenarios
// ---------------------------------------------------------------------------------------------

/** Chat chunks for one or more tool calls, each call's arguments spread over many deltas. */
function chatToolCallChunks({ random, base, calls }) {
  const chunk = (delta, piece = '') => ({
    ...base,
    choices: [{ index: 0, delta, logprobs: null, finish_reason: null }],
    usage: null,
    obfuscation: obfuscation(random, piece, 10),
  });
  const chunks = [];
  calls.forEach((call, index) => {
    const opening = {
      index,
      id: call.id,
      type: 'function',
      function: { name: call.name, arguments: '' },
    };
    chunks.push(
      chunk(
        index === 0
          ? { role: 'assistant', content: null, tool_calls: [opening], refusal: null }
          : { tool_calls: [opening] },
      ),
    );
    for (const piece of streamPieces(call.args)) {
      chunks.push(chunk({ tool_calls: [{ index, function: { arguments: piece } }] }, piece));
    }
  });
  return chunks;
}

function chatStreamScenario(seed) {
  const random = randomSource(seed);
  const moment = momentAt('2025-10-07T17:31:45.208Z');
  const request = chatRequest({
    model: 'gpt-4.1',
    input: 'Where are A-6001 and A-6002? They were ordered together but split up.',
    tools: looseChatTools(AGENT_TOOLS),
    stream: true,
  });
  const base = {
    id: chatCompletionId(random, moment.unix),
    object: 'chat.completion.chunk',
    created: moment.unix,
    model: OPENAI_SNAPSHOTS['gpt-4.1'],
    service_tier: 'default',
    system_fingerprint: FINGERPRINTS['gpt-4.1-2025-04-14'],
  };
  const calls = ['A-6001', 'A-6002'].map((orderId) => ({
    id: openaiCallId(random),
    name: 'lookup_order',
    args: `{"order_id":"${orderId}","include_items":false}`,
  }));
  const chunks = chatToolCallChunks({ random, base, calls });
  const finish = {
    ...base,
    choices: [{ index: 0, delta: {}, logprobs: null, finish_reason: 'tool_calls' }],
    usage: null,
    obfuscation: random.chars(BASE62, 4),
  };
  const usage = {
    ...base,
    choices: [],
    usage: chatUsage({ prompt: 337, completion: 50 }),
    obfuscation: random.chars(BASE62, 7),
  };
  const text = chatEventStream([...chunks, finish, usage], { done: true });
  return [
    openaiEntry({
      at: moment,
      random,
      url: OPENAI_CHAT_URL,
      requestBody: request,
      responseText: text,
      streamed: true,
    }),
  ];
}

function chatCutStreamScenario(seed) {
  const random = randomSource(seed);
  const moment = momentAt('2025-10-07T17:38:20.731Z');
  const request = chatRequest({
    model: 'gpt-4.1',
    input: 'Open a ticket: the coffee machine from A-6003 leaks from the base whenever it brews.',
    tools: strictChatTools(AGENT_TOOLS),
    parallel: false,
    stream: true,
  });
  const base = {
    id: chatCompletionId(random, moment.unix),
    object: 'chat.completion.chunk',
    created: moment.unix,
    model: OPENAI_SNAPSHOTS['gpt-4.1'],
    service_tier: 'default',
    system_fingerprint: FINGERPRINTS['gpt-4.1-2025-04-14'],
  };
  const whole =
    '{"order_id":"A-6003","category":"damaged","summary":"Coffee machine leaks from the base every time it brews.","priority":"normal"}';
  // The connection dropped here: mid-summary, before any finish_reason, usage or [DONE].
  const cutAt = whole.indexOf(' every time');
  const chunks = chatToolCallChunks({
    random,
    base,
    calls: [{ id: openaiCallId(random), name: 'create_ticket', args: whole.slice(0, cutAt) }],
  });
  return [
    openaiEntry({
      at: moment,
      random,
      url: OPENAI_CHAT_URL,
      requestBody: request,
      responseText: chatEventStream(chunks, { done: false }),
      streamed: true,
      comment:
        'The connection closed after this chunk: no finish_reason, no usage chunk, no data: [DONE].',
    }),
  ];
}

function responsesStreamScenario(seed) {
  const random = randomSource(seed);
  const moment = momentAt('2025-10-07T17:45:02.119Z');
  const ids = responsesIds(random, moment.unix);
  const request = responsesRequest({
    model: 'gpt-5',
    input: 'Refund the 24.99 for the missing phone case in A-6004, it never came.',
    tools: strictTools(AGENT_TOOLS),
    parallel: false,
    reasoning: { effort: 'low' },
    stream: true,
  });
  const responseId = ids('resp');
  const reasoning = reasoningItem(ids('rs', 1));
  const args = '{"order_id":"A-6004","amount_cents":2499,"currency":"usd","reason":"missing_item"}';
  const call = functionCallItem({
    id: ids('fc', 2),
    args,
    callId: openaiCallId(random),
    name: 'issue_refund',
  });
  const snapshot = (status, output, usage) =>
    responsesResponse({
      id: responseId,
      createdAt: moment.unix,
      request,
      status,
      output,
      usage,
      streamed: true,
    });
  let sequence = 0;
  const event = (type, fields) => named({ type, sequence_number: sequence++, ...fields });
  const events = [
    event('response.created', { response: snapshot('in_progress', [], null) }),
    event('response.in_progress', { response: snapshot('in_progress', [], null) }),
    event('response.output_item.added', { output_index: 0, item: reasoning }),
    event('response.output_item.done', { output_index: 0, item: reasoning }),
    event('response.output_item.added', {
      output_index: 1,
      item: { ...call, status: 'in_progress', arguments: '' },
    }),
    ...streamPieces(args).map((delta) =>
      event('response.function_call_arguments.delta', {
        item_id: call.id,
        output_index: 1,
        delta,
        obfuscation: obfuscation(random, delta, 16),
      }),
    ),
    event('response.function_call_arguments.done', {
      item_id: call.id,
      output_index: 1,
      arguments: args,
    }),
    event('response.output_item.done', { output_index: 1, item: call }),
    event('response.completed', {
      response: snapshot(
        'completed',
        [reasoning, call],
        responsesUsage({ input: 529, output: 93, reasoning: 64 }),
      ),
    }),
  ];
  return [
    openaiEntry({
      at: moment,
      random,
      url: OPENAI_RESPONSES_URL,
      requestBody: request,
      responseText: namedEventStream(events),
      streamed: true,
    }),
  ];
}

function anthropicStreamScenario(seed) {
  const random = randomSource(seed);
  const moment = momentAt('2025-12-03T10:34:12.540Z');
  const request = anthropicRequest({
    maxTokens: 1024,
    tools: AGENT_TOOLS.map((tool) => anthropicTool(tool, false)),
    input: 'My package for A-6005 says delivered but it is not here. Can you check the details?',
    stream: true,
  });
  const text = "I'll pull up the delivery details for order A-6005.";
  const usage = anthropicUsage({ input: 1196, output: 3 });
  const events = [
    named({
      type: 'message_start',
      message: anthropicMessage({
        id: anthropicId(random, 'msg'),
        content: [],
        stopReason: null,
        usage,
      }),
    }),
    named({ type: 'content_block_start', index: 0, content_block: { type: 'text', text: '' } }),
    ANTHROPIC_PING,
    ...textPieces(text).map((piece) =>
      named({
        type: 'content_block_delta',
        index: 0,
        delta: { type: 'text_delta', text: piece },
      }),
    ),
    named({ type: 'content_block_stop', index: 0 }),
    named({
      type: 'content_block_start',
      index: 1,
      content_block: toolUse(anthropicId(random, 'toolu'), 'lookup_order', {}),
    }),
    named({
      type: 'content_block_delta',
      index: 1,
      delta: { type: 'input_json_delta', partial_json: '' },
    }),
    // Anthropic sends the input JSON with a space after each colon and comma.
    ...['{"order_id": "A-60', '05", "inc', 'lude_items": tr', 'ue}'].map((partial) =>
      named({
        type: 'content_block_delta',
        index: 1,
        delta: { type: 'input_json_delta', partial_json: partial },
      }),
    ),
    named({ type: 'content_block_stop', index: 1 }),
    named({
      type: 'message_delta',
      delta: { stop_reason: 'tool_use', stop_sequence: null },
      usage: {
        input_tokens: usage.input_tokens,
        cache_creation_input_tokens: 0,
        cache_read_input_tokens: 0,
        output_tokens: 79,
      },
    }),
    named({ type: 'message_stop' }),
  ];
  return [
    anthropicEntry({
      at: moment,
      random,
      requestBody: request,
      responseText: namedEventStream(events),
      streamed: true,
    }),
  ];
}

const streamScenarios = [
  {
    name: 'streams/openai-chat-tool-calls',
    stream: 'complete',
    description:
      'A Chat Completions stream with two lookup_order calls (tool_calls index 0 and 1), arguments spread over many deltas, finish_reason tool_calls, an include_usage chunk and data: [DONE]; the tools are not strict.',
    expect: {
      calls: ['dispatchable-unconstrained', 'dispatchable-unconstrained'],
      truncation: 'complete',
      strict: 'fanout-no-strict',
    },
    build: chatStreamScenario,
  },
  {
    name: 'streams/openai-responses-function-call',
    stream: 'complete',
    description:
      'A Responses stream: response.created, a reasoning item, a function_call item whose arguments arrive in many response.function_call_arguments.delta events, then .done, response.output_item.done and response.completed.',
    expect: { calls: ['dispatchable'], truncation: 'complete', strict: 'strict-serialised' },
    build: responsesStreamScenario,
  },
  {
    name: 'streams/anthropic-tool-use',
    stream: 'complete',
    description:
      'An Anthropic stream: message_start, a text block, a ping, a tool_use block whose input arrives as input_json_delta pieces, content_block_stop, message_delta with stop_reason tool_use and usage, message_stop.',
    expect: {
      calls: ['dispatchable-unconstrained'],
      truncation: 'complete',
      strict: 'no-strict-declared',
    },
    build: anthropicStreamScenario,
  },
  {
    name: 'streams/openai-chat-cut-mid-arguments',
    stream: 'cut',
    description:
      'A Chat Completions stream that stops mid-arguments with no finish_reason, no usage chunk and no data: [DONE]: reassembled, it is stream-cut and its open call arguments-truncated (the connection ended, not the ceiling); never dispatch it.',
    expect: {
      calls: ['arguments-truncated'],
      truncation: 'stream-cut',
      strict: 'strict-serialised',
    },
    build: chatCutStreamScenario,
  },
];

// ---------------------------------------------------------------------------------------------
// Assembly
// ---------------------------------------------------------------------------------------------

const surfaceOf = (name) =>
  name.startsWith('streams/openai-chat')
    ? 'openai-chat'
    : name.startsWith('streams/openai-responses')
      ? 'openai-responses'
      : name.startsWith('streams/anthropic')
        ? 'anthropic-messages'
        : name.split('/')[0];

/**
 * A JSON printer that writes what Biome's formatter would (the manifest is linted): objects
 * always expanded, arrays of scalars on one line when that line fits in 100 columns.
 */
function formatJson(value, indent = '', prefix = '', trailing = '') {
  const inner = `${indent}  `;
  if (Array.isArray(value)) {
    if (value.length === 0) return '[]';
    if (value.every((item) => item === null || typeof item !== 'object')) {
      const flat = `[${value.map((item) => JSON.stringify(item)).join(', ')}]`;
      if (indent.length + prefix.length + flat.length + trailing.length <= 100) return flat;
    }
    const items = value.map(
      (item, i) =>
        `${inner}${formatJson(item, inner, '', i < value.length - 1 ? ',' : '')}${i < value.length - 1 ? ',' : ''}`,
    );
    return `[\n${items.join('\n')}\n${indent}]`;
  }
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value);
    if (entries.length === 0) return '{}';
    const lines = entries.map(([key, item], i) => {
      const comma = i < entries.length - 1 ? ',' : '';
      const head = `${JSON.stringify(key)}: `;
      return `${inner}${head}${formatJson(item, inner, head, comma)}${comma}`;
    });
    return `{\n${lines.join('\n')}\n${indent}}`;
  }
  return JSON.stringify(value);
}

/**
 * Builds every fixture file in memory: relative path (under fixtures/) to its exact text.
 * Pure and deterministic; nothing is read or written.
 *
 * @example
 * const files = buildFixtures();
 * files.get('manifest.json'); // the manifest text
 */
export function buildFixtures() {
  const files = new Map();
  const scenarios = [];

  for (const scenario of [
    ...responsesScenarios,
    ...chatScenarios,
    ...anthropicScenarios,
    ...geminiScenarios,
    ...streamScenarios,
  ]) {
    const file = `${scenario.name}.har`;
    const entries = scenario.build(scenario.name);
    files.set(file, `${JSON.stringify(har(entries, scenario.description), null, 2)}\n`);
    scenarios.push({
      name: scenario.name,
      file,
      surface: surfaceOf(scenario.name),
      streamed: scenario.stream !== undefined,
      ...(scenario.stream === undefined ? {} : { stream: scenario.stream }),
      description: scenario.description,
      expect: scenario.expect,
    });
  }

  const batchName = 'anthropic-batch/results';
  const batch = batchScenario(batchName);
  const batchDescription =
    'Message Batch results as JSONL (the SDK retrieves the batch first, then its results_url): a line cut by max_tokens inside tool_use, a whole tool_use line, an errored line and an expired line.';
  files.set(
    `${batchName}.har`,
    `${JSON.stringify(har(batch.entries, batchDescription), null, 2)}\n`,
  );
  files.set('anthropic-batch/results.jsonl', batch.jsonl);
  scenarios.push({
    name: batchName,
    file: `${batchName}.har`,
    surface: 'anthropic-batch',
    streamed: false,
    description: batchDescription,
    expect: {
      lines: batch.lines.map(({ line, expect }) => ({ custom_id: line.custom_id, ...expect })),
    },
  });

  files.set('manifest.json', `${formatJson({ version: 1, scenarios })}\n`);
  return files;
}

/** Writes every fixture under `root` (the fixtures folder). */
export function writeFixtures(root) {
  const files = buildFixtures();
  for (const [path, text] of files) {
    const target = join(root, path);
    mkdirSync(dirname(target), { recursive: true });
    writeFileSync(target, text);
  }
  return files;
}

const invokedDirectly =
  process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href;
if (invokedDirectly) {
  const root = fileURLToPath(new URL('../fixtures/', import.meta.url));
  const files = writeFixtures(root);
  console.log(`wrote ${files.size} files to fixtures/`);
}

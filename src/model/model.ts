/**
 * The one model every provider payload is read into. Diagnoses only ever see a {@link Turn};
 * they never look at a provider's own field names.
 */

/** A provider API whose requests and responses cross HTTP. */
export type WireSurfaceId =
  | 'openai-responses'
  | 'openai-chat'
  | 'anthropic-messages'
  | 'gemini'
  | 'bedrock-converse';

/** A protocol whose objects carry tool calls without being a provider's wire body: MCP. */
export type AdapterSurfaceId = 'mcp' | 'ai-sdk' | 'langchain' | 'openai-agents' | 'otel';

/** Where a payload came from: a provider API, or a protocol such as MCP. */
export type Surface = WireSurfaceId | AdapterSurfaceId;

/**
 * What a payload was: a model's answer, a request not yet answered, a batch results line, or
 * a call on its way to a tool (an MCP `tools/call`), with no model output around it.
 */
export type Source = 'response' | 'request' | 'batch-line' | 'tool-call';

/**
 * The arguments of one call, as the provider delivered them.
 * - `json-text`: a JSON string the caller must parse (OpenAI function calls).
 * - `object`: already decoded by the provider (Anthropic `input`, Gemini `args`).
 * - `free-text`: the input of an OpenAI custom tool, which is not JSON.
 * - `missing`: the field is absent, of the wrong type, or the provider rejected the call.
 */
export type CallArguments =
  | { form: 'json-text'; text: string }
  | { form: 'object'; value: unknown }
  | { form: 'free-text'; text: string }
  | { form: 'missing'; reason: string };

/** One tool call the model made in this turn. */
export interface ToolCall {
  /** The tool name, `''` when the payload carried none. */
  name: string;
  /** The id a tool result must answer (`call_id`, `id`), `null` when absent. */
  callId: string | null;
  kind: 'function' | 'custom';
  arguments: CallArguments;
  /** The provider marked this call unfinished (a Responses item with `status: "incomplete"`). */
  unfinished: boolean;
  /**
   * Set where the call is the last thing the output holds, on a surface whose cut calls look
   * whole (Anthropic, Bedrock): a ceiling the stop does not report may have cut it.
   */
  endsOutput?: true;
  /** Where the call sits in the payload, e.g. `output[2]` or `choices[0].message.tool_calls[1]`. */
  at: string;
}

/** One tool the request declared. */
export interface ToolDeclaration {
  name: string;
  kind: 'function' | 'custom';
  /** The parameters as JSON Schema (Gemini's OpenAPI subset already converted); `undefined` when none. */
  schema: unknown;
  /** Whether strict decoding was asked for, after the provider's default is applied. */
  strict: boolean;
  /** Whether the payload stated `strict` itself; when it did not, `strict` is the provider's default. */
  strictStated: boolean;
  /** The provider whose tool shape declared it (a Chat-shaped tool given to a Responses turn says `openai-chat`). */
  shape: Surface;
  /** For custom tools: the input is held to a grammar (`format.type: "grammar"`). */
  grammar: boolean;
  /** Declared in Chat's deprecated `functions` list, which has no strict mode (only `tools` do). */
  legacyFunction?: true;
  at: string;
}

/** Why generation stopped, in one vocabulary for every provider. */
export type StopKind =
  | 'finished'
  | 'stop-sequence'
  | 'in-progress'
  | 'connection-cut'
  | 'ceiling'
  | 'context-window'
  | 'filter'
  | 'refusal'
  | 'paused'
  | 'malformed-call'
  | 'failed'
  | 'other'
  | 'unreported';

export interface Stop {
  kind: StopKind;
  /** The provider's own words, quoted for messages, e.g. `finish_reason "length"`; `null` when unreported. */
  said: string | null;
}

/** A model's turn (or a request's configuration) read from any surface. */
export interface Turn {
  surface: Surface;
  source: Source;
  /** The response or message id, when the payload has one. */
  id: string | null;
  calls: ToolCall[];
  /** The declared tools; `null` when unknown (the payload does not echo them and none were given). */
  tools: ToolDeclaration[] | null;
  /**
   * Whether the request allowed several calls in one turn, as stated; `null` when not stated.
   * Anthropic's `tool_choice.disable_parallel_tool_use: true` reads as `false`.
   */
  parallelToolCalls: boolean | null;
  stop: Stop;
  /** The visible answer text, concatenated. */
  text: string;
  /**
   * Output that is neither text nor a checked call, by type and place: client actions
   * (`shell_call`, `computer_call`, ...), provider tool results, images. It means the turn was
   * not empty, though nothing here judges it.
   */
  otherOutput: string[];
  /** Whether the request asked for JSON text (structured output); `null` when unknown. */
  expectsJson: boolean | null;
  /** The refusal text, when the model refused. */
  refusal: string | null;
  /** Reasoning content appeared in the output (reasoning items, thinking blocks, thought parts). */
  reasoningSeen: boolean;
  /** Output tokens including reasoning, `null` when not reported. */
  outputTokens: number | null;
  reasoningTokens: number | null;
  /** The output-token ceiling, `null` when not known (never 0 for unknown). */
  maxOutputTokens: number | null;
  /** The request field the ceiling was read from, e.g. `max_tokens`, for repairs that name it. */
  maxOutputTokensField: string | null;
  /** For a batch results line: its `custom_id` and `result.type`. */
  batch: { customId: string | null; resultType: string; error: string | null } | null;
  /**
   * The framework whose object the turn was read from, where that is not the turn's surface (an
   * AI SDK step read as its provider's exchange), so a repair can name the framework's setting.
   */
  via?: Surface;
  /**
   * The provider a record names where the turn's surface is the record's and not the provider's
   * (a trace span's `gen_ai.provider.name`, `gen_ai.system` or `ai.model.provider`), as written.
   */
  provider?: string;
  /**
   * The model that answered (or was asked for, when only the request says), as the payload
   * names it; absent when it names none (a Bedrock body, an MCP call).
   */
  model?: string;
  /** Things read and deliberately not used, so nothing is dropped silently. */
  notes: string[];
}

/**
 * Extra facts for payloads that do not carry them (Chat Completions, Anthropic and Gemini
 * responses do not echo their request).
 */
export interface ReadOptions {
  /** Tools in any provider's shape (Responses, Chat, Anthropic, Gemini `functionDeclarations`, Bedrock `toolSpec`). */
  tools?: unknown;
  parallelToolCalls?: boolean;
  maxOutputTokens?: number;
  /** Judge the answer text as JSON (structured output) even when the payload does not say so. */
  expectJson?: boolean;
  /** Which of several choices / candidates to read; 0 by default. */
  choice?: number;
}

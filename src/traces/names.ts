/**
 * The span attribute names the readers look for, as our own constants. The OpenTelemetry GenAI
 * names live only under `@opentelemetry/semantic-conventions/incubating`, which asks users to
 * copy them rather than import it at run time (and weighs 9.7 MB): a test holds these copies to
 * that package's exports. The older indexed names (OpenLLMetry), OpenInference's and the AI
 * SDK's are each convention's own, read from their sources on 2026-12-03:
 * - GenAI: https://opentelemetry.io/docs/specs/semconv/gen-ai/gen-ai-spans/
 * - OpenLLMetry: https://github.com/traceloop/openllmetry-js (packages/ai-semantic-conventions)
 * - OpenInference: https://github.com/Arize-ai/openinference/blob/main/spec/semantic_conventions.md
 * - AI SDK: https://ai-sdk.dev/docs/ai-sdk-core/telemetry
 */

/** The OpenTelemetry GenAI semantic conventions (`gen_ai.*`). */
export const GEN_AI = {
  operationName: 'gen_ai.operation.name',
  providerName: 'gen_ai.provider.name',
  /** Deprecated for `gen_ai.provider.name`, still what most instrumentations write. */
  system: 'gen_ai.system',
  requestModel: 'gen_ai.request.model',
  responseModel: 'gen_ai.response.model',
  requestMaxTokens: 'gen_ai.request.max_tokens',
  responseId: 'gen_ai.response.id',
  responseFinishReasons: 'gen_ai.response.finish_reasons',
  usageOutputTokens: 'gen_ai.usage.output_tokens',
  /** Deprecated for `gen_ai.usage.output_tokens`. */
  usageCompletionTokens: 'gen_ai.usage.completion_tokens',
  inputMessages: 'gen_ai.input.messages',
  outputMessages: 'gen_ai.output.messages',
  systemInstructions: 'gen_ai.system_instructions',
  toolDefinitions: 'gen_ai.tool.definitions',
  toolName: 'gen_ai.tool.name',
  toolCallId: 'gen_ai.tool.call.id',
  toolCallArguments: 'gen_ai.tool.call.arguments',
  /** The prefixes of the older indexed attributes (`gen_ai.prompt.0.role`, `gen_ai.completion.0.tool_calls.1.name`). */
  prompt: 'gen_ai.prompt',
  completion: 'gen_ai.completion',
} as const;

/** `gen_ai.operation.name` values of a span that is one call of a model. */
export const GEN_AI_MODEL_CALL_OPERATIONS: ReadonlySet<string> = new Set([
  'chat',
  'text_completion',
  'generate_content',
]);

/** OpenLLMetry's own names beside the indexed `gen_ai.*` ones. */
export const OPENLLMETRY = {
  /** `llm.request.functions.N.name` / `.description` / `.parameters`. */
  requestFunctions: 'llm.request.functions',
  /** `chat` or `completion` on a model call. */
  requestType: 'llm.request.type',
  /** `workflow`, `task`, `agent`, `tool` on the spans around model calls. */
  spanKind: 'traceloop.span.kind',
} as const;

/** OpenInference (Arize Phoenix and the instrumentations that write for it). */
export const OPENINFERENCE = {
  spanKind: 'openinference.span.kind',
  /** `llm.tools.N.tool.json_schema`: the whole tool as the request sent it, as JSON text. */
  tools: 'llm.tools',
  /** `llm.output_messages.N.message.tool_calls.M.tool_call.function.name`, and so on. */
  outputMessages: 'llm.output_messages',
  finishReason: 'llm.finish_reason',
  tokenCountCompletion: 'llm.token_count.completion',
  invocationParameters: 'llm.invocation_parameters',
  provider: 'llm.provider',
  modelName: 'llm.model_name',
  system: 'llm.system',
  outputValue: 'output.value',
  inputValue: 'input.value',
} as const;

/** The AI SDK's `experimental_telemetry` spans (`ai.*`). */
export const AI_SDK = {
  operationId: 'ai.operationId',
  modelProvider: 'ai.model.provider',
  modelId: 'ai.model.id',
  responseModel: 'ai.response.model',
  promptTools: 'ai.prompt.tools',
  promptMessages: 'ai.prompt.messages',
  responseToolCalls: 'ai.response.toolCalls',
  responseFinishReason: 'ai.response.finishReason',
  responseId: 'ai.response.id',
  responseText: 'ai.response.text',
  usageOutputTokens: 'ai.usage.outputTokens',
  /** AI SDK 4's name for the output tokens. */
  usageCompletionTokens: 'ai.usage.completionTokens',
  maxOutputTokens: 'ai.settings.maxOutputTokens',
  /** AI SDK 4's name for the ceiling. */
  maxTokens: 'ai.settings.maxTokens',
  /** The span of a tool's run (`ai.toolCall.name`, `.id`, `.args` / `.input`). */
  toolCallName: 'ai.toolCall.name',
} as const;

/**
 * The AI SDK operations that are one call of a model: each `generateText` / `streamText` step
 * has one; the `ai.generateText` span around them repeats the last step's calls.
 */
export const AI_SDK_MODEL_CALL_OPERATIONS: ReadonlySet<string> = new Set([
  'ai.generateText.doGenerate',
  'ai.streamText.doStream',
  'ai.generateObject.doGenerate',
  'ai.streamObject.doStream',
]);

/**
 * The AI SDK's language-model specification, as much of it as a faulty model writes, in this
 * package's own words: `ai` and `@ai-sdk/provider` are never imported, not even for types, so
 * the entry loads and type-checks in a project without them. Each shape is a subset of
 * `LanguageModelV3` (ai 6) and `LanguageModelV4` (ai 7): a {@link FaultyLanguageModel} is
 * assignable to both, and so to `generateText({ model })` in either.
 */

/**
 * The specification versions a faulty model can speak: `v3` for ai 6 (ai 7 takes it too), `v4`
 * for ai 7's own.
 *
 * @example
 * ```ts
 * const version: SpecificationVersion = 'v4';
 * ```
 */
export type SpecificationVersion = 'v3' | 'v4';

/**
 * A tool as the AI SDK hands it to a model (`options.tools` of `doGenerate`); only function
 * tools are called.
 *
 * @example
 * ```ts
 * const declared: CallTool = { type: 'function', name: 'lookup_order', inputSchema: { type: 'object' } };
 * ```
 */
export interface CallTool {
  type: string;
  name?: string;
  /** JSON Schema, as the AI SDK converts a zod schema or `jsonSchema()` to it. */
  inputSchema?: unknown;
  strict?: boolean;
}

/**
 * What the AI SDK passes to `doGenerate` and `doStream` that a faulty model reads.
 *
 * @example
 * ```ts
 * const options: FaultyCallOptions = { tools: [declared], maxOutputTokens: 512 };
 * ```
 */
export interface FaultyCallOptions {
  tools?: readonly CallTool[];
  maxOutputTokens?: number;
  prompt?: unknown;
}

/**
 * Why the model stopped: the AI SDK's unified reason and the words it stands for.
 *
 * @example
 * ```ts
 * const refused: FaultyFinishReason = { unified: 'content-filter', raw: 'refusal' };
 * ```
 */
export interface FaultyFinishReason {
  unified: 'stop' | 'length' | 'content-filter' | 'tool-calls';
  raw: string | undefined;
}

/**
 * Token counts in the AI SDK's usage shape; input tokens are estimated from the prompt.
 *
 * @example
 * ```ts
 * usage.outputTokens.reasoning === usage.outputTokens.total; // ceiling-spent-on-reasoning
 * ```
 */
export interface FaultyUsage {
  inputTokens: {
    total: number | undefined;
    noCache: number | undefined;
    cacheRead: number | undefined;
    cacheWrite: number | undefined;
  };
  outputTokens: {
    total: number | undefined;
    text: number | undefined;
    reasoning: number | undefined;
  };
}

/**
 * A content part a faulty model writes: text, reasoning, or a call with its input as JSON text.
 *
 * @example
 * ```ts
 * const cut: FaultyContent = { type: 'tool-call', toolCallId: 'call_1', toolName: 'lookup_order', input: '{"order_id":"A-' };
 * ```
 */
export type FaultyContent =
  | { type: 'text'; text: string }
  | { type: 'reasoning'; text: string }
  | { type: 'tool-call'; toolCallId: string; toolName: string; input: string };

/**
 * The answer's id and model, as response metadata.
 *
 * @example
 * ```ts
 * const metadata: FaultyResponseMetadata = { id: 'chatcmpl-AbC', modelId: 'faulty-model' };
 * ```
 */
export interface FaultyResponseMetadata {
  id: string;
  modelId: string;
}

/**
 * The answer of `doGenerate`.
 *
 * @example
 * ```ts
 * const { content, finishReason } = await model.doGenerate(options);
 * ```
 */
export interface FaultyGenerateResult {
  content: FaultyContent[];
  finishReason: FaultyFinishReason;
  usage: FaultyUsage;
  warnings: never[];
  response: FaultyResponseMetadata;
}

/**
 * A part of the stream `doStream` returns. A cut stream ends after a `tool-input-delta`, with
 * no `tool-input-end`, `tool-call` or `finish`.
 *
 * @example
 * ```ts
 * const part: FaultyStreamPart = { type: 'tool-input-delta', id: 'call_1', delta: '{"order_id":' };
 * ```
 */
export type FaultyStreamPart =
  | { type: 'stream-start'; warnings: never[] }
  | ({ type: 'response-metadata' } & FaultyResponseMetadata)
  | { type: 'text-start' | 'text-end' | 'reasoning-start' | 'reasoning-end'; id: string }
  | { type: 'text-delta' | 'reasoning-delta'; id: string; delta: string }
  | { type: 'tool-input-start'; id: string; toolName: string }
  | { type: 'tool-input-delta'; id: string; delta: string }
  | { type: 'tool-input-end'; id: string }
  | { type: 'tool-call'; toolCallId: string; toolName: string; input: string }
  | { type: 'finish'; finishReason: FaultyFinishReason; usage: FaultyUsage };

/**
 * A language model of the AI SDK's specification (`v3` by default, `v4` when asked) whose
 * every answer carries a fault: usable wherever `MockLanguageModelV3` (or ai 7's
 * `MockLanguageModelV4`) is.
 *
 * @example
 * ```ts
 * const model: FaultyLanguageModel = faultyLanguageModel({ fault: 'arguments-truncated' });
 * await generateText({ model, tools, prompt: 'Where is order A-1001?' });
 * ```
 */
export interface FaultyLanguageModel<V extends SpecificationVersion = 'v3'> {
  readonly specificationVersion: V;
  /** `tool-call-health`: no provider, so diagnoses read its steps as the `ai-sdk` surface. */
  readonly provider: string;
  readonly modelId: string;
  readonly supportedUrls: Record<string, RegExp[]>;
  doGenerate(options: FaultyCallOptions): PromiseLike<FaultyGenerateResult>;
  doStream(options: FaultyCallOptions): PromiseLike<{ stream: ReadableStream<FaultyStreamPart> }>;
}
